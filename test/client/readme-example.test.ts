// The README's typed-client example (section "Typed client"), run against the Worker so it both
// typechecks (tsc) and works. Keep the body of `readmeExample` and the README block the same.
import { expect, it } from "vitest";
import type { InvoicingClient } from "../../client/src";
import { createOrg } from "../helpers/api";
import { client } from "../helpers/client";

async function readmeExample(api: InvoicingClient) {
  const { data: customer, error } = await api.POST("/v1/customers", {
    body: {
      name: "Globex",
      email: "billing@globex.example",
      address: { line1: "1 Main Street", city: "Berlin", postal_code: "10115", country: "DE" },
    },
  });
  if (error) throw new Error(`${error.error.code}: ${error.error.message}`);

  const created = await api.POST("/v1/invoices", {
    body: {
      customer_id: customer.id,
      items: [{ description: "Consulting", quantity: 3, unit_price: 150 }],
      due_date: "2030-01-31",
    },
  });
  if (created.error) throw new Error(created.error.error.message);

  const sent = await api.POST("/v1/invoices/{id}/send", { params: { path: { id: created.data.id } } });
  return sent.data; // { number: "INV-000001", status: "sent", total: 450, ... }
}

it("runs the README's client example: creates a customer and an invoice, and sends it", async () => {
  const org = await createOrg({ currency: "EUR" });
  const sent = await readmeExample(client(org.owner.key));
  expect(sent).toMatchObject({ number: "INV-000001", status: "sent", total: 450, currency: "EUR" });
});

// Bills by e-mail through the local Email Routing of workerd (Miniflare): a raw MIME message posted
// to the shared Worker's `/cdn-cgi/local/email?from=&to=` (`wrangler dev` also answers it at its
// older name, `/cdn-cgi/handler/email`) reaches its `email` handler as Email Routing would hand it
// over. The done-when of receiving: an e-mail with a Factur-X attachment shows up as a
// bill whose PDF and original download; a refused message answers 400 with the handler's reason.
import { beforeAll, describe, expect, it } from "vitest";
import { mimeMessage } from "../helpers/mime";
import { createOrganization, sharedWorker } from "./shared-worker";

let base: string;

beforeAll(async () => {
  base = await sharedWorker();
}, 180_000);

const request = async (key: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res;
};

/** A Factur-X PDF as a supplier on the shared Worker issues it. */
async function supplierFacturx(): Promise<Uint8Array> {
  const { key } = await createOrganization({ default_currency: "EUR" });
  const json = async (method: string, path: string, body?: unknown) =>
    (await request(key, method, path, body)).json() as Promise<Record<string, any>>;
  await json("PATCH", "/v1/organization", {
    legal_name: "Lieferant GmbH",
    address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
    vat_id: "DE123456789",
    email: "billing@lieferant.example",
    iban: "DE89370400440532013000",
  });
  const rate = await json("POST", "/v1/tax-rates", { display_name: "USt 19", percentage: 19 });
  const customer = await json("POST", "/v1/customers", {
    name: "Käufer AG",
    email: "ap@kaeufer.example",
    address: { line1: "Marktplatz 1", city: "Köln", postal_code: "50667", country: "DE" },
    vat_id: "DE987654321",
  });
  const invoice = await json("POST", "/v1/invoices", {
    customer_id: customer.id,
    items: [{ description: "Wartung", quantity: 2, unit_price: 150, tax_rate_id: rate.id }],
  });
  await json("POST", `/v1/invoices/${invoice.id}/send`);
  return new Uint8Array(
    await (await request(key, "GET", `/v1/invoices/${invoice.id}/pdf?format=facturx`)).arrayBuffer(),
  );
}

const email = (to: string, raw: string) =>
  fetch(`${base}/cdn-cgi/local/email?${new URLSearchParams({ from: "ap@lieferant.example", to })}`, {
    method: "POST",
    body: raw,
  });

describe("POST /cdn-cgi/local/email (the local Email Routing)", () => {
  it("turns a Factur-X attachment into a bill whose PDF and original download", async () => {
    const facturx = await supplierFacturx();
    const { key } = await createOrganization({ default_currency: "EUR" });
    const org = (await (await request(key, "GET", "/v1/organization")).json()) as { inbound_email: string };
    expect(org.inbound_email).toMatch(/^bills\+[0-9a-z]{24}@bills\.example\.test$/);

    const res = await email(
      org.inbound_email,
      mimeMessage([{ filename: "rechnung.pdf", type: "application/pdf", bytes: facturx }], {
        to: org.inbound_email,
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);

    const bills = (await (await request(key, "GET", "/v1/bills")).json()) as { data: Record<string, any>[] };
    expect(bills.data).toHaveLength(1);
    const [bill] = bills.data;
    expect(bill).toMatchObject({
      source: "email",
      total: 357,
      original: { syntax: "cii", container: "pdf", filename: "rechnung.pdf", size: facturx.byteLength },
    });
    for (const path of ["original", "pdf"]) {
      const download = await request(key, "GET", `/v1/bills/${bill?.id}/${path}`);
      expect(download.headers.get("Content-Type")).toBe("application/pdf");
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(facturx);
    }
  });

  it("answers 400 with the reason for an unknown address and for a message without an e-invoice", async () => {
    const unknown = "bills+000000000000000000000000@bills.example.test";
    const refused = await email(
      unknown,
      mimeMessage([{ filename: "r.xml", type: "application/xml", bytes: new TextEncoder().encode("<x/>") }], {
        to: unknown,
      }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Unknown recipient: this address receives no bills");

    const { key } = await createOrganization();
    const org = (await (await request(key, "GET", "/v1/organization")).json()) as { inbound_email: string };
    const empty = await email(org.inbound_email, mimeMessage([], { to: org.inbound_email }));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("No e-invoice attached");
  });
});

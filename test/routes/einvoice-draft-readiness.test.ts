// A draft's `einvoice` is the readiness of the e-invoice its send would issue (dated today, its
// number the one send assigns, the organization and customer as they are now): ready exactly when
// nothing is missing, on every answer of it, and the same answer once it is sent unchanged.
import { describe, expect, it } from "vitest";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
import { draft, get, send, standardRate } from "./billing/helpers";

/** A French buyer reached by its SIRET (EAS 0009), with a buyer reference: Peppol, CII and XRechnung alike. */
const FRENCH_BUYER = {
  name: "Société Générale d'Outillage SARL",
  email: "compta@sgo.example",
  address: { line1: "1 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
  vat_id: "FR40303265045",
  buyer_reference: "SGO-2026",
  electronic_address: { scheme: "0009", id: "30326504500017" },
};

const READY = {
  ready: true,
  missing: [],
  syntaxes: { ubl: { ready: true, missing: [] }, cii: { ready: true, missing: [] } },
};

/** A German seller (SELLER, numbering at send) and a draft at 19 % for a customer made of `buyer`. */
async function germanDraft(buyer: Record<string, unknown>) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: { ...SELLER, invoice_numbering: "on_send" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, buyer);
  const created = await draft(org, {
    customer_id: customer.id,
    items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
  });
  return { org, created };
}

/** The draft's `einvoice` on each answer that shows it: GET, the list row, and a PATCH of its notes. */
async function answers(org: TestOrg, id: string) {
  const read = await get(org, `/v1/invoices/${id}`);
  const list = await get(org, "/v1/invoices");
  const row = (list.body.data as { id: string; einvoice: unknown }[]).find((invoice) => invoice.id === id);
  const patched = await api("PATCH", `/v1/invoices/${id}`, {
    token: org.owner.key,
    body: { notes: "Vielen Dank." },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return [read.body.einvoice, row?.einvoice, patched.body.einvoice];
}

describe("a draft's einvoice readiness", () => {
  it("answers ready with nothing missing before send when send would issue a ready e-invoice, and the same after", async () => {
    const { org, created } = await germanDraft(FRENCH_BUYER);
    expect(created.number).toBeNull();
    expect(created.einvoice).toEqual(READY);
    for (const answer of await answers(org, created.id)) expect(answer).toEqual(READY);

    const sent = await send(org, created.id);
    expect(sent.number).toBe("INV-000001");
    expect(sent.einvoice).toEqual(READY);
    expect((await get(org, `/v1/invoices/${created.id}`)).body.einvoice).toEqual(READY);
    const ubl = await get(org, `/v1/invoices/${created.id}/einvoice`);
    expect(ubl.status, String(ubl.body)).toBe(200);
    const cii = await get(org, `/v1/invoices/${created.id}/einvoice?syntax=cii`);
    expect(cii.status, String(cii.body)).toBe(200);
  });

  it("answers not ready, naming it, while the draft lacks something (a buyer with neither endpoint nor reference)", async () => {
    const { org, created } = await germanDraft({
      ...FRENCH_BUYER,
      electronic_address: undefined,
      buyer_reference: undefined,
    });
    // Peppol asks both (PEPPOL-EN16931-R010, R003); EN 16931 alone, the CII's rules, neither.
    const lacking = {
      ready: false,
      missing: ["customer.electronic_address", "buyer_reference"],
      syntaxes: {
        ubl: { ready: false, missing: ["customer.electronic_address", "buyer_reference"] },
        cii: { ready: true, missing: [] },
      },
    };
    expect(created.einvoice).toEqual(lacking);
    for (const answer of await answers(org, created.id)) expect(answer).toEqual(lacking);
    const sent = await send(org, created.id);
    expect(sent.number).not.toBeNull();
    expect(sent.einvoice).toEqual(lacking);
  });
});

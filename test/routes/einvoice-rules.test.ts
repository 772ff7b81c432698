// Readiness that the official rules agree with (issue 22, defect 3): an invoice is
// `einvoice.ready` only when its UBL (Peppol BIS 3.0) and CII can pass their rules. Four cases
// that used to say ready and then failed: an e-mail-only buyer or seller (PEPPOL-EN16931-R010/
// R020), the scheme EM (not in Peppol's EAS list, CL008), notes holding #...# (BR-CL-08) and
// rates below 0.5% (BR-CO-17). The documents themselves are validated in
// test/node/einvoice-validation.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { address, createCustomer } from "../helpers/factories";
import { createTaxRate, draft, send, standardRate } from "./billing/helpers";

const SELLER = {
  legal_name: "Acme GmbH",
  address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
  vat_id: "DE123456789",
  email: "billing@acme.example",
  phone: "+49 30 1234567",
  iban: "DE89370400440532013000",
  electronic_address: { scheme: "9930", id: "DE123456789" },
};
const ENDPOINT = { scheme: "0060", id: "123456789" };

async function sellerOrg(profile: Record<string, unknown> = SELLER) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: profile });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return org;
}

async function sentWith(
  org: TestOrg,
  customer: Record<string, unknown>,
  invoice: Record<string, unknown> = {},
) {
  const rate = await standardRate(org, 19);
  const { id } = await createCustomer(org, { buyer_reference: "REF-1", ...customer });
  const created = await draft(org, {
    customer_id: id,
    items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    ...invoice,
  });
  return send(org, created.id);
}

const einvoice = (org: TestOrg, id: string, syntax = "ubl") =>
  api("GET", `/v1/invoices/${id}/einvoice?syntax=${syntax}`, { token: org.owner.key });

/** The 422 of both syntaxes names exactly `fields`, as the invoice's readiness does. */
async function expectRefused(org: TestOrg, invoice: Record<string, any>, fields: string[]) {
  expect(invoice.einvoice).toEqual({ ready: false, missing: fields });
  for (const syntax of ["ubl", "cii"]) {
    const details =
      expectError(await einvoice(org, invoice.id, syntax), 422, "validation_error").details ?? {};
    expect(Object.keys(details)).toEqual(fields);
  }
  const pdf = await api("GET", `/v1/invoices/${invoice.id}/pdf?format=facturx`, { token: org.owner.key });
  expect(Object.keys(expectError(pdf, 422, "validation_error").details ?? {})).toEqual(fields);
}

describe("e-invoice readiness holds to the rules the documents declare", () => {
  it("is not ready for an e-mail-only buyer or seller: Peppol needs an EndpointID", async () => {
    const org = await sellerOrg();
    const buyerless = await sentWith(org, { email: "ap@globex.example" });
    await expectRefused(org, buyerless, ["customer.electronic_address"]);
    expect(buyerless.einvoice.missing).toEqual(["customer.electronic_address"]);

    const { electronic_address: _, ...withoutEndpoint } = SELLER;
    const mailOnly = await sellerOrg(withoutEndpoint);
    const sellerless = await sentWith(mailOnly, { electronic_address: ENDPOINT });
    await expectRefused(mailOnly, sellerless, ["organization.electronic_address"]);

    const ready = await sentWith(org, { electronic_address: ENDPOINT });
    expect(ready.einvoice).toEqual({ ready: true, missing: [] });
  });

  it("refuses the scheme EM (422 on the field) and names one stored before on readiness", async () => {
    const org = await sellerOrg();
    const customer = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: {
        name: "Globex",
        email: "ap@globex.example",
        address,
        electronic_address: { scheme: "EM", id: "ap@globex.example" },
      },
    });
    expect(Object.keys(expectError(customer, 422, "validation_error").details ?? {})).toEqual([
      "electronic_address.scheme",
    ]);
    for (const scheme of ["em", "9901", "AN"]) {
      const profile = await api("PATCH", "/v1/organization", {
        token: org.owner.key,
        body: { electronic_address: { scheme, id: "billing@acme.example" } },
      });
      expect(Object.keys(expectError(profile, 422, "validation_error").details ?? {})).toEqual([
        "electronic_address.scheme",
      ]);
    }
    // An address stored when EM was still taken: the invoice says what to fix.
    const { id } = await createCustomer(org, { buyer_reference: "REF-1", electronic_address: ENDPOINT });
    await env.DB.prepare(
      "UPDATE customers SET electronic_address_scheme = 'EM', electronic_address_id = 'ap@globex.example' WHERE id = ?",
    )
      .bind(id)
      .run();
    const rate = await standardRate(org, 19);
    const created = await draft(org, {
      customer_id: id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    });
    const sent = await send(org, created.id);
    await expectRefused(org, sent, ["customer.electronic_address"]);
  });

  it("writes a note holding #...# with subject code AAI, so no part of it reads as a subject code", async () => {
    const org = await sellerOrg();
    const invoice = await sentWith(org, { electronic_address: ENDPOINT }, { notes: "Order #XYZ# shipped" });
    expect(invoice.einvoice).toEqual({ ready: true, missing: [] });
    expect(invoice.notes).toBe("Order #XYZ# shipped");
    const ubl = await einvoice(org, invoice.id);
    expect(ubl.body).toContain("<cbc:Note>#AAI#Order #XYZ# shipped</cbc:Note>");
    const cii = await einvoice(org, invoice.id, "cii");
    expect(cii.body).toMatch(
      /<ram:IncludedNote>\s*<ram:Content>Order #XYZ# shipped<\/ram:Content>\s*<ram:SubjectCode>AAI<\/ram:SubjectCode>/,
    );
    const plain = await sentWith(org, { electronic_address: ENDPOINT }, { notes: "Thank you" });
    expect((await einvoice(org, plain.id)).body).toContain("<cbc:Note>Thank you</cbc:Note>");
  });

  it("is not ready for a rate below 0.5% whose VAT reaches 0.50 (BR-CO-17), and is for smaller VAT", async () => {
    const org = await sellerOrg();
    const rate = await createTaxRate(org, { percentage: 0.25, category: "S" });
    const { id } = await createCustomer(org, { buyer_reference: "REF-1", electronic_address: ENDPOINT });
    const standard = await standardRate(org, 19);
    const large = await send(
      org,
      (
        await draft(org, {
          customer_id: id,
          items: [
            { description: "Standard", quantity: 1, unit_price: 10, tax_rate_id: standard.id },
            { description: "Low rate", quantity: 1, unit_price: 1000, tax_rate_id: rate.id },
          ],
        })
      ).id,
    );
    await expectRefused(org, large, ["items.1.tax_rate_id"]);
    const details = expectError(await einvoice(org, large.id), 422, "validation_error").details ?? {};
    expect(details["items.1.tax_rate_id"]).toContain("BR-CO-17");
    const small = await send(
      org,
      (
        await draft(org, {
          customer_id: id,
          items: [{ description: "x", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
        })
      ).id,
    );
    expect(small.einvoice).toEqual({ ready: true, missing: [] });
    expect((await einvoice(org, small.id)).body).toContain(
      '<cbc:TaxAmount currencyID="EUR">0.25</cbc:TaxAmount>',
    );
  });
});

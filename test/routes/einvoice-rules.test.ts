// Readiness that the official rules agree with: each syntax is ready only
// when its document passes the rules it declares. The UBL declares Peppol BIS 3.0: both parties
// need an EndpointID (PEPPOL-EN16931-R010/R020) with a scheme of Peppol's EAS list (CL008, no EM).
// The CII (and the Factur-X embedding it) declares EN 16931 alone: the address is optional, and
// EM is a CEF EAS code. `einvoice.ready` means both; `einvoice.syntaxes` tells them apart. Notes
// holding #...# (BR-CL-08) and rates below 0.5% (BR-CO-17) hold for both. The documents
// themselves are validated in test/node/einvoice-validation.test.ts.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { address, createCustomer, SELLER } from "../helpers/factories";
import { createTaxRate, draft, post, send, standardRate } from "./billing/helpers";

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

const BOTH_READY = {
  ready: true,
  missing: [],
  syntaxes: { ubl: { ready: true, missing: [] }, cii: { ready: true, missing: [] } },
};

const facturx = (org: TestOrg, id: string) =>
  api("GET", `/v1/invoices/${id}/pdf?format=facturx`, { token: org.owner.key });

/** The 422 of both syntaxes names exactly `fields`, as the invoice's readiness does. */
async function expectRefused(org: TestOrg, invoice: Record<string, any>, fields: string[]) {
  expect(invoice.einvoice).toEqual({
    ready: false,
    missing: fields,
    syntaxes: { ubl: { ready: false, missing: fields }, cii: { ready: false, missing: fields } },
  });
  for (const syntax of ["ubl", "cii"]) {
    const details =
      expectError(await einvoice(org, invoice.id, syntax), 422, "validation_error").details ?? {};
    expect(Object.keys(details)).toEqual(fields);
  }
  expect(
    Object.keys(expectError(await facturx(org, invoice.id), 422, "validation_error").details ?? {}),
  ).toEqual(fields);
}

/** Only the UBL (Peppol) lacks `fields`: it answers 422 naming them, the CII and Factur-X 200. */
async function expectOnlyUblRefused(org: TestOrg, invoice: Record<string, any>, fields: string[]) {
  expect(invoice.einvoice).toEqual({
    ready: false,
    missing: fields,
    syntaxes: { ubl: { ready: false, missing: fields }, cii: { ready: true, missing: [] } },
  });
  const ubl = expectError(await einvoice(org, invoice.id, "ubl"), 422, "validation_error");
  expect(Object.keys(ubl.details ?? {})).toEqual(fields);
  const cii = await einvoice(org, invoice.id, "cii");
  expect(cii.status, JSON.stringify(cii.body)).toBe(200);
  expect(cii.body).toContain("<rsm:CrossIndustryInvoice");
  const pdf = await facturx(org, invoice.id);
  expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
  expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  return cii.body as string;
}

describe("e-invoice readiness holds to the rules the documents declare", () => {
  it("an e-mail-only buyer or seller: the UBL is not ready (Peppol needs an EndpointID), the CII is", async () => {
    const org = await sellerOrg();
    const buyerless = await sentWith(org, { email: "ap@globex.example" });
    await expectOnlyUblRefused(org, buyerless, ["customer.electronic_address"]);
    const details = expectError(await einvoice(org, buyerless.id), 422, "validation_error").details ?? {};
    expect(details["customer.electronic_address"]).toContain("PEPPOL-EN16931-R010");

    const { electronic_address: _, ...withoutEndpoint } = SELLER;
    const mailOnly = await sellerOrg(withoutEndpoint);
    const sellerless = await sentWith(mailOnly, { electronic_address: ENDPOINT });
    await expectOnlyUblRefused(mailOnly, sellerless, ["organization.electronic_address"]);

    const ready = await sentWith(org, { electronic_address: ENDPOINT });
    expect(ready.einvoice).toEqual(BOTH_READY);

    // A buyer reference or purchase order is Peppol's rule (PEPPOL-EN16931-R003), not EN 16931's:
    // the CII without one validates.
    const unreferenced = await sentWith(org, { buyer_reference: null, electronic_address: ENDPOINT });
    await expectOnlyUblRefused(org, unreferenced, ["buyer_reference"]);
  });

  it("accepts every EAS scheme it accepted before (EM, 9901, AN, ...): the UBL names the scheme, the CII takes it", async () => {
    const org = await sellerOrg();
    const customer = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: {
        name: "Globex",
        email: "ap@globex.example",
        address,
        buyer_reference: "REF-1",
        electronic_address: { scheme: "em", id: "ap@globex.example" },
      },
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    expect(customer.body.electronic_address).toEqual({ scheme: "EM", id: "ap@globex.example" });
    for (const scheme of ["EM", "9901", "AN", "AQ", "AS", "AU", "0088", "0242", "0244"]) {
      const profile = await api("PATCH", "/v1/organization", {
        token: org.owner.key,
        body: { electronic_address: { scheme, id: "billing@acme.example" } },
      });
      expect(profile.status, `${scheme}: ${JSON.stringify(profile.body)}`).toBe(200);
    }
    // A code in no EAS list is still refused on the field.
    const unknown = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { electronic_address: { scheme: "XX", id: "1" } },
    });
    expect(Object.keys(expectError(unknown, 422, "validation_error").details ?? {})).toEqual([
      "electronic_address.scheme",
    ]);
    const restored = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { electronic_address: SELLER.electronic_address },
    });
    expect(restored.status).toBe(200);

    const rate = await standardRate(org, 19);
    const created = await draft(org, {
      customer_id: customer.body.id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    });
    const sent = await send(org, created.id);
    const cii = await expectOnlyUblRefused(org, sent, ["customer.electronic_address.scheme"]);
    expect(cii).toContain('<ram:URIID schemeID="EM">ap@globex.example</ram:URIID>');
    const details = expectError(await einvoice(org, sent.id), 422, "validation_error").details ?? {};
    expect(details["customer.electronic_address.scheme"]).toContain("PEPPOL-EN16931-CL008");

    // The withdrawn 9901, stored or sent, is in no current list: neither syntax may carry it.
    const { id } = await createCustomer(org, {
      buyer_reference: "REF-1",
      electronic_address: { scheme: "9901", id: "12345678" },
    });
    const withdrawn = await send(
      org,
      (
        await draft(org, {
          customer_id: id,
          items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
        })
      ).id,
    );
    await expectRefused(org, withdrawn, ["customer.electronic_address.scheme"]);
  });

  it("writes a note holding #...# with subject code AAI, so no part of it reads as a subject code", async () => {
    const org = await sellerOrg();
    const invoice = await sentWith(org, { electronic_address: ENDPOINT }, { notes: "Order #XYZ# shipped" });
    expect(invoice.einvoice).toEqual(BOTH_READY);
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
    expect(small.einvoice).toEqual(BOTH_READY);
    expect((await einvoice(org, small.id)).body).toContain(
      '<cbc:TaxAmount currencyID="EUR">0.25</cbc:TaxAmount>',
    );
  });
});

// Found by test/node/einvoice-readiness-property.test.ts: readiness said otherwise
// than the official rules. Each case is the API's answer for one such document.
describe("readiness is what the rules say of the document", () => {
  const FRENCH = { line1: "1 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" };

  async function sentAt(
    org: TestOrg,
    rate: { id: string },
    customer: Record<string, unknown>,
    invoice: Record<string, unknown> = {},
  ) {
    const { id } = await createCustomer(org, {
      buyer_reference: "REF-1",
      electronic_address: ENDPOINT,
      ...customer,
    });
    const created = await draft(org, {
      customer_id: id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
      ...invoice,
    });
    return send(org, created.id);
  }

  it("asks no city of a seller outside Germany, the Netherlands and Italy: no rule does", async () => {
    const org = await sellerOrg({
      ...SELLER,
      address: { line1: "Hauptstraße 5", city: null, postal_code: "80331", country: "DE" },
    });
    const rate = await standardRate(org, 19);
    expect((await sentAt(org, rate, { address: FRENCH })).einvoice).toEqual(BOTH_READY);
  });

  it("holds two German parties to Peppol's German rules: a buyer reference, not a purchase order (DE-R-015)", async () => {
    const org = await sellerOrg();
    const rate = await standardRate(org, 19);
    const { id } = await createCustomer(org, { electronic_address: ENDPOINT });
    const created = await draft(org, {
      customer_id: id,
      purchase_order: "PO-4711",
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    });
    await expectOnlyUblRefused(org, await send(org, created.id), ["buyer_reference"]);
  });

  it("asks a company id of the seller of a category O document, which states no VAT id (BR-O-02, BR-CO-26)", async () => {
    const org = await sellerOrg();
    const outside = await createTaxRate(org, {
      percentage: 0,
      category: "O",
      exemption_reason: "Outside the scope of VAT",
    });
    const sent = await sentAt(org, outside, { address: FRENCH });
    await expectRefused(org, sent, ["organization.company_id"]);

    const registered = await sellerOrg({ ...SELLER, company_id: "HRB 12345" });
    const rate = await createTaxRate(registered, {
      percentage: 0,
      category: "O",
      exemption_reason: "Outside the scope of VAT",
    });
    expect((await sentAt(registered, rate, { address: FRENCH })).einvoice).toEqual(BOTH_READY);
  });

  it("names an endpoint identifier Peppol refuses (a GLN with a wrong check digit) on the UBL only", async () => {
    const org = await sellerOrg();
    const rate = await standardRate(org, 19);
    const sent = await sentAt(org, rate, { electronic_address: { scheme: "0088", id: "4000001123453" } });
    await expectOnlyUblRefused(org, sent, ["customer.electronic_address.id"]);
    const details = expectError(await einvoice(org, sent.id), 422, "validation_error").details ?? {};
    expect(details["customer.electronic_address.id"]).toContain("PEPPOL-COMMON-R040");
    const valid = await sentAt(org, rate, { electronic_address: { scheme: "0088", id: "4000001123452" } });
    expect(valid.einvoice).toEqual(BOTH_READY);
  });

  it("names a rate whose exemption code the rules refuse: outside the VATEX list (BR-CL-22), or bound by Peppol to another category", async () => {
    const org = await sellerOrg();
    const unknown = await createTaxRate(org, {
      percentage: 0,
      category: "E",
      exemption_reason_code: "VATEX-EU-999",
    });
    await expectRefused(org, await sentAt(org, unknown, {}), ["items.0.tax_rate_id"]);
    const exportCode = await createTaxRate(org, {
      percentage: 0,
      category: "K",
      exemption_reason_code: "VATEX-EU-G",
    });
    const intra = await sentAt(
      org,
      exportCode,
      { address: FRENCH, vat_id: "FR40303265045" },
      {
        delivery_date: "2026-10-01",
      },
    );
    await expectOnlyUblRefused(org, intra, ["items.0.tax_rate_id"]);
    const details = expectError(await einvoice(org, intra.id), 422, "validation_error").details ?? {};
    expect(details["items.0.tax_rate_id"]).toContain("PEPPOL-EN16931-P0104");
  });

  it("states no payment means on a credit note between two Dutch parties (NL-R-008 refuses code 1)", async () => {
    const dutch = { line1: "Damrak 1", city: "Amsterdam", postal_code: "1012 LG", country: "NL" };
    const org = await sellerOrg({
      ...SELLER,
      address: dutch,
      vat_id: "NL123456789B01",
      iban: "NL91ABNA0417164300",
    });
    const rate = await standardRate(org, 21);
    const sent = await sentAt(org, rate, { address: { ...dutch, line1: "Kalverstraat 2" } });
    expect(sent.einvoice).toEqual(BOTH_READY);
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: sent.id,
      reason: "Returned",
      lines: [{ invoice_item_id: sent.items[0].id, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const ubl = await api("GET", `/v1/credit-notes/${note.body.id}/einvoice?syntax=ubl`, {
      token: org.owner.key,
    });
    expect(ubl.status, JSON.stringify(ubl.body)).toBe(200);
    expect(ubl.body).toContain("<CreditNote");
    expect(ubl.body).not.toContain("<cac:PaymentMeans>");

    // Elsewhere the note keeps payment means "not defined" (1): the credit is not paid to the seller.
    const german = await sellerOrg();
    const other = await sentAt(german, await standardRate(german, 19), {});
    const credited = await post(german, "/v1/credit-notes", {
      invoice_id: other.id,
      reason: "Returned",
      lines: [{ invoice_item_id: other.items[0].id, quantity: 1 }],
    });
    const germanUbl = await api("GET", `/v1/credit-notes/${credited.body.id}/einvoice?syntax=ubl`, {
      token: german.owner.key,
    });
    expect(germanUbl.body).toContain("<cbc:PaymentMeansCode>1</cbc:PaymentMeansCode>");
  });

  it("names on a draft what send refuses and what its e-invoice would lack, before send answers 422", async () => {
    const org = await sellerOrg({ ...SELLER, vat_id: null });
    const rate = await standardRate(org, 19);
    const customer = await createCustomer(org, { buyer_reference: "REF-1", electronic_address: ENDPOINT });
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    });
    // The customer becomes reverse charge after the draft was priced: send refuses the S line.
    const patched = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { tax_exempt: "reverse" },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const read = await api("GET", `/v1/invoices/${created.id}`, { token: org.owner.key });
    const listed = await api("GET", "/v1/invoices?limit=100", { token: org.owner.key });
    const refused = expectError(
      await api("POST", `/v1/invoices/${created.id}/send`, { token: org.owner.key }),
      422,
      "validation_error",
    );
    const missing = read.body.einvoice.missing as string[];
    expect(missing).toEqual(["items.0.tax_rate_id", "organization.vat_id"]);
    for (const field of Object.keys(refused.details ?? {})) expect(missing).toContain(field);
    expect(listed.body.data.find((i: { id: string }) => i.id === created.id).einvoice).toEqual(
      read.body.einvoice,
    );
  });
});

// GET /v1/invoices/{id}/einvoice and /v1/credit-notes/{id}/einvoice: status rules, headers,
// tenancy, readiness, determinism. (The XML itself is checked against the official EN 16931
// rules in test/node/einvoice-validation.test.ts.)
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, createProduct, SELLER } from "../helpers/factories";
import { createTaxRate, draft, get, post, send, standardRate } from "./billing/helpers";

async function readyOrg(profile: Record<string, unknown> = SELLER) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: profile });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, {
    buyer_reference: "REF-1",
    electronic_address: { scheme: "0060", id: "123456789" },
  });
  return { org, rate, customer };
}

const einvoice = (org: TestOrg, path: string) => api("GET", `${path}/einvoice`, { token: org.owner.key });

describe("GET /v1/invoices/{id}/einvoice", () => {
  it("answers UBL by default and CII on request, as an attachment, the same bytes every time", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
    });
    const sent = await send(org, created.id);
    expect(sent.einvoice).toEqual({
      ready: true,
      missing: [],
      syntaxes: { ubl: { ready: true, missing: [] }, cii: { ready: true, missing: [] } },
    });

    const ubl = await einvoice(org, `/v1/invoices/${created.id}`);
    expect(ubl.status).toBe(200);
    expect(ubl.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(ubl.headers.get("Content-Disposition")).toBe(
      `attachment; filename="INV-000001.xml"; filename*=UTF-8''INV-000001.xml`,
    );
    expect(ubl.body).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(ubl.body).toContain(
      "<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>",
    );
    expect(ubl.body).toContain('<cbc:PayableAmount currencyID="EUR">238.00</cbc:PayableAmount>');
    expect(ubl.body).toContain("<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>");
    expect((await einvoice(org, `/v1/invoices/${created.id}`)).body).toBe(ubl.body);

    const cii = await api("GET", `/v1/invoices/${created.id}/einvoice?syntax=cii`, { token: org.owner.key });
    expect(cii.status).toBe(200);
    expect(cii.body).toContain("<rsm:CrossIndustryInvoice");
    expect(cii.body).toContain("<ram:ID>urn:cen.eu:en16931:2017</ram:ID>");
    expect(cii.body).toContain("<ram:TypeCode>380</ram:TypeCode>");
    expect(cii.body).toContain("<ram:DuePayableAmount>238.00</ram:DuePayableAmount>");
    const again = await api("GET", `/v1/invoices/${created.id}/einvoice?syntax=cii`, {
      token: org.owner.key,
    });
    expect(again.body).toBe(cii.body);

    const bad = await api("GET", `/v1/invoices/${created.id}/einvoice?syntax=pdf`, { token: org.owner.key });
    expectError(bad, 400, "invalid_request");
  });

  it("refuses a draft with 409 invoice_not_issued, though the draft is ready to be issued as one", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "x", quantity: 1, unit_price: 1, tax_rate_id: rate.id }],
    });
    const res = await einvoice(org, `/v1/invoices/${created.id}`);
    expect(expectError(res, 409, "conflict").details).toEqual({ reason: "invoice_not_issued" });
    // Its readiness is its send's: nothing missing, so ready (test/routes/einvoice-draft-readiness.test.ts).
    expect((await get(org, `/v1/invoices/${created.id}`)).body.einvoice).toEqual({
      ready: true,
      missing: [],
      syntaxes: { ubl: { ready: true, missing: [] }, cii: { ready: true, missing: [] } },
    });
  });

  it("answers 422 naming each missing field when the seller has no VAT id, as the invoice JSON said", async () => {
    const { org, rate, customer } = await readyOrg({ ...SELLER, vat_id: null });
    const created = await draft(org, {
      customer_id: customer.id,
      items: [
        { description: "taxed", quantity: 1, unit_price: 10, tax_rate_id: rate.id },
        { description: "untaxed", quantity: 1, unit_price: 5, tax_rate_id: null },
      ],
    });
    // The draft names what its e-invoice would lack once sent: its line and the seller's VAT id.
    const lacking = ["items.1.tax_rate_id", "organization.vat_id"];
    expect((await get(org, `/v1/invoices/${created.id}`)).body.einvoice).toEqual({
      ready: false,
      missing: lacking,
      syntaxes: { ubl: { ready: false, missing: lacking }, cii: { ready: false, missing: lacking } },
    });
    expect(created.einvoice.missing).toEqual(lacking);
    const sent = await send(org, created.id);
    expect(sent.einvoice).toEqual({
      ready: false,
      missing: ["items.1.tax_rate_id", "organization.vat_id"],
      syntaxes: {
        ubl: { ready: false, missing: ["items.1.tax_rate_id", "organization.vat_id"] },
        cii: { ready: false, missing: ["items.1.tax_rate_id", "organization.vat_id"] },
      },
    });
    const res = await einvoice(org, `/v1/invoices/${created.id}`);
    const details = expectError(res, 422, "validation_error").details ?? {};
    expect(Object.keys(details)).toEqual(["items.1.tax_rate_id", "organization.vat_id"]);
    expect(details["organization.vat_id"]).toContain("BR-S-02");
  });

  it("is 404 for another organization's invoice or credit note", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "x", quantity: 1, unit_price: 10, tax_rate_id: rate.id }],
    });
    await send(org, created.id);
    const note = await post(org, "/v1/credit-notes", { invoice_id: created.id, reason: "Refund", amount: 1 });
    expect(note.status).toBe(201);
    const other = await createOrg();
    expectError(await einvoice(other, `/v1/invoices/${created.id}`), 404, "not_found");
    expectError(await einvoice(other, `/v1/credit-notes/${note.body.id}`), 404, "not_found");
  });
});

describe("GET /v1/credit-notes/{id}/einvoice", () => {
  it("answers a UBL CreditNote / CII 381 that refers to the invoice", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "x", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    });
    const sent = await send(org, created.id);
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: created.id,
      reason: "Refund",
      amount: 11.9,
    });
    const issued = String(sent.issue_date);
    const ubl = await einvoice(org, `/v1/credit-notes/${note.body.id}`);
    expect(ubl.status).toBe(200);
    expect(ubl.headers.get("Content-Disposition")).toBe(
      `attachment; filename="CN-000001.xml"; filename*=UTF-8''CN-000001.xml`,
    );
    expect(ubl.body).toContain("<CreditNote xmlns=");
    expect(ubl.body).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
    // BT-25 and BT-26: the number and the issue date of the invoice corrected.
    expect(ubl.body).toMatch(
      new RegExp(
        `<cac:InvoiceDocumentReference>\\s*<cbc:ID>INV-000001</cbc:ID>\\s*<cbc:IssueDate>${issued}</cbc:IssueDate>`,
      ),
    );
    const cii = await api("GET", `/v1/credit-notes/${note.body.id}/einvoice?syntax=cii`, {
      token: org.owner.key,
    });
    expect(cii.body).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(cii.body).toMatch(
      new RegExp(
        "<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>INV-000001</ram:IssuerAssignedID>\\s*" +
          `<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">${issued.replaceAll("-", "")}</qdt:DateTimeString>`,
      ),
    );
  });
});

describe("VAT exemption reason and code (BT-120, BT-121)", () => {
  const REVERSE_CHARGE_DE = "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)";

  // A French buyer: an intra-community supply leaves Germany, and Peppol's German rules (which
  // refuse K and O between two German parties) do not apply. A company id: an O document states
  // no VAT ids, so BR-CO-26 asks for it.
  async function exemptInvoice(rate: Record<string, unknown>, locale = "en") {
    const { org } = await readyOrg({ ...SELLER, locale, company_id: "HRB 12345" });
    const taxRate = await createTaxRate(org, { percentage: 0, ...rate });
    const customer = await createCustomer(org, {
      address: { line1: "1 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
      buyer_reference: "REF-1",
      vat_id: "FR40303265045",
      electronic_address: { scheme: "0060", id: "123456789" },
    });
    const created = await draft(org, {
      customer_id: customer.id,
      delivery_date: "2026-10-01",
      items: [{ description: "Licence", quantity: 1, unit_price: 1200, tax_rate_id: taxRate.id }],
    });
    await send(org, created.id);
    const ubl = (await einvoice(org, `/v1/invoices/${created.id}`)).body as string;
    const cii = (await api("GET", `/v1/invoices/${created.id}/einvoice?syntax=cii`, { token: org.owner.key }))
      .body as string;
    return { ubl, cii };
  }

  it("writes the PDF's reverse-charge statement in the document's language and VATEX-EU-AE", async () => {
    const { ubl, cii } = await exemptInvoice({ category: "AE", exemption_reason_code: "VATEX-EU-AE" }, "de");
    expect(ubl).toContain("<cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>");
    expect(ubl).toContain(`<cbc:TaxExemptionReason>${REVERSE_CHARGE_DE}</cbc:TaxExemptionReason>`);
    expect(cii).toContain(`<ram:ExemptionReason>${REVERSE_CHARGE_DE}</ram:ExemptionReason>`);
    expect(cii).toContain("<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>");
  });

  it("adds the category's standard code to a rate's own reason, and keeps both when given", async () => {
    const own = await exemptInvoice({ category: "K", exemption_reason: "Innergemeinschaftliche Lieferung" });
    expect(own.ubl).toContain("<cbc:TaxExemptionReasonCode>VATEX-EU-IC</cbc:TaxExemptionReasonCode>");
    expect(own.ubl).toContain(
      "<cbc:TaxExemptionReason>Innergemeinschaftliche Lieferung</cbc:TaxExemptionReason>",
    );

    const exempt = await exemptInvoice({ category: "E", exemption_reason_code: "VATEX-EU-132-1I" });
    expect(exempt.ubl).toContain("<cbc:TaxExemptionReasonCode>VATEX-EU-132-1I</cbc:TaxExemptionReasonCode>");
    expect(exempt.ubl).toContain("<cbc:TaxExemptionReason>Exempt from VAT</cbc:TaxExemptionReason>");

    const exported = await exemptInvoice({ category: "G", exemption_reason_code: "VATEX-EU-G" });
    expect(exported.cii).toContain(
      "<ram:ExemptionReason>Export outside the EU, exempt from VAT (Article 146, Directive 2006/112/EC)</ram:ExemptionReason>",
    );

    const outside = await exemptInvoice({ category: "O", exemption_reason: "Outside the scope" });
    expect(outside.ubl).toContain("<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>");
    expect(outside.ubl).toContain("<cbc:TaxExemptionReason>Outside the scope</cbc:TaxExemptionReason>");
  });
});

describe("unit codes (BT-130)", () => {
  it("writes each line's unit code into UBL and CII, and the credited line's into the credit note", async () => {
    const { org, rate, customer } = await readyOrg();
    const hourly = await createProduct(org, { currency: "EUR", unit_code: "HUR" });
    const created = await draft(org, {
      customer_id: customer.id,
      items: [
        { product_id: hourly.id, quantity: 2.5, tax_rate_id: rate.id },
        { description: "Workshop", quantity: 2, unit_price: 800, unit_code: "DAY", tax_rate_id: rate.id },
        { description: "Handout", quantity: 10, unit_price: 5, tax_rate_id: rate.id },
      ],
    });
    await send(org, created.id);

    const ubl = await einvoice(org, `/v1/invoices/${created.id}`);
    expect(ubl.body).toContain('<cbc:InvoicedQuantity unitCode="HUR">2.5</cbc:InvoicedQuantity>');
    expect(ubl.body).toContain('<cbc:InvoicedQuantity unitCode="DAY">2</cbc:InvoicedQuantity>');
    expect(ubl.body).toContain('<cbc:InvoicedQuantity unitCode="C62">10</cbc:InvoicedQuantity>');
    const cii = await api("GET", `/v1/invoices/${created.id}/einvoice?syntax=cii`, { token: org.owner.key });
    expect(cii.body).toContain('<ram:BilledQuantity unitCode="HUR">2.5</ram:BilledQuantity>');
    expect(cii.body).toContain('<ram:BilledQuantity unitCode="DAY">2</ram:BilledQuantity>');
    expect(cii.body).toContain('<ram:BilledQuantity unitCode="C62">10</ram:BilledQuantity>');

    const note = await post(org, "/v1/credit-notes", {
      invoice_id: created.id,
      reason: "One hour less",
      lines: [{ invoice_item_id: created.items[0].id, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.items[0].unit_code).toBe("HUR");
    const noteUbl = await einvoice(org, `/v1/credit-notes/${note.body.id}`);
    expect(noteUbl.body).toContain('<cbc:CreditedQuantity unitCode="HUR">1</cbc:CreditedQuantity>');
    const noteCii = await api("GET", `/v1/credit-notes/${note.body.id}/einvoice?syntax=cii`, {
      token: org.owner.key,
    });
    expect(noteCii.body).toContain('<ram:BilledQuantity unitCode="HUR">1</ram:BilledQuantity>');
  });
});

describe("currencies with more than 2 decimals", () => {
  it("answers 422 on currency for KWD (BR-DEC allows 2 decimals)", async () => {
    const org = await createOrg({ currency: "KWD" });
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
    const rate = await standardRate(org, 5);
    const customer = await createCustomer(org, {
      buyer_reference: "REF-1",
      electronic_address: { scheme: "0060", id: "123456789" },
    });
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "x", quantity: 1, unit_price: 1.235, tax_rate_id: rate.id }],
    });
    const sent = await send(org, created.id);
    expect(sent.einvoice).toEqual({
      ready: false,
      missing: ["currency"],
      syntaxes: {
        ubl: { ready: false, missing: ["currency"] },
        cii: { ready: false, missing: ["currency"] },
      },
    });
    const details = expectError(
      await einvoice(org, `/v1/invoices/${created.id}`),
      422,
      "validation_error",
    ).details;
    expect(Object.keys(details ?? {})).toEqual(["currency"]);
  });
});

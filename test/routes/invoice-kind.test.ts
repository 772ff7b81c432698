// The document kind of an invoice (type_code 380/381/384/326/389, BT-3), the invoice it cites
// (preceding_invoice_id / preceding_invoice, BT-25/26) and the VAT accounting currency
// (tax_currency with exchange_rate, the organization's accounting_currency; BT-6, BT-111): what
// the API accepts and refuses, what it answers, and what every output states. The XML is held to
// the official rules in test/node/invoice-kind-rules.test.ts.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
import {
  draft,
  get,
  hostedPageOf as hostedPage,
  invoicePdfText,
  post,
  send,
  standardRate,
  einvoiceAt as xml,
} from "./billing/helpers";

async function sellerOrg(profile: Record<string, unknown> = {}) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: { ...SELLER, ...profile },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, {
    buyer_reference: "REF-1",
    vat_id: "DE987654321",
    electronic_address: { scheme: "0060", id: "123456789" },
  });
  return { org, rate, customer };
}

type Setup = Awaited<ReturnType<typeof sellerOrg>>;

const body = (setup: Setup, extra: Record<string, unknown> = {}) => ({
  customer_id: setup.customer.id,
  items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: setup.rate.id }],
  ...extra,
});

const create = (org: TestOrg, payload: Record<string, unknown>) =>
  api("POST", "/v1/invoices", { token: org.owner.key, body: payload });

const pdfText = async (org: TestOrg, id: string) => (await invoicePdfText(org, id)).split("\n");

/** YYYY-MM-DD as the English PDF writes it ("Jan 15, 2026"). */
const formatDay = (day: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

describe("type_code and the preceding invoice", () => {
  it("answers an invoice without the new fields as a commercial invoice citing nothing", async () => {
    const setup = await sellerOrg();
    const created = await draft(setup.org, body(setup));
    expect(created).toMatchObject({
      type_code: "380",
      preceding_invoice_id: null,
      preceding_invoice: null,
      tax_currency: null,
      exchange_rate: null,
      tax_total_in_tax_currency: null,
    });
    const sent = await send(setup.org, created.id);
    const ubl = await xml(setup.org, sent.id, "syntax=ubl");
    expect(ubl).toContain("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>");
    expect(ubl).not.toContain("BillingReference");
    expect(ubl).not.toContain("TaxCurrencyCode");
    expect(sent).not.toHaveProperty("preceding_invoices");
  });

  it("refuses a corrected invoice (384) that cites no invoice, and a draft or unknown one", async () => {
    const setup = await sellerOrg();
    const missing = expectError(
      await create(setup.org, body(setup, { type_code: "384" })),
      422,
      "validation_error",
    );
    expect(Object.keys(missing.details ?? {})).toEqual(["preceding_invoice_id"]);

    const other = await draft(setup.org, body(setup));
    const cited = expectError(
      await create(setup.org, body(setup, { type_code: "384", preceding_invoice_id: other.id })),
      422,
      "validation_error",
    );
    expect(cited.details?.preceding_invoice_id).toMatch(/draft/);
    const unknown = expectError(
      await create(setup.org, body(setup, { preceding_invoice_id: "inv_nope" })),
      422,
      "validation_error",
    );
    expect(unknown.details).toEqual({ preceding_invoice_id: "No such invoice" });
    const both = expectError(
      await create(
        setup.org,
        body(setup, { preceding_invoice_id: other.id, preceding_invoice: { number: "X-1" } }),
      ),
      422,
      "validation_error",
    );
    expect(Object.keys(both.details ?? {})).toEqual(["preceding_invoice"]);
    expectError(await create(setup.org, body(setup, { type_code: "385" })), 422, "validation_error");
  });

  it("issues a corrected invoice citing an invoice of the organization, its number and date frozen", async () => {
    const setup = await sellerOrg();
    const original = await send(setup.org, (await draft(setup.org, body(setup))).id);
    const created = await draft(
      setup.org,
      body(setup, { type_code: "384", preceding_invoice_id: original.id }),
    );
    expect(created.preceding_invoice).toEqual({ number: original.number, issue_date: original.issue_date });
    const sent = await send(setup.org, created.id);
    expect(sent).toMatchObject({ type_code: "384", preceding_invoice_id: original.id });

    const ubl = await xml(setup.org, sent.id, "syntax=ubl&profile=en16931");
    expect(ubl).toContain("<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>");
    expect(ubl).toContain(
      `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${original.number}</cbc:ID><cbc:IssueDate>${original.issue_date}</cbc:IssueDate>`,
    );
    const cii = await xml(setup.org, sent.id, "syntax=cii");
    expect(cii).toContain("<ram:TypeCode>384</ram:TypeCode>");
    expect(cii).toContain(`<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${original.number}`);
    const pdf = await pdfText(setup.org, sent.id);
    expect(pdf[0]).toBe("Corrected invoice");
    expect(pdf).toContain(`Corrects invoice ${original.number} (${formatDay(original.issue_date)})`);
  });

  it("cites an invoice issued elsewhere on an ordinary invoice, and on a partial invoice (326)", async () => {
    const setup = await sellerOrg();
    const sent = await send(
      setup.org,
      (
        await draft(
          setup.org,
          body(setup, {
            type_code: "326",
            preceding_invoice: { number: "OLD-17", issue_date: "2025-01-31" },
          }),
        )
      ).id,
    );
    expect(sent.preceding_invoice).toEqual({ number: "OLD-17", issue_date: "2025-01-31" });
    const ubl = await xml(setup.org, sent.id, "syntax=ubl");
    expect(ubl).toContain("<cbc:InvoiceTypeCode>326</cbc:InvoiceTypeCode>");
    expect(ubl).toContain("<cbc:ID>OLD-17</cbc:ID><cbc:IssueDate>2025-01-31</cbc:IssueDate>");
    const page = await hostedPage(sent);
    expect(page).toContain(`Partial invoice ${sent.number}`);
    expect(page).toContain("Preceding invoice");
  });

  it("issues the construction invoices 875, 876 and 877, titled as what they are, in every profile", async () => {
    const setup = await sellerOrg();
    const titles = {
      "875": ["Partial construction invoice", "Abschlagsrechnung (Bauleistung)"],
      "876": ["Partial final construction invoice", "Teilschlussrechnung (Bauleistung)"],
      "877": ["Final construction invoice", "Schlussrechnung (Bauleistung)"],
    } as const;
    for (const [code, [english, german]] of Object.entries(titles)) {
      const created = await draft(setup.org, body(setup, { type_code: code }));
      expect(created.type_code).toBe(code);
      const sent = await send(setup.org, created.id);
      expect(sent).toMatchObject({ type_code: code, status: "sent", amount_due: 238 });
      expect(sent.einvoice.syntaxes).toEqual({
        ubl: { ready: true, missing: [] },
        cii: { ready: true, missing: [] },
      });
      expect(await xml(setup.org, sent.id, "syntax=ubl")).toContain(
        `<cbc:InvoiceTypeCode>${code}</cbc:InvoiceTypeCode>`,
      );
      expect(await xml(setup.org, sent.id, "syntax=cii&profile=xrechnung")).toContain(
        `<ram:TypeCode>${code}</ram:TypeCode>`,
      );
      expect((await pdfText(setup.org, sent.id))[0]).toBe(english);
      expect(await hostedPage(sent)).toContain(`${english} ${sent.number}`);
      const localized = await draft(setup.org, body(setup, { type_code: code, locale: "de" }));
      expect(await pdfText(setup.org, localized.id)).toContain(german);
    }
  });

  it("issues a hire invoice (387), an insurer's invoice (575) and a payment valuation (204), titled as what they are, each in the profiles that take it", async () => {
    const setup = await sellerOrg();
    const kinds = {
      "387": { titles: ["Hire invoice", "Mietrechnung"], peppol: false },
      "575": { titles: ["Insurer's invoice", "Versicherungsrechnung"], peppol: true },
      "204": { titles: ["Payment valuation", "Leistungsbewertung"], peppol: false },
    } as const;
    for (const [code, { titles, peppol }] of Object.entries(kinds)) {
      const [english, german] = titles;
      const sent = await send(setup.org, (await draft(setup.org, body(setup, { type_code: code }))).id);
      expect(sent).toMatchObject({ type_code: code, status: "sent", amount_due: 238 });
      // EN 16931 takes every UNCL 1001 invoice code; Peppol BIS lists 575 but not 387 or 204 (P0100).
      expect(sent.einvoice.syntaxes.cii).toEqual({ ready: true, missing: [] });
      expect(sent.einvoice.syntaxes.ubl.ready).toBe(peppol);
      const peppolUbl = await get(setup.org, `/v1/invoices/${sent.id}/einvoice`);
      if (peppol) expect(peppolUbl.status).toBe(200);
      else
        expect(expectError(peppolUbl, 422, "validation_error").details?.type_code).toMatch(
          /PEPPOL-EN16931-P0100.*profile=en16931/,
        );
      expect(await xml(setup.org, sent.id, "syntax=ubl&profile=en16931")).toContain(
        `<cbc:InvoiceTypeCode>${code}</cbc:InvoiceTypeCode>`,
      );
      expect(await xml(setup.org, sent.id, "syntax=cii")).toContain(`<ram:TypeCode>${code}</ram:TypeCode>`);
      // XRechnung lists neither (BR-DE-17).
      const xrechnung = expectError(
        await get(setup.org, `/v1/invoices/${sent.id}/einvoice?syntax=cii&profile=xrechnung`),
        422,
        "validation_error",
      );
      expect(xrechnung.details?.type_code).toMatch(/BR-DE-17/);
      expect((await pdfText(setup.org, sent.id))[0]).toBe(english);
      expect(await hostedPage(sent)).toContain(`${english.replace("'", "&#39;")} ${sent.number}`);
      const localized = await draft(setup.org, body(setup, { type_code: code, locale: "de" }));
      expect(await pdfText(setup.org, localized.id)).toContain(german);
    }
  });

  it("cites several invoices issued elsewhere (preceding_invoices, BG-3 0..n) in every output, in order", async () => {
    const setup = await sellerOrg();
    const cited = [
      { number: "AR-1", issue_date: "2025-03-31" },
      { number: "AR-2", issue_date: null },
      { number: "AR-3", issue_date: "2025-09-30" },
    ];
    const created = await draft(setup.org, body(setup, { type_code: "877", preceding_invoices: cited }));
    expect(created).toMatchObject({
      preceding_invoice_id: null,
      preceding_invoice: cited[0],
      preceding_invoices: cited,
    });
    const sent = await send(setup.org, created.id);
    expect(sent.preceding_invoices).toEqual(cited);
    const stored = await get(setup.org, `/v1/invoices/${sent.id}`);
    expect((stored.body as Record<string, unknown>).preceding_invoices).toEqual(cited);

    const ubl = await xml(setup.org, sent.id, "syntax=ubl");
    expect(ubl).toContain(
      "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>AR-1</cbc:ID><cbc:IssueDate>2025-03-31</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>" +
        "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>AR-2</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>" +
        "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>AR-3</cbc:ID><cbc:IssueDate>2025-09-30</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>",
    );
    // The CII schema holds one InvoiceReferencedDocument (the syntax's limit on BG-3): the first.
    const cii = await xml(setup.org, sent.id, "syntax=cii");
    expect(cii.match(/<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>(AR-\d)</g)).toEqual([
      "<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>AR-1<",
    ]);
    const pdf = (await pdfText(setup.org, sent.id)).join("\n");
    expect(pdf).toContain(`AR-1 (${formatDay("2025-03-31")})`);
    expect(pdf).toMatch(/Preceding invoice\s+AR-2\b/);
    expect(pdf).toContain(`AR-3 (${formatDay("2025-09-30")})`);
    const page = await hostedPage(sent);
    for (const number of ["AR-1", "AR-2", "AR-3"]) expect(page).toContain(number);
  });

  it("refuses preceding_invoices beside the single forms, empty or malformed, and replaces or clears it on a draft", async () => {
    const setup = await sellerOrg();
    const both = expectError(
      await create(
        setup.org,
        body(setup, { preceding_invoices: [{ number: "A-1" }], preceding_invoice: { number: "A-2" } }),
      ),
      422,
      "validation_error",
    );
    expect(Object.keys(both.details ?? {})).toEqual(["preceding_invoices"]);
    const original = await send(setup.org, (await draft(setup.org, body(setup))).id);
    const withId = expectError(
      await create(
        setup.org,
        body(setup, { preceding_invoices: [{ number: "A-1" }], preceding_invoice_id: original.id }),
      ),
      422,
      "validation_error",
    );
    expect(Object.keys(withId.details ?? {})).toEqual(["preceding_invoices"]);
    const empty = expectError(
      await create(setup.org, body(setup, { preceding_invoices: [] })),
      422,
      "validation_error",
    );
    expect(Object.keys(empty.details ?? {})).toEqual(["preceding_invoices"]);
    const malformed = expectError(
      await create(
        setup.org,
        body(setup, { preceding_invoices: [{ number: "A-1" }, { issue_date: "2025-01-01" }] }),
      ),
      422,
      "validation_error",
    );
    expect(Object.keys(malformed.details ?? {})).toEqual(["preceding_invoices.1.number"]);

    const created = await draft(
      setup.org,
      body(setup, { preceding_invoices: [{ number: "A-1" }, { number: "A-2", issue_date: "2025-02-01" }] }),
    );
    const replaced = await api("PATCH", `/v1/invoices/${created.id}`, {
      token: setup.org.owner.key,
      body: { preceding_invoice_id: original.id },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      preceding_invoice_id: original.id,
      preceding_invoice: { number: original.number },
    });
    expect(replaced.body).not.toHaveProperty("preceding_invoices");
    const again = await api("PATCH", `/v1/invoices/${created.id}`, {
      token: setup.org.owner.key,
      body: { preceding_invoices: [{ number: "B-1" }, { number: "B-2" }] },
    });
    expect(again.body).toMatchObject({
      preceding_invoice_id: null,
      preceding_invoices: [
        { number: "B-1", issue_date: null },
        { number: "B-2", issue_date: null },
      ],
    });
    const cleared = await api("PATCH", `/v1/invoices/${created.id}`, {
      token: setup.org.owner.key,
      body: { preceding_invoices: null },
    });
    expect(cleared.body).toMatchObject({ preceding_invoice_id: null, preceding_invoice: null });
    expect(cleared.body).not.toHaveProperty("preceding_invoices");
    const sent = await send(setup.org, created.id);
    expect(await xml(setup.org, sent.id, "syntax=ubl")).not.toContain("BillingReference");
  });

  it("names type_code for the Peppol UBL of a 326 or 384 unless both parties are German (PEPPOL-EN16931-P0112)", async () => {
    const setup = await sellerOrg();
    const french = await createCustomer(setup.org, {
      buyer_reference: "REF-1",
      vat_id: "FR12345678901",
      address: { line1: "1 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
      electronic_address: { scheme: "0060", id: "123456789" },
    });
    const sent = await send(
      setup.org,
      (await draft(setup.org, { ...body(setup, { type_code: "326" }), customer_id: french.id })).id,
    );
    expect(sent.einvoice.syntaxes.ubl.missing).toEqual(["type_code"]);
    expect(sent.einvoice.syntaxes.cii).toEqual({ ready: true, missing: [] });
    const refused = expectError(
      await get(setup.org, `/v1/invoices/${sent.id}/einvoice`),
      422,
      "validation_error",
    );
    expect(refused.details?.type_code).toMatch(/PEPPOL-EN16931-P0112/);
    expect(await xml(setup.org, sent.id, "syntax=ubl&profile=en16931")).toContain(
      "<cbc:InvoiceTypeCode>326</cbc:InvoiceTypeCode>",
    );
  });

  it("writes a 381 invoice as a CreditNote with positive amounts; an API invoice is credited by POST /v1/credit-notes", async () => {
    const setup = await sellerOrg();
    const original = await send(setup.org, (await draft(setup.org, body(setup))).id);
    const refused = expectError(
      await create(setup.org, body(setup, { type_code: "381", preceding_invoice_id: original.id })),
      422,
      "validation_error",
    );
    expect(refused.details?.preceding_invoice_id).toMatch(/POST \/v1\/credit-notes/);

    const sent = await send(
      setup.org,
      (await draft(setup.org, body(setup, { type_code: "381", preceding_invoice: { number: "EXT-9" } }))).id,
    );
    expect(sent).toMatchObject({ type_code: "381", total: 238 });
    const ubl = await xml(setup.org, sent.id, "syntax=ubl");
    expect(ubl).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(ubl).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
    expect(ubl).toContain('<cbc:PayableAmount currencyID="EUR">238.00</cbc:PayableAmount>');
    expect(ubl).toContain("<cbc:CreditedQuantity");
    expect(ubl).toContain("<cbc:PaymentMeansCode>1</cbc:PaymentMeansCode>");
    const cii = await xml(setup.org, sent.id, "syntax=cii");
    expect(cii).toContain("<ram:TypeCode>381</ram:TypeCode>");
    const pdf = await pdfText(setup.org, sent.id);
    expect(pdf[0]).toBe("Credit note");
    // It credits the buyer: no amount due, as on every credit note.
    expect(pdf.join(" ")).not.toContain("Amount due");
    const preview = await get(setup.org, `/v1/invoices/${sent.id}/email-preview`);
    expect(preview.body).toMatchObject({
      subject: expect.stringContaining(`Credit note ${sent.number} from `),
      text: expect.stringContaining(
        `Please find credit note ${sent.number} below, which corrects invoice EXT-9.`,
      ),
    });
  });

  it("names a self-billed draft's type_code for Peppol without its parties too (the invoice.deleted event)", async () => {
    const setup = await sellerOrg();
    const created = await draft(setup.org, body(setup, { type_code: "389" }));
    expect(created.einvoice.syntaxes.ubl.missing).toContain("type_code");
    const deleted = await api("DELETE", `/v1/invoices/${created.id}`, { token: setup.org.owner.key });
    expect(deleted.status).toBe(204);
    // The event's invoice is read without its customer: what the invoice itself lacks.
    const events = await get(setup.org, "/v1/events?limit=100");
    const event = (events.body.data as { type: string; data: { object: Record<string, any> } }[]).find(
      (e) => e.type === "invoice.deleted",
    );
    expect(event?.data.object).toMatchObject({ id: created.id, seller: null, buyer: null });
    expect(event?.data.object.einvoice.syntaxes.ubl.missing).toContain("type_code");
    expect(event?.data.object.einvoice.syntaxes.cii.missing).not.toContain("type_code");
  });

  it("states who issued a self-billed invoice (389), and refuses it in Peppol BIS", async () => {
    const setup = await sellerOrg();
    const sent = await send(setup.org, (await draft(setup.org, body(setup, { type_code: "389" }))).id);
    expect(sent.einvoice.syntaxes.ubl.missing).toContain("type_code");
    expect(sent.einvoice.syntaxes.cii).toEqual({ ready: true, missing: [] });
    const refused = expectError(
      await get(setup.org, `/v1/invoices/${sent.id}/einvoice`),
      422,
      "validation_error",
    );
    expect(refused.details?.type_code).toMatch(/PEPPOL-EN16931-P0100/);

    // The organization buys from its customer: the customer is the seller (BG-4), itself the buyer.
    const ubl = await xml(setup.org, sent.id, "syntax=ubl&profile=en16931");
    expect(ubl).toContain("<cbc:InvoiceTypeCode>389</cbc:InvoiceTypeCode>");
    const supplier = ubl.slice(
      ubl.indexOf("<cac:AccountingSupplierParty>"),
      ubl.indexOf("</cac:AccountingSupplierParty>"),
    );
    expect(supplier).toContain("<cbc:RegistrationName>Globex</cbc:RegistrationName>");
    const customer = ubl.slice(
      ubl.indexOf("<cac:AccountingCustomerParty>"),
      ubl.indexOf("</cac:AccountingCustomerParty>"),
    );
    expect(customer).toContain(`<cbc:RegistrationName>${SELLER.legal_name}</cbc:RegistrationName>`);

    const pdf = await pdfText(setup.org, sent.id);
    expect(pdf[0]).toBe("Self-billed invoice");
    expect(pdf.join(" ")).toContain(
      "Self-billing Issued by the buyer in the name and on behalf of the seller",
    );
    // The customer is the seller (From), the organization the buyer (Bill to).
    expect(pdf.slice(pdf.indexOf("FROM"), pdf.indexOf("BILL TO"))).toContain("Globex");
    expect(await hostedPage(sent)).toContain("Issued by the buyer in the name and on behalf of the seller");
    const preview = await get(setup.org, `/v1/invoices/${sent.id}/email-preview`);
    expect(preview.status).toBe(200);
    expect((preview.body as { text: string }).text).toContain(
      "Issued by the buyer in the name and on behalf of the seller",
    );
    // Sent by its issuer, the organization (the buyer), to its customer (the seller).
    expect((preview.body as { subject: string }).subject).toContain(SELLER.legal_name);
  });

  it("sends a self-billed invoice (389) to an XRechnung customer, stating the customer's phone, account and identifiers as the seller's", async () => {
    // XRechnung asks the seller's phone (BR-DE-2) and payment instructions (BR-DE-1); the seller of
    // a 389 is the customer: its phone and IBAN are the customer's to give.
    const setup = await sellerOrg();
    const customer = await createCustomer(setup.org, {
      buyer_reference: "04011000-12345-03",
      vat_id: "DE987654321",
      electronic_address: { scheme: "EM", id: "billing@globex.example" },
      einvoice_profile: "xrechnung",
    });
    const created = await draft(setup.org, { ...body(setup), customer_id: customer.id, type_code: "389" });
    const refused = expectError(
      await post(setup.org, `/v1/invoices/${created.id}/send`),
      422,
      "validation_error",
    );
    expect(Object.keys(refused.details ?? {})).toEqual(["customer.phone", "customer.iban"]);

    const patched = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: setup.org.owner.key,
      body: {
        phone: "+49 89 7654321",
        iban: "de44 5001 0517 5407 3249 31",
        identifier: { scheme: null, id: "LIEF-4711" },
        company_id: "HRB 98765",
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ phone: "+49 89 7654321", iban: "DE44500105175407324931" });
    const sent = await send(setup.org, created.id);

    for (const syntax of ["ubl", "cii"]) {
      const doc = await xml(setup.org, sent.id, `syntax=${syntax}`);
      expect(doc).toContain("xrechnung_3.0");
      expect(doc).toContain("DE44500105175407324931");
      expect(doc).toContain("+49 89 7654321");
      expect(doc).toContain("LIEF-4711");
      expect(doc).toContain("HRB 98765");
    }
    const ubl = await xml(setup.org, sent.id, "syntax=ubl");
    const supplier = ubl.slice(
      ubl.indexOf("<cac:AccountingSupplierParty>"),
      ubl.indexOf("</cac:AccountingSupplierParty>"),
    );
    expect(supplier).toContain(
      "<cac:PartyIdentification><cbc:ID>LIEF-4711</cbc:ID></cac:PartyIdentification>",
    );
    expect(supplier).toContain("<cbc:Telephone>+49 89 7654321</cbc:Telephone>");
    expect(ubl).toContain(
      "<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>DE44500105175407324931</cbc:ID>",
    );

    // The document states where the organization pays (its PDF as its e-invoices); the customer is
    // paid, not asked to pay: neither its e-mail nor its page shows bank details.
    expect((await pdfText(setup.org, sent.id)).join(" ")).toContain("DE44 5001 0517 5407 3249 31");
    const preview = await get(setup.org, `/v1/invoices/${sent.id}/email-preview`);
    expect((preview.body as { text: string }).text).not.toContain("DE44");
    // Written to the customer, the seller of a 389.
    expect((preview.body as { text: string }).text).toMatch(/^Hello Globex,/);
    expect(await hostedPage(sent)).not.toContain("DE44");
  });

  it("states a self-billed invoice's seller tax number (BT-32) and every identifier (BT-29) of the customer, in every output", async () => {
    // German self-billing (Gutschrift, §14 UStG): the supplier's Steuernummer and the identifiers
    // the buyer knows it by, its own supplier number and a GLN.
    const setup = await sellerOrg();
    const customer = await createCustomer(setup.org, {
      vat_id: null,
      tax_registration_id: "201/113/40209",
      identifier: { id: "LIEF-4711" },
      additional_identifiers: [{ id: "KD-0815" }, { scheme: "0088", id: "4000001123452" }],
      electronic_address: { scheme: "EM", id: "billing@globex.example" },
    });
    const created = await draft(setup.org, { ...body(setup), customer_id: customer.id, type_code: "389" });
    // The seller's tax number stands for its VAT id under standard rate (BR-S-02).
    expect(created.einvoice.syntaxes.cii.missing).toEqual([]);
    const sent = await send(setup.org, created.id);
    // Snapshotted at send with the customer's other party data.
    expect(sent.buyer).toMatchObject({
      name: "Globex",
      tax_registration_id: "201/113/40209",
      identifier: { scheme: null, id: "LIEF-4711" },
      additional_identifiers: [
        { scheme: null, id: "KD-0815" },
        { scheme: "0088", id: "4000001123452" },
      ],
    });
    await api("PATCH", `/v1/customers/${customer.id}`, {
      token: setup.org.owner.key,
      body: { tax_registration_id: "999/999/99999", additional_identifiers: null },
    });

    const ubl = await xml(setup.org, sent.id, "syntax=ubl&profile=en16931");
    const supplier = ubl.slice(
      ubl.indexOf("<cac:AccountingSupplierParty>"),
      ubl.indexOf("</cac:AccountingSupplierParty>"),
    );
    expect(supplier).toContain(
      "<cac:PartyIdentification><cbc:ID>LIEF-4711</cbc:ID></cac:PartyIdentification>" +
        "<cac:PartyIdentification><cbc:ID>KD-0815</cbc:ID></cac:PartyIdentification>" +
        '<cac:PartyIdentification><cbc:ID schemeID="0088">4000001123452</cbc:ID></cac:PartyIdentification>',
    );
    expect(supplier).toContain(
      "<cac:PartyTaxScheme><cbc:CompanyID>201/113/40209</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>",
    );
    // The organization, the buyer, states no tax number (EN 16931 has none for a buyer).
    expect(ubl.match(/<cbc:ID>FC<\/cbc:ID>/g)).toHaveLength(1);

    const cii = await xml(setup.org, sent.id, "syntax=cii");
    const seller = cii.slice(cii.indexOf("<ram:SellerTradeParty>"), cii.indexOf("</ram:SellerTradeParty>"));
    expect(seller).toMatch(
      /^<ram:SellerTradeParty><ram:ID>LIEF-4711<\/ram:ID><ram:ID>KD-0815<\/ram:ID><ram:GlobalID schemeID="0088">4000001123452<\/ram:GlobalID><ram:Name>Globex</,
    );
    expect(seller).toContain(
      '<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">201/113/40209</ram:ID></ram:SpecifiedTaxRegistration>',
    );
    expect(cii.match(/schemeID="FC"/g)).toHaveLength(1);

    // The PDF states the seller's tax number where it states the organization's.
    const pdf = await pdfText(setup.org, sent.id);
    const from = pdf.slice(pdf.indexOf("FROM"), pdf.indexOf("BILL TO")).join(" ");
    expect(from).toContain("Tax no.: 201/113/40209");
    expect(from).toContain("KD-0815");
    expect(from).toContain("4000001123452 (ICD 0088)");
  });

  it("states one identifier of a customer that is the buyer (BT-46 is 0..1) and no tax number", async () => {
    const setup = await sellerOrg();
    const customer = await createCustomer(setup.org, {
      vat_id: "DE987654321",
      electronic_address: { scheme: "0060", id: "123456789" },
      buyer_reference: "REF-1",
      tax_registration_id: "201/113/40209",
      identifier: { id: "LIEF-4711" },
      additional_identifiers: [{ id: "KD-0815" }],
    });
    const sent = await send(
      setup.org,
      (await draft(setup.org, { ...body(setup), customer_id: customer.id })).id,
    );
    for (const syntax of ["ubl", "cii"]) {
      const doc = await xml(setup.org, sent.id, `syntax=${syntax}`);
      expect(doc).toContain("LIEF-4711");
      expect(doc).not.toContain("KD-0815");
      expect(doc).not.toContain("201/113/40209");
    }
    const pdf = (await pdfText(setup.org, sent.id)).join(" ");
    expect(pdf).toContain("LIEF-4711");
    expect(pdf).not.toContain("KD-0815");
    expect(pdf).not.toContain("201/113/40209");
    expect(await hostedPage(sent)).not.toContain("KD-0815");
  });

  it("names the customer's further identifier whose format its scheme refuses, and its tax number, for a self-billed invoice", async () => {
    const setup = await sellerOrg();
    const customer = await createCustomer(setup.org, {
      vat_id: "DE987654321",
      electronic_address: { scheme: "0060", id: "123456789" },
      buyer_reference: "REF-1",
      identifier: { id: "LIEF-4711" },
      // A GLN (0088) is 13 digits with a check digit (PEPPOL-COMMON-R040).
      additional_identifiers: [{ id: "KD-0815" }, { scheme: "0088", id: "4000001123453" }],
    });
    const created = await draft(setup.org, { ...body(setup), customer_id: customer.id, type_code: "389" });
    expect(created.einvoice.syntaxes.ubl.missing).toContain("customer.additional_identifiers.1.id");
    expect(created.einvoice.syntaxes.ubl.missing).not.toContain("customer.additional_identifiers.0.id");
    // The same customer as the buyer of an ordinary invoice: its further identifiers are not stated.
    const ordinary = await draft(setup.org, { ...body(setup), customer_id: customer.id });
    expect(ordinary.einvoice.syntaxes.ubl.missing).toEqual([]);

    // A Swedish seller's tax number is its F-skatt statement: the customer's, when it is the seller.
    const swedish = await createCustomer(setup.org, {
      vat_id: "SE556036079301",
      address: { line1: "Gatan 1", city: "Stockholm", postal_code: "11122", country: "SE" },
      electronic_address: { scheme: "0007", id: "5560360793" },
      company_id: "5560360793",
      company_id_scheme: "0007",
      tax_registration_id: "Momsregistrerad",
    });
    const sweden = await draft(setup.org, { ...body(setup), customer_id: swedish.id, type_code: "389" });
    expect(sweden.einvoice.syntaxes.ubl.missing).toContain("customer.tax_registration_id");
  });
});

describe("the VAT accounting currency", () => {
  it("converts the VAT total at the given rate, rounded half-up once, and states it everywhere", async () => {
    const setup = await sellerOrg();
    // 200.00 net at 19%: VAT 38.00 EUR; x 11.4567 SEK = 435.3546 -> 435.35 SEK.
    const created = await draft(
      setup.org,
      body(setup, {
        tax_currency: "SEK",
        exchange_rate: { rate: 11.4567, date: "2026-01-15", source: "ECB reference rate" },
      }),
    );
    expect(created).toMatchObject({
      tax_currency: "SEK",
      exchange_rate: { rate: 11.4567, date: "2026-01-15", source: "ECB reference rate" },
      tax_total: 38,
      tax_total_in_tax_currency: 435.35,
    });
    const sent = await send(setup.org, created.id);
    expect(sent.tax_total_in_tax_currency).toBe(435.35);
    const ubl = await xml(setup.org, sent.id, "syntax=ubl");
    expect(ubl).toContain(
      "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>",
    );
    expect(ubl).toContain(
      '<cac:TaxTotal><cbc:TaxAmount currencyID="SEK">435.35</cbc:TaxAmount></cac:TaxTotal>',
    );
    const cii = await xml(setup.org, sent.id, "syntax=cii");
    expect(cii).toContain(
      "<ram:TaxCurrencyCode>SEK</ram:TaxCurrencyCode><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>",
    );
    expect(cii).toContain('<ram:TaxTotalAmount currencyID="SEK">435.35</ram:TaxTotalAmount>');
    const pdf = await pdfText(setup.org, sent.id);
    expect(pdf.join(" ")).toContain(
      "VAT in SEK SEK 435.35 (rate 1 EUR = 11.4567 SEK, Jan 15, 2026, ECB reference rate)",
    );
    expect(await hostedPage(sent)).toContain("SEK 435.35 (rate 1 EUR = 11.4567 SEK");
  });

  it("refuses inconsistent input, naming the field", async () => {
    const setup = await sellerOrg();
    const rate = { rate: 1.1, date: "2026-01-15", source: "ECB" };
    const same = expectError(
      await create(setup.org, body(setup, { tax_currency: "EUR", exchange_rate: rate })),
      422,
      "validation_error",
    );
    expect(Object.keys(same.details ?? {})).toEqual(["tax_currency"]);
    const noRate = expectError(
      await create(setup.org, body(setup, { tax_currency: "USD" })),
      422,
      "validation_error",
    );
    expect(Object.keys(noRate.details ?? {})).toEqual(["exchange_rate"]);
    const noCurrency = expectError(
      await create(setup.org, body(setup, { exchange_rate: rate })),
      422,
      "validation_error",
    );
    expect(Object.keys(noCurrency.details ?? {})).toEqual(["exchange_rate"]);
    for (const bad of [0, -1, "1.12345678901", "abc"]) {
      const res = expectError(
        await create(setup.org, body(setup, { tax_currency: "USD", exchange_rate: { ...rate, rate: bad } })),
        422,
        "validation_error",
      );
      expect(Object.keys(res.details ?? {})).toEqual(["exchange_rate.rate"]);
    }
    // A draft moved into the tax currency would state one currency twice.
    const created = await draft(setup.org, body(setup, { tax_currency: "USD", exchange_rate: rate }));
    const moved = expectError(
      await api("PATCH", `/v1/invoices/${created.id}`, {
        token: setup.org.owner.key,
        body: { currency: "USD" },
      }),
      422,
      "validation_error",
    );
    expect(Object.keys(moved.details ?? {})).toEqual(["currency"]);
  });

  it("takes the organization's accounting_currency: send needs the rate, and the draft says so", async () => {
    const setup = await sellerOrg({ accounting_currency: "EUR" });
    const organization = await get(setup.org, "/v1/organization");
    expect(organization.body).toMatchObject({ accounting_currency: "EUR" });

    const usd = await draft(setup.org, body(setup, { currency: "USD" }));
    expect(usd).toMatchObject({ tax_currency: "EUR", exchange_rate: null, tax_total_in_tax_currency: null });
    expect(usd.einvoice.missing).toContain("exchange_rate");
    const refused = expectError(
      await post(setup.org, `/v1/invoices/${usd.id}/send`),
      422,
      "validation_error",
    );
    expect(Object.keys(refused.details ?? {})).toEqual(["exchange_rate"]);
    expect((await get(setup.org, `/v1/invoices/${usd.id}`)).body).toMatchObject({ status: "draft" });

    const patched = await api("PATCH", `/v1/invoices/${usd.id}`, {
      token: setup.org.owner.key,
      body: { exchange_rate: { rate: "0.8571", date: "2026-01-15", source: "ECB" } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    // 38.00 USD x 0.8571 = 32.5698 -> 32.57 EUR.
    const sent = await send(setup.org, usd.id);
    expect(sent).toMatchObject({ tax_currency: "EUR", tax_total_in_tax_currency: 32.57 });

    // An invoice in the accounting currency states no other.
    const eur = await send(setup.org, (await draft(setup.org, body(setup))).id);
    expect(eur).toMatchObject({ tax_currency: null, tax_total_in_tax_currency: null });
    // Issued invoices keep theirs when the setting changes.
    await api("PATCH", "/v1/organization", {
      token: setup.org.owner.key,
      body: { accounting_currency: null },
    });
    expect((await get(setup.org, `/v1/invoices/${usd.id}`)).body).toMatchObject({ tax_currency: "EUR" });
  });
});

describe("what the organization owes its customer (381, 389)", () => {
  it("counts a 381 as credited VAT, leaves a self-billed purchase out of the tax report, and neither is a receivable", async () => {
    const setup = await sellerOrg();
    const today = new Date().toISOString().slice(0, 10);
    // Each: 200.00 net, 38.00 VAT.
    await send(setup.org, (await draft(setup.org, body(setup))).id);
    await send(setup.org, (await draft(setup.org, body(setup))).id);
    await send(
      setup.org,
      (await draft(setup.org, body(setup, { type_code: "381", preceding_invoice: { number: "EXT-1" } }))).id,
    );
    await send(setup.org, (await draft(setup.org, body(setup, { type_code: "389" }))).id);

    const report = await get(setup.org, `/v1/reports/tax?from=${today}&to=${today}`);
    expect(report.status).toBe(200);
    expect(report.body.data).toEqual([
      expect.objectContaining({
        category: "S",
        percentage: 19,
        taxable_amount: 200,
        tax_amount: 38,
        invoiced: { taxable_amount: 400, tax_amount: 76 },
        credited: { taxable_amount: 200, tax_amount: 38 },
      }),
    ]);
    const receivables = await get(setup.org, "/v1/reports/receivables");
    expect(receivables.body.data).toEqual([
      expect.objectContaining({ currency: "EUR", total: 476, invoices: 2 }),
    ]);
  });
});

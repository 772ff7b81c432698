// A corrected invoice (384) whose total is below zero (BT-112 < 0): correction lines that take back
// more than the invoice bills, as EN 16931 allows (FeRD's EN16931_Rechnungskorrektur). It owes its
// customer the difference back, as one prepaid above its total does (prepaid-above-total.test.ts):
// settled at send, `amount_due` below 0, "To be refunded" in every output, no payment asked. Any
// other type (a plain invoice of one negative line is 422 on its quantity, as it always was), a
// quote and a template still refuse a total below zero.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
import {
  draft,
  get,
  invoicePdfText as pdfText,
  post,
  send,
  standardRate,
  einvoiceAt as xml,
} from "./billing/helpers";

async function sellerOrg() {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, {
    name: "Kunde AG",
    buyer_reference: "REF-1",
    electronic_address: { scheme: "9930", id: "DE987654321" },
  });
  return { org, rate, customer };
}

type Setup = Awaited<ReturnType<typeof sellerOrg>>;

/** 100.00 billed, 2 x 100.00 taken back, at 19%: a total of -119.00. */
const body = (setup: Setup, extra: Record<string, unknown> = {}) => ({
  customer_id: setup.customer.id,
  type_code: "384",
  preceding_invoice: { number: "R-2025-17", issue_date: "2025-11-03" },
  items: [
    { description: "Lieferung", quantity: 1, unit_price: 100, tax_rate_id: setup.rate.id },
    { description: "Rücknahme", quantity: -2, unit_price: 100, tax_rate_id: setup.rate.id },
  ],
  ...extra,
});

describe("an invoice whose total is below zero", () => {
  it("is taken, sent settled with amount_due below 0, and states its negative totals in UBL and CII", async () => {
    const setup = await sellerOrg();
    const created = await draft(setup.org, body(setup));
    expect(created).toMatchObject({ subtotal: -100, tax_total: -19, total: -119, amount_due: -119 });
    const sent = await send(setup.org, created.id);
    expect(sent).toMatchObject({ status: "paid", total: -119, amount_paid: 0, amount_due: -119 });
    expect(sent.paid_at).toEqual(expect.any(String));

    const ubl = await xml(setup.org, sent.id, "syntax=ubl");
    expect(ubl).toContain("<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>");
    expect(ubl).toContain('<cbc:TaxInclusiveAmount currencyID="EUR">-119.00</cbc:TaxInclusiveAmount>');
    expect(ubl).toContain('<cbc:PayableAmount currencyID="EUR">-119.00</cbc:PayableAmount>');
    // Nothing is asked: payment means "not defined" (1), no account.
    expect(ubl).toContain("<cbc:PaymentMeansCode>1</cbc:PaymentMeansCode>");
    expect(ubl).not.toContain("<cac:PayeeFinancialAccount>");
    const cii = await xml(setup.org, sent.id, "syntax=cii");
    expect(cii).toContain("<ram:GrandTotalAmount>-119.00</ram:GrandTotalAmount>");
    expect(cii).toContain("<ram:DuePayableAmount>-119.00</ram:DuePayableAmount>");

    expect(await pdfText(setup.org, sent.id)).toMatch(/To be refunded\s+€119\.00/);
    const url = sent.hosted_url as string;
    const page = await api("GET", `/i/${url.slice(url.lastIndexOf("/") + 1)}`);
    expect(page.status).toBe(200);
    expect(page.body as string).toContain("To be refunded");
    expect(page.body as string).not.toContain("Pay now");
  });

  it("the e-mail says its total is below zero and what is refunded, with a To be refunded row and no due date", async () => {
    const setup = await sellerOrg();
    const sent = await send(setup.org, (await draft(setup.org, body(setup))).id);
    const [email] = (await get(setup.org, `/v1/invoices/${sent.id}/emails`)).body.data;
    const text = (email.text as string).replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain(
      `Please find invoice ${sent.number} below. Its total is below zero: we will refund you €119.00.`,
    );
    expect(text).not.toContain("prepayments");
    expect(text).toContain("\nTo be refunded: €119.00\n");
    expect(text).not.toContain("Due date");
    expect(email.html).toContain("To be refunded");
    // The hosted page's totals end with it too, as the PDF's do.
    const url = sent.hosted_url as string;
    const page = (await api("GET", `/i/${url.slice(url.lastIndexOf("/") + 1)}`)).body as string;
    expect(page.replace(/[\u00a0\u202f]/g, " ")).toContain(
      '<tr class="grand"><th scope="row">To be refunded</th><td class="num">€119.00</td></tr>',
    );
  });

  it("every language says its total is below zero, not that prepayments exceed it", async () => {
    const setup = await sellerOrg();
    const words: Record<string, string> = {
      en: "Its total is below zero: we will refund you €119.00.",
      de: "Der Rechnungsbetrag ist negativ: Wir erstatten Ihnen 119,00 €.",
      fr: "Son montant total est négatif : nous vous remboursons 119,00 €.",
      es: "Su importe total es negativo: le reembolsaremos 119,00 €.",
      it: "Il totale è negativo: le rimborseremo 119,00 €.",
      nl: "Het totaal is negatief: wij betalen u € 119,00 terug.",
      pl: "Jej kwota jest ujemna: zwrócimy Państwu 119,00 €.",
    };
    for (const [locale, intro] of Object.entries(words)) {
      const invoice = await draft(setup.org, body(setup, { locale }));
      const preview = await get(setup.org, `/v1/invoices/${invoice.id}/email-preview`);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      const text = (preview.body.text as string).replace(/[\u00a0\u202f]/g, " ");
      expect(text, locale).toContain(intro);
    }
  });

  it("takes no credit note: it bills nothing that could be credited", async () => {
    const setup = await sellerOrg();
    const sent = await send(setup.org, (await draft(setup.org, body(setup))).id);
    for (const note of [{ amount: 10 }, { lines: [{ invoice_item_id: sent.items[0].id, quantity: 1 }] }]) {
      const res = await post(setup.org, "/v1/credit-notes", { invoice_id: sent.id, reason: "x", ...note });
      const error = expectError(res, 409, "conflict");
      expect(error.message).toMatch(/total is below zero/);
      expect(error.details).toMatchObject({ reason: "invoice_total_below_zero" });
    }
    // Voiding is a credit note of what is due: refused alike (the invoice is settled at send).
    const voided = await post(setup.org, `/v1/invoices/${sent.id}/void`, {});
    expect(voided.status).toBe(409);
    expect((await get(setup.org, `/v1/invoices/${sent.id}`)).body).toMatchObject({
      status: "paid",
      amount_due: -119,
    });
  });

  it("is refused on any other type, as before: a plain invoice, a partial one, a self-billed one", async () => {
    const setup = await sellerOrg();
    for (const kind of ["380", "326", "389"]) {
      const res = await post(
        setup.org,
        "/v1/invoices",
        body(setup, { type_code: kind, preceding_invoice: null }),
      );
      expect(expectError(res, 422, "validation_error").details, kind).toEqual({
        "items.1.quantity":
          "The total would be below zero: correction lines may reduce it to 0 at most (issue a credit note instead)",
      });
    }
    // A draft corrected invoice below zero cannot become another type either.
    const draftInvoice = await draft(setup.org, body(setup));
    const changed = await api("PATCH", `/v1/invoices/${draftInvoice.id}`, {
      token: setup.org.owner.key,
      body: { type_code: "380" },
    });
    expect(expectError(changed, 422, "validation_error").details).toEqual({
      type_code: "The total is below zero: only a corrected invoice (type_code 384) may total below zero",
    });
  });

  it("is refused on a quote", async () => {
    const setup = await sellerOrg();
    const { type_code: _t, preceding_invoice: _p, ...quote } = body(setup);
    const res = await post(setup.org, "/v1/quotes", quote);
    expect(expectError(res, 422, "validation_error").details).toHaveProperty(["items.1.quantity"]);
  });
});

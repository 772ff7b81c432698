// An invoice whose prepaid amount (BT-113) is above its total: a final bill after larger advance
// payments, which owes its customer the difference back (BT-115 below 0, KoSIT's 03.01a). What
// the API accepts and refuses, what it answers at send (settled, `amount_due` below 0), what
// every output states (UBL and CII, the PDF, the hosted page, the e-mail in every language), what
// it is not (paid into, reminded, matched to a transfer, a receivable), and its credit notes,
// which add to what it owes back.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sweepReminders } from "../../src/services/invoices/reminders";
import { nextEvents } from "../../src/services/test-clock";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { camt053 } from "../helpers/bank-statements";
import { dbOf } from "../helpers/db";
import { createCustomer, SELLER } from "../helpers/factories";
import {
  draft,
  get,
  hostedPageOf as hostedPage,
  invoicePdfText as pdfText,
  post,
  send,
  standardRate,
  einvoiceAt as xml,
} from "./billing/helpers";

async function sellerOrg(profile: Record<string, unknown> = {}) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: { ...SELLER, reminder_schedule: [{ offset_days: 3 }], ...profile },
  });
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

/** 100.00 at 19%: a total of 119.00; prepaid 150.00 leaves 31.00 owed back. */
const body = (setup: Setup, extra: Record<string, unknown> = {}) => ({
  customer_id: setup.customer.id,
  items: [{ description: "Strom", quantity: 1, unit_price: 100, tax_rate_id: setup.rate.id }],
  prepaid_amount: 150,
  ...extra,
});

const create = (org: TestOrg, payload: Record<string, unknown>) => post(org, "/v1/invoices", payload);

const row = (label: string, value: string) => `<th scope="row">${label}</th><td class="num">${value}</td>`;

describe("a prepaid amount above the total", () => {
  it("is taken on an invoice the customer pays: amount_due below 0, on create and on PATCH", async () => {
    const setup = await sellerOrg();
    const invoice = await draft(setup.org, body(setup));
    expect(invoice).toMatchObject({
      status: "draft",
      total: 119,
      prepaid_amount: 150,
      amount_paid: 0,
      amount_due: -31,
    });
    const patched = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: setup.org.owner.key,
      body: { prepaid_amount: 1030 },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ total: 119, prepaid_amount: 1030, amount_due: -911 });
    // A corrected, partial or final construction invoice may owe back too.
    for (const kind of [
      { type_code: "384", preceding_invoice: { number: "EXT-1" } },
      { type_code: "326" },
      { type_code: "877" },
    ]) {
      const res = await create(setup.org, body(setup, kind));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type_code: kind.type_code, amount_due: -31 });
    }
  });

  it("is refused where the organization pays (381, 389), and a negative prepaid amount as before", async () => {
    const setup = await sellerOrg();
    for (const kind of [{ type_code: "381", preceding_invoice: { number: "EXT-1" } }, { type_code: "389" }]) {
      const res = await create(setup.org, body(setup, kind));
      expect(expectError(res, 422, "validation_error").details, kind.type_code).toEqual({
        prepaid_amount: "The prepaid amount is larger than the invoice total",
      });
    }
    // A type change that would make an invoice owing back one the organization pays.
    const invoice = await draft(setup.org, body(setup));
    const changed = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: setup.org.owner.key,
      body: { type_code: "389" },
    });
    expect(expectError(changed, 422, "validation_error").details).toEqual({
      prepaid_amount: "The prepaid amount is larger than the invoice total",
    });
    expect((await get(setup.org, `/v1/invoices/${invoice.id}`)).body).toMatchObject({
      type_code: "380",
      amount_due: -31,
    });
    const negative = await create(setup.org, body(setup, { prepaid_amount: -1 }));
    expect(expectError(negative, 422, "validation_error").details).toEqual({
      prepaid_amount: "Must be greater than or equal to 0",
    });
  });

  it("is settled as it is sent: paid, nothing paid into it, amount_due below 0", async () => {
    const setup = await sellerOrg();
    const invoice = await draft(setup.org, body(setup));
    const sent = await send(setup.org, invoice.id);
    expect(sent).toMatchObject({ status: "paid", amount_paid: 0, amount_credited: 0, amount_due: -31 });
    expect(sent.paid_at).toBeTruthy();
    const payment = await post(setup.org, `/v1/invoices/${invoice.id}/payments`, { amount: 1 });
    expect(expectError(payment, 409, "conflict").details).toMatchObject({ reason: "invoice_paid" });
    expect((await post(setup.org, `/v1/invoices/${invoice.id}/pay`)).status).toBe(409);
  });

  it("UBL and CII state the amount due below 0 and payment means 'not defined', no account to pay into", async () => {
    const setup = await sellerOrg();
    const invoice = await draft(
      setup.org,
      body(setup, { payment_terms: "Wir erstatten das Guthaben auf Ihr Konto." }),
    );
    await send(setup.org, invoice.id);
    const ubl = await xml(setup.org, invoice.id, "syntax=ubl");
    expect(ubl).toContain(
      '<cbc:TaxInclusiveAmount currencyID="EUR">119.00</cbc:TaxInclusiveAmount>' +
        '<cbc:AllowanceTotalAmount currencyID="EUR">0.00</cbc:AllowanceTotalAmount>' +
        '<cbc:PrepaidAmount currencyID="EUR">150.00</cbc:PrepaidAmount>' +
        '<cbc:PayableRoundingAmount currencyID="EUR">0.00</cbc:PayableRoundingAmount>' +
        '<cbc:PayableAmount currencyID="EUR">-31.00</cbc:PayableAmount>',
    );
    expect(ubl).toContain(
      "<cac:PaymentMeans><cbc:PaymentMeansCode>1</cbc:PaymentMeansCode></cac:PaymentMeans>" +
        "<cac:PaymentTerms><cbc:Note>Wir erstatten das Guthaben auf Ihr Konto.</cbc:Note></cac:PaymentTerms>",
    );
    expect(ubl).not.toContain("DE89370400440532013000");
    const cii = await xml(setup.org, invoice.id, "syntax=cii");
    expect(cii).toContain(
      "<ram:TotalPrepaidAmount>150.00</ram:TotalPrepaidAmount><ram:DuePayableAmount>-31.00</ram:DuePayableAmount>",
    );
    expect(cii).toContain(
      "<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>1</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>",
    );
    expect(cii).not.toContain("DE89370400440532013000");
  });

  it("is ready as XRechnung and Peppol without the seller's account: its payment instructions are 'not defined'", async () => {
    const setup = await sellerOrg({ iban: null });
    const customer = await createCustomer(setup.org, {
      name: "Stadt Köln",
      buyer_reference: "04011000-12345-67",
      electronic_address: { scheme: "0204", id: "04011000-12345-67" },
      einvoice_profile: "xrechnung",
    });
    const invoice = await draft(setup.org, body(setup, { customer_id: customer.id }));
    expect(invoice.einvoice.missing).toEqual([]);
    const sent = await send(setup.org, invoice.id);
    expect(sent).toMatchObject({ status: "paid", einvoice: { ready: true, missing: [] } });
    const ubl = await xml(setup.org, invoice.id, "syntax=ubl");
    expect(ubl).toContain("<cbc:PaymentMeansCode>1</cbc:PaymentMeansCode>");
    expect(ubl).toContain('<cbc:PayableAmount currencyID="EUR">-31.00</cbc:PayableAmount>');
    // An invoice of the same customer that asks to be paid still needs the account.
    const owed = await draft(setup.org, body(setup, { customer_id: customer.id, prepaid_amount: 0 }));
    expect(owed.einvoice.missing).toContain("organization.iban");
    // Peppol between German parties (DE-R-001) takes the same 'not defined' instructions.
    const peppol = await draft(setup.org, body(setup));
    expect(peppol.einvoice.missing).toEqual([]);
    const asked = await draft(setup.org, body(setup, { prepaid_amount: 0 }));
    expect(asked.einvoice.missing).toContain("organization.iban");
  });

  it("keeps its refund terms between two Dutch parties, which state no payment means (NL-R-008)", async () => {
    const dutch = { line1: "Damrak 1", city: "Amsterdam", postal_code: "1012 LG", country: "NL" };
    const setup = await sellerOrg({ address: dutch, vat_id: "NL123456789B01", iban: "NL91ABNA0417164300" });
    const customer = await createCustomer(setup.org, {
      name: "Klant BV",
      address: { ...dutch, line1: "Kalverstraat 2" },
      buyer_reference: "REF-1",
      electronic_address: { scheme: "0060", id: "123456789" },
    });
    const terms = "Wij betalen het tegoed terug op uw rekening.";
    const invoice = await draft(
      setup.org,
      body(setup, { customer_id: customer.id, payment_terms: terms, locale: "nl" }),
    );
    const sent = await send(setup.org, invoice.id);
    expect(sent).toMatchObject({ status: "paid", amount_due: -31, einvoice: { ready: true, missing: [] } });
    const ubl = await xml(setup.org, invoice.id, "syntax=ubl");
    expect(ubl).not.toContain("<cac:PaymentMeans>");
    expect(ubl).toContain(`<cac:PaymentTerms><cbc:Note>${terms}</cbc:Note></cac:PaymentTerms>`);
    const cii = await xml(setup.org, invoice.id, "syntax=cii");
    expect(cii).not.toContain("<ram:SpecifiedTradeSettlementPaymentMeans>");
    expect(cii).toContain(`<ram:SpecifiedTradePaymentTerms><ram:Description>${terms}</ram:Description>`);
    expect(await pdfText(setup.org, invoice.id)).toContain(terms);
    expect(await hostedPage(sent)).toContain(`<dd>${terms}</dd>`);
  });

  it("the PDF says what is refunded and how, with no amount due, due date, account or QR code", async () => {
    const setup = await sellerOrg();
    const invoice = await draft(
      setup.org,
      body(setup, { payment_terms: "We refund the credit to your account." }),
    );
    await send(setup.org, invoice.id);
    const text = await pdfText(setup.org, invoice.id);
    expect(text).toContain("Prepaid");
    expect(text).toContain("To be refunded");
    expect(text).toContain("€31.00");
    expect(text).toMatch(/Payment terms\s+We refund the credit to your account\./);
    // Nothing is asked by a date.
    expect(text).not.toContain("Due date");
    expect(text).not.toContain("Amount due");
    expect(text).not.toMatch(/[-−]€31\.00/);
    expect(text).not.toContain("DE89 3704 0044 0532 0130 00");
    expect(text).not.toContain("Scan to pay");
  });

  it("the hosted page says what is refunded and how, settled, with no Pay now, due date, account or QR code", async () => {
    const setup = await sellerOrg();
    const sent = await send(
      setup.org,
      (await draft(setup.org, body(setup, { payment_terms: "We refund the credit to your account." }))).id,
    );
    const page = await hostedPage(sent);
    expect(page).toContain('<p class="due">To be refunded: €31.00</p>');
    // Settled, not "Paid": nothing was paid into it.
    expect(page).toContain('<span class="status status-paid">Status: Settled</span>');
    expect(page).toContain("<dt>Payment terms</dt><dd>We refund the credit to your account.</dd>");
    expect(page).not.toContain("Due date");
    expect(page).toContain(`<tr class="grand">${row("To be refunded", "€31.00")}</tr>`);
    expect(page).not.toContain("Amount due");
    expect(page).not.toMatch(/[-−]€31\.00/);
    expect(page).not.toContain("Pay now");
    expect(page).not.toContain('class="qr"');
    expect(page).not.toContain("DE89 3704 0044 0532 0130 00");
    expect(page).not.toContain("Paid on");
  });

  it("the e-mail says what is refunded and how, with no due date to pay by nor bank transfer", async () => {
    const setup = await sellerOrg();
    const invoice = await draft(
      setup.org,
      body(setup, { payment_terms: "We refund the credit to your account." }),
    );
    const sent = await send(setup.org, invoice.id);
    const [email] = (await get(setup.org, `/v1/invoices/${invoice.id}/emails`)).body.data;
    const text = (email.text as string).replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain(
      `Please find invoice ${sent.number} below. Your prepayments exceed its total: we will refund you €31.00.`,
    );
    expect(text).toContain("To be refunded");
    expect(text).not.toContain("Amount due");
    expect(text).not.toMatch(/[-−]€31\.00/);
    expect(text).not.toContain("Pay by bank transfer");
    expect(text).not.toContain(", due on");
    expect(text).not.toContain("Due date");
    expect(text).toContain("Payment terms: We refund the credit to your account.");
    expect(email.html).toContain("To be refunded");
    expect(email.html).not.toContain("Due date");
    expect(email.html).not.toContain("Pay by bank transfer");
  });

  it("every language says it is refunded, never a negative amount due", async () => {
    const setup = await sellerOrg();
    const words: Record<string, [string, string]> = {
      en: ["To be refunded", "€31.00"],
      de: ["Zu erstatten", "31,00 €"],
      fr: ["À rembourser", "31,00 €"],
      es: ["A reembolsar", "31,00 €"],
      it: ["Da rimborsare", "31,00 €"],
      nl: ["Terug te ontvangen", "€ 31,00"],
      pl: ["Do zwrotu", "31,00 €"],
    };
    for (const [locale, [label, amount]] of Object.entries(words)) {
      const invoice = await draft(setup.org, body(setup, { locale }));
      const preview = await get(setup.org, `/v1/invoices/${invoice.id}/email-preview`);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      const text = (preview.body.text as string).replace(/[\u00a0\u202f]/g, " ");
      expect(text, locale).toContain(label);
      expect(text, locale).toContain(amount);
      expect(text, locale).not.toMatch(/[-−]\s?€?\s?31[.,]00/);
      const pdf = await pdfText(setup.org, invoice.id);
      expect(pdf, locale).toContain(label);
      expect(pdf, locale).not.toMatch(/[-−]\s?€?\s?31[.,]00/);
    }
  });

  it("every language calls its status settled on the hosted page", async () => {
    const setup = await sellerOrg();
    const words: Record<string, string> = {
      en: "Status: Settled",
      de: "Status: Ausgeglichen",
      fr: "Statut: Soldée",
      es: "Estado: Liquidada",
      it: "Stato: Saldata",
      nl: "Status: Verrekend",
      pl: "Status: Rozliczona",
    };
    for (const [locale, status] of Object.entries(words)) {
      const sent = await send(setup.org, (await draft(setup.org, body(setup, { locale }))).id);
      expect(await hostedPage(sent), locale).toContain(`<span class="status status-paid">${status}</span>`);
    }
  });

  it("is never reminded: the sweep sends nothing and the test clock plans nothing, past its due date", async () => {
    const setup = await sellerOrg();
    const invoice = await draft(setup.org, body(setup, { due_date: "2030-01-31" }));
    await send(setup.org, invoice.id);
    const db = await dbOf(setup.org.organizationId);
    expect((await nextEvents(db, setup.org.organizationId))["payment-reminders"]).toBeNull();
    await sweepReminders(env, new Date("2030-03-01T09:00:00Z"), { organizationId: setup.org.organizationId });
    const kinds = (
      (await get(setup.org, `/v1/invoices/${invoice.id}/emails`)).body.data as { kind: string }[]
    ).map((e) => e.kind);
    expect(kinds).toEqual(["invoice"]);
    expect((await post(setup.org, `/v1/invoices/${invoice.id}/send`)).status).toBe(409);
  });

  it("is no receivable, and a transfer naming it is neither matched nor suggested", async () => {
    const setup = await sellerOrg();
    const invoice = await draft(setup.org, body(setup));
    const sent = await send(setup.org, invoice.id);
    const receivables = await get(setup.org, "/v1/reports/receivables");
    expect(receivables.status).toBe(200);
    expect(receivables.body.data).toEqual([]);
    const upload = await api("POST", "/v1/bank-statements", {
      token: setup.org.owner.key,
      rawBody: camt053([
        { amount: 31, name: "Kunde AG", structured: sent.payment_reference, bankRef: "T-1" },
      ]),
      headers: { "Content-Type": "application/xml" },
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect(upload.body).toMatchObject({ matched: 0, suggested: 0 });
    expect((await get(setup.org, `/v1/invoices/${invoice.id}`)).body).toMatchObject({
      status: "paid",
      amount_paid: 0,
      amount_due: -31,
    });
  });
});

describe("a credit note of an invoice that owes back", () => {
  it("adds to what it owes back and refunds nothing itself; crediting everything owes back all that was prepaid", async () => {
    const setup = await sellerOrg();
    const invoice = await draft(setup.org, body(setup));
    const sent = await send(setup.org, invoice.id);
    // How a refund is made is the invoice's to say (its payment terms): the note refunds nothing.
    const refunding = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Zählerstand korrigiert",
      amount: 50,
      refund_method: "bank_transfer",
      refund_reference: "R-1",
    });
    expect(expectError(refunding, 422, "validation_error").details).toEqual({
      refund_method: expect.stringMatching(
        /^A credit note of an invoice that owes back refunds nothing itself/,
      ),
      refund_reference: expect.stringMatching(
        /^A credit note of an invoice that owes back refunds nothing itself/,
      ),
    });
    expect((await get(setup.org, `/v1/invoices/${invoice.id}`)).body).toMatchObject({ amount_credited: 0 });
    const first = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Zählerstand korrigiert",
      amount: 50,
      refund_method: null,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ total: 50, refund_amount: 0 });
    expect((await get(setup.org, `/v1/invoices/${invoice.id}`)).body).toMatchObject({
      status: "paid",
      amount_paid: 0,
      amount_credited: 50,
      amount_due: -81,
    });
    const page = await hostedPage(sent);
    const [, panel = ""] = page.split('<section class="balance"');
    expect(panel).toContain(row("To be refunded", "€31.00"));
    expect(panel).toContain(row("Credited", "+€50.00"));
    expect(panel).toContain(`<tr class="grand">${row("To be refunded", "€81.00")}</tr>`);
    expect(page).toContain('<p class="due">To be refunded: €81.00</p>');

    const rest = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Vertrag storniert",
      amount: 69,
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.refund_amount).toBe(0);
    expect((await get(setup.org, `/v1/invoices/${invoice.id}`)).body).toMatchObject({
      status: "paid",
      amount_credited: 119,
      amount_due: -150,
    });
    const report = await get(setup.org, `/v1/reports/tax?from=${sent.issue_date}&to=${sent.issue_date}`);
    expect(report.body.data).toMatchObject([{ taxable_amount: 0, tax_amount: 0 }]);
  });
});

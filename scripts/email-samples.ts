// A sample invoice (discounts, two VAT rates, bank details, a service period), its credit note and
// a quote, and every e-mail kind rendered from them: for scripts/email-preview.tsx (screenshots)
// and the browser test (test/node/email-browser.test.ts).
import type { Locale } from "../src/db/schema/identity";
import type { IssuedDocument } from "../src/document/model";
import {
  type RenderedEmail,
  renderCreditNoteEmail,
  renderInvoiceEmail,
  renderQuoteEmail,
  renderReceiptEmail,
} from "../src/render/email";
import { line, sampleInvoice } from "./sample-invoice";

export const EMAIL_KINDS = [
  "invoice",
  "recurring",
  "reminder-friendly",
  "reminder-firm",
  "reminder-final",
  "credit-note",
  "quote",
  "receipt",
] as const;
export type SampleKind = (typeof EMAIL_KINDS)[number];

export function sampleEmails(locale: Locale): Record<SampleKind, Promise<RenderedEmail>> {
  const invoice = sampleInvoice(locale);

  const creditNote: IssuedDocument = {
    ...invoice,
    kind: "credit_note",
    typeCode: "381",
    number: "CN-000007",
    issueDate: "2026-11-06",
    dueDate: null,
    references: { ...invoice.references, preceding: { number: "INV-000042", issueDate: "2026-11-02" } },
    lines: [line(1, "Hosting, October (outage credit)", 10_000, "MON", 4_000, 0, 19)],
    pricesIncludeTax: false,
    allowances: [],
    breakdown: [],
    totals: {
      lineTotalMinor: 4_000,
      allowanceTotalMinor: 0,
      chargeTotalMinor: 0,
      taxExclusiveMinor: 4_000,
      taxMinor: 760,
      taxInclusiveMinor: 4_760,
      prepaidMinor: 0,
      roundingMinor: 0,
      grandTotalMinor: 4_760,
      payableMinor: 4_760,
    },
    reason: "Service outage on 14 October",
    payment: null,
    notes: null,
  };

  const quote: IssuedDocument = {
    ...invoice,
    kind: "quote",
    typeCode: null,
    number: "QT-000012",
    dueDate: null,
    validUntil: "2026-12-01",
    payment: null,
  };

  const branding = { brandColor: "#0B4F8A", logoUrl: null };
  const hostedUrl = "https://billing.acme.example/i/sample-token";
  const balance = { paidMinor: 20_000, creditedMinor: 4_760, dueMinor: 50_802 - 20_000 - 4_760 };

  return {
    invoice: renderInvoiceEmail(invoice, { kind: "invoice", branding, hostedUrl }),
    recurring: renderInvoiceEmail(invoice, { kind: "invoice", branding, hostedUrl, recurring: true }),
    "reminder-friendly": renderInvoiceEmail(invoice, {
      kind: "reminder",
      tone: "friendly",
      branding,
      hostedUrl,
      balance,
    }),
    "reminder-firm": renderInvoiceEmail(invoice, {
      kind: "reminder",
      tone: "firm",
      branding,
      hostedUrl,
      balance,
    }),
    "reminder-final": renderInvoiceEmail(invoice, {
      kind: "reminder",
      tone: "final",
      branding,
      hostedUrl,
      balance,
    }),
    "credit-note": renderCreditNoteEmail(creditNote, branding),
    quote: renderQuoteEmail(quote, branding),
    receipt: renderReceiptEmail(invoice, {
      branding,
      hostedUrl,
      payment: { amountMinor: 20_000, receivedAt: "2026-11-05" },
      balance,
    }),
  };
}

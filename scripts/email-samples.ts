// A sample invoice (discounts, two VAT rates, bank details, a service period), its credit note and
// a quote, and every e-mail kind rendered from them: for scripts/email-preview.tsx (screenshots)
// and the browser test (test/node/email-browser.test.ts).
import type { Locale } from "../src/db/schema/identity";
import {
  type RenderedEmail,
  renderCreditNoteEmail,
  renderInvoiceEmail,
  renderQuoteEmail,
  renderReceiptEmail,
} from "../src/render/email";
import type { IssuedDocument, IssuedLine } from "../src/services/issued-document/model";

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

const line = (
  position: number,
  description: string,
  quantity: number,
  unitCode: string,
  unitPriceMinor: number,
  discountMinor: number,
  percent: number,
): IssuedLine => {
  const net = (quantity * unitPriceMinor) / 10_000 - discountMinor;
  const tax = Math.round((net * percent) / 100);
  return {
    position,
    description,
    quantity,
    unitCode,
    unitPriceMinor,
    netPrice: (unitPriceMinor / 100).toFixed(2),
    taxInclusive: false,
    discountMinor,
    allowanceMinor: discountMinor,
    amountMinor: net,
    netMinor: net,
    taxMinor: tax,
    grossMinor: net + tax,
    category: "S",
    percentScaled: percent * 10_000,
  };
};

export function sampleEmails(locale: Locale): Record<SampleKind, Promise<RenderedEmail>> {
  const invoice: IssuedDocument = {
    version: 2,
    kind: "invoice",
    typeCode: "380",
    draft: false,
    number: "INV-000042",
    issueDate: "2026-11-02",
    dueDate: "2026-11-16",
    validUntil: null,
    currency: "EUR",
    locale,
    brandColor: "#0B4F8A",
    seller: {
      name: "Acme GmbH",
      legal_name: "Acme Software GmbH",
      address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
      vat_id: "DE123456789",
      email: "billing@acme.example",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      account_holder: "Acme Software GmbH",
    },
    buyer: {
      name: "Globex Corporation",
      email: "ap@globex.example",
      address: { line1: "12 Rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
      vat_id: "FR12345678901",
      buyer_reference: null,
      electronic_address: null,
    },
    references: {
      buyerReference: null,
      purchaseOrder: "PO-7781",
      servicePeriod: { start: "2026-10-01", end: "2026-10-31" },
      deliveryDate: null,
      preceding: null,
    },
    lines: [
      line(1, "Design work: landing page and checkout flow", 30_000, "HUR", 12_000, 3_600, 19),
      line(2, "Hosting, October", 10_000, "MON", 4_000, 0, 19),
      line(3, "Printed handbook", 40_000, "C62", 2_499, 500, 7),
    ],
    pricesIncludeTax: false,
    allowances: [
      { reason: "Loyalty 5 %", amountMinor: 1_820, category: "S", percentScaled: 190_000 },
      { reason: "Loyalty 5 %", amountMinor: 475, category: "S", percentScaled: 70_000 },
    ],
    breakdown: [
      {
        category: "S",
        percentScaled: 190_000,
        taxableMinor: 34_580,
        taxMinor: 6_570,
        grossMinor: 41_150,
        inclusive: false,
        statement: null,
      },
      {
        category: "S",
        percentScaled: 70_000,
        taxableMinor: 9_021,
        taxMinor: 631,
        grossMinor: 9_652,
        inclusive: false,
        statement: null,
      },
    ],
    statements: [],
    totals: {
      lineTotalMinor: 45_896,
      allowanceTotalMinor: 2_295,
      chargeTotalMinor: 0,
      taxExclusiveMinor: 43_601,
      taxMinor: 7_201,
      taxInclusiveMinor: 50_802,
      prepaidMinor: 0,
      roundingMinor: 0,
      grandTotalMinor: 50_802,
      payableMinor: 50_802,
    },
    refundMinor: 0,
    reason: null,
    payment: {
      meansCode: "58",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      accountName: "Acme Software GmbH",
      reference: "INV-000042",
      terms: null,
      epcPayload: null,
    },
    notes: "Thank you for your business.",
    footer: "Acme Software GmbH · Amtsgericht München HRB 123456 · Geschäftsführung: A. Muster",
  };

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

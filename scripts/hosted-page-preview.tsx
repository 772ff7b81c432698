// Prints the hosted invoice page of a sample invoice (discounts, two VAT rates, references, a
// payment and a credit note), for looking at it in a browser or taking the screenshots in
// docs/img/ (docs/hosted-page.md; scripts/hosted-page-screenshots.mjs takes them).
// The page is a pure function of the issued-document model, so no server is needed:
//   npx tsx scripts/hosted-page-preview.tsx [locale=en] > /tmp/page.html
// Type-checked with src/ (tsconfig.json: JSX and the Workers types), so Node's `process` is declared here.
import type { Locale } from "../src/db/schema/identity";
import { epcPayload } from "../src/lib/epc-qr";
import { renderHostedInvoicePage } from "../src/render/hosted-page";
import type { InvoiceStanding } from "../src/services/issued-document/live";
import type { IssuedDocument, IssuedLine } from "../src/services/issued-document/model";

declare const process: { argv: string[] };
const locale = process.argv[2] ?? "en";

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

const doc: IssuedDocument = {
  version: 2,
  kind: "invoice",
  typeCode: "380",
  draft: false,
  number: "INV-000042",
  issueDate: "2026-11-02",
  dueDate: "2026-11-16",
  validUntil: null,
  currency: "EUR",
  locale: locale as Locale,
  seller: {
    name: "Acme GmbH",
    legal_name: "Acme Software GmbH",
    address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
    vat_id: "DE123456789",
    email: "billing@acme.example",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    account_holder: "Acme Software GmbH",
    invoice_footer: "Acme Software GmbH · Amtsgericht München HRB 123456 · Geschäftsführung: A. Muster",
  },
  brandColor: "#7A2E8E",
  buyer: {
    name: "Globex Corporation",
    email: "ap@globex.example",
    address: { line1: "12 Rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
    vat_id: "FR12345678901",
    buyer_reference: "GLX-ACCT-7",
    electronic_address: null,
  },
  references: {
    buyerReference: "GLX-ACCT-7",
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
    terms: "14 days net",
    epcPayload: null,
  },
  notes: "Thank you for your business.",
  footer: "Acme Software GmbH · Amtsgericht München HRB 123456 · Geschäftsführung: A. Muster",
};

const dueMinor = 50_802 - 20_000 - 4_760;
const live: InvoiceStanding = {
  payments: [
    { receivedAt: "2026-11-05T09:30:00Z", amountMinor: 20_000, method: "bank_transfer", reference: null },
  ],
  creditNotes: [{ number: "CN-000007", issueDate: "2026-11-06", amountMinor: 4_760 }],
  paidMinor: 20_000,
  creditedMinor: 4_760,
  dueMinor,
  refundedMinor: 0,
  status: "sent",
  acceptsPayment: true,
  epcPayload: epcPayload({
    name: "Acme Software GmbH",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    amountMinor: dueMinor,
    reference: "INV-000042",
  }),
  paidAt: null,
};

// A stand-in logo (the Worker serves the organization's own from /i/{token}/logo).
const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48">' +
  '<rect width="48" height="48" rx="10" fill="#7A2E8E"/><path d="M12 36 24 10l12 26z" fill="#fff"/>' +
  '<text x="58" y="33" font-family="sans-serif" font-size="24" font-weight="700" fill="#7A2E8E">Acme</text></svg>';
const logo = { url: `data:image/svg+xml;base64,${btoa(logoSvg)}`, width: 160, height: 48 };

console.log(await renderHostedInvoicePage(doc, live, { pdf: "#pdf", xml: "#xml", pay: "#pay" }, logo));

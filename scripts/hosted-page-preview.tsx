// Prints the hosted invoice page of a sample invoice (discounts, two VAT rates, references, a
// payment and a credit note), for looking at it in a browser or taking the screenshots in
// docs/img/ (docs/hosted-page.md; scripts/hosted-page-screenshots.mjs takes them).
// The page is a pure function of the issued-document model, so no server is needed:
//   npx tsx scripts/hosted-page-preview.tsx [locale=en] > /tmp/page.html
// Type-checked with src/ (tsconfig.json: JSX and the Workers types), so Node's `process` is declared here.
import type { Locale } from "../src/db/schema/identity";
import type { IssuedDocument } from "../src/document/model";
import { epcPayload } from "../src/lib/epc-qr";
import { renderHostedInvoicePage } from "../src/render/hosted-page";
import type { InvoiceStanding } from "../src/services/issued-document/live";
import { sampleInvoice } from "./sample-invoice";

declare const process: { argv: string[] };
const locale = process.argv[2] ?? "en";

// The e-mails' sample invoice, as a seller with its own color, footer and terms would issue it.
const sample = sampleInvoice(locale as Locale);
const doc: IssuedDocument = {
  ...sample,
  brandColor: "#7A2E8E",
  seller: {
    ...sample.seller,
    invoice_footer: "Acme Software GmbH · Amtsgericht München HRB 123456 · Geschäftsführung: A. Muster",
  },
  buyer: { ...sample.buyer, buyer_reference: "GLX-ACCT-7" },
  references: { ...sample.references, buyerReference: "GLX-ACCT-7" },
  payment: sample.payment && { ...sample.payment, terms: "14 days net" },
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
  receivedMinor: 20_000,
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

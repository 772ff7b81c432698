// The renderers of bench/render-cpu.mjs, fed synthetic issued documents (the model every output
// is rendered from): the PDF, its EN 16931 view for UBL and CII, and the Factur-X (PDF + CII).
// Bundled for Node by esbuild.

import type { IssuedDocument } from "../src/document/model";
import { epcPayload } from "../src/lib/epc-qr";
import { vatStatementLines } from "../src/lib/vat-statements";
import { renderCii } from "../src/render/einvoice/cii";
import { en16931Document } from "../src/render/einvoice/model";
import { renderUbl } from "../src/render/einvoice/ubl";
import { drawDocumentPdf, renderDocumentPdf } from "../src/render/pdf/document";
import type { PrintableLogo } from "../src/services/logo/normalize";

const address = {
  line1: "ul. Piotrkowska 1",
  line2: null,
  city: "Łódź",
  postal_code: "90-001",
  region: null,
  country: "PL",
};

/** A sent invoice of `lines` lines; `seed` makes every text unique (no cache sees it twice). */
export function pdfModel(lines: number, seed: number): IssuedDocument {
  const net = (i: number) => (1 + ((i + seed) % 5)) * (1000 + i);
  const subtotal = Array.from({ length: lines }, (_, i) => net(i)).reduce((a, b) => a + b, 0);
  const tax = Math.round(subtotal * 0.19);
  const breakdown = [
    {
      tax_rate_id: null,
      category: "S" as const,
      percent_scaled: 190000,
      inclusive: false,
      taxable_minor: subtotal,
      tax_minor: tax,
      gross_minor: subtotal + tax,
      exemption_reason: null,
      exemption_reason_code: null,
    },
  ];
  const number = `INV-${String(seed).padStart(6, "0")}`;
  return {
    version: 2,
    kind: "invoice",
    typeCode: "380",
    draft: false,
    number,
    issueDate: "2026-11-23",
    dueDate: "2026-12-23",
    validUntil: null,
    currency: "EUR",
    locale: "en",
    seller: {
      name: "Łódź Škoda",
      legal_name: "Łódź Škoda Sp. z o.o.",
      trading_name: null,
      address,
      vat_id: "PL5260250995",
      tax_registration_id: null,
      company_id: "KRS 0000123456",
      email: "faktury@skoda.example",
      phone: "+48 42 123 45 67",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      account_holder: null,
      invoice_footer: "Zarząd: Ørsted Müller",
      locale: "en",
      electronic_address: { scheme: "9945", id: "PL5260250995" },
    },
    brandColor: "#0B4F8A",
    buyer: {
      name: `Müller Ørsted ΑΕ ${seed}`,
      email: null,
      address: { line1: "Οδός Ερμού 5", city: "Αθήνα", postal_code: "10563", country: "GR" },
      vat_id: "EL094019245",
      electronic_address: { scheme: "9933", id: "EL094019245" },
    },
    references: {
      buyerReference: "REF-1",
      purchaseOrder: null,
      servicePeriod: null,
      deliveryDate: null,
      preceding: null,
    },
    lines: Array.from({ length: lines }, (_, i) => ({
      position: i + 1,
      description: `Line ${i + 1}: consulting work, Москва office ${seed}`,
      quantity: (1 + ((i + seed) % 5)) * 10_000, // 4 decimals, as stored
      unitCode: "C62",
      unitPriceMinor: 1000 + i,
      netPrice: money(1000 + i),
      taxInclusive: false,
      discountMinor: 0,
      allowanceMinor: 0,
      amountMinor: net(i),
      netMinor: net(i),
      taxMinor: Math.round(net(i) * 0.19),
      grossMinor: net(i) + Math.round(net(i) * 0.19),
      category: "S",
      percentScaled: 190000,
    })),
    pricesIncludeTax: false,
    allowances: [],
    breakdown: breakdown.map((entry) => ({
      category: entry.category,
      percentScaled: entry.percent_scaled,
      taxableMinor: entry.taxable_minor,
      taxMinor: entry.tax_minor,
      grossMinor: entry.gross_minor,
      inclusive: false,
      statement: null,
    })),
    statements: vatStatementLines(breakdown, "en"),
    totals: {
      lineTotalMinor: subtotal,
      allowanceTotalMinor: 0,
      chargeTotalMinor: 0,
      taxExclusiveMinor: subtotal,
      taxMinor: tax,
      taxInclusiveMinor: subtotal + tax,
      prepaidMinor: 0,
      roundingMinor: 0,
      grandTotalMinor: subtotal + tax,
      payableMinor: subtotal + tax,
    },
    refundMinor: 0,
    reason: null,
    payment: {
      meansCode: "58",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      accountName: "Łódź Škoda Sp. z o.o.",
      reference: number,
      terms: null,
      epcPayload: epcPayload({
        name: "Łódź Škoda Sp. z o.o.",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        amountMinor: subtotal + tax,
        reference: number,
      }),
    },
    notes: "Thank you for your business",
    footer: "Zarząd: Ørsted Müller",
  };
}

function money(minor: number) {
  return (minor / 100).toFixed(2);
}

/** The same invoice in EN 16931 terms, as the e-invoices are written from it. */
export const einvoiceModel = (lines: number, seed: number) => en16931Document(pdfModel(lines, seed));

export const renderPdf = (lines: number, seed: number, logo: PrintableLogo | null = null) =>
  renderDocumentPdf(pdfModel(lines, seed), logo);

export { PDFDocument } from "pdf-lib";
export { normalizeLogo } from "../src/services/logo/normalize";

/** A Factur-X rendered alone: drawn and saved as the PDF, then made PDF/A-3 (src/render/pdf/document.ts). */
export const renderFacturx = async (lines: number, seed: number) =>
  (await drawDocumentPdf(pdfModel(lines, seed), null)).facturx({
    xml: renderCii(einvoiceModel(lines, seed)),
    date: new Date("2026-11-23T10:00:00Z"),
  });

/** What a send archives of the two: the PDF and the Factur-X, drawn once (src/render/pdf/document.ts). */
export const renderPdfAndFacturx = async (lines: number, seed: number) => {
  const drawn = await drawDocumentPdf(pdfModel(lines, seed), null);
  const facturx = await drawn.facturx({
    xml: renderCii(einvoiceModel(lines, seed)),
    date: new Date("2026-11-23T10:00:00Z"),
  });
  return { byteLength: drawn.pdf.byteLength + facturx.byteLength };
};

export const renderXml = (syntax: "ubl" | "cii", lines: number, seed: number) =>
  syntax === "ubl" ? renderUbl(einvoiceModel(lines, seed)) : renderCii(einvoiceModel(lines, seed));

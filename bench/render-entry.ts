// The renderers of bench/render-cpu.mjs, fed synthetic documents: the PDF model, the EN 16931
// model for UBL and CII, and the Factur-X (PDF + CII). Bundled for Node by esbuild.

import { renderCii } from "../src/render/einvoice/cii";
import type { EDocument } from "../src/render/einvoice/model";
import { renderUbl } from "../src/render/einvoice/ubl";
import { renderDocumentPdf } from "../src/render/pdf/document";
import type { DocumentModel } from "../src/render/pdf/model";
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
export function pdfModel(lines: number, seed: number): DocumentModel {
  const net = (i: number) => (1 + ((i + seed) % 5)) * (1000 + i);
  const subtotal = Array.from({ length: lines }, (_, i) => net(i)).reduce((a, b) => a + b, 0);
  const tax = Math.round(subtotal * 0.19);
  return {
    kind: "invoice",
    draft: false,
    number: `INV-${String(seed).padStart(6, "0")}`,
    issueDate: "2026-11-23",
    dueDate: "2026-12-23",
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
      phone: null,
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      account_holder: null,
      invoice_footer: "Zarząd: Ørsted Müller",
      locale: "en",
      electronic_address: null,
    },
    buyer: {
      name: `Müller Ørsted ΑΕ ${seed}`,
      email: null,
      address: { line1: "Οδός Ερμού 5", city: "Αθήνα", postal_code: "10563", country: "GR" },
      vat_id: "EL094019245",
      electronic_address: null,
    },
    buyerReference: null,
    purchaseOrder: null,
    servicePeriod: null,
    deliveryDate: null,
    corrects: null,
    lines: Array.from({ length: lines }, (_, i) => ({
      description: `Line ${i + 1}: consulting work, Москва office ${seed}`,
      quantity: (1 + ((i + seed) % 5)) * 10_000, // 4 decimals, as stored
      unit: null,
      unitPriceMinor: 1000 + i,
      discountMinor: 0,
      category: "S",
      percentScaled: 190000,
      netMinor: net(i),
    })),
    totals: {
      subtotalMinor: subtotal,
      discountTotalMinor: 0,
      taxExclusiveMinor: subtotal,
      taxTotalMinor: tax,
      roundingMinor: 0,
      totalMinor: subtotal + tax,
      breakdown: [
        {
          tax_rate_id: null,
          category: "S",
          percent_scaled: 190000,
          inclusive: false,
          taxable_minor: subtotal,
          tax_minor: tax,
          gross_minor: subtotal + tax,
          exemption_reason: null,
          exemption_reason_code: null,
        },
      ],
      settlement: { paidMinor: 0, creditedMinor: 0, dueMinor: subtotal + tax },
      refundMinor: 0,
    },
    paymentTerms: null,
    notes: "Thank you for your business",
  } as DocumentModel;
}

const money = (minor: number) => (minor / 100).toFixed(2);

export function einvoiceModel(lines: number, seed: number): EDocument {
  const model = pdfModel(lines, seed);
  const party = (name: string, country: string, vatId: string) => ({
    name,
    tradingName: null,
    address: { line1: "Street 1", line2: null, city: "City", postalCode: "10115", region: null, country },
    vatId,
    taxRegistrationId: null,
    companyId: null,
    endpoint: { scheme: "9930", id: vatId },
    contact: { name: null, email: "billing@example.com", phone: "+49 30 123456" },
  });
  const t = model.totals;
  const tax = { category: "S" as const, percent: "19" };
  return {
    kind: "invoice",
    number: model.number ?? "",
    issueDate: "2026-11-23",
    dueDate: "2026-12-23",
    currency: "EUR",
    note: null,
    noteSubjectCode: null,
    buyerReference: "REF-1",
    purchaseOrder: null,
    period: null,
    deliveryDate: null,
    deliverToCountry: null,
    preceding: null,
    seller: party("Müller & Søn GmbH", "DE", "DE123456789"),
    buyer: party(model.buyer.name, "GR", "EL094019245"),
    lines: model.lines.map((line, i) => ({
      id: String(i + 1),
      name: line.description,
      quantity: String(line.quantity / 10_000),
      unitCode: "C62",
      price: money(line.unitPriceMinor),
      net: money(line.netMinor),
      allowance: null,
      tax,
    })),
    allowances: [],
    subtotals: [
      {
        tax,
        taxable: money(t.taxExclusiveMinor),
        amount: money(t.taxTotalMinor),
        exemptionReason: null,
        exemptionCode: null,
      },
    ],
    totals: {
      lineExtension: money(t.subtotalMinor),
      allowanceTotal: "0.00",
      taxExclusive: money(t.taxExclusiveMinor),
      taxTotal: money(t.taxTotalMinor),
      taxInclusive: money(t.totalMinor),
      prepaid: "0.00",
      rounding: "0.00",
      payable: money(t.totalMinor),
    },
    paymentTerms: null,
    paymentMeans: {
      code: "58",
      iban: "DE89370400440532013000",
      accountName: null,
      bic: null,
      reference: "RF18INV000123",
    },
  };
}

export const renderPdf = (lines: number, seed: number, logo: PrintableLogo | null = null) =>
  renderDocumentPdf(pdfModel(lines, seed), logo);

export { PDFDocument } from "pdf-lib";
export { normalizeLogo } from "../src/services/logo/normalize";

export const renderFacturx = (lines: number, seed: number) =>
  renderDocumentPdf(pdfModel(lines, seed), null, {
    facturx: { xml: renderCii(einvoiceModel(lines, seed)), date: new Date("2026-11-23T10:00:00Z") },
  });

export const renderXml = (syntax: "ubl" | "cii", lines: number, seed: number) =>
  syntax === "ubl" ? renderUbl(einvoiceModel(lines, seed)) : renderCii(einvoiceModel(lines, seed));

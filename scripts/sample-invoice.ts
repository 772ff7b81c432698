// The sample invoice the e-mail and page previews render (discounts, two VAT rates, bank details,
// a service period, a purchase order), as its issued-document model: for scripts/email-samples.ts,
// scripts/hosted-page-preview.tsx and the browser tests that use them.
import type { Locale } from "../src/db/schema/identity";
import type { IssuedDocument, IssuedLine } from "../src/document/model";

export const line = (
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

/** The sample invoice in `locale`. */
export function sampleInvoice(locale: Locale): IssuedDocument {
  return {
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
}

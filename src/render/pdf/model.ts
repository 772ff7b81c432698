// The issued-document model as the PDF drawing reads it (document.ts): the same values, picked
// and named for the page. Nothing is computed here.
import type { Locale } from "../../db/schema/identity";
import type { PartySnapshot, SellerSnapshot, TaxBreakdownEntry } from "../../db/schema/invoices";
import type { TaxCategory } from "../../db/schema/tax-rates";
import { unitLabel } from "../../lib/units";
import type { IssuedDocument } from "../../services/issued-document/model";

export interface DocumentLine {
  description: string;
  quantity: number;
  /** The unit's short label in the document's locale (src/lib/units.ts); null for C62 (none shown). */
  unit: string | null;
  unitPriceMinor: number;
  discountMinor: number;
  category: TaxCategory | null;
  percentScaled: number | null;
  /** The line's amount without VAT. */
  netMinor: number;
  /** The line's amount with VAT; null where the table has no gross column (invoices). */
  grossMinor: number | null;
}

export interface DocumentModel {
  kind: "invoice" | "credit_note";
  draft: boolean;
  /** null: a draft numbered at send (the PDF says DRAFT and shows no number). */
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  currency: string;
  locale: Locale;
  seller: SellerSnapshot;
  buyer: PartySnapshot;
  buyerReference: string | null;
  purchaseOrder: string | null;
  servicePeriod: { start: string; end: string } | null;
  deliveryDate: string | null;
  /** Credit notes: the invoice corrected and why. */
  corrects: { number: string; issueDate: string | null; reason: string } | null;
  /** Which optional columns the lines table has. */
  columns: { discount: boolean; gross: boolean };
  lines: DocumentLine[];
  totals: {
    subtotalMinor: number;
    discountTotalMinor: number;
    taxExclusiveMinor: number;
    taxTotalMinor: number;
    roundingMinor: number;
    totalMinor: number;
    breakdown: TaxBreakdownEntry[];
    /** Invoices only: what was paid and credited, and what is left to pay. */
    settlement: { paidMinor: number; creditedMinor: number; dueMinor: number } | null;
    refundMinor: number;
  };
  paymentTerms: string | null;
  notes: string | null;
  /** The legal statements of the breakdown's categories (src/lib/vat-statements.ts), one per line. */
  statements: string[];
}

/** The PDF's view of an invoice or credit note. */
export function pdfModelOf(doc: IssuedDocument): DocumentModel {
  const creditNote = doc.kind === "credit_note";
  const t = doc.totals;
  return {
    kind: creditNote ? "credit_note" : "invoice",
    draft: doc.draft,
    number: doc.number,
    issueDate: doc.issueDate,
    dueDate: doc.dueDate,
    currency: doc.currency,
    locale: doc.locale,
    seller: doc.seller,
    buyer: doc.buyer,
    buyerReference: doc.references.buyerReference,
    purchaseOrder: doc.references.purchaseOrder,
    servicePeriod: doc.references.servicePeriod,
    deliveryDate: doc.references.deliveryDate,
    corrects: doc.references.preceding ? { ...doc.references.preceding, reason: doc.reason ?? "" } : null,
    // A credited line is already net of its discounts: no discount column, a gross one instead.
    columns: { discount: !creditNote, gross: creditNote },
    lines: doc.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: unitLabel(line.unitCode, doc.locale),
      unitPriceMinor: line.unitPriceMinor,
      discountMinor: line.discountMinor,
      category: line.category,
      percentScaled: line.percentScaled,
      netMinor: line.amountMinor,
      grossMinor: creditNote ? line.grossMinor : null,
    })),
    totals: {
      subtotalMinor: t.lineTotalMinor,
      discountTotalMinor: t.allowanceTotalMinor,
      taxExclusiveMinor: t.taxExclusiveMinor,
      taxTotalMinor: t.taxMinor,
      roundingMinor: t.roundingMinor,
      totalMinor: t.taxInclusiveMinor + t.roundingMinor,
      breakdown: doc.breakdown.map((entry) => ({
        tax_rate_id: null,
        category: entry.category,
        percent_scaled: entry.percentScaled,
        inclusive: entry.inclusive,
        taxable_minor: entry.taxableMinor,
        tax_minor: entry.taxMinor,
        gross_minor: entry.grossMinor,
        exemption_reason: entry.statement?.text ?? null,
        exemption_reason_code: entry.statement?.code ?? null,
      })),
      // As issued: what the invoice asks to be paid (payments and credits are live status, not print).
      settlement: creditNote ? null : { paidMinor: 0, creditedMinor: 0, dueMinor: t.payableMinor },
      refundMinor: doc.refundMinor,
    },
    paymentTerms: doc.payment?.terms ?? null,
    notes: doc.notes,
    statements: doc.statements,
  };
}

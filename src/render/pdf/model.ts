// What a PDF shows, in one shape for invoices and credit notes: built from the stored rows (the
// figures are rendered, never recomputed). Sent invoices and credit notes print their seller
// and buyer snapshots; a draft prints the organization and customer as they are now, built the
// same way the send will freeze them.
import type { CreditNote, CreditNoteItem } from "../../db/schema/billing";
import type { Customer } from "../../db/schema/customers";
import type { Locale, Organization } from "../../db/schema/identity";
import type {
  Invoice,
  InvoiceItem,
  PartySnapshot,
  SellerSnapshot,
  TaxBreakdownEntry,
} from "../../db/schema/invoices";
import type { TaxCategory } from "../../db/schema/tax-rates";
import { QUANTITY_SCALE } from "../../lib/money";
import { unitLabel } from "../../lib/units";
import { vatStatementLines } from "../../lib/vat-statements";
import { numberOf } from "../../services/invoices/numbering";
import { buyerSnapshot, sellerSnapshot } from "../../services/invoices/snapshots";
import { mulDivHalfUp, PERCENT_SCALE } from "../../services/invoices/totals";
import { isIssued } from "../../services/lifecycle";
import { DEFAULT_LOCALE } from "../../services/organization";

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

export function invoiceModel(
  invoice: Invoice,
  items: readonly InvoiceItem[],
  organization: Organization,
  customer: Customer | undefined,
): DocumentModel {
  const seller = invoice.seller ?? sellerSnapshot(organization);
  const buyer =
    invoice.buyer ??
    (customer
      ? buyerSnapshot(customer, invoice)
      : { name: "", email: null, address: {}, vat_id: null, electronic_address: null });
  const locale = seller.locale ?? DEFAULT_LOCALE;
  return {
    kind: "invoice",
    draft: !isIssued(invoice.status),
    number: numberOf(invoice),
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    locale,
    seller,
    buyer,
    buyerReference: invoice.buyerReference ?? buyer.buyer_reference ?? null,
    purchaseOrder: invoice.purchaseOrder,
    servicePeriod:
      invoice.servicePeriodStart && invoice.servicePeriodEnd
        ? { start: invoice.servicePeriodStart, end: invoice.servicePeriodEnd }
        : null,
    deliveryDate: invoice.deliveryDate,
    corrects: null,
    columns: { discount: true, gross: false },
    lines: items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unit: unitLabel(item.unitCode, locale),
      unitPriceMinor: item.unitPriceMinor,
      discountMinor: item.discountMinor,
      category: item.taxCategory,
      percentScaled: item.taxPercentScaled,
      netMinor: item.netMinor,
      grossMinor: null,
    })),
    totals: {
      subtotalMinor: invoice.subtotalMinor,
      discountTotalMinor: invoice.discountTotalMinor,
      taxExclusiveMinor: invoice.taxExclusiveMinor,
      taxTotalMinor: invoice.taxTotalMinor,
      roundingMinor: invoice.roundingMinor,
      totalMinor: invoice.totalMinor,
      breakdown: invoice.totalsDetail.breakdown,
      settlement: {
        paidMinor: invoice.amountPaidMinor,
        creditedMinor: invoice.amountCreditedMinor,
        dueMinor: invoice.totalMinor - invoice.amountPaidMinor - invoice.amountCreditedMinor,
      },
      refundMinor: 0,
    },
    paymentTerms: invoice.paymentTerms,
    notes: invoice.notes,
    statements: vatStatementLines(invoice.totalsDetail.breakdown, locale),
  };
}

/**
 * A credit note line's unit price and amounts without and with VAT. The stored line is in the
 * price basis of the invoice line (gross for an inclusive rate, as every credit of an amount is),
 * with its net of VAT (BT-131) beside it: the unit price shown is net, so quantity x unit price
 * reads as the net amount. The gross of a line at an exclusive rate is its net plus its VAT,
 * half-up (the VAT breakdown rounds per rate, so the lines' gross may differ from the total by a
 * cent per line).
 */
function creditedAmounts(
  item: CreditNoteItem,
): Pick<DocumentLine, "unitPriceMinor" | "netMinor" | "grossMinor"> {
  const net = BigInt(item.netOfTaxMinor);
  const percent = BigInt(item.taxPercentScaled ?? 0);
  const gross = item.taxInclusive ? BigInt(item.netMinor) : net + mulDivHalfUp(net, percent, PERCENT_SCALE);
  const unitPrice =
    item.taxInclusive && item.quantity > 0 ? mulDivHalfUp(net, QUANTITY_SCALE, BigInt(item.quantity)) : null;
  return {
    unitPriceMinor: unitPrice === null ? item.unitPriceMinor : Number(unitPrice),
    netMinor: Number(net),
    grossMinor: Number(gross),
  };
}

export function creditNoteModel(
  note: CreditNote,
  items: readonly CreditNoteItem[],
  invoice: Invoice,
  organization: Organization,
  customer: Customer | undefined,
): DocumentModel {
  const base = invoiceModel(invoice, [], organization, customer);
  const locale = (note.seller ?? base.seller).locale ?? DEFAULT_LOCALE;
  return {
    ...base,
    kind: "credit_note",
    draft: false,
    number: note.number,
    issueDate: note.issueDate,
    dueDate: null,
    currency: note.currency,
    seller: note.seller ?? base.seller,
    buyer: note.buyer ?? base.buyer,
    locale,
    corrects: { number: invoice.number, issueDate: invoice.issueDate, reason: note.reason },
    // A credited line is already net of its discounts: no discount column, a gross one instead.
    columns: { discount: false, gross: true },
    lines: items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unit: unitLabel(item.unitCode, locale),
      ...creditedAmounts(item),
      discountMinor: 0,
      category: item.taxCategory,
      percentScaled: item.taxPercentScaled,
    })),
    totals: {
      subtotalMinor: note.subtotalMinor,
      discountTotalMinor: note.discountTotalMinor,
      taxExclusiveMinor: note.taxExclusiveMinor,
      taxTotalMinor: note.taxTotalMinor,
      roundingMinor: note.roundingMinor,
      totalMinor: note.totalMinor,
      breakdown: note.totalsDetail.breakdown,
      settlement: null,
      refundMinor: note.refundAmountMinor,
    },
    paymentTerms: null,
    notes: null,
    statements: vatStatementLines(note.totalsDetail.breakdown, locale),
  };
}

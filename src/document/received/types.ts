// A received e-invoice as read: the syntax and container it came in, the XML exactly as received,
// and the EN 16931 view of it (src/document/einvoice.ts) with every amount as the decimal text the
// document states. Nothing here is recomputed; every output of a bill reads this model.
//
// What the document states is kept as stated: texts trimmed of the white space around them,
// amounts, quantities and percentages as their decimal text ("100.00" stays "100.00"), dates as
// YYYY-MM-DD (CII's format 102 written with dashes; another format kept as written), codes as
// written even outside their code list (the validation names the broken rule). A business term
// the document does not state is null, or "" where EN 16931 makes it mandatory (BT-1, BT-2, BT-5,
// BT-27, BT-44, BT-40, BT-55, a line's id, quantity, unit, price and net amount): the validation
// reports the rule such a document breaks, it is not refused here.
import type {
  EAddress,
  EAllowance,
  EDocument,
  ELine,
  ELineAdjustment,
  EParty,
  ESubLine,
  ESubtotal,
  ETax,
} from "../einvoice";

export type ReceivedSyntax = "ubl" | "cii";
export type ReceivedContainer = "xml" | "pdf";

/** A VAT category and rate as stated: the category any code written (BT-151, BT-118, BT-95, BT-102). */
export interface ReceivedTax extends Omit<ETax, "category"> {
  category: string | null;
}

/** An invoicing period (BG-14, BG-26): either end may be stated alone. */
export interface ReceivedPeriod {
  start: string | null;
  end: string | null;
}

/** A payment means as received (BG-16): any UNCL 4461 code the document states. */
export interface ReceivedPaymentMeans {
  /** BT-81 */
  code: string;
  /** BT-84: the payee's account (a credit transfer's) */
  iban: string | null;
  /** BT-85 */
  accountName: string | null;
  /** BT-86 */
  bic: string | null;
  /** BT-83 */
  reference: string | null;
}

/** BG-25 as stated; sub-invoice lines (XRechnung's BG-DEX-01, UBL) are kept, nested. */
export interface ReceivedLine extends Omit<ELine, "tax" | "period" | "subLines"> {
  tax: ReceivedTax;
  period: ReceivedPeriod | null;
  subLines: ReceivedSubLine[];
}

export interface ReceivedSubLine extends Omit<ESubLine, "tax" | "subLines"> {
  tax: ReceivedTax;
  subLines: ReceivedSubLine[];
}

export interface ReceivedAllowance extends Omit<EAllowance, "tax"> {
  tax: ReceivedTax;
}

export interface ReceivedSubtotal extends Omit<ESubtotal, "tax"> {
  tax: ReceivedTax;
}

/** BG-22 as stated: null where the document states no amount (BT-107 to BT-111, BT-113, BT-114 are optional). */
export interface ReceivedTotals {
  /** BT-106 */
  lineExtension: string | null;
  /** BT-107 */
  allowanceTotal: string | null;
  /** BT-108 */
  chargeTotal: string | null;
  /** BT-109 */
  taxExclusive: string | null;
  /** BT-110, in the document's currency */
  taxTotal: string | null;
  /** BT-112 */
  taxInclusive: string | null;
  /** BT-113 */
  prepaid: string | null;
  /** BT-114 */
  rounding: string | null;
  /** BT-115 */
  payable: string | null;
}

/**
 * The EN 16931 view the outgoing writer uses (EDocument), widened where a received document may
 * state more or less: several notes, any payment means code, any tax category code, an open
 * period, totals not stated, the specification and process identifiers.
 */
export interface ReceivedDocument
  extends Omit<
    EDocument,
    | "note"
    | "noteSubjectCode"
    | "paymentMeans"
    | "totals"
    | "period"
    | "lines"
    | "allowances"
    | "charges"
    | "subtotals"
    | "taxCurrency"
  > {
  /** BG-1: BT-21 subject code and BT-22 text, in order. */
  notes: { subjectCode: string | null; text: string }[];
  /** BG-16, the first one stated. */
  paymentMeans: ReceivedPaymentMeans | null;
  period: ReceivedPeriod | null;
  lines: ReceivedLine[];
  allowances: ReceivedAllowance[];
  charges: ReceivedAllowance[];
  subtotals: ReceivedSubtotal[];
  totals: ReceivedTotals;
  /** BT-6 and BT-111: the VAT accounting currency, and the VAT total in it when stated. */
  taxCurrency: { code: string; taxTotal: string | null } | null;
  /** BT-24 */
  customizationId: string | null;
  /** BT-23 */
  profileId: string | null;
}

/** The pieces shared with the outgoing view, named for the readers of a received document. */
export type { EAddress, ELineAdjustment, EParty };

export interface ReceivedEInvoice {
  syntax: ReceivedSyntax;
  container: ReceivedContainer;
  /** The XML as received (for a PDF: the embedded file's bytes), never re-serialized. */
  xml: Uint8Array;
  /** The embedded file's name for a PDF; null for an XML received as such. */
  filename: string | null;
  document: ReceivedDocument;
}

/** Not an e-invoice this service reads: answered 422 `invalid_einvoice` with `details.reason`. */
export class InvalidEInvoice extends Error {
  constructor(readonly reason: string) {
    super(`not an e-invoice: ${reason}`);
    this.name = "InvalidEInvoice";
  }
}

// The issued-document model: everything an output of an invoice, a credit note or a quote needs,
// built once from the stored rows (build.ts) and, for an issued invoice or credit note, frozen at
// issue (store.ts). Every output is a pure function of it: the PDF and the Factur-X
// (src/render/pdf/), UBL and CII (src/render/einvoice/), the hosted page and the e-mails
// (src/render/). Amounts are integer minor units of `currency`; quantities are x 10^4 and
// percentages x 10^4, as stored. Nothing here depends on what happened after issue (payments,
// credit notes, void): those are live status, shown beside the document (see LiveBalance).

import { type InvoiceTypeCode, typeCodeHas } from "../lib/type-codes";
import type { Locale, PartySnapshot, SellerSnapshot, TaxCategory } from "./types";

/** Bumped when the shape changes; a frozen model of an older version is upgraded on read. */
export const ISSUED_DOCUMENT_VERSION = 2;

export type IssuedDocumentKind = "invoice" | "credit_note" | "quote";

/** A legal statement of a VAT category (src/lib/vat-statements.ts): BT-120 text and BT-121 code. */
export interface IssuedStatement {
  text: string;
  code: string | null;
  /** As printed: the text, with its code when the rate gave its own. */
  line: string;
}

export interface IssuedLine {
  /** 1, 2, ...: the line's position on the document (BT-126). */
  position: number;
  description: string;
  /** x 10^4 (BT-129). */
  quantity: number;
  /** UN/ECE Rec. 20 (BT-130). */
  unitCode: string;
  /** The unit price as the document states it: in the line's price basis (gross when inclusive). */
  unitPriceMinor: number;
  /** The net price without VAT (BT-146), as decimal text: may have more decimals than the currency. */
  netPrice: string;
  /** Whether the unit price and `amountMinor` include VAT (an inclusive rate). */
  taxInclusive: boolean;
  /** The line discount in the price basis, as shown on the document (0: none). */
  discountMinor: number;
  /** The line discount without VAT (BT-136; 0: none). */
  allowanceMinor: number;
  /** quantity x unit price - discount, in the price basis: the amount the document's table shows. */
  amountMinor: number;
  /** The line's amount without VAT (BT-131). */
  netMinor: number;
  /** Its VAT (gross - net; per line, half-up; the breakdown rounds per rate). */
  taxMinor: number;
  /** Its amount with VAT. */
  grossMinor: number;
  category: TaxCategory | null;
  percentScaled: number | null;
  /**
   * The price terms a line stated beyond its net price (absent on lines priced the old way): the
   * gross price (BT-148) and price discount (BT-147) as decimal text, the base quantity x 10^4
   * (BT-149, in unitCode: BT-150).
   */
  grossPrice?: string;
  priceDiscount?: string;
  baseQuantity?: number;
  /** The unit price as the line stated it, when it has more decimals than the currency (BT-146). */
  statedPrice?: string;
  /**
   * The line stated its amount: a price billed with more decimals than `netPrice` shows, so
   * quantity x netPrice / base quantity is near `amountMinor` before adjustments, not equal to it.
   */
  amountStated?: true;
  /**
   * The line discount's terms as given (absent: an old-style discount, written "Discount"): reason
   * text (BT-139), UNCL 5189 code (BT-140), and for a percentage its rate x 10^4 (BT-138) and base
   * amount (BT-137, the line amount before allowances and charges).
   */
  allowanceReason?: string;
  allowanceReasonCode?: string;
  allowancePercentScaled?: number;
  allowanceBaseMinor?: number;
  /**
   * The line's several discounts (BG-27 each), when it gave `discounts`; absent: its one discount
   * (the allowance terms above) or none. `discountMinor` and `allowanceMinor` are their sum.
   */
  allowances?: IssuedLineAllowance[];
  /** Line charges (BG-28); absent: none. */
  charges?: IssuedLineCharge[];
  /** The line's own period (BG-26); absent: none. */
  period?: { start: string; end: string };
  /**
   * The positions a grouped line is made of (sub-invoice lines, XRechnung extension BG-DEX-01),
   * nested; their amounts add up to the line's (BR-DEX-02). Absent: none.
   */
  subLines?: IssuedSubLine[];
}

/** A sub-invoice line (BG-DEX-01): it takes the VAT of its line; its amount is without VAT. */
export interface IssuedSubLine {
  description: string;
  /** x 10^4 (BT-129), in unitCode (BT-130). */
  quantity: number;
  unitCode: string;
  /** The net price (BT-146), decimal text, at least the currency's decimals. */
  netPrice: string;
  /** x 10^4 (BT-149); 10000: the price is per unit. */
  baseQuantity: number;
  /** Its net amount (BT-131), minor units. */
  amountMinor: number;
  subLines?: IssuedSubLine[];
}

/** One of a line's several discounts (BG-27): reason BT-139, code BT-140 (UNCL 5189), amount BT-136, BT-138/BT-137. */
export type IssuedLineAllowance = IssuedLineCharge;

/** A line charge (BG-28), without VAT (line charges need a tax-exclusive rate). */
export interface IssuedLineCharge {
  /** BT-144 */
  reason: string | null;
  /** UNCL 7161 (BT-145) */
  reasonCode: string | null;
  /** BT-141 */
  amountMinor: number;
  /** For a percentage: its rate x 10^4 (BT-143) and base amount (BT-142: as given, else the line amount). */
  percentScaled?: number;
  baseMinor?: number;
}

/**
 * A document-level allowance (BG-20) or charge (BG-21): a discount's or charge's share of one VAT
 * rate, without VAT.
 */
export interface IssuedAllowance {
  reason: string | null;
  amountMinor: number;
  category: TaxCategory | null;
  percentScaled: number;
  /** UNCL 5189 (allowances, BT-98) or UNCL 7161 (charges, BT-105); absent: none. */
  reasonCode?: string;
  /**
   * A percentage of a base (BT-94/BT-93, BT-101/BT-100): amount = base x percentage, half-up; or,
   * without a percentage, the base an amount was reckoned on (BT-93/BT-100 alone).
   */
  calculation?: { percentScaled?: number; baseMinor: number };
}

/** One VAT breakdown entry (BG-23) with the legal statement its category requires. */
export interface IssuedTaxEntry {
  category: TaxCategory | null;
  percentScaled: number;
  taxableMinor: number;
  taxMinor: number;
  /** What the customer pays for this rate (taxable + tax, or the gross shown for inclusive rates). */
  grossMinor: number;
  inclusive: boolean;
  /** The statement in the document's language, null when the category needs none. */
  statement: IssuedStatement | null;
}

export interface IssuedTotals {
  /** Sum of the lines' net amounts (BT-106). */
  lineTotalMinor: number;
  /** Document-level allowances (BT-107). */
  allowanceTotalMinor: number;
  /** Document-level charges (BT-108). */
  chargeTotalMinor: number;
  /** BT-109 */
  taxExclusiveMinor: number;
  /** BT-110 */
  taxMinor: number;
  /** BT-112 */
  taxInclusiveMinor: number;
  /** Paid before issue (BT-113). */
  prepaidMinor: number;
  /**
   * The VAT of the split-payment (category B) entries: the buyer pays it to the state, not to the
   * seller, so the document does not ask for it (the e-invoices add it to BT-113). Absent: none.
   */
  splitPaymentMinor?: number;
  /** BT-114 */
  roundingMinor: number;
  /** The total the documents print: tax-inclusive plus rounding (before anything prepaid). */
  grandTotalMinor: number;
  /**
   * What the document asks to be paid (BT-115): tax-inclusive - prepaid - split payment + rounding.
   * Below 0 on an invoice whose prepaid amount is above its total, or whose total is below 0: owed
   * back to the buyer (`owesBack`).
   */
  payableMinor: number;
}

/**
 * Whether an invoice owes its buyer money back as issued: its prepaid amount (BT-113) is above its
 * total, so its amount due (BT-115) is below 0. It asks for no payment: every output says the
 * amount is to be refunded and states no account to pay into.
 */
export const owesBack = (doc: Pick<IssuedDocument, "kind" | "totals">) =>
  doc.kind === "invoice" && doc.totals.payableMinor < 0;

/**
 * Whether the document credits its buyer rather than asking to be paid: a credit note, or an
 * invoice resource of a type that credits (381, crediting an invoice issued elsewhere;
 * src/lib/type-codes.ts).
 */
export const isCredit = (doc: Pick<IssuedDocument, "kind" | "typeCode">) =>
  doc.kind === "credit_note" || typeCodeHas(doc.typeCode, "credits");

/** How to pay: the seller's account, the reference to quote, the EPC QR payload (BG-16). */
export interface IssuedPayment {
  /** UNCL 4461: 58 SEPA credit transfer, 30 credit transfer, 42 payment to bank account (between Danish parties), 1 not defined. */
  meansCode: "58" | "30" | "42" | "1";
  iban: string | null;
  bic: string | null;
  accountName: string | null;
  /** The remittance reference the payer quotes (BT-83). */
  reference: string | null;
  /** Payment terms text (BT-20). */
  terms: string | null;
  /** The EPC QR code ("GiroCode") for the payable amount; null when there is none (not EUR, no IBAN). */
  epcPayload: string | null;
  /**
   * The document states its terms only, no payment means (BG-16): an invoice that owes back
   * between two Dutch parties, where Peppol allows no "not defined" (NL-R-008). Absent: stated.
   */
  withoutMeans?: true;
}

export interface IssuedReferences {
  /** BT-10, after the fallback to the customer's (src/document/buyer-reference.ts). */
  buyerReference: string | null;
  /** BT-13 */
  purchaseOrder: string | null;
  /** BG-14 */
  servicePeriod: { start: string; end: string } | null;
  /** BT-72 */
  deliveryDate: string | null;
  /**
   * BG-3: the invoice a credit note corrects, or the one an invoice cites (`preceding_invoice_id`
   * or `preceding_invoice`: the invoice a corrected invoice 384 corrects, a 381 credits, ...).
   */
  preceding: { number: string; issueDate: string | null } | null;
  /**
   * BG-3 0..n: every invoice cited, in order, when an invoice cites several (`preceding_invoices`;
   * `preceding` is then the first). Absent: `preceding` is the only one, or there is none.
   */
  precedingInvoices?: readonly { number: string; issueDate: string | null }[];
}

/** Every invoice the document cites (BG-3), in order: the several, else the one, else none. */
export function citedInvoices(
  references: IssuedReferences,
): readonly { number: string; issueDate: string | null }[] {
  return references.precedingInvoices ?? (references.preceding ? [references.preceding] : []);
}

/**
 * The payee (BG-10) when the payment goes to someone other than the seller: the invoice's `payee`,
 * frozen with it. Its legal registration carries its ICD scheme (BT-61-1) when given.
 */
export interface IssuedPayee {
  name: string;
  identifier: { scheme: string | null; id: string } | null;
  company_id: string | null;
  company_id_scheme: string | null;
}

/**
 * The VAT total in the seller's VAT accounting currency (BT-6, BT-111), when the document is in
 * another: converted at `rate` (1 unit of the document's currency = rate units of `currency`,
 * decimal text) and rounded half-up once to `currency`'s minor units.
 */
export interface IssuedTaxCurrency {
  currency: string;
  rate: string;
  /** YYYY-MM-DD: the day the rate is of. */
  rateDate: string;
  source: string;
  /** BT-111, minor units of `currency`. */
  taxMinor: number;
}

/**
 * How a received document (a bill) reached the organization and what the rules said of it: its
 * readable copy states it. Only a bill's model has one.
 */
export interface IssuedReceipt {
  /** The format by its publisher's name: "XRechnung (UBL)", "Factur-X EN 16931 (CII in PDF)". */
  format: string;
  /** YYYY-MM-DD */
  receivedAt: string;
  /** The rule set it was held to: "EN 16931", "Peppol BIS Billing 3.0", "XRechnung 3.0". */
  profile: string;
  valid: boolean;
  /** Each broken rule by its official id. */
  errors: { rule: string; message: string }[];
  warnings: { rule: string; message: string }[];
}

export interface IssuedDocument {
  version: typeof ISSUED_DOCUMENT_VERSION;
  kind: IssuedDocumentKind;
  /**
   * UNCL 1001 (BT-3), a row of src/lib/type-codes.ts: 380 invoice, 381 credit note (a credit note,
   * or an invoice resource crediting an invoice issued elsewhere), 384 corrected, 326 partial, 389
   * self-billed, ...; null for a quote.
   */
  typeCode: InvoiceTypeCode | null;
  /** A draft invoice (its PDF says DRAFT); an issued document is never a draft. */
  draft: boolean;
  /** null: a draft numbered at send. */
  number: string | null;
  issueDate: string | null;
  /** Invoices: the due date (BT-9). */
  dueDate: string | null;
  /** Quotes: the last day the offer stands. */
  validUntil: string | null;
  currency: string;
  /** The language every word of every output is in. */
  locale: Locale;
  /** The parties as the document states them: the snapshots taken at issue. */
  seller: SellerSnapshot;
  /**
   * The seller's accent for headings and links on the PDF and the page, `#RRGGBB`, readable on
   * white (src/lib/brand-color.ts): the organization's `brand_color` when the document was built
   * (frozen at issue with the rest), else the default. A model frozen before the field existed
   * gets the organization's current one on read.
   */
  brandColor: string;
  /**
   * The tag of the organization's logo when the invoice was sent (`logoTag`, the `v` of the e-mails'
   * logo URL), null when it had none; frozen by the send. Absent: a model frozen before the tag was,
   * or a credit note: its e-mails take the current logo.
   */
  logoTag?: string | null;
  buyer: PartySnapshot;
  references: IssuedReferences;
  lines: IssuedLine[];
  /** Whether the lines' prices and amounts include VAT (inclusive rates; an invoice never mixes). */
  pricesIncludeTax: boolean;
  allowances: IssuedAllowance[];
  /** Document-level charges (BG-21); absent (older models) or empty: none. */
  charges?: IssuedAllowance[];
  breakdown: IssuedTaxEntry[];
  /** The breakdown's legal statements as every output prints them: one per distinct line, in order. */
  statements: string[];
  totals: IssuedTotals;
  /** The VAT total in the VAT accounting currency (BT-6, BT-111); absent: none. */
  taxCurrency?: IssuedTaxCurrency;
  /** Credit notes: what was paid back to the customer. */
  refundMinor: number;
  /** Credit notes: why the invoice is corrected. */
  reason: string | null;
  payment: IssuedPayment | null;
  /** BG-10, when someone other than the seller is paid; absent: the seller (and on older models). */
  payee?: IssuedPayee | null;
  notes: string | null;
  footer: string | null;
  /** A bill's readable copy: how it was received and its validation. Absent: a document issued here. */
  receipt?: IssuedReceipt;
}

/**
 * What changed after issue, shown beside the frozen document (the hosted page's balance panel),
 * never written into it.
 */
export interface LiveBalance {
  payments: { receivedAt: string; amountMinor: number; method: string; reference: string | null }[];
  creditNotes: { number: string; issueDate: string; amountMinor: number }[];
  paidMinor: number;
  creditedMinor: number;
  dueMinor: number;
}

/** The status a customer sees: an issued invoice is due, overdue, paid or void. */
export type StandingStatus = "sent" | "overdue" | "paid" | "void";

export interface InvoiceStanding extends LiveBalance {
  status: StandingStatus;
  /** Whether the customer may pay the invoice now (customerMayPay): the page's payment panel. */
  acceptsPayment: boolean;
  /** The EPC QR code for `dueMinor`, or null (nothing due, not EUR, no account). */
  epcPayload: string | null;
  /** When the payment that settled it arrived, while the invoice is paid; else null. */
  paidAt: string | null;
  /**
   * Paid back to the customer: of the payments listed (what was received less what the invoice
   * counts as paid: credit notes' refunds and the provider's refunds), then of the prepaid amount
   * (credit notes beyond what was payable).
   */
  refundedMinor: number;
  /** The payments listed, added up: what was received since issue, before any refund. */
  receivedMinor: number;
}

/**
 * The amount stated as paid (BT-113): the prepayments and the VAT the buyer pays to the state
 * (split payment, category B), for which EN 16931 has no term, so that BT-115 = BT-112 - BT-113
 * + BT-114.
 */
export function statedPaidMinor(totals: Pick<IssuedTotals, "prepaidMinor" | "splitPaymentMinor">): number {
  return totals.prepaidMinor + (totals.splitPaymentMinor ?? 0);
}

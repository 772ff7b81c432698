// The issued-document model (src/services/issued-document/model.ts) in EN 16931 terms: the same
// figures as decimal text, the parties as BG-4/BG-7, the breakdown's legal statements as
// BT-120/BT-121. A pure function of the model; ubl.ts and cii.ts write this view and compute
// nothing.
import type { PartySnapshot, SellerSnapshot } from "../../db/schema/invoices";
import type { TaxCategory } from "../../db/schema/tax-rates";
import { currencyExponent, decimalString, QUANTITY_DECIMALS } from "../../lib/money";
import type { IssuedDocument } from "../../services/issued-document/model";

export interface EAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postalCode: string | null;
  region: string | null;
  country: string;
}

export interface EParty {
  /** BT-27 / BT-44 */
  name: string;
  /** BT-28 */
  tradingName: string | null;
  address: EAddress;
  /** BT-31 / BT-48 */
  vatId: string | null;
  /** BT-32 */
  taxRegistrationId: string | null;
  /** BT-30 */
  companyId: string | null;
  /** BT-34 / BT-49 */
  endpoint: { scheme: string; id: string } | null;
  /** BG-6 / BG-9: contact point (BT-41), phone, e-mail */
  contact: { name: string | null; email: string | null; phone: string | null } | null;
}

export interface ETax {
  /** null: the line has no tax rate (BR-CO-04 refuses it; readiness names it, the XML omits it). */
  category: TaxCategory | null;
  /** "19", "7.25"; null for category O (no rate). */
  percent: string | null;
}

export interface ELine {
  id: string;
  name: string;
  /** BT-129, decimal text */
  quantity: string;
  /** BT-130, UN/ECE Rec. 20 */
  unitCode: string;
  /** BT-146, decimal text (may have more decimals than the currency) */
  price: string;
  /** BT-131 */
  net: string;
  /** BG-27: the line discount, net of VAT */
  allowance: string | null;
  tax: ETax;
}

export interface EAllowance {
  reason: string;
  amount: string;
  tax: ETax;
}

export interface ESubtotal {
  tax: ETax;
  taxable: string;
  amount: string;
  exemptionReason: string | null;
  exemptionCode: string | null;
}

export interface EDocument {
  /** The UBL root: a CreditNote for type code 381, else an Invoice. */
  kind: "invoice" | "credit_note";
  /** BT-3, UNCL 1001. */
  typeCode: string;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  /** BT-6 and BT-111: the VAT accounting currency and the VAT total in it. */
  taxCurrency: { code: string; taxTotal: string } | null;
  note: string | null;
  /**
   * BT-21, the note's subject code: AAI (general information) when the note holds a `#`, so no
   * `#...#` in it is read as a subject code (UBL writes BT-21 as a `#CODE#` prefix; BR-CL-08).
   */
  noteSubjectCode: string | null;
  buyerReference: string | null;
  purchaseOrder: string | null;
  period: { start: string; end: string } | null;
  deliveryDate: string | null;
  /** BT-80, given for intra-community supplies (BR-IC-12). */
  deliverToCountry: string | null;
  preceding: { number: string; issueDate: string | null } | null;
  seller: EParty;
  buyer: EParty;
  lines: ELine[];
  allowances: EAllowance[];
  subtotals: ESubtotal[];
  totals: {
    lineExtension: string;
    allowanceTotal: string;
    taxExclusive: string;
    taxTotal: string;
    taxInclusive: string;
    prepaid: string;
    rounding: string;
    payable: string;
  };
  paymentTerms: string | null;
  /** BG-16: 58 SEPA credit transfer, 30 credit transfer (with the seller's account), 1 not defined (credit notes). */
  paymentMeans: {
    code: "58" | "30" | "1";
    iban: string | null;
    accountName: string | null;
    bic: string | null;
    /** BT-83: the remittance reference the payer quotes (the invoice's payment_reference). */
    reference: string | null;
  } | null;
}

/** UNCL 4451 "AAI", general information: the subject of a free-text note. */
export const GENERAL_INFORMATION = "AAI";

/** The note (BT-22) and its subject code (BT-21): see EDocument.noteSubjectCode. */
function noteOf(text: string | null | undefined): Pick<EDocument, "note" | "noteSubjectCode"> {
  if (!text) return { note: null, noteSubjectCode: null };
  return { note: text, noteSubjectCode: text.includes("#") ? GENERAL_INFORMATION : null };
}

/** A percentage x 10^4 as the shortest decimal text: 190000 -> "19", 72500 -> "7.25". */
export function percentText(scaled: number): string {
  return trimZeros(decimalString(scaled, 4));
}

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

function taxOf(category: TaxCategory | null, percentScaled: number): ETax {
  return { category, percent: category === "O" ? null : percentText(percentScaled) };
}

function party(
  snapshot: (SellerSnapshot | PartySnapshot) & { legal_name?: string | null; trading_name?: string | null },
  extra: {
    taxRegistrationId: string | null;
    companyId: string | null;
    phone: string | null;
    contactName: string | null;
  },
): EParty {
  const address = snapshot.address ?? {};
  const email = snapshot.email ?? null;
  return {
    name: snapshot.legal_name || snapshot.name,
    tradingName:
      snapshot.trading_name && snapshot.trading_name !== (snapshot.legal_name || snapshot.name)
        ? snapshot.trading_name
        : null,
    address: {
      line1: address.line1 || null,
      line2: address.line2 || null,
      city: address.city || null,
      postalCode: address.postal_code || null,
      region: address.region || null,
      country: address.country ?? "",
    },
    vatId: snapshot.vat_id || null,
    taxRegistrationId: extra.taxRegistrationId,
    companyId: extra.companyId,
    endpoint: snapshot.electronic_address ?? null,
    contact: email || extra.phone ? { name: extra.contactName, email, phone: extra.phone } : null,
  };
}

function sellerParty(seller: SellerSnapshot): EParty {
  return party(seller, {
    taxRegistrationId: seller.tax_registration_id || null,
    companyId: seller.company_id || null,
    phone: seller.phone || null,
    contactName: seller.trading_name || seller.legal_name || seller.name,
  });
}

function buyerParty(buyer: PartySnapshot): EParty {
  return party(buyer, { taxRegistrationId: null, companyId: null, phone: null, contactName: null });
}

/**
 * The EN 16931 view of an issued invoice or credit note (callers check that it is issued and
 * ready first: a quote or a draft has no e-invoice).
 */
export function en16931Document(doc: IssuedDocument): EDocument {
  const exponent = currencyExponent(doc.currency);
  const money = (minor: number | bigint) => decimalString(minor, exponent);
  const lines: ELine[] = doc.lines.map((line) => ({
    id: String(line.position),
    name: line.description,
    quantity: trimZeros(decimalString(line.quantity, QUANTITY_DECIMALS)),
    unitCode: line.unitCode,
    price: line.netPrice,
    net: money(line.netMinor),
    allowance: line.allowanceMinor > 0 ? money(line.allowanceMinor) : null,
    tax: taxOf(line.category, line.percentScaled ?? 0),
  }));
  const t = doc.totals;
  // A credit note, or an invoice resource crediting an invoice issued elsewhere (381).
  const typeCode = doc.typeCode ?? "380";
  const creditNote = typeCode === "381";
  const preceding = doc.references.preceding;
  const payment = doc.payment;
  const taxCurrency = doc.taxCurrency;
  return {
    kind: creditNote ? "credit_note" : "invoice",
    typeCode,
    number: doc.number ?? "",
    issueDate: doc.issueDate ?? "",
    dueDate: doc.dueDate,
    currency: doc.currency,
    taxCurrency: taxCurrency
      ? {
          code: taxCurrency.currency,
          taxTotal: decimalString(taxCurrency.taxMinor, currencyExponent(taxCurrency.currency)),
        }
      : null,
    ...noteOf(doc.kind === "credit_note" ? doc.reason : doc.notes),
    buyerReference: doc.references.buyerReference,
    purchaseOrder: doc.references.purchaseOrder,
    period: doc.references.servicePeriod,
    deliveryDate: doc.references.deliveryDate,
    // BT-80, given for intra-community supplies (BR-IC-12).
    deliverToCountry: doc.breakdown.some((e) => e.category === "K")
      ? (doc.buyer.address?.country ?? null)
      : null,
    preceding,
    seller: sellerParty(doc.seller),
    buyer: buyerParty(doc.buyer),
    lines,
    allowances: doc.allowances.map((a) => ({
      reason: a.reason || "Discount",
      amount: money(a.amountMinor),
      tax: taxOf(a.category, a.percentScaled),
    })),
    subtotals: doc.breakdown.map((entry) => ({
      tax: taxOf(entry.category, entry.percentScaled),
      taxable: money(entry.taxableMinor),
      amount: money(entry.taxMinor),
      exemptionReason: entry.statement?.text ?? null,
      exemptionCode: entry.statement?.code ?? null,
    })),
    totals: {
      lineExtension: money(t.lineTotalMinor),
      allowanceTotal: money(t.allowanceTotalMinor),
      taxExclusive: money(t.taxExclusiveMinor),
      taxTotal: money(t.taxMinor),
      taxInclusive: money(t.taxInclusiveMinor),
      prepaid: money(t.prepaidMinor),
      rounding: money(t.roundingMinor),
      payable: money(t.payableMinor),
    },
    // BR-CO-25: an amount due needs a due date or payment terms; a credit note has no due date.
    paymentTerms: creditNote
      ? preceding
        ? `Credit of invoice ${preceding.number}`
        : (payment?.terms ?? "Credit note")
      : (payment?.terms ?? null),
    // An invoice states its means with the account it names; a credit note "not defined" (1).
    paymentMeans:
      payment && (payment.iban || creditNote)
        ? {
            code: payment.meansCode,
            iban: payment.iban,
            accountName: payment.accountName,
            bic: payment.bic,
            reference: payment.reference,
          }
        : null,
  };
}

// One EN 16931 document model for an issued invoice or a credit note, from the stored rows:
// the figures are the stored ones (totals, VAT breakdown, allowances), line nets come from the
// same totals engine that priced the invoice, so the XML restates what the API answers.
// ubl.ts and cii.ts render this model; neither computes anything.
import type { CreditNote, CreditNoteItem } from "../../db/schema/billing";
import type { Invoice, InvoiceItem, PartySnapshot, SellerSnapshot } from "../../db/schema/invoices";
import type { TaxCategory } from "../../db/schema/tax-rates";
import { currencyExponent, decimalString, QUANTITY_DECIMALS } from "../../lib/money";
import { vatStatement } from "../../lib/vat-statements";
import { statesVatIds } from "../../services/einvoice/readiness";
import { computeTotals, PERCENT_SCALE } from "../../services/invoices/totals";
import { DEFAULT_LOCALE } from "../../services/organization";

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
  kind: "invoice" | "credit_note";
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
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

/**
 * The unit price of a line whose amount before its allowance is `amountMinor`: the stored unit
 * price when quantity x price gives that amount exactly, else amount / quantity with enough
 * decimals that quantity x price misses the amount by under a hundredth of a minor unit
 * (PEPPOL-EN16931-R120 allows 0.02).
 */
function linePrice(
  amountMinor: bigint,
  quantityScaled: bigint,
  unitPriceMinor: bigint | null,
  exponent: number,
): string {
  if (
    unitPriceMinor !== null &&
    quantityScaled * unitPriceMinor === amountMinor * 10n ** BigInt(QUANTITY_DECIMALS)
  ) {
    return decimalString(unitPriceMinor, exponent);
  }
  const wholeDigits = (quantityScaled / 10n ** BigInt(QUANTITY_DECIMALS)).toString().length;
  const decimals = exponent + wholeDigits + 2;
  // price = amountMinor / 10^exp / (q / 10^4), scaled by 10^decimals, half-up.
  const numerator = amountMinor * 10n ** BigInt(QUANTITY_DECIMALS + decimals - exponent);
  const scaled = (numerator * 2n + quantityScaled) / (2n * quantityScaled);
  return trimZeros(decimalString(scaled, decimals));
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

/** BR-O-02: a document of category O states no VAT ids (the rule readiness reads too). */
function withoutVatIds(doc: EDocument): EDocument {
  if (statesVatIds(doc.subtotals.map((s) => s.tax.category))) return doc;
  return { ...doc, seller: { ...doc.seller, vatId: null }, buyer: { ...doc.buyer, vatId: null } };
}

function commonParts(
  row: Pick<Invoice, "currency" | "totalsDetail">,
  seller: SellerSnapshot,
  exponent: number,
  amounts: {
    subtotal: number;
    discountTotal: number;
    taxExclusive: number;
    taxTotal: number;
    rounding: number;
    total: number;
    prepaid: number;
  },
) {
  const money = (minor: number | bigint) => decimalString(minor, exponent);
  // BT-120/BT-121: the same statement the PDF prints, in the document's language.
  const locale = seller.locale ?? DEFAULT_LOCALE;
  const subtotals: ESubtotal[] = row.totalsDetail.breakdown.map((entry) => {
    const category = entry.category;
    const statement = vatStatement(entry, locale);
    return {
      tax: taxOf(category, entry.percent_scaled),
      taxable: money(entry.taxable_minor),
      amount: money(entry.tax_minor),
      exemptionReason: statement?.text ?? null,
      exemptionCode: statement?.code ?? null,
    };
  });
  const allowances: EAllowance[] = row.totalsDetail.allowances.map((a) => ({
    reason: a.description || "Discount",
    amount: money(a.amount_minor),
    tax: taxOf(a.category, a.percent_scaled),
  }));
  const taxInclusive = amounts.taxExclusive + amounts.taxTotal;
  return {
    subtotals,
    allowances,
    totals: {
      lineExtension: money(amounts.subtotal),
      allowanceTotal: money(amounts.discountTotal),
      taxExclusive: money(amounts.taxExclusive),
      taxTotal: money(amounts.taxTotal),
      taxInclusive: money(taxInclusive),
      prepaid: money(amounts.prepaid),
      rounding: money(amounts.rounding),
      payable: money(amounts.total - amounts.prepaid),
    },
  };
}

const deliverTo = (breakdown: Invoice["totalsDetail"]["breakdown"], buyer: PartySnapshot) =>
  breakdown.some((e) => e.category === "K") ? (buyer.address?.country ?? null) : null;

/** An issued invoice with its lines and snapshots (callers check status and readiness first). */
export function invoiceDocument(invoice: Invoice, items: readonly InvoiceItem[]): EDocument {
  const seller = invoice.seller as SellerSnapshot;
  const buyer = invoice.buyer as PartySnapshot;
  const exponent = currencyExponent(invoice.currency);
  const money = (minor: number | bigint) => decimalString(minor, exponent);
  // Line nets without VAT (BT-131) from the engine that priced the invoice: for inclusive rates
  // the net is apportioned per rate, not stored per line.
  const computed = computeTotals(
    items.map((item) => ({
      amountMinor: BigInt(item.amountMinor),
      discount: item.discount,
      tax: item.taxCategory
        ? {
            rateId: item.taxRateId,
            category: item.taxCategory,
            percentScaled: item.taxPercentScaled ?? 0,
            inclusive: item.taxInclusive ?? false,
            exemptionReason: item.taxExemptionReason,
            exemptionReasonCode: item.taxExemptionReasonCode,
          }
        : null,
    })),
    invoice.discounts,
  );
  if (!computed.ok) throw new Error(`invoice ${invoice.id}: stored lines no longer price`);
  const lines: ELine[] = items.map((item, i) => {
    const netOfTax = computed.totals.lines[i]?.netOfTaxMinor ?? 0n;
    const percent = BigInt(item.taxPercentScaled ?? 0);
    // A line discount, net of VAT: as given for exclusive rates, gross / (1 + rate) for inclusive ones.
    const allowance = item.taxInclusive
      ? (BigInt(item.discountMinor) * PERCENT_SCALE * 2n + PERCENT_SCALE + percent) /
        (2n * (PERCENT_SCALE + percent))
      : BigInt(item.discountMinor);
    const beforeAllowance = netOfTax + allowance;
    return {
      id: String(i + 1),
      name: item.description,
      quantity: trimZeros(decimalString(item.quantity, QUANTITY_DECIMALS)),
      unitCode: item.unitCode,
      price: item.taxInclusive
        ? linePrice(beforeAllowance, BigInt(item.quantity), null, exponent)
        : linePrice(beforeAllowance, BigInt(item.quantity), BigInt(item.unitPriceMinor), exponent),
      net: money(netOfTax),
      allowance: item.discountMinor > 0 ? money(allowance) : null,
      tax: taxOf(item.taxCategory, item.taxPercentScaled ?? 0),
    };
  });
  const common = commonParts(invoice, seller, exponent, {
    subtotal: invoice.subtotalMinor,
    discountTotal: invoice.discountTotalMinor,
    taxExclusive: invoice.taxExclusiveMinor,
    taxTotal: invoice.taxTotalMinor,
    rounding: invoice.roundingMinor,
    total: invoice.totalMinor,
    prepaid: invoice.amountPaidMinor,
  });
  const iban = seller.iban?.replace(/\s+/g, "") || null;
  return withoutVatIds({
    kind: "invoice",
    number: invoice.number,
    issueDate: invoice.issueDate as string,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    ...noteOf(invoice.notes),
    buyerReference: invoice.buyerReference || buyer.buyer_reference || null,
    purchaseOrder: invoice.purchaseOrder || null,
    period:
      invoice.servicePeriodStart && invoice.servicePeriodEnd
        ? { start: invoice.servicePeriodStart, end: invoice.servicePeriodEnd }
        : null,
    deliveryDate: invoice.deliveryDate || null,
    deliverToCountry: deliverTo(invoice.totalsDetail.breakdown, buyer),
    preceding: null,
    seller: sellerParty(seller),
    buyer: buyerParty(buyer),
    lines,
    ...common,
    paymentTerms: invoice.paymentTerms || null,
    paymentMeans: iban
      ? {
          code: invoice.currency === "EUR" ? "58" : "30",
          iban,
          accountName: seller.account_holder || null,
          bic: seller.bic || null,
        }
      : null,
  });
}

const betweenDutchParties = (seller: SellerSnapshot, buyer: PartySnapshot) =>
  seller.address?.country === "NL" && buyer.address?.country === "NL";

/** A credit note, with the invoice it corrects (BG-3, and the references the note inherits). */
export function creditNoteDocument(
  note: CreditNote,
  items: readonly CreditNoteItem[],
  invoice: Invoice,
): EDocument {
  const seller = (note.seller ?? invoice.seller) as SellerSnapshot;
  const buyer = (note.buyer ?? invoice.buyer) as PartySnapshot;
  const exponent = currencyExponent(note.currency);
  const money = (minor: number | bigint) => decimalString(minor, exponent);
  const lines: ELine[] = items.map((item, i) => ({
    id: String(i + 1),
    name: item.description,
    quantity: trimZeros(decimalString(item.quantity, QUANTITY_DECIMALS)),
    unitCode: item.unitCode,
    price: linePrice(
      BigInt(item.netOfTaxMinor),
      BigInt(item.quantity),
      item.taxInclusive ? null : BigInt(item.unitPriceMinor),
      exponent,
    ),
    net: money(item.netOfTaxMinor),
    allowance: null,
    tax: taxOf(item.taxCategory, item.taxPercentScaled ?? 0),
  }));
  const common = commonParts(note, seller, exponent, {
    subtotal: note.subtotalMinor,
    discountTotal: note.discountTotalMinor,
    taxExclusive: note.taxExclusiveMinor,
    taxTotal: note.taxTotalMinor,
    rounding: note.roundingMinor,
    total: note.totalMinor,
    prepaid: 0,
  });
  return withoutVatIds({
    kind: "credit_note",
    number: note.number,
    issueDate: note.issueDate,
    dueDate: null,
    currency: note.currency,
    ...noteOf(note.reason),
    buyerReference: invoice.buyerReference || buyer.buyer_reference || null,
    purchaseOrder: invoice.purchaseOrder || null,
    period:
      invoice.servicePeriodStart && invoice.servicePeriodEnd
        ? { start: invoice.servicePeriodStart, end: invoice.servicePeriodEnd }
        : null,
    deliveryDate: invoice.deliveryDate || null,
    deliverToCountry: deliverTo(note.totalsDetail.breakdown, buyer),
    preceding: { number: invoice.number, issueDate: invoice.issueDate },
    seller: sellerParty(seller),
    buyer: buyerParty(buyer),
    lines,
    ...common,
    // BR-CO-25: an amount due needs a due date or payment terms; a note has no due date.
    paymentTerms: `Credit of invoice ${invoice.number}`,
    // How the credit is settled is not the seller's account: payment means "not defined". Between
    // two Dutch parties Peppol allows no such code (NL-R-008) and asks payment means only of what
    // the buyer pays (NL-R-007): the note states none.
    paymentMeans: betweenDutchParties(seller, buyer)
      ? null
      : { code: "1", iban: null, accountName: null, bic: null },
  });
}

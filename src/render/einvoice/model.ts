// The issued-document model (src/document/model.ts) in EN 16931 terms: the same
// figures as decimal text, the parties as BG-4/BG-7, the breakdown's legal statements as
// BT-120/BT-121. A pure function of the model; ubl.ts and cii.ts write this view and compute
// nothing.

import type {
  EAddress,
  EAllowance,
  EDocument,
  EIdentifier,
  ELine,
  ELineAdjustment,
  EParty,
  EPayee,
  EProfile,
  ESubLine,
  ETax,
  ETaxRepresentative,
} from "../../document/einvoice";
import { GENERAL_INFORMATION } from "../../document/einvoice";
import { documentLabels } from "../../document/labels";
import {
  citedInvoices,
  type IssuedAllowance,
  type IssuedDocument,
  type IssuedLineCharge,
  type IssuedPayee,
  type IssuedSubLine,
  isCredit,
  owesBack,
  statedPaidMinor,
} from "../../document/model";
import type { PartySnapshot, PostalAddress, SellerSnapshot, TaxCategory } from "../../document/types";
import { currencyExponent, decimalString, PERCENT_DECIMALS, QUANTITY_DECIMALS } from "../../lib/money";
import { DEFAULT_TYPE_CODE, typeCodeRow } from "../../lib/type-codes";

// The view itself is declared in the document layer, where a received document is read into it too.
export * from "../../document/einvoice";

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

function addressOf(address: PostalAddress): EAddress {
  return {
    line1: address.line1 || null,
    line2: address.line2 || null,
    city: address.city || null,
    postalCode: address.postal_code || null,
    region: address.region || null,
    country: address.country ?? "",
  };
}

/**
 * The names a party is stated under: its registration name (BT-27/BT-44: the legal name, else the
 * name) and its trading name (BT-28) when that differs.
 */
export function statedNames(snapshot: {
  name: string;
  legal_name?: string | null;
  trading_name?: string | null;
}) {
  const name = snapshot.legal_name || snapshot.name;
  return {
    name,
    tradingName: snapshot.trading_name && snapshot.trading_name !== name ? snapshot.trading_name : null,
  };
}

function party(
  snapshot: (SellerSnapshot | PartySnapshot) & { legal_name?: string | null; trading_name?: string | null },
  extra: {
    taxRegistrationId: string | null;
    companyId: string | null;
    companyIdScheme: string | null | undefined;
    identifiers: readonly (EIdentifier | null | undefined)[];
    phone: string | null;
    contactName: string | null;
  },
): EParty {
  const address = snapshot.address ?? {};
  const email = snapshot.email ?? null;
  return {
    ...statedNames(snapshot),
    address: addressOf(address),
    vatId: snapshot.vat_id || null,
    taxRegistrationId: extra.taxRegistrationId,
    companyId: extra.companyId,
    // A scheme qualifies an id: none is stated without the id.
    companyIdScheme: (extra.companyId && extra.companyIdScheme) || null,
    identifiers: extra.identifiers.flatMap((i) => (i ? [{ scheme: i.scheme || null, id: i.id }] : [])),
    endpoint: snapshot.electronic_address ?? null,
    contact: email || extra.phone ? { name: extra.contactName, email, phone: extra.phone } : null,
  };
}

function sellerParty(seller: SellerSnapshot): EParty {
  return party(seller, {
    taxRegistrationId: seller.tax_registration_id || null,
    companyId: seller.company_id || null,
    companyIdScheme: seller.company_id_scheme,
    identifiers: [seller.seller_identifier, ...(seller.additional_seller_identifiers ?? [])],
    phone: seller.phone || null,
    contactName: seller.trading_name || seller.legal_name || seller.name,
  });
}

function buyerParty(buyer: PartySnapshot): EParty {
  return party(buyer, {
    taxRegistrationId: null,
    companyId: buyer.company_id || null,
    companyIdScheme: buyer.company_id_scheme,
    identifiers: [buyer.identifier],
    phone: null,
    contactName: null,
  });
}

function payeeOf(payee: IssuedPayee | null | undefined): EPayee | null {
  if (!payee) return null;
  return {
    name: payee.name,
    identifier: payee.identifier
      ? { scheme: payee.identifier.scheme || null, id: payee.identifier.id }
      : null,
    companyId: payee.company_id || null,
    companyIdScheme: (payee.company_id && payee.company_id_scheme) || null,
  };
}

function taxRepresentativeOf(seller: SellerSnapshot): ETaxRepresentative | null {
  const representative = seller.tax_representative;
  if (!representative) return null;
  return {
    name: representative.name,
    vatId: representative.vat_id,
    address: addressOf(representative.address ?? {}),
  };
}

/**
 * An allowance or charge: its reason, else its code, else the word for it (BR-33/BR-38, BR-CO-21/22
 * want one of them).
 */
function adjustmentOf(
  a: IssuedAllowance,
  fallbackReason: string,
  money: (minor: number) => string,
): EAllowance {
  return {
    reason: a.reason || (a.reasonCode ? null : fallbackReason),
    reasonCode: a.reasonCode ?? null,
    amount: money(a.amountMinor),
    base: a.calculation ? money(a.calculation.baseMinor) : null,
    percent: a.calculation?.percentScaled !== undefined ? percentText(a.calculation.percentScaled) : null,
    tax: taxOf(a.category, a.percentScaled),
  };
}

/**
 * The payment terms (BT-20) the document states. BR-CO-25: an amount due needs a due date or
 * payment terms; a credit note has no due date, so it names the invoice it credits.
 */
export function paymentTermsOf(
  doc: Pick<IssuedDocument, "kind" | "typeCode" | "payment" | "references" | "locale" | "seller">,
): string | null {
  if (!isCredit(doc)) return doc.payment?.terms ?? null;
  const preceding = doc.references.preceding;
  const words = wordsOf(doc);
  return preceding ? words.creditOfInvoice(preceding.number) : (doc.payment?.terms ?? words.creditNote);
}

/** The words an e-invoice states where the document gave none: the document's language's labels. */
const wordsOf = (doc: Pick<IssuedDocument, "locale" | "seller">) =>
  documentLabels(doc.locale, doc.seller.address?.country);

/**
 * Whether the document states payment instructions (BG-16): an invoice with the account it names,
 * a credit note or an invoice that owes back as "not defined" (1); none without an account, nor
 * where the model has no means or states its terms without them (`withoutMeans`).
 */
export function statesPaymentMeans(
  doc: Pick<IssuedDocument, "kind" | "typeCode" | "payment" | "totals">,
): boolean {
  const payment = doc.payment;
  return (
    payment !== null && !payment.withoutMeans && (payment.iban !== null || isCredit(doc) || owesBack(doc))
  );
}

/**
 * The EN 16931 view of an issued invoice or credit note in `profile` (callers check that it is
 * issued and ready first: a quote or a draft has no e-invoice).
 */
/** The sub-invoice lines of the model, ids dotted under their line's. */
function subLinesOf(
  lines: readonly IssuedSubLine[] | undefined,
  parentId: string,
  tax: ETax,
  money: (minor: number) => string,
): ESubLine[] {
  return (lines ?? []).map((line, index) => {
    const id = `${parentId}.${index + 1}`;
    return {
      id,
      name: line.description,
      quantity: trimZeros(decimalString(line.quantity, QUANTITY_DECIMALS)),
      unitCode: line.unitCode,
      price: line.netPrice,
      net: money(line.amountMinor),
      baseQuantity:
        line.baseQuantity !== 10 ** QUANTITY_DECIMALS
          ? trimZeros(decimalString(line.baseQuantity, QUANTITY_DECIMALS))
          : null,
      tax,
      subLines: subLinesOf(line.subLines, id, tax, money),
    };
  });
}

export function en16931Document(doc: IssuedDocument, profile: EProfile = "en16931"): EDocument {
  const exponent = currencyExponent(doc.currency);
  const money = (minor: number | bigint) => decimalString(minor, exponent);
  const words = wordsOf(doc);
  const lineAdjustment = (a: IssuedLineCharge, fallbackReason: string | null): ELineAdjustment => ({
    // BR-42/BR-44: a reason or a code; a discount without either states the word for a discount.
    reason: a.reason ?? (a.reasonCode ? null : fallbackReason),
    reasonCode: a.reasonCode,
    amount: money(a.amountMinor),
    percent:
      a.percentScaled !== undefined ? trimZeros(decimalString(a.percentScaled, PERCENT_DECIMALS)) : null,
    base: a.baseMinor !== undefined ? money(a.baseMinor) : null,
  });
  const lines: ELine[] = doc.lines.map((line) => ({
    id: String(line.position),
    name: line.description,
    quantity: trimZeros(decimalString(line.quantity, QUANTITY_DECIMALS)),
    unitCode: line.unitCode,
    price: line.netPrice,
    net: money(line.netMinor),
    allowances: line.allowances
      ? line.allowances.map((a) => lineAdjustment(a, words.discount))
      : line.allowanceMinor !== 0
        ? [
            // An old-style discount (no reason of its own) states the word for a discount.
            lineAdjustment(
              {
                reason: line.allowanceReason ?? null,
                reasonCode: line.allowanceReasonCode ?? null,
                amountMinor: line.allowanceMinor,
                ...(line.allowancePercentScaled !== undefined
                  ? { percentScaled: line.allowancePercentScaled }
                  : {}),
                ...(line.allowanceBaseMinor !== undefined ? { baseMinor: line.allowanceBaseMinor } : {}),
              },
              words.discount,
            ),
          ]
        : [],
    charges: (line.charges ?? []).map((c) => lineAdjustment(c, null)),
    period: line.period ?? null,
    baseQuantity:
      line.baseQuantity !== undefined ? trimZeros(decimalString(line.baseQuantity, QUANTITY_DECIMALS)) : null,
    grossPrice: line.grossPrice ?? null,
    priceDiscount: line.priceDiscount ?? null,
    tax: taxOf(line.category, line.percentScaled ?? 0),
    subLines: subLinesOf(
      line.subLines,
      String(line.position),
      taxOf(line.category, line.percentScaled ?? 0),
      money,
    ),
  }));
  const t = doc.totals;
  // The code it states, and the syntax's document it is written as: a type that credits (a credit
  // note, or an invoice resource crediting an invoice issued elsewhere) is a CreditNote.
  const typeCode = doc.typeCode ?? DEFAULT_TYPE_CODE;
  const creditNote = typeCodeRow(typeCode).credits;
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
    preceding: citedInvoices(doc.references),
    seller: sellerParty(doc.seller),
    buyer: buyerParty(doc.buyer),
    payee: payeeOf(doc.payee),
    taxRepresentative: taxRepresentativeOf(doc.seller),
    lines,
    allowances: doc.allowances.map((a) => adjustmentOf(a, words.discount, money)),
    charges: (doc.charges ?? []).map((c) => adjustmentOf(c, words.charge, money)),
    subtotals: doc.breakdown.map((entry) => ({
      // XRechnung wants a rate on every breakdown entry (BR-DE-14): 0 for outside the scope (O).
      tax:
        profile === "xrechnung" && entry.category === "O"
          ? { category: "O", percent: "0" }
          : taxOf(entry.category, entry.percentScaled),
      taxable: money(entry.taxableMinor),
      amount: money(entry.taxMinor),
      exemptionReason: entry.statement?.text ?? null,
      exemptionCode: entry.statement?.code ?? null,
    })),
    totals: {
      lineExtension: money(t.lineTotalMinor),
      allowanceTotal: money(t.allowanceTotalMinor),
      chargeTotal: doc.charges?.length ? money(t.chargeTotalMinor) : null,
      taxExclusive: money(t.taxExclusiveMinor),
      taxTotal: money(t.taxMinor),
      taxInclusive: money(t.taxInclusiveMinor),
      prepaid: money(statedPaidMinor(t)),
      rounding: money(t.roundingMinor),
      payable: money(t.payableMinor),
    },
    paymentTerms: paymentTermsOf(doc),
    paymentMeans:
      payment && statesPaymentMeans(doc)
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

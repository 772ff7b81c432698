// A bill's readable copy: the received e-invoice (its parsed EN 16931 view, as stored on the bill)
// in the issued-document model, so the service's own PDF renderer draws it as it draws an
// invoice, plus how it was received and what the rules said of it. A pure function of the stored
// document: every figure is one the document states (BT-106 to BT-115, the VAT breakdown, each
// line's BT-131), converted to minor units, never recomputed. What an e-invoice does not state per
// line (its VAT, its gross) is left at what no output of a bill reads.

import { DEFAULT_BRAND_COLOR } from "../lib/brand-color";
import {
  divideHalfAway,
  PERCENT_DECIMALS,
  QUANTITY_DECIMALS,
  scaledFromText,
  statedCurrencyDecimals,
} from "../lib/money";
import { type InvoiceTypeCode, statedTypeCodeRow } from "../lib/type-codes";
import type { EAddress, ELineAdjustment, EParty } from "./einvoice";
import {
  ISSUED_DOCUMENT_VERSION,
  type IssuedAllowance,
  type IssuedDocument,
  type IssuedLine,
  type IssuedLineCharge,
  type IssuedPayment,
  type IssuedReceipt,
  type IssuedSubLine,
  type IssuedTaxEntry,
} from "./model";
import { statesCredit } from "./received/credits";
import type {
  ReceivedAllowance,
  ReceivedContainer,
  ReceivedDocument,
  ReceivedLine,
  ReceivedPeriod,
  ReceivedSubLine,
  ReceivedSyntax,
  ReceivedTax,
} from "./received/types";
import { plainDecimal } from "./received/validation/decimal";
import type { Locale, PartySnapshot, PostalAddress, SellerSnapshot, TaxCategory } from "./types";

/** How a bill was received and what the rules said of it (the bill's columns beside its document). */
export interface BillReceiptFacts {
  syntax: ReceivedSyntax;
  container: ReceivedContainer;
  /** BT-24 as stated. */
  customizationId: string | null;
  /** ISO timestamp. */
  receivedAt: string;
  validation: {
    valid: boolean;
    profile: "en16931" | "peppol" | "xrechnung";
    errors: readonly { rule: string; message: string }[];
    warnings: readonly { rule: string; message: string }[];
  };
}

/** The rule sets by the names their publishers give them. */
const PROFILE_NAMES: Record<BillReceiptFacts["validation"]["profile"], string> = {
  en16931: "EN 16931",
  peppol: "Peppol BIS Billing 3.0",
  xrechnung: "XRechnung 3.0",
};

/**
 * The format a document came in, by the name its publisher gives it: what its specification
 * identifier (BT-24) declares, then the syntax: "XRechnung (UBL)", "Factur-X EN 16931 (CII in
 * PDF)", "Peppol BIS Billing 3.0 (UBL)", "EN 16931 (CII)".
 */
export function receivedFormatName(
  facts: Pick<BillReceiptFacts, "syntax" | "container" | "customizationId">,
): string {
  const id = (facts.customizationId ?? "").toLowerCase();
  const facturx = /urn:factur-x\.eu:1p0:(minimum|basicwl|basic|en16931|extended)/.exec(id);
  const zugferd = /urn:zugferd\.de:2p\d:(minimum|basicwl|basic|en16931|extended)/.exec(id);
  const family = id.includes("xrechnung")
    ? "XRechnung"
    : id.includes("peppol.eu:2017:poacc:billing:3.0")
      ? "Peppol BIS Billing 3.0"
      : facturx
        ? `Factur-X ${(facturx[1] ?? "").toUpperCase()}`
        : zugferd
          ? `ZUGFeRD ${(zugferd[1] ?? "").toUpperCase()}`
          : facts.container === "pdf"
            ? "Factur-X EN 16931"
            : "EN 16931";
  const syntax = facts.syntax === "ubl" ? "UBL" : "CII";
  return `${family} (${facts.container === "pdf" ? `${syntax} in PDF` : syntax})`;
}

/**
 * Decimal text as an integer x 10^decimals. A figure stated with more decimals than that (an
 * amount finer than the currency's minor unit, which EN 16931 forbids for totals) is shown
 * rounded half away from zero: the stored document keeps the exact text.
 */
function scaled(stated: string, decimals: number): number {
  const text = plainDecimal(stated);
  const exact = scaledFromText(text, decimals);
  if (exact !== undefined) return Number(exact);
  const fraction = /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
  const finer = scaledFromText(text, fraction);
  if (finer === undefined) return 0;
  return Number(divideHalfAway(finer, 10n ** BigInt(fraction - decimals)));
}

const percentOf = (tax: ReceivedTax) => (tax.percent === null ? null : scaled(tax.percent, PERCENT_DECIMALS));

/** The category code as stated, printed as it is (a code outside UNCL 5305 too: the validation names it). */
const categoryOf = (tax: ReceivedTax) => tax.category as TaxCategory | null;

const periodOf = (period: ReceivedPeriod | null) => {
  const closed = closedPeriod(period);
  return closed ? { period: closed } : {};
};

/** A period the outputs can print: both ends stated (an open one is left to the stored document). */
const closedPeriod = (period: ReceivedPeriod | null) =>
  period?.start && period.end ? { start: period.start, end: period.end } : null;

function addressOf(address: EAddress): PostalAddress {
  return {
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    postal_code: address.postalCode,
    region: address.region,
    country: address.country,
  };
}

function sellerOf(doc: ReceivedDocument): SellerSnapshot {
  const party = doc.seller;
  const [first = null, ...further] = party.identifiers;
  return {
    name: party.tradingName ?? party.name,
    legal_name: party.name,
    trading_name: party.tradingName,
    address: addressOf(party.address),
    vat_id: party.vatId,
    tax_registration_id: party.taxRegistrationId,
    company_id: party.companyId,
    company_id_scheme: party.companyIdScheme,
    seller_identifier: first,
    additional_seller_identifiers: further,
    email: party.contact?.email ?? null,
    phone: party.contact?.phone ?? null,
    electronic_address: party.endpoint,
    tax_representative: doc.taxRepresentative
      ? {
          name: doc.taxRepresentative.name,
          vat_id: doc.taxRepresentative.vatId,
          address: addressOf(doc.taxRepresentative.address),
        }
      : null,
  };
}

function buyerOf(party: EParty): PartySnapshot {
  const [first = null, ...further] = party.identifiers;
  return {
    name: party.name,
    email: party.contact?.email ?? null,
    address: addressOf(party.address),
    vat_id: party.vatId,
    electronic_address: party.endpoint,
    identifier: first,
    additional_identifiers: further,
    company_id: party.companyId,
    company_id_scheme: party.companyIdScheme,
  };
}

const typeCodeOf = (code: string): InvoiceTypeCode | null =>
  (statedTypeCodeRow(code)?.code as InvoiceTypeCode | undefined) ?? null;

/** Amounts of the document's currency as minor units; an amount the document does not state: 0. */
const moneyIn = (exponent: number) => (text: string | null) => (text === null ? 0 : scaled(text, exponent));

function lineOf(line: ReceivedLine, position: number, exponent: number): IssuedLine {
  const money = moneyIn(exponent);
  const adjustment = (a: ELineAdjustment): IssuedLineCharge => ({
    reason: a.reason,
    reasonCode: a.reasonCode,
    amountMinor: money(a.amount),
    ...(a.percent !== null ? { percentScaled: scaled(a.percent, PERCENT_DECIMALS) } : {}),
    ...(a.base !== null ? { baseMinor: money(a.base) } : {}),
  });
  const allowances = line.allowances.map(adjustment);
  const discountMinor = allowances.reduce((sum, a) => sum + a.amountMinor, 0);
  const [only] = allowances;
  const netMinor = money(line.net);
  const priceMinor = scaledFromText(plainDecimal(line.price), exponent);
  return {
    position,
    description: line.name,
    quantity: scaled(line.quantity, QUANTITY_DECIMALS),
    unitCode: line.unitCode,
    unitPriceMinor: priceMinor === undefined ? 0 : Number(priceMinor),
    netPrice: line.price,
    // The price as stated when it is finer than the currency: the formatter shows it whole.
    ...(priceMinor === undefined ? { statedPrice: line.price } : {}),
    taxInclusive: false,
    discountMinor,
    allowanceMinor: discountMinor,
    // BT-131 as stated: what the line table shows.
    amountMinor: netMinor,
    netMinor,
    // Not stated per line by an e-invoice (the breakdown states the VAT per rate): no output of a
    // bill reads them.
    taxMinor: 0,
    grossMinor: netMinor,
    category: categoryOf(line.tax),
    percentScaled: percentOf(line.tax),
    ...(line.grossPrice !== null ? { grossPrice: line.grossPrice } : {}),
    ...(line.priceDiscount !== null ? { priceDiscount: line.priceDiscount } : {}),
    ...(line.baseQuantity !== null ? { baseQuantity: scaled(line.baseQuantity, QUANTITY_DECIMALS) } : {}),
    // One discount: its reason under the line; several: each with its amount.
    ...(allowances.length === 1 && only?.reason ? { allowanceReason: only.reason } : {}),
    ...(allowances.length > 1 ? { allowances } : {}),
    ...(line.charges.length > 0 ? { charges: line.charges.map(adjustment) } : {}),
    ...periodOf(line.period),
    ...(line.subLines.length > 0 ? { subLines: line.subLines.map((sub) => subLineOf(sub, money)) } : {}),
  };
}

function subLineOf(sub: ReceivedSubLine, money: (text: string | null) => number): IssuedSubLine {
  return {
    description: sub.name,
    quantity: scaled(sub.quantity, QUANTITY_DECIMALS),
    unitCode: sub.unitCode,
    netPrice: sub.price,
    baseQuantity:
      sub.baseQuantity === null ? 10 ** QUANTITY_DECIMALS : scaled(sub.baseQuantity, QUANTITY_DECIMALS),
    amountMinor: money(sub.net),
    ...(sub.subLines.length > 0 ? { subLines: sub.subLines.map((s) => subLineOf(s, money)) } : {}),
  };
}

function allowanceOf(a: ReceivedAllowance, money: (text: string | null) => number): IssuedAllowance {
  return {
    reason: a.reason,
    amountMinor: money(a.amount),
    category: categoryOf(a.tax),
    percentScaled: percentOf(a.tax) ?? 0,
    ...(a.reasonCode !== null ? { reasonCode: a.reasonCode } : {}),
    ...(a.base !== null
      ? {
          calculation: {
            baseMinor: money(a.base),
            ...(a.percent !== null ? { percentScaled: scaled(a.percent, PERCENT_DECIMALS) } : {}),
          },
        }
      : {}),
  };
}

/** A breakdown entry's exemption (BT-120, BT-121) as the outputs print a legal statement. */
function statementOf(reason: string | null, code: string | null): IssuedTaxEntry["statement"] {
  const text = reason ?? code;
  if (!text) return null;
  return { text, code, line: reason && code ? `${reason} (${code})` : text };
}

function paymentOf(doc: ReceivedDocument): IssuedPayment | null {
  const means = doc.paymentMeans;
  if (!means && !doc.paymentTerms) return null;
  return {
    // The code as stated (any UNCL 4461 code): the outputs print the account, never the code.
    meansCode: (means?.code ?? "1") as IssuedPayment["meansCode"],
    iban: means?.iban ?? null,
    bic: means?.bic ?? null,
    accountName: means?.accountName ?? null,
    reference: means?.reference ?? null,
    terms: doc.paymentTerms,
    // A bill is paid by its organization from its own bank: no QR code to scan.
    epcPayload: null,
  };
}

/** What the copy says of its receipt: the format, the day, the rule set and its verdict. */
function receiptOf(facts: BillReceiptFacts): IssuedReceipt {
  return {
    format: receivedFormatName(facts),
    receivedAt: facts.receivedAt.slice(0, 10),
    profile: PROFILE_NAMES[facts.validation.profile],
    valid: facts.validation.valid,
    errors: facts.validation.errors.map((e) => ({ rule: e.rule, message: e.message })),
    warnings: facts.validation.warnings.map((w) => ({ rule: w.rule, message: w.message })),
  };
}

/**
 * The bill's readable copy as an issued-document model, in `locale` (the organization's language):
 * the supplier as seller, the organization as buyer, each as stated.
 */
export function billDocument(doc: ReceivedDocument, facts: BillReceiptFacts, locale: Locale): IssuedDocument {
  const exponent = statedCurrencyDecimals(doc.currency);
  const money = moneyIn(exponent);
  const [preceding = null] = doc.preceding;
  const breakdown: IssuedTaxEntry[] = doc.subtotals.map((entry) => {
    const taxableMinor = money(entry.taxable);
    const taxMinor = money(entry.amount);
    return {
      category: categoryOf(entry.tax),
      percentScaled: percentOf(entry.tax) ?? 0,
      taxableMinor,
      taxMinor,
      grossMinor: taxableMinor + taxMinor,
      inclusive: false,
      statement: statementOf(entry.exemptionReason, entry.exemptionCode),
    };
  });
  const statements = [
    ...new Set(breakdown.flatMap((entry) => (entry.statement ? [entry.statement.line] : []))),
  ];
  const t = doc.totals;
  const taxInclusiveMinor = money(t.taxInclusive);
  const roundingMinor = money(t.rounding);
  return {
    version: ISSUED_DOCUMENT_VERSION,
    // A supplier's credit note is drawn as one whatever its code (396, 261, ... as well as 381).
    kind: statesCredit(doc.typeCode) ? "credit_note" : "invoice",
    typeCode: typeCodeOf(doc.typeCode),
    draft: false,
    number: doc.number,
    issueDate: doc.issueDate,
    dueDate: doc.dueDate,
    validUntil: null,
    currency: doc.currency,
    locale,
    seller: sellerOf(doc),
    brandColor: DEFAULT_BRAND_COLOR,
    buyer: buyerOf(doc.buyer),
    references: {
      buyerReference: doc.buyerReference,
      purchaseOrder: doc.purchaseOrder,
      servicePeriod: closedPeriod(doc.period),
      deliveryDate: doc.deliveryDate,
      preceding,
      ...(doc.preceding.length > 1 ? { precedingInvoices: doc.preceding } : {}),
    },
    lines: doc.lines.map((line, index) => lineOf(line, index + 1, exponent)),
    pricesIncludeTax: false,
    allowances: doc.allowances.map((a) => allowanceOf(a, money)),
    charges: doc.charges.map((c) => allowanceOf(c, money)),
    breakdown,
    statements,
    totals: {
      lineTotalMinor: money(t.lineExtension),
      allowanceTotalMinor: money(t.allowanceTotal),
      chargeTotalMinor: money(t.chargeTotal),
      taxExclusiveMinor: money(t.taxExclusive),
      taxMinor: money(t.taxTotal),
      taxInclusiveMinor,
      prepaidMinor: money(t.prepaid),
      roundingMinor,
      // The model's printed total is BT-112 with BT-114, as the outgoing writer reads it back.
      grandTotalMinor: taxInclusiveMinor + roundingMinor,
      payableMinor: money(t.payable),
    },
    refundMinor: 0,
    reason: null,
    payment: paymentOf(doc),
    payee: doc.payee
      ? {
          name: doc.payee.name,
          identifier: doc.payee.identifier,
          company_id: doc.payee.companyId,
          company_id_scheme: doc.payee.companyIdScheme,
        }
      : null,
    notes: doc.notes.length > 0 ? doc.notes.map((note) => note.text).join("\n") : null,
    footer: null,
    receipt: receiptOf(facts),
  };
}

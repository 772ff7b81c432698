// Builds the issued-document model (model.ts) from the stored rows: an invoice with its lines, a
// credit note with its lines and the invoice it corrects, a quote. The figures are the stored
// ones; what the rows do not store per line (the net without VAT of an inclusive line, its VAT,
// the net price with more decimals) comes from the totals engine that priced the document, once,
// here. Drafts read the organization and customer as they are now, the way send will freeze them.
import type { CreditNote, CreditNoteItem } from "../../db/schema/billing";
import type { Customer } from "../../db/schema/customers";
import type { Locale, Organization } from "../../db/schema/identity";
import type {
  DiscountInput,
  Invoice,
  InvoiceItem,
  PartySnapshot,
  SellerSnapshot,
  SubLine,
  TotalsDetail,
} from "../../db/schema/invoices";
import type { Quote, QuoteLine } from "../../db/schema/quotes";
import { buyerReferenceOf } from "../../document/buyer-reference";
import {
  ISSUED_DOCUMENT_VERSION,
  type IssuedAllowance,
  type IssuedDocument,
  type IssuedLine,
  type IssuedPayment,
  type IssuedReferences,
  type IssuedSubLine,
  type IssuedTaxCurrency,
  type IssuedTaxEntry,
  owesBack,
} from "../../document/model";
import { brandColorOf } from "../../lib/brand-color";
import { epcAmountFits, epcPayload } from "../../lib/epc-qr";
import { currencyExponent, decimalString, QUANTITY_DECIMALS, QUANTITY_SCALE } from "../../lib/money";
import { derivePaymentReference } from "../../lib/payment-reference";
import { CREDIT_NOTE_TYPE_CODE, typeCodeRow } from "../../lib/type-codes";
import { DEFAULT_UNIT_CODE } from "../../lib/units";
import { vatStatement, vatStatementLines } from "../../lib/vat-statements";
import { documentLocale } from "../document-locale";
import { statesVatIds } from "../einvoice/readiness";
import { effectiveTaxCurrency, taxTotalInTaxCurrencyMinor } from "../invoices/kind";
import { numberOf, paymentReferenceOf } from "../invoices/numbering";
import { storedTotalsLine } from "../invoices/pricing";
import { buyerSnapshot, sellerSnapshot } from "../invoices/snapshots";
import { computeTotals, mulDivHalfUp, PERCENT_SCALE, splitPaymentOf } from "../invoices/totals";
import { isIssued } from "../lifecycle";
import { paymentReferenceFormatOf } from "../organization";

/**
 * The language of a document: its own (an issued one stored the language it was issued in),
 * else its customer's (a draft's or a quote's customer as it is now), else its seller's.
 */
function localeOf(
  document: { locale: Locale | null },
  customer: Pick<Customer, "locale"> | undefined,
  seller: SellerSnapshot,
): Locale {
  return documentLocale(document.locale, customer?.locale, seller.locale);
}

const EMPTY_BUYER: PartySnapshot = {
  name: "",
  email: null,
  address: {},
  vat_id: null,
  electronic_address: null,
};

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/**
 * The net price (BT-146) of a line whose net amount before its allowance is `amountMinor`: the
 * stated unit price when quantity x price gives that amount exactly, else amount / quantity with
 * enough decimals that quantity x price misses the amount by under a hundredth of a minor unit
 * (PEPPOL-EN16931-R120 allows 0.02).
 */
function netPrice(
  amountMinor: bigint,
  quantityScaled: bigint,
  unitPriceMinor: bigint | null,
  exponent: number,
) {
  if (unitPriceMinor !== null && quantityScaled * unitPriceMinor === amountMinor * QUANTITY_SCALE) {
    return decimalString(unitPriceMinor, exponent);
  }
  if (quantityScaled === 0n) return decimalString(0, exponent);
  const wholeDigits = (quantityScaled / QUANTITY_SCALE).toString().length;
  const decimals = exponent + wholeDigits + 2;
  // price = amountMinor / 10^exp / (q / 10^4), scaled by 10^decimals, half-up.
  const numerator = amountMinor * 10n ** BigInt(QUANTITY_DECIMALS + decimals - exponent);
  const scaled = (numerator * 2n + quantityScaled) / (2n * quantityScaled);
  return trimZeros(decimalString(scaled, decimals));
}

/** A net amount's VAT at `percentScaled`, half-up: the VAT of one line. */
const vatOf = (netMinor: bigint, percentScaled: number | null) =>
  mulDivHalfUp(netMinor, BigInt(percentScaled ?? 0), PERCENT_SCALE);

type PricedLine = Omit<InvoiceItem, "invoiceId" | "unitCode"> & { unitCode?: string };

/**
 * Invoice and quote lines: the stored amounts, and per line the net without VAT from the engine
 * that priced the document (for inclusive rates the net is apportioned per rate, not stored).
 */
function pricedLines(
  id: string,
  items: readonly PricedLine[],
  discounts: Invoice["discounts"],
  currency: string,
  charges: Invoice["charges"] = [],
): IssuedLine[] {
  const computed = computeTotals(
    items.map((item) => storedTotalsLine(item)),
    discounts,
    charges,
  );
  if (!computed.ok) throw new Error(`${id}: stored lines no longer price`);
  const exponent = currencyExponent(currency);
  return items.map((item, i) => {
    const net = computed.totals.lines[i]?.netOfTaxMinor ?? 0n;
    const percent = BigInt(item.taxPercentScaled ?? 0);
    const inclusive = item.taxInclusive ?? false;
    // The line discount without VAT: as given for exclusive rates, gross / (1 + rate) for inclusive ones.
    const allowance = inclusive
      ? (BigInt(item.discountMinor) * PERCENT_SCALE * 2n + PERCENT_SCALE + percent) /
        (2n * (PERCENT_SCALE + percent))
      : BigInt(item.discountMinor);
    const gross = inclusive ? BigInt(item.netMinor) : net + vatOf(net, item.taxPercentScaled);
    const chargeSum = (item.charges ?? []).reduce((sum, c) => sum + BigInt(c.amountMinor), 0n);
    return {
      position: i + 1,
      description: item.description,
      quantity: item.quantity,
      unitCode: item.unitCode ?? DEFAULT_UNIT_CODE,
      unitPriceMinor: item.unitPriceMinor,
      netPrice: item.priceDetail
        ? priceText(item.priceDetail.net, exponent)
        : netPrice(
            net + allowance - chargeSum,
            BigInt(item.quantity),
            inclusive ? null : BigInt(item.unitPriceMinor),
            exponent,
          ),
      taxInclusive: inclusive,
      discountMinor: item.discountMinor,
      allowanceMinor: item.discountMinor !== 0 ? Number(allowance) : 0,
      amountMinor: item.netMinor,
      netMinor: Number(net),
      taxMinor: Number(gross - net),
      grossMinor: Number(gross),
      category: item.taxCategory,
      percentScaled: item.taxPercentScaled,
      ...lineTermsOf(item, exponent),
    };
  });
}

/** A stored price (decimal text, 6 decimals) without trailing zeros beyond the currency's decimals. */
function priceText(text: string, exponent: number): string {
  const [whole = "0", fraction = ""] = text.split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(exponent, "0");
  return kept ? `${whole}.${kept}` : whole;
}

/**
 * The optional line terms of the model (model.ts IssuedLine): only what the line was given, so a
 * line priced the old way gets none and its outputs stay as they were.
 */
function lineTermsOf(item: PricedLine, exponent: number): Partial<IssuedLine> {
  const terms: Partial<IssuedLine> = {};
  const detail = item.priceDetail;
  if (detail?.gross != null) terms.grossPrice = priceText(detail.gross, exponent);
  if (detail?.discount != null) terms.priceDiscount = priceText(detail.discount, exponent);
  if (detail && detail.baseQuantity !== Number(QUANTITY_SCALE)) terms.baseQuantity = detail.baseQuantity;
  if (detail) {
    const text = priceText(detail.net, exponent);
    if ((text.split(".")[1] ?? "").length > exponent) terms.statedPrice = text;
    if (detail.amount !== undefined) terms.amountStated = true;
  }
  const discount = item.discount;
  if (discount && (item.discountReason || item.discountReasonCode || discount.baseMinor !== undefined)) {
    if (item.discountReason) terms.allowanceReason = item.discountReason;
    if (item.discountReasonCode) terms.allowanceReasonCode = item.discountReasonCode;
    if (discount.kind === "percentage") {
      terms.allowancePercentScaled = discount.value;
      terms.allowanceBaseMinor = discount.baseMinor ?? item.amountMinor;
    }
  }
  // A percentage states its rate and base (BT-138/BT-137, BT-143/BT-142): as given, else the line amount.
  const adjustment = (
    reason: string | null,
    reasonCode: string | null,
    given: DiscountInput,
    baseMinor: number | undefined,
    amountMinor: number,
  ) => ({
    reason,
    reasonCode,
    amountMinor,
    ...(given.kind === "percentage"
      ? { percentScaled: given.value, baseMinor: baseMinor ?? item.amountMinor }
      : {}),
  });
  if (item.discounts?.length) {
    terms.allowances = item.discounts.map((d) =>
      adjustment(d.description, d.reasonCode, d.discount, d.baseMinor, d.amountMinor),
    );
  }
  if (item.charges?.length) {
    terms.charges = item.charges.map((c) =>
      adjustment(c.description, c.reasonCode, c.charge, c.baseMinor, c.amountMinor),
    );
  }
  if (item.servicePeriodStart && item.servicePeriodEnd) {
    terms.period = { start: item.servicePeriodStart, end: item.servicePeriodEnd };
  }
  if (item.subLines) terms.subLines = issuedSubLines(item.subLines, exponent);
  return terms;
}

/** Sub-invoice lines as the model states them. */
function issuedSubLines(lines: readonly SubLine[], exponent: number): IssuedSubLine[] {
  return lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitCode: line.unitCode,
    netPrice: priceText(line.price, exponent),
    baseQuantity: line.baseQuantity,
    amountMinor: line.amountMinor,
    ...(line.subLines ? { subLines: issuedSubLines(line.subLines, exponent) } : {}),
  }));
}

/**
 * Credit note lines. A stored line is in the price basis of the invoice line it credits (gross for
 * an inclusive rate, as every credit of an amount is), with its net without VAT beside it: the
 * document states the net unit price, so quantity x unit price reads as the net amount.
 */
function creditedLines(items: readonly CreditNoteItem[], currency: string): IssuedLine[] {
  const exponent = currencyExponent(currency);
  return items.map((item, i) => {
    const net = BigInt(item.netOfTaxMinor);
    const gross = item.taxInclusive ? BigInt(item.netMinor) : net + vatOf(net, item.taxPercentScaled);
    const unitPrice =
      item.taxInclusive && item.quantity > 0
        ? Number(mulDivHalfUp(net, QUANTITY_SCALE, BigInt(item.quantity)))
        : item.unitPriceMinor;
    return {
      position: i + 1,
      description: item.description,
      quantity: item.quantity,
      unitCode: item.unitCode,
      unitPriceMinor: unitPrice,
      netPrice: netPrice(
        net,
        BigInt(item.quantity),
        item.taxInclusive ? null : BigInt(item.unitPriceMinor),
        exponent,
      ),
      taxInclusive: false,
      discountMinor: 0,
      allowanceMinor: 0,
      amountMinor: Number(net),
      netMinor: Number(net),
      taxMinor: Number(gross - net),
      grossMinor: Number(gross),
      category: item.taxCategory,
      percentScaled: item.taxPercentScaled,
    };
  });
}

function breakdownOf(detail: TotalsDetail, locale: Locale): IssuedTaxEntry[] {
  return detail.breakdown.map((entry) => ({
    category: entry.category,
    percentScaled: entry.percent_scaled,
    taxableMinor: entry.taxable_minor,
    taxMinor: entry.tax_minor,
    grossMinor: entry.gross_minor,
    inclusive: entry.inclusive,
    statement: vatStatement(entry, locale),
  }));
}

/** The document allowances or charges as the model states them, from the invoice's frozen shares. */
function allowancesOf(shares: TotalsDetail["allowances"]): IssuedAllowance[] {
  return shares.map((share) => ({
    reason: share.description,
    amountMinor: share.amount_minor,
    category: share.category,
    percentScaled: share.percent_scaled,
    ...(share.reason_code ? { reasonCode: share.reason_code } : {}),
    ...(share.calculation
      ? {
          calculation: {
            ...(share.calculation.percent_scaled !== undefined
              ? { percentScaled: share.calculation.percent_scaled }
              : {}),
            baseMinor: share.calculation.base_minor,
          },
        }
      : {}),
  }));
}

/** The document charges (BG-21), only where there are any: older models carry none. */
function chargesOf(detail: TotalsDetail): Pick<IssuedDocument, "charges"> {
  return detail.charges?.length ? { charges: allowancesOf(detail.charges) } : {};
}

/** The totals columns every issued document (invoice, credit note, quote) stores. */
export type StoredTotals = Pick<
  Invoice,
  | "subtotalMinor"
  | "discountTotalMinor"
  | "taxExclusiveMinor"
  | "taxTotalMinor"
  | "roundingMinor"
  | "totalMinor"
>;

/**
 * The stored totals of an invoice, credit note or quote, in the EN 16931 terms. Charges, a
 * prepaid and a split payment amount exist on invoices only (credit notes and quotes have none).
 */
function totalsOf(
  row: StoredTotals & Partial<Pick<Invoice, "chargeTotalMinor" | "prepaidMinor" | "splitPaymentMinor">>,
) {
  const prepaidMinor = row.prepaidMinor ?? 0;
  const splitPaymentMinor = row.splitPaymentMinor ?? 0;
  return {
    lineTotalMinor: row.subtotalMinor,
    allowanceTotalMinor: row.discountTotalMinor,
    chargeTotalMinor: row.chargeTotalMinor ?? 0,
    taxExclusiveMinor: row.taxExclusiveMinor,
    taxMinor: row.taxTotalMinor,
    taxInclusiveMinor: row.taxExclusiveMinor + row.taxTotalMinor,
    prepaidMinor,
    // Only where split payment applies: every other model stays as it was.
    ...(splitPaymentMinor !== 0 ? { splitPaymentMinor } : {}),
    roundingMinor: row.roundingMinor,
    grandTotalMinor: row.taxExclusiveMinor + row.taxTotalMinor + row.roundingMinor,
    payableMinor: row.totalMinor - prepaidMinor - splitPaymentMinor,
  };
}

/**
 * Payment instructions of an invoice: the seller's account, its payment reference, the EPC QR
 * (an RF reference travels in the QR's structured field, anything else as its text).
 */
function paymentOf(
  seller: SellerSnapshot,
  buyerCountry: string | null | undefined,
  currency: string,
  reference: string | null,
  terms: string | null,
  payableMinor: number,
): IssuedPayment {
  const iban = seller.iban?.replace(/\s+/g, "").toUpperCase() || null;
  const bic = seller.bic?.replace(/\s+/g, "") || null;
  const accountName = seller.account_holder || seller.legal_name || seller.name;
  const account = { iban, bic, accountName: iban ? accountName : null, reference };
  return {
    meansCode: iban ? transferMeansCode(currency, seller.address?.country, buyerCountry) : "1",
    ...account,
    terms: terms || null,
    epcPayload: transferQrPayload(account, currency, payableMinor),
  };
}

/**
 * The UNCL 4461 code of a transfer into the seller's account: 58 (SEPA credit transfer) in EUR,
 * else 30 (credit transfer), except between two Danish parties, where Peppol allows no 30
 * (DK-R-005): 42 (payment to bank account), which states the account and its bank (DK-R-006).
 */
function transferMeansCode(
  currency: string,
  sellerCountry: string | null | undefined,
  buyerCountry: string | null | undefined,
): IssuedPayment["meansCode"] {
  if (currency === "EUR") return "58";
  return sellerCountry === "DK" && buyerCountry === "DK" ? "42" : "30";
}

/**
 * The EPC QR payload for paying `amountMinor` into the document's account: the payable amount
 * as issued (the model), or the balance due now (the hosted page). Null where a code cannot
 * carry it: no IBAN or reference, not EUR, nothing to pay.
 */
export function transferQrPayload(
  account: Pick<IssuedPayment, "iban" | "bic" | "accountName" | "reference">,
  currency: string,
  amountMinor: number,
): string | null {
  const { iban, bic, accountName, reference } = account;
  if (!iban || !accountName || !reference || currency !== "EUR" || !epcAmountFits(amountMinor)) return null;
  return epcPayload({ name: accountName, iban, bic, amountMinor, reference });
}

/** The references an invoice states, and a credit note of it repeats (BT-10, BT-13, BG-14, BT-72). */
function referencesOf(invoice: Invoice, buyer: PartySnapshot, preceding: IssuedReferences["preceding"]) {
  return {
    buyerReference: buyerReferenceOf(invoice.buyerReference, buyer.buyer_reference),
    purchaseOrder: invoice.purchaseOrder || null,
    servicePeriod:
      invoice.servicePeriodStart && invoice.servicePeriodEnd
        ? { start: invoice.servicePeriodStart, end: invoice.servicePeriodEnd }
        : null,
    deliveryDate: invoice.deliveryDate || null,
    preceding,
  };
}

/** The invoice it cites (BG-3): one issued here or elsewhere, as the invoice stores it. */
function citedInvoice(invoice: Invoice): IssuedReferences["preceding"] {
  return invoice.precedingInvoiceNumber
    ? { number: invoice.precedingInvoiceNumber, issueDate: invoice.precedingInvoiceIssueDate }
    : null;
}

/** The invoices it cites when it cites several (`preceding_invoices`); {} otherwise. */
function severalCited(invoice: Invoice): Pick<IssuedReferences, "precedingInvoices"> {
  const list = invoice.precedingInvoices;
  if (!list || list.length < 2) return {};
  return { precedingInvoices: list.map((c) => ({ number: c.number, issueDate: c.issue_date })) };
}

/**
 * The VAT total in the VAT accounting currency (BT-6, BT-111): issued, the currency stored at
 * send; a draft, the one send would state. None without one, or while a draft has no rate yet.
 */
function taxCurrencyOf(invoice: Invoice, organization: Organization | null): IssuedTaxCurrency | null {
  const currency = isIssued(invoice.status)
    ? invoice.taxCurrency
    : effectiveTaxCurrency(invoice, organization);
  const rate = invoice.exchangeRate;
  const taxMinor = taxTotalInTaxCurrencyMinor(invoice.taxTotalMinor, invoice.currency, currency, rate);
  if (!currency || !rate || taxMinor === null) return null;
  return { currency, rate: rate.rate, rateDate: rate.date, source: rate.source, taxMinor: Number(taxMinor) };
}

/**
 * A self-billed invoice (389) is issued by the buyer: the organization, buying from its customer.
 * The document states the customer as the seller (BG-4) and the organization as the buyer (BG-7).
 */
function selfBilledParties(parties: { seller: SellerSnapshot; buyer: PartySnapshot }) {
  const { seller, buyer } = parties;
  return {
    seller: {
      name: buyer.name,
      legal_name: buyer.name,
      address: buyer.address,
      vat_id: buyer.vat_id,
      email: buyer.email,
      electronic_address: buyer.electronic_address,
      // Only when the customer has them, so a self-billed invoice without them is as before:
      // its identifier and legal registration (BT-29, BT-30), contact phone, account.
      ...(buyer.identifier ? { seller_identifier: buyer.identifier } : {}),
      ...(buyer.company_id
        ? { company_id: buyer.company_id, company_id_scheme: buyer.company_id_scheme }
        : {}),
      ...(buyer.phone ? { phone: buyer.phone } : {}),
      ...(buyer.iban ? { iban: buyer.iban } : {}),
      // Its tax number (BT-32) and further identifiers (BT-29 is 0..n).
      ...(buyer.tax_registration_id ? { tax_registration_id: buyer.tax_registration_id } : {}),
      ...(buyer.additional_identifiers?.length
        ? { additional_seller_identifiers: buyer.additional_identifiers }
        : {}),
    } satisfies SellerSnapshot,
    buyer: {
      name: seller.legal_name || seller.name,
      email: seller.email ?? null,
      address: seller.address ?? {},
      vat_id: seller.vat_id ?? null,
      buyer_reference: buyer.buyer_reference ?? null,
      electronic_address: seller.electronic_address ?? null,
      // The profile the document declares is its customer's (documentProfile reads the buyer).
      ...(buyer.einvoice_profile ? { einvoice_profile: buyer.einvoice_profile } : {}),
      // BT-46, BT-47: the organization's seller identifier and legal registration, when it has them.
      ...(seller.seller_identifier ? { identifier: seller.seller_identifier } : {}),
      ...(seller.company_id
        ? { company_id: seller.company_id, company_id_scheme: seller.company_id_scheme ?? null }
        : {}),
    } satisfies PartySnapshot,
  };
}

/**
 * The customer as the buyer (BG-7): EN 16931 gives a buyer one identifier (BT-46 is 0..1) and no
 * tax number, so its further identifiers and tax number, which it states as the seller of a
 * self-billed invoice, are on no output of its other documents.
 */
function customerAsBuyer(buyer: PartySnapshot): PartySnapshot {
  const { tax_registration_id: _taxNumber, additional_identifiers: _further, ...stated } = buyer;
  return stated;
}

/** BR-O-02: a document outside the scope of VAT (category O) states no VAT ids, on any output. */
function statedParties(seller: SellerSnapshot, buyer: PartySnapshot, detail: TotalsDetail) {
  if (statesVatIds(detail.breakdown.map((entry) => entry.category))) return { seller, buyer };
  return { seller: { ...seller, vat_id: null }, buyer: { ...buyer, vat_id: null } };
}

/**
 * An invoice. Issued: its snapshots; a draft: the organization and `customer` as they are now
 * (undefined when the customer is gone: an empty buyer).
 */
export function issuedInvoice(
  invoice: Invoice,
  items: readonly InvoiceItem[],
  organization: Organization | null,
  customer: Customer | undefined,
): IssuedDocument {
  const seller = invoice.seller ?? (organization ? sellerSnapshot(organization) : null);
  if (!seller)
    throw new Error(`invoice ${invoice.id}: no seller snapshot and no organization to take it from`);
  const buyer = invoice.buyer ?? (customer ? buyerSnapshot(customer, invoice) : EMPTY_BUYER);
  const locale = localeOf(invoice, customer, seller);
  const number = numberOf(invoice);
  const totals = totalsOf(invoice);
  const taxCurrency = taxCurrencyOf(invoice, organization);
  // An invoice resource of type 381 credits an invoice issued elsewhere: settled like a credit note.
  const { credits, selfBilled } = typeCodeRow(invoice.typeCode);
  // Prepaid above its total, it owes its customer the difference: nothing is paid into the account.
  const refunds = owesBack({ kind: "invoice", totals });
  const parties = statedParties(seller, buyer, invoice.totalsDetail);
  const stated = selfBilled
    ? selfBilledParties(parties)
    : { seller: parties.seller, buyer: customerAsBuyer(parties.buyer) };
  return {
    version: ISSUED_DOCUMENT_VERSION,
    kind: "invoice",
    typeCode: invoice.typeCode,
    draft: !isIssued(invoice.status),
    number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    validUntil: null,
    currency: invoice.currency,
    locale,
    ...stated,
    brandColor: brandColorOf(organization ?? {}),
    references: { ...referencesOf(invoice, buyer, citedInvoice(invoice)), ...severalCited(invoice) },
    lines: pricedLines(invoice.id, items, invoice.discounts, invoice.currency, invoice.charges),
    pricesIncludeTax: items.some((item) => item.taxInclusive === true),
    allowances: allowancesOf(invoice.totalsDetail.allowances),
    ...chargesOf(invoice.totalsDetail),
    breakdown: breakdownOf(invoice.totalsDetail, locale),
    statements: vatStatementLines(invoice.totalsDetail.breakdown, locale),
    totals,
    ...(taxCurrency ? { taxCurrency } : {}),
    refundMinor: 0,
    reason: null,
    // Self-billed: the organization pays its customer, into the customer's account when it has
    // one (no reference: the organization, not the customer, quotes one); else none is stated.
    payment: selfBilled
      ? stated.seller.iban
        ? paymentOf(
            stated.seller,
            stated.buyer.address?.country,
            invoice.currency,
            null,
            invoice.paymentTerms,
            totals.payableMinor,
          )
        : null
      : credits || refunds
        ? creditPaymentOf(seller, buyer, refunds ? invoice.paymentTerms : null)
        : paymentOf(
            seller,
            buyer.address?.country,
            invoice.currency,
            // Issued: the reference fixed at issue; a draft previews the organization's format now.
            isIssued(invoice.status)
              ? paymentReferenceOf(invoice)
              : derivePaymentReference(
                  paymentReferenceFormatOf(organization ?? { billingProfile: {} }),
                  number,
                ),
            invoice.paymentTerms,
            totals.payableMinor,
          ),
    // Only when there is one: a model without a payee is the model it was before payees existed.
    ...(invoice.payee ? { payee: invoice.payee } : {}),
    notes: invoice.notes || null,
    footer: seller.invoice_footer || null,
  };
}

/**
 * How a credit note, or an invoice that owes back, is settled: not into the seller's account, so
 * payment means "not defined" (UNCL 4461 code 1), with the invoice's payment terms (how it refunds)
 * where it has them. Between two Dutch parties Peppol allows no such code (NL-R-008) and asks for
 * payment means only of what the buyer pays (NL-R-007): the document states none, and keeps its
 * terms when it has them.
 */
function creditPaymentOf(
  seller: SellerSnapshot,
  buyer: PartySnapshot,
  terms: string | null = null,
): IssuedPayment | null {
  const dutch = seller.address?.country === "NL" && buyer.address?.country === "NL";
  if (dutch && !terms) return null;
  return {
    meansCode: "1",
    iban: null,
    bic: null,
    accountName: null,
    reference: null,
    terms: terms || null,
    epcPayload: null,
    ...(dutch ? { withoutMeans: true as const } : {}),
  };
}

/** A credit note states its VAT in the invoice's accounting currency too, at the invoice's rate. */
function creditedTaxCurrency(note: CreditNote, invoice: Invoice): { taxCurrency?: IssuedTaxCurrency } {
  const taxCurrency = taxCurrencyOf({ ...invoice, taxTotalMinor: note.taxTotalMinor }, null);
  return taxCurrency ? { taxCurrency } : {};
}

/** A credit note: its own snapshots (else its invoice's), citing the invoice it corrects (BG-3). */
export function issuedCreditNote(
  note: CreditNote,
  items: readonly CreditNoteItem[],
  invoice: Invoice,
  organization: Organization | null,
  customer: Customer | undefined,
): IssuedDocument {
  const seller = note.seller ?? invoice.seller ?? (organization ? sellerSnapshot(organization) : null);
  if (!seller)
    throw new Error(`credit note ${note.id}: no seller snapshot and no organization to take it from`);
  const buyer = note.buyer ?? invoice.buyer ?? (customer ? buyerSnapshot(customer, invoice) : EMPTY_BUYER);
  // A note issued before languages were stored: its invoice's language, as before its seller's.
  const locale = localeOf({ locale: note.locale ?? invoice.locale }, customer, seller);
  return {
    version: ISSUED_DOCUMENT_VERSION,
    kind: "credit_note",
    typeCode: CREDIT_NOTE_TYPE_CODE,
    draft: false,
    number: note.number,
    issueDate: note.issueDate,
    dueDate: null,
    validUntil: null,
    currency: note.currency,
    locale,
    ...statedParties(seller, customerAsBuyer(buyer), note.totalsDetail),
    brandColor: brandColorOf(organization ?? {}),
    references: referencesOf(invoice, buyer, { number: invoice.number, issueDate: invoice.issueDate }),
    lines: creditedLines(items, note.currency),
    // A credit note states net prices (creditedLines), whatever the invoice's basis.
    pricesIncludeTax: false,
    allowances: allowancesOf(note.totalsDetail.allowances),
    breakdown: breakdownOf(note.totalsDetail, locale),
    statements: vatStatementLines(note.totalsDetail.breakdown, locale),
    // A note of split-payment lines states their VAT as the invoice does (no column: its breakdown's).
    totals: totalsOf({ ...note, splitPaymentMinor: Number(splitPaymentOf(note.totalsDetail.breakdown)) }),
    ...creditedTaxCurrency(note, invoice),
    refundMinor: note.refundAmountMinor,
    reason: note.reason,
    payment: creditPaymentOf(seller, buyer),
    notes: null,
    footer: seller.invoice_footer || null,
  };
}

/** A quote: the organization and customer as they are now (a quote takes no snapshot). */
export function issuedQuote(
  quote: Quote,
  organization: Organization,
  customer: Customer | undefined,
): IssuedDocument {
  const seller = sellerSnapshot(organization);
  const buyer = customer ? buyerSnapshot(customer, { buyerReference: null }) : EMPTY_BUYER;
  const lines: QuoteLine[] = quote.lines;
  const locale = localeOf(quote, customer, seller);
  return {
    version: ISSUED_DOCUMENT_VERSION,
    kind: "quote",
    typeCode: null,
    draft: false,
    number: quote.number,
    issueDate: quote.sentAt?.slice(0, 10) ?? quote.createdAt.slice(0, 10),
    dueDate: null,
    validUntil: quote.expiresAt,
    currency: quote.currency,
    locale,
    ...statedParties(seller, customerAsBuyer(buyer), quote.totalsDetail),
    brandColor: brandColorOf(organization ?? {}),
    references: {
      buyerReference: buyer.buyer_reference ?? null,
      purchaseOrder: null,
      servicePeriod: null,
      deliveryDate: null,
      preceding: null,
    },
    lines: pricedLines(quote.id, lines, quote.discounts, quote.currency),
    pricesIncludeTax: lines.some((line) => line.taxInclusive === true),
    allowances: allowancesOf(quote.totalsDetail.allowances),
    breakdown: breakdownOf(quote.totalsDetail, locale),
    statements: vatStatementLines(quote.totalsDetail.breakdown, locale),
    totals: totalsOf(quote),
    refundMinor: 0,
    reason: null,
    payment: null,
    notes: quote.notes || null,
    footer: seller.invoice_footer || null,
  };
}

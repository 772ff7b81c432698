// The references a document states (the invoice a credit note corrects and why, purchase order,
// buyer reference, service period, delivery date), as labelled facts in the document's words:
// the PDF, the page and the e-mails list these, so a reference added to the model is added here
// once and every output shows it. Days stay days: each output writes them in its own date style.

import { QUANTITY_DECIMALS } from "../lib/money";
import { typeCodeHas, typeCodeRow } from "../lib/type-codes";
import { sellerDisplayName } from "./address";
import { type Formatter, formatterFor } from "./format";
import type { Labels } from "./labels";
import {
  citedInvoices,
  type IssuedDocument,
  type IssuedLine,
  type IssuedSubLine,
  isCredit,
  owesBack,
} from "./model";
import type { PostalAddress } from "./types";

/** Text, or a day (YYYY-MM-DD) the output formats. */
export type FactPart = string | { day: string };

export interface DocumentFact {
  label: string;
  parts: FactPart[];
}

/** The document's title by its type (BT-3), in the words of the label its row names. */
export function documentTitle(doc: Pick<IssuedDocument, "kind" | "typeCode">, t: Labels): string {
  if (doc.kind === "credit_note") return t.creditNote;
  if (doc.kind === "quote") return t.quote;
  return doc.typeCode ? t[typeCodeRow(doc.typeCode).title] : t.invoice;
}

/**
 * Who issued the document, as the e-mails and the page name its sender: the seller, except on a
 * self-billed invoice (389), which its buyer (the organization) issues.
 */
export const issuerName = (doc: Pick<IssuedDocument, "typeCode" | "seller" | "buyer">) =>
  typeCodeHas(doc.typeCode, "selfBilled") ? doc.buyer.name : sellerDisplayName(doc.seller);

/** Whom the e-mails greet: the customer, who is the seller of a self-billed invoice (389). */
export const recipientName = (doc: Pick<IssuedDocument, "typeCode" | "seller" | "buyer">) =>
  typeCodeHas(doc.typeCode, "selfBilled") ? doc.seller.name : doc.buyer.name;

/**
 * Whether the document asks its buyer to pay (its "Amount due"): an invoice does; a credit note,
 * and an invoice resource crediting an invoice issued elsewhere (381), credit the buyer instead.
 */
export const asksPayment = (doc: Pick<IssuedDocument, "kind" | "typeCode">) =>
  doc.kind === "invoice" && !isCredit(doc);

/**
 * The amount due as issued (BT-115) as the outputs label it: "Amount due", or on an invoice that
 * owes back (prepaid above its total), "To be refunded" with the amount owed to the buyer.
 */
export function payableFigure(doc: Pick<IssuedDocument, "kind" | "totals">, t: Labels) {
  const payable = doc.totals.payableMinor;
  return owesBack(doc)
    ? { label: t.toBeRefunded, amountMinor: -payable }
    : { label: t.amountDue, amountMinor: payable };
}

/**
 * What is left due now (the live balance) as the outputs label it: "Amount due", or on an invoice
 * that owes back, "To be refunded": what it owes its buyer, its credit notes included.
 */
export function balanceFigure(doc: Pick<IssuedDocument, "kind" | "totals">, dueMinor: number, t: Labels) {
  return owesBack(doc)
    ? { label: t.toBeRefunded, amountMinor: -dueMinor }
    : { label: t.balanceDue, amountMinor: dueMinor };
}

export { owesBack };

/**
 * Why an invoice owes its buyer back, as its documents say it: its total is below zero (correction
 * lines that take back more than it bills), or its prepayments exceed its total; null when it
 * owes nothing back.
 */
export function owesBackCause(
  doc: Pick<IssuedDocument, "kind" | "totals">,
): "total_below_zero" | "prepaid_above_total" | null {
  if (!owesBack(doc)) return null;
  return doc.totals.grandTotalMinor < 0 ? "total_below_zero" : "prepaid_above_total";
}

/** The due date the documents show: none on an invoice that owes back, which asks nothing by a date. */
export const shownDueDate = (doc: Pick<IssuedDocument, "kind" | "totals" | "dueDate">) =>
  owesBack(doc) ? null : doc.dueDate;

/**
 * The payment terms shown on their own, outside the instructions to pay: those of an invoice that
 * owes back, which say how it refunds, and which no instructions to pay carry. Null otherwise.
 */
export const refundTerms = (doc: Pick<IssuedDocument, "kind" | "totals" | "payment">) =>
  owesBack(doc) ? (doc.payment?.terms ?? null) : null;

/**
 * The live status in the document's words: an invoice that owes back is settled at send with
 * nothing paid into it, and stays so (it takes no payment and is never voided), so it reads
 * "Settled" rather than "Paid".
 */
export function statusWord(
  doc: Pick<IssuedDocument, "kind" | "totals">,
  status: keyof Omit<Labels["statusWords"], "settled">,
  t: Labels,
): string {
  return owesBack(doc) ? t.statusWords.settled : t.statusWords[status];
}

/**
 * Whether the one the document is sent to pays it by transfer (the e-mail and the page show them
 * the bank details): not the customer of a self-billed invoice (389), whom the organization pays
 * into the account the document states.
 */
export const recipientPays = (doc: Pick<IssuedDocument, "typeCode">) =>
  !typeCodeHas(doc.typeCode, "selfBilled");

/** Whether the document corrects or credits the invoice it cites (else it merely refers to it). */
const corrects = (doc: IssuedDocument) =>
  doc.kind === "credit_note" || typeCodeHas(doc.typeCode, "correctsCited");

export function referenceFacts(doc: IssuedDocument, t: Labels): DocumentFact[] {
  const { preceding, purchaseOrder, buyerReference, servicePeriod, deliveryDate } = doc.references;
  const facts: DocumentFact[] = [];
  // Self-billing: the issuer's role, in the words the VAT Directive asks for (Art. 226(10a)).
  if (typeCodeHas(doc.typeCode, "selfBilled"))
    facts.push({ label: t.selfBilling, parts: [t.selfBillingNote] });
  if (preceding) {
    const label = corrects(doc) ? t.correctedInvoice : t.precedingInvoice;
    // Several cited invoices (BG-3 0..n): one fact each, in order, under the same label.
    for (const { number, issueDate } of citedInvoices(doc.references))
      facts.push({ label, parts: issueDate ? [number, " (", { day: issueDate }, ")"] : [number] });
    if (doc.reason) facts.push({ label: t.reason, parts: [doc.reason] });
  }
  if (purchaseOrder) facts.push({ label: t.purchaseOrder, parts: [purchaseOrder] });
  if (buyerReference) facts.push({ label: t.buyerReference, parts: [buyerReference] });
  if (servicePeriod) {
    facts.push({
      label: t.servicePeriod,
      parts: [{ day: servicePeriod.start }, " – ", { day: servicePeriod.end }],
    });
  }
  if (deliveryDate) facts.push({ label: t.deliveryDate, parts: [{ day: deliveryDate }] });
  const taxCurrency = doc.taxCurrency;
  if (taxCurrency) {
    // BT-111 with the rate it was converted at, that rate's day and source.
    const f = formatterFor(doc.locale, taxCurrency.currency);
    facts.push({
      label: t.taxInCurrency(t.vat, taxCurrency.currency),
      parts: [
        f.money(taxCurrency.taxMinor),
        ` (${t.exchangeRate} 1 ${doc.currency} = ${f.rate(taxCurrency.rate)} ${taxCurrency.currency}, `,
        { day: taxCurrency.rateDate },
        `, ${taxCurrency.source})`,
      ],
    });
  }
  return facts;
}

/** A fact as one line of text, its days in `date`'s style. */
export const factText = (fact: DocumentFact, date: (day: string) => string) =>
  fact.parts.map((part) => (typeof part === "string" ? part : date(part.day))).join("");

/**
 * What a line states beside its description and figures: the quantity its price is for, its own
 * period, its charges (each with its reason, else "Surcharge"), and its discount's reason or each of
 * its several discounts (with its reason, else "Discount"). Lines priced the old way have none. The
 * PDF, the page and the e-mails list these under the line.
 */
export function lineFacts(line: IssuedLine, t: Labels, f: Formatter): DocumentFact[] {
  const facts: DocumentFact[] = [];
  if (line.baseQuantity !== undefined) {
    facts.push({ label: t.pricePer, parts: [f.quantityWithUnit(line.baseQuantity, line.unitCode)] });
  }
  if (line.period) {
    facts.push({
      label: t.servicePeriod,
      parts: [{ day: line.period.start }, " – ", { day: line.period.end }],
    });
  }
  if (line.allowanceReason && line.discountMinor !== 0) {
    facts.push({ label: t.discount, parts: [line.allowanceReason] });
  }
  // Several discounts: each with its reason (else "Discount"), the discount column shows their sum.
  for (const allowance of line.allowances ?? []) {
    facts.push({ label: allowance.reason ?? t.discount, parts: [f.deduction(allowance.amountMinor)] });
  }
  for (const charge of line.charges ?? []) {
    facts.push({
      label: charge.reason ?? t.lineCharge,
      parts: [`${charge.amountMinor > 0 ? "+" : ""}${f.money(charge.amountMinor)}`],
    });
  }
  return facts;
}

/**
 * A sub-invoice line (BG-DEX-01) as the documents show it under its line, depth-first: indented
 * by its depth (1 to 3), its quantity, price and amount formatted; "Price per" when the price is
 * for another quantity than 1. Its VAT is its line's, so no rate is repeated.
 */
export interface SubLineRow {
  depth: number;
  description: string;
  facts: DocumentFact[];
  quantity: string;
  unitPrice: string;
  amount: string;
}

export function subLineRows(line: Pick<IssuedLine, "subLines">, t: Labels, f: Formatter): SubLineRow[] {
  const rows: SubLineRow[] = [];
  const walk = (lines: readonly IssuedSubLine[], depth: number) => {
    for (const sub of lines) {
      rows.push({
        depth,
        description: sub.description,
        facts:
          sub.baseQuantity !== 10 ** QUANTITY_DECIMALS
            ? [{ label: t.pricePer, parts: [f.quantityWithUnit(sub.baseQuantity, sub.unitCode)] }]
            : [],
        quantity: f.quantityWithUnit(sub.quantity, sub.unitCode),
        unitPrice: f.unitPrice({ unitPriceMinor: 0, statedPrice: sub.netPrice }),
        amount: f.money(sub.amountMinor),
      });
      walk(sub.subLines ?? [], depth + 1);
    }
  };
  walk(line.subLines ?? [], 1);
  return rows;
}

/** An identifier as the documents print it: the id, then its ISO 6523 scheme ("32081330 (ICD 0106)"). */
export const identifierText = (id: string, scheme: string | null | undefined) =>
  scheme ? `${id} (ICD ${scheme})` : id;

/** What a party block lists besides its address and VAT id: its identifier and legal registration. */
export interface PartyIds {
  identifier?: { scheme: string | null; id: string } | null;
  /** Further identifiers (the seller's BT-29 is 0..n), listed after the first. */
  additional_identifiers?: readonly { scheme: string | null; id: string }[] | null;
  company_id?: string | null;
  company_id_scheme?: string | null;
}

/**
 * A party's identifiers as label and value (BT-29/BT-46/BT-60 and BT-30/BT-47/BT-61 with their
 * schemes), in the order every output lists them: the legal registration, then the identifier.
 */
export function partyIdRows(party: PartyIds, t: Labels): [string, string][] {
  return [
    ...(party.company_id
      ? [[t.companyId, identifierText(party.company_id, party.company_id_scheme)] as [string, string]]
      : []),
    ...[...(party.identifier ? [party.identifier] : []), ...(party.additional_identifiers ?? [])].map(
      (identifier) =>
        [t.partyIdentifier, identifierText(identifier.id, identifier.scheme)] as [string, string],
    ),
  ];
}

/** The same as lines of a party block ("Company ID: 32081330 (ICD 0106)"). */
export const partyIdLines = (party: PartyIds, t: Labels) =>
  partyIdRows(party, t).map(([label, value]) => `${label}: ${value}`);

/** The seller's tax representative (BG-11) as lines of the seller block; none when it has none. */
export function taxRepresentativeLines(
  representative: { name: string; vat_id: string; address: PostalAddress } | null | undefined,
  t: Labels,
): string[] {
  if (!representative) return [];
  return [`${t.taxRepresentative}: ${representative.name}`, `${t.vatId}: ${representative.vat_id}`];
}

/** The payee (BG-10) as labelled rows of the payment section: its name, then its identifiers. */
export function payeeRows(doc: IssuedDocument, t: Labels): [string, string][] {
  const payee = doc.payee;
  if (!payee) return [];
  return [[t.payee, payee.name], ...partyIdRows(payee, t)];
}

/** The most broken rules a bill's copy lists one by one; the rest are counted. */
const RECEIPT_RULES_LISTED = 10;

/**
 * How a bill was received and what the rules said of it, as the lines its readable copy prints:
 * "Received as XRechnung (UBL) on 3 December 2026", the verdict of the rule set it declares, each
 * broken rule by its official id, then the warnings. None for a document issued here.
 */
export function receiptLines(doc: Pick<IssuedDocument, "receipt">, t: Labels, f: Formatter): string[] {
  const receipt = doc.receipt;
  if (!receipt) return [];
  const ruleLines = (rules: readonly { rule: string; message: string }[]) => [
    ...rules.slice(0, RECEIPT_RULES_LISTED).map((r) => `${r.rule}: ${r.message}`),
    ...(rules.length > RECEIPT_RULES_LISTED ? [t.andMore(rules.length - RECEIPT_RULES_LISTED)] : []),
  ];
  const verdict = receipt.valid
    ? t.validationPassed(receipt.profile)
    : t.validationFailed(receipt.profile, receipt.errors.length);
  return [
    `${t.receivedAs(receipt.format)} ${f.longDate(receipt.receivedAt)}`,
    `${t.validation}: ${verdict}`,
    ...ruleLines(receipt.errors),
    ...(receipt.warnings.length > 0 ? [`${t.validationWarnings}:`, ...ruleLines(receipt.warnings)] : []),
  ];
}

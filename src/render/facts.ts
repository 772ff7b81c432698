// The references a document states (the invoice a credit note corrects and why, purchase order,
// buyer reference, service period, delivery date), as labelled facts in the document's words:
// the PDF, the page and the e-mails list these, so a reference added to the model is added here
// once and every output shows it. Days stay days: each output writes them in its own date style.
import type { IssuedDocument } from "../services/issued-document/model";
import { sellerDisplayName } from "./address";
import { formatterFor } from "./format";
import type { Labels } from "./labels";

/** Text, or a day (YYYY-MM-DD) the output formats. */
export type FactPart = string | { day: string };

export interface DocumentFact {
  label: string;
  parts: FactPart[];
}

/** The document's title by its type (BT-3): invoice, credit note, corrected, partial, self-billed. */
export function documentTitle(doc: Pick<IssuedDocument, "kind" | "typeCode">, t: Labels): string {
  if (doc.kind === "credit_note") return t.creditNote;
  if (doc.kind === "quote") return t.quote;
  switch (doc.typeCode) {
    case "381":
      return t.creditNote;
    case "384":
      return t.correctionInvoice;
    case "326":
      return t.partialInvoice;
    case "389":
      return t.selfBilledInvoice;
    default:
      return t.invoice;
  }
}

/**
 * Who issued the document, as the e-mails and the page name its sender: the seller, except on a
 * self-billed invoice (389), which its buyer (the organization) issues.
 */
export const issuerName = (doc: Pick<IssuedDocument, "typeCode" | "seller" | "buyer">) =>
  doc.typeCode === "389" ? doc.buyer.name : sellerDisplayName(doc.seller);

/**
 * Whether the document asks its buyer to pay (its "Amount due"): an invoice does; a credit note,
 * and an invoice resource crediting an invoice issued elsewhere (381), credit the buyer instead.
 */
export const asksPayment = (doc: Pick<IssuedDocument, "kind" | "typeCode">) =>
  doc.kind === "invoice" && doc.typeCode !== "381";

/** Whether the document corrects or credits the invoice it cites (else it merely refers to it). */
const corrects = (doc: IssuedDocument) =>
  doc.kind === "credit_note" || doc.typeCode === "381" || doc.typeCode === "384";

export function referenceFacts(doc: IssuedDocument, t: Labels): DocumentFact[] {
  const { preceding, purchaseOrder, buyerReference, servicePeriod, deliveryDate } = doc.references;
  const facts: DocumentFact[] = [];
  // Self-billing: the issuer's role, in the words the VAT Directive asks for (Art. 226(10a)).
  if (doc.typeCode === "389") facts.push({ label: t.selfBilling, parts: [t.selfBillingNote] });
  if (preceding) {
    const { number, issueDate } = preceding;
    facts.push({
      label: corrects(doc) ? t.correctedInvoice : t.precedingInvoice,
      parts: issueDate ? [number, " (", { day: issueDate }, ")"] : [number],
    });
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

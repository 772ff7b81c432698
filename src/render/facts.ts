// The references a document states (the invoice a credit note corrects and why, purchase order,
// buyer reference, service period, delivery date), as labelled facts in the document's words:
// the PDF, the page and the e-mails list these, so a reference added to the model is added here
// once and every output shows it. Days stay days: each output writes them in its own date style.
import type { IssuedDocument } from "../services/issued-document/model";
import type { Labels } from "./labels";

/** Text, or a day (YYYY-MM-DD) the output formats. */
export type FactPart = string | { day: string };

export interface DocumentFact {
  label: string;
  parts: FactPart[];
}

export function referenceFacts(doc: IssuedDocument, t: Labels): DocumentFact[] {
  const { preceding, purchaseOrder, buyerReference, servicePeriod, deliveryDate } = doc.references;
  const facts: DocumentFact[] = [];
  if (preceding) {
    const { number, issueDate } = preceding;
    facts.push({
      label: t.correctedInvoice,
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
  return facts;
}

/** A fact as one line of text, its days in `date`'s style. */
export const factText = (fact: DocumentFact, date: (day: string) => string) =>
  fact.parts.map((part) => (typeof part === "string" ? part : date(part.day))).join("");

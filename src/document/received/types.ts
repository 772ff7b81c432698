// A received e-invoice as read: the syntax and container it came in, the XML exactly as received,
// and the EN 16931 view of it (src/document/einvoice.ts) with every amount as the decimal text the
// document states. Nothing here is recomputed; every output of a bill reads this model.
import type { EDocument } from "../einvoice";

export type ReceivedSyntax = "ubl" | "cii";
export type ReceivedContainer = "xml" | "pdf";

/** A payment means as received (BG-16): any UNCL 4461 code the document states. */
export interface ReceivedPaymentMeans {
  /** BT-81 */
  code: string;
  /** BT-84 (or the mandate's debited account BT-91 for a direct debit) */
  iban: string | null;
  /** BT-85 */
  accountName: string | null;
  /** BT-86 */
  bic: string | null;
  /** BT-83 */
  reference: string | null;
}

/**
 * The EN 16931 view the outgoing writer uses (EDocument), widened where a received document may
 * state more: several notes, any payment means code, the specification and process identifiers.
 */
export interface ReceivedDocument extends Omit<EDocument, "note" | "noteSubjectCode" | "paymentMeans"> {
  /** BG-1: BT-21 subject code and BT-22 text, in order. */
  notes: { subjectCode: string | null; text: string }[];
  paymentMeans: ReceivedPaymentMeans | null;
  /** BT-24 */
  customizationId: string | null;
  /** BT-23 */
  profileId: string | null;
}

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

// Reading a received e-invoice: UBL 2.1, UN/CEFACT CII, or a PDF carrying one (Factur-X, ZUGFeRD).
import { InvalidEInvoice, type ReceivedEInvoice } from "./types";

export * from "./types";

/** The e-invoice in `bytes`, received as XML or as a PDF; throws InvalidEInvoice for anything else. */
export function readEInvoice(bytes: Uint8Array, mediaType: "xml" | "pdf"): ReceivedEInvoice {
  void bytes;
  throw new InvalidEInvoice(`reading ${mediaType} is not available yet`);
}

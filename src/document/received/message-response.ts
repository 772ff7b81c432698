// A Peppol Message Level Response (a UBL ApplicationResponse, BIS MLR 3): the recipient's access
// point saying whether it acknowledged (AB), accepted (AP) or rejected (RE) a message we sent, named
// by the envelope id it came in. Read with the safe XML reader, by namespace, never by prefix.
import { InvalidEInvoice } from "./types";
import { UBL_NAMESPACES } from "./ubl";
import { pathReader, readXml, type XmlElement } from "./xml";

/** A Message Level Response code (UNCL 4343 subset): AB acknowledged, AP accepted, RE rejected. */
export const MESSAGE_RESPONSE_CODES = ["AB", "AP", "RE"] as const;
export type MessageResponseCode = (typeof MESSAGE_RESPONSE_CODES)[number];

export const APPLICATION_RESPONSE_NAMESPACE =
  "urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2";

/** The longest reason kept of a response's words. */
const MAX_REASON_LENGTH = 1000;

export interface MessageResponse {
  code: MessageResponseCode;
  /** The envelope (SBDH instance) id of the message it answers. */
  envelopeId: string;
  /** The recipient's words: the response's description or status reason, else its lines'; null when none. */
  reason: string | null;
}

const { one, all, text } = pathReader({ cac: UBL_NAMESPACES.cac, cbc: UBL_NAMESPACES.cbc });

/** The words a response element states: its description, else its status's reason. */
const wordsOf = (response: XmlElement | undefined) =>
  text(response, "cbc:Description") ?? text(response, "cac:Status/cbc:StatusReason");

/**
 * The Message Level Response in `bytes`; null when they are not an ApplicationResponse (an
 * e-invoice, or anything the bill import will refuse with its own reason). An ApplicationResponse
 * without a known code or the envelope id it answers is refused: it cannot be matched.
 */
export function readMessageResponse(bytes: Uint8Array): MessageResponse | null {
  let root: XmlElement;
  try {
    root = readXml(bytes);
  } catch (error) {
    if (error instanceof InvalidEInvoice) return null;
    throw error;
  }
  if (root.uri !== APPLICATION_RESPONSE_NAMESPACE || root.name !== "ApplicationResponse") return null;
  const document = one(root, "cac:DocumentResponse");
  const response = one(document, "cac:Response");
  const code = text(response, "cbc:ResponseCode");
  const envelopeId = text(document, "cac:DocumentReference/cbc:ID");
  if (!code || !(MESSAGE_RESPONSE_CODES as readonly string[]).includes(code)) {
    throw new InvalidEInvoice(`the Message Level Response's code ${code ?? "(none)"} is not AB, AP or RE`);
  }
  if (!envelopeId) throw new InvalidEInvoice("the Message Level Response names no document it answers");
  const lines = all(document, "cac:LineResponse/cac:Response")
    .map(wordsOf)
    .filter((words): words is string => words !== null);
  const reason = wordsOf(response) ?? (lines.length > 0 ? lines.join("; ") : null);
  return {
    code: code as MessageResponseCode,
    envelopeId,
    reason:
      reason && reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH - 3)}...` : reason,
  };
}

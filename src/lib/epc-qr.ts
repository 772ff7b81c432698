// The EPC QR code ("GiroCode", EPC069-12 version 002): a SEPA credit transfer a banking app
// fills in from a scan. The payload, and its QR module matrix (./qr.ts; error correction M as
// the standard requires). Drawing is the caller's.
import { BoundedMap } from "./bounded-map";
import { decimalString } from "./money";
import { isValidRf } from "./payment-reference";
import { qrCode } from "./qr";

export interface EpcTransfer {
  /** Beneficiary name, 1..70 characters (longer is cut). */
  name: string;
  iban: string;
  bic: string | null;
  /** EUR cents, 1..99,999,999,999 (0.01..999,999,999.99 EUR). */
  amountMinor: number;
  /**
   * The payment reference: an ISO 11649 RF reference goes in the structured field, anything
   * else is the unstructured text (at most 140 characters). EPC069-12 allows one of the two.
   */
  reference: string;
}

const MAX_EPC_AMOUNT_MINOR = 99_999_999_999;

/** Whether an amount can travel in an EPC QR code at all. */
export const epcAmountFits = (amountMinor: number) => amountMinor >= 1 && amountMinor <= MAX_EPC_AMOUNT_MINOR;

/**
 * BCD / 002 / 1 (UTF-8) / SCT / BIC / name / IBAN / EUR<amount> / purpose / structured
 * reference / unstructured text, one per line; the amount with its two decimals (EUR59.97).
 */
export function epcPayload(transfer: EpcTransfer): string {
  const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();
  const structured = isValidRf(transfer.reference)
    ? transfer.reference.replace(/\s+/g, "").toUpperCase()
    : "";
  return [
    "BCD",
    "002",
    "1",
    "SCT",
    (transfer.bic ?? "").replace(/\s+/g, ""),
    [...oneLine(transfer.name)].slice(0, 70).join(""),
    transfer.iban.replace(/\s+/g, "").toUpperCase(),
    `EUR${decimalString(transfer.amountMinor, 2)}`,
    "",
    structured,
    structured ? "" : [...oneLine(transfer.reference)].slice(0, 140).join(""),
  ].join("\n");
}

/** Matrices of recent texts: a sent document's code is drawn again for each view of its page. */
const recentMatrices = new BoundedMap<string, QrMatrix>(64);

export type QrMatrix = readonly (readonly boolean[])[];

/**
 * The QR modules of `text` (UTF-8 bytes, byte mode, level M; EPC character set 1):
 * `matrix[row][col]` true = dark. A sent document's page is drawn again on each view: the
 * matrices of the most recent texts are kept; they are shared, and read-only.
 */
export function qrMatrix(text: string): QrMatrix {
  const kept = recentMatrices.get(text);
  if (kept) return kept;
  const matrix = qrCode(new TextEncoder().encode(text));
  recentMatrices.set(text, matrix);
  return matrix;
}

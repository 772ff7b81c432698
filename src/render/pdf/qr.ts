// The EPC QR code ("GiroCode", EPC069-12 version 002) for a SEPA credit transfer of the amount
// due, drawn as vector squares. Banking apps scan it and prefill the transfer.
import qrcode from "qrcode-generator";
import { decimalString } from "../../lib/money";

export interface EpcTransfer {
  bic: string | null;
  name: string;
  iban: string;
  /** Euro cents; the standard allows 0.01 to 999999999.99. */
  amountMinor: number;
  /** Unstructured remittance information: the invoice number. */
  reference: string;
}

const MAX_EPC_CENTS = 99_999_999_999;

/** Whether a transfer can be encoded at all: something to pay, within the standard's range. */
export function isEpcPayable(amountMinor: number): boolean {
  return amountMinor > 0 && amountMinor <= MAX_EPC_CENTS;
}

/**
 * The payload, one element per line: service tag, version, character set (1 = UTF-8),
 * identification, BIC, beneficiary name (at most 70), IBAN, amount, purpose (empty),
 * structured reference (empty), unstructured reference (at most 140).
 */
export function epcPayload(transfer: EpcTransfer): string {
  return [
    "BCD",
    "002",
    "1",
    "SCT",
    (transfer.bic ?? "").replace(/\s+/g, ""),
    [...transfer.name].slice(0, 70).join(""),
    transfer.iban.replace(/\s+/g, "").toUpperCase(),
    `EUR${decimalString(transfer.amountMinor, 2)}`,
    "",
    "",
    [...transfer.reference].slice(0, 140).join(""),
  ].join("\n");
}

/**
 * The code with its top-left corner at (x, top), `size` points wide, quiet zone included, as
 * content stream operators (to be drawn in a graphics state of their own: they set the matrix
 * and the colour). One path of rectangles, one per horizontal run of dark modules, in module
 * units under a scaling matrix, and a single fill.
 */
export function epcQrOperators(payload: string, x: number, top: number, size: number): string {
  const code = qrcode(0, "M");
  // The library writes each char code's low byte: hand it the UTF-8 bytes as char codes.
  code.addData(String.fromCharCode(...new TextEncoder().encode(payload)), "Byte");
  code.make();
  const modules = code.getModuleCount();
  const quiet = 4;
  const cell = size / (modules + 2 * quiet);
  const left = x + quiet * cell;
  const bottom = top - (quiet + modules) * cell;
  // The matrix at full precision: it scales every module.
  const operators = [`${cell} 0 0 ${cell} ${left} ${bottom} cm`, "0 0 0 rg"];
  for (let row = 0; row < modules; row++) {
    let col = 0;
    while (col < modules) {
      if (!code.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules && code.isDark(row, col)) col++;
      operators.push(`${start} ${modules - row - 1} ${col - start} 1 re`);
    }
  }
  operators.push("f");
  return operators.join("\n");
}

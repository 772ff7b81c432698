// What a parsed bank statement holds, whatever its format (CAMT.053/.054, MT940): the account
// and one entry per booked transaction. Amounts are signed integer minor units (a credit > 0).

export interface StatementEntry {
  bookingDate: string | null;
  valueDate: string | null;
  amountMinor: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** Unstructured remittance information (CAMT RmtInf/Ustrd lines, MT940 :86: text). */
  remittanceInformation: string | null;
  /** A structured creditor reference (CAMT RmtInf/Strd/CdtrRefInf/Ref). */
  structuredReference: string | null;
  endToEndId: string | null;
  /** The bank's own reference of the entry (CAMT AcctSvcrRef / NtryRef, MT940 :61: //ref). */
  bankReference: string | null;
}

export interface ParsedStatement {
  format: "camt.053" | "camt.054" | "mt940";
  /** The account's identifier as the bank gives it (an IBAN, or another account id for MT940). */
  account: string | null;
  /** The account as an IBAN when it is one. */
  accountIban: string | null;
  /** The bank's id of the statement. */
  statementId: string | null;
  entries: StatementEntry[];
}

/** The file is not a statement this service reads: 422, naming the element or line. */
export class StatementFormatError extends Error {
  override readonly name = "StatementFormatError";
  constructor(
    message: string,
    /** The element path (CAMT) or line (MT940) at fault. */
    readonly where: string,
  ) {
    super(message);
  }
}

/**
 * A text kept from a parsed chunk, as a string of its own. A value sliced out of a 64 KB chunk
 * would otherwise keep the whole chunk alive (V8 slices share their parent), and 20,000 entries
 * would hold the whole file.
 */
export const detached = (text: string | null): string | null => (text === null ? null : ` ${text}`.slice(1));

/** An amount as the bank writes it ("1234.56", "1234,56") in minor units of `exponent` decimals. */
export function amountToMinor(text: string, exponent: number): number | null {
  const match = /^(\d{1,15})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  if (fraction.length > exponent && /[1-9]/.test(fraction.slice(exponent))) return null;
  const minor =
    BigInt(whole) * 10n ** BigInt(exponent) +
    BigInt(fraction.slice(0, exponent).padEnd(exponent, "0") || "0");
  return minor > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(minor);
}

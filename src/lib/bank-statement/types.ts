// What a parsed bank statement holds, whatever its format (CAMT.053/.054, MT940): the account
// and one entry per booked transaction. Amounts are signed integer minor units (a credit > 0).

import { isCalendarDate } from "../clock";
import { AMOUNT_TOO_LARGE, fitsAmount } from "../money";
import { BUSINESS_DATE_MIN, businessDateMax, latestReceivedDate } from "../schemas";

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

/**
 * What a statement says of itself. While it streams, each field holds what has been read so far
 * (`account` is known before the first entry in every bank's file); complete once the stream ends.
 */
export interface StatementHead {
  format: "camt.053" | "camt.054" | "mt940";
  /** The account's identifier as the bank gives it (an IBAN, or another account id for MT940). */
  account: string | null;
  /** The account as an IBAN when it is one. */
  accountIban: string | null;
  /** The bank's id of the statement. */
  statementId: string | null;
}

export interface ParsedStatement extends StatementHead {
  entries: StatementEntry[];
}

/**
 * A statement as it is read: the entries in file order, a few at a time (those of one chunk of
 * the body), and its head, filled in as the file states it. A malformed file throws
 * StatementFormatError from the iteration, at the point where it is found.
 */
export interface StatementStream {
  head: StatementHead;
  entries: AsyncIterable<StatementEntry[]>;
}

/** A whole statement in memory (tests and small files). */
export async function collect(stream: StatementStream): Promise<ParsedStatement> {
  const entries: StatementEntry[] = [];
  for await (const some of stream.entries) entries.push(...some);
  return { ...stream.head, entries };
}

/**
 * The entries a file may hold: a statement beyond it is refused (split it). Memory stays flat in
 * the entries (the import reads them in parts; what grows is 24 bytes an entry to number repeated
 * keys); the bound is CPU: some 1.5 s of the Worker's own per 20,000 entries, so 200,000 stay
 * well inside a request's 30 s.
 */
export const MAX_STATEMENT_ENTRIES = 200_000;

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

/**
 * The longest text one field of a statement may hold. ISO 20022 bounds its texts to 140 (names,
 * remittance lines) or 500 characters (additional information), SWIFT an MT940 line to 65 and a
 * :86: field to 6 x 65: anything near this is no bank's file, and refused before it reaches a key,
 * a row or a regular expression.
 */
export const MAX_STATEMENT_FIELD_CHARS = 4096;

/** An amount as the bank writes it ("1234.56", "1234,56") in minor units of `exponent` decimals. */
export function amountToMinor(
  text: string,
  exponent: number,
): { ok: true; minor: number } | { ok: false; message: string } {
  const match = /^(\d{1,15})(?:[.,](\d*))?$/.exec(text.trim());
  const notAmount = { ok: false as const, message: `Not an amount: "${text.trim().slice(0, 40)}"` };
  if (!match) return notAmount;
  const [, whole = "0", fraction = ""] = match;
  if (fraction.length > exponent && /[1-9]/.test(fraction.slice(exponent))) return notAmount;
  const minor =
    BigInt(whole) * 10n ** BigInt(exponent) +
    BigInt(fraction.slice(0, exponent).padEnd(exponent, "0") || "0");
  // The one limit of every amount (15 digits, which a JSON number keeps exactly).
  if (!fitsAmount(minor)) return { ok: false, message: `${AMOUNT_TOO_LARGE}: "${text.trim()}"` };
  return { ok: true, minor: Number(minor) };
}

/**
 * Why a date a statement states may not become a bank transaction's date, or null when it may:
 * it is a real calendar date (2026-02-30 is not), within the business window (2000-01-01 to ten
 * years ahead), and a booking date, which becomes a payment's date, is not later than the latest
 * date a payment may be received.
 */
export function statementDateProblem(date: string, kind: "booking" | "value"): string | null {
  if (!isCalendarDate(date)) return `Not a calendar date: "${date}"`;
  const latest = kind === "booking" ? latestReceivedDate() : businessDateMax();
  if (date < BUSINESS_DATE_MIN || date > latest) {
    return `The ${kind} date ${date} is outside ${BUSINESS_DATE_MIN} to ${latest}`;
  }
  return null;
}

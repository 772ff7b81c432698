// SWIFT MT940 (customer statement message), as banks hand it out for download: one or more
// statements, each :20: :25: :28C: :60F: then per entry :61: (the booking) and :86: (its
// details), :62F:. The :86: details are read in the three layouts in use: German "?20..?63"
// subfields (with SEPA keywords EREF+ / SVWZ+), SWIFT/Dutch "/EREF/.../NAME/.../REMI/..." codes,
// or free text. Read line by line as the text arrives.
import { isCalendarDate } from "../clock";
import { parseIban } from "../iban";
import { currencyExponent, isCurrency } from "../money";
import {
  amountToMinor,
  collect,
  detached,
  MAX_STATEMENT_ENTRIES,
  MAX_STATEMENT_FIELD_CHARS,
  type ParsedStatement,
  type StatementEntry,
  StatementFormatError,
  type StatementHead,
  type StatementStream,
  statementDateProblem,
} from "./types";

// :61: value date YYMMDD, [entry date MMDD], C/D/RC/RD, [funds code], amount, type, reference[//bank ref]
const STATEMENT_LINE =
  /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,15},\d{0,3})([NFS][A-Z0-9]{3})([^/]*?)(?:\/\/(.*))?$/;
const BALANCE = /^(C|D)(\d{6})([A-Z]{3})(\d{1,15},\d{0,3})$/;

interface Pending {
  line: number;
  entry: StatementEntry;
}

function isoDate(yymmdd: string): string {
  const year = Number(yymmdd.slice(0, 2));
  // SWIFT dates have two-digit years: 00..79 are 20xx, 80..99 19xx.
  return `${year < 80 ? 2000 + year : 1900 + year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/** How far a booking date may lie from its value date (a year end falls between them at most). */
const MAX_BOOKING_TO_VALUE_MS = 92 * 86_400_000;

/**
 * The booking date: the entry date MMDD in the value date's year or the one next to it,
 * whichever is nearest among those where it is a calendar date (0229 only in a leap year) within
 * three months of the value date; null when there is none.
 */
function bookingDateOf(valueDate: string, mmdd: string): string | null {
  const year = Number(valueDate.slice(0, 4));
  const distance = (d: string) => Math.abs(Date.parse(d) - Date.parse(valueDate));
  const candidates = [year - 1, year, year + 1]
    .map((y) => `${y}-${mmdd.slice(0, 2)}-${mmdd.slice(2)}`)
    .filter((d) => isCalendarDate(d) && distance(d) <= MAX_BOOKING_TO_VALUE_MS);
  return candidates.reduce<string | null>(
    (best, d) => (best === null || distance(d) < distance(best) ? d : best),
    null,
  );
}

const IBAN_IN = /\b([A-Z]{2}\d{2}[A-Z0-9]{11,30})\b/;

/** Details of an entry from its :86: text. */
function readDetails(text: string) {
  const out: {
    name: string | null;
    iban: string | null;
    remittance: string | null;
    structured: string | null;
    endToEnd: string | null;
  } = { name: null, iban: null, remittance: null, structured: null, endToEnd: null };
  const compact = text.replace(/\n/g, "");
  if (/^\d{3}\?/.test(compact) || compact.startsWith("?")) {
    // German: ?00 posting text, ?20-?29 and ?60-?63 purpose, ?30 BIC, ?31 IBAN, ?32/?33 name.
    const fields = new Map<string, string>();
    for (const match of compact.matchAll(/\?(\d{2})([^?]*)/g)) {
      const key = match[1] ?? "";
      fields.set(key, (fields.get(key) ?? "") + (match[2] ?? ""));
    }
    const purpose = [...fields.entries()]
      .filter(([key]) => (key >= "20" && key <= "29") || (key >= "60" && key <= "63"))
      .map(([, value]) => value)
      .join("");
    const name = `${fields.get("32") ?? ""}${fields.get("33") ?? ""}`.trim();
    out.name = name || null;
    out.iban = fields.get("31")?.trim() || null;
    const sepa = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE)\+/g;
    if (sepa.test(purpose)) {
      const parts = purpose.split(/(?=(?:EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE)\+)/);
      for (const part of parts) {
        const value = part.slice(5).trim();
        if (part.startsWith("EREF+")) out.endToEnd = value && value !== "NOTPROVIDED" ? value : null;
        else if (part.startsWith("SVWZ+")) out.remittance = value || null;
      }
      if (out.remittance === null) out.remittance = purpose.trim() || null;
    } else {
      out.remittance = purpose.trim() || null;
    }
    return out;
  }
  if (/^\/[A-Z]{2,4}\//.test(compact)) {
    // SWIFT / Dutch: /CODE/value/CODE/value..., ORDP and BENM carry //NAME/ and /ID/ or /IBAN/.
    const codes = compact.split(
      /\/(?=(?:EREF|ORDP|BENM|NAME|IBAN|ID|REMI|CSID|MARF|RTRN|ADDR|BIC|BUSP|TRCD|PREF|SVWZ|USTD|STRD|CDTRREF|CDTRREFTP|CD|ISSR)\/)/,
    );
    for (const raw of codes) {
      const part = raw.replace(/^\//, "");
      const slash = part.indexOf("/");
      if (slash < 0) continue;
      const code = part.slice(0, slash);
      const value = part
        .slice(slash + 1)
        .replace(/^\/+|\/+$/g, "")
        .trim();
      if (code === "EREF") out.endToEnd = value && value !== "NOTPROVIDED" ? value : null;
      else if (code === "NAME" && out.name === null) out.name = value || null;
      else if ((code === "IBAN" || code === "ID") && out.iban === null && IBAN_IN.test(value))
        out.iban = value;
      else if (code === "USTD" || code === "REMI" || code === "SVWZ")
        out.remittance = value || out.remittance;
      else if (code === "CDTRREF" || code === "STRD") out.structured = value.replace(/^.*\//, "") || null;
    }
    return out;
  }
  out.remittance = text.replace(/\n/g, " ").trim() || null;
  return out;
}

/** Reads a whole MT940 file from its text chunks. Throws StatementFormatError naming the line. */
export const parseMt940 = (chunks: AsyncIterable<string>): Promise<ParsedStatement> =>
  collect(streamMt940(chunks));

/** Reads an MT940 file as its text chunks arrive: the entries of each chunk as it is read. */
export function streamMt940(chunks: AsyncIterable<string>): StatementStream {
  const head: StatementHead = { format: "mt940", account: null, accountIban: null, statementId: null };
  return { head, entries: mt940Entries(chunks, head) };
}

async function* mt940Entries(
  chunks: AsyncIterable<string>,
  head: StatementHead,
): AsyncGenerator<StatementEntry[]> {
  const entries: StatementEntry[] = [];
  let entryCount = 0;
  let account: string | null = null;
  let currency: string | null = null;
  let pending: Pending | null = null;
  let sawStatement = false;
  // The field being read (tag and its text, which may continue over several lines).
  let field: { tag: string; line: number; text: string } | null = null;
  let lineNumber = 0;

  const fail = (message: string, line: number): never => {
    throw new StatementFormatError(message, `line ${line}`);
  };

  function flushPending() {
    if (pending) entries.push(pending.entry);
    pending = null;
  }

  function closeField() {
    if (!field) return;
    const { tag, line, text } = field;
    field = null;
    switch (tag) {
      case "20":
        flushPending();
        sawStatement = true;
        head.statementId = text.trim() || null;
        break;
      case "25": {
        const value = text.trim().replace(/\s+/g, "");
        if (!value) fail(":25: names no account", line);
        if (account !== null && account !== value) {
          fail(
            `The file holds statements of two accounts (${account}, ${value}): import one account per file`,
            line,
          );
        }
        account = value;
        head.account = value;
        break;
      }
      case "60F":
      case "60M": {
        const match = BALANCE.exec(text.trim());
        if (!match)
          return fail(`:${tag}: is not a balance (C|D, YYMMDD, currency, amount): "${text.trim()}"`, line);
        currency = match[3] ?? null;
        if (!currency || !isCurrency(currency)) fail(`:${tag}: unknown currency "${currency ?? ""}"`, line);
        break;
      }
      case "61": {
        flushPending();
        if (!currency) fail(":61: before an opening balance (:60F:) named the currency", line);
        const [first = ""] = text.split("\n");
        const match = STATEMENT_LINE.exec(first.trim());
        if (!match) {
          return fail(
            `:61: is not a statement line (value date, D/C mark, amount, type, reference): "${first.trim()}"`,
            line,
          );
        }
        const [, value = "", entryDate, mark = "", , amountText = "", , , bankRef] = match;
        const valueDate = isoDate(value);
        const valueProblem = statementDateProblem(valueDate, "value");
        if (valueProblem) fail(`:61: value date ${value}: ${valueProblem}`, line);
        // Without an entry date the value date is all the line says: the booking date when it can
        // be one (a payment's date is at most tomorrow), else none (the payment is dated at import).
        let bookingDate: string | null = valueDate;
        if (entryDate) {
          bookingDate = bookingDateOf(valueDate, entryDate);
          if (bookingDate === null) {
            return fail(
              `:61: entry date ${entryDate} is no calendar date within 3 months of ${valueDate}`,
              line,
            );
          }
          const bookingProblem = statementDateProblem(bookingDate, "booking");
          if (bookingProblem) fail(`:61: entry date ${entryDate}: ${bookingProblem}`, line);
        } else if (statementDateProblem(valueDate, "booking") !== null) {
          bookingDate = null;
        }
        const amount = amountToMinor(amountText, currencyExponent(currency ?? "EUR"));
        if (!amount.ok) return fail(`:61: ${amount.message} (${currency})`, line);
        const minor = amount.minor;
        // C credit, D debit; RC (reversal of a credit) takes money out, RD puts it back.
        const sign = mark === "C" || mark === "RD" ? 1 : -1;
        const bankReference = bankRef?.trim();
        pending = {
          line,
          entry: {
            bookingDate,
            valueDate,
            amountMinor: sign * minor,
            currency: currency ?? "EUR",
            counterpartyName: null,
            counterpartyIban: null,
            remittanceInformation: null,
            structuredReference: null,
            endToEndId: null,
            bankReference: bankReference && bankReference !== "NONREF" ? detached(bankReference) : null,
          },
        };
        entryCount++;
        if (entryCount > MAX_STATEMENT_ENTRIES)
          fail(`More than ${MAX_STATEMENT_ENTRIES} entries: split the statement`, line);
        break;
      }
      case "86": {
        if (!pending) break; // information of the whole statement
        const details = readDetails(text);
        const iban = details.iban ? parseIban(details.iban) : null;
        Object.assign(pending.entry, {
          counterpartyName: detached(details.name),
          counterpartyIban: detached(iban?.ok ? iban.value : (details.iban ?? null)),
          remittanceInformation: detached(details.remittance),
          structuredReference: detached(details.structured),
          endToEndId: detached(details.endToEnd),
        });
        flushPending();
        break;
      }
      case "62F":
      case "62M":
        flushPending();
        break;
    }
  }

  function readLine(raw: string) {
    lineNumber++;
    if (raw.length > MAX_STATEMENT_FIELD_CHARS)
      fail(`A line longer than ${MAX_STATEMENT_FIELD_CHARS} characters`, lineNumber);
    const line = raw.replace(/\r$/, "");
    const tagged = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (tagged) {
      closeField();
      field = { tag: tagged[1] ?? "", line: lineNumber, text: tagged[2] ?? "" };
      return;
    }
    // Block wrappers ({1:...}{2:...}{4:) and the end of a message (-}), or a blank line.
    if (/^(\{[1-5]:|-\}|-$)/.test(line) || line.trim() === "") {
      if (/^-/.test(line)) closeField();
      return;
    }
    if (field) {
      if (field.text.length + 1 + line.length > MAX_STATEMENT_FIELD_CHARS) {
        fail(`:${field.tag}: is longer than ${MAX_STATEMENT_FIELD_CHARS} characters`, field.line);
      }
      field.text += `\n${line}`;
      return;
    }
    fail(`Not an MT940 line (expected a :tag: such as :20:, :25:, :61:): "${line.slice(0, 40)}"`, lineNumber);
  }

  let rest = "";
  for await (const chunk of chunks) {
    rest += chunk;
    let start = 0;
    for (let newline = rest.indexOf("\n"); newline >= 0; newline = rest.indexOf("\n", start)) {
      readLine(rest.slice(start, newline));
      start = newline + 1;
    }
    rest = rest.slice(start);
    if (rest.length > MAX_STATEMENT_FIELD_CHARS)
      fail(`A line longer than ${MAX_STATEMENT_FIELD_CHARS} characters`, lineNumber + 1);
    if (entries.length > 0) yield entries.splice(0);
  }
  if (rest !== "") readLine(rest);
  closeField();
  flushPending();
  if (!sawStatement) fail("No :20: field: not an MT940 statement", 1);
  if (account === null) fail("No :25: field names the account", lineNumber);
  const iban = account ? parseIban(account) : null;
  head.accountIban = iban?.ok ? iban.value : null;
  if (entries.length > 0) yield entries.splice(0);
}

// ISO 20022 CAMT.053 (bank to customer statement) and CAMT.054 (debit/credit notification),
// versions .001.02 to .001.08, read as a stream of SAX events (saxes): no tree of the document is
// ever built, only the entry being read. Booked entries only; a batch entry with several
// transaction details becomes one entry per transaction. An entry's direction is its CdtDbtInd,
// reversal or not: RvslInd only says that it reverses an earlier entry (a returned incoming
// transfer is a DBIT), per ISO 20022's usage rule.
import { SaxesParser } from "saxes";
import { parseIban } from "../iban";
import { currencyExponent, isCurrency, toMajor } from "../money";
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

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(053|054)\.001\.0([2-8])$/;

/**
 * How deep elements may nest. A CAMT statement's deepest element is some 20 levels down
 * (Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls/RmtInf/Strd/...); a file nested deeper is
 * refused, so that no walk of the element stack costs more than a constant.
 */
export const MAX_XML_DEPTH = 64;

/** The most levels below an entry or transaction a path that is read has (RltdPties/DbtrAcct/Id/IBAN). */
const READ_PATH_DEPTH = 4;

/**
 * The last elements of the paths readEntry and readTransaction read: only these have their path
 * made (a string per element of every entry otherwise).
 */
const READ_LEAVES = new Set([
  "Amt",
  "CdtDbtInd",
  "Sts",
  "Cd",
  "Dt",
  "DtTm",
  "AcctSvcrRef",
  "NtryRef",
  "AddtlNtryInf",
  "EndToEndId",
  "Nm",
  "IBAN",
  "Ustrd",
  "Ref",
  "AddtlTxInf",
]);

interface TxDraft {
  amount: string | null;
  currency: string | null;
  creditDebit: string | null;
  endToEndId: string | null;
  bankReference: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  creditorName: string | null;
  creditorIban: string | null;
  unstructured: string[];
  structuredReference: string | null;
  additional: string | null;
}

/** A date as the entry states it, and the element that states it. */
interface StatedDate {
  text: string;
  path: string;
}

interface EntryDraft {
  index: number;
  line: number;
  amount: string | null;
  currency: string | null;
  creditDebit: string | null;
  status: string | null;
  bookingDate: StatedDate | null;
  valueDate: StatedDate | null;
  bankReference: string | null;
  entryReference: string | null;
  additional: string | null;
  transactions: TxDraft[];
}

const newTx = (): TxDraft => ({
  amount: null,
  currency: null,
  creditDebit: null,
  endToEndId: null,
  bankReference: null,
  debtorName: null,
  debtorIban: null,
  creditorName: null,
  creditorIban: null,
  unstructured: [],
  structuredReference: null,
  additional: null,
});

const localName = (name: string) => name.slice(name.indexOf(":") + 1);
/** ISO 8601 as ISODateTime writes it: a time of day, seconds and fraction optional, an optional offset. */
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/;

/** ISODate as xs:date writes it: the day, with an optional time zone. */
const DATE = /^(\d{4}-\d{2}-\d{2})(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/;

/** The date of a `Dt` or of a `DtTm` (the day it states); null when it is not one. */
const dateOf = (text: string, element: string) =>
  (element === "DtTm" ? DATE_TIME : DATE).exec(text)?.[1] ?? null;
const ibanOf = (text: string | null) => {
  if (!text) return null;
  const parsed = parseIban(text);
  return parsed.ok ? parsed.value : text.replace(/\s+/g, "").toUpperCase();
};

/** Reads a whole CAMT.053/.054 document from its text chunks. Throws StatementFormatError. */
export const parseCamt = (chunks: AsyncIterable<string>): Promise<ParsedStatement> =>
  collect(streamCamt(chunks));

/** Reads a CAMT.053/.054 document as its text chunks arrive: the entries of each chunk as it is read. */
export function streamCamt(chunks: AsyncIterable<string>): StatementStream {
  const head: StatementHead = { format: "camt.053", account: null, accountIban: null, statementId: null };
  return { head, entries: camtEntries(chunks, head) };
}

async function* camtEntries(
  chunks: AsyncIterable<string>,
  head: StatementHead,
): AsyncGenerator<StatementEntry[]> {
  const parser = new SaxesParser({ position: true });
  const stack: string[] = [];
  let text = "";
  let format: StatementHead["format"] | null = null;
  let account: string | null = null;
  let accountCurrency: string | null = null;
  let statements = 0;
  let entryCount = 0;
  let entry: EntryDraft | null = null;
  let tx: TxDraft | null = null;
  let entryDepth = -1;
  let txDepth = -1;
  const entries: StatementEntry[] = [];

  /** The path of the open element below `depth`, or null when it is deeper than any path read. */
  const pathBelow = (depth: number) =>
    stack.length - depth <= READ_PATH_DEPTH ? stack.slice(depth).join("/") : null;
  const where = (leaf?: string) => {
    const path = [...stack, ...(leaf ? [leaf] : [])].join("/");
    return `${path.replace(/\/Ntry\//, `/Ntry[${entry?.index ?? entryCount}]/`)} (line ${parser.line})`;
  };
  const fail = (message: string, leaf?: string): never => {
    throw new StatementFormatError(message, where(leaf));
  };

  parser.on("error", (error) => {
    throw new StatementFormatError(`Not well-formed XML: ${error.message}`, `line ${parser.line}`);
  });
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    text = "";
    if (stack.length === 0) {
      const xmlns = String(tag.attributes.xmlns ?? "");
      const version = NAMESPACE.exec(xmlns);
      if (name !== "Document" || !version) {
        fail(
          `Not a CAMT.053 or CAMT.054 document (.001.02 to .001.08): root <${name.slice(0, 40)}> in namespace "${xmlns.slice(0, 80)}"`,
          name,
        );
      }
      format = version?.[1] === "054" ? "camt.054" : "camt.053";
      head.format = format;
    }
    if (stack.length >= MAX_XML_DEPTH) fail(`Elements nested deeper than ${MAX_XML_DEPTH} levels`, name);
    stack.push(name);
    if (name === "Stmt" || name === "Ntfctn") statements++;
    if (name === "Ntry" && entry === null) {
      entryCount++;
      if (entryCount > MAX_STATEMENT_ENTRIES) {
        fail(`More than ${MAX_STATEMENT_ENTRIES} entries: split the statement`);
      }
      entryDepth = stack.length;
      entry = {
        index: entryCount,
        line: parser.line,
        amount: null,
        currency: null,
        creditDebit: null,
        status: null,
        bookingDate: null,
        valueDate: null,
        bankReference: null,
        entryReference: null,
        additional: null,
        transactions: [],
      };
    } else if (name === "TxDtls" && entry) {
      txDepth = stack.length;
      tx = newTx();
    }
    if (name === "Amt") {
      const currency = String(tag.attributes.Ccy ?? "");
      const path = tx ? pathBelow(txDepth) : null;
      if (tx && (path === "Amt" || path === "AmtDtls/TxAmt/Amt")) tx.currency = currency;
      else if (entry && !tx && stack.length === entryDepth + 1) entry.currency = currency;
    }
  });
  parser.on("text", (chunk) => {
    if (text.length + chunk.length > MAX_STATEMENT_FIELD_CHARS) {
      fail(`A text longer than ${MAX_STATEMENT_FIELD_CHARS} characters`);
    }
    text += chunk;
  });
  parser.on("closetag", () => {
    const name = stack.at(-1) ?? "";
    const value = text.trim();
    text = "";
    if (tx) {
      const path = READ_LEAVES.has(name) ? pathBelow(txDepth) : null;
      if (path !== null) readTransaction(tx, path, value);
    } else if (entry) {
      const path = READ_LEAVES.has(name) ? pathBelow(entryDepth) : null;
      if (path !== null) readEntry(entry, path, value);
    } else {
      const path = stack.slice(-3).join("/");
      if (/(Stmt|Ntfctn)\/Id$/.test(stack.slice(-2).join("/"))) head.statementId = value || null;
      else if (path.endsWith("Acct/Id/IBAN")) accountOf(ibanOf(value), true);
      else if (stack.slice(-5).join("/").endsWith("Acct/Id/Othr/Id")) accountOf(value, false);
      else if (path.endsWith("Acct/Ccy")) accountCurrency = value;
    }
    if (name === "TxDtls" && tx && entry && stack.length === txDepth) {
      entry.transactions.push(tx);
      tx = null;
    }
    if (name === "Ntry" && entry && stack.length === entryDepth) {
      entries.push(...finishEntry(entry));
      entry = null;
    }
    stack.pop();
  });

  function accountOf(value: string | null, isIban: boolean) {
    if (!value) return;
    if (account !== null && account !== value) {
      fail(`The file holds statements of two accounts (${account}, ${value}): import one account per file`);
    }
    account = value;
    head.account = value;
    if (isIban) head.accountIban = parseIban(value).ok ? value : null;
  }

  function readEntry(draft: EntryDraft, path: string, value: string) {
    switch (path) {
      case "Amt":
        draft.amount = value;
        break;
      case "CdtDbtInd":
        draft.creditDebit = value;
        break;
      case "Sts":
      case "Sts/Cd":
        // <Sts>BOOK</Sts> up to .001.07, <Sts><Cd>BOOK</Cd></Sts> from .001.08 (the outer one is empty).
        if (value) draft.status = value;
        break;
      // Checked once the entry is known to be booked (finishEntry): a pending entry's date may lie ahead.
      case "BookgDt/Dt":
      case "BookgDt/DtTm":
        draft.bookingDate = { text: value, path };
        break;
      case "ValDt/Dt":
      case "ValDt/DtTm":
        draft.valueDate = { text: value, path };
        break;
      case "AcctSvcrRef":
        draft.bankReference = value || null;
        break;
      case "NtryRef":
        draft.entryReference = value || null;
        break;
      case "AddtlNtryInf":
        draft.additional = value || null;
        break;
    }
  }

  function checkedDate(stated: StatedDate | null, kind: "booking" | "value"): string | null {
    if (stated === null) return null;
    const { text: value, path } = stated;
    const date =
      dateOf(value, path.slice(path.indexOf("/") + 1)) ?? fail(`Not a date: "${value.slice(0, 40)}"`, path);
    const problem = statementDateProblem(date, kind);
    return problem === null ? date : fail(problem, path);
  }

  function readTransaction(draft: TxDraft, path: string, value: string) {
    switch (path) {
      case "Amt":
      case "AmtDtls/TxAmt/Amt":
        draft.amount = value;
        break;
      case "CdtDbtInd":
        draft.creditDebit = value;
        break;
      case "Refs/EndToEndId":
        draft.endToEndId = value && value !== "NOTPROVIDED" ? value : null;
        break;
      case "Refs/AcctSvcrRef":
        draft.bankReference = value || null;
        break;
      case "RltdPties/Dbtr/Nm":
      case "RltdPties/Dbtr/Pty/Nm":
        draft.debtorName = value || null;
        break;
      case "RltdPties/Cdtr/Nm":
      case "RltdPties/Cdtr/Pty/Nm":
        draft.creditorName = value || null;
        break;
      case "RltdPties/DbtrAcct/Id/IBAN":
        draft.debtorIban = ibanOf(value);
        break;
      case "RltdPties/CdtrAcct/Id/IBAN":
        draft.creditorIban = ibanOf(value);
        break;
      case "RmtInf/Ustrd":
        if (value) draft.unstructured.push(value);
        break;
      case "RmtInf/Strd/CdtrRefInf/Ref":
        draft.structuredReference = value || null;
        break;
      case "AddtlTxInf":
        draft.additional = value || null;
        break;
    }
  }

  function signedAmount(
    amount: string | null,
    currency: string | null,
    creditDebit: string | null,
    leaf: string,
  ) {
    if (amount === null) return fail("The entry has no amount", leaf);
    if (!currency || !isCurrency(currency))
      return fail(`Unknown currency "${(currency ?? "").slice(0, 40)}"`, leaf);
    const parsed = amountToMinor(amount, currencyExponent(currency));
    if (!parsed.ok) return fail(`${parsed.message} (${currency})`, leaf);
    if (creditDebit !== "CRDT" && creditDebit !== "DBIT") {
      return fail(`CdtDbtInd must be CRDT or DBIT, not "${creditDebit ?? ""}"`, "CdtDbtInd");
    }
    return { minor: creditDebit === "CRDT" ? parsed.minor : -parsed.minor, currency };
  }

  /**
   * The transaction details' own amounts, each signed by its own CdtDbtInd (else the entry's),
   * checked against the entry, or the entry is refused: every detail goes the entry's way (a DBIT
   * detail in a CRDT entry is no credit, and a batch of credits netted against a debit would post
   * more than was booked), and the details of a batch add up to its amount (two 1,000.00 credits
   * booked as 1.00 would post 2,000). The one detail of a single entry may state more than was
   * booked (charges taken off): the entry's amount is what posts. Null when no detail states an
   * amount (the entry's details then describe its one amount).
   */
  function detailAmounts(draft: EntryDraft, own: { minor: number; currency: string }) {
    const stated = draft.transactions.filter((t) => t.amount !== null);
    if (stated.length === 0) return null;
    if (stated.length < draft.transactions.length) {
      fail("Some TxDtls of the entry state an amount and others do not: all or none must", "NtryDtls");
    }
    const amounts = stated.map((t) =>
      signedAmount(t.amount, t.currency ?? own.currency, t.creditDebit ?? draft.creditDebit, "TxDtls/Amt"),
    );
    if (amounts.some((a) => a.currency !== own.currency)) {
      fail(`A TxDtls amount is not in the entry's currency ${own.currency}`, "NtryDtls");
    }
    if (amounts.some((a) => Math.sign(a.minor) !== Math.sign(own.minor) && a.minor !== 0)) {
      fail(
        `A TxDtls of the ${own.minor < 0 ? "DBIT" : "CRDT"} entry is a ${own.minor < 0 ? "CRDT" : "DBIT"}: every detail goes the entry's way`,
        "NtryDtls",
      );
    }
    const sum = amounts.reduce((total, a) => total + BigInt(a.minor), 0n);
    if (amounts.length > 1 && sum !== BigInt(own.minor)) {
      fail(
        `The entry's TxDtls add up to ${toMajor(sum, own.currency)} ${own.currency}, not the entry's ${toMajor(own.minor, own.currency)} (a credit is positive, a debit negative)`,
        "NtryDtls",
      );
    }
    return amounts;
  }

  function finishEntry(draft: EntryDraft): StatementEntry[] {
    const own = signedAmount(draft.amount, draft.currency ?? accountCurrency, draft.creditDebit, "Amt");
    // Pending and information-only entries are not money on the account yet.
    if (draft.status !== null && draft.status !== "BOOK") return [];
    const bookingDate = checkedDate(draft.bookingDate, "booking");
    const valueDate = checkedDate(draft.valueDate, "value");
    const details = detailAmounts(draft, own);
    // A batch of several details of their own amounts is one transaction per detail.
    const split = details !== null && details.length > 1;
    const parts = split ? draft.transactions : [draft.transactions[0] ?? newTx()];
    return parts.map((part, i) => {
      const signed = (split && details?.[i]) || own;
      const amountMinor = signed.minor;
      const credit = amountMinor > 0;
      const entryRef = draft.bankReference ?? draft.entryReference;
      return {
        bookingDate: detached(bookingDate),
        valueDate: detached(valueDate),
        amountMinor,
        currency: signed.currency,
        counterpartyName: detached(credit ? part.debtorName : part.creditorName),
        counterpartyIban: detached(credit ? part.debtorIban : part.creditorIban),
        remittanceInformation: detached(
          (part.unstructured.length > 0 ? part.unstructured.join(" ") : null) ??
            part.additional ??
            draft.additional,
        ),
        structuredReference: detached(part.structuredReference),
        endToEndId: detached(part.endToEndId),
        bankReference: detached(
          split
            ? (part.bankReference ?? (entryRef ? `${entryRef}/${i + 1}` : null))
            : (entryRef ?? part.bankReference),
        ),
      };
    });
  }

  for await (const chunk of chunks) {
    parser.write(chunk);
    if (entries.length > 0) yield entries.splice(0);
  }
  parser.close();
  if (format === null) fail("The file is empty");
  if (statements === 0) fail("No Stmt (or Ntfctn) element: not a statement", "Document");
  if (entries.length > 0) yield entries.splice(0);
}

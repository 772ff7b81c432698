// Importing a bank statement as it streams from the request: its entries are read in parts
// (ENTRIES_PER_PART), held packed in typed arrays (packed-entries.ts), and each part is
// deduplicated against earlier imports, matched and written before the next is read, so memory
// stays flat in the file's size. Nothing is ever
// half-imported: the entries go (one JSON parameter per few hundred rows: D1 binds at most 100
// parameters per statement) under a statement row in state `importing`, which every reader
// ignores; the matches' payments, the events and the flip to `imported` commit in one final
// batch once the whole file has been read. A failure (a malformed part, a broken stream, a
// write refused) removes what was written; an import that died half-way is removed by the next
// import of the organization.
import { and, eq, lt, sql } from "drizzle-orm";
import { batchableRun, type Db } from "../../db/client";
import { isUniqueFailure } from "../../db/guards";
import { type BankTransaction, bankStatements, bankTransactions } from "../../db/schema/bank";
import { type Invoice, invoiceItems, invoices } from "../../db/schema/invoices";
import type { StatementEntry, StatementStream } from "../../lib/bank-statement/types";
import { nowIso } from "../../lib/clock";
import { conflict } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { logWarn } from "../../lib/log";
import { recordEvents } from "../events";
import { commit, type Statement } from "../invoices/common";
import { BillLedger, BillMatcher, billsByIds } from "./bill-match";
import { dedupeKeys, KeyCounts, likelyDuplicates, newFileKeys } from "./dedupe";
import { Matcher, type MatchOutcome } from "./match";
import { PackedEntries, PackedTexts } from "./packed-entries";
import { InvoiceLedger } from "./post";
import {
  type BankTransactionView,
  serializeStatement,
  serializeTransaction,
  type TransactionLinks,
} from "./read";
import { needsReviewEvents } from "./review-events";

/** Text as stored: banks bound their fields (CAMT Ustrd 140, Nm 140, references 35), a crafted file need not. */
const clip = (text: string | null, max: number) =>
  text === null || text.length <= max ? text : [...text].slice(0, max).join("");

/** Clips an entry's texts in place (a copy of 20,000 entries would be memory for nothing). */
function storedEntry(e: StatementEntry): StatementEntry {
  e.counterpartyName = clip(e.counterpartyName, 140);
  e.counterpartyIban = clip(e.counterpartyIban, 34);
  e.remittanceInformation = clip(e.remittanceInformation, 1000);
  e.structuredReference = clip(e.structuredReference, 140);
  e.endToEndId = clip(e.endToEndId, 140);
  e.bankReference = clip(e.bankReference, 140);
  return e;
}

/**
 * Rows per INSERT ... SELECT FROM json_each(?), one such statement per batch: each batch's JSON
 * (and the D1 request around it) stays under 128 KB, below V8's large-object space, which only
 * a full collection frees (8 x 500 rows, some 2 MB a batch, piled up to 110 MiB at 100,000).
 */
const ROWS_PER_STATEMENT = 150;
/** Entries read before they are keyed, matched and written. */
const ENTRIES_PER_PART = 1000;
/** The most events an import hands to a first delivery attempt after its response. */
const MAX_FIRST_ATTEMPTS = 300;
/** An import still `importing` after this long has died: the next import removes it. */
const STALE_IMPORT_MS = 15 * 60 * 1000;

/** Keys as the JSON lists `existingKeys` looks up, 2,000 to a list. */
function keyLists(keys: readonly string[]): string[] {
  const lists: string[] = [];
  for (let start = 0; start < keys.length; start += 2000) {
    lists.push(JSON.stringify(keys.slice(start, start + 2000)));
  }
  return lists;
}

/**
 * The keys among `lists` (of `keyLists`) already imported for the organization. Entries of an
 * import still running are not counted: inserting them again fails on the unique key (409), so a
 * file is never half counted as duplicates of an import that may yet fail.
 */
async function existingKeys(db: Db, organizationId: string, lists: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const reads = lists.map((json) =>
    db
      .select({ key: bankTransactions.dedupeKey })
      .from(bankTransactions)
      .where(
        and(
          eq(bankTransactions.organizationId, organizationId),
          sql`${bankTransactions.dedupeKey} IN (SELECT value FROM json_each(${json}))`,
          sql`${bankTransactions.statementId} IN (SELECT id FROM ${bankStatements}
            WHERE organization_id = ${organizationId} AND state = 'imported')`,
        ),
      ),
  );
  for (let start = 0; start < reads.length; start += 20) {
    const results = await db.batch(reads.slice(start, start + 20) as [(typeof reads)[number]]);
    for (const rows of results as { key: string }[][]) for (const row of rows) found.add(row.key);
  }
  return found;
}

/** Removes an import that never finished (its entries first: they reference it). */
async function removeImport(db: Db, where: ReturnType<typeof and>) {
  await db.batch([
    db
      .delete(bankTransactions)
      .where(sql`${bankTransactions.statementId} IN (SELECT id FROM ${bankStatements} WHERE ${where})`),
    db.delete(bankStatements).where(where),
  ]);
}

/**
 * Packs the entries of the parser's next chunk into `part`; false at the end of the file. The
 * chunk's entry objects are garbage once this returns.
 */
async function readInto(chunks: AsyncIterator<StatementEntry[]>, part: PackedEntries): Promise<boolean> {
  const next = await chunks.next();
  if (next.done) return false;
  for (const entry of next.value) part.push(entry);
  return true;
}

export interface ImportResult {
  statement: ReturnType<typeof serializeStatement> & { ignored: number };
  eventIds: string[];
}

export async function importStatement(
  db: Db,
  organizationId: string,
  userId: string | null,
  stream: StatementStream,
): Promise<ImportResult> {
  const at = nowIso();
  const statementId = prefixedId("bst");
  const run = new Import(db, organizationId, statementId, at);
  let started = false;
  try {
    // Entries are kept, packed, until a part is full and the account is known (every bank names
    // it before the entries; a file that does not is keyed once it does, or at its end).
    const part = new PackedEntries();
    const chunks = stream.entries[Symbol.asyncIterator]();
    while (await readInto(chunks, part)) {
      if (part.length < ENTRIES_PER_PART || stream.head.account === null) continue;
      try {
        if (!started) started = await run.start(stream, userId);
        await run.part(stream.head.account, part);
      } catch (error) {
        // As a for-await loop left by an error would: the parser and the body are closed, and
        // the error stands even if closing them fails.
        await Promise.resolve(chunks.return?.()).catch(() => undefined);
        throw error;
      }
    }
    if (!started) started = await run.start(stream, userId);
    if (part.length > 0) await run.part(stream.head.account, part);
    return await run.finish(stream);
  } catch (error) {
    if (started) {
      await removeImport(db, eq(bankStatements.id, statementId)).catch((cleanup: unknown) =>
        logWarn("bank import cleanup failed", { statement_id: statementId, error: String(cleanup) }),
      );
    }
    if (isUniqueFailure(error)) {
      throw conflict(
        "import_in_progress",
        "Another import of these entries is under way; retry when it is done",
      );
    }
    throw error;
  }
}

/** One import under way: what carries from one part of the file to the next. */
class Import {
  private readonly fileKeys = newFileKeys();
  /** The keys of a part's entries while they are looked up, and of its fresh ones while written. */
  private readonly partKeys = new PackedTexts();
  private readonly partEarlierKeys = new PackedTexts();
  private readonly freshKeys = new PackedTexts();
  /** The keys of this file found imported before, as far as the file has been read. */
  private readonly found = new KeyCounts();
  /** The earlier transactions claimed as likely repeated by this file. */
  private readonly claimed = new Set<string>();
  private matcher: Matcher | null = null;
  private billMatcher: BillMatcher | null = null;
  /** The invoices matched, whole, and their lines (for the payments and their events). */
  private readonly full = new Map<string, Invoice>();
  private readonly items = new Map<string, (typeof invoiceItems.$inferSelect)[]>();
  private readonly ledger = new InvoiceLedger(this.items);
  private readonly billLedger = new BillLedger([]);
  /** An invoice or bill matched changed while the file was read: 409 once it is read whole. */
  private changed: "invoice" | "bill" | null = null;
  /** The final batch's payments and the matched transactions (as many as the matches). */
  private readonly final: Statement[] = [];
  private readonly eventIds: string[] = [];
  private readonly matched: BankTransactionView[] = [];
  private readonly currencies = new Set<string>();
  private readonly counts = { entries: 0, imported: 0, matched: 0, suggested: 0, unmatched: 0 };

  constructor(
    private readonly db: Db,
    private readonly organizationId: string,
    private readonly statementId: string,
    private readonly at: string,
  ) {}

  /** Removes imports that died, and writes the statement row, invisible until the flip. */
  async start(stream: StatementStream, userId: string | null): Promise<true> {
    const { db, organizationId } = this;
    const stale = new Date(Date.parse(this.at) - STALE_IMPORT_MS).toISOString();
    await removeImport(
      db,
      and(
        eq(bankStatements.organizationId, organizationId),
        eq(bankStatements.state, "importing"),
        lt(bankStatements.createdAt, stale),
      ),
    );
    await db.insert(bankStatements).values({
      ...this.statementRow(stream),
      state: "importing",
      createdBy: userId,
      createdAt: this.at,
    });
    return true;
  }

  /** The statement's head and counts, as far as the file has been read. */
  private statementRow(stream: StatementStream) {
    const { head } = stream;
    return {
      id: this.statementId,
      organizationId: this.organizationId,
      format: head.format,
      accountIban: head.accountIban,
      bankStatementId: head.statementId,
      ...this.counts,
      duplicates: this.counts.entries - this.counts.imported,
    };
  }

  /**
   * Keys, matches and writes one part of the file's entries, and empties `part`. Its entries are
   * made from the packed part for each step and dropped after it (keys for the whole part,
   * duplicates one at a time, matching and rows 150 at a time), and the keys are packed once
   * looked up, so little of a part is left for the collector to promote while it is written.
   */
  async part(account: string | null, part: PackedEntries) {
    const { db, organizationId } = this;
    const { fresh, keys, accountPrefix } = await this.fresh(account, part);
    const repeats = await likelyDuplicates(
      db,
      organizationId,
      accountPrefix,
      { length: fresh.length, at: (n) => storedEntry(part.entry(fresh[n] ?? 0)) },
      this.found,
      this.claimed,
    );
    this.matcher ??= await Matcher.load(db, organizationId);
    // Only a debit can pay a bill: a statement of credits reads no bill.
    if (this.billMatcher === null && fresh.some((i) => part.amountOf(i) < 0)) {
      this.billMatcher = await BillMatcher.load(db, organizationId);
    }
    for (let start = 0; start < fresh.length; start += ROWS_PER_STATEMENT) {
      const slice = fresh.slice(start, start + ROWS_PER_STATEMENT);
      // Only the INSERT (its one JSON parameter) waits for the database, not the rows it is made of.
      const { insert } = await this.matchedRows(
        slice.map((i, n) => ({
          key: keys.at(start + n) ?? "",
          entry: storedEntry(part.entry(i)),
          likelyDuplicateOf: repeats[start + n] ?? null,
        })),
      );
      await db.batch([insert]);
    }
    keys.clear();
    part.clear();
  }

  /**
   * The part's entries not imported before (their places in the part), and their keys, packed
   * (`freshKeys`, reused from one part to the next).
   */
  private async fresh(account: string | null, part: PackedEntries) {
    const size = part.length;
    const { accountPrefix, lists } = await this.keyed(account, part);
    const existing = await existingKeys(this.db, this.organizationId, lists);
    for (const key of existing) this.found.count(key);
    const fresh: number[] = [];
    for (let i = 0; i < size; i++) {
      const key = this.partKeys.at(i) ?? "";
      const earlier = this.partEarlierKeys.at(i);
      if (existing.has(key) || (earlier && existing.has(earlier))) continue;
      fresh.push(i);
      this.freshKeys.push(key);
    }
    this.partKeys.clear();
    this.partEarlierKeys.clear();
    this.counts.entries += size;
    this.counts.imported += fresh.length;
    return { fresh, keys: this.freshKeys, accountPrefix };
  }

  /**
   * Keys the part's entries: their keys packed (`partKeys`, `partEarlierKeys`), and the lists to
   * look them up by, so that no key string waits for the database.
   */
  private async keyed(account: string | null, part: PackedEntries) {
    const { keys, earlierKeys, accountPrefix } = await dedupeKeys(
      account,
      Array.from({ length: part.length }, (_, i) => part.entry(i)),
      this.fileKeys,
    );
    for (let i = 0; i < keys.length; i++) {
      this.partKeys.push(keys[i] ?? "");
      this.partEarlierKeys.push(earlierKeys[i] ?? null);
    }
    return { accountPrefix, lists: keyLists([...keys, ...earlierKeys.filter((key) => key !== null)]) };
  }

  /**
   * The INSERT of entries of the file, matched in its order, with their payments planned (in an
   * object: a query is a thenable, which a promise would run).
   */
  private async matchedRows(
    entries: { key: string; entry: StatementEntry; likelyDuplicateOf: string | null }[],
  ): Promise<{ insert: Statement }> {
    const { db, organizationId, at, statementId } = this;
    const matcher = this.matcher as Matcher;
    const { billMatcher } = this;
    const rows = entries.map(({ key, entry, likelyDuplicateOf }) => {
      // A debit that names open bills pays them; a likely duplicate pays nothing (a person decides).
      const billMatch = likelyDuplicateOf === null && billMatcher ? billMatcher.match(entry) : null;
      const outcome: MatchOutcome = billMatch
        ? {
            status: "matched",
            rule: billMatch.rule,
            allocations: [],
            credit: null,
            bills: billMatch.allocations,
          }
        : matcher.match(entry, { review: likelyDuplicateOf !== null });
      if (outcome.status === "matched" || outcome.status === "suggested" || outcome.status === "unmatched") {
        this.counts[outcome.status]++;
      }
      return { id: prefixedId("btx"), key, entry, likelyDuplicateOf, outcome };
    });
    await this.readMatched(rows.map((r) => r.outcome));

    const stored = rows.map(({ id, key, entry, likelyDuplicateOf, outcome }) => {
      const row = {
        id,
        organizationId,
        statementId,
        dedupeKey: key,
        ...entry,
        likelyDuplicateOf,
        status: outcome.status,
        suggestions: outcome.status === "suggested" ? outcome.suggestions : [],
        matchedBy:
          outcome.status === "matched" || outcome.status === "ignored" ? `rule:${outcome.rule}` : null,
        matchedAt: outcome.status === "matched" || outcome.status === "ignored" ? at : null,
        version: 0,
        createdAt: at,
      };
      this.currencies.add(row.currency);
      if (outcome.status === "matched" && this.changed === null) this.plan(row, outcome);
      return row;
    });
    return { insert: insertTransactions(db, stored) };
  }

  /**
   * Reads the invoices (with their lines) and bills this part matched that no earlier part did,
   * whole, as matching saw them: one that changed meanwhile (a payment) would make the amounts
   * matched wrong.
   */
  private async readMatched(outcomes: readonly MatchOutcome[]) {
    const { db, organizationId } = this;
    const invoiceIds = new Set<string>();
    const billIds = new Set<string>();
    for (const outcome of outcomes) {
      if (outcome.status !== "matched") continue;
      for (const a of outcome.allocations) {
        if (!this.full.has(a.invoice.invoice.id)) invoiceIds.add(a.invoice.invoice.id);
      }
      for (const a of "bills" in outcome ? outcome.bills : []) {
        if (!this.billLedger.has(a.bill.bill.id)) billIds.add(a.bill.bill.id);
      }
    }
    if (invoiceIds.size > 0) {
      const ids = JSON.stringify([...invoiceIds]);
      const [rowsRead, lines] = await db.batch([
        db.select().from(invoices).where(sql`${invoices.id} IN (SELECT value FROM json_each(${ids}))`),
        db
          .select()
          .from(invoiceItems)
          .where(sql`${invoiceItems.invoiceId} IN (SELECT value FROM json_each(${ids}))`)
          .orderBy(invoiceItems.invoiceId, invoiceItems.position),
      ]);
      for (const line of lines)
        this.items.set(line.invoiceId, [...(this.items.get(line.invoiceId) ?? []), line]);
      for (const invoice of rowsRead) this.full.set(invoice.id, invoice);
    }
    this.billLedger.add(await billsByIds(db, organizationId, [...billIds]));
  }

  /** The payments a matched transaction posts, for the final batch. */
  private plan(row: BankTransaction, outcome: Extract<MatchOutcome, { status: "matched" }>) {
    const { db, organizationId, at } = this;
    let links: TransactionLinks;
    if ("bills" in outcome) {
      const allocations = [];
      for (const a of outcome.bills) {
        const bill = this.billLedger.asMatched(a.bill.bill);
        if (!bill) {
          this.changed = "bill";
          return;
        }
        allocations.push({ bill, amountMinor: a.amountMinor });
      }
      const plan = this.billLedger.statements(db, row, allocations, at);
      this.final.push(...plan.statements);
      this.eventIds.push(...plan.eventIds);
      links = { allocations: plan.links, credit: null };
    } else {
      const allocations = [];
      for (const a of outcome.allocations) {
        const invoice = this.full.get(a.invoice.invoice.id);
        if (!invoice || invoice.version !== a.invoice.invoice.version) {
          this.changed = "invoice";
          return;
        }
        allocations.push({ invoice, amountMinor: a.amountMinor });
      }
      const plan = this.ledger.statements(
        db,
        organizationId,
        row,
        allocations,
        outcome.credit ? { ...outcome.credit, currency: row.currency } : null,
        at,
      );
      this.final.push(...plan.statements);
      this.eventIds.push(...plan.eventIds);
      links = plan.links;
    }
    this.matched.push(serializeTransaction(row, links));
  }

  /** Once the whole file is read: the payments, the events and the flip, in one batch. */
  async finish(stream: StatementStream): Promise<ImportResult> {
    const { db, organizationId, statementId, at } = this;
    if (this.changed === "invoice") {
      throw conflict("concurrent_update", "An invoice changed while the statement was imported; retry");
    }
    if (this.changed === "bill") {
      throw conflict("concurrent_update", "A bill changed while the statement was imported; retry");
    }
    const recorded = recordEvents(db, {
      organizationId,
      type: "bank_transaction.matched",
      objects: this.matched,
      at,
    });
    const statement = this.statementRow(stream);
    const final = [
      ...this.final,
      ...recorded.statements,
      // The credits waiting for a person: their events are written by SQL from the stored rows, and
      // delivered by the webhook sweep (a first attempt for thousands would be thousands of fetches).
      ...needsReviewEvents(db, { organizationId, statementId, currencies: [...this.currencies], at }),
      db
        .update(bankStatements)
        .set({ ...statement, state: "imported" })
        .where(eq(bankStatements.id, statementId)),
    ];
    const eventIds = [...this.eventIds, ...recorded.ids];
    await commit(db, final);
    const ignored = statement.imported - statement.matched - statement.suggested - statement.unmatched;
    return {
      statement: {
        ...serializeStatement({ ...statement, state: "imported", createdAt: at, createdBy: null }),
        ignored,
      },
      // A first attempt per event after the response is a fetch per subscribed endpoint: past a few
      // hundred, the webhook sweep delivers them (within the minute) instead.
      eventIds: eventIds.length <= MAX_FIRST_ATTEMPTS ? eventIds : [],
    };
  }
}

type StoredRow = {
  id: string;
  organizationId: string;
  statementId: string;
  dedupeKey: string;
  likelyDuplicateOf: string | null;
  status: string;
  suggestions: unknown[];
  matchedBy: string | null;
  matchedAt: string | null;
  createdAt: string;
} & StatementEntry;

/** One INSERT of many rows, the rows as one JSON parameter. */
function insertTransactions(db: Db, rows: readonly StoredRow[]): Statement {
  const json = JSON.stringify(
    rows.map((r) => [
      r.id,
      r.organizationId,
      r.statementId,
      r.dedupeKey,
      r.bookingDate,
      r.valueDate,
      r.amountMinor,
      r.currency,
      r.counterpartyName,
      r.counterpartyIban,
      r.remittanceInformation,
      r.structuredReference,
      r.endToEndId,
      r.bankReference,
      r.status,
      JSON.stringify(r.suggestions),
      r.matchedBy,
      r.matchedAt,
      r.createdAt,
      r.likelyDuplicateOf,
    ]),
  );
  const at = (i: number) => sql.raw(`json_extract(value, '$[${i}]')`);
  return batchableRun(
    db,
    sql`INSERT INTO ${bankTransactions} (id, organization_id, statement_id, dedupe_key, booking_date,
      value_date, amount_minor, currency, counterparty_name, counterparty_iban, remittance_information,
      structured_reference, end_to_end_id, bank_reference, status, suggestions, matched_by, matched_at,
      version, created_at, likely_duplicate_of)
    SELECT ${at(0)}, ${at(1)}, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}, ${at(6)}, ${at(7)}, ${at(8)}, ${at(9)},
      ${at(10)}, ${at(11)}, ${at(12)}, ${at(13)}, ${at(14)}, ${at(15)}, ${at(16)}, ${at(17)}, 0, ${at(18)},
      ${at(19)}
    FROM json_each(${json})`,
  );
}

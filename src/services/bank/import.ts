// Importing a parsed bank statement: deduplicate its entries against earlier imports, match the
// new ones, and write them so that nothing is ever half-imported. The entries go in chunks (one
// JSON parameter per few hundred rows: D1 binds at most 100 parameters per statement) under a
// statement row in state `importing`, which every reader ignores; the matches' payments, the
// events and the flip to `imported` then commit in one final batch. A failure removes what was
// written; an import that died half-way is removed by the next import of the organization.
import { and, eq, lt, sql } from "drizzle-orm";
import { batchableRun, type Db } from "../../db/client";
import { isUniqueFailure } from "../../db/guards";
import { bankStatements, bankTransactions } from "../../db/schema/bank";
import { type Invoice, invoiceItems, invoices } from "../../db/schema/invoices";
import type { ParsedStatement, StatementEntry } from "../../lib/bank-statement/types";
import { nowIso } from "../../lib/clock";
import { conflict } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { logWarn } from "../../lib/log";
import { recordEvents } from "../events";
import { commit, type Statement } from "../invoices/common";
import { BillLedger, BillMatcher, billsByIds } from "./bill-match";
import { dedupeKeys, likelyDuplicates } from "./dedupe";
import { Matcher, type MatchOutcome, type OpenInvoiceRow } from "./match";
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

/** Rows per INSERT ... SELECT FROM json_each(?) and such statements per batch. */
const ROWS_PER_STATEMENT = 500;
const STATEMENTS_PER_BATCH = 8;
/** The most events an import hands to a first delivery attempt after its response. */
const MAX_FIRST_ATTEMPTS = 300;
/** An import still `importing` after this long has died: the next import removes it. */
const STALE_IMPORT_MS = 15 * 60 * 1000;

/**
 * The keys among `keys` already imported for the organization. Entries of an import still
 * running are not counted: inserting them again fails on the unique key (409), so a file is never
 * half counted as duplicates of an import that may yet fail.
 */
async function existingKeys(db: Db, organizationId: string, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const reads = [];
  for (let start = 0; start < keys.length; start += 2000) {
    const json = JSON.stringify(keys.slice(start, start + 2000));
    reads.push(
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
  }
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

export interface ImportResult {
  statement: ReturnType<typeof serializeStatement> & { ignored: number };
  eventIds: string[];
}

export async function importStatement(
  db: Db,
  organizationId: string,
  userId: string | null,
  parsed: ParsedStatement,
): Promise<ImportResult> {
  const at = nowIso();
  const stale = new Date(Date.parse(at) - STALE_IMPORT_MS).toISOString();
  await removeImport(
    db,
    and(
      eq(bankStatements.organizationId, organizationId),
      eq(bankStatements.state, "importing"),
      lt(bankStatements.createdAt, stale),
    ),
  );

  const { keys, earlierKeys, accountPrefix } = await dedupeKeys(parsed.account, parsed.entries);
  const existing = await existingKeys(db, organizationId, [
    ...keys,
    ...earlierKeys.filter((key) => key !== null),
  ]);
  const fresh: { key: string; entry: StatementEntry }[] = [];
  parsed.entries.forEach((entry, i) => {
    const key = keys[i] ?? "";
    const earlier = earlierKeys[i];
    if (existing.has(key) || (earlier && existing.has(earlier))) return;
    fresh.push({ key, entry: storedEntry(entry) });
  });
  const repeats = await likelyDuplicates(
    db,
    organizationId,
    accountPrefix,
    fresh.map((f) => f.entry),
    existing,
  );
  const [matcher, billMatcher] = await Promise.all([
    Matcher.load(db, organizationId),
    // Only a debit can pay a bill: a statement of credits reads no bill.
    fresh.some(({ entry }) => entry.amountMinor < 0)
      ? BillMatcher.load(db, organizationId)
      : new BillMatcher([]),
  ]);
  const statementId = prefixedId("bst");
  const rows = fresh.map(({ key, entry }, i) => {
    const likelyDuplicateOf = repeats[i] ?? null;
    // A debit that names open bills pays them; a likely duplicate pays nothing (a person decides).
    const billMatch = likelyDuplicateOf === null ? billMatcher.match(entry) : null;
    const outcome: MatchOutcome = billMatch
      ? {
          status: "matched",
          rule: billMatch.rule,
          allocations: [],
          credit: null,
          bills: billMatch.allocations,
        }
      : matcher.match(entry, { review: likelyDuplicateOf !== null });
    return { id: prefixedId("btx"), key, entry, likelyDuplicateOf, outcome };
  });
  const count = (status: MatchOutcome["status"]) => rows.filter((r) => r.outcome.status === status).length;
  const statement = {
    id: statementId,
    organizationId,
    format: parsed.format,
    accountIban: parsed.accountIban,
    bankStatementId: parsed.statementId,
    state: "importing" as const,
    entries: parsed.entries.length,
    imported: rows.length,
    duplicates: parsed.entries.length - rows.length,
    matched: count("matched"),
    suggested: count("suggested"),
    unmatched: count("unmatched"),
    createdBy: userId,
    createdAt: at,
  };

  // The lines of the invoices matched, for the invoice in their events.
  const matchedIds = [
    ...new Set(
      rows.flatMap((r) =>
        r.outcome.status === "matched" ? r.outcome.allocations.map((a) => a.invoice.invoice.id) : [],
      ),
    ),
  ];
  const items = new Map<string, (typeof invoiceItems.$inferSelect)[]>();
  const full = new Map<string, Invoice>();
  if (matchedIds.length > 0) {
    const ids = JSON.stringify(matchedIds);
    const [rowsRead, lines] = await db.batch([
      db.select().from(invoices).where(sql`${invoices.id} IN (SELECT value FROM json_each(${ids}))`),
      db
        .select()
        .from(invoiceItems)
        .where(sql`${invoiceItems.invoiceId} IN (SELECT value FROM json_each(${ids}))`)
        .orderBy(invoiceItems.invoiceId, invoiceItems.position),
    ]);
    for (const line of lines) items.set(line.invoiceId, [...(items.get(line.invoiceId) ?? []), line]);
    for (const invoice of rowsRead) full.set(invoice.id, invoice);
  }
  // The whole rows of the invoices matched, as matching saw them: one that changed meanwhile
  // (a payment) would make the amounts matched wrong.
  const asMatched = (open: OpenInvoiceRow): Invoice => {
    const invoice = full.get(open.id);
    if (!invoice || invoice.version !== open.version) {
      throw conflict("concurrent_update", "An invoice changed while the statement was imported; retry");
    }
    return invoice;
  };

  // The bills matched, whole, as matching read them (a payment meanwhile: 409, retry).
  const billIds = [
    ...new Set(
      rows.flatMap((r) =>
        (r.outcome.status === "matched" && "bills" in r.outcome ? r.outcome.bills : []).map(
          (a) => a.bill.bill.id,
        ),
      ),
    ),
  ];
  const billLedger = new BillLedger(await billsByIds(db, organizationId, billIds));

  // The final batch: payments of the matches, events, the flip. Built before anything is written.
  const ledger = new InvoiceLedger(items);
  const final: Statement[] = [];
  const eventIds: string[] = [];
  const matched: BankTransactionView[] = [];
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
      matchedBy: outcome.status === "matched" || outcome.status === "ignored" ? `rule:${outcome.rule}` : null,
      matchedAt: outcome.status === "matched" || outcome.status === "ignored" ? at : null,
      version: 0,
      createdAt: at,
    };
    let links: TransactionLinks = { allocations: [], credit: null };
    if (outcome.status === "matched" && "bills" in outcome) {
      const plan = billLedger.statements(
        db,
        row,
        outcome.bills.map((a) => {
          const bill = billLedger.asMatched(a.bill.bill);
          if (!bill)
            throw conflict("concurrent_update", "A bill changed while the statement was imported; retry");
          return { bill, amountMinor: a.amountMinor };
        }),
        at,
      );
      final.push(...plan.statements);
      eventIds.push(...plan.eventIds);
      links = { allocations: plan.links, credit: null };
      matched.push(serializeTransaction(row, links));
    } else if (outcome.status === "matched") {
      const plan = ledger.statements(
        db,
        organizationId,
        row,
        outcome.allocations.map((a) => ({
          invoice: asMatched(a.invoice.invoice),
          amountMinor: a.amountMinor,
        })),
        outcome.credit ? { ...outcome.credit, currency: entry.currency } : null,
        at,
      );
      final.push(...plan.statements);
      eventIds.push(...plan.eventIds);
      links = plan.links;
      matched.push(serializeTransaction(row, links));
    }
    return row;
  });
  const recorded = recordEvents(db, {
    organizationId,
    type: "bank_transaction.matched",
    objects: matched,
    at,
  });
  final.push(...recorded.statements);
  eventIds.push(...recorded.ids);
  // The credits waiting for a person: their events are written by SQL from the stored rows, and
  // delivered by the webhook sweep (a first attempt for thousands would be thousands of fetches).
  final.push(
    ...needsReviewEvents(db, {
      organizationId,
      statementId,
      currencies: [...new Set(stored.map((r) => r.currency))],
      at,
    }),
  );
  final.push(db.update(bankStatements).set({ state: "imported" }).where(eq(bankStatements.id, statementId)));

  await db.insert(bankStatements).values(statement);
  try {
    // Each batch's JSON is built just before it is sent and dropped after.
    const perBatch = ROWS_PER_STATEMENT * STATEMENTS_PER_BATCH;
    for (let start = 0; start < stored.length; start += perBatch) {
      const inserts: Statement[] = [];
      for (let at = start; at < Math.min(start + perBatch, stored.length); at += ROWS_PER_STATEMENT) {
        inserts.push(insertTransactions(db, stored.slice(at, at + ROWS_PER_STATEMENT)));
      }
      await db.batch(inserts as [Statement, ...Statement[]]);
    }
    await commit(db, final);
  } catch (error) {
    await removeImport(db, eq(bankStatements.id, statementId)).catch((cleanup: unknown) =>
      logWarn("bank import cleanup failed", { statement_id: statementId, error: String(cleanup) }),
    );
    if (isUniqueFailure(error)) {
      throw conflict(
        "import_in_progress",
        "Another import of these entries is under way; retry when it is done",
      );
    }
    throw error;
  }
  const ignored = statement.imported - statement.matched - statement.suggested - statement.unmatched;
  return {
    statement: { ...serializeStatement({ ...statement, state: "imported" }), ignored },
    // A first attempt per event after the response is a fetch per subscribed endpoint: past a few
    // hundred, the webhook sweep delivers them (within the minute) instead.
    eventIds: eventIds.length <= MAX_FIRST_ATTEMPTS ? eventIds : [],
  };
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

// Optimistic concurrency for read-merge-write updates, and the constraint failures a race can
// cause, told apart from real errors.
import { and, eq, getTableColumns, getTableName, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { conflict, notFound } from "../lib/errors";
import { batchableRun, type Db } from "./client";
import type { OwnedTable } from "./owned";

type Statement = BatchItem<"sqlite">;

export function errorText(error: unknown): string {
  return `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
}

/** SQLite refused a write because a unique index already holds the value (a concurrent insert won). */
export function isUniqueFailure(error: unknown): boolean {
  return errorText(error).includes("UNIQUE constraint failed");
}

/** SQLite refused a write because a referenced row is gone (deleted by a concurrent request). */
export function isForeignKeyFailure(error: unknown): boolean {
  return errorText(error).includes("FOREIGN KEY constraint failed");
}

/**
 * A statement that fails the whole batch it stands in (NOT NULL on `<table>.id`, which
 * `isGuardFailure(error, table)` recognises) unless `condition` holds when it runs: D1 has no
 * interactive transactions, so a batch checks what it was computed from this way. The guards
 * below are two of these; a service's own condition (a payment unchanged, an owner left) is one
 * too.
 */
export function failBatchUnless(db: Db, table: SQLiteTable, condition: SQL): Statement {
  return batchableRun(db, sql`INSERT INTO ${table} (id) SELECT NULL WHERE NOT (${condition})`);
}

/**
 * A guard (`failBatchUnless`) that holds while the row still has exactly the values it was read
 * with, every column compared. Put it first in the batch of a read-merge-write update: if a
 * concurrent request changed or deleted the row meanwhile, the update and its event do not
 * happen at all. Comparing every column rather than `updated_at` also catches two writes within
 * the same millisecond.
 */
export function unchangedGuard<T extends SQLiteTable>(db: Db, table: T, row: T["$inferSelect"]): Statement {
  const values = row as Record<string, unknown>;
  const conditions = Object.entries(getTableColumns(table)).map(([key, column]) =>
    values[key] === null || values[key] === undefined ? isNull(column) : eq(column, values[key]),
  );
  return failBatchUnless(db, table, sql`EXISTS (SELECT 1 FROM ${table} WHERE ${and(...conditions)})`);
}

/**
 * The guard for a table with a `version` column (invoices, quotes, recurring templates, bank
 * transactions): fails the batch unless row `id` still has the `version` it was read at (and
 * `extra` holds, e.g. "not converted yet"), so a concurrent change makes this change, and its
 * event, not happen at all.
 */
export function versionGuard(
  db: Db,
  table: SQLiteTable,
  id: string,
  version: number,
  extra?: SQL,
): Statement {
  return failBatchUnless(
    db,
    table,
    sql`EXISTS (SELECT 1 FROM ${table} WHERE id = ${id} AND version = ${version}${extra ? sql` AND ${extra}` : sql``})`,
  );
}

/** The batch failed on a guard statement (`INSERT INTO <table> (id) SELECT NULL ...`) of `table`. */
export function isGuardFailure(error: unknown, table: SQLiteTable): boolean {
  return errorText(error).includes(`NOT NULL constraint failed: ${getTableName(table)}.id`);
}

/**
 * Runs a batch that starts with `unchangedGuard(db, table, row)`. When the guard fails: 404 if
 * the row is gone (deleted meanwhile), else 409 `concurrent_update`. Returns the batch results.
 */
export async function batchIfUnchanged<T extends SQLiteTable>(
  db: Db,
  table: T,
  row: T["$inferSelect"] & { id: string },
  what: string,
  statements: [Statement, ...Statement[]],
) {
  try {
    return await db.batch(statements);
  } catch (error) {
    if (!isGuardFailure(error, table)) throw error;
    const idColumn = getTableColumns(table).id;
    if (!idColumn) throw error;
    const [still] = await db.select({ id: idColumn }).from(table).where(eq(idColumn, row.id));
    if (!still) throw notFound(what);
    throw conflict("concurrent_update", `The ${what.toLowerCase()} changed while this request ran; retry`);
  }
}

type OwnedRow = { id: string; organizationId: string; createdAt: string };

/**
 * The read-merge-write update of one organization's row, in one batch: `current`, as read, becomes
 * `next` (every column but its id, organization and creation time) unless the row changed
 * meanwhile (`unchangedGuard`; then 404 if it is gone, else 409 `concurrent_update`, and nothing
 * of the batch happens). `guards` run before the update, `after` behind it (the event, metadata
 * entries). Answers the stored row.
 */
export async function updateIfUnchanged<T extends OwnedTable>(
  db: Db,
  table: T,
  what: string,
  current: T["$inferSelect"] & OwnedRow,
  next: T["$inferSelect"] & OwnedRow,
  statements: { guards?: Statement[]; after: Statement[] },
): Promise<T["$inferSelect"]> {
  const { id, organizationId, createdAt: _created, ...changes } = next;
  const guards = [unchangedGuard(db, table, current), ...(statements.guards ?? [])] as const;
  const results = await batchIfUnchanged(db, table, current, what, [
    ...guards,
    db
      .update(table as SQLiteTable)
      .set(changes as never)
      .where(and(eq(table.id, id), eq(table.organizationId, organizationId)))
      .returning(),
    ...statements.after,
  ]);
  const [stored] = results[guards.length] as T["$inferSelect"][];
  if (!stored) throw new Error(`${what} ${id}: the update returned no row`);
  return stored;
}

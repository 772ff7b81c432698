// "Find or 404" for a row an organization owns: the one reading every service's `get...` uses.
import { and, eq, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { notFound } from "../lib/errors";
import type { Db } from "./client";

/** A table whose rows have an id and belong to one organization. */
export type OwnedTable = SQLiteTable & { id: AnySQLiteColumn; organizationId: AnySQLiteColumn };

/**
 * The row `id` of `organizationId` in `table` (and matching `also`, when given), or 404
 * `not_found` naming `noun`: another organization's row is as absent as a missing one.
 */
export async function getOwned<T extends OwnedTable>(
  db: Db,
  table: T,
  noun: string,
  organizationId: string,
  id: string,
  also?: SQL,
): Promise<T["$inferSelect"]> {
  const [row] = await db
    .select()
    .from(table as SQLiteTable)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId), also));
  if (!row) throw notFound(noun);
  return row as T["$inferSelect"];
}

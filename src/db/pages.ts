// One page of documents with their lines, in one round trip.
import { asc, count, getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

type DocumentTable = SQLiteTable & { id: AnySQLiteColumn };

export interface PageOfDocuments<D extends DocumentTable, L extends SQLiteTable> {
  table: D;
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  offset: number;
  /** The page's lines: their table, the column naming their document, their order in it. */
  lines: { table: L; document: AnySQLiteColumn; position: AnySQLiteColumn };
  /** What counts the rows `where` selects (`[{ n }]`); by default `count(*)` over `table`. */
  total?: BatchItem<"sqlite">;
}

/**
 * The page (`where` in `order`, `limit` rows from `offset`), how many rows `where` selects in all,
 * and the lines of every document on the page in a single query (not one per document), in one
 * batch. `linesOf(id)` answers a document's lines in their order.
 */
export async function pageOfDocuments<D extends DocumentTable, L extends SQLiteTable>(
  db: Db,
  page: PageOfDocuments<D, L>,
): Promise<{ rows: D["$inferSelect"][]; total: number; linesOf: (id: string) => L["$inferSelect"][] }> {
  const { table, where, order, limit, offset, lines } = page;
  const ids = db
    .select({ id: table.id })
    .from(table as SQLiteTable)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [rows, [total], found] = (await db.batch([
    db
      .select()
      .from(table as SQLiteTable)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    page.total ??
      db
        .select({ n: count() })
        .from(table as SQLiteTable)
        .where(where),
    db
      .select()
      .from(lines.table)
      .where(inArray(lines.document, ids))
      .orderBy(asc(lines.document), asc(lines.position)),
  ] as const)) as unknown as [D["$inferSelect"][], { n: number }[], L["$inferSelect"][]];
  // The property of a line that holds its document's id: the name `lines.document` has in its table.
  const key = Object.entries(getTableColumns(lines.table)).find(
    ([, column]) => column === lines.document,
  )?.[0];
  if (!key) throw new Error("pageOfDocuments: lines.document is not a column of lines.table");
  const byDocument = new Map<string, L["$inferSelect"][]>();
  for (const line of found) {
    const id = (line as Record<string, string>)[key]!;
    const list = byDocument.get(id);
    if (list) list.push(line);
    else byDocument.set(id, [line]);
  }
  return { rows, total: total?.n ?? 0, linesOf: (id) => byDocument.get(id) ?? [] };
}

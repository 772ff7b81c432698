// Queries built once per isolate. Drizzle turns a query builder into SQL text, parameter slots
// and a result mapper on every call; for a select of three whole tables (the API key lookup of
// every request) that costs more CPU than the rest of the request's own code (bench/lib/profile.mjs,
// docs/scaling.md "Where the CPU goes"). A hot query is written once with `sql.placeholder`s and
// prepared; each run binds its values to a D1 statement of the caller's handle, so the request's
// session (read replication, src/db/sessions.ts) is used exactly as with a builder.
import {
  and,
  type Column,
  eq,
  fillPlaceholders,
  getTableColumns,
  getTableName,
  type SQL,
  sql,
} from "drizzle-orm";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { PreparedBatchItem } from "./batch";
import type { Db } from "./client";

/**
 * `build` prepares a query (`db.select()...where(eq(col, sql.placeholder("x"))).prepare()`);
 * the answer gives that query for any handle: built on the first call, then only a new D1
 * statement (`prepare(sql)`, no parsing) per handle, kept while the handle lives.
 */
export function preparedQuery<Q extends object>(build: (db: Db) => Q): (db: Db) => Q {
  let template: Q | undefined;
  const perHandle = new WeakMap<object, Q>();
  return (db) => {
    const client = db.$client;
    let query = perHandle.get(client);
    if (query) return query;
    template ??= build(db);
    const { sql } = (template as unknown as PreparedBatchItem).getQuery();
    // Drizzle's prepared query reads its statement from `stmt` on every run; the copy shares the
    // SQL, parameter slots and field mapping of the template, and runs on this handle.
    query = Object.assign(Object.create(Object.getPrototypeOf(template)), template, {
      stmt: client.prepare(sql),
    }) as Q;
    perHandle.set(client, query);
    return query;
  };
}

/**
 * The whole rows of `table` whose columns `keys` equal the values given (`WHERE k1 = ? AND ...`),
 * built once per isolate: a lookup by key that runs on every request is not built again. Each
 * value is bound by its column's name.
 */
export function preparedRowsWhere<T extends SQLiteTable, K extends keyof T["$inferSelect"] & string>(
  table: T,
  keys: readonly K[],
) {
  const columns = getTableColumns(table) as Record<string, Column>;
  const query = preparedQuery((db) =>
    db
      .select()
      .from(table as SQLiteTable)
      .where(and(...keys.map((key) => eq(columns[key]!, sql.placeholder(key)))))
      .prepare(),
  );
  return (db: Db, values: Record<K, unknown>) => query(db).all(values) as Promise<T["$inferSelect"][]>;
}

/**
 * A prepared query with its placeholders' values, as an item of `db.batch([...])` (src/db/batch.ts:
 * how Drizzle's batch reads an item): the answer is the one the builder would give, without
 * building the SQL again. Awaited on its own, it runs alone, as a builder does.
 */
export function inBatch<T>(
  query: { execute(values?: Record<string, unknown>): Promise<T> },
  values: Record<string, unknown>,
): RunnableQuery<T, "sqlite"> {
  const prepared = query as unknown as PreparedBatchItem;
  const { sql, params } = prepared.getQuery();
  const bound = { sql, params: fillPlaceholders(params, values) };
  const item = {
    _prepare: () => ({
      stmt: prepared.stmt,
      getQuery: () => bound,
      mapResult: (response: unknown, isFromBatch?: boolean) => prepared.mapResult(response, isFromBatch),
    }),
    // biome-ignore lint/suspicious/noThenProperty: a builder is thenable; so is this stand-in for one.
    then: (resolve: (value: T) => unknown, reject?: (error: unknown) => unknown) =>
      query.execute(values).then(resolve, reject),
  };
  return item as unknown as RunnableQuery<T, "sqlite">;
}

/**
 * An insert of one whole row of `table`, built once per isolate, as an item of `db.batch([...])`
 * (awaited alone it runs alone). Each column's value is bound as Drizzle's own insert binds it
 * (`mapToDriverValue`, null as NULL), so the row stored is the one `db.insert(table).values(row)`
 * stores; every column must be given (undefined is a mistake here, not "the default"). `computed`
 * columns take SQL instead, built once: a `sql.placeholder` in it named like a column binds that
 * column's value, any other is filled from `extra` (whose names must not be columns').
 *
 * What Drizzle works out when a query is built (a `$defaultFn`, an `$onUpdate`, a constant) is
 * built once here too: a table with such columns takes them as given values, never from the
 * builder (no table uses them today).
 */
export function preparedRowInsert<T extends SQLiteTable, C extends keyof T["$inferInsert"] = never>(
  table: T,
  computed: Record<C, SQL> = {} as Record<C, SQL>,
) {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const insert = preparedQuery((db) =>
    db
      .insert(table)
      .values(
        Object.fromEntries(
          columns.map(([key]) => [
            key,
            (computed as Record<string, SQL>)[key] ?? sql`${sql.placeholder(key)}`,
          ]),
        ) as T["$inferInsert"],
      )
      .prepare(),
  );
  const names = new Set(columns.map(([key]) => key));
  return (db: Db, row: Omit<T["$inferSelect"], C>, extra: Record<string, unknown> = {}) => {
    for (const key of Object.keys(extra)) {
      if (names.has(key))
        throw new Error(`${getTableName(table)}.${key}: a column's value comes from the row`);
    }
    const values: Record<string, unknown> = { ...extra };
    for (const [key, column] of columns) {
      if (key in computed) continue;
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined)
        throw new Error(`${getTableName(table)}.${key}: a whole-row insert needs every column`);
      values[key] = value === null ? null : column.mapToDriverValue(value);
    }
    return inBatch(insert(db), values);
  };
}

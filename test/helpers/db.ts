// The database that holds an organization's rows, for tests that read or write them directly.
// Organizations live on any of the tenant databases (TENANT_DATABASES), so a direct query about
// an organization's invoice, event or key goes to that organization's database, never to `DB`
// by default. `DB` itself is for what concerns the schema (migrations, EXPLAIN QUERY PLAN).
//
// One database for now: every organization lives in `DB`. Once the directory exists, `d1Of`
// reads it (`organization_databases` in `DB`) and `tenantD1s` lists TENANT_DATABASES.
import { env } from "cloudflare:workers";
import { createDb, type Db } from "../../src/db/client";

/** The name of the binding (`DB`, `DB_2`...) that holds the organization's rows. */
export async function databaseOf(_organizationId: string): Promise<string> {
  return "DB";
}

/** The D1 binding of that name, as the Worker reads it from `env` (a test may replace it there). */
export function bindingOf(database: string): D1Database {
  return (env as unknown as Record<string, D1Database>)[database]!;
}

/** The D1 binding that holds the organization's rows. */
export async function d1Of(organizationId: string): Promise<D1Database> {
  return bindingOf(await databaseOf(organizationId));
}

/** Drizzle over the organization's database (no request session: what a test reads is current). */
export async function dbOf(organizationId: string): Promise<Db> {
  return createDb(await d1Of(organizationId));
}

/** Every tenant database, `DB` first. */
export function tenantD1s(): D1Database[] {
  return [env.DB];
}

/**
 * Reads only: runs `read` on every tenant database and answers the rows of all of them (`DB`'s
 * first). For rows found by a globally unique id (an event, a delivery) when the test has no
 * organization at hand; a write names its organization through `dbOf`.
 */
export async function readOnEveryTenant<T>(read: (db: Db) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const d1 of tenantD1s()) rows.push(...(await read(createDb(d1))));
  return rows;
}

/**
 * Reads only: runs one SELECT on every tenant database and answers the rows of all of them
 * (`DB`'s first). For a row found by a globally unique id (an event, a delivery, a token) when
 * the test has no organization at hand; a write names its organization through `d1Of`.
 */
export async function selectOnEveryTenant<T>(query: string, ...params: unknown[]): Promise<T[]> {
  if (!/^\s*(select|with)\b/i.test(query)) throw new Error(`selectOnEveryTenant reads only: ${query}`);
  const rows: T[] = [];
  for (const d1 of tenantD1s()) {
    const { results } = await d1
      .prepare(query)
      .bind(...params)
      .all<T>();
    rows.push(...results);
  }
  return rows;
}

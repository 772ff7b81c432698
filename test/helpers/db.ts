// The databases of the test Worker: organizations are placed on DB or DB_2 (TENANT_DATABASES in
// wrangler.toml), so a test that reads or writes an organization's rows directly asks the
// directory which database holds them, never `DB` by default. `DB` itself is for what concerns
// the schema (migrations, EXPLAIN QUERY PLAN): every database has the same one.
import { env } from "cloudflare:workers";
import { createDb, type Db } from "../../src/db/client";
import { bindingOf, routeOf, tenantDatabases } from "../../src/db/route";

/** Every database organizations are placed on, DB first. */
export function tenantD1s(): D1Database[] {
  return tenantDatabases(env).map((name) => bindingOf(env, name));
}

/** The name of the binding (`DB`, `DB_2`...) that holds an organization's rows. */
export async function databaseOf(organizationId: string): Promise<string> {
  const route = await routeOf(env, organizationId);
  if (!route) throw new Error(`The directory has no organization ${organizationId}`);
  return route.database;
}

/** The D1 binding that holds an organization's rows. */
export async function d1Of(organizationId: string): Promise<D1Database> {
  return bindingOf(env, await databaseOf(organizationId));
}

/** Drizzle over the database that holds an organization's rows. */
export async function dbOf(organizationId: string): Promise<Db> {
  return createDb(await d1Of(organizationId));
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
 * (`DB`'s first). For a row found by a globally unique id (an invoice, a document, a token) when
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

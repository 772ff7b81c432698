// The databases of the test Worker: organizations are placed on DB or DB_2 (TENANT_DATABASES in
// wrangler.toml), so a test that reads or writes an organization's rows directly asks the
// directory which database holds them.
import { env } from "cloudflare:workers";
import { createDb, type Db } from "../../src/db/client";
import { bindingOf, routeOf, tenantDatabases } from "../../src/db/route";

/** Every database organizations are placed on, DB first. */
export function tenantD1s(): D1Database[] {
  return tenantDatabases(env).map((name) => bindingOf(env, name));
}

/** The D1 binding that holds an organization's rows. */
export async function d1Of(organizationId: string): Promise<D1Database> {
  const route = await routeOf(env, organizationId);
  if (!route) throw new Error(`The directory has no organization ${organizationId}`);
  return bindingOf(env, route.database);
}

/** Drizzle over the database that holds an organization's rows. */
export async function dbOf(organizationId: string): Promise<Db> {
  return createDb(await d1Of(organizationId));
}

// The one place that maps a request to its D1 database: the sharding seam (docs/scaling.md,
// "Code plan"). Every D1 access in the Worker takes its Drizzle handle from one of these three
// functions; today all three answer the one `DB` binding. Sharding later changes these
// functions and the configuration, not the services, which already take a `Db` argument.
import type { Bindings } from "../env";
import { createDb, type Db } from "./client";

/** The database that holds one organization's data (its rows, users, keys and sequences). */
export function dbFor(env: Pick<Bindings, "DB">, _organizationId: string): Db {
  return createDb(env.DB);
}

/**
 * The directory: lookups that come before the organization is known (API key by prefix, JWT
 * users, hosted-page and share-link tokens, `POST /v1/admin/organizations`).
 */
export function directoryDb(env: Pick<Bindings, "DB">): Db {
  return createDb(env.DB);
}

/** Every database, for sweeps that scan all organizations (cron, retention, retries). */
export function allShards(env: Pick<Bindings, "DB">): Db[] {
  return [createDb(env.DB)];
}

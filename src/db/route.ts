// The one place that maps work to its D1 database (docs/scaling.md). Organizations live on the
// databases listed in TENANT_DATABASES (binding names; `DB` alone when unset); the directory in
// the primary `DB` says which one holds each organization and answers the lookups that come
// before an organization is known (src/db/directory.ts). Code below the request's middleware
// gets its `Db` from here and never knows how many databases exist.

import { eq } from "drizzle-orm";
import type { Bindings } from "../env";
import { wallClock } from "../lib/clock";
import { ApiError, notFound } from "../lib/errors";
import { logError } from "../lib/log";
import { createDb, type Db } from "./client";
import { organizationDatabases, type RouteState } from "./schema/directory";

export type DatabaseEnv = Pick<Bindings, "DB" | "TENANT_DATABASES">;

/** How long an isolate trusts what it read of an organization's route. */
export const DIRECTORY_TTL_MS = 60_000;

/** The binding names organizations are placed on, the primary first when it is listed. */
export function tenantDatabases(env: DatabaseEnv): string[] {
  const listed = (env.TENANT_DATABASES ?? "DB")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return listed.length > 0 ? [...new Set(listed)] : ["DB"];
}

/** The D1 binding of a database name; a name without a binding is a deployment error. */
export function bindingOf(env: DatabaseEnv, name: string): D1Database {
  const binding = (env as unknown as Record<string, unknown>)[name];
  if (!binding || typeof (binding as D1Database).prepare !== "function") {
    throw new ApiError(
      "misconfigured",
      `The database binding ${name} named by TENANT_DATABASES does not exist`,
    );
  }
  return binding as D1Database;
}

/** A database by its binding name, in the request's D1 session. */
export function dbOn(env: DatabaseEnv, name: string): Db {
  return createDb(bindingOf(env, name));
}

/** The directory: the primary database, read current (no replica), outside the request's session. */
export function directoryDb(env: Pick<Bindings, "DB">): Db {
  return createDb(env.DB, { session: false });
}

/** Every tenant database, for sweeps that visit all organizations (cron, retention, retries). */
export function allShards(env: DatabaseEnv): Db[] {
  return tenantDatabases(env).map((name) => dbOn(env, name));
}

/**
 * Runs a sweep's `work` on every tenant database, one after another. A database that fails is
 * logged and the others still run; the sweep then fails naming the databases that did.
 */
export async function forEachShard(
  env: DatabaseEnv,
  sweep: string,
  work: (db: Db, database: string) => Promise<void>,
): Promise<void> {
  const failed: string[] = [];
  for (const name of tenantDatabases(env)) {
    try {
      await work(dbOn(env, name), name);
    } catch (error) {
      failed.push(name);
      logError("sweep failed on a database", { sweep, database: name, error: String(error) });
    }
  }
  if (failed.length > 0) throw new Error(`${sweep} failed on ${failed.join(", ")}`);
}

export interface OrganizationRoute {
  database: string;
  state: RouteState;
  movingTo: string | null;
  stateChangedAt: string;
}

const cached = new Map<string, { route: OrganizationRoute; until: number }>();
const CACHE_LIMIT = 10_000;

/** Where an organization lives, from the directory (kept by the isolate for DIRECTORY_TTL_MS). */
export async function routeOf(env: DatabaseEnv, organizationId: string): Promise<OrganizationRoute | null> {
  const at = wallClock().getTime();
  const hit = cached.get(organizationId);
  if (hit && hit.until > at) return hit.route;
  const [row] = await directoryDb(env)
    .select({
      database: organizationDatabases.database,
      state: organizationDatabases.state,
      movingTo: organizationDatabases.movingTo,
      stateChangedAt: organizationDatabases.stateChangedAt,
    })
    .from(organizationDatabases)
    .where(eq(organizationDatabases.organizationId, organizationId))
    .limit(1);
  if (!row) {
    cached.delete(organizationId);
    return null;
  }
  if (cached.size >= CACHE_LIMIT) cached.clear();
  cached.set(organizationId, { route: row, until: at + DIRECTORY_TTL_MS });
  return row;
}

/** Drops what this isolate kept of an organization's route (after the directory changed it). */
export function forgetRoute(organizationId: string): void {
  cached.delete(organizationId);
}

/**
 * The database that holds one organization's data; 404 for an organization the directory lacks.
 * `write`: the caller is about to write, which waits while the organization moves (503).
 */
export async function dbFor(
  env: DatabaseEnv,
  organizationId: string,
  options: { write?: boolean } = {},
): Promise<Db> {
  const db = await dbForKnown(env, organizationId, options);
  if (!db) throw notFound("Organization");
  return db;
}

/** As dbFor, but null for an organization the directory lacks (the caller answers as it must). */
export async function dbForKnown(
  env: DatabaseEnv,
  organizationId: string,
  options: { write?: boolean } = {},
): Promise<Db | null> {
  const route = await routeOf(env, organizationId);
  if (!route) return null;
  if (options.write && route.state === "moving") throw organizationMoving();
  return dbOn(env, route.database);
}

/** The answer to a write of an organization that is moving between databases. */
export function organizationMoving(): ApiError {
  return new ApiError(
    "organization_moving",
    "This organization is moving to another database; retry in a minute",
    {
      headers: { "Retry-After": "60" },
    },
  );
}

// The one place that maps work to its D1 database (docs/scaling.md). Organizations live on the
// databases listed in TENANT_DATABASES (binding names; `DB` alone when unset); the directory in
// the primary `DB` says which one holds each organization and answers the lookups that come
// before an organization is known (src/db/directory.ts). Code below the request's middleware
// gets its `Db` from here and never knows how many databases exist.

import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Bindings } from "../env";
import { BoundedMap } from "../lib/bounded-map";
import { wallClock } from "../lib/clock";
import { ApiError, notFound } from "../lib/errors";
import { logError, logInfo } from "../lib/log";
import { createDb, type Db } from "./client";
import { organizationDatabases, type RouteState } from "./schema/directory";
import { organizationMoves } from "./schema/moves";

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

/**
 * A database by its binding name, in the request's D1 session; `session: false`: its primary,
 * outside the session (lookups that must be current and must not take the client's bookmark).
 */
export function dbOn(env: DatabaseEnv, name: string, options: { session?: boolean } = {}): Db {
  return createDb(bindingOf(env, name), options);
}

/** The directory: the primary database, read current (no replica), outside the request's session. */
export function directoryDb(env: Pick<Bindings, "DB">): Db {
  return createDb(env.DB, { session: false });
}

/**
 * What a sweep may touch on the database it visits. A sweep acts only on the rows of the
 * organizations that database holds for good: it leaves alone every organization whose route is
 * `moving` (its rows must not change while they are copied, and the target holds a copy), and
 * every organization with rows here while its route names another database (the source of a
 * move past its flip whose clean is not done, the target of a move that stopped before its flip).
 */
export interface ShardVisit {
  /** The organizations left alone on this database (the moves in flight: a few at most). */
  skipped: readonly string[];
  /**
   * The condition a sweep adds to each query that chooses the rows it acts on: `column` (an
   * organization id) names none of `skipped`. One JSON parameter, whatever their number. Once
   * the visit is VISIT_LIMIT_MS old it throws VisitOutlived instead: a move started after the
   * read may be copying by then, so the visit stops there and the next run goes on.
   */
  settled: Settled;
  /** When the read of `skipped` began (the service's wall clock, ms). */
  readAt: number;
}

/**
 * How long a visit may use what it read of the moves: well below DIRECTORY_TTL_MS, the wait a
 * move makes between its start and its copy (and between its flip and its clean).
 */
export const VISIT_LIMIT_MS = DIRECTORY_TTL_MS / 2;

/** A visit asked for its condition after VISIT_LIMIT_MS: it stops, and the next run goes on. */
export class VisitOutlived extends Error {
  constructor(readonly database: string) {
    super(`The sweep's visit of ${database} outlived what it read of the moves`);
  }
}

/** A condition on an organization id column: the ShardVisit's, or `anyOrganization`. */
export type Settled = (column: SQLWrapper) => SQL;

/** Leaves no organization alone (a sweep of one organization, on its test clock). */
export const anyOrganization: Settled = () => sql`1 = 1`;

/**
 * The organizations a sweep leaves alone on `database`, read from the directory now: one query on
 * the primary. A route is `moving` only while its organization's move is under way (startMove
 * writes both in one batch), so the moves table (a row per organization ever moved) names every
 * candidate, and each one's route is read by its key. A visit trusts what it read for
 * VISIT_LIMIT_MS, less than the wait of DIRECTORY_TTL_MS a move makes before its copy and before
 * its clean: a move started after the read cannot be copying while the visit acts.
 */
export async function shardVisit(env: DatabaseEnv, database: string): Promise<ShardVisit> {
  // Counted from before the read: a move started while it ran may be missing from it.
  const readAt = wallClock().getTime();
  const rows = await directoryDb(env)
    .select({ organizationId: organizationMoves.organizationId })
    .from(organizationMoves)
    .leftJoin(
      organizationDatabases,
      eq(organizationDatabases.organizationId, organizationMoves.organizationId),
    )
    .where(
      sql`${organizationMoves.phase} <> 'done' AND (${organizationDatabases.state} = 'moving'
        OR ((${organizationMoves.source} = ${database} OR ${organizationMoves.target} = ${database})
          AND ${organizationDatabases.database} IS NOT ${database}))`,
    );
  const skipped = rows.map((row) => row.organizationId);
  const list = JSON.stringify(skipped);
  return {
    skipped,
    readAt,
    settled: (column) => {
      if (wallClock().getTime() - readAt >= VISIT_LIMIT_MS) throw new VisitOutlived(database);
      return skipped.length === 0 ? sql`1 = 1` : sql`${column} NOT IN (SELECT value FROM json_each(${list}))`;
    },
  };
}

/**
 * Runs a sweep's `work` on every tenant database, one after another, with what it may touch
 * there (ShardVisit, read from the directory as each database's turn comes). A database that
 * fails is logged and the others still run; the sweep then fails naming the databases that did.
 * A visit that outlived its ShardVisit (VisitOutlived) is no failure: the next run goes on.
 * `when`: a cheap read of the database that says whether it has work at all; a database without
 * any is passed over before its ShardVisit is read (no read of the primary).
 */
export async function forEachShard(
  env: DatabaseEnv,
  sweep: string,
  work: (db: Db, database: string, visit: ShardVisit) => Promise<void>,
  options: { turn?: number; when?: (db: Db) => Promise<boolean>; only?: string } = {},
): Promise<void> {
  const failed: string[] = [];
  // `only`: the one database the work is known to concern (a request's organization's).
  const names = options.only ? [options.only] : tenantDatabases(env);
  // `turn`: start at the database of that index (mod their number), for sweeps with one budget.
  const first = (options.turn ?? 0) % names.length;
  for (const name of [...names.slice(first), ...names.slice(0, first)]) {
    try {
      const db = dbOn(env, name);
      if (options.when && !(await options.when(db))) continue;
      await work(db, name, await shardVisit(env, name));
    } catch (error) {
      if (error instanceof VisitOutlived) {
        logInfo("sweep visit stopped; the next run goes on", { sweep, database: name });
        continue;
      }
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

const cached = new BoundedMap<string, { route: OrganizationRoute; until: number }>(10_000);

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
  rememberRoute(organizationId, row, at);
  return row;
}

/**
 * Keeps a route this isolate read or has just written (a new organization's): the organization's
 * next request here reads no directory. Kept for DIRECTORY_TTL_MS from `since`, a moment before
 * the route was read or written: a move waits that long after changing a route before it copies,
 * so what is kept cannot outlive the change.
 */
export function rememberRoute(organizationId: string, route: OrganizationRoute, since: number): void {
  cached.set(organizationId, { route, until: since + DIRECTORY_TTL_MS });
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

// Drizzle over the D1 binding. No relational schema is registered: queries use the core
// builder, so each aggregate's schema file stands alone.
import type { SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sessionFor } from "./sessions";

/**
 * Drizzle over the binding, or over the current request's D1 session on it (read replication,
 * src/db/sessions.ts): a session has the binding's prepare/batch, which is all Drizzle uses.
 * `session: false`: the binding itself (the primary), whatever the request's session.
 */
export function createDb(d1: D1Database, options: { session?: boolean } = {}): Db {
  // A session lacks only exec/withSession/dump, which Drizzle never calls.
  const client = options.session === false ? d1 : ((sessionFor(d1) as D1Database | undefined) ?? d1);
  // Building a Drizzle instance (dialect, session, query builders) costs about as much as a
  // small query does; one per handle is enough: the binding's lives as long as the isolate, a
  // session's as long as its request.
  let db = handles.get(client);
  if (!db) {
    db = drizzle(client);
    handles.set(client, db);
  }
  return db;
}

export type Db = ReturnType<typeof drizzle<Record<string, never>, D1Database>>;

const handles = new WeakMap<D1Database, Db>();

/**
 * `db.run(sql\`...\`)` that also works inside `db.batch()`. drizzle-orm 0.45's D1 batch binds
 * a raw query with parameters through a prepared `stmt` that raw queries do not carry
 * ("Cannot read properties of undefined (reading 'bind')"), so we attach one.
 */
export function batchableRun(db: Db, query: SQL) {
  const raw = db.run(query);
  return Object.assign(raw, { stmt: db.$client.prepare(raw.getQuery().sql) });
}

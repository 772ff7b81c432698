// Retention of the webhook log: events older than 30 days whose deliveries have all finished
// (none pending, none with an attempt in flight) go, with their deliveries and attempts. Run
// by the hourly cron in bounded batches (`DELETE ... WHERE rowid IN (SELECT ... LIMIT n)`), so
// no statement touches more than a few hundred rows and the run stops when its budget is spent;
// what is left goes in the next run.
import { type SQL, sql } from "drizzle-orm";
import { forEachShard, type Settled, tenantDatabases } from "../../db/route";
import type { Bindings } from "../../env";
import { logInfo } from "../../lib/log";

export const WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Rows one DELETE removes at most. */
const PURGE_BATCH_SIZE = 500;
/** Wall time after which the sweep starts no further DELETE. */
export const PURGE_TIME_BUDGET_MS = 20_000;

/** What one DELETE is given: the cutoff, now, its batch size, the organizations it may touch. */
interface Bounds {
  cutoff: string;
  at: string;
  limit: number;
  settled: Settled;
}

/**
 * Events created before the cutoff none of whose deliveries is pending or leased (now), of the
 * organizations the sweep may touch on this database (ShardVisit).
 */
const finishedOldEvent = ({ cutoff, at, settled }: Bounds) => sql`
  e.created_at < ${cutoff}
  AND ${settled(sql.raw("e.organization_id"))}
  AND NOT EXISTS (
    SELECT 1 FROM webhook_deliveries u
    WHERE u.event_id = e.id
      AND (u.status = 'pending' OR (u.leased_until IS NOT NULL AND u.leased_until > ${at}))
  )`;

/**
 * Children first: attempts, then deliveries (attempts would cascade, but one delivery can have
 * eight), then events left with no delivery (deliveries reference events without cascade). A
 * delivery retried by hand between the steps makes its event unfinished again, and it stays.
 */
const STEPS: ReadonlyArray<[table: string, statement: (bounds: Bounds) => SQL]> = [
  [
    "webhook_attempts",
    (bounds) => sql`DELETE FROM webhook_attempts WHERE rowid IN (
      SELECT a.rowid FROM webhook_events e
      JOIN webhook_deliveries d ON d.event_id = e.id
      JOIN webhook_attempts a ON a.delivery_id = d.id
      WHERE ${finishedOldEvent(bounds)}
      LIMIT ${bounds.limit})`,
  ],
  [
    "webhook_deliveries",
    (bounds) => sql`DELETE FROM webhook_deliveries WHERE rowid IN (
      SELECT d.rowid FROM webhook_events e
      JOIN webhook_deliveries d ON d.event_id = e.id
      WHERE ${finishedOldEvent(bounds)}
      LIMIT ${bounds.limit})`,
  ],
  [
    "webhook_events",
    ({ cutoff, limit, settled }) => sql`DELETE FROM webhook_events WHERE rowid IN (
      SELECT e.rowid FROM webhook_events e
      WHERE e.created_at < ${cutoff}
        AND ${settled(sql.raw("e.organization_id"))}
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
      LIMIT ${limit})`,
  ],
];

export interface PurgeResult {
  deleted: Record<string, number>;
  /** False when the budget ran out before every step had nothing left to delete. */
  complete: boolean;
}

export async function purgeOldWebhookData(
  env: Pick<Bindings, "DB">,
  at: Date,
  options: { budgetMs?: number; batchSize?: number } = {},
): Promise<PurgeResult> {
  const deadline = Date.now() + (options.budgetMs ?? PURGE_TIME_BUDGET_MS);
  const batchSize = options.batchSize ?? PURGE_BATCH_SIZE;
  const cutoff = new Date(at.getTime() - WEBHOOK_RETENTION_MS).toISOString();
  const atIso = at.toISOString();
  const deleted: Record<string, number> = {};
  let complete = true;
  let left = tenantDatabases(env).length;
  await forEachShard(env, "webhook-retention", async (db, _, visit) => {
    const bounds: Bounds = { cutoff, at: atIso, limit: batchSize, settled: visit.settled };
    // Each database gets an equal share of the time left, so a backlog in one cannot starve the next.
    const share = Date.now() + Math.max(0, deadline - Date.now()) / left--;
    let timeLeft = true;
    for (const [table, statement] of STEPS) {
      deleted[table] ??= 0;
      for (;;) {
        if (Date.now() >= share) {
          timeLeft = false;
          break;
        }
        const result = await db.run(statement(bounds));
        const changes = result.meta.changes ?? 0;
        deleted[table] += changes;
        if (changes < batchSize) break;
      }
      if (!timeLeft) break;
    }
    if (!timeLeft) complete = false;
  });
  return { deleted, complete };
}

/** The hourly cron entry. */
export async function webhookRetentionSweep(env: Bindings, at: Date): Promise<void> {
  const { deleted, complete } = await purgeOldWebhookData(env, at);
  logInfo("webhook retention", {
    events: deleted.webhook_events ?? 0,
    deliveries: deleted.webhook_deliveries ?? 0,
    attempts: deleted.webhook_attempts ?? 0,
    complete,
  });
}

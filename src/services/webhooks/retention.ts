// Retention of the webhook log: events older than 30 days whose deliveries have all finished
// (none pending, none with an attempt in flight) go, with their deliveries and attempts. Run
// by the hourly cron in bounded batches (`DELETE ... WHERE rowid IN (SELECT ... LIMIT n)`), so
// no statement touches more than a few hundred rows and the run stops when its budget is spent;
// what is left goes in the next run.
import { forEachShard } from "../../db/route";
import type { Bindings } from "../../env";
import { logInfo } from "../../lib/log";

export const WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Rows one DELETE removes at most. */
const PURGE_BATCH_SIZE = 500;
/** Wall time after which the sweep starts no further DELETE. */
export const PURGE_TIME_BUDGET_MS = 20_000;

/** Events created before ?1 none of whose deliveries is pending or leased (at ?2). */
const FINISHED_OLD_EVENT = `
  e.created_at < ?1
  AND NOT EXISTS (
    SELECT 1 FROM webhook_deliveries u
    WHERE u.event_id = e.id
      AND (u.status = 'pending' OR (u.leased_until IS NOT NULL AND u.leased_until > ?2))
  )`;

/**
 * Children first: attempts, then deliveries (attempts would cascade, but one delivery can have
 * eight), then events left with no delivery (deliveries reference events without cascade). A
 * delivery retried by hand between the steps makes its event unfinished again, and it stays.
 */
const STEPS: ReadonlyArray<[table: string, sql: string]> = [
  [
    "webhook_attempts",
    `DELETE FROM webhook_attempts WHERE rowid IN (
      SELECT a.rowid FROM webhook_events e
      JOIN webhook_deliveries d ON d.event_id = e.id
      JOIN webhook_attempts a ON a.delivery_id = d.id
      WHERE ${FINISHED_OLD_EVENT}
      LIMIT ?3)`,
  ],
  [
    "webhook_deliveries",
    `DELETE FROM webhook_deliveries WHERE rowid IN (
      SELECT d.rowid FROM webhook_events e
      JOIN webhook_deliveries d ON d.event_id = e.id
      WHERE ${FINISHED_OLD_EVENT}
      LIMIT ?3)`,
  ],
  [
    "webhook_events",
    `DELETE FROM webhook_events WHERE rowid IN (
      SELECT e.rowid FROM webhook_events e
      WHERE e.created_at < ?1
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
      LIMIT ?3)`,
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
  await forEachShard(env, "webhook-retention", async (db) => {
    if (!complete) return;
    for (const [table, statement] of STEPS) {
      deleted[table] ??= 0;
      for (;;) {
        if (Date.now() >= deadline) {
          complete = false;
          break;
        }
        const result = await db.$client.prepare(statement).bind(cutoff, atIso, batchSize).run();
        const changes = result.meta.changes ?? 0;
        deleted[table] += changes;
        if (changes < batchSize) break;
      }
      if (!complete) break;
    }
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

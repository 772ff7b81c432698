// Key rotation passes (documents' data keys, archives' and bills' data keys, webhook, payment
// provider and network secrets) run over every database: an operator's rewrap and the hourly sweep
// touch all organizations, so they go through forEachShard.
import type { BatchItem } from "drizzle-orm/batch";
import type { MasterKeyEnv, MasterKeySet } from "../crypto/document-keys";
import type { Db } from "../db/client";
import { anyOrganization, forEachShard, type Settled } from "../db/route";
import type { Bindings } from "../env";

export interface RewrapResult {
  version: string;
  rewrapped: number;
  failed: number;
  remaining: number;
}

/** What a rewrap pass is given: at most `limit` rows, of the organizations `settled` lets it touch. */
export interface RewrapOptions {
  limit?: number;
  /**
   * The organizations the pass may touch on this database (ShardVisit): a moving organization's
   * rows are rewrapped once it has settled. `remaining` still counts them, so a master key
   * version is never retired while they need it.
   */
  settled?: Settled;
}

/** Adds the counts of `result` (one pass) to `total`. */
export function addRewrapCounts(
  total: Pick<RewrapResult, "rewrapped" | "failed" | "remaining">,
  result: Pick<RewrapResult, "rewrapped" | "failed" | "remaining">,
): void {
  total.rewrapped += result.rewrapped;
  total.failed += result.failed;
  total.remaining += result.remaining;
}

/** Runs one rewrap pass on each database (up to `limit` rows each) and adds the counts up. */
export async function rewrapAllShards(
  env: Bindings,
  rewrap: (db: Db, env: Bindings, options: RewrapOptions) => Promise<RewrapResult>,
  options: { limit?: number } = {},
): Promise<RewrapResult> {
  const total: RewrapResult = { version: "", rewrapped: 0, failed: 0, remaining: 0 };
  await forEachShard(env, "rewrap", async (db, _, visit) => {
    const result = await rewrap(db, env, { ...options, settled: visit.settled });
    total.version = result.version;
    addRewrapCounts(total, result);
  });
  return total;
}

/** The most rows one page of a rewrap walk reads. */
export const REWRAP_PAGE = 50;

/** A rewrap pass over one table of one database: what rewrapAllShards runs on each. */
export type RewrapPass<Env = MasterKeyEnv> = (
  db: Db,
  env: Env,
  options?: RewrapOptions,
) => Promise<RewrapResult>;

/** What a rewrap pass knows of its table. */
export interface RewrapTable<Row> {
  /**
   * The stale rows after `after` in the walk's order (from the start when undefined), at most
   * `size`, of the organizations `settled` lets the pass touch.
   */
  page: (after: Row | undefined, size: number, settled: Settled) => Promise<Row[]>;
  /**
   * Seals the row again under the current version: the update that writes it, unless the row
   * changed since it was read (not run: the walk runs a page's updates in one batch).
   */
  reseal: (row: Row) => Promise<{ update: BatchItem<"sqlite"> }>;
  /** Logs a row that could not be resealed; the walk goes on past it. */
  failed: (row: Row, error: unknown) => void;
  /** The stale rows left on this database, of every organization. */
  remaining: () => Promise<number>;
}

/**
 * One rewrap pass over rows under another master key version, in pages of at most REWRAP_PAGE,
 * until `options.limit` rows (1,000 by default) are done or none is left. A page's rows are
 * resealed in memory and written in one batch: a row that cannot be resealed is counted failed
 * and the others written; a batch that fails counts its rows failed.
 */
export async function rewrapWalk<Row>(
  db: Db,
  keys: MasterKeySet,
  options: RewrapOptions,
  table: RewrapTable<Row>,
): Promise<RewrapResult> {
  const limit = options.limit ?? 1000;
  const settled = options.settled ?? anyOrganization;
  const done = { rewrapped: 0, failed: 0 };
  let after: Row | undefined;
  while (done.rewrapped + done.failed < limit) {
    const rows = await table.page(
      after,
      Math.min(REWRAP_PAGE, limit - done.rewrapped - done.failed),
      settled,
    );
    if (rows.length === 0) break;
    after = rows.at(-1);
    const resealed: { row: Row; statement: BatchItem<"sqlite"> }[] = [];
    for (const row of rows) {
      try {
        resealed.push({ row, statement: (await table.reseal(row)).update });
      } catch (error) {
        done.failed++;
        table.failed(row, error);
      }
    }
    const [first, ...rest] = resealed.map(({ statement }) => statement);
    if (!first) continue;
    try {
      await db.batch([first, ...rest]);
      done.rewrapped += resealed.length;
    } catch (error) {
      done.failed += resealed.length;
      for (const { row } of resealed) table.failed(row, error);
    }
  }
  return { version: keys.current, ...done, remaining: await table.remaining() };
}

// Key rotation passes (documents' data keys, webhook secrets) run over every database: an
// operator's rewrap and the hourly sweep touch all organizations, so they go through forEachShard.
import type { Db } from "../db/client";
import { forEachShard, type Settled } from "../db/route";
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
    total.rewrapped += result.rewrapped;
    total.failed += result.failed;
    total.remaining += result.remaining;
  });
  return total;
}

/** The most rows one page of a rewrap walk reads. */
export const REWRAP_PAGE = 50;

/**
 * One rewrap pass over rows under another master key version: `page(after, size)` answers the
 * stale rows after `after` in the walk's order (all of them from the start when undefined), at
 * most `size`; each is resealed by `reseal` until `limit` rows are done. A row that fails is
 * counted and handed to `failed` (logged there), and the walk goes on past it.
 */
export async function rewrapWalk<Row>(
  limit: number,
  page: (after: Row | undefined, size: number) => Promise<Row[]>,
  reseal: (row: Row) => Promise<void>,
  failed: (row: Row, error: unknown) => void,
): Promise<Pick<RewrapResult, "rewrapped" | "failed">> {
  const done = { rewrapped: 0, failed: 0 };
  let after: Row | undefined;
  while (done.rewrapped + done.failed < limit) {
    const rows = await page(after, Math.min(REWRAP_PAGE, limit - done.rewrapped - done.failed));
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row;
      try {
        await reseal(row);
        done.rewrapped++;
      } catch (error) {
        done.failed++;
        failed(row, error);
      }
    }
  }
  return done;
}

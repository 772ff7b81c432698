// The per-subject rate limiter: one SQLite-backed Durable Object per subject (API key, JWT user,
// admin token, client IP, or an hourly budget), counting admitted requests in an exact sliding log.
import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env";

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests still admissible in the window after this one. */
  remaining: number;
  /** Epoch ms at which the oldest counted request leaves the window, i.e. when `remaining` next grows. */
  resetAt: number;
}

/**
 * Windows up to this long live in memory only: an object is evicted only after being idle for
 * longer than that, when every admission has left the window anyway. Longer windows (the hourly
 * budgets) are also written to SQLite so they survive eviction.
 */
const MEMORY_ONLY_WINDOW_MS = 60_000;

/**
 * Sliding log: `log` holds the time of every admitted request of the last window, ascending. A
 * request at `now` is admitted iff fewer than `limit` admissions lie after `now - window` (later
 * timestamps included, so requests reaching the object out of order cannot overshoot), hence no
 * span shorter than the window ever holds more than `limit` admissions, across any edge.
 * Refusals are not recorded: hammering while blocked does not push the reset further away.
 *
 * `hit` is synchronous (memory, and `ctx.storage.sql` which is synchronous too): concurrent
 * calls, which the input gate delivers one at a time, cannot interleave a read-modify-write.
 */
export class RateLimiter extends DurableObject<Bindings> {
  private readonly log: number[];
  private cleanupScheduled = false;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.createSchema();
    this.log = ctx.storage.sql
      .exec<{ at: number }>("SELECT at FROM admitted ORDER BY at")
      .toArray()
      .map((row) => row.at);
  }

  /** Counts one request at `nowMs` (the Worker's clock) against `limit` per `windowMs`. */
  hit(limit: number, windowMs: number, nowMs: number): RateDecision {
    if (!(Number.isInteger(limit) && limit > 0 && Number.isInteger(windowMs) && windowMs > 0)) {
      throw new RangeError("limit and windowMs must be positive integers");
    }
    const at = Math.floor(nowMs);
    const durable = windowMs > MEMORY_ONLY_WINDOW_MS;
    const log = this.log;

    let expired = 0;
    while (expired < log.length && log[expired]! <= at - windowMs) expired++;
    if (expired > 0) {
      log.splice(0, expired);
      if (durable) this.ctx.storage.sql.exec("DELETE FROM admitted WHERE at <= ?", at - windowMs);
    }

    const n = log.length;
    if (n >= limit) {
      // One slot frees when the (n - limit + 1)-th oldest admission leaves the window
      // (n exceeds limit when the subject's tier was lowered within the window).
      return { allowed: false, limit, remaining: 0, resetAt: log[n - limit]! + windowMs };
    }

    insertSorted(log, at);
    if (durable) {
      this.ctx.storage.sql.exec("INSERT INTO admitted (at, window_ms) VALUES (?, ?)", at, windowMs);
      this.scheduleCleanup(at + windowMs);
    }
    return { allowed: true, limit, remaining: limit - n - 1, resetAt: log[0]! + windowMs };
  }

  /** Drops the stored state of an idle subject once its last admission has left the window. */
  override async alarm(): Promise<void> {
    this.cleanupScheduled = false;
    const { until } = this.ctx.storage.sql
      .exec<{ until: number | null }>("SELECT max(at + window_ms) AS until FROM admitted")
      .one();
    if (until === null || until <= Date.now()) {
      await this.ctx.storage.deleteAll();
      this.log.length = 0;
      this.createSchema(); // deleteAll drops the table too; this instance may live on.
      return;
    }
    this.scheduleCleanup(until);
  }

  private createSchema(): void {
    this.ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS admitted (at INTEGER NOT NULL, window_ms INTEGER NOT NULL); " +
        "CREATE INDEX IF NOT EXISTS admitted_at ON admitted (at);",
    );
  }

  private scheduleCleanup(at: number): void {
    if (this.cleanupScheduled) return;
    this.cleanupScheduled = true;
    void this.ctx.storage.setAlarm(at);
  }
}

/** Inserts keeping ascending order; requests almost always arrive in order, so this appends. */
function insertSorted(log: number[], at: number): void {
  let i = log.length;
  while (i > 0 && log[i - 1]! > at) i--;
  log.splice(i, 0, at);
}

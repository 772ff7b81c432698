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
 * Sliding log: the table holds the time of every admitted request of the last window. A request
 * at `now` is admitted iff fewer than `limit` admitted requests lie in (now - window, now], so no
 * span shorter than the window ever holds more than `limit` admissions, across any edge.
 * Refusals are not recorded: hammering while blocked does not push the reset further away.
 *
 * `hit` is synchronous over `ctx.storage.sql` (no await between the read and the write), so
 * concurrent calls, which the input gate delivers one at a time, cannot overshoot.
 */
export class RateLimiter extends DurableObject<Bindings> {
  private cleanupScheduled = false;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.createSchema();
  }

  /** Counts one request at `nowMs` (the Worker's clock) against `limit` per `windowMs`. */
  hit(limit: number, windowMs: number, nowMs: number): RateDecision {
    if (!(Number.isInteger(limit) && limit > 0 && Number.isInteger(windowMs) && windowMs > 0)) {
      throw new RangeError("limit and windowMs must be positive integers");
    }
    const at = Math.floor(nowMs);
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM admitted WHERE at <= ?", at - windowMs);
    const { n, oldest } = sql
      .exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(at) AS oldest FROM admitted")
      .one();

    if (n < limit) {
      sql.exec("INSERT INTO admitted (at, window_ms) VALUES (?, ?)", at, windowMs);
      this.scheduleCleanup(at + windowMs);
      return {
        allowed: true,
        limit,
        remaining: limit - n - 1,
        resetAt: Math.min(oldest ?? at, at) + windowMs,
      };
    }
    // Full. One slot frees when the (n - limit + 1)-th oldest admission leaves the window
    // (n may exceed limit when the subject's tier was lowered within the window).
    const freeing = sql
      .exec<{ at: number }>("SELECT at FROM admitted ORDER BY at LIMIT 1 OFFSET ?", n - limit)
      .one();
    return { allowed: false, limit, remaining: 0, resetAt: freeing.at + windowMs };
  }

  /** Drops the state of an idle subject once its last admission has left the window. */
  override async alarm(): Promise<void> {
    this.cleanupScheduled = false;
    const { until } = this.ctx.storage.sql
      .exec<{ until: number | null }>("SELECT max(at + window_ms) AS until FROM admitted")
      .one();
    if (until === null || until <= Date.now()) {
      await this.ctx.storage.deleteAll();
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

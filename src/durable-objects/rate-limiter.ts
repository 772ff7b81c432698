// The per-subject rate limiter: one SQLite-backed Durable Object per subject (organization,
// admin token, client IP, or an hourly budget), counting admitted requests in an exact sliding log.
// Per-minute callers take leases (`lease`): budget an isolate spends locally for a few seconds.
import { DurableObject } from "cloudflare:workers";

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests still admissible in the window after this one. */
  remaining: number;
  /** Epoch ms at which the oldest counted request leaves the window, i.e. when `remaining` next grows. */
  resetAt: number;
}

/** What `lease` answers: the decision for the calling request, and the extra slots it leased. */
export interface LeaseDecision extends RateDecision {
  /** Slots leased beyond the calling request's own (0 when refused or nothing was left). */
  extra: number;
  /** Names the lease in a later settlement; empty when `extra` is 0. */
  leaseId: string;
  /** Epoch ms after which the lease must not be spent (the Worker's clock). */
  expiresAt: number;
  /** Orders answers of one object instance (`epoch`), so a client keeps the newest view. */
  epoch: string;
  seq: number;
}

/** A finished lease: its id and the times (the Worker's clock) its extra slots were spent at. */
export interface LeaseSettlement {
  leaseId: string;
  spent: number[];
}

/** How long an isolate may spend a lease (docs/rate-limits.md, "Leases"). */
export const LEASE_TTL_MS = 15_000;
/**
 * The lifetime of a lease to a sparse subject: one that, with this lease, holds at most a quarter
 * of its limit in the window. Its unspent slots keep nobody from their budget, and a quiet
 * subject then pays one RPC per SPARSE_LEASE_TTL_MS instead of one per LEASE_TTL_MS.
 */
export const SPARSE_LEASE_TTL_MS = 45_000;

/**
 * Windows up to this long live in memory only: an idle object is evicted after about 70 s or more
 * without calls, when nearly every admission has left the window (leased slots are held at the
 * lease's expiry, so up to LEASE_TTL_MS - 10 s of them can remain, SPARSE_LEASE_TTL_MS - 10 s
 * for a sparse subject; docs/rate-limits.md, "What
 * memory-only windows give up"). Longer windows (the hourly budgets) are also written to SQLite
 * so they survive eviction.
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
/** The rate limiter reads no binding; its own env type keeps it free of src/env.ts (no import cycle). */
type RateLimiterEnv = object;

export class RateLimiter extends DurableObject<RateLimiterEnv> {
  /** Admission times, ascending; a durable window's are read from SQLite on its first call. */
  private readonly log: number[] = [];
  /**
   * Whether the durable log has been read into `log` (and its table made). A subject counts one
   * window, so the object of a per-minute subject, the most common limiter, never opens its
   * SQLite: no table is written and nothing is read (docs/rate-limits.md).
   */
  private stored = false;
  private cleanupScheduled = false;
  /** Unsettled leases: `count` reserved slots held in `log` at `at` (the lease's expiry). */
  private readonly leases = new Map<string, { at: number; count: number }>();
  private readonly epoch = crypto.randomUUID();
  private seq = 0;

  /** Reads the stored admissions into the log, once per instance, before a durable window counts. */
  private loadStored(): void {
    if (this.stored) return;
    this.createSchema();
    const stored = this.ctx.storage.sql.exec<{ at: number }>("SELECT at FROM admitted ORDER BY at").toArray();
    for (const { at } of stored) insertSorted(this.log, at);
    // Only once read: should the read throw, the next durable call reads again.
    this.stored = true;
  }

  /** Counts one request at `nowMs` (the Worker's clock) against `limit` per `windowMs`. */
  hit(limit: number, windowMs: number, nowMs: number): RateDecision {
    checkRate(limit, windowMs);
    const at = Math.floor(nowMs);
    const durable = windowMs > MEMORY_ONLY_WINDOW_MS;
    if (durable) this.loadStored();
    const log = this.log;
    this.prune(at, windowMs, durable);

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

  /**
   * Counts the calling request at `nowMs` exactly as `hit` does and, when it is admitted, leases
   * up to `want - 1` further slots to the calling isolate until `nowMs + LEASE_TTL_MS` (or
   * SPARSE_LEASE_TTL_MS while the subject uses at most a quarter of its limit). Leased
   * slots are held in the log at the lease's expiry, the latest moment one can be spent, so a
   * slot never leaves the window before the request that spends it would have. `settle` reports
   * the caller's finished leases: their reservation is replaced by the times the slots were
   * really spent and the unspent ones are released. Settling is idempotent (an unknown id, already
   * settled or forgotten by a restart, is ignored). Memory-only (per-minute) windows only.
   */
  lease(
    limit: number,
    windowMs: number,
    nowMs: number,
    want: number,
    settle: readonly LeaseSettlement[] = [],
  ): LeaseDecision {
    checkRate(limit, windowMs);
    if (windowMs > MEMORY_ONLY_WINDOW_MS) throw new RangeError("leases are for windows up to a minute");
    if (!(Number.isInteger(want) && want > 0)) throw new RangeError("want must be a positive integer");
    const at = Math.floor(nowMs);
    const log = this.log;
    this.prune(at, windowMs, false);
    for (const { leaseId, spent } of settle) this.settle(leaseId, spent, at - windowMs);

    const answer = { epoch: this.epoch, seq: ++this.seq };
    const n = log.length;
    if (n >= limit) {
      const resetAt = log[n - limit]! + windowMs;
      return {
        allowed: false,
        limit,
        remaining: 0,
        resetAt,
        extra: 0,
        leaseId: "",
        expiresAt: at,
        ...answer,
      };
    }
    insertSorted(log, at);
    const extra = Math.min(want - 1, limit - n - 1);
    const sparse = (n + 1 + extra) * 4 <= limit;
    const expiresAt = at + (sparse ? SPARSE_LEASE_TTL_MS : LEASE_TTL_MS);
    let leaseId = "";
    if (extra > 0) {
      leaseId = `${this.epoch}.${this.seq}`;
      for (let i = 0; i < extra; i++) insertSorted(log, expiresAt);
      this.leases.set(leaseId, { at: expiresAt, count: extra });
    }
    const remaining = limit - n - 1 - extra;
    return {
      allowed: true,
      limit,
      remaining,
      resetAt: log[0]! + windowMs,
      extra,
      leaseId,
      expiresAt,
      ...answer,
    };
  }

  /** Removes the admissions that have left the window ending at `at` (and leases held there). */
  private prune(at: number, windowMs: number, durable: boolean): void {
    const log = this.log;
    let expired = 0;
    while (expired < log.length && log[expired]! <= at - windowMs) expired++;
    if (expired === 0) return;
    log.splice(0, expired);
    if (durable) this.ctx.storage.sql.exec("DELETE FROM admitted WHERE at <= ?", at - windowMs);
    for (const [id, lease] of this.leases) if (lease.at <= at - windowMs) this.leases.delete(id);
  }

  /** Replaces a lease's reservation by the times its slots were spent (those after `after`). */
  private settle(leaseId: string, spent: readonly number[], after: number): void {
    const lease = this.leases.get(leaseId);
    if (!lease) return;
    this.leases.delete(leaseId);
    const log = this.log;
    // Reserved slots are equal numbers: which copies go does not matter.
    const first = log.indexOf(lease.at);
    if (first >= 0) {
      let end = first;
      while (end < log.length && end - first < lease.count && log[end] === lease.at) end++;
      log.splice(first, end - first);
    }
    // A slot can only have been spent before the lease expired; a longer list is cut.
    for (const time of spent.slice(0, lease.count)) {
      const used = Math.min(Math.floor(time), lease.at);
      if (used > after) insertSorted(log, used);
    }
  }

  /** Drops the stored state of an idle subject once its last admission has left the window. */
  override async alarm(): Promise<void> {
    this.cleanupScheduled = false;
    this.loadStored();
    const { until } = this.ctx.storage.sql
      .exec<{ until: number | null }>("SELECT max(at + window_ms) AS until FROM admitted")
      .one();
    if (until === null || until <= Date.now()) {
      await this.ctx.storage.deleteAll();
      // deleteAll drops the table too: the next durable call of this instance makes it again.
      this.log.length = 0;
      this.stored = false;
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

function checkRate(limit: number, windowMs: number): void {
  if (!(Number.isInteger(limit) && limit > 0 && Number.isInteger(windowMs) && windowMs > 0)) {
    throw new RangeError("limit and windowMs must be positive integers");
  }
}

/** Inserts keeping ascending order; requests almost always arrive in order, so this appends. */
function insertSorted(log: number[], at: number): void {
  let i = log.length;
  while (i > 0 && log[i - 1]! > at) i--;
  log.splice(i, 0, at);
}

import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  LEASE_TTL_MS,
  type RateLimiter,
  RateLimiter as RateLimiterClass,
} from "../../src/durable-objects/rate-limiter";

const HOUR = 3_600_000;

const limiter = (name = crypto.randomUUID()) =>
  (env.RATE_LIMITER as unknown as DurableObjectNamespace<RateLimiter>).getByName(name);

describe("RateLimiter Durable Object", () => {
  it("counts out-of-order arrivals, so a late request with an earlier timestamp cannot overshoot", async () => {
    const stub = limiter();
    const t0 = Date.now();
    await stub.hit(2, 60_000, t0 + 10);
    await stub.hit(2, 60_000, t0 + 5);
    expect(await stub.hit(2, 60_000, t0)).toMatchObject({ allowed: false, resetAt: t0 + 5 + 60_000 });
  });

  it("counts by the timestamp it is given, not its own clock", async () => {
    const stub = limiter();
    const t0 = Date.UTC(2031, 0, 1);
    expect(await stub.hit(2, 1000, t0)).toEqual({
      allowed: true,
      limit: 2,
      remaining: 1,
      resetAt: t0 + 1000,
    });
    expect(await stub.hit(2, 1000, t0 + 500)).toEqual({
      allowed: true,
      limit: 2,
      remaining: 0,
      resetAt: t0 + 1000,
    });
    expect(await stub.hit(2, 1000, t0 + 999)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetAt: t0 + 1000,
    });
    expect(await stub.hit(2, 1000, t0 + 1000)).toMatchObject({
      allowed: true,
      remaining: 0,
      resetAt: t0 + 1500,
    });
  });

  it("keeps the admissions of an hourly window in SQLite, so they outlive the instance", async () => {
    const stub = limiter();
    const t0 = Date.now();
    await stub.hit(5, HOUR, t0);
    await stub.hit(5, HOUR, t0 + 1);
    const rows = await runInDurableObject(stub, (_, state) =>
      state.storage.sql.exec<{ at: number }>("SELECT at FROM admitted ORDER BY at").toArray(),
    );
    expect(rows.map((r) => r.at)).toEqual([t0, t0 + 1]);
    // A fresh instance over the same storage (as after eviction) still counts them.
    const reloaded = await runInDurableObject(stub, (_, state) => {
      const fresh = new RateLimiterClass(state, env);
      return fresh.hit(5, HOUR, t0 + 2);
    });
    expect(reloaded).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("keeps a one-minute window in memory only: its object makes no table and writes no row", async () => {
    const stub = limiter();
    await stub.hit(5, 60_000, Date.now());
    await stub.lease(5, 60_000, Date.now(), 2);
    const tables = await runInDurableObject(stub, (_, state) =>
      state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray(),
    );
    expect(tables.map((t) => t.name)).not.toContain("admitted");
    expect(await stub.hit(5, 60_000, Date.now())).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("reports when a slot frees after the limit was lowered within the window", async () => {
    const stub = limiter();
    const t0 = Date.now();
    for (let i = 0; i < 4; i++) await stub.hit(10, 60_000, t0 + i * 1000);
    // Now limited to 2: three of the four must leave; the third (t0 + 2 s) leaving frees a slot.
    expect(await stub.hit(2, 60_000, t0 + 5000)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetAt: t0 + 2000 + 60_000,
    });
  });

  it("deletes an idle subject's state once its last admission has left the window", async () => {
    const stub = limiter();
    const past = Date.now() - 2 * HOUR;
    await stub.hit(5, HOUR, past);
    await runDurableObjectAlarm(stub); // it may already have fired on its own: it was due in the past
    // Nothing is left: not the admissions, not their table.
    const tables = await runInDurableObject(stub, (_, state) =>
      state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray(),
    );
    expect(tables.map((t) => t.name)).not.toContain("admitted");
    expect(await stub.hit(5, HOUR, Date.now())).toMatchObject({ allowed: true, remaining: 4 });
    const stored = await runInDurableObject(stub, (_, state) =>
      state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM admitted").one(),
    );
    expect(stored.n).toBe(1);
  });

  it("refuses a limit or window that is not a positive integer", async () => {
    await runInDurableObject(limiter(), (instance: RateLimiter) => {
      expect(() => instance.hit(0, 60_000, Date.now())).toThrow(RangeError);
      expect(() => instance.hit(10, 0.5, Date.now())).toThrow(RangeError);
    });
  });

  it("leases extra slots and holds them at the lease's expiry, the latest time one can be spent", async () => {
    const stub = limiter();
    const t0 = Date.now();
    expect(await stub.lease(2, 60_000, t0, 5)).toMatchObject({
      allowed: true,
      limit: 2,
      remaining: 0,
      resetAt: t0 + 60_000,
      extra: 1,
      expiresAt: t0 + LEASE_TTL_MS,
    });
    // The calling request's slot frees after a minute; the leased one only a minute after expiry.
    expect(await stub.lease(2, 60_000, t0 + 60_000, 5)).toMatchObject({
      allowed: true,
      extra: 0,
      remaining: 0,
    });
    expect(await stub.lease(2, 60_000, t0 + 60_001, 1)).toMatchObject({
      allowed: false,
      resetAt: t0 + LEASE_TTL_MS + 60_000,
    });
  });

  it("replaces a settled lease by the times its slots were spent and releases the rest, once", async () => {
    const stub = limiter();
    const t0 = Date.now();
    const { leaseId, extra } = await stub.lease(10, 60_000, t0, 6);
    expect(extra).toBe(5);
    const settle = [{ leaseId, spent: [t0 + 1, t0 + 2] }];
    // 1 + 2 spent: 7 left before this request, 6 after it.
    expect(await stub.lease(10, 60_000, t0 + 3, 1, settle)).toMatchObject({ allowed: true, remaining: 6 });
    // Settling again, or a lease the object does not know, changes nothing.
    const again = [...settle, { leaseId: "unknown.1", spent: [t0] }];
    expect(await stub.lease(10, 60_000, t0 + 4, 1, again)).toMatchObject({ allowed: true, remaining: 5 });
    // The spent slots free a minute after they were spent, not after the lease's expiry.
    expect(await stub.lease(10, 60_000, t0 + 5, 5)).toMatchObject({ extra: 4, remaining: 0 }); // 5 + 1 + 4 leased
    expect(await stub.lease(10, 60_000, t0 + 59_999, 1)).toMatchObject({
      allowed: false,
      resetAt: t0 + 60_000,
    });
    expect(await stub.lease(10, 60_000, t0 + 60_001, 1)).toMatchObject({ allowed: true }); // t0 left
    expect(await stub.lease(10, 60_000, t0 + 60_001, 1)).toMatchObject({ allowed: true }); // t0 + 1 left
    expect(await stub.lease(10, 60_000, t0 + 60_001, 1)).toMatchObject({
      allowed: false,
      resetAt: t0 + 60_002,
    });
  });

  it("leases only within windows of a minute, and at least the calling request's slot", async () => {
    await runInDurableObject(limiter(), (instance: RateLimiter) => {
      expect(() => instance.lease(10, HOUR, Date.now(), 2)).toThrow(RangeError);
      expect(() => instance.lease(10, 60_000, Date.now(), 0)).toThrow(RangeError);
    });
  });
});

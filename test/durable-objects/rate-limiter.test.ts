import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type RateLimiter, RateLimiter as RateLimiterClass } from "../../src/durable-objects/rate-limiter";

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

  it("keeps a one-minute window in memory only", async () => {
    const stub = limiter();
    await stub.hit(5, 60_000, Date.now());
    const rows = await runInDurableObject(stub, (_, state) =>
      state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM admitted").one(),
    );
    expect(rows.n).toBe(0);
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
    const tables = await runInDurableObject(stub, (_, state) =>
      state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM admitted").one(),
    );
    expect(tables.n).toBe(0);
    expect(await stub.hit(5, HOUR, Date.now())).toMatchObject({ allowed: true, remaining: 4 });
  });

  it("refuses a limit or window that is not a positive integer", async () => {
    await runInDurableObject(limiter(), (instance: RateLimiter) => {
      expect(() => instance.hit(0, 60_000, Date.now())).toThrow(RangeError);
      expect(() => instance.hit(10, 0.5, Date.now())).toThrow(RangeError);
    });
  });
});

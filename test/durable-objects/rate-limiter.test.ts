import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RateLimiter } from "../../src/durable-objects/rate-limiter";

const limiter = (name = crypto.randomUUID()) =>
  (env.RATE_LIMITER as unknown as DurableObjectNamespace<RateLimiter>).getByName(name);

describe("RateLimiter Durable Object", () => {
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

  it("keeps the admissions in SQLite, so they outlive the instance", async () => {
    const stub = limiter();
    const t0 = Date.now();
    await stub.hit(5, 60_000, t0);
    await stub.hit(5, 60_000, t0 + 1);
    const rows = await runInDurableObject(stub, (_, state) =>
      state.storage.sql.exec<{ at: number }>("SELECT at FROM admitted ORDER BY at").toArray(),
    );
    expect(rows.map((r) => r.at)).toEqual([t0, t0 + 1]);
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
    const past = Date.now() - 120_000;
    await stub.hit(5, 60_000, past);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const tables = await runInDurableObject(stub, (_, state) =>
      state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM admitted").one(),
    );
    expect(tables.n).toBe(0);
    expect(await stub.hit(5, 60_000, Date.now())).toMatchObject({ allowed: true, remaining: 4 });
  });

  it("refuses a limit or window that is not a positive integer", async () => {
    await runInDurableObject(limiter(), (instance: RateLimiter) => {
      expect(() => instance.hit(0, 60_000, Date.now())).toThrow(RangeError);
      expect(() => instance.hit(10, 0.5, Date.now())).toThrow(RangeError);
    });
  });
});

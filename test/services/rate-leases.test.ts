// Leased budgets against the real RateLimiter object: several RateLeaseClient instances stand for
// several isolates sharing one subject's object.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LEASE_TTL_MS, SPARSE_LEASE_TTL_MS } from "../../src/durable-objects/rate-limiter";
import type { Bindings } from "../../src/env";
import { setClockForTests } from "../../src/lib/clock";
import { leaseSize, RateLeaseClient } from "../../src/services/rate-leases";
import { MINUTE_MS, takeLeasedRateToken } from "../../src/services/rate-limits";

type Namespace = Bindings["RATE_LIMITER"];

/** The real namespace, counting `lease` RPCs; `failNext()` makes the next one reject. */
function countingLimiter() {
  const real = env.RATE_LIMITER;
  const state = { leases: 0, failures: 0 };
  const namespace = {
    idFromName: (name: string) => real.idFromName(name),
    get: (id: DurableObjectId) => {
      const stub = real.get(id);
      return {
        lease: (...args: Parameters<typeof stub.lease>) => {
          if (state.failures > 0) {
            state.failures--;
            return Promise.reject(new Error("Network connection lost."));
          }
          state.leases++;
          return stub.lease(...args);
        },
      };
    },
  } as unknown as Namespace;
  return {
    namespace,
    env: { RATE_LIMITER: namespace },
    rpcs: () => state.leases,
    failNext: () => {
      state.failures = 1;
    },
  };
}

const subject = () => `org:${crypto.randomUUID()}`;

afterEach(() => vi.restoreAllMocks());

describe("lease size", () => {
  it("is a tenth of the limit, at most 20 and at least 1", () => {
    expect([1, 9, 10, 60, 199, 300, 1000].map(leaseSize)).toEqual([1, 1, 1, 6, 19, 20, 20]);
  });
});

describe("one isolate", () => {
  it("never passes more than the limit, counts Remaining down, and goes to the object once per lease", async () => {
    const limiter = countingLimiter();
    const client = new RateLeaseClient();
    const name = subject();
    const t0 = Date.now();
    const decisions = [];
    for (let i = 0; i < 61; i++)
      decisions.push(await client.take(limiter.namespace, name, 60, MINUTE_MS, t0 + i));
    expect(decisions.slice(0, 60).every((d) => d.allowed)).toBe(true);
    expect(decisions.slice(0, 60).map((d) => d.remaining)).toEqual(
      Array.from({ length: 60 }, (_, i) => 59 - i),
    );
    expect(decisions.slice(0, 60).every((d) => d.resetAt === t0 + MINUTE_MS)).toBe(true);
    expect(decisions[60]).toEqual({ allowed: false, limit: 60, remaining: 0, resetAt: t0 + MINUTE_MS });
    // Ten leases of 6, then the refusal: 11 round trips instead of 61.
    expect(limiter.rpcs()).toBe(11);
  });

  it("lets exactly the limit through a burst of concurrent requests", async () => {
    const limiter = countingLimiter();
    const client = new RateLeaseClient();
    const name = subject();
    const t0 = Date.now();
    const decisions = await Promise.all(
      Array.from({ length: 150 }, () => client.take(limiter.namespace, name, 60, MINUTE_MS, t0)),
    );
    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).toHaveLength(60);
    expect(new Set(allowed.map((d) => d.remaining)).size).toBe(60);
    expect(await client.take(limiter.namespace, name, 60, MINUTE_MS, t0 + 1)).toMatchObject({
      allowed: false,
    });
  });

  it("does not spend a lease after it expires, and hands its unspent slots back to the object", async () => {
    const limiter = countingLimiter();
    const [a, b] = [new RateLeaseClient(), new RateLeaseClient()];
    const name = subject();
    const t0 = Date.now();
    // A takes one request and a lease of 5 more; B spends the other 54; the object is full.
    expect(await a.take(limiter.namespace, name, 60, MINUTE_MS, t0)).toMatchObject({
      allowed: true,
      remaining: 59,
    });
    for (let i = 0; i < 54; i++) {
      expect((await b.take(limiter.namespace, name, 60, MINUTE_MS, t0 + 1)).allowed).toBe(true);
    }
    expect((await b.take(limiter.namespace, name, 60, MINUTE_MS, t0 + 2)).allowed).toBe(false);
    const rpcs = limiter.rpcs();
    // A's lease came from a subject far from its limit, so it is a long one. Just before expiry A
    // spends its lease locally; at expiry it goes back to the object.
    expect(await a.take(limiter.namespace, name, 60, MINUTE_MS, t0 + SPARSE_LEASE_TTL_MS - 1)).toMatchObject({
      allowed: true,
    });
    expect(limiter.rpcs()).toBe(rpcs);
    const renewed = await a.take(limiter.namespace, name, 60, MINUTE_MS, t0 + SPARSE_LEASE_TTL_MS);
    expect(limiter.rpcs()).toBe(rpcs + 1);
    // 1 + 1 from the lease + 54 spent: the 4 unspent slots came back, so this one passes with
    // a new lease of the 3 left (without the settlement the object would still be full).
    expect(renewed).toMatchObject({ allowed: true, remaining: 3 });
    expect((await b.take(limiter.namespace, name, 60, MINUTE_MS, t0 + SPARSE_LEASE_TTL_MS)).allowed).toBe(
      false,
    );
  });
});

describe("lease lifetime", () => {
  it("is long while the subject uses at most a quarter of its limit, short once it uses more", async () => {
    const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(subject()));
    const t0 = Date.now();
    // 1 + 5 leased of 60: 6 in the window, a tenth.
    const first = await stub.lease(60, MINUTE_MS, t0, 6);
    expect(first).toMatchObject({ allowed: true, extra: 5, expiresAt: t0 + SPARSE_LEASE_TTL_MS });
    // 12, then 18 of 60: the second lease still leaves a fifth, the third crosses a quarter.
    const second = await stub.lease(60, MINUTE_MS, t0 + 1, 6);
    expect(second.expiresAt).toBe(t0 + 1 + SPARSE_LEASE_TTL_MS);
    const third = await stub.lease(60, MINUTE_MS, t0 + 2, 6);
    expect(third).toMatchObject({ allowed: true, extra: 5, expiresAt: t0 + 2 + LEASE_TTL_MS });
  });
});

describe("several isolates", () => {
  it("never pass more than the limit in any 60-second span, and hold back at most the others' leases", async () => {
    const isolates = 4;
    const limit = 60;
    const clients = Array.from({ length: isolates }, () => new RateLeaseClient());
    const name = subject();
    const t0 = Date.now();
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const admitted: number[] = [];
    let refusedEarly = 0;
    let t = t0;
    while (t < t0 + 3 * MINUTE_MS) {
      t += Math.floor(random() * 1_000); // about twice the limit
      // Now and then an isolate dies with its lease unsettled (a fresh client replaces it).
      if (random() < 0.01) clients[Math.floor(random() * isolates)] = new RateLeaseClient();
      const client = clients[Math.floor(random() * isolates)]!;
      const decision = await client.take(env.RATE_LIMITER, name, limit, MINUTE_MS, t);
      if (decision.allowed) admitted.push(t);
      else if (
        admitted.filter((at) => at > t - MINUTE_MS).length <
        limit - (isolates - 1) * (leaseSize(limit) - 1)
      ) {
        refusedEarly++;
      }
    }
    expect(admitted.length).toBeGreaterThan(2 * limit);
    // Exact: no span of 60 s holds more than the limit, whatever the isolates do.
    for (let i = 0; i + limit < admitted.length; i++) {
      expect(admitted[i + limit]! - admitted[i]!).toBeGreaterThanOrEqual(MINUTE_MS);
    }
    // Isolates that died keep their leases unsettled until those leave the window, so a few
    // refusals below the live-lease bound are expected after a death; without deaths, none.
    expect(refusedEarly).toBeLessThan(admitted.length / 10);
  });

  it("with no isolate dying, refuse only when the others' unspent leases account for the gap", async () => {
    const limiter = countingLimiter();
    const isolates = 4;
    const limit = 60;
    const clients = Array.from({ length: isolates }, () => new RateLeaseClient());
    const name = subject();
    const t0 = Date.now();
    // Every isolate takes a lease, then one isolate hammers until refused.
    for (const client of clients) await client.take(limiter.namespace, name, limit, MINUTE_MS, t0);
    let passed = isolates;
    while ((await clients[0]!.take(limiter.namespace, name, limit, MINUTE_MS, t0 + 1)).allowed) passed++;
    const heldByOthers = (isolates - 1) * (leaseSize(limit) - 1);
    expect(passed).toBe(limit - heldByOthers);
    // The others still spend what they hold: in total exactly the limit.
    for (const client of clients.slice(1)) {
      while ((await client.take(limiter.namespace, name, limit, MINUTE_MS, t0 + 2)).allowed) passed++;
    }
    expect(passed).toBe(limit);
  });
});

describe("failing open", () => {
  it("lets the request through uncounted, logs it, and reports the finished lease on the next call", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const limiter = countingLimiter();
    const client = new RateLeaseClient();
    const name = subject();
    const t0 = Date.now();
    const take = (at: number) => client.take(limiter.namespace, name, 60, MINUTE_MS, at);
    await take(t0); // 1 + a lease of 5
    await take(t0 + 1);
    await take(t0 + 2); // 2 of the 5 spent
    // The lease has expired: this request goes to the object, which does not answer.
    setClockForTests(() => new Date(t0 + SPARSE_LEASE_TTL_MS));
    limiter.failNext();
    expect(await takeLeasedRateToken(limiter.env, name, 60, client)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
      level: "warn",
      msg: "rate limiter unavailable; request allowed (fail open)",
      subject: name,
      error: "Network connection lost.",
    });
    expect(limiter.rpcs()).toBe(1);
    // The next call settles the lease with the 2 spent: 3 counted before, this one is the 4th
    // (had the settlement been lost with the failed call, the 5 leased would still count).
    expect(await take(t0 + SPARSE_LEASE_TTL_MS + 1)).toMatchObject({ allowed: true, remaining: 56 });
  });
});

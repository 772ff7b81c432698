import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import type { Bindings } from "../../src/env";
import { setClockForTests } from "../../src/lib/clock";
import { ApiError } from "../../src/lib/errors";
import { enforceHourlyBudget, HOUR_MS, type HourlyBudget } from "../../src/services/rate-limits";
import { createOrg } from "../helpers/api";

function pinnedClock() {
  const start = Date.now();
  let offset = 0;
  setClockForTests(() => new Date(start + offset));
  return {
    at(ms: number) {
      offset = ms;
    },
  };
}

/** Calls the helper `n` times, `parallel` at a time; how many were admitted. */
async function spend(userId: string, budget: HourlyBudget, n: number, parallel = 50): Promise<number> {
  let admitted = 0;
  for (let done = 0; done < n; done += parallel) {
    const batch = Array.from({ length: Math.min(parallel, n - done) }, () =>
      enforceHourlyBudget(env, userId, budget).then(
        () => 1,
        (error: unknown) => {
          if (error instanceof ApiError && error.code === "rate_limit_exceeded") return 0;
          throw error;
        },
      ),
    );
    admitted += (await Promise.all(batch)).reduce<number>((a, b) => a + b, 0);
  }
  return admitted;
}

async function refusal(userId: string, budget: HourlyBudget): Promise<ApiError> {
  const error = await enforceHourlyBudget(env, userId, budget).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** A namespace whose stub's RPCs (`hit`, and `lease` for the per-minute leases) reject with `error`. */
const limiterRejectingWith = (error: () => Error) =>
  ({
    idFromName: (name: string) => env.RATE_LIMITER.idFromName(name),
    get: () => ({
      hit: () => Promise.reject(error()),
      lease: () => Promise.reject(error()),
    }),
  }) as unknown as Bindings["RATE_LIMITER"];

/** The RPC rejects as when the limiter is being redeployed or the connection drops. */
const rejectingLimiter = limiterRejectingWith(() => new Error("Network connection lost."));

/** The RPC rejects as the runtime does for an overloaded Durable Object (`overloaded: true`). */
const overloadedLimiter = limiterRejectingWith(() =>
  Object.assign(new Error("Durable Object is overloaded. Too many requests queued."), {
    overloaded: true,
    retryable: false,
  }),
);

/** A namespace that throws before any call, as with a missing or misconfigured binding. */
const throwingLimiter = {
  idFromName: () => {
    throw new TypeError("RATE_LIMITER is not bound");
  },
} as unknown as Bindings["RATE_LIMITER"];

afterEach(() => vi.restoreAllMocks());

describe("hourly document budgets", () => {
  it("admits exactly 100 uploads an hour per user, then 429 with Retry-After", async () => {
    const clock = pinnedClock();
    const userId = crypto.randomUUID();
    await enforceHourlyBudget(env, userId, "document_upload");
    clock.at(10_000);
    expect(await spend(userId, "document_upload", 99)).toBe(99);
    clock.at(HOUR_MS - 1);
    const error = await refusal(userId, "document_upload");
    expect(error.code).toBe("rate_limit_exceeded");
    expect(error.status).toBe(429);
    expect(error.headers).toMatchObject({
      "Retry-After": "1",
      "X-RateLimit-Limit": "100",
      "X-RateLimit-Remaining": "0",
    });
    // The first upload leaves the window: exactly one more, until the other 99 leave at 10 s past.
    clock.at(HOUR_MS);
    await enforceHourlyBudget(env, userId, "document_upload");
    const again = await refusal(userId, "document_upload");
    expect(again.headers?.["Retry-After"]).toBe("10");
    clock.at(HOUR_MS + 10_000);
    expect(await spend(userId, "document_upload", 100)).toBe(99);
  });

  it("admits exactly 1000 downloads an hour per user, counted apart from uploads", async () => {
    pinnedClock();
    const userId = crypto.randomUUID();
    expect(await spend(userId, "document_upload", 100)).toBe(100);
    expect(await spend(userId, "document_download", 1000, 100)).toBe(1000);
    expect((await refusal(userId, "document_download")).headers).toMatchObject({
      "X-RateLimit-Limit": "1000",
    });
    // Another user's budget is untouched.
    await enforceHourlyBudget(env, crypto.randomUUID(), "document_download");
  });

  it("fails open when the limiter cannot be reached", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await enforceHourlyBudget({ ...env, RATE_LIMITER: rejectingLimiter }, "u1", "document_upload");
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
      level: "warn",
      subject: "upload:u1",
      error: "Network connection lost.",
    });
  });
});

describe("failing open", () => {
  async function fetchWith(limiter: Bindings["RATE_LIMITER"], token: string) {
    const ctx = createExecutionContext();
    const res = await createApp().fetch(
      new Request("http://api.test/v1/me", { headers: { Authorization: `Bearer ${token}` } }),
      { ...env, RATE_LIMITER: limiter },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  it.each([
    ["the limiter's RPC rejects", rejectingLimiter],
    ["the binding throws", throwingLimiter],
  ])("serves the request without X-RateLimit headers and logs a warning when %s", async (_, limiter) => {
    const org = await createOrg({ tier: "starter" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await fetchWith(limiter, org.owner.key);
    expect(res.status).toBe(200);
    for (const name of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) {
      expect(res.headers.has(name)).toBe(false);
    }
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
      level: "warn",
      msg: expect.stringContaining("fail open"),
      subject: `org:${org.organizationId}`,
    });
  });

  it("answers 429 with Retry-After: 1 instead of failing open when the limiter is overloaded", async () => {
    const org = await createOrg({ tier: "starter" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await fetchWith(overloadedLimiter, org.owner.key);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("1");
    for (const name of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) {
      expect(res.headers.has(name)).toBe(false);
    }
    expect(await res.json()).toMatchObject({
      success: false,
      error: { code: "rate_limit_exceeded", details: { limit: 60, retry_after: 1 } },
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({
      level: "warn",
      msg: expect.stringContaining("overloaded"),
      subject: `org:${org.organizationId}`,
    });
  });

  it("refuses an hourly budget with 429 when its limiter is overloaded", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = await enforceHourlyBudget(
      { ...env, RATE_LIMITER: overloadedLimiter },
      "u2",
      "document_download",
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "rate_limit_exceeded", headers: { "Retry-After": "1" } });
  });

  it("still fails open on an error that merely mentions overload", async () => {
    const org = await createOrg({ tier: "starter" });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const lookalike = limiterRejectingWith(() => new Error("Durable Object is overloaded"));
    expect((await fetchWith(lookalike, org.owner.key)).status).toBe(200);
  });

  it("does not count while switched off with RATE_LIMIT_ENABLED=false", async () => {
    const ctx = createExecutionContext();
    const res = await createApp().fetch(
      new Request("http://api.test/health"),
      { ...env, RATE_LIMIT_ENABLED: "false", RATE_LIMITER: throwingLimiter },
      ctx,
    );
    expect(res.status).toBe(200);
    expect(res.headers.has("X-RateLimit-Limit")).toBe(false);
  });
});

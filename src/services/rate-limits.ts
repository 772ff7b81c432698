// Rate limits: the per-minute rate of each kind of caller, the hourly document budgets, and the
// one call to the subject's RateLimiter Durable Object that the middleware and the document
// routes share (the per-minute limits through this isolate's leases). Every failure to reach the limiter fails open (logged, never invented), except
// an overloaded limiter, which refuses with 429 and Retry-After: 1.
import type { Tier } from "../db/schema/identity";
import type { RateDecision } from "../durable-objects/rate-limiter";
import type { Bindings } from "../env";
import { now } from "../lib/clock";
import { ApiError } from "../lib/errors";
import { logWarn } from "../lib/log";
import { RateLeaseClient } from "./rate-leases";

export type { RateDecision };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** Requests per minute per organization (all of its keys and JWTs together), by its tier. */
export const TIER_RATE_PER_MINUTE: Record<Tier, number> = {
  starter: 60,
  pro: 300,
  business: 1000,
};

export type HourlyBudget = "document_upload" | "document_download";

export const HOURLY_BUDGETS: Record<HourlyBudget, number> = {
  document_upload: 100,
  document_download: 1000,
};

const BUDGET_SUBJECT_PREFIX: Record<HourlyBudget, string> = {
  document_upload: "upload",
  document_download: "download",
};

/**
 * Beyond this the limiter counts as unreachable and the request proceeds. Generous on purpose:
 * a slow answer that still counts is better than an uncounted pass.
 */
const LIMITER_TIMEOUT_MS = 2_000;

/**
 * Durable Object errors carry `overloaded: true` when the object has too many requests queued
 * (https://developers.cloudflare.com/durable-objects/best-practices/error-handling/); such
 * errors are not retried by the runtime either.
 */
function isOverloaded(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { overloaded?: unknown }).overloaded === true
  );
}

/** 429 for an overloaded limiter: Retry-After 1 and no X-RateLimit-* headers (no counts are made up). */
function overloadRefusal(limit: number): ApiError {
  return new ApiError("rate_limit_exceeded", "Too many requests at once; retry in a second", {
    details: { limit, retry_after: 1 },
    headers: { "Retry-After": "1" },
  });
}

/**
 * Counts one request of `subject` against `limit` per `windowMs`: one Durable Object RPC.
 * Undefined when the limiter threw or did not answer in time (the caller fails open), except
 * that an overloaded object (`err.overloaded === true`) throws 429 `rate_limit_exceeded` with
 * `Retry-After: 1`: overload comes from a flood, which must not pass uncounted.
 */
export function takeRateToken(
  env: Pick<Bindings, "RATE_LIMITER">,
  subject: string,
  limit: number,
  windowMs: number,
): Promise<RateDecision | undefined> {
  return askLimiter(subject, limit, (within) => {
    const namespace = env.RATE_LIMITER;
    const stub = namespace.get(namespace.idFromName(subject));
    return within(stub.hit(limit, windowMs, now().getTime()));
  });
}

/** This isolate's leases (docs/rate-limits.md, "Leases"). */
const leases = new RateLeaseClient();

/**
 * `takeRateToken` for the per-minute limits, spending this isolate's lease of the subject's
 * budget and going to the object only when the lease has run out or expired. Fails open and
 * refuses under overload exactly as `takeRateToken` does.
 */
export function takeLeasedRateToken(
  env: Pick<Bindings, "RATE_LIMITER">,
  subject: string,
  limit: number,
  client: RateLeaseClient = leases,
): Promise<RateDecision | undefined> {
  return askLimiter(subject, limit, (within) =>
    client.take(env.RATE_LIMITER, subject, limit, MINUTE_MS, now().getTime(), within),
  );
}

/**
 * Runs `ask` (which passes its RPC through `within`, the timeout) and turns a failure into
 * failing open (undefined, one warning) or, for an overloaded object, the 429.
 */
async function askLimiter<T>(
  subject: string,
  limit: number,
  ask: (within: <R>(rpc: Promise<R>) => Promise<R>) => Promise<T>,
): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const within = <R>(rpc: Promise<R>): Promise<R> => {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${LIMITER_TIMEOUT_MS} ms`)),
        LIMITER_TIMEOUT_MS,
      );
    });
    return Promise.race([rpc, timeout]);
  };
  try {
    return await ask(within);
  } catch (error) {
    if (isOverloaded(error)) {
      // The subject's object is flooded: exactly when failing open would let the flood through.
      logWarn("rate limiter overloaded; request refused", { subject, limit });
      throw overloadRefusal(limit);
    }
    logWarn("rate limiter unavailable; request allowed (fail open)", {
      subject,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** The X-RateLimit-* headers of a decision (Reset in Unix seconds, rounded up). */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(Math.ceil(decision.resetAt / 1000)),
  };
}

/** 429 with Retry-After (whole seconds, at least 1) and the X-RateLimit-* headers. */
export function rateLimitExceeded(decision: RateDecision, message: string): ApiError {
  const retryAfter = Math.max(1, Math.ceil((decision.resetAt - now().getTime()) / 1000));
  return new ApiError("rate_limit_exceeded", message, {
    details: { limit: decision.limit, retry_after: retryAfter },
    headers: { ...rateLimitHeaders(decision), "Retry-After": String(retryAfter) },
  });
}

/**
 * Takes one unit of the user's hourly budget; throws ApiError("rate_limit_exceeded") with
 * Retry-After when it is spent. Fails open (logs, lets the request through) when the limiter
 * cannot be reached.
 */
export async function enforceHourlyBudget(
  env: Bindings,
  userId: string,
  budget: HourlyBudget,
): Promise<void> {
  const limit = HOURLY_BUDGETS[budget];
  const decision = await takeRateToken(env, `${BUDGET_SUBJECT_PREFIX[budget]}:${userId}`, limit, HOUR_MS);
  if (decision && !decision.allowed) {
    const what = budget === "document_upload" ? "uploads" : "downloads";
    throw rateLimitExceeded(decision, `Hourly budget of ${limit} document ${what} is spent`);
  }
}

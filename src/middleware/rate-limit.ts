// Rate limiting per credential, one Durable Object call per request (DESIGN section 9): an API
// key or JWT user at its organization's tier rate, the admin token at the business rate, and
// everything unauthenticated or failing auth per client IP at the starter rate. Every response,
// errors and 404s included, carries X-RateLimit-Limit, -Remaining and -Reset.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/create-router";
import type { Principal } from "../middleware/auth";
import {
  MINUTE_MS,
  type RateDecision,
  rateLimitExceeded,
  rateLimitHeaders,
  TIER_RATE_PER_MINUTE,
  takeRateToken,
} from "../services/rate-limits";

export interface RateRule {
  subject: string;
  limit: number;
}

/**
 * The client address: Cloudflare always sets CF-Connecting-IP (and overwrites any the client
 * sent); without it (`wrangler dev` behind a proxy, tests) the first X-Forwarded-For hop, else
 * one shared "local" bucket.
 */
export function clientIp(headers: Headers): string {
  const connecting = headers.get("CF-Connecting-IP")?.trim();
  if (connecting) return connecting;
  const forwarded = headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded || "local";
}

/** Who a request is counted against, and at what rate per minute. */
export function rateRuleFor(principal: Principal | undefined, headers: Headers): RateRule {
  if (principal) return { subject: principal.subject, limit: TIER_RATE_PER_MINUTE[principal.tier] };
  return { subject: `ip:${clientIp(headers)}`, limit: TIER_RATE_PER_MINUTE.starter };
}

export function rateLimit(): MiddlewareHandler<AppEnv> {
  return async function rateLimit(c, next) {
    if (c.env.RATE_LIMIT_ENABLED === "false") return next();

    const rule = rateRuleFor(c.get("principal"), c.req.raw.headers);
    // Undefined when the limiter failed: the request proceeds and no counts are made up.
    const decision = await takeRateToken(c.env, rule.subject, rule.limit, MINUTE_MS);
    if (decision && !decision.allowed) {
      throw rateLimitExceeded(decision, `Rate limit of ${decision.limit} requests per minute exceeded`);
    }

    await next();
    if (decision) setHeaders(c, decision);
  };
}

/**
 * After `next()` `c.res` is the final response (Hono turns a throw into a response at the layer
 * that threw, and unknown routes into the 404 inside). A 429 of an hourly budget keeps its own
 * headers, which describe the limit it hit.
 */
function setHeaders(c: Parameters<MiddlewareHandler<AppEnv>>[0], decision: RateDecision): void {
  if (c.res.headers.has("X-RateLimit-Limit")) return;
  const headers = Object.entries(rateLimitHeaders(decision));
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    // Immutable headers (a response passed through from fetch): Hono's setter copies it.
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of headers) c.res.headers.set(name, value);
  }
}

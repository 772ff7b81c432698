// Rate limiting (docs/rate-limits.md), spending leases of each subject's budget taken from its
// Durable Object (docs/rate-limits.md, "Leases"): each organization at
// its tier rate, one budget shared by all of its API keys and JWTs; the admin token at the
// business rate; everything unauthenticated or failing auth per client IP at the starter rate. Every response,
// errors and 404s included, carries X-RateLimit-Limit, -Remaining and -Reset.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/create-router";
import { formatIpv4, ipv6Prefix64, mappedIpv4, parseIp } from "../lib/ip";
import {
  type RateDecision,
  rateLimitExceeded,
  rateLimitHeaders,
  TIER_RATE_PER_MINUTE,
  takeLeasedRateToken,
} from "../services/rate-limits";
import type { Principal } from "./auth";

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

/**
 * The bucket an address is counted in: an IPv4 address on its own, an IPv6 address by its /64
 * prefix (`2001:db8:1:2::/64`). A single IPv6 subscriber usually holds a whole /64 (often far
 * more), so counting per exact address would give one client 2^64 budgets. The address is
 * normalized first (`::` expanded, leading zeros, case, brackets and a zone id dropped); an
 * IPv4-mapped address (`::ffff:a.b.c.d`) counts as its IPv4 address. Anything unparsable
 * (only possible without Cloudflare in front) is its own bucket.
 */
export function ipBucket(ip: string): string {
  const text = ip.trim().toLowerCase();
  const address = parseIp(text);
  if (!address) return text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (address.version === 4) return formatIpv4(address.value);
  const mapped = mappedIpv4(address.groups);
  return mapped === undefined ? ipv6Prefix64(address.groups) : formatIpv4(mapped);
}

/** A payment provider's webhook path, `/hooks/<provider>/<organization id>`. */
const PROVIDER_HOOK = /^\/hooks\/[a-z]+\/([A-Za-z0-9_-]{1,64})$/;

/**
 * Who a request is counted against, and at what rate per minute. A payment provider's webhook
 * comes from the provider's few addresses for every organization at once: it is counted per
 * organization it names, at the business rate, not per address at the starter rate.
 */
export function rateRuleFor(principal: Principal | undefined, headers: Headers, path = ""): RateRule {
  if (principal) return { subject: principal.subject, limit: TIER_RATE_PER_MINUTE[principal.tier] };
  const hook = PROVIDER_HOOK.exec(path);
  if (hook) return { subject: `hook:${hook[1]}`, limit: TIER_RATE_PER_MINUTE.business };
  return { subject: `ip:${ipBucket(clientIp(headers))}`, limit: TIER_RATE_PER_MINUTE.starter };
}

export function rateLimit(): MiddlewareHandler<AppEnv> {
  return async function rateLimit(c, next) {
    if (c.env.RATE_LIMIT_ENABLED === "false") return next();

    const rule = rateRuleFor(c.get("principal"), c.req.raw.headers, c.req.path);
    // Undefined when the limiter failed: the request proceeds and no counts are made up.
    const decision = await takeLeasedRateToken(c.env, rule.subject, rule.limit);
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

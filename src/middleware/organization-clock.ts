// Runs a test organization's request on its own clock: every now() the route and its services
// reach reads the organization's test time. Mounted after rate limiting and idempotency, which
// keep real time (their windows and expiries are about the caller, not the organization's data).
import type { MiddlewareHandler } from "hono";
import { withClock } from "../lib/clock";
import type { AppEnv } from "../lib/create-router";
import { clockOf } from "../services/test-clock";

export function organizationClock(): MiddlewareHandler<AppEnv> {
  return async function organizationClock(c, next) {
    const principal = c.get("principal");
    const clock = principal?.kind === "user" ? clockOf(principal.organization) : undefined;
    if (!clock) return next();
    return withClock(clock, () => next());
  };
}

// Rate limiting per credential (issue 3 fills in the Durable Object and the headers).
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/create-router";

export function rateLimit(): MiddlewareHandler<AppEnv> {
  return async function rateLimit(_c, next) {
    await next();
  };
}

// One structured log line per request: method, path, status, duration, request id, organization.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/create-router";
import { loggedPath, logInfo } from "../lib/log";

export function requestLog(): MiddlewareHandler<AppEnv> {
  return async function requestLog(c, next) {
    const started = performance.now();
    await next();
    const principal = c.get("principal");
    logInfo("request", {
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      request_id: c.get("requestId"),
      organization_id: principal?.kind === "user" ? principal.organization.id : null,
    });
  };
}

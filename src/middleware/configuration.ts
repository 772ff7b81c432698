// Refuses every request while the deployment lacks a required variable (src/lib/deployment-config.ts):
// 503 `misconfigured`. The body says only that the service is not configured; the variables'
// names and what is wrong with them go to the log, for the operator.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/create-router";
import { configurationProblems } from "../lib/deployment-config";
import { ApiError } from "../lib/errors";
import { logError } from "../lib/log";

export const MISCONFIGURED_MESSAGE =
  "The service is not configured to answer requests yet; its operator has been told";

export function requireConfiguration(): MiddlewareHandler<AppEnv> {
  return async function requireConfiguration(c, next) {
    const problems = configurationProblems(c.env);
    if (problems.length === 0) return next();
    logError("configuration invalid: answering 503 misconfigured", {
      request_id: c.get("requestId"),
      variables: problems.map((p) => p.variable),
      problems: Object.fromEntries(problems.map((p) => [p.variable, p.problem])),
    });
    const error = new ApiError("misconfigured", MISCONFIGURED_MESSAGE);
    return c.json(error.toBody(), error.status);
  };
}

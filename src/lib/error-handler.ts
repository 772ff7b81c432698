// The one error path: everything thrown becomes the common error body.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { loggedPath } from "../middleware/request-log";
import type { AppEnv } from "./create-router";
import { ApiError } from "./errors";
import { logError } from "./log";

function fromHttpException(error: HTTPException): ApiError {
  if (error.status === 413) return new ApiError("payload_too_large", "Request body is too large");
  if (error.status === 401) return new ApiError("unauthorized", "Invalid or missing credentials");
  if (error.status === 400) {
    // Hono's validators throw this for a body that is not valid JSON.
    return new ApiError("invalid_request", error.message || "Malformed request");
  }
  if (error.status === 404) return new ApiError("not_found", "Not found");
  return new ApiError("internal_error", "Internal server error");
}

export function onError(error: Error, c: Context<AppEnv>): Response {
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (error instanceof HTTPException) apiError = fromHttpException(error);
  else apiError = new ApiError("internal_error", "Internal server error");

  if (apiError.status >= 500) {
    // Internals go to the log with the request id, never into the body.
    logError("unhandled error", {
      request_id: c.get("requestId"),
      path: loggedPath(c.req.path),
      code: apiError.code,
      error: error.message,
      stack: error.stack,
      cause: error.cause === undefined ? undefined : String(error.cause),
    });
  }
  return c.json(apiError.toBody(), apiError.status, apiError.headers);
}

export function onNotFound(c: Context<AppEnv>): Response {
  return c.json(new ApiError("not_found", `No route for ${c.req.method} ${c.req.path}`).toBody(), 404);
}

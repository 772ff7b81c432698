// The one error path: everything thrown becomes the common error body.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./create-router";
import { ApiError, type ErrorCode } from "./errors";
import { logError, loggedPath } from "./log";

/** The code of a 4xx HTTPException, by its status; a 4xx status not listed is `invalid_request`. */
const CODE_OF_CLIENT_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "access_denied",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limit_exceeded",
};

/** Messages that replace the exception's own (which may describe internals or be empty). */
const FIXED_MESSAGE: Partial<Record<ErrorCode, string>> = {
  unauthorized: "Invalid or missing credentials",
  not_found: "Not found",
  payload_too_large: "Request body is too large",
};

/**
 * Hono and @hono/zod-openapi throw HTTPException (400 malformed JSON, 413 body limit, 415 from
 * the media-type gate of a route with a JSON body, ...). Every 4xx becomes the common error body
 * with the code its status stands for and that status; anything else is a 500.
 */
function fromHttpException(error: HTTPException, c: Context<AppEnv>): ApiError {
  const status = error.status;
  if (status < 400 || status >= 500) return new ApiError("internal_error", "Internal server error");
  const code = CODE_OF_CLIENT_STATUS[status] ?? "invalid_request";
  if (code === "unsupported_media_type") {
    // Every zod-described request body here is JSON (the document upload parses its multipart
    // body itself), so the gate's 415 always means "send application/json".
    const message = c.req.header("Content-Type")
      ? "Content-Type must be application/json"
      : "A request body needs Content-Type: application/json";
    return new ApiError(code, message);
  }
  // Hono's validators say "Malformed JSON in request body" for a body that is not JSON.
  const message = FIXED_MESSAGE[code] ?? (error.message || `Request refused (HTTP ${status})`);
  return new ApiError(code, message, { status: status as ContentfulStatusCode });
}

export function onError(error: Error, c: Context<AppEnv>): Response {
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (error instanceof HTTPException) apiError = fromHttpException(error, c);
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

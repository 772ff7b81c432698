// Request body caps, applied before anything reads a body (the idempotency fingerprint
// included). JSON bodies are small: 1 MiB. The document upload and the logo upload read their
// raw bodies themselves and count them as they go; here they are refused early when
// Content-Length already says they are too large.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../lib/create-router";
import { ApiError } from "../lib/errors";
import { MAX_JSON_BODY_BYTES, STREAMED_PATHS } from "../lib/limits";

export function jsonBodyLimit(): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw new ApiError("payload_too_large", `Request body is larger than ${MAX_JSON_BODY_BYTES} bytes`);
    },
  });
  return async function jsonBodyLimit(c, next) {
    const streamedMax = STREAMED_PATHS.get(c.req.path);
    if (streamedMax === undefined) return limit(c, next);
    const announced = Number(c.req.header("Content-Length") ?? Number.NaN);
    if (announced > streamedMax) {
      throw new ApiError("payload_too_large", `The request body exceeds ${streamedMax} bytes`);
    }
    return next();
  };
}

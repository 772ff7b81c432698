// JSON bodies are small: cap them at 1 MiB before anything reads them (the idempotency
// fingerprint included). The document upload streams its own body and enforces 55 MB itself.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../lib/create-router";
import { ApiError } from "../lib/errors";

export const MAX_JSON_BODY_BYTES = 1024 * 1024;
const STREAMED_PATHS = new Set(["/v1/documents/upload"]);

export function jsonBodyLimit(): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw new ApiError("payload_too_large", `Request body is larger than ${MAX_JSON_BODY_BYTES} bytes`);
    },
  });
  return async function jsonBodyLimit(c, next) {
    if (STREAMED_PATHS.has(c.req.path)) return next();
    return limit(c, next);
  };
}

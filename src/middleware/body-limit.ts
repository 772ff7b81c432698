// Request body caps, applied before anything reads a body (the idempotency fingerprint
// included). JSON bodies are small: 1 MiB; an invoice, quote or recurring template with its lines
// (up to 1,000) 2 MiB. The document upload and the logo upload read their raw bodies themselves
// and count them as they go; here they are refused early when Content-Length already says they
// are too large.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../lib/create-router";
import { ApiError } from "../lib/errors";
import { isDocumentBody, MAX_DOCUMENT_BODY_BYTES, MAX_JSON_BODY_BYTES, STREAMED_PATHS } from "../lib/limits";

const limitOf = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError("payload_too_large", `Request body is larger than ${maxSize} bytes`);
    },
  });

export function jsonBodyLimit(): MiddlewareHandler<AppEnv> {
  const jsonLimit = limitOf(MAX_JSON_BODY_BYTES);
  const documentLimit = limitOf(MAX_DOCUMENT_BODY_BYTES);
  return async function jsonBodyLimit(c, next) {
    const streamedMax = STREAMED_PATHS.get(c.req.path);
    if (streamedMax === undefined) {
      return (isDocumentBody(c.req.method, c.req.path) ? documentLimit : jsonLimit)(c, next);
    }
    const announced = Number(c.req.header("Content-Length") ?? Number.NaN);
    if (announced > streamedMax) {
      throw new ApiError("payload_too_large", `The request body exceeds ${streamedMax} bytes`);
    }
    return next();
  };
}

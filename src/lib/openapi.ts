// Shared pieces of route descriptions: the error responses every route can answer, so the
// OpenAPI document matches what the server does, and JSON body/response helpers.
import { z } from "@hono/zod-openapi";
import { ErrorBodySchema } from "./errors";

/** Every response carries these (src/middleware/rate-limit.ts). */
export const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": {
    description:
      "Requests allowed per window for this caller (per minute; per hour on a spent document budget)",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": {
    description: "Requests left in the sliding window after this one",
    schema: { type: "integer" },
  },
  "X-RateLimit-Reset": {
    description: "Unix time in seconds when the oldest counted request leaves the window",
    schema: { type: "integer" },
  },
} as const;

const errorResponse = (description: string) => ({
  description,
  headers: RATE_LIMIT_HEADERS,
  content: { "application/json": { schema: ErrorBodySchema } },
});

/** Every route, public ones included, answers it while the deployment lacks a required setting. */
export const misconfiguredError = {
  503: errorResponse(
    "`misconfigured`: the deployment lacks a required setting; every request answers so until it is fixed",
  ),
} as const;

/** Errors any authenticated route may answer. */
export const commonErrors = {
  400: errorResponse("Malformed request (bad JSON, query parameter or header)"),
  401: errorResponse("Missing or invalid credentials"),
  403: errorResponse("Authenticated, but the role may not do this"),
  429: {
    ...errorResponse("Rate limit exceeded; see Retry-After"),
    headers: {
      ...RATE_LIMIT_HEADERS,
      "Retry-After": {
        description: "Seconds until a request is admitted again",
        schema: { type: "integer" },
      },
    },
  },
  500: errorResponse("Unexpected failure; the body never carries internals"),
  ...misconfiguredError,
} as const;

export const notFoundError = { 404: errorResponse("No such record in the caller's reach") } as const;
export const validationErrorResponse = {
  422: errorResponse("Body failed validation; details map field to message"),
} as const;
/** Routes with a JSON body answer 415 to another Content-Type, or none (the route factories add it). */
export const unsupportedMediaTypeError = {
  415: errorResponse("The body is not sent as application/json"),
} as const;
export const conflictError = { 409: errorResponse("The record's state forbids the operation") } as const;
export { errorResponse };

export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  required: true,
  ...(description ? { description } : {}),
  content: { "application/json": { schema } },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  headers: RATE_LIMIT_HEADERS,
  content: { "application/json": { schema } },
});

export const noContent = { description: "Deleted", headers: RATE_LIMIT_HEADERS } as const;

export const bearerSecurity = [{ bearerAuth: [] }];
export const adminSecurity = [{ adminToken: [] }];

/** A path parameter schema: `IdParam("fileId", "Document id")` validates `{ fileId: string }`. */
export function IdParam<N extends string = "id">(name: N = "id" as N, description = "Identifier") {
  const param = z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name, in: "path" }, description });
  return z.object({ [name]: param } as Record<N, typeof param>);
}

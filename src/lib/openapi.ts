// Shared pieces of route descriptions: the error responses every route can answer, so the
// OpenAPI document matches what the server does, and JSON body/response helpers.
import { z } from "@hono/zod-openapi";
import { ErrorBodySchema } from "./errors";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorBodySchema } },
});

/** Errors any authenticated route may answer. */
export const commonErrors = {
  400: errorResponse("Malformed request (bad JSON, query parameter or header)"),
  401: errorResponse("Missing or invalid credentials"),
  403: errorResponse("Authenticated, but the role may not do this"),
  429: errorResponse("Rate limit exceeded; see Retry-After"),
  500: errorResponse("Unexpected failure; the body never carries internals"),
} as const;

export const notFoundError = { 404: errorResponse("No such record in the caller's reach") } as const;
export const validationErrorResponse = {
  422: errorResponse("Body failed validation; details map field to message"),
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
  content: { "application/json": { schema } },
});

export const noContent = { description: "Deleted" } as const;

export const bearerSecurity = [{ bearerAuth: [] }];

/** A path parameter schema: `IdParam("fileId", "Document id")` validates `{ fileId: string }`. */
export function IdParam<N extends string = "id">(name: N = "id" as N, description = "Identifier") {
  const param = z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name, in: "path" }, description });
  return z.object({ [name]: param } as Record<N, typeof param>);
}

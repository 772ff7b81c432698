// The one error type, the table of codes it may carry, and the envelope every error answers with.
import { z } from "@hono/zod-openapi";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_classification: 400,
  file_too_large: 400,
  missing_file: 400,
  unauthorized: 401,
  access_denied: 403,
  not_found: 404,
  conflict: 409,
  /** Another bill of the same supplier, number and issue date (`details.bill_id`). */
  duplicate_bill: 409,
  expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  validation_error: 422,
  invalid_logo: 422,
  /** Not an e-invoice this service reads (`details.reason`); nothing is stored. */
  invalid_einvoice: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  encryption_error: 500,
  storage_error: 500,
  /** A payment provider refused or failed to start a checkout (the hosted page's Pay now). */
  payment_provider_error: 502,
  /** The e-invoice network's access point provider could not be reached or failed (a 5xx). */
  network_provider_error: 502,
  /** The organization is being moved to another database: its writes wait (Retry-After). */
  organization_moving: 503,
  /** A deployment without a required variable (src/lib/deployment-config.ts): every request. */
  misconfigured: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorDetails = Record<string, unknown>;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;
  readonly headers?: Record<string, string>;
  /** The code's status from ERROR_STATUS, unless a 4xx without a code of its own overrides it. */
  readonly status: ContentfulStatusCode;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      details?: ErrorDetails;
      headers?: Record<string, string>;
      cause?: unknown;
      status?: ContentfulStatusCode;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
    this.status = options.status ?? ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return {
      success: false,
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
    };
  }
}

export const notFound = (what = "Resource") => new ApiError("not_found", `${what} not found`);
export const conflict = (reason: string, message: string) =>
  new ApiError("conflict", message, { details: { reason } });
export const validationError = (details: Record<string, string>, message = "Validation failed") =>
  new ApiError("validation_error", message, { details });

export const ErrorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().openapi({ example: "validation_error" }),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .openapi("Error");

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * Turns zod issues into `{ "items.0.quantity": "Must be greater than 0" }`. The object has no
 * prototype, so a key named `__proto__` or `constructor` (an own property after JSON.parse) is
 * kept and named like any other, not swallowed by Object.prototype.
 */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const details: Record<string, string> = Object.create(null);
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      // A field the client may not set (e.g. `total` or `number`) is named, not lumped under "_".
      const prefix = issue.path.length > 0 ? `${issue.path.map(String).join(".")}.` : "";
      for (const key of issue.keys) details[`${prefix}${key}`] ??= "Unknown or read-only field";
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    details[key] ??= issue.message;
  }
  return details;
}

// `metadata`: the integrator's own key/value strings on a resource (Stripe's semantics). The
// body schema, the merge a PATCH makes, and the `?metadata[key]=value` list filter's parsing.
import { z } from "@hono/zod-openapi";
import { ApiError } from "./errors";
import { unsafeCharacter } from "./schemas";

export type Metadata = Record<string, string>;
/** What a body may send: a value of `""` or `null` removes the key (on PATCH). */
export type MetadataInput = Record<string, string | null>;

export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;
/** `?metadata[k]=v` pairs one list request may filter by (each binds four parameters). */
export const METADATA_MAX_FILTERS = 10;

/** Why `key` may not be a metadata key, or undefined when it may. */
export function invalidMetadataKey(key: string): string | undefined {
  if (key.length === 0 || key.length > METADATA_KEY_MAX) {
    return `Key must be 1 to ${METADATA_KEY_MAX} characters`;
  }
  // Brackets would make the key unreachable by the `metadata[key]=value` list filter.
  if (key.includes("[") || key.includes("]")) return "Key must not contain '[' or ']'";
  if (key === "__proto__") return "Key is reserved";
  const unsafe = unsafeCharacter(key, { multiLine: false });
  return unsafe ? `Key must not contain ${unsafe}` : undefined;
}

function invalidMetadataValue(value: string): string | undefined {
  if (value.length > METADATA_VALUE_MAX) return `Value must be at most ${METADATA_VALUE_MAX} characters`;
  const unsafe = unsafeCharacter(value, { multiLine: true });
  return unsafe ? `Value must not contain ${unsafe}` : undefined;
}

/**
 * The body field: an object of strings (a value may be null, which removes the key). Checked
 * by hand on the raw object so every bad key and value is named (`metadata.<key>`) in one
 * answer, and `__proto__` is refused rather than silently dropped.
 */
export const MetadataSchema = z
  .unknown()
  .transform((input, ctx): MetadataInput => {
    if (input === null || typeof input !== "object" || Array.isArray(input)) {
      ctx.addIssue({ code: "custom", message: "Must be an object of string values", input });
      return z.NEVER;
    }
    const entries = Object.entries(input);
    if (entries.length > METADATA_MAX_KEYS) {
      ctx.addIssue({ code: "custom", message: `At most ${METADATA_MAX_KEYS} keys`, input });
    }
    const output: MetadataInput = {};
    for (const [key, value] of entries) {
      const invalid =
        invalidMetadataKey(key) ??
        (value === null
          ? undefined
          : typeof value === "string"
            ? invalidMetadataValue(value)
            : 'Must be a string, or "" or null to remove the key');
      if (invalid) ctx.addIssue({ code: "custom", message: invalid, path: [key], input });
      else output[key] = value as string | null;
    }
    return output;
  })
  .openapi({
    type: "object",
    additionalProperties: { type: ["string", "null"], maxLength: METADATA_VALUE_MAX },
    description:
      `Up to ${METADATA_MAX_KEYS} keys of 1 to ${METADATA_KEY_MAX} characters (no control characters, ` +
      `no '[' or ']'), string values of up to ${METADATA_VALUE_MAX} characters. On update the object is ` +
      'merged into the stored one: a key set to "" or null is removed; `metadata: null` removes all.',
    example: { order_id: "6735" },
  });

export const MetadataResponseSchema = z
  .record(z.string(), z.string())
  .openapi({ description: "The integrator's own keys; {} when none", example: { order_id: "6735" } });

/** Metadata as created: empty values dropped; null when nothing is left (stored as NULL). */
export function createdMetadata(input: MetadataInput | undefined): Metadata | null {
  return mergeMetadata(null, input ?? {});
}

/**
 * Stripe's update: `null` clears everything, an object merges key by key (`""` or null removes
 * a key). The result may hold at most 50 keys (422 `metadata` otherwise). null when empty.
 */
export function mergeMetadata(current: Metadata | null, patch: MetadataInput | null): Metadata | null {
  if (patch === null) return null;
  const next: Metadata = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === "") delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > METADATA_MAX_KEYS) {
    throw new ApiError("validation_error", "Request body failed validation", {
      details: { metadata: `At most ${METADATA_MAX_KEYS} keys (counting the ones already stored)` },
    });
  }
  return Object.keys(next).length === 0 ? null : next;
}

/** How every read answers it: `{}` when none (legacy rows included). */
export const metadataOf = (stored: Metadata | null | undefined): Metadata => stored ?? {};

/** The list query parameter as the OpenAPI document describes it (the handler reads the URL). */
export const MetadataFilterParam = z
  .record(z.string(), z.string())
  .optional()
  .openapi({
    param: { name: "metadata", in: "query", style: "deepObject", explode: true },
    description:
      `\`metadata[key]=value\`: only records whose metadata holds exactly that value; several keys ` +
      `must all match (at most ${METADATA_MAX_FILTERS})`,
  });

/**
 * The `metadata[key]=value` pairs of a request URL (400 `invalid_request` naming the parameter
 * when a key is invalid, repeated, or there are too many). Empty when none.
 */
export function metadataFilter(url: string): Metadata {
  const filter: Metadata = Object.create(null);
  const details: Record<string, string> = Object.create(null);
  let count = 0;
  for (const [name, value] of new URL(url).searchParams) {
    const match = /^metadata\[(.*)\]$/s.exec(name);
    if (!match) continue;
    const key = match[1] ?? "";
    count++;
    const invalid =
      invalidMetadataKey(key) ??
      (key in filter ? "Given more than once" : undefined) ??
      (value.length > METADATA_VALUE_MAX
        ? `Value must be at most ${METADATA_VALUE_MAX} characters`
        : undefined);
    if (invalid) details[name] ??= invalid;
    else filter[key] = value;
  }
  if (count > METADATA_MAX_FILTERS) details.metadata = `At most ${METADATA_MAX_FILTERS} metadata filters`;
  if (Object.keys(details).length > 0) {
    throw new ApiError("invalid_request", "Invalid query parameter", { details });
  }
  return { ...filter };
}

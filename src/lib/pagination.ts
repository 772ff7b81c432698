// The three list styles of the interface, as zod query schemas plus response builders:
// offset lists { data, meta: { total, limit, offset } } (invoices, customers, products, ...),
// page lists { data, count, page, limit } (projects, milestones, tasks) and
// document lists { success, data, meta: { page, limit, total, pages } }.
import { z } from "@hono/zod-openapi";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const limitParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE)
  .default(DEFAULT_PAGE_SIZE)
  .openapi({ param: { name: "limit", in: "query" }, example: 20 });

export const OffsetQuerySchema = z.object({
  limit: limitParam,
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .openapi({ param: { name: "offset", in: "query" }, example: 0 }),
});

export const PageQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .default(1)
    .openapi({ param: { name: "page", in: "query" }, example: 1 }),
  limit: limitParam,
});

export const OffsetMetaSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const pageList = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), count: z.number().int(), page: z.number().int(), limit: z.number().int() });

export interface OffsetPage {
  limit: number;
  offset: number;
}
export interface PageRequest {
  page: number;
  limit: number;
}

export function offsetResult<T>(data: T[], total: number, { limit, offset }: OffsetPage) {
  return { data, meta: { total, limit, offset } };
}

export function pageResult<T>(data: T[], count: number, { page, limit }: PageRequest) {
  return { data, count, page, limit };
}

export function documentPageResult<T>(data: T[], total: number, { page, limit }: PageRequest) {
  return { success: true as const, data, meta: { page, limit, total, pages: Math.ceil(total / limit) } };
}

/** SQL OFFSET for a page request. */
export const pageOffset = ({ page, limit }: PageRequest) => (page - 1) * limit;

/**
 * A search term as a case-insensitive substring test: `instr(lower(column), lower(term)) > 0`.
 * Not LIKE: D1 refuses LIKE/GLOB patterns over 50 bytes ("pattern too complex"), and instr
 * has no wildcards, so `%`, `_` and `\` match themselves. `lower()` folds ASCII only, the same
 * case-insensitivity LIKE had. (A substring test cannot use an index either way.)
 */
export function containsText(column: SQLWrapper, term: string): SQL {
  return sql`instr(lower(${column}), lower(${term})) > 0`;
}

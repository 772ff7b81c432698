// Reading bills: the list with its filters, and the original bytes as received.
import { and, count, desc, eq, lt, or, sql } from "drizzle-orm";
import { masterKeySet } from "../../crypto/document-keys";
import type { Db } from "../../db/client";
import { type Bill, type BillStatus, bills } from "../../db/schema/bills";
import { contentDisposition } from "../../lib/http-files";
import { containsText } from "../../lib/pagination";
import { openArchiveBlob } from "../archive/store";
import type { BillEnv } from "./import";

export interface BillListQuery {
  status?: BillStatus;
  supplier_id?: string;
  /** YYYY-MM-DD: bills due before that day (bills without a due date are left out). */
  due_before?: string;
  /** Part of the number or of the seller's name, case-insensitively (ASCII). */
  q?: string;
  limit: number;
  offset: number;
}

/** Newest first, filtered by status, supplier, due date and text. */
export async function listBills(db: Db, organizationId: string, query: BillListQuery) {
  const term = query.q?.trim();
  const where = and(
    eq(bills.organizationId, organizationId),
    query.status ? eq(bills.status, query.status) : undefined,
    query.supplier_id ? eq(bills.supplierId, query.supplier_id) : undefined,
    query.due_before ? lt(bills.dueDate, query.due_before) : undefined,
    term
      ? or(containsText(bills.number, term), containsText(sql`json_extract(${bills.seller}, '$.name')`, term))
      : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(bills)
      .where(where)
      .orderBy(desc(bills.createdAt), desc(bills.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(bills).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The name the original downloads as: the name it came with, else the bill's number and syntax. */
const originalFilename = (bill: Bill) =>
  bill.filename ?? `${bill.number}.${bill.container === "pdf" ? "pdf" : "xml"}`;

/**
 * GET /v1/bills/{id}/original: the bytes exactly as received (opened from R2 and checked against
 * their SHA-256), their media type, and the quoted hex SHA-256 as ETag.
 */
export async function originalResponse(env: BillEnv, bill: Bill, ifNoneMatch: string | undefined) {
  const etag = `"${bill.sha256}"`;
  const headers = {
    "Content-Type": bill.contentType,
    ETag: etag,
    "Cache-Control": "private, no-cache",
    "Content-Disposition": contentDisposition(originalFilename(bill)),
  };
  if (ifNoneMatch?.split(",").some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const bytes = await openArchiveBlob(env.DOCUMENTS, masterKeySet(env), bill);
  return new Response(bytes, {
    status: 200,
    headers: { ...headers, "Content-Length": String(bytes.byteLength) },
  });
}

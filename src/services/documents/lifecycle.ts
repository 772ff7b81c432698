// Reading, listing, deleting, expiring and rewrapping documents. Deletion and expiry are
// crypto-shredding: the wrapped data key is dropped in the same batch that marks the row, then
// the blob is removed; the row stays as a tombstone that keeps the audit log.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
} from "drizzle-orm";
import { masterKeySet, rewrapDataKey } from "../../crypto/document-keys";
import type { Db } from "../../db/client";
import type { Settled } from "../../db/route";
import {
  type AuditAction,
  type Classification,
  type DocumentRow,
  documentShares,
  documents,
} from "../../db/schema/documents";
import { nowIso } from "../../lib/clock";
import { fromBase64, toBase64 } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import { logError, logWarn } from "../../lib/log";
import { type PageRequest, pageOffset } from "../../lib/pagination";
import { recordEvent } from "../events";
import { type RewrapPass, rewrapWalk } from "../rewrap";
import { type AuditActor, auditStatements, SYSTEM_ACTOR, withAuditRetry } from "./audit";
import { assertReadable, type Caller, canDelete, isExpired } from "./policy";
import { documentEventObject } from "./serialize";

export async function findDocument(db: Db, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/**
 * Appends a view or download entry, re-checking in the same attempt that the document is still
 * readable (a delete may have landed since it was first read).
 */
export async function recordAccess(
  db: Db,
  documentId: string,
  action: Extract<AuditAction, "view" | "download">,
  actor: AuditActor,
  check: (doc: DocumentRow | undefined) => asserts doc is DocumentRow,
): Promise<void> {
  await withAuditRetry(db, documentId, async (doc) => {
    check(doc);
    const audit = await auditStatements(db, doc, action, actor, nowIso());
    await db.batch(audit.statements);
  });
}

/**
 * A stored blob failed authentication while being read: an `integrity_failed` entry (the reader
 * as actor) and a `document.integrity_failed` event, in one batch. Written even for a document
 * deleted meanwhile (its log stays); nothing when the row is gone.
 */
export async function recordIntegrityFailure(
  db: Db,
  documentId: string,
  actor: AuditActor,
): Promise<{ eventId: string } | null> {
  return withAuditRetry(db, documentId, async (doc) => {
    if (!doc) return null;
    const when = nowIso();
    const audit = await auditStatements(db, doc, "integrity_failed", actor, when);
    const event = recordEvent(db, {
      organizationId: doc.organizationId,
      type: "document.integrity_failed",
      object: { ...documentEventObject(doc), detectedAt: when },
      at: when,
    });
    await db.batch([...audit.statements, ...event.statements]);
    return { eventId: event.id };
  });
}

export interface ListFilters extends PageRequest {
  entityType?: string;
  entityId?: string;
  classification?: Classification;
}

/** The caller's organization's live documents that the caller may read (restricted: only their own). */
export async function listDocuments(db: Db, caller: Caller, filters: ListFilters, at: Date) {
  const conditions: SQL[] = [
    eq(documents.organizationId, caller.organizationId),
    eq(documents.status, "stored"),
    or(isNull(documents.expiresAt), gt(documents.expiresAt, at.toISOString()))!,
    or(ne(documents.classification, "restricted"), eq(documents.ownerId, caller.id))!,
  ];
  if (filters.entityType !== undefined) conditions.push(eq(documents.entityType, filters.entityType));
  if (filters.entityId !== undefined) conditions.push(eq(documents.entityId, filters.entityId));
  if (filters.classification !== undefined)
    conditions.push(eq(documents.classification, filters.classification));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Removes the blob of a deleted or expired document and records that it is gone. */
async function purgeBlob(
  db: Db,
  bucket: R2Bucket,
  doc: Pick<DocumentRow, "id" | "storageKey">,
): Promise<void> {
  try {
    await bucket.delete(doc.storageKey);
    await db.update(documents).set({ purgedAt: nowIso() }).where(eq(documents.id, doc.id));
  } catch (error) {
    // The hourly sweep retries every tombstone whose blob is not confirmed gone.
    logWarn("document blob purge failed", { document_id: doc.id, error: String(error) });
  }
}

/** How a document's life ends: by its owner's delete, or at its expiry. */
const ENDINGS = {
  deleted: { action: "delete", event: "document.deleted", stamp: "deletedAt" },
  expired: { action: "expire", event: "document.expired", stamp: "expiredAt" },
} as const satisfies Record<string, { action: AuditAction; event: string; stamp: keyof DocumentRow }>;

/**
 * Ends a stored document's life, in one batch: the row becomes a tombstone without its wrapped
 * key (crypto-shredding), its shares are revoked, and its audit entry and event are written.
 * Changes nothing if the row is no longer stored. Answers the event's id; the caller then
 * removes the blob (purgeBlob).
 */
async function endLife(
  db: Db,
  doc: DocumentRow,
  ending: keyof typeof ENDINGS,
  actor: AuditActor,
): Promise<string> {
  const { action, event: type, stamp } = ENDINGS[ending];
  const when = nowIso();
  const audit = await auditStatements(db, doc, action, actor, when);
  const event = recordEvent(db, {
    organizationId: doc.organizationId,
    type,
    object: { ...documentEventObject(doc), [stamp]: when },
    at: when,
  });
  await db.batch([
    db
      .update(documents)
      .set({ status: ending, wrappedKey: null, [stamp]: when, updatedAt: when })
      .where(and(eq(documents.id, doc.id), eq(documents.status, "stored"))),
    db
      .update(documentShares)
      .set({ revokedAt: when })
      .where(and(eq(documentShares.documentId, doc.id), isNull(documentShares.revokedAt))),
    ...audit.statements,
    ...event.statements,
  ]);
  return event.id;
}

/** Owner only. Tombstones the row, drops the wrapped key, revokes shares, logs, then removes the blob. */
export async function deleteDocument(
  db: Db,
  bucket: R2Bucket,
  caller: Caller,
  documentId: string,
  actor: AuditActor,
  at: Date,
): Promise<{ eventId: string }> {
  const { doc, eventId } = await withAuditRetry(db, documentId, async (doc) => {
    assertReadable(doc, caller, at);
    if (!canDelete(caller, doc)) throw new ApiError("access_denied", "Only the owner may delete a document");
    return { doc, eventId: await endLife(db, doc, "deleted", actor) };
  });
  await purgeBlob(db, bucket, doc);
  return { eventId };
}

const SWEEP_BATCH = 50;
const SWEEP_MAX_BATCHES = 20;

/**
 * Retention sweep: documents whose expiry has passed, oldest first, in batches of 50 found by a
 * range query on (status, expires_at). Each is marked expired with its key dropped, shares
 * revoked and an `expire` entry, then its blob is deleted. `settled`: the organizations the
 * sweep may touch on this database (ShardVisit).
 */
export async function expireDueDocuments(
  db: Db,
  bucket: R2Bucket,
  at: Date,
  settled: Settled,
): Promise<{ expired: number; eventIds: string[] }> {
  const eventIds: string[] = [];
  const cutoff = at.toISOString();
  for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
    const due = await db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.status, "stored"),
          lte(documents.expiresAt, cutoff),
          settled(documents.organizationId),
        ),
      )
      .orderBy(asc(documents.expiresAt), asc(documents.id))
      .limit(SWEEP_BATCH);
    for (const { id } of due) {
      const result = await withAuditRetry(db, id, async (doc) => {
        if (doc?.status !== "stored" || !isExpired(doc, at)) return null;
        return { doc, eventId: await endLife(db, doc, "expired", SYSTEM_ACTOR) };
      }).catch((error: unknown) => {
        logError("document expiry failed", { document_id: id, error: String(error) });
        return null;
      });
      if (!result) continue;
      eventIds.push(result.eventId);
      await purgeBlob(db, bucket, result.doc);
    }
    if (due.length < SWEEP_BATCH) break;
  }
  return { expired: eventIds.length, eventIds };
}

/** Tombstones whose blob removal failed earlier: retried in bounded batches. */
export async function purgeLeftoverBlobs(db: Db, bucket: R2Bucket, settled: Settled): Promise<number> {
  const rows = await db
    .select({ id: documents.id, storageKey: documents.storageKey })
    .from(documents)
    .where(
      and(
        inArray(documents.status, ["deleted", "expired"]),
        isNull(documents.purgedAt),
        settled(documents.organizationId),
      ),
    )
    .limit(SWEEP_BATCH);
  for (const row of rows) await purgeBlob(db, bucket, row);
  return rows.length;
}

/**
 * Rotation: rewraps every data key that is not under the current master key version, in pages
 * of 50 walked by id (a range query), up to `limit` documents per call. Blobs are untouched.
 * The update is conditional on the old wrapped key, so a delete racing it is never undone.
 */
export const rewrapDocumentKeys: RewrapPass = async (db, env, options = {}) => {
  const keys = masterKeySet(env);
  const stale = and(isNotNull(documents.wrappedKey), ne(documents.keyVersion, keys.current));
  return rewrapWalk<Pick<DocumentRow, "id" | "ownerId" | "wrappedKey" | "keyVersion">>(db, keys, options, {
    page: (after, size, settled) =>
      db
        .select({
          id: documents.id,
          ownerId: documents.ownerId,
          wrappedKey: documents.wrappedKey,
          keyVersion: documents.keyVersion,
        })
        .from(documents)
        .where(and(stale, gt(documents.id, after?.id ?? ""), settled(documents.organizationId)))
        .orderBy(asc(documents.id))
        .limit(size),
    reseal: async (row) => {
      const next = await rewrapDataKey(keys, row.keyVersion!, row.ownerId, fromBase64(row.wrappedKey!));
      const update = db
        .update(documents)
        .set({ wrappedKey: toBase64(next.wrapped), keyVersion: next.version, updatedAt: nowIso() })
        .where(and(eq(documents.id, row.id), eq(documents.wrappedKey, row.wrappedKey!)));
      return { update };
    },
    failed: (row, error) =>
      logError("document key rewrap failed", { document_id: row.id, error: String(error) }),
    remaining: () => db.$count(documents, stale),
  });
};

// Share links: a 256-bit random token shown once and stored as its SHA-256, an expiry, an
// optional download cap counted atomically (every GET that returns bytes takes one). Revoked one
// by one, or all when the document is deleted or expires; restricted documents are never shared.
import { and, desc, eq, exists, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  type DocumentRow,
  type DocumentShareRow,
  documentShares,
  documents,
} from "../../db/schema/documents";
import { users } from "../../db/schema/identity";
import { nowIso } from "../../lib/clock";
import { randomToken, sha256Hex } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import { uuid } from "../../lib/ids";
import {
  type AuditActor,
  auditStatements,
  entryWritten,
  guardedAuditStatements,
  withAuditRetry,
} from "./audit";
import { assertReadable, type Caller, canManageShares, canShare, isExpired } from "./policy";

export const DEFAULT_SHARE_SECONDS = 86_400;
export const MAX_SHARE_SECONDS = 604_800;

export async function createShare(
  db: Db,
  caller: Caller,
  documentId: string,
  options: { expiresIn: number; maxDownloads: number | null },
  actor: AuditActor,
  at: Date,
): Promise<{ id: string; token: string; expiresAt: string }> {
  return withAuditRetry(db, documentId, async (doc) => {
    assertReadable(doc, caller, at);
    if (doc.classification === "restricted") {
      throw new ApiError("access_denied", "Restricted documents cannot be shared");
    }
    if (!canShare(caller, doc)) {
      throw new ApiError("access_denied", "Only members of the document's organization may share it");
    }
    const token = randomToken(32);
    // A link never outlives its document.
    let expiresAt = new Date(at.getTime() + options.expiresIn * 1000);
    if (doc.expiresAt && Date.parse(doc.expiresAt) < expiresAt.getTime()) expiresAt = new Date(doc.expiresAt);
    const when = nowIso();
    const share: DocumentShareRow = {
      id: uuid(),
      documentId: doc.id,
      organizationId: doc.organizationId,
      createdBy: caller.id,
      tokenHash: await sha256Hex(token),
      expiresAt: expiresAt.toISOString(),
      maxDownloads: options.maxDownloads,
      downloadCount: 0,
      revokedAt: null,
      createdAt: when,
    };
    const audit = await auditStatements(db, doc, "share", { ...actor, shareId: share.id }, when);
    await db.batch([db.insert(documentShares).values(share), ...audit.statements]);
    return { id: share.id, token, expiresAt: share.expiresAt };
  });
}

export interface RedeemedShare {
  share: DocumentShareRow;
  document: DocumentRow;
  creatorEmail: string;
}

/**
 * Finds the live share behind a token. Unknown token, revoked link, or a document that was
 * deleted: 404. A document that expired or a link past its expiry: 410. The download cap is
 * checked by `assertDownloadsLeft` (before anything else is read) and again, atomically, by
 * `redeemShare`.
 */
/** The key that names a share link in the directory: its token's hash; null for a malformed token. */
export async function shareTokenKey(token: string): Promise<string | null> {
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? sha256Hex(token) : null;
}

/** The organization of a document, if this database holds it. */
export async function organizationOfDocument(db: Db, documentId: string): Promise<string | null> {
  const [row] = await db
    .select({ organizationId: documents.organizationId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  return row?.organizationId ?? null;
}

/** The organization of the document shared by this token hash, if this database holds it. */
export async function organizationOfShareToken(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ organizationId: documents.organizationId })
    .from(documentShares)
    .innerJoin(documents, eq(documents.id, documentShares.documentId))
    .where(eq(documentShares.tokenHash, tokenHash))
    .limit(1);
  return row?.organizationId ?? null;
}

export async function findShare(db: Db, token: string, at: Date): Promise<RedeemedShare> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new ApiError("not_found", "Share link not found");
  const [row] = await db
    .select({ share: documentShares, document: documents, creatorEmail: users.email })
    .from(documentShares)
    .innerJoin(documents, eq(documents.id, documentShares.documentId))
    .innerJoin(users, eq(users.id, documentShares.createdBy))
    .where(eq(documentShares.tokenHash, await sha256Hex(token)));
  if (!row || row.document.status === "deleted") throw new ApiError("not_found", "Share link not found");
  if (isExpired(row.document, at)) throw new ApiError("expired", "The document has expired");
  if (row.share.revokedAt) throw new ApiError("not_found", "Share link not found");
  if (row.document.classification === "restricted") {
    throw new ApiError("access_denied", "Restricted documents cannot be shared");
  }
  if (Date.parse(row.share.expiresAt) <= at.getTime())
    throw new ApiError("expired", "The share link has expired");
  return row;
}

const noDownloadsLeft = () => new ApiError("expired", "The share link has no downloads left");

/** 410 when the link has a download cap and it is spent. */
export function assertDownloadsLeft(share: DocumentShareRow): void {
  if (share.maxDownloads !== null && share.downloadCount >= share.maxDownloads) throw noDownloadsLeft();
}

/**
 * Logs a download through a link and takes one download from its cap: every GET that returns
 * bytes, whole file or any range, counts. The entry is inserted only while the link is still
 * usable (not revoked, not expired, a download left), the claim only if the entry went in, in
 * one batch: a download is never counted without its entry, a failed append (after every retry)
 * claims nothing, and concurrent requests cannot take more downloads than the cap. The entry
 * names the link's creator as actor and carries the share id.
 */
export async function redeemShare(db: Db, found: RedeemedShare, actor: AuditActor, at: Date): Promise<void> {
  const { share } = found;
  const usable = and(
    eq(documentShares.id, share.id),
    isNull(documentShares.revokedAt),
    gt(documentShares.expiresAt, at.toISOString()),
    or(isNull(documentShares.maxDownloads), lt(documentShares.downloadCount, documentShares.maxDownloads)),
  );
  await withAuditRetry(db, share.documentId, async (doc) => {
    if (!doc || doc.status === "deleted") throw new ApiError("not_found", "Share link not found");
    if (isExpired(doc, at)) throw new ApiError("expired", "The document has expired");
    const audit = await guardedAuditStatements(
      db,
      doc,
      "download",
      { ...actor, shareId: share.id },
      nowIso(),
      exists(db.select({ one: sql`1` }).from(documentShares).where(usable)),
    );
    const claim = db
      .update(documentShares)
      .set({ downloadCount: sql`${documentShares.downloadCount} + 1` })
      .where(and(eq(documentShares.id, share.id), entryWritten(db, audit.entry.id)));
    const [inserted] = await db.batch([audit.insert, audit.anchor, claim]);
    // The link was revoked, expired or spent since it was read.
    if (inserted.length === 0) throw noDownloadsLeft();
  });
}

/** A link as its managers see it: never the token (only its hash is stored). */
export interface ShareSummary {
  id: string;
  expiresAt: string;
  maxDownloads: number | null;
  downloads: number;
  createdAt: string;
}

/** At most this many links are listed, newest first. */
export const SHARE_LIST_MAX = 100;

/**
 * The document's live links (not revoked, not past their expiry, a download left), newest
 * first, for its owner or an owner/admin of its organization.
 */
export async function listShares(
  db: Db,
  caller: Caller,
  documentId: string,
  at: Date,
): Promise<ShareSummary[]> {
  const [doc] = await db.select().from(documents).where(eq(documents.id, documentId));
  assertReadable(doc, caller, at);
  if (!canManageShares(caller, doc)) {
    throw new ApiError("access_denied", "Only the owner or an organization owner/admin may list share links");
  }
  const rows = await db
    .select()
    .from(documentShares)
    .where(
      and(
        eq(documentShares.documentId, doc.id),
        isNull(documentShares.revokedAt),
        gt(documentShares.expiresAt, at.toISOString()),
        or(
          isNull(documentShares.maxDownloads),
          lt(documentShares.downloadCount, documentShares.maxDownloads),
        ),
      ),
    )
    .orderBy(desc(documentShares.createdAt), desc(documentShares.id))
    .limit(SHARE_LIST_MAX);
  return rows.map((share) => ({
    id: share.id,
    expiresAt: share.expiresAt,
    maxDownloads: share.maxDownloads,
    downloads: share.downloadCount,
    createdAt: share.createdAt,
  }));
}

/**
 * Revokes one link: the document's owner, an owner/admin of its organization, or the link's
 * creator. Unknown or already revoked link: 404. The revocation and its `share_revoke` entry
 * commit together (the entry is inserted only while the link is still unrevoked); afterwards the
 * link answers 404 like an unknown one.
 */
export async function revokeShare(
  db: Db,
  caller: Caller,
  documentId: string,
  shareId: string,
  actor: AuditActor,
  at: Date,
): Promise<void> {
  const notFound = () => new ApiError("not_found", "Share link not found");
  await withAuditRetry(db, documentId, async (doc) => {
    assertReadable(doc, caller, at);
    const [share] = await db
      .select()
      .from(documentShares)
      .where(and(eq(documentShares.id, shareId), eq(documentShares.documentId, doc.id)));
    if (!share || share.revokedAt) throw notFound();
    if (!canManageShares(caller, doc) && share.createdBy !== caller.id) {
      throw new ApiError(
        "access_denied",
        "Only the document's owner, an organization owner/admin or the link's creator may revoke it",
      );
    }
    const when = nowIso();
    const unrevoked = and(eq(documentShares.id, share.id), isNull(documentShares.revokedAt));
    const audit = await guardedAuditStatements(
      db,
      doc,
      "share_revoke",
      { ...actor, shareId: share.id },
      when,
      exists(db.select({ one: sql`1` }).from(documentShares).where(unrevoked)),
    );
    const revoke = db
      .update(documentShares)
      .set({ revokedAt: when })
      .where(and(unrevoked, entryWritten(db, audit.entry.id)));
    const [inserted] = await db.batch([audit.insert, audit.anchor, revoke]);
    if (inserted.length === 0) throw notFound(); // revoked by someone else meanwhile
  });
}

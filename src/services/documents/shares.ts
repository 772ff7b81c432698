// Share links: a 256-bit random token shown once and stored as its SHA-256, an expiry, an
// optional download cap counted atomically. Revoked when the document is deleted or expires;
// restricted documents are never shared.
import { and, eq, exists, gt, isNull, lt, or, sql } from "drizzle-orm";
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
import { assertReadable, type Caller, canShare, isExpired } from "./policy";

export const DEFAULT_SHARE_SECONDS = 86_400;
export const MAX_SHARE_SECONDS = 604_800;

export async function createShare(
  db: Db,
  caller: Caller,
  documentId: string,
  options: { expiresIn: number; maxDownloads: number | null },
  actor: AuditActor,
  at: Date,
): Promise<{ token: string; expiresAt: string }> {
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
    return { token, expiresAt: share.expiresAt };
  });
}

export interface RedeemedShare {
  share: DocumentShareRow;
  document: DocumentRow;
  creatorEmail: string;
}

/**
 * Finds the live share behind a token. Unknown token, or a document that was deleted: 404.
 * A document that expired or a link past its expiry: 410. The download cap is not checked here
 * (see `assertDownloadsLeft`): a range that does not claim a download may use a spent link.
 */
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
 * Logs a download through a link and, when `claim` is set, takes one download from its cap. The
 * entry is inserted only while the link is still usable (not revoked, not expired and, when
 * claiming, with a download left), the claim only if the entry went in, in one batch: a download
 * is never counted without its entry, and a failed append (after every retry) claims nothing.
 * Two racing requests cannot both take the last download. The entry names the link's creator as
 * actor and carries the share id.
 */
export async function redeemShare(
  db: Db,
  found: RedeemedShare,
  actor: AuditActor,
  at: Date,
  options: { claim: boolean },
): Promise<void> {
  const { share } = found;
  const when = at.toISOString();
  const usable = and(
    eq(documentShares.id, share.id),
    isNull(documentShares.revokedAt),
    gt(documentShares.expiresAt, when),
    options.claim
      ? or(isNull(documentShares.maxDownloads), lt(documentShares.downloadCount, documentShares.maxDownloads))
      : undefined,
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
    const [inserted] = options.claim
      ? await db.batch([audit.insert, audit.anchor, claim])
      : await db.batch([audit.insert, audit.anchor]);
    if (inserted.length === 0) {
      // The link was revoked, expired or spent since it was read.
      if (options.claim) throw noDownloadsLeft();
      throw new ApiError("expired", "The share link is no longer valid");
    }
  });
}

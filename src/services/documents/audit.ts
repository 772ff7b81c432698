// The per-document audit log: append-only entries, hash-chained. Entry n stores the hash of
// entry n-1 and its own hash over (prev hash, its fields); the document row keeps the count and
// the newest hash as the anchor, so dropping entries from the tail is detected too.
// Concurrency: entries are numbered per document under UNIQUE(document_id, seq). A writer reads
// the head from the document row and appends seq = head + 1 in the same batch as its change; if
// another writer got there first the whole batch fails on the unique index and is retried with
// the new head. So two entries can never chain to the same predecessor.
import { and, asc, eq, gt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import {
  type AuditAction,
  type AuditEntryRow,
  type DocumentRow,
  documentAuditEntries,
  documents,
} from "../../db/schema/documents";
import { sha256Hex } from "../../lib/encoding";
import { uuid } from "../../lib/ids";

export const GENESIS_HASH = "0".repeat(64);
const HASH_VERSION = "audit-v1";
const MAX_ATTEMPTS = 8;

/** Who did it, from where. System actions (retention) have no actor and no address. */
export interface AuditActor {
  actorId: string | null;
  actorEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** The share link used, when the access came through one. */
  shareId?: string | null;
}

export const SYSTEM_ACTOR: AuditActor = {
  actorId: null,
  actorEmail: null,
  ipAddress: null,
  userAgent: "invoicing-api/retention-sweep",
};

type HashedFields = Omit<AuditEntryRow, "hash">;

/** SHA-256 over a JSON array of the fields in a fixed order: unambiguous and stable. */
export function auditEntryHash(e: HashedFields): Promise<string> {
  return sha256Hex(
    JSON.stringify([
      HASH_VERSION,
      e.prevHash,
      e.documentId,
      e.organizationId,
      e.seq,
      e.id,
      e.action,
      e.actorId,
      e.actorEmail,
      e.ipAddress,
      e.userAgent,
      e.shareId,
      e.createdAt,
    ]),
  );
}

type ChainHead = Pick<DocumentRow, "id" | "organizationId" | "auditSeq" | "auditHead">;

/** The insert of the next entry after `head`, and the move of the anchor on the document row. */
export async function auditStatements(
  db: Db,
  head: ChainHead,
  action: AuditAction,
  actor: AuditActor,
  at: string,
): Promise<{ entry: AuditEntryRow; statements: [BatchItem<"sqlite">, BatchItem<"sqlite">] }> {
  const fields: HashedFields = {
    id: uuid(),
    documentId: head.id,
    organizationId: head.organizationId,
    seq: head.auditSeq + 1,
    action,
    actorId: actor.actorId,
    actorEmail: actor.actorEmail,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    shareId: actor.shareId ?? null,
    createdAt: at,
    prevHash: head.auditHead ?? GENESIS_HASH,
  };
  const entry: AuditEntryRow = { ...fields, hash: await auditEntryHash(fields) };
  return {
    entry,
    statements: [
      db.insert(documentAuditEntries).values(entry),
      db
        .update(documents)
        .set({ auditSeq: entry.seq, auditHead: entry.hash })
        .where(and(eq(documents.id, head.id), eq(documents.auditSeq, head.auditSeq))),
    ],
  };
}

export function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return text.includes("UNIQUE constraint failed");
}

/**
 * Runs `attempt` with a freshly read document row until its batch commits. `attempt` re-checks
 * the document's state (and may throw), builds its statements (including the audit entry from
 * the row's head) and commits them; a lost race on the audit sequence is retried.
 */
export async function withAuditRetry<T>(
  db: Db,
  documentId: string,
  attempt: (document: DocumentRow | undefined) => Promise<T>,
): Promise<T> {
  for (let i = 1; ; i++) {
    const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
    try {
      return await attempt(row);
    } catch (error) {
      if (!isUniqueViolation(error) || i >= MAX_ATTEMPTS) throw error;
    }
  }
}

const PAGE = 500;

/** Every entry of a document in order, read in bounded pages by sequence range. */
export async function listAuditEntries(db: Db, documentId: string): Promise<AuditEntryRow[]> {
  const out: AuditEntryRow[] = [];
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(documentAuditEntries)
      .where(and(eq(documentAuditEntries.documentId, documentId), gt(documentAuditEntries.seq, after)))
      .orderBy(asc(documentAuditEntries.seq))
      .limit(PAGE);
    out.push(...page);
    if (page.length < PAGE) return out;
    after = page[page.length - 1]!.seq;
  }
}

/** Recomputes the chain: numbering, links, hashes, and the anchor on the document row. */
export async function verifyAuditChain(
  entries: readonly AuditEntryRow[],
  anchor: Pick<DocumentRow, "id" | "auditSeq" | "auditHead">,
): Promise<boolean> {
  let prev = GENESIS_HASH;
  for (const [i, entry] of entries.entries()) {
    if (entry.documentId !== anchor.id || entry.seq !== i + 1 || entry.prevHash !== prev) return false;
    const { hash, ...fields } = entry;
    if ((await auditEntryHash(fields)) !== hash) return false;
    prev = hash;
  }
  return entries.length === anchor.auditSeq && (anchor.auditHead ?? GENESIS_HASH) === prev;
}

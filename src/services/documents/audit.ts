// The per-document audit log: append-only entries, hash-chained. Entry n stores the hash of
// entry n-1 and its own hash over (prev hash, its fields); the document row keeps the count and
// the newest hash as the anchor, so dropping entries from the tail is detected too.
// Concurrency: entries are numbered per document under UNIQUE(document_id, seq). A writer reads
// the head from the document row and appends seq = head + 1 in the same batch as its change; if
// another writer got there first the whole batch fails on the unique index and is retried with
// the new head. So two entries can never chain to the same predecessor.
import { and, asc, eq, exists, getTableColumns, gte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { isUniqueFailure } from "../../db/guards";
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

function newEntry(
  head: ChainHead,
  action: AuditAction,
  actor: AuditActor,
  at: string,
): Promise<AuditEntryRow> {
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
  return auditEntryHash(fields).then((hash) => ({ ...fields, hash }));
}

const moveAnchor = (db: Db, head: ChainHead, entry: AuditEntryRow, also?: SQL) =>
  db
    .update(documents)
    .set({ auditSeq: entry.seq, auditHead: entry.hash })
    .where(and(eq(documents.id, head.id), eq(documents.auditSeq, head.auditSeq), also));

/** The insert of the next entry after `head`, and the move of the anchor on the document row. */
export async function auditStatements(
  db: Db,
  head: ChainHead,
  action: AuditAction,
  actor: AuditActor,
  at: string,
): Promise<{ entry: AuditEntryRow; statements: [BatchItem<"sqlite">, BatchItem<"sqlite">] }> {
  const entry = await newEntry(head, action, actor, at);
  return {
    entry,
    statements: [db.insert(documentAuditEntries).values(entry), moveAnchor(db, head, entry)],
  };
}

/** SQL that is true once the entry is in the table (later statements of a batch depend on it). */
export const entryWritten = (db: Db, entryId: string): SQL =>
  exists(db.select({ one: sql`1` }).from(documentAuditEntries).where(eq(documentAuditEntries.id, entryId)));

/**
 * Like `auditStatements`, but the entry is inserted only if `guard` holds when the batch runs
 * (INSERT ... SELECT ... WHERE guard), and the anchor moves only if the entry went in. The first
 * statement returns the inserted id: an empty result means the guard failed and nothing was
 * written. Statements added after these can depend on `entryWritten(db, entry.id)`, so a change
 * and its audit entry commit together or not at all.
 */
export async function guardedAuditStatements(
  db: Db,
  head: ChainHead,
  action: AuditAction,
  actor: AuditActor,
  at: string,
  guard: SQL,
) {
  const entry = await newEntry(head, action, actor, at);
  // Values in the table's column order, which is the order drizzle lists for INSERT ... SELECT.
  const values = Object.keys(getTableColumns(documentAuditEntries)).map(
    (key) => sql`${entry[key as keyof AuditEntryRow]}`,
  );
  const insert = db
    .insert(documentAuditEntries)
    .select(sql`SELECT ${sql.join(values, sql`, `)} WHERE ${guard}`)
    .returning({ id: documentAuditEntries.id });
  return { entry, insert, anchor: moveAnchor(db, head, entry, entryWritten(db, entry.id)) };
}

/** Attempts at an append before a lost race is given up (each loss means another entry went in). */
const MAX_ATTEMPTS = 40;

/** Jittered backoff before retry `attempt` (1, 2, ...): 5-10 ms, growing to 25-50 ms. */
export function auditRetryDelay(attempt: number): number {
  const base = Math.min(50, 10 * 1.5 ** (attempt - 1));
  return base / 2 + Math.random() * (base / 2);
}

/**
 * Runs `attempt` with a freshly read document row until its batch commits. `attempt` re-checks
 * the document's state (and may throw), builds its statements (including the audit entry from
 * the row's head) and commits them; a lost race on the audit sequence is retried after a
 * jittered, growing pause, so a burst of concurrent readers of one document spreads out instead
 * of colliding again in lockstep.
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
      if (!isUniqueFailure(error) || i >= MAX_ATTEMPTS) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, auditRetryDelay(i)));
  }
}

export const AUDIT_PAGE_DEFAULT = 100;
export const AUDIT_PAGE_MAX = 1000;

export interface AuditPage {
  /** The entry numbered `after` (the page's chain link); null when `after` is 0 or it is missing. */
  predecessor: AuditEntryRow | null;
  /** Up to `limit` entries with seq > after, oldest first. */
  entries: AuditEntryRow[];
  /** The seq to pass as `after` for the next page; null when this page holds the newest entry. */
  nextCursor: number | null;
}

/**
 * One page of a document's entries: those numbered after `after`, at most `limit`, plus the entry
 * numbered `after` itself (the stored hash the page links to). One bounded range query on the
 * (document_id, seq) index.
 */
export async function listAuditPage(
  db: Db,
  documentId: string,
  options: { after: number; limit: number },
): Promise<AuditPage> {
  const { after, limit } = options;
  const rows = await db
    .select()
    .from(documentAuditEntries)
    .where(and(eq(documentAuditEntries.documentId, documentId), gte(documentAuditEntries.seq, after)))
    .orderBy(asc(documentAuditEntries.seq))
    // The predecessor, the page, and one more to know whether another page follows.
    .limit(limit + 2);
  const predecessor = rows[0]?.seq === after ? rows.shift()! : null;
  const entries = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? entries[entries.length - 1]!.seq : null;
  return { predecessor, entries, nextCursor };
}

async function intact(entry: AuditEntryRow, documentId: string): Promise<boolean> {
  const { hash, ...fields } = entry;
  return entry.documentId === documentId && (await auditEntryHash(fields)) === hash;
}

/**
 * Verifies one page of the chain in bounded work: every entry's hash is recomputed; the numbering
 * runs on from `after` without gaps; the first entry links to the stored hash of entry `after`
 * (itself recomputed), or to the genesis hash when `after` is 0; each entry links to the one
 * before it; the entry numbered like the anchor (the document row's `audit_seq`, read before the
 * page) has the anchor's hash; and a last page (`nextCursor` null) reaches the anchor, so entries
 * dropped from the tail are detected. Checking every page of the log checks the whole chain.
 */
export async function verifyAuditPage(
  page: AuditPage,
  after: number,
  anchor: Pick<DocumentRow, "id" | "auditSeq" | "auditHead">,
): Promise<boolean> {
  let prev = GENESIS_HASH;
  if (after > 0) {
    if (!page.predecessor || page.predecessor.seq !== after) return false;
    if (!(await intact(page.predecessor, anchor.id))) return false;
    prev = page.predecessor.hash;
  }
  const head = anchor.auditHead ?? GENESIS_HASH;
  if (after === anchor.auditSeq && prev !== head) return false;
  let seq = after;
  for (const entry of page.entries) {
    if (entry.seq !== seq + 1 || entry.prevHash !== prev) return false;
    if (!(await intact(entry, anchor.id))) return false;
    if (entry.seq === anchor.auditSeq && entry.hash !== head) return false;
    prev = entry.hash;
    seq = entry.seq;
  }
  return page.nextCursor !== null || seq >= anchor.auditSeq;
}

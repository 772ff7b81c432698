// Sealing and opening archived documents: the same envelope as uploaded documents (a random
// data key per archive, 64 KiB AES-256-GCM segments with the archive id in the additional data,
// written by DocumentBlobWriter), the data key wrapped by the organization's key: HKDF of the
// master key with `organization:{id}` as info (user ids, the documents' owners, never take that
// form), so rotation rewraps it like a document's.
import { and, asc, eq, gt, isNull, lte, ne, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  generateDataKey,
  type MasterKeySet,
  rewrapDataKey,
  unwrapDataKey,
  wrapDataKey,
} from "../../crypto/document-keys";
import { newNoncePrefix, openSegments, SegmentEncryptor, segmentCount } from "../../crypto/segmented-aead";
import type { Db } from "../../db/client";
import type { Settled } from "../../db/route";
import { type InvoiceArchive, invoiceArchives } from "../../db/schema/archives";
import { bills } from "../../db/schema/bills";
import { fromBase64, sha256Hex, toBase64 } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import { logError } from "../../lib/log";
import { DocumentBlobWriter } from "../documents/blob-writer";
import { addRewrapCounts, type RewrapOptions, type RewrapResult, rewrapWalk } from "../rewrap";

/** The key-encryption key's HKDF info of an organization's archives. */
export const archiveKeyOwner = (organizationId: string) => `organization:${organizationId}`;

export const archiveStorageKey = (organizationId: string, archiveId: string) =>
  `archives/${organizationId}/${archiveId}`;

/** A rendered PDF or XML is far below this; the writer refuses more. */
const MAX_ARCHIVE_BYTES = 50 * 2 ** 20;

export interface SealedBlob {
  storageKey: string;
  sha256: string;
  sizeBytes: number;
  storedSize: number;
  wrappedKey: string;
  keyVersion: string;
  noncePrefix: string;
}

/**
 * Encrypts the bytes and puts them in R2 under the archive's key (or `storageKey`: a received
 * bill's original is sealed the same way under its own prefix).
 */
export async function sealArchiveBlob(
  bucket: R2Bucket,
  keys: MasterKeySet,
  organizationId: string,
  archiveId: string,
  bytes: Uint8Array<ArrayBuffer>,
  storageKey = archiveStorageKey(organizationId, archiveId),
): Promise<SealedBlob> {
  const dataKey = await generateDataKey();
  const wrapped = await wrapDataKey(keys, archiveKeyOwner(organizationId), dataKey);
  const noncePrefix = newNoncePrefix();
  const writer = new DocumentBlobWriter(
    bucket,
    storageKey,
    MAX_ARCHIVE_BYTES,
    new SegmentEncryptor({ key: dataKey, noncePrefix, documentId: archiveId }),
    {
      httpMetadata: { contentType: "application/octet-stream" },
      customMetadata: { archiveId, format: "aes256gcm-segmented-v1", classification: "restricted" },
    },
  );
  try {
    await writer.write(bytes);
    await writer.complete();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return {
    storageKey,
    sha256: await sha256Hex(bytes),
    sizeBytes: bytes.byteLength,
    storedSize: writer.storedSize,
    wrappedKey: toBase64(wrapped.wrapped),
    keyVersion: wrapped.version,
    noncePrefix: toBase64(noncePrefix),
  };
}

/** What opening a sealed blob reads of its row (an archive's, or a bill's original). */
export type SealedRow = Pick<
  InvoiceArchive,
  | "id"
  | "organizationId"
  | "storageKey"
  | "storedSize"
  | "sizeBytes"
  | "sha256"
  | "wrappedKey"
  | "keyVersion"
  | "noncePrefix"
>;

/** Reads and decrypts an archive whole; a missing, changed or tampered blob is a logged 500. */
export async function openArchiveBlob(
  bucket: R2Bucket,
  keys: MasterKeySet,
  row: SealedRow,
): Promise<Uint8Array<ArrayBuffer>> {
  const object = await bucket.get(row.storageKey).catch((error: unknown) => {
    logError("archive storage failure", { archive_id: row.id, error: String(error) });
    throw new ApiError("storage_error", "Reading the archived document from storage failed");
  });
  if (!object) {
    logError("archive storage failure", { archive_id: row.id, error: "object missing" });
    throw new ApiError("storage_error", "Reading the archived document from storage failed");
  }
  try {
    if (object.size !== row.storedSize) {
      await object.body.cancel();
      throw new Error(`blob has ${object.size} bytes, expected ${row.storedSize}`);
    }
    const key = await unwrapDataKey(
      keys,
      row.keyVersion,
      archiveKeyOwner(row.organizationId),
      fromBase64(row.wrappedKey),
    );
    const context = { key, noncePrefix: fromBase64(row.noncePrefix), documentId: row.id };
    const total = segmentCount(row.sizeBytes);
    const out = new Uint8Array(row.sizeBytes);
    let at = 0;
    for await (const plain of openSegments(context, object.body, { first: 0, count: total, total })) {
      if (at + plain.byteLength > out.byteLength) throw new Error("more plaintext than recorded");
      out.set(plain, at);
      at += plain.byteLength;
    }
    if (at !== row.sizeBytes || (await sha256Hex(out)) !== row.sha256) {
      throw new Error("plaintext does not match the recorded size and SHA-256");
    }
    return out;
  } catch (error) {
    logError("archive decryption failed", { archive_id: row.id, error: String(error) });
    throw new ApiError("encryption_error", "Decrypting the archived document failed");
  }
}

const SWEEP_BATCH = 100;

/**
 * After its retention an archive's blob is deleted; the row stays (with `purged_at`), so the
 * document is never rendered again as if it had not been archived.
 */
export async function purgeExpiredArchives(
  db: Db,
  bucket: R2Bucket,
  at: Date,
  settled: Settled,
): Promise<number> {
  const rows = await db
    .select({ id: invoiceArchives.id, storageKey: invoiceArchives.storageKey })
    .from(invoiceArchives)
    .where(
      and(
        lte(invoiceArchives.expiresAt, at.toISOString()),
        isNull(invoiceArchives.purgedAt),
        settled(invoiceArchives.organizationId),
      ),
    )
    .limit(SWEEP_BATCH);
  for (const row of rows) {
    await bucket.delete(row.storageKey);
    await db
      .update(invoiceArchives)
      .set({ purgedAt: at.toISOString() })
      .where(eq(invoiceArchives.id, row.id));
  }
  return rows.length;
}

/** A table of sealed blobs whose data keys a rotation rewraps, and which of its rows still have one. */
interface SealedTable {
  table: SQLiteTable;
  columns: {
    id: AnySQLiteColumn;
    organizationId: AnySQLiteColumn;
    wrappedKey: AnySQLiteColumn;
    keyVersion: AnySQLiteColumn;
  };
  live?: SQL;
}

/** The sealed tables: invoice archives until their blob is purged, and received bills' originals (kept). */
const SEALED_TABLES: SealedTable[] = [
  { table: invoiceArchives, columns: invoiceArchives, live: isNull(invoiceArchives.purgedAt) },
  { table: bills, columns: bills },
];

/**
 * Rotation: moves the data keys of archives and bill originals to the current master key version
 * (blobs untouched), up to `limit` rows of each table, of the organizations `settled` lets it
 * touch on this database (ShardVisit). `remaining`: the rows of both tables still under another
 * version.
 */
export async function rewrapArchiveKeys(
  db: Db,
  keys: MasterKeySet,
  limit = 500,
  settled: Settled,
): Promise<Omit<RewrapResult, "version">> {
  const total = { rewrapped: 0, failed: 0, remaining: 0 };
  for (const sealed of SEALED_TABLES) {
    addRewrapCounts(total, await rewrapSealedKeys(db, keys, sealed, { limit, settled }));
  }
  return total;
}

function rewrapSealedKeys(db: Db, keys: MasterKeySet, sealed: SealedTable, options: RewrapOptions) {
  const { id, organizationId, wrappedKey, keyVersion } = sealed.columns;
  const stale = and(ne(keyVersion, keys.current), sealed.live);
  type Row = { id: string; organizationId: string; wrappedKey: string; keyVersion: string };
  return rewrapWalk<Row>(db, keys, options, {
    page: async (after, size, settled) =>
      (await db
        .select({ id, organizationId, wrappedKey, keyVersion })
        .from(sealed.table)
        .where(and(stale, gt(id, after?.id ?? ""), settled(organizationId)))
        .orderBy(asc(id))
        .limit(size)) as Row[],
    reseal: async (row) => {
      const owner = archiveKeyOwner(row.organizationId);
      const next = await rewrapDataKey(keys, row.keyVersion, owner, fromBase64(row.wrappedKey));
      const update = db
        .update(sealed.table)
        // Both tables name these columns alike (wrappedKey, keyVersion).
        .set({ wrappedKey: toBase64(next.wrapped), keyVersion: next.version } as never)
        .where(and(eq(id, row.id), eq(wrappedKey, row.wrappedKey)));
      return { update };
    },
    failed: (row, error) => logError("sealed key rewrap failed", { id: row.id, error: String(error) }),
    remaining: () => db.$count(sealed.table, stale),
  });
}

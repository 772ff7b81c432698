// Sealing and opening archived documents: the same envelope as uploaded documents (a random
// data key per archive, 64 KiB AES-256-GCM segments with the archive id in the additional data,
// written by DocumentBlobWriter), the data key wrapped by the organization's key: HKDF of the
// master key with `organization:{id}` as info (user ids, the documents' owners, never take that
// form), so rotation rewraps it like a document's.
import { and, eq, isNull, lte, ne } from "drizzle-orm";
import {
  generateDataKey,
  type MasterKeySet,
  rewrapDataKey,
  unwrapDataKey,
  wrapDataKey,
} from "../../crypto/document-keys";
import { newNoncePrefix, openSegments, SegmentEncryptor, segmentCount } from "../../crypto/segmented-aead";
import type { Db } from "../../db/client";
import { type InvoiceArchive, invoiceArchives } from "../../db/schema/archives";
import { fromBase64, sha256Hex, toBase64 } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import { logError } from "../../lib/log";
import { DocumentBlobWriter } from "../documents/blob-writer";

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
export async function purgeExpiredArchives(db: Db, bucket: R2Bucket, at: Date): Promise<number> {
  const rows = await db
    .select({ id: invoiceArchives.id, storageKey: invoiceArchives.storageKey })
    .from(invoiceArchives)
    .where(and(lte(invoiceArchives.expiresAt, at.toISOString()), isNull(invoiceArchives.purgedAt)))
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

/** Rotation: moves archives' data keys to the current master key version (blobs untouched). */
export async function rewrapArchiveKeys(db: Db, keys: MasterKeySet, limit = 500): Promise<number> {
  const rows = await db
    .select()
    .from(invoiceArchives)
    .where(and(ne(invoiceArchives.keyVersion, keys.current), isNull(invoiceArchives.purgedAt)))
    .limit(limit);
  let rewrapped = 0;
  for (const row of rows) {
    try {
      const next = await rewrapDataKey(
        keys,
        row.keyVersion,
        archiveKeyOwner(row.organizationId),
        fromBase64(row.wrappedKey),
      );
      await db
        .update(invoiceArchives)
        .set({ wrappedKey: toBase64(next.wrapped), keyVersion: next.version })
        .where(and(eq(invoiceArchives.id, row.id), eq(invoiceArchives.wrappedKey, row.wrappedKey)));
      rewrapped++;
    } catch (error) {
      logError("archive key rewrap failed", { archive_id: row.id, error: String(error) });
    }
  }
  return rewrapped;
}

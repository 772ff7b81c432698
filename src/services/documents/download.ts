// Download: reads the blob (or the ciphertext segments a byte range needs) from R2 and decrypts
// it. No plaintext leaves before its segment's tag verified. A response is committed only once
// every segment it will carry has verified: small answers (<= 1 MiB) are decrypted into memory,
// larger ones are verified in a first pass (parallel range reads pinned to the object's etag)
// and then streamed, so a tampered blob answers 500 encryption_error, never wrong bytes.

import { masterKeySet, unwrapDataKey } from "../../crypto/document-keys";
import {
  DecryptionError,
  openSegments,
  SEGMENT_SIZE,
  type SegmentContext,
  type SegmentRange,
  STORED_SEGMENT_SIZE,
  segmentCount,
} from "../../crypto/segmented-aead";
import type { DocumentRow } from "../../db/schema/documents";
import type { Bindings } from "../../env";
import { fromBase64 } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import type { ByteRange } from "../../lib/http-files";
import { logError, logWarn } from "../../lib/log";

/** Answers up to this size are decrypted into memory in one pass. */
const BUFFERED_LIMIT = 1024 * 1024;

type DownloadEnv = Pick<Bindings, "DOCUMENTS" | "MASTER_KEY" | "MASTER_KEYS" | "MASTER_KEY_VERSION">;

export interface OpenedDocument {
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  /** Bytes in the body. */
  length: number;
  /** The plaintext byte range served, when a Range was asked for. */
  range: ByteRange | null;
}

const storageError = (message: string, cause?: unknown) => {
  logError("document storage failure", { message, error: cause === undefined ? undefined : String(cause) });
  return new ApiError("storage_error", "Reading the document from storage failed");
};

const encryptionError = (documentId: string, cause: unknown) => {
  logError("document decryption failed", { document_id: documentId, error: String(cause) });
  return new ApiError("encryption_error", "Decrypting the document failed");
};

async function getObject(bucket: R2Bucket, key: string, options: R2GetOptions): Promise<R2ObjectBody> {
  let object: R2ObjectBody | R2Object | null;
  try {
    object = await bucket.get(key, options);
  } catch (error) {
    throw storageError("R2 get failed", error);
  }
  if (!object) throw storageError(`object ${key} is missing`);
  if (!("body" in object)) throw storageError(`object ${key} changed while being read`);
  return object;
}

export async function openDocument(
  env: DownloadEnv,
  doc: DocumentRow,
  range: ByteRange | null,
): Promise<OpenedDocument> {
  const start = range?.start ?? 0;
  const length = range ? range.end - range.start + 1 : doc.sizeBytes;
  if (!doc.isEncrypted) return openPlain(env.DOCUMENTS, doc, range, start, length);
  return openEncrypted(env, doc, range, start, length);
}

async function openPlain(
  bucket: R2Bucket,
  doc: DocumentRow,
  range: ByteRange | null,
  start: number,
  length: number,
): Promise<OpenedDocument> {
  const object = await getObject(bucket, doc.storageKey, range ? { range: { offset: start, length } } : {});
  if (object.size !== doc.storedSize) {
    await object.body.cancel().catch(() => {});
    throw storageError(`object ${doc.storageKey} has ${object.size} bytes, expected ${doc.storedSize}`);
  }
  return { body: object.body, length, range };
}

async function openEncrypted(
  env: DownloadEnv,
  doc: DocumentRow,
  range: ByteRange | null,
  start: number,
  length: number,
): Promise<OpenedDocument> {
  if (!doc.wrappedKey || !doc.noncePrefix || !doc.keyVersion || doc.segmentSize !== SEGMENT_SIZE) {
    throw encryptionError(doc.id, new Error("the document's key material is missing"));
  }
  let context: SegmentContext;
  try {
    const key = await unwrapDataKey(
      masterKeySet(env),
      doc.keyVersion,
      doc.ownerId,
      fromBase64(doc.wrappedKey),
    );
    context = { key, noncePrefix: fromBase64(doc.noncePrefix), documentId: doc.id };
  } catch (error) {
    throw encryptionError(doc.id, error);
  }

  // The segments holding [start, start + length); an empty file has one empty segment.
  const total = segmentCount(doc.sizeBytes);
  const first = Math.floor(start / SEGMENT_SIZE);
  const last = length === 0 ? first : Math.floor((start + length - 1) / SEGMENT_SIZE);
  const segments: SegmentRange = { first, count: last - first + 1, total };
  const storedRange = storedRangeOf(segments, doc.storedSize);
  const skip = start - first * SEGMENT_SIZE;

  const object = await getObject(env.DOCUMENTS, doc.storageKey, { range: storedRange });
  if (object.size !== doc.storedSize) {
    await object.body.cancel().catch(() => {});
    // Segments were dropped or added: the blob is not the one that was written.
    throw encryptionError(doc.id, new Error(`blob has ${object.size} bytes, expected ${doc.storedSize}`));
  }

  if (length <= BUFFERED_LIMIT) {
    const out = new Uint8Array(length);
    try {
      let written = 0;
      let from = skip;
      for await (const plain of openSegments(context, object.body, segments)) {
        const piece = plain.subarray(from, from + (length - written));
        out.set(piece, written);
        written += piece.length;
        from = 0;
      }
    } catch (error) {
      throw encryptionError(doc.id, error);
    }
    return { body: out, length, range };
  }

  // First pass: authenticate every segment the answer needs, keeping nothing, over a few
  // parallel range reads of the same object version (the open body above waits meanwhile).
  try {
    await Promise.all(
      splitRange(segments, VERIFY_READS).map(async (slice) => {
        const part = await getObject(env.DOCUMENTS, doc.storageKey, {
          range: storedRangeOf(slice, doc.storedSize),
          onlyIf: { etagMatches: object.etag },
        });
        for await (const _ of openSegments(context, part.body, slice)) {
          // verified and dropped
        }
      }),
    );
  } catch (error) {
    await object.body.cancel().catch(() => {});
    if (error instanceof ApiError) throw error;
    throw encryptionError(doc.id, error);
  }
  // Second pass streams the body opened first; each segment is authenticated again on the way.
  const plaintext = sliceStream(openSegments(context, object.body, segments), skip, length);
  const fixed = new FixedLengthStream(length);
  plaintext.pipeTo(fixed.writable).catch((error: unknown) => {
    // Only a change of the blob between the passes can land here: the client sees a cut-off body.
    logWarn("document stream aborted", { document_id: doc.id, error: String(error) });
  });
  return { body: fixed.readable, length, range };
}

/** Parallel reads of the verification pass (Workers allow 6 open connections per request). */
const VERIFY_READS = 4;

function storedRangeOf(range: SegmentRange, storedSize: number): { offset: number; length: number } {
  const offset = range.first * STORED_SEGMENT_SIZE;
  return { offset, length: Math.min((range.first + range.count) * STORED_SEGMENT_SIZE, storedSize) - offset };
}

/** Cuts a run of segments into at most `n` consecutive runs. */
function splitRange(range: SegmentRange, n: number): SegmentRange[] {
  const size = Math.ceil(range.count / n);
  const out: SegmentRange[] = [];
  for (let first = range.first; first < range.first + range.count; first += size) {
    out.push({ first, count: Math.min(size, range.first + range.count - first), total: range.total });
  }
  return out;
}

/** A pull-driven stream of the plaintext segments, cut to [skip, skip + length). */
function sliceStream(
  segments: AsyncGenerator<Uint8Array<ArrayBuffer>>,
  skip: number,
  length: number,
): ReadableStream<Uint8Array> {
  let from = skip;
  let remaining = length;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await segments.next();
        if (done || remaining === 0) {
          if (remaining !== 0) controller.error(new DecryptionError("plaintext ends early"));
          else controller.close();
          return;
        }
        const piece = value.subarray(from, from + remaining);
        from = 0;
        remaining -= piece.length;
        controller.enqueue(piece);
      },
      async cancel() {
        await segments.return(undefined);
      },
    },
    // A few segments ahead, so decryption overlaps sending (256 KiB).
    { highWaterMark: 4 },
  );
}

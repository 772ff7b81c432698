// Download: reads the blob (or the ciphertext segments a byte range needs) from R2 and decrypts
// it segment by segment. No plaintext leaves before its segment's tag verified. Answers up to
// 1 MiB are decrypted whole into memory before the headers go out (any tampering: 500). Larger
// ones are streamed: the first segment is verified before the headers, each later one just
// before its bytes are sent, with at most a few segments in memory; a later segment that fails
// cuts the transfer off (the client sees a broken body, never a wrong byte).
import { masterKeySet, unwrapDataKey } from "../../crypto/document-keys";
import {
  DecryptionError,
  SEGMENT_SIZE,
  type SegmentContext,
  type SegmentRange,
  SegmentReader,
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

export interface DownloadOptions {
  /**
   * Called (and awaited) when the stored blob fails authentication: before the 500 when that is
   * found before the answer starts, or mid-stream before the body errors. Its errors are logged.
   */
  onIntegrityFailure?: (error: unknown) => Promise<void>;
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
  options: DownloadOptions = {},
): Promise<OpenedDocument> {
  const start = range?.start ?? 0;
  const length = range ? range.end - range.start + 1 : doc.sizeBytes;
  if (!doc.isEncrypted) return openPlain(env.DOCUMENTS, doc, range, start, length);
  return openEncrypted(env, doc, range, start, length, options);
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
  options: DownloadOptions,
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
  const integrityFailed = async (error: unknown) => {
    await reportIntegrityFailure(doc.id, error, options);
    return encryptionError(doc.id, error);
  };

  // The segments holding [start, start + length); an empty file has one empty segment.
  const total = segmentCount(doc.sizeBytes);
  const first = Math.floor(start / SEGMENT_SIZE);
  const last = length === 0 ? first : Math.floor((start + length - 1) / SEGMENT_SIZE);
  const segments: SegmentRange = { first, count: last - first + 1, total };
  const skip = start - first * SEGMENT_SIZE;

  const object = await getObject(env.DOCUMENTS, doc.storageKey, {
    range: storedRangeOf(segments, doc.storedSize),
  });
  if (object.size !== doc.storedSize) {
    await object.body.cancel().catch(() => {});
    // Segments were dropped or added: the blob is not the one that was written.
    throw await integrityFailed(
      new DecryptionError(`blob has ${object.size} bytes, expected ${doc.storedSize}`),
    );
  }
  const reader = new SegmentReader(context, object.body, segments);
  const plaintext = new PlaintextSlicer(skip, length);

  if (length <= BUFFERED_LIMIT) {
    const out = new Uint8Array(length);
    try {
      for (let plain = await reader.next(); plain !== null; plain = await reader.next()) {
        const written = length - plaintext.remaining;
        out.set(plaintext.cut(plain), written);
      }
      plaintext.assertComplete();
    } catch (error) {
      if (error instanceof DecryptionError) throw await integrityFailed(error);
      throw storageError("R2 read failed", error);
    }
    return { body: out, length, range };
  }

  // The first segment is verified before the answer is committed, so a blob tampered there (or
  // a wrong key) is still a clean 500.
  let firstPlain: Uint8Array<ArrayBuffer> | null;
  try {
    firstPlain = await reader.next();
  } catch (error) {
    if (error instanceof DecryptionError) throw await integrityFailed(error);
    throw storageError("R2 read failed", error);
  }
  const body = plaintextStream(doc.id, reader, firstPlain, plaintext, options);
  // A FixedLengthStream keeps Content-Length on the answer; a body cut short errors on both sides.
  const fixed = new FixedLengthStream(length);
  body.pipeTo(fixed.writable).catch((error: unknown) => {
    logWarn("document stream aborted", { document_id: doc.id, error: String(error) });
  });
  return { body: fixed.readable, length, range };
}

/** Lets the caller record the failure (audit entry, event); never throws. */
async function reportIntegrityFailure(documentId: string, error: unknown, options: DownloadOptions) {
  if (!options.onIntegrityFailure) return;
  try {
    await options.onIntegrityFailure(error);
  } catch (cause) {
    logError("recording a document integrity failure failed", {
      document_id: documentId,
      error: String(cause),
    });
  }
}

function storedRangeOf(range: SegmentRange, storedSize: number): { offset: number; length: number } {
  const offset = range.first * STORED_SEGMENT_SIZE;
  return { offset, length: Math.min((range.first + range.count) * STORED_SEGMENT_SIZE, storedSize) - offset };
}

/** Cuts consecutive plaintext segments down to the answer's [skip, skip + length). */
class PlaintextSlicer {
  private from: number;

  constructor(
    skip: number,
    public remaining: number,
  ) {
    this.from = skip;
  }

  cut(segment: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
    const piece = segment.subarray(this.from, this.from + this.remaining);
    this.from = 0;
    this.remaining -= piece.length;
    return piece;
  }

  assertComplete(): void {
    if (this.remaining !== 0) throw new DecryptionError("plaintext ends early");
  }
}

/**
 * The answer's plaintext, one segment per pull: each segment is read from R2 (exactly one stored
 * segment), authenticated and cut before it is queued, and only a couple are queued ahead of the
 * client. A segment that fails authentication is reported (awaited, so the audit entry is
 * written before the client sees the error) and then errors the stream.
 */
function plaintextStream(
  documentId: string,
  reader: SegmentReader,
  firstPlain: Uint8Array<ArrayBuffer> | null,
  plaintext: PlaintextSlicer,
  options: DownloadOptions,
): ReadableStream<Uint8Array> {
  let pending = firstPlain;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const plain = pending ?? (await reader.next());
          pending = null;
          if (reader.cancelled) return;
          if (plain === null) {
            plaintext.assertComplete();
            controller.close();
            return;
          }
          const piece = plaintext.cut(plain);
          if (piece.length > 0) controller.enqueue(piece);
          if (plaintext.remaining === 0) {
            // The last segment of the range (its end verified by the last flag when it is the
            // document's last): nothing more to read.
            controller.close();
            await reader.cancel();
          }
        } catch (error) {
          if (error instanceof DecryptionError) {
            logError("document decryption failed mid-stream", {
              document_id: documentId,
              error: String(error),
            });
            await reportIntegrityFailure(documentId, error, options);
          }
          controller.error(error);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    // One segment queued ahead of the one being sent: decryption overlaps sending.
    { highWaterMark: 2 },
  );
}

// Segmented AES-256-GCM (the layout of Tink's AES-GCM-HKDF streaming AEAD, without the header):
// plaintext is cut into 64 KiB segments, each sealed on its own with
//   nonce = 7-byte per-document random prefix || segment index (uint32 BE) || last flag (1 byte)
//   AAD   = format byte 0x01 || document id (UTF-8) || segment index (uint32 BE) || last flag
// and stored back to back as ciphertext || 16-byte tag. Every segment is authenticated alone, so a
// byte range decrypts only the segments it touches; the last flag makes truncation detectable,
// the index makes reordering detectable, and the document id makes another document's blob fail.
import { utf8 } from "../lib/encoding";

export const SEGMENT_SIZE = 64 * 1024;
export const TAG_SIZE = 16;
export const STORED_SEGMENT_SIZE = SEGMENT_SIZE + TAG_SIZE;
export const NONCE_PREFIX_SIZE = 7;
const FORMAT_VERSION = 0x01;
const MAX_SEGMENTS = 2 ** 32;

/** Any authentication or framing failure: never hand out bytes after this. */
export class DecryptionError extends Error {
  override readonly name = "DecryptionError";
}

/** Segments of a plaintext of this size; an empty plaintext still has one (empty, last) segment. */
export function segmentCount(plainSize: number): number {
  return Math.max(1, Math.ceil(plainSize / SEGMENT_SIZE));
}

export function newNoncePrefix(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(NONCE_PREFIX_SIZE));
}

function segmentNonce(prefix: Uint8Array, index: number, last: boolean): Uint8Array<ArrayBuffer> {
  const nonce = new Uint8Array(12);
  nonce.set(prefix, 0);
  new DataView(nonce.buffer).setUint32(NONCE_PREFIX_SIZE, index, false);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

function segmentAad(documentId: Uint8Array, index: number, last: boolean): Uint8Array<ArrayBuffer> {
  const aad = new Uint8Array(1 + documentId.length + 5);
  aad[0] = FORMAT_VERSION;
  aad.set(documentId, 1);
  const view = new DataView(aad.buffer);
  view.setUint32(1 + documentId.length, index, false);
  aad[aad.length - 1] = last ? 1 : 0;
  return aad;
}

export interface SegmentContext {
  key: CryptoKey;
  noncePrefix: Uint8Array;
  documentId: string;
}

/** Seals segments in order; the caller says which one is last (it holds one back until it knows). */
export class SegmentEncryptor {
  private index = 0;
  private finished = false;
  private readonly documentId: Uint8Array;

  constructor(private readonly context: SegmentContext) {
    if (context.noncePrefix.length !== NONCE_PREFIX_SIZE) throw new Error("bad nonce prefix");
    this.documentId = utf8(context.documentId);
  }

  async seal(plaintext: Uint8Array<ArrayBuffer>, last: boolean): Promise<Uint8Array<ArrayBuffer>> {
    if (this.finished) throw new Error("segment after the last one");
    if (plaintext.length > SEGMENT_SIZE || (!last && plaintext.length !== SEGMENT_SIZE)) {
      throw new Error("segment of the wrong size");
    }
    if (this.index >= MAX_SEGMENTS) throw new Error("too many segments");
    const index = this.index++;
    this.finished = last;
    const sealed = await crypto.subtle.encrypt(
      {
        name: "AES-GCM",
        iv: segmentNonce(this.context.noncePrefix, index, last),
        additionalData: segmentAad(this.documentId, index, last),
        tagLength: TAG_SIZE * 8,
      },
      this.context.key,
      plaintext,
    );
    return new Uint8Array(sealed);
  }
}

export async function openSegment(
  context: SegmentContext,
  index: number,
  last: boolean,
  stored: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (stored.length < TAG_SIZE || stored.length > STORED_SEGMENT_SIZE) {
    throw new DecryptionError(`segment ${index} has a bad length`);
  }
  if (!last && stored.length !== STORED_SEGMENT_SIZE) {
    throw new DecryptionError(`segment ${index} is short`);
  }
  try {
    const plain = await crypto.subtle.decrypt(
      {
        name: "AES-GCM",
        iv: segmentNonce(context.noncePrefix, index, last),
        additionalData: segmentAad(utf8(context.documentId), index, last),
        tagLength: TAG_SIZE * 8,
      },
      context.key,
      stored,
    );
    return new Uint8Array(plain);
  } catch (cause) {
    throw new DecryptionError(`segment ${index} failed authentication`, { cause });
  }
}

/**
 * Reads a byte stream in pieces of exactly `size` bytes (the final piece may be shorter), one
 * piece per `read()`: only the piece being filled is held. Stream chunks need not align with
 * pieces: native byte streams (R2 bodies) fill a whole piece per read with `readAtLeast`, other
 * streams are copied into a piece buffer up to its boundary.
 */
export class FixedChunkReader {
  private readonly byob: ReadableStreamBYOBReader | undefined;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  /** Unused bytes of the last chunk read (default readers only). */
  private pending: Uint8Array | undefined;
  private ended = false;

  constructor(
    source: ReadableStream<Uint8Array>,
    private readonly size: number,
  ) {
    try {
      this.byob = source.getReader({ mode: "byob" });
    } catch {
      // Not a byte stream: copy chunk by chunk in read().
      this.reader = source.getReader();
    }
  }

  /** The next piece, or null once the stream has ended. */
  async read(): Promise<Uint8Array<ArrayBuffer> | null> {
    if (this.ended) return null;
    if (this.byob) {
      const { done, value } = await this.byob.readAtLeast(this.size, new Uint8Array(this.size));
      if (done || !value || value.byteLength < this.size) this.ended = true;
      if (!value || value.byteLength === 0) return null;
      return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    }
    const piece = new Uint8Array(this.size);
    let fill = 0;
    while (fill < this.size) {
      let chunk = this.pending;
      this.pending = undefined;
      if (!chunk) {
        const { done, value } = await this.reader!.read();
        if (done) {
          this.ended = true;
          break;
        }
        chunk = value;
      }
      const n = Math.min(this.size - fill, chunk.length);
      piece.set(chunk.subarray(0, n), fill);
      fill += n;
      if (n < chunk.length) this.pending = chunk.subarray(n);
    }
    return fill === 0 ? null : piece.subarray(0, fill);
  }

  /** Stops reading and cancels the source (also while a read is pending). */
  async cancel(reason?: unknown): Promise<void> {
    this.ended = true;
    this.pending = undefined;
    await (this.byob ?? this.reader)!.cancel(reason).catch(() => {});
  }

  releaseLock(): void {
    (this.byob ?? this.reader)!.releaseLock();
  }
}

export interface SegmentRange {
  /** First segment index present in `source`. */
  first: number;
  /** Number of segments `source` must hold. */
  count: number;
  /** Segments of the whole document (decides which one carries the last flag). */
  total: number;
}

/**
 * Opens the stored segments `range.first .. first + count - 1` read from `source`, one per
 * `next()`, in order: only the segment being read and opened is held. Throws DecryptionError on
 * any failed tag, a short or long stream, or a misplaced short segment; after a throw (or
 * `cancel()`) the source is cancelled and nothing more is read.
 */
export class SegmentReader {
  private readonly chunks: FixedChunkReader;
  private index: number;
  private readonly end: number;
  private failed = false;
  private stopped = false;

  constructor(
    private readonly context: SegmentContext,
    source: ReadableStream<Uint8Array>,
    private readonly range: SegmentRange,
  ) {
    this.chunks = new FixedChunkReader(source, STORED_SEGMENT_SIZE);
    this.index = range.first;
    this.end = range.first + range.count;
  }

  /** True once `cancel()` was called: `next()` then answers null and proves nothing. */
  get cancelled(): boolean {
    return this.stopped;
  }

  /** The plaintext of the next segment, or null after the last one (checked to be the last). */
  async next(): Promise<Uint8Array<ArrayBuffer> | null> {
    if (this.failed) throw new DecryptionError("read after a failure");
    if (this.stopped) return null;
    try {
      const stored = await this.chunks.read();
      // A cancel while the read was pending ends it early: that is no tampering.
      if (this.stopped) return null;
      if (stored === null) {
        if (this.index !== this.end) throw new DecryptionError("ciphertext ends early");
        return null;
      }
      if (this.index >= this.end) throw new DecryptionError("more ciphertext than expected");
      const index = this.index++;
      return await openSegment(this.context, index, index === this.range.total - 1, stored);
    } catch (error) {
      this.failed = true;
      await this.chunks.cancel(error);
      throw error;
    }
  }

  cancel(reason?: unknown): Promise<void> {
    this.stopped = true;
    return this.chunks.cancel(reason);
  }
}

/** Every segment of `range` from `source`, in order (see SegmentReader). */
export async function* openSegments(
  context: SegmentContext,
  source: ReadableStream<Uint8Array>,
  range: SegmentRange,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const reader = new SegmentReader(context, source, range);
  let complete = false;
  try {
    for (;;) {
      const plain = await reader.next();
      if (plain === null) break;
      yield plain;
    }
    complete = true;
  } finally {
    if (!complete) await reader.cancel();
  }
}

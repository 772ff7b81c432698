// Writes a document's bytes to R2 as they stream in, in bounded memory: a plaintext segment
// buffer, one R2 part being filled and at most one part in flight. Small blobs (one part) go up
// with a single put(); larger ones become an R2 multipart upload whose parts all have the same
// size (a whole number of segments, >= 5 MiB) except the last.
import { SEGMENT_SIZE, type SegmentEncryptor, STORED_SEGMENT_SIZE } from "../../crypto/segmented-aead";

/** Segments per R2 part: 80 x 64 KiB = 5 MiB plain, 80 x (64 KiB + 16) encrypted; both >= 5 MiB. */
const SEGMENTS_PER_PART = 80;
/** What the first part holds before it grows (doubling) towards a whole part. */
const FIRST_PART_CAPACITY = 64 * 1024;

export class FileTooLargeError extends Error {
  override readonly name = "FileTooLargeError";
}

export class StorageError extends Error {
  override readonly name = "StorageError";
}

async function r2<T>(what: string, operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (cause) {
    throw new StorageError(`R2 ${what} failed`, { cause });
  }
}

/**
 * Test seam: told of every multipart upload this module creates and every part it uploads, so a
 * test can check that a failed upload was really aborted (R2's list() never shows incomplete
 * multipart uploads). Never set outside tests.
 */
export const blobWriterProbe: {
  created?(upload: R2MultipartUpload): void;
  partUploaded?(upload: R2MultipartUpload, partNumber: number): void;
} = {};

/** Buffers bytes into equal-size parts and uploads each as it fills. `complete()` publishes the object. */
class R2PartWriter {
  private part: Uint8Array<ArrayBuffer>;
  private fill = 0;
  private upload: R2MultipartUpload | undefined;
  private readonly uploaded: R2UploadedPart[] = [];
  private inFlight: Promise<R2UploadedPart> | undefined;
  /** Two part buffers take turns (one filling, one uploading): no 5 MiB garbage per part. */
  private inFlightBuffer: Uint8Array<ArrayBuffer> | undefined;
  private spare: Uint8Array<ArrayBuffer> | undefined;
  private partNumber = 0;
  size = 0;

  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
    private readonly partSize: number,
    private readonly options: R2MultipartOptions,
  ) {
    // The first part grows with what is written: most blobs (an invoice's archived PDF, a
    // receipt) are a few KiB, and a whole part up front would be 5 MiB zeroed for each.
    this.part = new Uint8Array(Math.min(partSize, FIRST_PART_CAPACITY));
  }

  async write(bytes: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < bytes.length) {
      if (this.fill === this.partSize) await this.flushFullPart();
      const n = Math.min(this.partSize - this.fill, bytes.length - offset);
      if (this.fill + n > this.part.length) this.grow(this.fill + n);
      this.part.set(bytes.subarray(offset, offset + n), this.fill);
      this.fill += n;
      offset += n;
      this.size += n;
    }
  }

  /** Uploads the held part (the last one) and completes the upload, or put()s a small blob whole. */
  async complete(): Promise<void> {
    const last = this.part.subarray(0, this.fill);
    if (!this.upload) {
      await r2("put", this.bucket.put(this.key, last, this.options));
      return;
    }
    await this.settleInFlight();
    this.uploaded.push(await r2("uploadPart", this.upload.uploadPart(++this.partNumber, last)));
    await r2("complete", this.upload.complete(this.uploaded));
  }

  /** Drops everything uploaded so far; safe to call at any point, never throws. */
  async abort(): Promise<void> {
    if (!this.upload) return;
    await this.inFlight?.catch(() => {});
    await this.upload.abort().catch(() => {});
  }

  private async flushFullPart(): Promise<void> {
    if (!this.upload) {
      this.upload = await r2(
        "createMultipartUpload",
        this.bucket.createMultipartUpload(this.key, this.options),
      );
      blobWriterProbe.created?.(this.upload);
    }
    const upload = this.upload;
    // One part in flight while the next fills: overlap without unbounded buffering.
    await this.settleInFlight();
    const body = this.part;
    const partNumber = ++this.partNumber;
    this.inFlight = r2("uploadPart", upload.uploadPart(partNumber, body)).then((part) => {
      blobWriterProbe.partUploaded?.(upload, partNumber);
      return part;
    });
    this.inFlight.catch(() => {}); // awaited later; this only marks the rejection handled
    this.inFlightBuffer = body;
    this.part = this.spare ?? new Uint8Array(this.partSize);
    this.spare = undefined;
    this.fill = 0;
  }

  /** Doubles the part being filled (up to a whole part) until `needed` bytes fit. */
  private grow(needed: number): void {
    let capacity = this.part.length;
    while (capacity < needed) capacity = Math.min(this.partSize, capacity * 2);
    const bigger = new Uint8Array(capacity);
    bigger.set(this.part.subarray(0, this.fill));
    this.part = bigger;
  }

  private async settleInFlight(): Promise<void> {
    if (!this.inFlight) return;
    const pending = this.inFlight;
    this.inFlight = undefined;
    this.uploaded.push(await pending);
    // The upload has consumed its bytes: the buffer is free to be filled again.
    this.spare = this.inFlightBuffer;
    this.inFlightBuffer = undefined;
  }
}

/**
 * The sink a file part streams into: counts plaintext bytes against the file limit and, when an
 * encryptor is given, seals 64 KiB segments (holding the newest one back until it is known
 * whether it is the last).
 */
export class DocumentBlobWriter {
  private readonly parts: R2PartWriter;
  private segment = new Uint8Array(SEGMENT_SIZE);
  private segmentFill = 0;
  private ended = false;
  plainSize = 0;

  constructor(
    bucket: R2Bucket,
    key: string,
    private readonly maxFileBytes: number,
    private readonly encryptor: SegmentEncryptor | null,
    options: R2MultipartOptions,
  ) {
    const partSize = SEGMENTS_PER_PART * (encryptor ? STORED_SEGMENT_SIZE : SEGMENT_SIZE);
    this.parts = new R2PartWriter(bucket, key, partSize, options);
  }

  get storedSize(): number {
    return this.parts.size;
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.plainSize += chunk.length;
    if (this.plainSize > this.maxFileBytes) {
      throw new FileTooLargeError(`The file exceeds ${this.maxFileBytes} bytes`);
    }
    if (!this.encryptor) return this.parts.write(chunk);
    let offset = 0;
    while (offset < chunk.length) {
      if (this.segmentFill === SEGMENT_SIZE) {
        // More data follows, so the held segment is not the last one.
        await this.parts.write(await this.encryptor.seal(this.segment, false));
        this.segmentFill = 0;
      }
      const n = Math.min(SEGMENT_SIZE - this.segmentFill, chunk.length - offset);
      this.segment.set(chunk.subarray(offset, offset + n), this.segmentFill);
      this.segmentFill += n;
      offset += n;
    }
  }

  /** The file part is over: seal the held segment as the last one (possibly empty). */
  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (this.encryptor) {
      await this.parts.write(await this.encryptor.seal(this.segment.subarray(0, this.segmentFill), true));
    }
  }

  /** Publishes the object in R2 (after the rest of the request proved valid). */
  async complete(): Promise<void> {
    await this.end();
    await this.parts.complete();
  }

  abort(): Promise<void> {
    return this.parts.abort();
  }
}

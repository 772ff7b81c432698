// A pull-driven multipart/form-data reader over multipasta's parser. Nothing is read from the
// request body until the consumer asks for the next event, so a slow consumer (encryption and
// R2 part uploads) holds the client back instead of letting parsed chunks pile up in memory.
// (multipasta/web's WritableStream accepts every chunk at once, without backpressure: piping a
// fast client into it buffers the whole file when the consumer is slower.)
import * as Multipasta from "multipasta";

export type PartInfo = Multipasta.PartInfo;

export type MultipartEvent =
  | { kind: "part"; info: PartInfo }
  | { kind: "data"; chunk: Uint8Array }
  | { kind: "end" };

/** The request body passed the byte limit while being read. */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
}

export class MalformedMultipartError extends Error {
  override readonly name = "MalformedMultipartError";
}

export interface MultipartReaderOptions {
  contentType: string;
  /** Total body bytes allowed; one more and `next()` throws BodyTooLargeError. */
  maxBodyBytes: number;
  maxParts?: number;
}

export class MultipartReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly parser: Multipasta.Parser;
  private readonly queue: MultipartEvent[] = [];
  private failure: Multipasta.MultipartError | Error | undefined;
  private closingBoundarySeen = false;
  private bodyEnded = false;
  bytesRead = 0;

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly options: MultipartReaderOptions,
  ) {
    this.reader = body.getReader();
    this.parser = Multipasta.make({
      headers: { "content-type": options.contentType },
      // Every part is streamed (never collected whole); the caller discards what it does not want.
      isFile: () => true,
      maxParts: options.maxParts ?? 16,
      onField: () => {},
      onFile: (info) => {
        this.queue.push({ kind: "part", info });
        return (chunk) => this.queue.push(chunk === null ? { kind: "end" } : { kind: "data", chunk });
      },
      onError: (error) => {
        this.failure ??= error;
      },
      onDone: () => {
        this.closingBoundarySeen = true;
      },
    });
  }

  /** The next part header, data chunk or part end; null after the closing boundary. */
  async next(): Promise<MultipartEvent | null> {
    for (;;) {
      const event = this.queue.shift();
      if (event) return event;
      if (this.failure) throw new MalformedMultipartError(describe(this.failure));
      if (this.closingBoundarySeen) return null;
      if (this.bodyEnded) throw new MalformedMultipartError("The body ends before the closing boundary");
      await this.readChunk((chunk) => {
        try {
          this.parser.write(chunk);
        } catch (error) {
          // multipasta throws on e.g. a malformed percent-encoded filename*.
          this.failure ??= error instanceof Error ? error : new Error(String(error));
        }
      });
    }
  }

  /** Reads and counts what follows the closing boundary, so an oversized body still fails. */
  async drain(): Promise<void> {
    while (!this.bodyEnded) await this.readChunk(() => {});
  }

  /** Stops reading; the rest of the body is discarded. */
  cancel(): void {
    this.reader.cancel().catch(() => {});
  }

  private async readChunk(consume: (chunk: Uint8Array) => void): Promise<void> {
    const { done, value } = await this.reader.read();
    if (done) {
      this.bodyEnded = true;
      if (!this.closingBoundarySeen) this.parser.end();
      return;
    }
    this.bytesRead += value.byteLength;
    if (this.bytesRead > this.options.maxBodyBytes) {
      throw new BodyTooLargeError(`The request body exceeds ${this.options.maxBodyBytes} bytes`);
    }
    consume(value);
  }
}

function describe(error: Multipasta.MultipartError | Error): string {
  if (error instanceof Error) return `Malformed multipart body: ${error.message}`;
  switch (error._tag) {
    case "InvalidBoundary":
      return "Content-Type multipart/form-data needs a boundary parameter";
    case "ReachedLimit":
      return `Too many or too large parts (${error.limit})`;
    case "EndNotReached":
      return "The body ends before the closing boundary";
    default:
      return `Malformed multipart body (${error._tag})`;
  }
}

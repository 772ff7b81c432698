// A pull-driven multipart/form-data reader over multipasta's parser. Nothing is read from the
// request body until the consumer asks for the next event, so a slow consumer (encryption and
// R2 part uploads) holds the client back instead of letting parsed chunks pile up in memory.
// (multipasta/web's WritableStream accepts every chunk at once, without backpressure: piping a
// fast client into it buffers the whole file when the consumer is slower.)
// Content-Disposition is parsed here, not by multipasta: its parameter grammar admits only
// Latin-1 in quoted strings, so a raw UTF-8 `filename="日本.txt"` (RFC 7578) made it drop the
// whole header, and the part lost its name.
import * as Multipasta from "multipasta";

export interface PartInfo {
  /** The form field name (`name=`). */
  name: string;
  /** `filename*` (RFC 8187, UTF-8) when present, else `filename` (raw UTF-8, RFC 7578). */
  filename: string | undefined;
  contentType: string;
  contentTypeParameters: Record<string, string>;
}

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
      onFile: (raw) => {
        this.queue.push({ kind: "part", info: partInfo(raw) });
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

const TOKEN = "[!#$%&'*+.^\\w`|~-]+";
/** `; key=value` with a token or a quoted string (any character but `"`; `\x` pairs kept as sent). */
const PARAMETER = new RegExp(
  `\\s*;\\s*(${TOKEN})\\s*=\\s*(?:"((?:[^"\\\\]|\\\\[\\s\\S])*)"|(${TOKEN}))\\s*`,
  "y",
);
const DISPOSITION_TYPE = new RegExp(`^\\s*(${TOKEN})\\s*`);

/**
 * Parses `form-data; name="file"; filename="..."; filename*=UTF-8''...` into its type and
 * parameters (keys lower-cased). Quoted values may hold any Unicode (the header is decoded as
 * UTF-8). Null when the header does not follow the grammar.
 */
export function parseContentDisposition(
  header: string,
): { type: string; parameters: Record<string, string> } | null {
  const type = DISPOSITION_TYPE.exec(header);
  if (!type) return null;
  const parameters: Record<string, string> = Object.create(null);
  let at = type[0].length;
  while (at < header.length) {
    PARAMETER.lastIndex = at;
    const match = PARAMETER.exec(header);
    if (!match)
      return /^\s*;?\s*$/.test(header.slice(at)) ? { type: type[1]!.toLowerCase(), parameters } : null;
    parameters[match[1]!.toLowerCase()] = match[2] ?? match[3]!;
    at = PARAMETER.lastIndex;
  }
  return { type: type[1]!.toLowerCase(), parameters };
}

/**
 * An RFC 8187 ext-value (`charset'lang'pct-encoded`), its escapes decoded as UTF-8 (the charset
 * every sender uses; multipasta, which reads the header first, refuses escapes that are not
 * UTF-8). Undefined when the value is not of that form (then `filename` applies, as before);
 * throws MalformedMultipartError for escapes that are not UTF-8.
 */
function decodeExtValue(value: string): string | undefined {
  const match = /^[A-Za-z0-9!#$%&+^_`{}~-]+'[A-Za-z0-9-]*'(.*)$/.exec(value);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    throw new MalformedMultipartError("filename* is not valid percent-encoded UTF-8");
  }
}

function partInfo(raw: Multipasta.PartInfo): PartInfo {
  const header = raw.headers["content-disposition"];
  const disposition = typeof header === "string" ? parseContentDisposition(header) : null;
  const parameters = disposition?.parameters ?? {};
  const extended = parameters["filename*"];
  // filename* wins over filename when both are present (RFC 6266 4.3).
  const filename = (extended !== undefined ? decodeExtValue(extended) : undefined) ?? parameters.filename;
  const hasType = raw.headers["content-type"] !== undefined;
  return {
    name: parameters.name ?? "",
    filename,
    contentType: hasType
      ? raw.contentType
      : filename !== undefined
        ? "application/octet-stream"
        : "text/plain",
    contentTypeParameters: raw.contentTypeParameters,
  };
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

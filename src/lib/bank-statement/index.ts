// A bank statement request body to a stream of its entries: the raw body (application/xml or
// text/xml for CAMT, text/plain for MT940) or the multipart field `file` (format sniffed: XML
// starts with `<`), decoded and handed to the format's parser chunk by chunk as it arrives.
import { ApiError } from "../errors";
import { BodyTooLargeError, MalformedMultipartError, MultipartReader } from "../multipart-stream";
import { bodyTooLarge, countedBody } from "../request-file";
import { streamCamt } from "./camt";
import { streamMt940 } from "./mt940";
import { StatementFormatError, type StatementHead, type StatementStream } from "./types";

export {
  MAX_STATEMENT_ENTRIES,
  type ParsedStatement,
  type StatementEntry,
  StatementFormatError,
  type StatementHead,
  type StatementStream,
} from "./types";

/** The decoder of the body's `charset` (UTF-8 when it names none); 415 for one it does not know. */
function decoderFor(contentType: string): TextDecoder {
  const charset = /charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType)?.[1];
  if (charset === undefined) return new TextDecoder("utf-8");
  try {
    return new TextDecoder(charset);
  } catch {
    throw new ApiError(
      "unsupported_media_type",
      `Unknown charset "${charset.slice(0, 40)}": use UTF-8, ISO-8859-1 or another WHATWG encoding label`,
    );
  }
}

async function* decoded(bytes: AsyncIterable<Uint8Array>, decoder: TextDecoder): AsyncGenerator<string> {
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The size of the one buffer a raw body is read into (a text decoded from it stays a small string). */
const READ_BUFFER_BYTES = 32 * 1024;

/**
 * The body's chunks as they arrive, read into one buffer used again and again: each chunk is
 * valid until the next is asked for. A new ArrayBuffer per chunk would be garbage outside the JS
 * heap, which V8 collects only once some 64 MB of it pile up (the size of a large statement). A
 * body that is not a byte stream is read as it comes. 413 once more than `max` bytes came.
 */
async function* reusedBuffer(body: ReadableStream<Uint8Array>, max: number): AsyncGenerator<Uint8Array> {
  let reader: ReadableStreamBYOBReader;
  try {
    reader = body.getReader({ mode: "byob" });
  } catch {
    yield* countedBody(body, max);
    return;
  }
  let buffer = new ArrayBuffer(READ_BUFFER_BYTES);
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read(new Uint8Array(buffer));
      if (done || !value) return;
      total += value.byteLength;
      if (total > max) throw bodyTooLarge(max);
      yield value;
      buffer = value.buffer as ArrayBuffer;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The bytes of the multipart field `file`, as they arrive. */
async function* filePart(reader: MultipartReader, info: { found: boolean }): AsyncGenerator<Uint8Array> {
  let inFile = false;
  for (;;) {
    const event = await reader.next();
    if (event === null) return;
    if (event.kind === "part") {
      if (info.found && !inFile) continue;
      inFile = event.info.name === "file";
      if (inFile) info.found = true;
    } else if (event.kind === "data" && inFile) {
      yield event.chunk;
    } else if (event.kind === "end" && inFile) {
      reader.cancel();
      return;
    }
  }
}

/** Sniffs the first text chunk: `<` is XML (CAMT), anything else MT940. */
async function sniffed(chunks: AsyncIterable<string>): Promise<StatementStream> {
  const iterator = chunks[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && first.value.trim() === "") first = await iterator.next();
  if (first.done) throw new StatementFormatError("The file is empty", "file");
  const head = first.value;
  const rest: AsyncIterable<string> = {
    async *[Symbol.asyncIterator]() {
      yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
  const parse = head
    .trimStart()
    .replace(/^\uFEFF/, "")
    .startsWith("<")
    ? streamCamt
    : streamMt940;
  return parse(rest);
}

/**
 * A stream opened once its first bytes are read (a form's file is sniffed), its errors mapped as
 * they surface; its head follows the inner stream's.
 */
function deferred(
  open: () => Promise<StatementStream>,
  mapError: (error: unknown) => unknown,
): StatementStream {
  const head: StatementHead = { format: "camt.053", account: null, accountIban: null, statementId: null };
  async function* entries() {
    try {
      const inner = await open();
      for await (const some of inner.entries) {
        Object.assign(head, inner.head);
        yield some;
      }
      Object.assign(head, inner.head);
    } catch (error) {
      throw mapError(error);
    }
  }
  return { head, entries: entries() };
}

/**
 * Opens a statement in a request body, to be read as it streams. Throws at once 415 for another
 * media type or charset; while the entries are read, 413 past `maxBytes`, 400 `missing_file` for
 * a form without `file`, StatementFormatError for a malformed file (or an empty body, at once).
 */
export function readStatement(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  maxBytes: number,
): StatementStream {
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (!body) throw new StatementFormatError("The body is empty", "body");
  if (mediaType === "application/xml" || mediaType === "text/xml") {
    return streamCamt(decoded(reusedBuffer(body, maxBytes), decoderFor(contentType)));
  }
  if (mediaType === "text/plain") {
    return streamMt940(decoded(reusedBuffer(body, maxBytes), decoderFor(contentType)));
  }
  if (mediaType === "multipart/form-data") {
    const reader = new MultipartReader(body, { contentType, maxBodyBytes: maxBytes });
    const info = { found: false };
    return deferred(
      () => sniffed(decoded(filePart(reader, info), new TextDecoder("utf-8"))),
      (error) => {
        if (error instanceof BodyTooLargeError) return bodyTooLarge(maxBytes);
        if (error instanceof MalformedMultipartError) {
          return new ApiError("invalid_request", `Malformed multipart body: ${error.message}`);
        }
        if (!info.found) return new ApiError("missing_file", "The form has no field named file");
        return error;
      },
    );
  }
  throw new ApiError(
    "unsupported_media_type",
    "Content-Type must be application/xml (CAMT.053/.054), text/plain (MT940) or multipart/form-data",
  );
}

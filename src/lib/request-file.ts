// A file sent as a request body: the raw body, or the multipart/form-data field `file`. Counted as
// it arrives, so a body past its cap is refused (413) without being read whole first.
import { ApiError } from "./errors";
import {
  BodyTooLargeError,
  MalformedMultipartError,
  MultipartReader,
  type PartInfo,
} from "./multipart-stream";

export const bodyTooLarge = (max: number) =>
  new ApiError("payload_too_large", `The request body exceeds ${max} bytes`);

/** The body's chunks as they arrive; 413 once more than `max` bytes came. */
export async function* countedBody(
  body: ReadableStream<Uint8Array>,
  max: number,
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > max) throw bodyTooLarge(max);
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The file as received: its bytes, the media type it was sent as (lower case, no parameters), its name. */
export interface RequestFile {
  bytes: Uint8Array<ArrayBuffer>;
  mediaType: string;
  filename: string | null;
}

const mediaTypeOf = (contentType: string) => (contentType.split(";")[0] ?? "").trim().toLowerCase();

async function collect(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  max: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > max) throw bodyTooLarge(max);
    parts.push(chunk);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** The stream's bytes, or null once more than `max` came: the rest is cancelled, never read. */
export async function readCapped(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return await collect(countedBody(body, max), max);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "payload_too_large")) throw error;
    await body.cancel().catch(() => {});
    return null;
  }
}

/** The bytes of the first multipart field `file` and that part's headers; null when there is none. */
async function filePart(reader: MultipartReader, maxFileBytes: number) {
  let info: PartInfo | undefined;
  const chunks: Uint8Array[] = [];
  for (let event = await reader.next(); event; event = await reader.next()) {
    if (event.kind === "part") {
      if (info) break;
      if (event.info.name === "file") info = event.info;
    } else if (event.kind === "data" && info) {
      chunks.push(event.chunk);
    } else if (event.kind === "end" && info) {
      break;
    }
  }
  reader.cancel();
  if (!info) return null;
  return { info, bytes: await collect(chunks, maxFileBytes) };
}

/**
 * Reads the file of a request whole: the raw body (its Content-Type is the file's), or the
 * multipart field `file` (its part's Content-Type, else `application/octet-stream`). 413 past
 * `maxFileBytes` of file or `maxBodyBytes` of body, 400 `missing_file` for a form without `file`.
 */
export async function readRequestFile(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  limits: { maxFileBytes: number; maxBodyBytes: number },
): Promise<RequestFile> {
  const mediaType = mediaTypeOf(contentType);
  if (!body) throw new ApiError("missing_file", "The request has no body: send the file");
  if (mediaType !== "multipart/form-data") {
    return {
      bytes: await collect(countedBody(body, limits.maxBodyBytes), limits.maxFileBytes),
      mediaType,
      filename: null,
    };
  }
  const reader = new MultipartReader(body, { contentType, maxBodyBytes: limits.maxBodyBytes });
  try {
    const part = await filePart(reader, limits.maxFileBytes);
    if (!part) throw new ApiError("missing_file", "The form has no field named file");
    return {
      bytes: part.bytes,
      mediaType: mediaTypeOf(part.info.contentType) || "application/octet-stream",
      filename: part.info.filename ?? null,
    };
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLarge(limits.maxBodyBytes);
    if (error instanceof MalformedMultipartError) {
      throw new ApiError("invalid_request", `Malformed multipart body: ${error.message}`);
    }
    throw error;
  }
}

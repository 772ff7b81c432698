// Document test helpers: multipart bodies (small ones in memory, large ones streamed with their
// SHA-256 computed on the way), an upload shortcut and digests of downloaded streams.
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { type ApiResponse, api } from "./api";

const BASE = "http://api.test";
const encoder = new TextEncoder();

export interface FilePart {
  name?: string;
  filename?: string | null;
  /** Sent as `filename*=UTF-8''...` so any character survives. */
  encodedFilename?: string;
  contentType?: string;
  data: Uint8Array | string;
}

function partHeader(boundary: string, part: FilePart): string {
  let disposition = `form-data; name="${part.name ?? "file"}"`;
  if (part.encodedFilename !== undefined) {
    disposition += `; filename*=UTF-8''${encodeURIComponent(part.encodedFilename)}`;
  } else if (part.filename !== null) {
    disposition += `; filename="${part.filename ?? "file.bin"}"`;
  }
  const type = part.contentType ?? "application/octet-stream";
  return `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n`;
}

export function multipart(parts: FilePart[]): { body: Uint8Array; contentType: string } {
  const boundary = `----test${crypto.randomUUID().replace(/-/g, "")}`;
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    chunks.push(encoder.encode(partHeader(boundary, part)));
    chunks.push(typeof part.data === "string" ? encoder.encode(part.data) : part.data);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    body.set(c, offset);
    offset += c.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadOptions {
  classification?: string | null;
  headers?: Record<string, string>;
  filename?: string;
  encodedFilename?: string;
  contentType?: string;
}

export async function uploadFile(
  token: string,
  data: Uint8Array | string,
  options: UploadOptions = {},
): Promise<ApiResponse> {
  const { body, contentType } = multipart([
    {
      data,
      filename: options.filename ?? "report.pdf",
      encodedFilename: options.encodedFilename,
      contentType: options.contentType ?? "application/pdf",
    },
  ]);
  const headers: Record<string, string> = { "Content-Type": contentType, ...options.headers };
  if (options.classification !== null) headers["Classification-Level"] = options.classification ?? "internal";
  return api("POST", "/v1/documents/upload", { token, headers, rawBody: body });
}

/** Uploads and asserts 201; returns the document. */
export async function uploaded(token: string, data: Uint8Array | string, options: UploadOptions = {}) {
  const res = await uploadFile(token, data, options);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; sizeBytes: number; classification: string; [k: string]: unknown };
}

export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
}

export function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256(data: Uint8Array | ArrayBuffer): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", data));
}

/** Reads a stream to its end, returning its SHA-256 and length without keeping it. */
export async function streamDigest(
  stream: ReadableStream<Uint8Array>,
): Promise<{ sha256: string; length: number }> {
  const digest = new crypto.DigestStream("SHA-256");
  const writer = digest.getWriter();
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    await writer.write(value);
  }
  await writer.close();
  return { sha256: hex(await digest.digest), length };
}

export interface StreamedUpload {
  stream: ReadableStream<Uint8Array>;
  /** Total body length. */
  length: number;
  contentType: string;
  /** SHA-256 of the file bytes, known once the stream has been read. */
  fileSha256: Promise<string>;
}

/**
 * A multipart body generated on the fly: a random file of `fileSize` bytes, optionally followed
 * by a filler part, never held whole in memory.
 */
export function streamedUpload(
  fileSize: number,
  options: { fillerSize?: number; fillerFirst?: boolean } = {},
) {
  const boundary = `----stream${crypto.randomUUID().replace(/-/g, "")}`;
  const fileHead = encoder.encode(partHeader(boundary, { data: "", filename: "big.bin" }));
  const fillerHead = encoder.encode(
    partHeader(boundary, { name: "notes", filename: null, contentType: "text/plain", data: "" }),
  );
  const crlf = encoder.encode("\r\n");
  const tail = encoder.encode(`--${boundary}--\r\n`);
  const filler = options.fillerSize ?? 0;
  const length =
    fileHead.length +
    fileSize +
    crlf.length +
    (filler ? fillerHead.length + filler + crlf.length : 0) +
    tail.length;

  const digest = new crypto.DigestStream("SHA-256");
  const digestWriter = digest.getWriter();
  let resolveSha: (s: string) => void = () => {};
  const fileSha256 = new Promise<string>((r) => {
    resolveSha = r;
  });

  async function* generate(): AsyncGenerator<Uint8Array> {
    const fillerPart = async function* () {
      yield fillerHead;
      for (let sent = 0; sent < filler; sent += 65536) yield new Uint8Array(Math.min(65536, filler - sent));
      yield crlf;
    };
    if (filler && options.fillerFirst) yield* fillerPart();
    yield fileHead;
    for (let sent = 0; sent < fileSize; sent += 65536) {
      const chunk = randomBytes(Math.min(65536, fileSize - sent));
      await digestWriter.write(chunk);
      yield chunk;
    }
    await digestWriter.close();
    resolveSha(hex(await digest.digest));
    yield crlf;
    if (filler && !options.fillerFirst) yield* fillerPart();
    yield tail;
  }
  const iterator = generate();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return { stream, length, contentType: `multipart/form-data; boundary=${boundary}`, fileSha256 };
}

/** Sends a streamed body straight to the Worker (no buffering helper in between). */
export function rawFetch(
  method: string,
  path: string,
  init: { token?: string; headers?: Record<string, string>; body?: ReadableStream<Uint8Array> | Uint8Array },
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  return exports.default.fetch(
    new Request(`${BASE}${path}`, { method, headers, body: init.body, duplex: "half" } as RequestInit),
  );
}

export async function listKeys(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

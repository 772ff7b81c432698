// Upload: the multipart body is parsed as a stream, the `file` part is counted, hashed (SHA-256,
// for idempotent replays), encrypted segment by segment (unless public) and written to R2 as it
// arrives; the row, its first audit entry and the `document.uploaded` event are written in one
// batch only once the blob is complete. Any failure aborts the R2 upload and writes nothing.

import { generateDataKey, masterKeySet, wrapDataKey } from "../../crypto/document-keys";
import { newNoncePrefix, SEGMENT_SIZE, SegmentEncryptor } from "../../crypto/segmented-aead";
import type { Db } from "../../db/client";
import { type Classification, type DocumentRow, documents } from "../../db/schema/documents";
import type { Bindings } from "../../env";
import { now } from "../../lib/clock";
import { sha256Hex, toBase64, toHex } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import { sanitizeFilename } from "../../lib/http-files";
import { uuid } from "../../lib/ids";
import { MAX_BODY_BYTES, MAX_FILE_BYTES } from "../../lib/limits";
import { logError } from "../../lib/log";
import {
  BodyTooLargeError,
  MalformedMultipartError,
  MultipartReader,
  type PartInfo,
} from "../../lib/multipart-stream";
import { recordEvent } from "../events";
import { type AuditActor, auditStatements } from "./audit";
import { DocumentBlobWriter, FileTooLargeError, StorageError } from "./blob-writer";
import { effectiveExpiry, isEncryptedClass } from "./policy";
import { documentEventObject } from "./serialize";

const MAX_ORIGINAL_NAME = 1024;

export interface UploadRequest {
  organizationId: string;
  ownerId: string;
  classification: Classification;
  entityType: string | null;
  entityId: string | null;
  requestedExpiry: Date | null;
  documentType: string | null;
  contentType: string;
  body: ReadableStream<Uint8Array> | null;
  actor: AuditActor;
}

type UploadEnv = Pick<Bindings, "DOCUMENTS" | "MASTER_KEY" | "MASTER_KEYS" | "MASTER_KEY_VERSION">;

export const storageKeyOf = (organizationId: string, documentId: string) =>
  `documents/${organizationId}/${documentId}`;

interface Envelope {
  encryptor: SegmentEncryptor;
  wrappedKey: string;
  keyVersion: string;
  noncePrefix: string;
}

async function newEnvelope(env: UploadEnv, ownerId: string, documentId: string): Promise<Envelope> {
  try {
    const keys = masterKeySet(env);
    const dataKey = await generateDataKey();
    const wrapped = await wrapDataKey(keys, ownerId, dataKey);
    const noncePrefix = newNoncePrefix();
    return {
      encryptor: new SegmentEncryptor({ key: dataKey, noncePrefix, documentId }),
      wrappedKey: toBase64(wrapped.wrapped),
      keyVersion: wrapped.version,
      noncePrefix: toBase64(noncePrefix),
    };
  } catch (cause) {
    logError("document key setup failed", { error: String(cause) });
    throw new ApiError("encryption_error", "Encryption failed", { cause });
  }
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The part's media type if it is a plain `type/subtype` (plus a sane charset), else octet-stream. */
function mimeTypeOf(info: PartInfo): string {
  const base = info.contentType.trim().toLowerCase();
  if (!MIME.test(base)) return "application/octet-stream";
  const charset = info.contentTypeParameters.charset;
  return charset && /^[A-Za-z0-9._-]{1,40}$/.test(charset)
    ? `${base}; charset=${charset.toLowerCase()}`
    : base;
}

/**
 * Refused in file names: C0 and C1 control characters and DEL, the line/paragraph separators,
 * and the bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which can make
 * `invoice\u202Efdp.exe` display as `invoiceexe.pdf`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The file part's name (400 when it is too long or holds forbidden characters) and media type. */
function describeFilePart(info: PartInfo): { originalName: string; mimeType: string } {
  const originalName = info.filename ?? "file";
  if (originalName.length > MAX_ORIGINAL_NAME) {
    throw new ApiError("invalid_request", `The file name exceeds ${MAX_ORIGINAL_NAME} characters`, {
      details: { filename: `At most ${MAX_ORIGINAL_NAME} characters` },
    });
  }
  if (FORBIDDEN_IN_NAME.test(originalName)) {
    throw new ApiError(
      "invalid_request",
      "The file name contains control or bidirectional formatting characters",
      {
        details: { filename: "Control characters (C0, C1, DEL) and bidi overrides/isolates are not allowed" },
      },
    );
  }
  return { originalName, mimeType: mimeTypeOf(info) };
}

/**
 * What an idempotent retry of an upload must repeat besides its headers: the file part's name,
 * media type and the SHA-256 of its bytes.
 */
const fileFingerprint = (file: { originalName: string; mimeType: string }, contentSha256: string) =>
  sha256Hex(JSON.stringify(["upload-v1", file.originalName, file.mimeType, contentSha256]));

/** Without a Document-Type header: the file extension (`pdf`, `png`, ...), else `file`. */
function documentTypeOf(filename: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(filename)?.[1];
  return ext ? ext.toLowerCase() : "file";
}

function translateUploadError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof BodyTooLargeError) {
    return new ApiError("payload_too_large", `The request body exceeds ${MAX_BODY_BYTES} bytes (55 MB)`);
  }
  if (error instanceof FileTooLargeError) {
    return new ApiError("file_too_large", `The file exceeds ${MAX_FILE_BYTES} bytes (50 MB)`);
  }
  if (error instanceof MalformedMultipartError) {
    return new ApiError("invalid_request", error.message);
  }
  if (error instanceof StorageError) {
    return new ApiError("storage_error", "Storing the document failed", { cause: error });
  }
  return error;
}

/** SHA-256 of a byte stream fed in pieces (crypto.subtle.digest takes only whole buffers). */
class StreamingSha256 {
  private readonly digest = new crypto.DigestStream("SHA-256");
  private readonly writer = this.digest.getWriter();

  write(chunk: Uint8Array): Promise<void> {
    return this.writer.write(chunk);
  }

  async hex(): Promise<string> {
    await this.writer.close();
    return toHex(new Uint8Array(await this.digest.digest));
  }
}

/** Where the bytes of the file part go. */
interface FileSink {
  write(chunk: Uint8Array): Promise<void>;
  end(): Promise<void>;
}

/**
 * Reads the whole multipart body, streaming the first part named `file` into the sink `open`
 * returns for it (other parts are read past and dropped), and counts what follows the closing
 * boundary toward the body limit. Returns whether a file part was found.
 */
async function streamFilePart(reader: MultipartReader, open: (info: PartInfo) => FileSink): Promise<boolean> {
  let sink: FileSink | undefined;
  let inFile = false;
  for (let event = await reader.next(); event; event = await reader.next()) {
    if (event.kind === "part") {
      inFile = !sink && event.info.name === "file";
      if (inFile) sink = open(event.info);
    } else if (event.kind === "data") {
      if (inFile) await sink!.write(event.chunk);
    } else {
      if (inFile) await sink!.end();
      inFile = false;
    }
  }
  // The closing boundary is not the end of the body: what follows still counts toward 55 MB.
  await reader.drain();
  return sink !== undefined;
}

function assertMultipart(request: Pick<UploadRequest, "contentType" | "body">) {
  if (!request.body || !/^multipart\/form-data\s*;/i.test(request.contentType)) {
    throw new ApiError("missing_file", "Send the file as multipart/form-data in a part named 'file'");
  }
  return request.body;
}

/**
 * The fingerprint of an upload's file part (`fileFingerprint`), reading the body as the upload
 * would (same limits, same errors) but storing nothing: how an idempotent retry proves it
 * carries the same file.
 */
export async function uploadedFileDigest(
  request: Pick<UploadRequest, "contentType" | "body">,
): Promise<string> {
  const body = assertMultipart(request);
  const reader = new MultipartReader(body, {
    contentType: request.contentType,
    maxBodyBytes: MAX_BODY_BYTES,
  });
  const digest = new StreamingSha256();
  let file: { originalName: string; mimeType: string } | undefined;
  try {
    let size = 0;
    const found = await streamFilePart(reader, (info) => {
      file = describeFilePart(info);
      return {
        write: (chunk) => {
          size += chunk.length;
          if (size > MAX_FILE_BYTES) throw new FileTooLargeError(`The file exceeds ${MAX_FILE_BYTES} bytes`);
          return digest.write(chunk);
        },
        end: async () => {},
      };
    });
    if (!found || !file) throw new ApiError("missing_file", "No part named 'file' in the request");
  } catch (error) {
    reader.cancel();
    throw translateUploadError(error);
  }
  return fileFingerprint(file, await digest.hex());
}

export async function uploadDocument(
  db: Db,
  env: UploadEnv,
  request: UploadRequest,
): Promise<{ document: DocumentRow; eventId: string; contentDigest: string }> {
  const contentType = request.contentType;
  const body = assertMultipart(request);
  const id = uuid();
  const createdAt = now();
  const expiresAt = effectiveExpiry(request.classification, createdAt, request.requestedExpiry);
  const envelope = isEncryptedClass(request.classification)
    ? await newEnvelope(env, request.ownerId, id)
    : null;
  const storageKey = storageKeyOf(request.organizationId, id);

  const reader = new MultipartReader(body, { contentType, maxBodyBytes: MAX_BODY_BYTES });
  const digest = new StreamingSha256();
  let writer: DocumentBlobWriter | undefined;
  let file: { originalName: string; mimeType: string } | undefined;
  try {
    const found = await streamFilePart(reader, (info) => {
      const part = describeFilePart(info);
      file = part;
      const blob = new DocumentBlobWriter(
        env.DOCUMENTS,
        storageKey,
        MAX_FILE_BYTES,
        envelope?.encryptor ?? null,
        {
          httpMetadata: { contentType: envelope ? "application/octet-stream" : part.mimeType },
          customMetadata: { documentId: id, format: envelope ? "aes256gcm-segmented-v1" : "plain" },
        },
      );
      writer = blob;
      return {
        write: async (chunk) => {
          await blob.write(chunk);
          await digest.write(chunk);
        },
        end: () => blob.end(),
      };
    });
    if (!found || !writer || !file) throw new ApiError("missing_file", "No part named 'file' in the request");
    await writer.complete();
  } catch (error) {
    reader.cancel();
    await writer?.abort();
    throw translateUploadError(error);
  }
  const contentDigest = await fileFingerprint(file, await digest.hex());

  const at = createdAt.toISOString();
  const filename = sanitizeFilename(file.originalName);
  const row: DocumentRow = {
    id,
    organizationId: request.organizationId,
    ownerId: request.ownerId,
    filename,
    originalName: file.originalName,
    documentType: request.documentType ?? documentTypeOf(filename),
    classification: request.classification,
    mimeType: file.mimeType,
    sizeBytes: writer.plainSize,
    isEncrypted: envelope !== null,
    entityType: request.entityType,
    entityId: request.entityId,
    expiresAt: expiresAt?.toISOString() ?? null,
    status: "stored",
    storageKey,
    storedSize: writer.storedSize,
    segmentSize: envelope ? SEGMENT_SIZE : null,
    noncePrefix: envelope?.noncePrefix ?? null,
    wrappedKey: envelope?.wrappedKey ?? null,
    keyVersion: envelope?.keyVersion ?? null,
    auditSeq: 0,
    auditHead: null,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    expiredAt: null,
    purgedAt: null,
  };
  const audit = await auditStatements(db, row, "upload", request.actor, at);
  const event = recordEvent(db, {
    organizationId: row.organizationId,
    type: "document.uploaded",
    object: documentEventObject(row),
    at,
  });
  try {
    // The row, its first audit entry and the webhook event stand or fall together.
    await db.batch([db.insert(documents).values(row), ...audit.statements, ...event.statements]);
  } catch (error) {
    await env.DOCUMENTS.delete(storageKey).catch(() => {});
    throw error;
  }
  return {
    document: { ...row, auditSeq: 1, auditHead: audit.entry.hash },
    eventId: event.id,
    contentDigest,
  };
}

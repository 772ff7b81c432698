// The size limits, with real 50 MB bodies streamed through the Worker (heavy: kept to one each).
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { blobWriterProbe } from "../../src/services/documents/blob-writer";
import { createOrg, expectError } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { listKeys, rawFetch, streamDigest, streamedUpload } from "../helpers/documents";

const MiB = 2 ** 20;

/** Watches the multipart uploads the Worker creates (R2's list() never shows incomplete ones). */
function watchMultipartUploads() {
  const uploads: Array<{ key: string; uploadId: string; parts: number }> = [];
  blobWriterProbe.created = (upload) =>
    uploads.push({ key: upload.key, uploadId: upload.uploadId, parts: 0 });
  blobWriterProbe.partUploaded = (upload) => {
    const seen = uploads.find((u) => u.uploadId === upload.uploadId);
    if (seen) seen.parts++;
  };
  return uploads;
}

/** An aborted multipart upload takes no more parts; a live one does. */
async function acceptsParts(key: string, uploadId: string): Promise<boolean> {
  try {
    await env.DOCUMENTS.resumeMultipartUpload(key, uploadId).uploadPart(99, new Uint8Array(16));
    return true;
  } catch {
    return false;
  }
}

afterEach(() => {
  blobWriterProbe.created = undefined;
  blobWriterProbe.partUploaded = undefined;
});

async function errorOf(res: Response) {
  return { status: res.status, headers: res.headers, body: await res.json(), raw: res } as any;
}

describe("upload limits", () => {
  it("round-trips a file just under 50 MB byte for byte (SHA-256), encrypted", async () => {
    const org = await createOrg();
    const size = 50 * MiB - 1;
    const body = streamedUpload(size);
    const res = await rawFetch("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: {
        "Content-Type": body.contentType,
        "Content-Length": String(body.length),
        "Classification-Level": "restricted",
      },
      body: body.stream,
    });
    const json: any = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(201);
    expect(json.data.sizeBytes).toBe(size);
    const down = await rawFetch("GET", `/v1/documents/download/${json.data.id}`, { token: org.owner.key });
    expect(down.status).toBe(200);
    expect(down.headers.get("Content-Length")).toBe(String(size));
    const got = await streamDigest(down.body!);
    expect(got.length).toBe(size);
    expect(got.sha256).toBe(await body.fileSha256);
  });

  it("can tell a live multipart upload from an aborted one (the check the failure tests rely on)", async () => {
    const key = `documents/probe/${crypto.randomUUID()}`;
    const upload = await env.DOCUMENTS.createMultipartUpload(key);
    expect(await acceptsParts(key, upload.uploadId)).toBe(true);
    await upload.abort();
    expect(await acceptsParts(key, upload.uploadId)).toBe(false);
  });

  it("answers 400 file_too_large for 50 MB + 1 byte, aborts the multipart upload, and leaves no object and no row", async () => {
    const org = await createOrg();
    const uploads = watchMultipartUploads();
    const body = streamedUpload(50 * MiB + 1);
    const res = await rawFetch("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: {
        "Content-Type": body.contentType,
        "Content-Length": String(body.length),
        "Classification-Level": "internal",
      },
      body: body.stream,
    });
    expectError(await errorOf(res), 400, "file_too_large");
    // Parts were uploaded before the limit was hit, and the upload was aborted.
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.key).toMatch(new RegExp(`^documents/${org.organizationId}/`));
    expect(uploads[0]!.parts).toBeGreaterThanOrEqual(1);
    expect(await acceptsParts(uploads[0]!.key, uploads[0]!.uploadId)).toBe(false);
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toEqual([]);
    const rows = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM documents WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("answers 413 before reading when Content-Length announces more than 55 MB", async () => {
    const org = await createOrg();
    // An endless body: the runtime may pre-buffer a little of it, the handler must read none.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 65536;
          controller.enqueue(new Uint8Array(65536));
        },
      },
      { highWaterMark: 0 },
    );
    const res = await rawFetch("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: {
        "Content-Type": "multipart/form-data; boundary=xyz",
        "Content-Length": String(55 * MiB + 1),
        "Classification-Level": "internal",
      },
      body: stream,
    });
    expectError(await errorOf(res), 413, "payload_too_large");
    expect(pulled).toBeLessThan(MiB);
  });

  it("answers 413 as soon as a chunked body passes 55 MB, aborts the multipart upload, and stores nothing", async () => {
    const org = await createOrg();
    const uploads = watchMultipartUploads();
    // A 12 MB file (two full R2 parts and a bit) followed by a 44 MB other part: the file is
    // fine, the body is not.
    const body = streamedUpload(12 * MiB, { fillerSize: 44 * MiB });
    const res = await rawFetch("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: { "Content-Type": body.contentType, "Classification-Level": "confidential" },
      body: body.stream,
    });
    expectError(await errorOf(res), 413, "payload_too_large");
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.parts).toBeGreaterThanOrEqual(1);
    expect(await acceptsParts(uploads[0]!.key, uploads[0]!.uploadId)).toBe(false);
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toEqual([]);
  });
});

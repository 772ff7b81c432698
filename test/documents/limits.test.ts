// The size limits, with real 50 MB bodies streamed through the Worker (heavy: kept to one each).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createOrg, expectError } from "../helpers/api";
import { listKeys, rawFetch, streamDigest, streamedUpload } from "../helpers/documents";

const MiB = 2 ** 20;

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

  it("answers 400 file_too_large for 50 MB + 1 byte and leaves no R2 object and no row", async () => {
    const org = await createOrg();
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
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toEqual([]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM documents WHERE organization_id = ?")
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

  it("answers 413 as soon as a chunked body passes 55 MB, and stores nothing", async () => {
    const org = await createOrg();
    // A 5 MB file followed by a 51 MB other part: the file is fine, the body is not.
    const body = streamedUpload(5 * MiB, { fillerSize: 51 * MiB });
    const res = await rawFetch("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: { "Content-Type": body.contentType, "Classification-Level": "confidential" },
      body: body.stream,
    });
    expectError(await errorOf(res), 413, "payload_too_large");
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toEqual([]);
  });
});

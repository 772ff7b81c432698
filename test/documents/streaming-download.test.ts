// Encrypted answers over 1 MiB stream segment by segment: the first segment is authenticated
// before the headers (tampered: 500), a later one just before its bytes go out (tampered: the
// body errors after a correct prefix, and an integrity_failed entry and event are recorded).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { randomBytes, rawFetch, sha256, uploaded } from "../helpers/documents";

const SEGMENT = 65536;
const STORED = SEGMENT + 16;
const keyOf = (orgId: string, docId: string) => `documents/${orgId}/${docId}`;

async function storedBytes(key: string): Promise<Uint8Array> {
  const object = await env.DOCUMENTS.get(key);
  return new Uint8Array(await object!.arrayBuffer());
}

/** Overwrites the blob in R2 with one byte flipped. */
async function flipStoredByte(key: string, offset: number): Promise<void> {
  const copy = await storedBytes(key);
  copy[offset]! ^= 0x01;
  await env.DOCUMENTS.put(key, copy);
}

/** Reads a body chunk by chunk until it ends or errors; keeps what arrived before an error. */
async function readAll(body: ReadableStream<Uint8Array>): Promise<{ bytes: Uint8Array; error: unknown }> {
  const chunks: Uint8Array[] = [];
  let error: unknown = null;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } catch (caught) {
    error = caught ?? new Error("stream errored");
  }
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.length;
  }
  return { bytes, error };
}

async function auditActions(docId: string, token: string) {
  const log = await api("GET", `/v1/documents/${docId}/audit-log?verify=true`, { token });
  expect(log.status).toBe(200);
  expect(log.body.data.verified).toBe(true);
  return log.body.data.entries as Array<{ action: string; actorId: string; shareId: string | null }>;
}

async function integrityEvents(orgId: string) {
  const rows = await (await d1Of(orgId))
    .prepare(
      "SELECT payload FROM webhook_events WHERE organization_id = ? AND type = 'document.integrity_failed'",
    )
    .bind(orgId)
    .all<{ payload: string }>();
  return rows.results.map((r) => JSON.parse(r.payload).data.object);
}

async function setup(size: number, classification = "confidential") {
  const org = await createOrg();
  const data = randomBytes(size);
  const doc = await uploaded(org.owner.key, data, { classification });
  const key = keyOf(org.organizationId, doc.id);
  const download = (headers: Record<string, string> = {}) =>
    rawFetch("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key, headers });
  return { org, data, doc, key, download };
}

describe("streamed encrypted downloads", () => {
  it("sends a 3.5 MiB file byte for byte, with Content-Length and no audit noise", async () => {
    const { org, data, doc, download } = await setup(3.5 * 1024 * 1024 + 123); // 57 segments
    const res = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Length")).toBe(String(data.length));
    const { bytes, error } = await readAll(res.body!);
    expect(error).toBeNull();
    expect(bytes.length).toBe(data.length);
    expect(await sha256(bytes)).toBe(await sha256(data));
    expect((await auditActions(doc.id, org.owner.key)).map((e) => e.action)).toEqual(["upload", "download"]);
    expect(await integrityEvents(org.organizationId)).toEqual([]);
  });

  it("records no integrity failure when the client stops reading", async () => {
    const { org, doc, download } = await setup(3 * 1024 * 1024);
    const res = await download();
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await auditActions(doc.id, org.owner.key)).map((e) => e.action)).toEqual(["upload", "download"]);
    expect(await integrityEvents(org.organizationId)).toEqual([]);
  });

  it("serves ranges across segment boundaries, small (buffered) and large (streamed)", async () => {
    const { data, download } = await setup(3 * 1024 * 1024);
    for (const [start, end] of [
      [SEGMENT - 100, SEGMENT + 99], // two segments
      [100_000, 2_600_000], // 39 segments, cut at both ends
      [SEGMENT, 3 * 1024 * 1024 - 1], // aligned start, through the last segment
    ] as const) {
      const res = await download({ Range: `bytes=${start}-${end}` });
      expect(res.status).toBe(206);
      expect(res.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${data.length}`);
      expect(res.headers.get("Content-Length")).toBe(String(end - start + 1));
      const { bytes, error } = await readAll(res.body!);
      expect(error).toBeNull();
      expect(await sha256(bytes)).toBe(await sha256(data.slice(start, end + 1)));
    }
  });

  it("decrypts only the segments a range covers: tampering outside it does not matter", async () => {
    const { data, key, download } = await setup(3 * 1024 * 1024);
    await flipStoredByte(key, 45 * STORED + 3);
    const res = await download({ Range: `bytes=0-${40 * SEGMENT - 1}` });
    expect(res.status).toBe(206);
    const { bytes, error } = await readAll(res.body!);
    expect(error).toBeNull();
    expect(await sha256(bytes)).toBe(await sha256(data.slice(0, 40 * SEGMENT)));
  });

  it("answers 500 encryption_error before any header when the first segment is tampered", async () => {
    const { org, doc, key, download } = await setup(3 * 1024 * 1024);
    await flipStoredByte(key, 7);
    const res = await download();
    expect(res.status).toBe(500);
    const body = (await res.json()) as { success: boolean; error: { code: string } };
    expect(body).toMatchObject({ success: false, error: { code: "encryption_error" } });
    // The first segment a range covers is checked before its headers too.
    await flipStoredByte(key, 7); // restored
    await flipStoredByte(key, 20 * STORED + 5);
    const ranged = await download({ Range: `bytes=${20 * SEGMENT + 10}-${30 * SEGMENT}` });
    expect(ranged.status).toBe(500);
    expect(((await ranged.json()) as { error: { code: string } }).error.code).toBe("encryption_error");
    // Each failure is on record; no download was logged for answers that never started.
    const actions = (await auditActions(doc.id, org.owner.key)).map((e) => e.action);
    expect(actions).toEqual(["upload", "integrity_failed", "integrity_failed"]);
    expect(await integrityEvents(org.organizationId)).toHaveLength(2);
  });

  it("cuts the transfer off at a tampered later segment, after a correct prefix, and records it", async () => {
    const { org, data, doc, key, download } = await setup(3 * 1024 * 1024);
    await flipStoredByte(key, 30 * STORED + 1000);
    const res = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Length")).toBe(String(data.length));
    const { bytes, error } = await readAll(res.body!);
    expect(error).not.toBeNull();
    // Never a wrong byte: what arrived is a prefix of the file, and stops before segment 30.
    expect(bytes.length).toBeLessThanOrEqual(30 * SEGMENT);
    expect(await sha256(bytes)).toBe(await sha256(data.slice(0, bytes.length)));

    const entries = await auditActions(doc.id, org.owner.key);
    expect(entries.map((e) => e.action)).toEqual(["upload", "download", "integrity_failed"]);
    expect(entries[2]).toMatchObject({ actorId: org.owner.id, shareId: null });
    const [event] = await integrityEvents(org.organizationId);
    expect(event).toMatchObject({
      id: doc.id,
      filename: "report.pdf",
      redacted: false,
      detectedAt: expect.any(String),
    });
  });

  it("redacts a restricted document's names in its integrity event", async () => {
    const { org, data, doc, key, download } = await setup(2 * 1024 * 1024, "restricted");
    await flipStoredByte(key, 25 * STORED + 9);
    const { bytes, error } = await readAll((await download()).body!);
    expect(error).not.toBeNull();
    expect(await sha256(bytes)).toBe(await sha256(data.slice(0, bytes.length)));
    const [event] = await integrityEvents(org.organizationId);
    expect(event).toMatchObject({
      id: doc.id,
      classification: "restricted",
      filename: null,
      originalName: null,
      mimeType: null,
      redacted: true,
    });
    expect(JSON.stringify(event)).not.toContain("report.pdf");
  });

  it("streams share-link downloads the same way, and records a tampered one with the link", async () => {
    const { org, data, doc, key } = await setup(2 * 1024 * 1024 + 5);
    const share = await api("POST", `/v1/documents/${doc.id}/share`, { token: org.owner.key, body: {} });
    expect(share.status).toBe(201);
    const path = `/v1/documents/shared/${share.body.data.token}`;

    const whole = await rawFetch("GET", path, {});
    expect(whole.status).toBe(200);
    const ok = await readAll(whole.body!);
    expect(ok.error).toBeNull();
    expect(await sha256(ok.bytes)).toBe(await sha256(data));
    const ranged = await rawFetch("GET", path, { headers: { Range: "bytes=65000-1500000" } });
    expect(ranged.status).toBe(206);
    expect(await sha256((await readAll(ranged.body!)).bytes)).toBe(await sha256(data.slice(65000, 1500001)));

    await flipStoredByte(key, 31 * STORED);
    const broken = await readAll((await rawFetch("GET", path, {})).body!);
    expect(broken.error).not.toBeNull();
    expect(await sha256(broken.bytes)).toBe(await sha256(data.slice(0, broken.bytes.length)));
    const entries = await auditActions(doc.id, org.owner.key);
    expect(entries.at(-1)).toMatchObject({
      action: "integrity_failed",
      actorId: org.owner.id,
      shareId: share.body.data.id,
    });
  });
});

// Tampering with the stored blob must fail decryption: 500 encryption_error, never wrong bytes.
// (Answers over 1 MiB stream: a tampered later segment cuts the body off instead, see
// streaming-download.test.ts.)
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { randomBytes, sha256, uploaded } from "../helpers/documents";

const STORED = 65536 + 16;
const keyOf = (orgId: string, docId: string) => `documents/${orgId}/${docId}`;

async function storedBytes(key: string): Promise<Uint8Array> {
  const object = await env.DOCUMENTS.get(key);
  return new Uint8Array(await object!.arrayBuffer());
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

describe("tampered blobs", () => {
  async function setup(size: number) {
    const org = await createOrg();
    const data = randomBytes(size);
    const doc = await uploaded(org.owner.key, data, { classification: "internal" });
    const key = keyOf(org.organizationId, doc.id);
    const original = await storedBytes(key);
    const download = (headers: Record<string, string> = {}) =>
      api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key, headers });
    return { org, data, doc, key, original, download };
  }

  it("refuses every tampering of a small (buffered) document", async () => {
    const { org, data, doc, key, original, download } = await setup(4 * 65536 + 500); // 5 segments
    const ok = await download();
    expect(ok.status).toBe(200);
    expect(await sha256(new Uint8Array(await ok.raw.arrayBuffer()))).toBe(await sha256(data));

    const segment = (i: number) => original.slice(i * STORED, (i + 1) * STORED);
    const flipped = (offset: number) => {
      const copy = original.slice();
      copy[offset]! ^= 0x01;
      return copy;
    };
    const other = await uploaded(org.owner.key, data, { classification: "internal" });
    const cases: Array<[string, Uint8Array]> = [
      ["a flipped byte in the first segment", flipped(10)],
      ["a flipped byte in a middle segment", flipped(2 * STORED + 1000)],
      ["a flipped byte in the last tag", flipped(original.length - 1)],
      // Caught by the size check (the row still says 5 segments); see below for the same
      // truncations with the row rewritten.
      ["the last segment dropped", original.slice(0, 4 * STORED)],
      ["the last two segments dropped", original.slice(0, 3 * STORED)],
      ["two segments swapped", concat(segment(0), segment(2), segment(1), original.slice(3 * STORED))],
      ["a segment duplicated", concat(segment(0), segment(0), original.slice(2 * STORED))],
      [
        "another document's blob (same size, same owner)",
        await storedBytes(keyOf(org.organizationId, other.id)),
      ],
      ["a byte appended", concat(original, new Uint8Array([0]))],
    ];
    for (const [name, bytes] of cases) {
      await env.DOCUMENTS.put(key, bytes);
      const res = await download();
      expect(res.status, name).toBe(500);
      expectError(res, 500, "encryption_error");
    }
    // Truncation with the row rewritten to match (size_bytes and stored_size of the shorter
    // blob): the size check passes, only the last-segment flag in the nonce and AAD catches it.
    for (const kept of [4, 3, 1]) {
      await env.DOCUMENTS.put(key, original.slice(0, kept * STORED));
      await (await d1Of(org.organizationId))
        .prepare("UPDATE documents SET size_bytes = ?, stored_size = ? WHERE id = ?")
        .bind(kept * 65536, kept * STORED, doc.id)
        .run();
      const res = await download();
      expectError(res, 500, "encryption_error");
    }
    await (await d1Of(org.organizationId))
      .prepare("UPDATE documents SET size_bytes = ?, stored_size = ? WHERE id = ?")
      .bind(data.length, original.length, doc.id)
      .run();
    // A range touching the tampered segment fails too.
    await env.DOCUMENTS.put(key, flipped(2 * STORED + 1000));
    expectError(await download({ Range: "bytes=131072-131100" }), 500, "encryption_error");
    const intact = await download({ Range: "bytes=0-99" });
    expect(intact.status).toBe(206);
    expect(await sha256(new Uint8Array(await intact.raw.arrayBuffer()))).toBe(
      await sha256(data.slice(0, 100)),
    );
    // Restored, it reads again.
    await env.DOCUMENTS.put(key, original);
    expect((await download()).status).toBe(200);
  });

  it("answers 500 storage_error when the blob is gone", async () => {
    const { key, download } = await setup(1000);
    await env.DOCUMENTS.delete(key);
    expectError(await download(), 500, "storage_error");
  });
});

// SegmentReader: one stored segment per read whatever the source's chunking, and a cancel while
// a read is pending is no tampering.
import { describe, expect, it } from "vitest";
import {
  DecryptionError,
  newNoncePrefix,
  SEGMENT_SIZE,
  type SegmentContext,
  SegmentEncryptor,
  SegmentReader,
} from "../../src/crypto/segmented-aead";
import { randomBytes, sha256 } from "../helpers/documents";

async function sealed(
  segments: number,
): Promise<{ context: SegmentContext; plain: Uint8Array; blob: Uint8Array }> {
  const key = (await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, [
    "encrypt",
    "decrypt",
  ])) as CryptoKey;
  const context = { key, noncePrefix: newNoncePrefix(), documentId: crypto.randomUUID() };
  const encryptor = new SegmentEncryptor(context);
  const plain = randomBytes(segments * SEGMENT_SIZE - 100);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < segments; i++) {
    const piece = plain.slice(i * SEGMENT_SIZE, (i + 1) * SEGMENT_SIZE);
    parts.push(await encryptor.seal(piece, i === segments - 1));
  }
  const blob = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    blob.set(p, offset);
    offset += p.length;
  }
  return { context, plain, blob };
}

/** A plain (non-byte) stream handing out `bytes` in chunks of `size`, then optionally hanging. */
function chunked(bytes: Uint8Array, size: number, hang = false): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        if (!hang) controller.close();
        return new Promise(() => {});
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

describe("SegmentReader", () => {
  it("opens segments from chunks that do not align with them", async () => {
    const { context, plain, blob } = await sealed(3);
    const reader = new SegmentReader(context, chunked(blob, 10_007), { first: 0, count: 3, total: 3 });
    const out: Uint8Array[] = [];
    for (let p = await reader.next(); p !== null; p = await reader.next()) out.push(p);
    expect(out.map((p) => p.length)).toEqual([SEGMENT_SIZE, SEGMENT_SIZE, SEGMENT_SIZE - 100]);
    const joined = new Uint8Array(plain.length);
    let offset = 0;
    for (const p of out) {
      joined.set(p, offset);
      offset += p.length;
    }
    expect(await sha256(joined)).toBe(await sha256(plain));
  });

  it("fails a tampered segment with DecryptionError after handing out the good ones", async () => {
    const { context, blob } = await sealed(3);
    blob[SEGMENT_SIZE + 16 + 5]! ^= 1;
    const reader = new SegmentReader(context, chunked(blob, 4096), { first: 0, count: 3, total: 3 });
    expect((await reader.next())?.length).toBe(SEGMENT_SIZE);
    await expect(reader.next()).rejects.toBeInstanceOf(DecryptionError);
  });

  it("answers null, not a truncation error, when cancelled while a read is pending", async () => {
    const { context, blob } = await sealed(3);
    // Only the first segment arrives; then the source stalls (a slow R2 body).
    const reader = new SegmentReader(context, chunked(blob.slice(0, SEGMENT_SIZE + 16), 8192, true), {
      first: 0,
      count: 3,
      total: 3,
    });
    expect((await reader.next())?.length).toBe(SEGMENT_SIZE);
    const pending = reader.next();
    await reader.cancel();
    await expect(pending).resolves.toBeNull();
    expect(reader.cancelled).toBe(true);
  });
});

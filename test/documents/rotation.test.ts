// Master key rotation: rewrapping moves every wrapped data key to the new version without
// touching blobs, and every document stays readable.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openDocument } from "../../src/services/documents/download";
import { findDocument, rewrapDocumentKeys } from "../../src/services/documents/lifecycle";
import { ADMIN_TOKEN, api, createOrg, expectError } from "../helpers/api";
import { d1Of, dbOf } from "../helpers/db";
import { randomBytes, sha256, uploaded } from "../helpers/documents";

const V1 = env.MASTER_KEY!;
const V2 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

/** The key versions of the documents on one organization's database (the rewrap runs per database). */
async function versions(organizationId: string): Promise<Record<string, number>> {
  const rows = await (await d1Of(organizationId))
    .prepare(
      "SELECT key_version AS v, count(*) AS n FROM documents WHERE wrapped_key IS NOT NULL GROUP BY key_version",
    )
    .all<{ v: string; n: number }>();
  return Object.fromEntries(rows.results.map((r) => [r.v, r.n]));
}

async function readAll(body: ReadableStream<Uint8Array> | Uint8Array): Promise<Uint8Array> {
  return body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer());
}

describe("master key rotation", () => {
  it("rewraps every data key to v2 in bounded batches and keeps every document readable", async () => {
    const org = await createOrg();
    const files = await Promise.all(
      Array.from({ length: 7 }, async (_, i) => {
        const data = randomBytes(1000 + i * 40_000);
        const doc = await uploaded(org.owner.key, data, {
          classification: i % 2 ? "internal" : "restricted",
        });
        return { doc, data };
      }),
    );
    const blobsBefore = await Promise.all(
      files.map(async ({ doc }) =>
        sha256(await (await env.DOCUMENTS.get(`documents/${org.organizationId}/${doc.id}`))!.arrayBuffer()),
      ),
    );
    expect(await versions(org.organizationId)).toEqual({ v1: 7 });

    const rotated = { ...env, MASTER_KEYS: JSON.stringify({ v1: V1, v2: V2 }), MASTER_KEY_VERSION: "v2" };
    const first = await rewrapDocumentKeys(await dbOf(org.organizationId), rotated, { limit: 4 });
    expect(first).toEqual({ version: "v2", rewrapped: 4, failed: 0, remaining: 3 });
    const second = await rewrapDocumentKeys(await dbOf(org.organizationId), rotated);
    expect(second).toMatchObject({ rewrapped: 3, remaining: 0 });
    expect(await versions(org.organizationId)).toEqual({ v2: 7 });

    // Blobs untouched; every document decrypts under the new configuration.
    for (const [i, { doc, data }] of files.entries()) {
      const key = `documents/${org.organizationId}/${doc.id}`;
      expect(await sha256(await (await env.DOCUMENTS.get(key))!.arrayBuffer())).toBe(blobsBefore[i]);
      const row = (await findDocument(await dbOf(org.organizationId), doc.id))!;
      const opened = await openDocument(rotated, row, null);
      expect(await sha256(await readAll(opened.body))).toBe(await sha256(data));
    }
    // The running Worker only knows v1: it cannot unwrap v2 keys.
    expectError(
      await api("GET", `/v1/documents/download/${files[0]!.doc.id}`, { token: org.owner.key }),
      500,
      "encryption_error",
    );

    // Rotating back to v1 (both keys configured) through the same path, then reading over HTTP.
    const back = { ...env, MASTER_KEYS: JSON.stringify({ v1: V1, v2: V2 }), MASTER_KEY_VERSION: "v1" };
    expect(await rewrapDocumentKeys(await dbOf(org.organizationId), back)).toMatchObject({
      rewrapped: 7,
      remaining: 0,
    });
    for (const { doc, data } of files) {
      const res = await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key });
      expect(res.status).toBe(200);
      expect(await sha256(new Uint8Array(await res.raw.arrayBuffer()))).toBe(await sha256(data));
    }
  });

  it("counts a key it cannot unwrap as failed and writes the rest of its page", async () => {
    const org = await createOrg();
    const docs = await Promise.all(
      Array.from({ length: 3 }, () => uploaded(org.owner.key, randomBytes(500))),
    );
    const broken = docs[1]!.id;
    const d1 = await d1Of(org.organizationId);
    // A wrapped key of the right size that no master key opened: unwrapping it fails.
    await d1
      .prepare("UPDATE documents SET wrapped_key = ? WHERE id = ?")
      .bind(btoa(String.fromCharCode(...randomBytes(40))), broken)
      .run();

    const rotated = { ...env, MASTER_KEYS: JSON.stringify({ v1: V1, v2: V2 }), MASTER_KEY_VERSION: "v2" };
    const result = await rewrapDocumentKeys(await dbOf(org.organizationId), rotated);
    expect(result).toEqual({ version: "v2", rewrapped: 2, failed: 1, remaining: 1 });
    const left = await d1
      .prepare("SELECT id, key_version AS v FROM documents ORDER BY id")
      .all<{ id: string; v: string }>();
    expect(Object.fromEntries(left.results.map((r) => [r.id, r.v]))).toEqual(
      Object.fromEntries(docs.map((d) => [d.id, d.id === broken ? "v1" : "v2"])),
    );
    // Back to v1, as the other tests of this database expect.
    const back = { ...env, MASTER_KEYS: JSON.stringify({ v1: V1, v2: V2 }), MASTER_KEY_VERSION: "v1" };
    expect(await rewrapDocumentKeys(await dbOf(org.organizationId), back)).toMatchObject({ remaining: 0 });
  });

  it("exposes the rewrap step to the admin only", async () => {
    const org = await createOrg();
    expectError(
      await api("POST", "/v1/admin/documents/rewrap", { token: org.owner.key }),
      401,
      "unauthorized",
    );
    const res = await api("POST", "/v1/admin/documents/rewrap", { token: ADMIN_TOKEN, body: { limit: 10 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: "v1", rewrapped: 0, failed: 0, remaining: 0 });
  });
});

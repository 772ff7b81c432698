// HEAD answers headers only (no body, no audit entry, no hourly budget, no share download), and a
// capped share link counts every GET that returns bytes, whole file or any range, as a download;
// a spent link answers 410 to every method and every range.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { enforceHourlyBudget } from "../../src/services/rate-limits";
import { addMember, api, createOrg, expectError } from "../helpers/api";
import { d1Of, selectOnEveryTenant } from "../helpers/db";
import { randomBytes, sha256, uploaded } from "../helpers/documents";

async function actions(docId: string, key: string): Promise<string[]> {
  const log = await api("GET", `/v1/documents/${docId}/audit-log?verify=true`, { token: key });
  expect(log.body.data.verified).toBe(true);
  return log.body.data.entries.map((e: any) => e.action);
}

async function downloadCount(docId: string): Promise<number> {
  const [row] = await selectOnEveryTenant<{ n: number }>(
    "SELECT download_count AS n FROM document_shares WHERE document_id = ?",
    docId,
  );
  return row!.n;
}

async function bytesOf(res: { raw: Response }): Promise<Uint8Array> {
  return new Uint8Array(await res.raw.arrayBuffer());
}

describe("HEAD", () => {
  it("on a download answers the headers of the whole file, with no body, no audit entry and no budget", async () => {
    const org = await createOrg();
    const member = await addMember(org);
    const data = randomBytes(3000);
    const doc = await uploaded(member.key, data, { classification: "internal", filename: "a.pdf" });
    const path = `/v1/documents/download/${doc.id}`;

    const head = await api("HEAD", path, { token: member.key });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe("3000");
    expect(head.headers.get("Content-Type")).toBe("application/pdf");
    expect(head.headers.get("X-Document-Classification")).toBe("internal");
    expect(head.headers.get("Cache-Control")).toBe("private, no-store");
    expect(head.headers.get("Content-Disposition")).toContain('filename="a.pdf"');
    expect((await bytesOf(head)).length).toBe(0);
    // Range is defined for GET only (RFC 9110): ignored.
    const ranged = await api("HEAD", path, { token: member.key, headers: { Range: "bytes=0-9" } });
    expect(ranged.status).toBe(200);
    expect(ranged.headers.get("Content-Length")).toBe("3000");
    expect(ranged.headers.get("Content-Range")).toBeNull();
    // The access rules still hold.
    expect((await api("HEAD", path)).status).toBe(401);
    expect((await api("HEAD", path, { token: (await createOrg()).owner.key })).status).toBe(403);
    expect(
      (await api("HEAD", `/v1/documents/download/${crypto.randomUUID()}`, { token: member.key })).status,
    ).toBe(404);
    expect(await actions(doc.id, member.key)).toEqual(["upload"]);

    // With the hourly download budget spent, GET is refused and HEAD still answers.
    const start = Date.now();
    setClockForTests(() => new Date(start));
    for (let i = 0; i < 1000; i++) await enforceHourlyBudget(env, member.id, "document_download");
    expectError(await api("GET", path, { token: member.key }), 429, "rate_limit_exceeded");
    expect((await api("HEAD", path, { token: member.key })).status).toBe(200);
    expect(await actions(doc.id, member.key)).toEqual(["upload"]);
  });

  it("on a share link claims no download and writes no entry", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "shared once", { classification: "confidential" });
    const share = await api("POST", `/v1/documents/${doc.id}/share`, {
      token: org.owner.key,
      body: { maxDownloads: 1 },
    });
    const path = `/v1/documents/shared/${share.body.data.token}`;
    for (let i = 0; i < 3; i++) {
      const head = await api("HEAD", path);
      expect(head.status).toBe(200);
      expect(head.headers.get("Content-Length")).toBe("11");
      expect(head.headers.get("X-Document-Classification")).toBe("confidential");
      expect((await bytesOf(head)).length).toBe(0);
    }
    expect(await downloadCount(doc.id)).toBe(0);
    expect(await actions(doc.id, org.owner.key)).toEqual(["upload", "share"]);

    const got = await api("GET", path);
    expect(got.status).toBe(200);
    expect(got.body).toBe("shared once");
    expect(await downloadCount(doc.id)).toBe(1);
    // Spent: HEAD answers what a GET of the whole file would.
    expect((await api("HEAD", path)).status).toBe(410);
    expectError(await api("GET", path), 410, "expired");
    expect((await api("HEAD", `/v1/documents/shared/${"A".repeat(43)}`)).status).toBe(404);
    expect(await actions(doc.id, org.owner.key)).toEqual(["upload", "share", "download"]);
  });
});

describe("share link ranges", () => {
  it("claims a download for every GET that returns bytes, whole file or any range", async () => {
    const org = await createOrg();
    const data = randomBytes(200_000); // 4 segments
    const doc = await uploaded(org.owner.key, data, { classification: "confidential" });
    const share = await api("POST", `/v1/documents/${doc.id}/share`, {
      token: org.owner.key,
      body: { maxDownloads: 3, expiresIn: 600 },
    });
    const path = `/v1/documents/shared/${share.body.data.token}`;
    const get = (range?: string) => api("GET", path, { headers: range ? { Range: range } : {} });
    const expectBytes = async (
      res: { status: number; raw: Response },
      status: number,
      from: number,
      to: number,
    ) => {
      expect(res.status).toBe(status);
      expect(await sha256(await bytesOf(res))).toBe(await sha256(data.slice(from, to)));
    };

    await expectBytes(await get("bytes=0-99"), 206, 0, 100);
    expect(await downloadCount(doc.id)).toBe(1);
    await expectBytes(await get("bytes=100-"), 206, 100, data.length);
    expect(await downloadCount(doc.id)).toBe(2);
    // An unsatisfiable range returns no bytes and takes nothing.
    expectError(await get(`bytes=${data.length}-`), 416, "range_not_satisfiable");
    expect(await downloadCount(doc.id)).toBe(2);
    await expectBytes(await get(), 200, 0, data.length);
    expect(await downloadCount(doc.id)).toBe(3);

    // Spent: 410 for every range and method, the unsatisfiable one included.
    for (const range of [undefined, "bytes=0-", "bytes=1-", "bytes=150000-", "bytes=-10", "bytes=0-1,5-6"]) {
      expectError(await get(range), 410, "expired");
    }
    expectError(await get(`bytes=${data.length}-`), 410, "expired");
    expect((await api("HEAD", path)).status).toBe(410);
    expect((await api("HEAD", path, { headers: { Range: "bytes=1-" } })).status).toBe(410);
    expect(await downloadCount(doc.id)).toBe(3);

    const log = await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true`, { token: org.owner.key });
    expect(log.body.data.verified).toBe(true);
    const downloads = log.body.data.entries.filter((e: any) => e.action === "download");
    expect(downloads).toHaveLength(3);
    for (const entry of downloads) expect(entry.shareId).toEqual(expect.any(String));
  });

  it("never serves bytes past the cap under concurrent ranged requests", async () => {
    const org = await createOrg();
    const data = randomBytes(5000);
    const doc = await uploaded(org.owner.key, data, { classification: "internal" });
    const share = await api("POST", `/v1/documents/${doc.id}/share`, {
      token: org.owner.key,
      body: { maxDownloads: 2 },
    });
    const path = `/v1/documents/shared/${share.body.data.token}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api("GET", path, { headers: { Range: `bytes=${i + 1}-` } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([206, 206, 410, 410, 410, 410, 410, 410]);
    expect(await downloadCount(doc.id)).toBe(2);
  });

  it("claims nothing when the audit entry cannot be written", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "audited or nothing", { classification: "internal" });
    const share = await api("POST", `/v1/documents/${doc.id}/share`, {
      token: org.owner.key,
      body: { maxDownloads: 1 },
    });
    const path = `/v1/documents/shared/${share.body.data.token}`;
    // A test-only trigger makes every append for this document fail.
    await (await d1Of(org.organizationId))
      .prepare(
        `CREATE TRIGGER fail_audit_${doc.id.replace(/-/g, "")} BEFORE INSERT ON document_audit_entries
       WHEN NEW.document_id = '${doc.id}' BEGIN SELECT RAISE(ABORT, 'audit store down'); END`,
      )
      .run();
    try {
      expect((await api("GET", path)).status).toBe(500);
      expect(await downloadCount(doc.id)).toBe(0);
    } finally {
      await (await d1Of(org.organizationId))
        .prepare(`DROP TRIGGER fail_audit_${doc.id.replace(/-/g, "")}`)
        .run();
    }
    const got = await api("GET", path);
    expect(got.status).toBe(200);
    expect(got.body).toBe("audited or nothing");
    expect(await downloadCount(doc.id)).toBe(1);
    expect(await actions(doc.id, org.owner.key)).toEqual(["upload", "share", "download"]);
  });
});

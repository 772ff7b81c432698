// Retention (410 from the moment of expiry, the hourly sweep) and the share-link lifecycle.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runScheduled } from "../../src/cron";
import { setClockForTests } from "../../src/lib/clock";
import { addMember, api, createOrg, expectError } from "../helpers/api";
import { d1Of, selectOnEveryTenant } from "../helpers/db";
import { listKeys, uploaded } from "../helpers/documents";

const DAY = 86_400_000;
const shift = (ms: number) => setClockForTests(() => new Date(Date.now() + ms));

async function docRow(id: string) {
  const [row] = await selectOnEveryTenant<{
    status: string;
    wrapped_key: string | null;
    purged_at: string | null;
  }>("SELECT status, wrapped_key, purged_at FROM documents WHERE id = ?", id);
  return row ?? null;
}

describe("retention", () => {
  it("answers 410 once Expires-At passes, before the sweep; the sweep deletes the blob and logs expire", async () => {
    const org = await createOrg();
    const expiresAt = new Date(Date.now() + 5_000).toISOString();
    const doc = await uploaded(org.owner.key, "short-lived", {
      classification: "confidential",
      headers: { "Expires-At": expiresAt },
    });
    expect(doc.expiresAt).toBe(expiresAt);
    expect((await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key })).status).toBe(200);

    shift(6_000);
    expectError(
      await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key }),
      410,
      "expired",
    );
    expectError(
      await api("GET", `/v1/documents/${doc.id}/metadata`, { token: org.owner.key }),
      410,
      "expired",
    );
    expect((await api("GET", "/v1/documents", { token: org.owner.key })).body.meta.total).toBe(0);
    // Not swept yet: the blob is still there.
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toHaveLength(1);

    await runScheduled({ cron: "0 * * * *" }, env);
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toEqual([]);
    const row = await docRow(doc.id);
    expect(row).toMatchObject({ status: "expired", wrapped_key: null });
    expect(row?.purged_at).not.toBeNull();
    expectError(
      await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key }),
      410,
      "expired",
    );
    const log = await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true`, { token: org.owner.key });
    expect(log.body.data.entries.map((e: any) => e.action)).toEqual(["upload", "download", "expire"]);
    expect(log.body.data.entries[2]).toMatchObject({ actorId: null, actorEmail: null });
    expect(log.body.data.verified).toBe(true);
    const events = await (await d1Of(org.organizationId))
      .prepare("SELECT type FROM webhook_events WHERE organization_id = ? ORDER BY created_at")
      .bind(org.organizationId)
      .all<{ type: string }>();
    expect(events.results.map((e) => e.type)).toEqual(["document.uploaded", "document.expired"]);
  });

  it("expires by classification retention (restricted: 30 days) and leaves public documents alone", async () => {
    const org = await createOrg();
    const restricted = await uploaded(org.owner.key, "r", { classification: "restricted" });
    const internal = await uploaded(org.owner.key, "i", { classification: "internal" });
    const pub = await uploaded(org.owner.key, "p", { classification: "public" });
    shift(29 * DAY);
    expect(
      (await api("GET", `/v1/documents/${restricted.id}/metadata`, { token: org.owner.key })).status,
    ).toBe(200);
    shift(30 * DAY + 1000);
    expectError(
      await api("GET", `/v1/documents/${restricted.id}/metadata`, { token: org.owner.key }),
      410,
      "expired",
    );
    await runScheduled({ cron: "0 * * * *" }, env);
    expect((await docRow(restricted.id))?.status).toBe("expired");
    expect((await docRow(internal.id))?.status).toBe("stored");
    shift(3650 * DAY);
    await runScheduled({ cron: "0 * * * *" }, env);
    expect((await docRow(internal.id))?.status).toBe("expired");
    expect((await docRow(pub.id))?.status).toBe("stored");
    expect((await api("GET", `/v1/documents/download/${pub.id}`, { token: org.owner.key })).status).toBe(200);
  });

  it("crypto-shreds on delete: key dropped, blob removed, tombstone kept, 404 afterwards", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "shred me", { classification: "internal" });
    const res = await api("DELETE", `/v1/documents/${doc.id}`, { token: org.owner.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Document deleted" });
    expect(await docRow(doc.id)).toMatchObject({ status: "deleted", wrapped_key: null });
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toEqual([]);
    expectError(
      await api("GET", `/v1/documents/${doc.id}/metadata`, { token: org.owner.key }),
      404,
      "not_found",
    );
  });
});

describe("share links", () => {
  it("shares, downloads without auth up to the cap, logs each download, and expires", async () => {
    const org = await createOrg();
    const data = "shared content";
    const doc = await uploaded(org.owner.key, data, {
      classification: "confidential",
      filename: "offer.pdf",
    });
    const created = await api("POST", `/v1/documents/${doc.id}/share`, {
      token: org.owner.key,
      body: { expiresIn: 3600, maxDownloads: 2 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      data: { token: expect.any(String), url: expect.any(String) },
    });
    const { token, url, expiresAt } = created.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`http://api.test/v1/documents/shared/${token}`);
    expect(Math.abs(Date.parse(expiresAt) - (Date.now() + 3600_000))).toBeLessThan(10_000);
    // Only the hash is stored.
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT token_hash FROM document_shares WHERE document_id = ?")
      .bind(doc.id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).not.toBe(token);
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    for (let i = 0; i < 2; i++) {
      const res = await api("GET", `/v1/documents/shared/${token}`, {
        headers: { "CF-Connecting-IP": "198.51.100.9" },
      });
      expect(res.status).toBe(200);
      expect(res.body).toBe(data);
      expect(res.headers.get("X-Document-Classification")).toBe("confidential");
      expect(res.headers.get("Content-Disposition")).toContain('filename="offer.pdf"');
    }
    expectError(await api("GET", `/v1/documents/shared/${token}`), 410, "expired");
    expectError(await api("GET", `/v1/documents/shared/${"A".repeat(43)}`), 404, "not_found");

    const log = await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true`, { token: org.owner.key });
    const downloads = log.body.data.entries.filter((e: any) => e.action === "download");
    expect(downloads).toHaveLength(2);
    expect(downloads[0]).toMatchObject({
      actorId: org.owner.id,
      ipAddress: "198.51.100.9",
      shareId: expect.any(String),
    });
    expect(log.body.data.verified).toBe(true);

    const timed = await api("POST", `/v1/documents/${doc.id}/share`, {
      token: org.owner.key,
      body: { expiresIn: 60 },
    });
    expect((await api("GET", `/v1/documents/shared/${timed.body.data.token}`)).status).toBe(200);
    shift(61_000);
    expectError(await api("GET", `/v1/documents/shared/${timed.body.data.token}`), 410, "expired");
  });

  it("revokes links when the document is deleted, and when it expires", async () => {
    const org = await createOrg();
    const a = await uploaded(org.owner.key, "a", { classification: "internal" });
    const linkA = (await api("POST", `/v1/documents/${a.id}/share`, { token: org.owner.key })).body.data
      .token;
    expect((await api("GET", `/v1/documents/shared/${linkA}`)).status).toBe(200);
    await api("DELETE", `/v1/documents/${a.id}`, { token: org.owner.key });
    expectError(await api("GET", `/v1/documents/shared/${linkA}`), 404, "not_found");

    const b = await uploaded(org.owner.key, "b", {
      classification: "internal",
      headers: { "Expires-At": new Date(Date.now() + 120_000).toISOString() },
    });
    const shareB = await api("POST", `/v1/documents/${b.id}/share`, {
      token: org.owner.key,
      body: { expiresIn: 604800 },
    });
    // A link never outlives its document.
    expect(shareB.body.data.expiresAt).toBe(b.expiresAt);
    shift(121_000);
    expectError(await api("GET", `/v1/documents/shared/${shareB.body.data.token}`), 410, "expired");
    await runScheduled({ cron: "0 * * * *" }, env);
    const revoked = await (await d1Of(org.organizationId))
      .prepare("SELECT revoked_at FROM document_shares WHERE document_id = ?")
      .bind(b.id)
      .first<{ revoked_at: string | null }>();
    expect(revoked?.revoked_at).not.toBeNull();
  });

  it("refuses to share restricted documents, and callers outside the organization", async () => {
    const org = await createOrg();
    const member = await addMember(org, "member");
    const restricted = await uploaded(org.owner.key, "r", { classification: "restricted" });
    expectError(
      await api("POST", `/v1/documents/${restricted.id}/share`, { token: org.owner.key }),
      403,
      "access_denied",
    );
    const pub = await uploaded(org.owner.key, "p", { classification: "public" });
    expect((await api("POST", `/v1/documents/${pub.id}/share`, { token: member.key })).status).toBe(201);
    const other = await createOrg();
    expectError(
      await api("POST", `/v1/documents/${pub.id}/share`, { token: other.owner.key }),
      403,
      "access_denied",
    );
    expectError(
      await api("POST", `/v1/documents/${pub.id}/share`, {
        token: org.owner.key,
        body: { expiresIn: 604801 },
      }),
      422,
      "validation_error",
    );
  });
});

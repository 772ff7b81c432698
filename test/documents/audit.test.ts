// The audit log: every access recorded with actor, IP and user agent; hash-chained and
// verifiable; outlives the document.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addMember, api, createOrg, expectError } from "../helpers/api";
import { uploaded } from "../helpers/documents";

const CLIENT = { "CF-Connecting-IP": "203.0.113.7", "User-Agent": "audit-test/1.0" };

describe("document audit log", () => {
  it("records upload, view, download, share and delete with actor, IP and user agent", async () => {
    const org = await createOrg();
    const admin = await addMember(org, "admin");
    const doc = await uploaded(org.owner.key, "audited", { classification: "internal", headers: CLIENT });
    await api("GET", `/v1/documents/${doc.id}/metadata`, { token: admin.key, headers: CLIENT });
    await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key, headers: CLIENT });
    const share = await api("POST", `/v1/documents/${doc.id}/share`, {
      token: org.owner.key,
      headers: CLIENT,
      body: {},
    });
    expect(share.status).toBe(201);
    await api("DELETE", `/v1/documents/${doc.id}`, { token: org.owner.key, headers: CLIENT });

    const log = await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true`, { token: org.owner.key });
    expect(log.status).toBe(200);
    expect(log.body.success).toBe(true);
    expect(log.body.data.fileId).toBe(doc.id);
    expect(log.body.data.fileName).toBe("report.pdf");
    expect(log.body.data.verified).toBe(true);
    const entries = log.body.data.entries;
    expect(entries.map((e: any) => e.action)).toEqual(["upload", "view", "download", "share", "delete"]);
    expect(entries[1]).toMatchObject({ actorId: admin.id, actorEmail: admin.email });
    for (const entry of entries) {
      expect(entry).toMatchObject({ ipAddress: "203.0.113.7", userAgent: "audit-test/1.0" });
      expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(entry.createdAt)).not.toBeNaN();
    }
    expect(entries[0]).toMatchObject({ actorId: org.owner.id, actorEmail: org.owner.email });

    // The document is gone, its log is not.
    expectError(
      await api("GET", `/v1/documents/${doc.id}/metadata`, { token: org.owner.key }),
      404,
      "not_found",
    );
    expectError(
      await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key }),
      404,
      "not_found",
    );
    expectError(await api("DELETE", `/v1/documents/${doc.id}`, { token: org.owner.key }), 404, "not_found");
    const plain = await api("GET", `/v1/documents/${doc.id}/audit-log`, { token: org.owner.key });
    expect(plain.body.data).not.toHaveProperty("verified");
  });

  it("detects an altered, a removed and a reordered entry", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "chain", { classification: "confidential" });
    for (let i = 0; i < 3; i++)
      await api("GET", `/v1/documents/${doc.id}/metadata`, { token: org.owner.key });
    const verify = async () =>
      (await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true`, { token: org.owner.key })).body.data
        .verified;
    expect(await verify()).toBe(true);

    const db = env.DB;
    await db
      .prepare(
        "UPDATE document_audit_entries SET actor_email = 'someone@else.test' WHERE document_id = ? AND seq = 2",
      )
      .bind(doc.id)
      .run();
    expect(await verify()).toBe(false);
    await db
      .prepare("UPDATE document_audit_entries SET actor_email = ? WHERE document_id = ? AND seq = 2")
      .bind(org.owner.email, doc.id)
      .run();
    expect(await verify()).toBe(true);

    // Dropping the newest entry: the anchor on the document row no longer matches.
    const last = await db
      .prepare("SELECT * FROM document_audit_entries WHERE document_id = ? AND seq = 4")
      .bind(doc.id)
      .first<Record<string, unknown>>();
    await db
      .prepare("DELETE FROM document_audit_entries WHERE document_id = ? AND seq = 4")
      .bind(doc.id)
      .run();
    expect(await verify()).toBe(false);
    const columns = Object.keys(last!);
    await db
      .prepare(
        `INSERT INTO document_audit_entries (${columns.join(",")}) VALUES (${columns.map(() => "?").join(",")})`,
      )
      .bind(...columns.map((c) => last![c]))
      .run();
    expect(await verify()).toBe(true);

    // Swapping two entries' timestamps (a reordering of history).
    await db
      .prepare(
        "UPDATE document_audit_entries SET created_at = '2000-01-01T00:00:00.000Z' WHERE document_id = ? AND seq = 3",
      )
      .bind(doc.id)
      .run();
    expect(await verify()).toBe(false);
  });

  it("keeps the chain intact under concurrent accesses", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "busy", { classification: "internal" });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api("GET", i % 2 ? `/v1/documents/${doc.id}/metadata` : `/v1/documents/download/${doc.id}`, {
          token: org.owner.key,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const log = await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true`, { token: org.owner.key });
    expect(log.body.data.entries).toHaveLength(9);
    expect(log.body.data.verified).toBe(true);
  });
});

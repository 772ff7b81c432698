// The audit log: every access recorded with actor, IP and user agent; hash-chained and
// verifiable; outlives the document.

import { describe, expect, it } from "vitest";
import { auditEntryHash } from "../../src/services/documents/audit";
import { addMember, api, createOrg, expectError } from "../helpers/api";
import { d1Of } from "../helpers/db";
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

  it("hides a restricted document's name from an admin reading its log, not from its owner", async () => {
    const org = await createOrg();
    const admin = await addMember(org, "admin");
    const member = await addMember(org, "member");
    const doc = await uploaded(member.key, "plan", {
      classification: "restricted",
      filename: "layoff-plan-Q3.pdf",
    });
    expectError(
      await api("GET", `/v1/documents/${doc.id}/metadata`, { token: admin.key }),
      403,
      "access_denied",
    );
    for (const key of [admin.key, org.owner.key]) {
      const log = await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true`, { token: key });
      expect(log.status).toBe(200);
      expect(log.body.data).toMatchObject({ fileId: doc.id, fileName: null, verified: true });
      expect(JSON.stringify(log.body)).not.toContain("layoff");
    }
    const own = await api("GET", `/v1/documents/${doc.id}/audit-log`, { token: member.key });
    expect(own.body.data.fileName).toBe("layoff-plan-Q3.pdf");
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

    const db = await d1Of(org.organizationId);
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

  it("lets 20 concurrent readers of one document all log their view; the chain verifies", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "popular", { classification: "public" });
    const readers = await Promise.all(Array.from({ length: 4 }, () => createOrg()));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("GET", `/v1/documents/${doc.id}/metadata`, { token: readers[i % 4]!.owner.key }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const log = await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true`, { token: org.owner.key });
    expect(log.body.data.entries).toHaveLength(21);
    expect(log.body.data.entries.filter((e: any) => e.action === "view")).toHaveLength(20);
    expect(log.body.data.verified).toBe(true);
  });

  it("pages the log with limit and after; nextCursor is null at the end", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "paged", { classification: "internal" });
    for (let i = 0; i < 4; i++)
      await api("GET", `/v1/documents/${doc.id}/metadata`, { token: org.owner.key });
    const page = (query: string) =>
      api("GET", `/v1/documents/${doc.id}/audit-log?${query}`, { token: org.owner.key });

    const all = await page("");
    expect(all.body.data.entries).toHaveLength(5);
    expect(all.body.data.nextCursor).toBeNull();
    expect(all.body.data).not.toHaveProperty("verified");

    const ids: string[] = [];
    const cursors: Array<number | null> = [];
    let after = 0;
    for (;;) {
      const res = await page(`limit=2&after=${after}&verify=true`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ fileId: doc.id, fileName: "report.pdf", verified: true });
      expect(res.body.data.entries.length).toBeLessThanOrEqual(2);
      ids.push(...res.body.data.entries.map((e: any) => e.id));
      cursors.push(res.body.data.nextCursor);
      if (res.body.data.nextCursor === null) break;
      after = res.body.data.nextCursor;
    }
    expect(cursors).toEqual([2, 4, null]);
    expect(ids).toEqual(all.body.data.entries.map((e: any) => e.id));
    // A page that ends exactly at the newest entry knows there is nothing after it.
    expect((await page("limit=5")).body.data.nextCursor).toBeNull();
    expect((await page("limit=4")).body.data.nextCursor).toBe(4);
    // Past the end: an empty, verified page.
    const past = await page("after=5&verify=true");
    expect(past.body.data).toMatchObject({ entries: [], nextCursor: null, verified: true });

    for (const bad of ["limit=0", "limit=1001", "limit=abc", "after=-1", "after=1.5"]) {
      expectError(await page(bad), 400, "invalid_request");
    }
    expect((await page("limit=1000")).status).toBe(200);
  });

  it("verifies each page on its own: tampering shows on the page that holds it, and at its link", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "paged chain", { classification: "confidential" });
    for (let i = 0; i < 5; i++)
      await api("GET", `/v1/documents/${doc.id}/metadata`, { token: org.owner.key });
    // Six entries, pages of two: (1,2) (3,4) (5,6).
    const verified = async (after: number) =>
      (
        await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true&limit=2&after=${after}`, {
          token: org.owner.key,
        })
      ).body.data.verified;
    const pages = async () => [await verified(0), await verified(2), await verified(4)];
    expect(await pages()).toEqual([true, true, true]);
    const db = await d1Of(org.organizationId);
    const entry = (seq: number) =>
      db
        .prepare("SELECT * FROM document_audit_entries WHERE document_id = ? AND seq = ?")
        .bind(doc.id, seq)
        .first<Record<string, any>>();

    // An altered field of entry 3: its page fails; the others still check out.
    const third = await entry(3);
    await db
      .prepare(
        "UPDATE document_audit_entries SET ip_address = '192.0.2.66' WHERE document_id = ? AND seq = 3",
      )
      .bind(doc.id)
      .run();
    expect(await pages()).toEqual([true, false, true]);
    await db
      .prepare("UPDATE document_audit_entries SET ip_address = ? WHERE document_id = ? AND seq = 3")
      .bind(third!.ip_address, doc.id)
      .run();
    expect(await pages()).toEqual([true, true, true]);

    // Entry 4 rewritten with a correct hash over the new fields: its own page checks out, but
    // entry 5 still links to the old hash, so the next page fails.
    const fourth = (await entry(4))!;
    const forged: Record<string, any> = { ...fourth, ip_address: "192.0.2.66" };
    const forgedHash = await auditEntryHash({
      id: forged.id,
      documentId: forged.document_id,
      organizationId: forged.organization_id,
      seq: forged.seq,
      action: forged.action,
      actorId: forged.actor_id,
      actorEmail: forged.actor_email,
      ipAddress: forged.ip_address,
      userAgent: forged.user_agent,
      shareId: forged.share_id,
      createdAt: forged.created_at,
      prevHash: forged.prev_hash,
    });
    const setFourth = (ip: string, hash: string) =>
      db
        .prepare(
          "UPDATE document_audit_entries SET ip_address = ?, hash = ? WHERE document_id = ? AND seq = 4",
        )
        .bind(ip, hash, doc.id)
        .run();
    await setFourth(forged.ip_address, forgedHash);
    expect(await pages()).toEqual([true, true, false]);
    await setFourth(fourth.ip_address, fourth.hash);
    expect(await pages()).toEqual([true, true, true]);

    // The newest entry dropped: the last page no longer reaches the anchor on the document row.
    const sixth = (await entry(6))!;
    await db
      .prepare("DELETE FROM document_audit_entries WHERE document_id = ? AND seq = 6")
      .bind(doc.id)
      .run();
    expect(await pages()).toEqual([true, true, false]);
    const columns = Object.keys(sixth);
    await db
      .prepare(
        `INSERT INTO document_audit_entries (${columns.join(",")}) VALUES (${columns.map(() => "?").join(",")})`,
      )
      .bind(...columns.map((c) => sixth[c]))
      .run();
    expect(await pages()).toEqual([true, true, true]);
  });
});

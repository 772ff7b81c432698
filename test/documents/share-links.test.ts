// Managing share links: the create answer names the link, GET .../shares lists the live ones
// without their tokens, DELETE .../share/{shareId} revokes one (audited as share_revoke).
import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { addMember, api, createOrg, expectError } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { uploaded } from "../helpers/documents";

async function share(key: string, docId: string, body: Record<string, unknown> = {}) {
  const res = await api("POST", `/v1/documents/${docId}/share`, { token: key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; token: string; url: string; expiresAt: string };
}

describe("share link management", () => {
  it("lists the live links without tokens and revokes one, which then answers 404", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "board pack", { classification: "confidential" });
    const first = await share(org.owner.key, doc.id, { maxDownloads: 2, expiresIn: 3600 });
    const second = await share(org.owner.key, doc.id);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await (await d1Of(org.organizationId))
      .prepare("SELECT id FROM document_shares WHERE document_id = ? AND id = ?")
      .bind(doc.id, first.id)
      .first();
    expect(row).not.toBeNull();
    expect((await api("GET", `/v1/documents/shared/${first.token}`)).status).toBe(200);

    const listed = await api("GET", `/v1/documents/${doc.id}/shares`, { token: org.owner.key });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      success: true,
      data: [
        {
          id: second.id,
          expiresAt: second.expiresAt,
          maxDownloads: null,
          downloads: 0,
          createdAt: expect.any(String),
        },
        {
          id: first.id,
          expiresAt: first.expiresAt,
          maxDownloads: 2,
          downloads: 1,
          createdAt: expect.any(String),
        },
      ],
    });
    expect(JSON.stringify(listed.body)).not.toContain(first.token);
    expect(JSON.stringify(listed.body)).not.toContain(second.token);

    const revoked = await api("DELETE", `/v1/documents/${doc.id}/share/${first.id}`, {
      token: org.owner.key,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true, message: "Share link revoked" });
    expectError(await api("GET", `/v1/documents/shared/${first.token}`), 404, "not_found");
    expect((await api("HEAD", `/v1/documents/shared/${first.token}`)).status).toBe(404);
    // The other link still works; revoking twice is 404.
    expect((await api("GET", `/v1/documents/shared/${second.token}`)).status).toBe(200);
    expectError(
      await api("DELETE", `/v1/documents/${doc.id}/share/${first.id}`, { token: org.owner.key }),
      404,
      "not_found",
    );
    expectError(
      await api("DELETE", `/v1/documents/${doc.id}/share/${crypto.randomUUID()}`, { token: org.owner.key }),
      404,
      "not_found",
    );
    const after = await api("GET", `/v1/documents/${doc.id}/shares`, { token: org.owner.key });
    expect(after.body.data.map((s: any) => s.id)).toEqual([second.id]);

    const log = await api("GET", `/v1/documents/${doc.id}/audit-log?verify=true`, { token: org.owner.key });
    expect(log.body.data.verified).toBe(true);
    expect(log.body.data.entries.map((e: any) => e.action)).toEqual([
      "upload",
      "share",
      "share",
      "download",
      "share_revoke",
      "download",
    ]);
    expect(log.body.data.entries[4]).toMatchObject({ actorId: org.owner.id, shareId: first.id });
  });

  it("lists neither spent nor expired links", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "x", { classification: "internal" });
    const once = await share(org.owner.key, doc.id, { maxDownloads: 1 });
    const short = await share(org.owner.key, doc.id, { expiresIn: 60 });
    const long = await share(org.owner.key, doc.id, { expiresIn: 3600 });
    expect((await api("GET", `/v1/documents/shared/${once.token}`)).status).toBe(200);
    const start = Date.now();
    setClockForTests(() => new Date(start + 61_000));
    const listed = await api("GET", `/v1/documents/${doc.id}/shares`, { token: org.owner.key });
    expect(listed.body.data.map((s: any) => s.id)).toEqual([long.id]);
    expect(short.id).not.toBe(long.id);
  });

  it("lets the owner, an org owner/admin and the link's creator revoke; other members get 403", async () => {
    const org = await createOrg();
    const author = await addMember(org, "member");
    const admin = await addMember(org, "admin");
    const creator = await addMember(org, "member");
    const bystander = await addMember(org, "member");
    const outsider = await createOrg();
    const doc = await uploaded(author.key, "team notes", { classification: "internal" });

    const byCreator = await share(creator.key, doc.id);
    // A plain member may not list the links, nor revoke one they did not create.
    expectError(
      await api("GET", `/v1/documents/${doc.id}/shares`, { token: creator.key }),
      403,
      "access_denied",
    );
    expectError(
      await api("DELETE", `/v1/documents/${doc.id}/share/${byCreator.id}`, { token: bystander.key }),
      403,
      "access_denied",
    );
    expectError(
      await api("DELETE", `/v1/documents/${doc.id}/share/${byCreator.id}`, { token: outsider.owner.key }),
      403,
      "access_denied",
    );
    expectError(
      await api("GET", `/v1/documents/${doc.id}/shares`, { token: outsider.owner.key }),
      403,
      "access_denied",
    );
    expect((await api("GET", `/v1/documents/shared/${byCreator.token}`)).status).toBe(200);
    expect(
      (await api("DELETE", `/v1/documents/${doc.id}/share/${byCreator.id}`, { token: creator.key })).status,
    ).toBe(200);

    for (const manager of [author, admin, org.owner]) {
      const link = await share(author.key, doc.id);
      const listed = await api("GET", `/v1/documents/${doc.id}/shares`, { token: manager.key });
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((s: any) => s.id)).toEqual([link.id]);
      const res = await api("DELETE", `/v1/documents/${doc.id}/share/${link.id}`, { token: manager.key });
      expect(res.status).toBe(200);
      expectError(await api("GET", `/v1/documents/shared/${link.token}`), 404, "not_found");
    }

    // A link of another document is not found under this one.
    const other = await uploaded(author.key, "other", { classification: "internal" });
    const elsewhere = await share(author.key, other.id);
    expectError(
      await api("DELETE", `/v1/documents/${doc.id}/share/${elsewhere.id}`, { token: author.key }),
      404,
      "not_found",
    );
    expect((await api("GET", `/v1/documents/shared/${elsewhere.token}`)).status).toBe(200);
  });

  it("answers 401 without credentials", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "x", { classification: "internal" });
    const link = await share(org.owner.key, doc.id);
    expectError(await api("GET", `/v1/documents/${doc.id}/shares`), 401, "unauthorized");
    expectError(await api("DELETE", `/v1/documents/${doc.id}/share/${link.id}`), 401, "unauthorized");
  });
});

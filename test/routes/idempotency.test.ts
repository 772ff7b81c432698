import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, uniqueEmail } from "../helpers/api";
import { d1Of } from "../helpers/db";

async function memberCount(organizationId: string): Promise<number> {
  const row = await (await d1Of(organizationId))
    .prepare("SELECT count(*) AS n FROM users WHERE organization_id = ?")
    .bind(organizationId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body, creating nothing new", async () => {
    const org = await createOrg();
    const body = { email: uniqueEmail(), role: "member" };
    const headers = { "Idempotency-Key": "create-member-1" };
    const first = await api("POST", "/v1/members", { token: org.owner.key, body, headers });
    const second = await api("POST", "/v1/members", { token: org.owner.key, body, headers });
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    // The same member, but the plain API key is shown once and never kept for replay.
    expect(second.body).toEqual({ ...first.body, api_key: null });
    expect(await memberCount(org.organizationId)).toBe(2);
    const kept = await (await d1Of(org.organizationId))
      .prepare("SELECT body FROM idempotency_keys WHERE key = ?")
      .bind("create-member-1")
      .first<{ body: string }>();
    expect(kept?.body).not.toContain(first.body.api_key);
  });

  it("never keeps a minted token for replay either", async () => {
    const org = await createOrg();
    const headers = { "Idempotency-Key": "mint-token" };
    const first = await api("POST", "/v1/auth/token", { token: org.owner.key, headers });
    const second = await api("POST", "/v1/auth/token", { token: org.owner.key, headers });
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.body).toEqual({ ...first.body, token: null });
  });

  it("answers 422 for the same key with a different body", async () => {
    const org = await createOrg();
    const headers = { "Idempotency-Key": "create-member-2" };
    await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: uniqueEmail(), role: "member" },
      headers,
    });
    const res = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: uniqueEmail(), role: "member" },
      headers,
    });
    expect(expectError(res, 422, "validation_error").details).toEqual({ reason: "idempotency_key_reused" });
    expect(await memberCount(org.organizationId)).toBe(2);
  });

  it("keeps keys of different callers apart", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const headers = { "Idempotency-Key": "shared-key" };
    const ra = await api("POST", "/v1/members", {
      token: a.owner.key,
      body: { email: uniqueEmail(), role: "member" },
      headers,
    });
    const rb = await api("POST", "/v1/members", {
      token: b.owner.key,
      body: { email: uniqueEmail(), role: "member" },
      headers,
    });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(rb.headers.get("Idempotent-Replayed")).toBeNull();
    expect(rb.body.user.organization_id).toBe(b.organizationId);
  });

  it("does not keep a failed request, so the corrected retry with the same key goes through", async () => {
    const org = await createOrg();
    const headers = { "Idempotency-Key": "fix-and-retry" };
    const bad = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: "nope", role: "member" },
      headers,
    });
    expectError(bad, 422, "validation_error");
    const good = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: uniqueEmail(), role: "member" },
      headers,
    });
    expect(good.status).toBe(201);
  });

  it("expires keys after 24 hours", async () => {
    const { setClockForTests } = await import("../../src/lib/clock");
    const org = await createOrg();
    const headers = { "Idempotency-Key": "day-old" };
    await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: uniqueEmail(), role: "member" },
      headers,
    });
    setClockForTests(() => new Date(Date.now() + 24 * 3600_000 + 1000));
    const later = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: uniqueEmail(), role: "member" },
      headers,
    });
    expect(later.status).toBe(201);
    expect(later.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("refuses an over-long key with 400", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/api-keys", {
      token: org.owner.key,
      headers: { "Idempotency-Key": "k".repeat(256) },
    });
    expectError(res, 400, "invalid_request");
  });
});

describe("Idempotency-Key on secrets inside an answer", () => {
  it("replays a share link without its token", async () => {
    const { uploadFile } = await import("../helpers/documents");
    const org = await createOrg();
    const uploaded = await uploadFile(org.owner.key, "quarterly report", { classification: "internal" });
    const headers = { "Idempotency-Key": "share-once" };
    const path = `/v1/documents/${uploaded.body.data.id}/share`;
    const first = await api("POST", path, { token: org.owner.key, body: { expiresIn: 600 }, headers });
    const second = await api("POST", path, { token: org.owner.key, body: { expiresIn: 600 }, headers });
    expect(first.status).toBe(201);
    expect(first.body.data.token).toEqual(expect.any(String));
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.body).toEqual({ success: true, data: { ...first.body.data, token: null, url: null } });
    const kept = await (await d1Of(org.organizationId))
      .prepare("SELECT body FROM idempotency_keys WHERE key = ?")
      .bind("share-once")
      .first<{ body: string }>();
    expect(kept?.body).not.toContain(first.body.data.token);
  });
});

describe("Idempotency-Key on a streamed upload", () => {
  it("replays an upload without reading the body twice, whatever the case of its media type", async () => {
    const { multipart } = await import("../helpers/documents");
    const org = await createOrg();
    const { body, contentType } = multipart([{ filename: "a.txt", data: "hello" }]);
    const headers = {
      "Idempotency-Key": "upload-1",
      "Content-Type": contentType.replace("multipart/form-data", "Multipart/Form-Data"),
      "Content-Length": String(body.byteLength),
      "Classification-Level": "internal",
    };
    const first = await api("POST", "/v1/documents/upload", { token: org.owner.key, rawBody: body, headers });
    const second = await api("POST", "/v1/documents/upload", {
      token: org.owner.key,
      rawBody: body,
      headers,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.body.data.id).toBe(first.body.data.id);
    const rows = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM documents WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("refuses a retry with the same size but other bytes (422), storing nothing; the same bytes replay", async () => {
    const { listKeys, multipart } = await import("../helpers/documents");
    const org = await createOrg();
    // Each multipart() call draws a new boundary of the same length: a rebuilt retry.
    const upload = (data: string, filename = "ledger.csv") => {
      const { body, contentType } = multipart([{ filename, data }]);
      return api("POST", "/v1/documents/upload", {
        token: org.owner.key,
        rawBody: body,
        headers: {
          "Idempotency-Key": "upload-digest",
          "Content-Type": contentType,
          "Content-Length": String(body.byteLength),
          "Classification-Level": "confidential",
        },
      });
    };
    const first = await upload("amount=100");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const kept = await (await d1Of(org.organizationId))
      .prepare("SELECT content_digest FROM idempotency_keys WHERE key = ?")
      .bind("upload-digest")
      .first<{ content_digest: string }>();
    expect(kept?.content_digest).toMatch(/^[0-9a-f]{64}$/);

    const other = await upload("amount=999");
    expectError(other, 422, "validation_error");
    expect(other.body.error.details.reason).toBe("idempotency_key_reused");
    expect(other.headers.get("Idempotent-Replayed")).toBeNull();

    // The file name is part of the request too.
    const renamed = await upload("amount=100", "ledger.txt");
    expectError(renamed, 422, "validation_error");
    expect(renamed.body.error.details.reason).toBe("idempotency_key_reused");

    const same = await upload("amount=100");
    expect(same.status).toBe(201);
    expect(same.headers.get("Idempotent-Replayed")).toBe("true");
    expect(same.body.data.id).toBe(first.body.data.id);

    const rows = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM documents WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toHaveLength(1);
    const download = await api("GET", `/v1/documents/download/${first.body.data.id}`, {
      token: org.owner.key,
    });
    expect(download.body).toBe("amount=100");
  });

  it("refuses an upload with an Idempotency-Key but no Content-Length", async () => {
    const org = await createOrg();
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("--x\r\n"));
        controller.close();
      },
    });
    const res = await api("POST", "/v1/documents/upload", {
      token: org.owner.key,
      rawBody: stream,
      headers: {
        "Idempotency-Key": "upload-chunked",
        "Content-Type": "multipart/form-data; boundary=x",
        "Classification-Level": "public",
      },
    });
    expectError(res, 400, "invalid_request");
  });

  it("answers 413 from Content-Length alone, before the idempotency step reads anything", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/documents/upload", {
      token: org.owner.key,
      rawBody: "small",
      headers: {
        "Idempotency-Key": "too-big",
        "Content-Type": "application/octet-stream",
        "Content-Length": String(55 * 1024 * 1024 + 1),
        "Classification-Level": "public",
      },
    });
    expectError(res, 413, "payload_too_large");
  });

  it("reclaims a key whose first request died before storing its answer", async () => {
    const { setClockForTests } = await import("../../src/lib/clock");
    const org = await createOrg();
    const me = await api("GET", "/v1/me", { token: org.owner.key });
    const stale = new Date(Date.now() - 16 * 60_000).toISOString();
    await (await d1Of(org.organizationId))
      .prepare(
        "INSERT INTO idempotency_keys (scope, key, fingerprint, status, created_at, expires_at) VALUES (?, ?, 'x', NULL, ?, ?)",
      )
      .bind(`user:${me.body.user.id}`, "abandoned", stale, new Date(Date.now() + 3600_000).toISOString())
      .run();
    setClockForTests(() => new Date());
    const res = await api("POST", "/v1/api-keys", {
      token: org.owner.key,
      headers: { "Idempotency-Key": "abandoned" },
    });
    expect(res.status).toBe(201);
  });
});

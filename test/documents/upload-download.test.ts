import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, tokenFor } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { listKeys, multipart, randomBytes, sha256, uploaded, uploadFile } from "../helpers/documents";

const MiB = 2 ** 20;

describe("upload and download", () => {
  it("uploads an internal document and answers the full upload shape", async () => {
    const org = await createOrg();
    const entityId = crypto.randomUUID();
    const res = await uploadFile(org.owner.key, "hello invoices", {
      classification: "internal",
      headers: { "Entity-Type": "invoice", "Entity-Id": entityId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.success).toBe(true);
    const doc = res.body.data;
    expect(Object.keys(doc).sort()).toEqual(
      [
        "id",
        "ownerId",
        "filename",
        "originalName",
        "documentType",
        "classification",
        "mimeType",
        "sizeBytes",
        "isEncrypted",
        "entityType",
        "entityId",
        "expiresAt",
        "createdAt",
      ].sort(),
    );
    expect(doc).toMatchObject({
      ownerId: org.owner.id,
      filename: "report.pdf",
      originalName: "report.pdf",
      documentType: "pdf",
      classification: "internal",
      mimeType: "application/pdf",
      sizeBytes: 14,
      isEncrypted: true,
      entityType: "invoice",
      entityId,
    });
    // Internal documents live 365 days.
    expect(Date.parse(doc.expiresAt) - Date.parse(doc.createdAt)).toBe(365 * 86_400_000);
  });

  it("round-trips every classification byte for byte with the interface's download headers", async () => {
    const org = await createOrg();
    const token = await tokenFor(org.owner.key);
    // 3 segments and a bit: crosses segment boundaries.
    const data = randomBytes(3 * 65536 + 1234);
    for (const classification of ["public", "internal", "confidential", "restricted"]) {
      const doc = await uploaded(token, data, {
        classification,
        filename: "scan.png",
        contentType: "image/png",
      });
      expect(doc.isEncrypted).toBe(classification !== "public");
      const res = await api("GET", `/v1/documents/download/${doc.id}`, { token });
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.raw.arrayBuffer());
      expect(await sha256(bytes)).toBe(await sha256(data));
      expect(res.headers.get("Content-Type")).toBe("image/png");
      expect(res.headers.get("Content-Length")).toBe(String(data.length));
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(res.headers.get("X-Document-Classification")).toBe(classification);
      expect(res.headers.get("Content-Disposition")).toBe(
        "attachment; filename=\"scan.png\"; filename*=UTF-8''scan.png",
      );
    }
  });

  it("round-trips an empty file", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, new Uint8Array(0), { classification: "confidential" });
    expect(doc.sizeBytes).toBe(0);
    const res = await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Length")).toBe("0");
    expect((await res.raw.arrayBuffer()).byteLength).toBe(0);
  });

  it("stores an internal document's blob encrypted: the plaintext is nowhere in the R2 object", async () => {
    const org = await createOrg();
    const secret = "CONFIDENTIAL-PAYROLL-".repeat(5000);
    const doc = await uploaded(org.owner.key, secret, { classification: "internal" });
    const keys = await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`);
    expect(keys).toEqual([`documents/${org.organizationId}/${doc.id}`]);
    const stored = await env.DOCUMENTS.get(keys[0]!);
    const text = new TextDecoder("latin1").decode(await stored!.arrayBuffer());
    expect(text).not.toContain("CONFIDENTIAL-PAYROLL");
    // 105000 bytes of plaintext: two segments, two 16-byte tags.
    expect(text.length).toBe(secret.length + 2 * 16);

    const pub = await uploaded(org.owner.key, "public words", { classification: "public" });
    const plain = await env.DOCUMENTS.get(`documents/${org.organizationId}/${pub.id}`);
    expect(await plain!.text()).toBe("public words");
  });

  it("answers Range requests with 206 and exactly those bytes, for encrypted and public files", async () => {
    const org = await createOrg();
    const data = randomBytes(5 * 65536 + 77);
    const cases: Array<[string, number, number]> = [
      ["bytes=0-0", 0, 0],
      ["bytes=65530-65545", 65530, 65545],
      ["bytes=100-", 100, data.length - 1],
      ["bytes=-10", data.length - 10, data.length - 1],
      ["bytes=131072-196607", 131072, 196607],
      [`bytes=10-${data.length + 500}`, 10, data.length - 1],
    ];
    for (const classification of ["restricted", "public"]) {
      const doc = await uploaded(org.owner.key, data, { classification });
      for (const [range, start, end] of cases) {
        const res = await api("GET", `/v1/documents/download/${doc.id}`, {
          token: org.owner.key,
          headers: { Range: range },
        });
        expect(res.status, `${classification} ${range}`).toBe(206);
        expect(res.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${data.length}`);
        expect(res.headers.get("Content-Length")).toBe(String(end - start + 1));
        const bytes = new Uint8Array(await res.raw.arrayBuffer());
        expect(await sha256(bytes), `${classification} ${range}`).toBe(
          await sha256(data.slice(start, end + 1)),
        );
      }
      const unsatisfiable = await api("GET", `/v1/documents/download/${doc.id}`, {
        token: org.owner.key,
        headers: { Range: `bytes=${data.length}-` },
      });
      expectError(unsatisfiable, 416, "range_not_satisfiable");
      expect(unsatisfiable.headers.get("Content-Range")).toBe(`bytes */${data.length}`);
    }
  });

  it("gives one well-formed Content-Disposition for quotes, CR/LF, ../ and emoji", async () => {
    const org = await createOrg();
    const names = ['say "hi".pdf', "evil;Set-Cookie: x=1.txt", "../../etc/passwd", "Rechnung 😀 März.pdf"];
    for (const name of names) {
      const doc = await uploaded(org.owner.key, "x", { encodedFilename: name, classification: "internal" });
      expect(doc.originalName).toBe(name);
      expect(doc.filename).not.toMatch(/[/\\\r\n]/);
      const res = await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key });
      expect(res.status).toBe(200);
      const header = res.headers.get("Content-Disposition")!;
      // One header, ASCII only, no raw quotes or line breaks inside the quoted fallback.
      expect(header).toMatch(
        /^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!#$&+\-.^_`|~]+$/,
      );
      const encoded = header.split("filename*=UTF-8''")[1]!;
      // The name as given, except that a path is never offered: its segments are joined.
      expect(decodeURIComponent(encoded)).toBe(name === "../../etc/passwd" ? "etc_passwd" : name);
    }
    const traversal = await uploaded(org.owner.key, "x", { encodedFilename: "../../etc/passwd" });
    expect(traversal.filename).toBe("passwd");
  });

  it("keeps a raw UTF-8 file name (RFC 7578) in the metadata and the download's Content-Disposition", async () => {
    const org = await createOrg();
    for (const name of ["日本.txt", "Ünïcödé – 報告書 ✓.pdf", "Ā€.txt" /* UTF-8 C4 80, E2 82 AC */]) {
      const doc = await uploaded(org.owner.key, "こんにちは", {
        filename: name,
        classification: "confidential",
      });
      expect(doc.originalName).toBe(name);
      expect(doc.filename).toBe(name);
      const meta = await api("GET", `/v1/documents/${doc.id}/metadata`, { token: org.owner.key });
      expect(meta.body.data).toMatchObject({ originalName: name, filename: name });
      const res = await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key });
      expect(res.status).toBe(200);
      expect(res.body).toBe("こんにちは");
      const header = res.headers.get("Content-Disposition")!;
      expect(header).toMatch(
        /^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]+"; filename\*=UTF-8''\S+$/,
      );
      expect(decodeURIComponent(header.split("filename*=UTF-8''")[1]!)).toBe(name);
    }
    const doc = await uploaded(org.owner.key, "x", { filename: "日本.txt" });
    const header = (
      await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key })
    ).headers.get("Content-Disposition");
    expect(header).toBe(`attachment; filename="__.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`);
  });

  it("takes filename* (RFC 8187) over filename when both are sent", async () => {
    const org = await createOrg();
    const encoder = new TextEncoder();
    const boundary = "----utf8boundary";
    const body = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fallback.txt"; ` +
        `filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    );
    const res = await api("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Classification-Level": "internal",
      },
      rawBody: body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.originalName).toBe("日本.txt");
    // Raw UTF-8 in filename= next to filename*: filename* still wins.
    const both = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="日本-raw.txt"; ` +
        `filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt\r\n\r\nhello\r\n--${boundary}--\r\n`,
    );
    const second = await api("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Classification-Level": "internal",
      },
      rawBody: both,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data).toMatchObject({
      originalName: "日本.txt",
      mimeType: "application/octet-stream",
    });
    const download = await api("GET", `/v1/documents/download/${second.body.data.id}`, {
      token: org.owner.key,
    });
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="__.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`,
    );
  });

  it("refuses control and bidi formatting characters in a file name with 400 naming the field", async () => {
    const org = await createOrg();
    const bad = [
      "evil\r\nSet-Cookie: x=1.txt",
      "tab\there.txt",
      "c1\u0085.txt",
      "invoice\u202Efdp.exe",
      "iso\u2066late.pdf",
    ];
    for (const name of bad) {
      const res = await uploadFile(org.owner.key, "x", { encodedFilename: name, classification: "internal" });
      expectError(res, 400, "invalid_request");
      expect(res.body.error.details).toHaveProperty("filename");
    }
    // Raw in filename= too (a C1 character as UTF-8 bytes C2 85).
    const raw = await uploadFile(org.owner.key, "x", { filename: "c1\u0085raw.txt" });
    expectError(raw, 400, "invalid_request");
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toEqual([]);
    const rows = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM documents WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("refuses a missing or unknown Classification-Level with 400 invalid_classification", async () => {
    const org = await createOrg();
    expectError(
      await uploadFile(org.owner.key, "x", { classification: null }),
      400,
      "invalid_classification",
    );
    expectError(
      await uploadFile(org.owner.key, "x", { classification: "secret" }),
      400,
      "invalid_classification",
    );
  });

  it("refuses a request without a file part with 400 missing_file", async () => {
    const org = await createOrg();
    const { body, contentType } = multipart([{ name: "other", filename: "a.txt", data: "x" }]);
    const res = await api("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: { "Content-Type": contentType, "Classification-Level": "internal" },
      rawBody: body,
    });
    expectError(res, 400, "missing_file");
    const json = await api("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: { "Classification-Level": "internal" },
      body: { file: "nope" },
    });
    expectError(json, 400, "missing_file");
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toEqual([]);
  });

  it("refuses a malformed multipart body with 400 and stores nothing", async () => {
    const org = await createOrg();
    const { body, contentType } = multipart([{ data: randomBytes(200_000) }]);
    const truncated = body.subarray(0, 150_000);
    const res = await api("POST", "/v1/documents/upload", {
      token: org.owner.key,
      headers: { "Content-Type": contentType, "Classification-Level": "internal" },
      rawBody: truncated,
    });
    expectError(res, 400, "invalid_request");
    expect(await listKeys(env.DOCUMENTS, `documents/${org.organizationId}/`)).toEqual([]);
  });

  it("validates Expires-At, Entity-Id and credentials", async () => {
    const org = await createOrg();
    const past = new Date(Date.now() - 1000).toISOString();
    expectError(
      await uploadFile(org.owner.key, "x", { headers: { "Expires-At": past } }),
      400,
      "invalid_request",
    );
    expectError(
      await uploadFile(org.owner.key, "x", { headers: { "Expires-At": "next tuesday" } }),
      400,
      "invalid_request",
    );
    // Impossible dates and times are refused, not rolled over to the next day or month.
    const year = new Date().getUTCFullYear() + 1;
    for (const impossible of [
      `${year}-02-30T00:00Z`,
      `${year}-04-31T10:00:00Z`,
      `${year}-13-01T00:00Z`,
      `${year}-00-10T00:00Z`,
      `${year}-06-01T24:00Z`,
      `${year}-06-01T23:60Z`,
      `${year}-06-01T23:59:60Z`,
      `${year}-06-01T12:00+24:00`,
      `${year}-06-01T12:00+05:60`,
      `2100-02-29T00:00Z`,
    ]) {
      const res = await uploadFile(org.owner.key, "x", {
        classification: "public",
        headers: { "Expires-At": impossible },
      });
      expect(res.status, impossible).toBe(400);
      expectError(res, 400, "invalid_request");
    }
    const leap = await uploaded(org.owner.key, "x", {
      classification: "public",
      headers: { "Expires-At": "2096-02-29T23:59:59+01:00" },
    });
    expect(leap.expiresAt).toBe(new Date("2096-02-29T22:59:59Z").toISOString());
    expectError(
      await uploadFile(org.owner.key, "x", { headers: { "Entity-Id": "42" } }),
      400,
      "invalid_request",
    );
    expectError(await uploadFile("sk_bogus", "x"), 401, "unauthorized");
    expectError(await api("GET", `/v1/documents/download/${crypto.randomUUID()}`), 401, "unauthorized");
    // Expires-At before the retention wins; after it, the retention does.
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const doc = await uploaded(org.owner.key, "x", {
      classification: "restricted",
      headers: { "Expires-At": soon },
    });
    expect(doc.expiresAt).toBe(soon);
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    const capped = await uploaded(org.owner.key, "x", {
      classification: "restricted",
      headers: { "Expires-At": far },
    });
    expect(Date.parse(capped.expiresAt as string) - Date.parse(capped.createdAt as string)).toBe(
      30 * 86_400_000,
    );
    const pub = await uploaded(org.owner.key, "x", { classification: "public" });
    expect(pub.expiresAt).toBeNull();
  });

  it("answers metadata without ownerId, and 404 for an unknown id", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "abc", { classification: "confidential" });
    const res = await api("GET", `/v1/documents/${doc.id}/metadata`, { token: org.owner.key });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).not.toHaveProperty("ownerId");
    expect(res.body.data).toMatchObject({ id: doc.id, classification: "confidential", sizeBytes: 3 });
    expectError(
      await api("GET", `/v1/documents/${crypto.randomUUID()}/metadata`, { token: org.owner.key }),
      404,
      "not_found",
    );
    expectError(
      await api("GET", `/v1/documents/download/${crypto.randomUUID()}`, { token: org.owner.key }),
      404,
      "not_found",
    );
  });

  it("lists the organization's readable documents with filters and page meta", async () => {
    const org = await createOrg();
    const entityId = crypto.randomUUID();
    for (let i = 0; i < 3; i++) {
      await uploaded(org.owner.key, `doc ${i}`, {
        classification: "internal",
        headers: { "Entity-Type": "invoice", "Entity-Id": entityId },
      });
    }
    await uploaded(org.owner.key, "pub", { classification: "public" });
    const page = await api("GET", "/v1/documents?limit=2&page=1", { token: org.owner.key });
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ page: 1, limit: 2, total: 4, pages: 2 });
    expect(page.body.data).toHaveLength(2);
    expect(Object.keys(page.body.data[0]).sort()).toEqual(
      [
        "id",
        "filename",
        "originalName",
        "classification",
        "mimeType",
        "sizeBytes",
        "isEncrypted",
        "createdAt",
      ].sort(),
    );
    const filtered = await api(
      "GET",
      `/v1/documents?entityType=invoice&entityId=${entityId}&classification=internal`,
      {
        token: org.owner.key,
      },
    );
    expect(filtered.body.meta.total).toBe(3);
    // The filter matches in any letter case (ids are stored lowercased) and must be a UUID.
    const upper = await api("GET", `/v1/documents?entityId=${entityId.toUpperCase()}`, {
      token: org.owner.key,
    });
    expect(upper.status).toBe(200);
    expect(upper.body.meta.total).toBe(3);
    for (const bad of ["42", `${entityId}x`, "not-a-uuid-at-all"]) {
      expectError(
        await api("GET", `/v1/documents?entityId=${bad}`, { token: org.owner.key }),
        400,
        "invalid_request",
      );
    }
    expectError(
      await api("GET", "/v1/documents?limit=101", { token: org.owner.key }),
      400,
      "invalid_request",
    );
    expectError(
      await api("GET", "/v1/documents?classification=secret", { token: org.owner.key }),
      400,
      "invalid_request",
    );
  });

  it("uploads a multi-part (R2 multipart) encrypted file and serves ranges across parts", async () => {
    const org = await createOrg();
    const data = randomBytes(6 * MiB + 123);
    const doc = await uploaded(org.owner.key, data, { classification: "restricted" });
    const full = await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key });
    expect(full.status).toBe(200);
    expect(await sha256(new Uint8Array(await full.raw.arrayBuffer()))).toBe(await sha256(data));
    const start = 5 * MiB - 100;
    const end = 6 * MiB + 50;
    const part = await api("GET", `/v1/documents/download/${doc.id}`, {
      token: org.owner.key,
      headers: { Range: `bytes=${start}-${end}` },
    });
    expect(part.status).toBe(206);
    expect(await sha256(new Uint8Array(await part.raw.arrayBuffer()))).toBe(
      await sha256(data.slice(start, end + 1)),
    );
  });
});

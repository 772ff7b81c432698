import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../helpers/api";
import { uploaded } from "../helpers/documents";

function expectApiHeaders(res: { headers: Headers }) {
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.headers.get("Strict-Transport-Security")).toBeNull(); // the tests call http://
  expect(res.headers.get("Content-Security-Policy")).toBeNull();
}

function expectFileHeaders(res: { headers: Headers }) {
  expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  expect(res.headers.get("Content-Disposition")).toBe(
    "attachment; filename=\"offer.pdf\"; filename*=UTF-8''offer.pdf",
  );
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("security headers", () => {
  it("marks JSON answers no-store and nosniff, the 201 that shows a new API key included", async () => {
    const org = await createOrg();
    expectApiHeaders(await api("GET", "/v1/me", { token: org.owner.key }));
    const created = await api("POST", "/v1/api-keys", { token: org.owner.key, body: { name: "shown once" } });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^sk_/);
    expectApiHeaders(created);
    expectApiHeaders(await api("GET", "/health"));
    const missing = await api("GET", "/v1/customers/00000000-0000-4000-8000-000000000000", {
      token: org.owner.key,
    });
    expectError(missing, 404, "not_found");
    expectApiHeaders(missing);
    expectApiHeaders(await api("GET", "/v1/nothing-here"));
  });

  it("gives file downloads X-Request-Id and nosniff, keeping their own download headers", async () => {
    const org = await createOrg();
    const doc = await uploaded(org.owner.key, "file content", {
      classification: "internal",
      filename: "offer.pdf",
    });
    const download = await api("GET", `/v1/documents/download/${doc.id}`, {
      token: org.owner.key,
      headers: { "X-Request-Id": "download-trace-1" },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("X-Request-Id")).toBe("download-trace-1");
    expectFileHeaders(await api("GET", `/v1/documents/download/${doc.id}`, { token: org.owner.key }));
    const ranged = await api("GET", `/v1/documents/download/${doc.id}`, {
      token: org.owner.key,
      headers: { Range: "bytes=0-3" },
    });
    expect(ranged.status).toBe(206);
    expectFileHeaders(ranged);
    expectFileHeaders(await api("HEAD", `/v1/documents/download/${doc.id}`, { token: org.owner.key }));

    const share = await api("POST", `/v1/documents/${doc.id}/share`, { token: org.owner.key, body: {} });
    expect(share.status).toBe(201);
    expectApiHeaders(share);
    const shared = await api("GET", `/v1/documents/shared/${share.body.data.token}`);
    expect(shared.status).toBe(200);
    expect(await shared.raw.text()).toBe("file content");
    expectFileHeaders(shared);
  });

  it("sends HSTS only when the request came over https", async () => {
    const overHttps = await exports.default.fetch(new Request("https://api.test/health"));
    expect(overHttps.status).toBe(200);
    expect(overHttps.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    const overHttp = await exports.default.fetch(new Request("http://api.test/health"));
    expect(overHttp.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("gives /docs a Content-Security-Policy that allows the page's own origin and nonce, nothing more", async () => {
    const res = await api("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const html = res.body as string;
    const policy = directives(res.headers.get("Content-Security-Policy") ?? "");

    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);

    // Every inline script runs by the nonce, no 'unsafe-inline' or 'unsafe-eval' for scripts.
    const scriptSrc = policy.get("script-src") ?? [];
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc.join(" "))?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(scriptSrc.filter((s) => !s.startsWith("'nonce-"))).toEqual(["'self'"]);

    // The page loads its code from this origin only: a same-origin, versioned bundle, no CDN.
    const loaded = [...html.matchAll(/(?:from\s+'|src=")([^'"]+)/g)].map((m) => m[1]!);
    expect(loaded).toEqual(["/docs/api-reference/1.72.1/standalone.js"]);
    expect(html).not.toMatch(/https?:\/\//);
    // No source outside 'self', the nonce and the inline styles the reference renders.
    const allowed = new Set(["'self'", "'none'", `'nonce-${nonce}'`, "'unsafe-inline'"]);
    for (const [name, sources] of policy) {
      for (const source of sources) expect(allowed.has(source), `${name} ${source}`).toBe(true);
    }
    expect(policy.get("style-src")).toContain("'unsafe-inline'");

    // A fresh nonce every time.
    const again = await api("GET", "/docs");
    expect(again.headers.get("Content-Security-Policy")).not.toContain(`'nonce-${nonce}'`);
  });

  it("serves the reference UI's bundle from the Worker, pinned and cached for good", async () => {
    const res = await exports.default.fetch(
      new Request("http://api.test/docs/api-reference/1.72.1/standalone.js"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/javascript/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const code = await res.text();
    expect(code.length).toBeGreaterThan(1_000_000);
    expect(code).toContain("createApiReference");
    // Another version is not there.
    const other = await exports.default.fetch(
      new Request("http://api.test/docs/api-reference/1.0.0/standalone.js"),
    );
    expect(other.status).toBe(404);
  });
});

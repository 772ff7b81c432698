import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { api } from "../helpers/api";

/** Every route the app serves, as `METHOD /openapi/{style}` strings. */
function servedRoutes(): string[] {
  const undocumented = new Set(["/openapi.json", "/docs", "/docs/api-reference/1.72.1/standalone.js"]);
  return createApp()
    .routes.filter((r) => r.method !== "ALL" && !undocumented.has(r.path))
    .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`);
}

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await api("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(res.body));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("uses a validator that rejects a broken document (control)", async () => {
    const broken = {
      openapi: "3.1.0",
      info: { title: "x" },
      paths: { "/x": { get: { responses: { 200: {} } } } },
    };
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it("lists every route the app serves", async () => {
    const doc = (await api("GET", "/openapi.json")).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const routes = servedRoutes();
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });

  it("describes the common error body on every operation", async () => {
    const doc = (await api("GET", "/openapi.json")).body as { paths: Record<string, Record<string, any>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (path === "/health") continue;
        const errorStatuses = Object.keys(op.responses).filter((s) => Number(s) >= 400);
        expect(errorStatuses.length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
  });

  it("serves an interactive reference at /docs", async () => {
    const res = await api("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(res.body).toContain("/openapi.json");
  });
});

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

  it("gives every operation a unique camelCase operationId, tags and a summary", async () => {
    const doc = (await api("GET", "/openapi.json")).body as { paths: Record<string, Record<string, any>> };
    const ids: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        ids.push(op.operationId);
      }
    }
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    // The names clients are generated with (stable: renaming one breaks generated clients).
    const byRoute = (method: string, path: string) => doc.paths[path]?.[method]?.operationId;
    expect(byRoute("get", "/v1/invoices")).toBe("listInvoices");
    expect(byRoute("post", "/v1/invoices")).toBe("createInvoice");
    expect(byRoute("get", "/v1/invoices/{id}")).toBe("getInvoice");
    expect(byRoute("patch", "/v1/invoices/{id}")).toBe("updateInvoice");
    expect(byRoute("delete", "/v1/invoices/{id}")).toBe("deleteInvoice");
    expect(byRoute("post", "/v1/invoices/{id}/send")).toBe("sendInvoice");
    expect(byRoute("get", "/v1/projects")).toBe("listProjects");
    expect(byRoute("get", "/projects")).toBe("listProjectsUnversioned");
  });

  it("declares security: [] on exactly the public routes", async () => {
    const doc = (await api("GET", "/openapi.json")).body as { paths: Record<string, Record<string, any>> };
    const publicOps = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ route: `${method} ${path}`, op })),
      )
      .filter(({ op }) => Array.isArray(op.security) && op.security.length === 0)
      .map(({ route }) => route)
      .sort();
    expect(publicOps).toEqual([
      "get /health",
      "get /i/{token}",
      "get /i/{token}/logo",
      "get /i/{token}/pdf",
      "get /i/{token}/xml",
      "get /v1/documents/shared/{token}",
      "get /v1/public/logo/{organization_id}",
      "post /hooks/peppol/{organization_id}",
      "post /hooks/stripe/{organization_id}",
      "post /i/{token}/pay",
    ]);
    // Every other operation names its scheme.
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
      }
    }
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

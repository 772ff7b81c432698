// One auth suite over every route the app serves (as unkey does): each one refuses a
// request without credentials, or with a forged one, in the common error body.
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { api, expectError } from "../helpers/api";

/** Routes that answer without credentials on purpose. */
const PUBLIC = new Set([
  "GET /health",
  "GET /openapi.json",
  "GET /docs",
  "GET /docs/api-reference/1.72.1/standalone.js",
  "GET /v1/documents/shared/:token",
  "GET /i/:token",
  "GET /i/:token/pdf",
  "GET /i/:token/xml",
  "POST /i/:token/pay",
  "GET /i/:token/logo",
  // Stripe's webhook: its Stripe-Signature is the credential (test/routes/stripe-payments.test.ts).
  "POST /hooks/stripe/:organization_id",
  // The logo mail clients load (docs/emails.md, "Logo").
  "GET /v1/public/logo/:organization_id",
]);

// A route with middleware appears once per handler in `app.routes`: keep one of each.
const routes = [
  ...new Set(
    createApp()
      .routes.filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} ${r.path}`),
  ),
]
  .filter((route) => !PUBLIC.has(route))
  .map((route) => {
    const [method = "", path = ""] = route.split(" ");
    return { method, path };
  });

const concrete = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "00000000-0000-4000-8000-000000000000");

describe("every route requires credentials", () => {
  it("covers the routes of every resource", () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  it.each(routes)("$method $path answers 401 without a token", async ({ method, path }) => {
    const res = await api(method, concrete(path), {
      body: method === "GET" || method === "DELETE" ? undefined : {},
    });
    expectError(res, 401, "unauthorized");
    for (const header of [
      "X-RateLimit-Limit",
      "X-RateLimit-Remaining",
      "X-RateLimit-Reset",
      "X-Request-Id",
    ]) {
      expect(res.headers.get(header), header).not.toBeNull();
    }
  });

  it.each(routes)("$method $path answers 401 for a forged token", async ({ method, path }) => {
    const res = await api(method, concrete(path), {
      token: "sk_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      body: method === "GET" || method === "DELETE" ? undefined : {},
    });
    expectError(res, 401, "unauthorized");
  });
});

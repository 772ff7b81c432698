import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { api, createOrg, expectError } from "../helpers/api";

describe("the common error body", () => {
  it("answers 400 invalid_request for malformed JSON", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/members", {
      token: org.owner.key,
      rawBody: '{"email": "a@b.co",',
      headers: { "Content-Type": "application/json" },
    });
    expectError(res, 400, "invalid_request");
  });

  it("answers 400 invalid_request with details for a bad query parameter", async () => {
    const org = await createOrg();
    const error = expectError(
      await api("GET", "/v1/members?limit=abc", { token: org.owner.key }),
      400,
      "invalid_request",
    );
    expect(error.details).toHaveProperty("limit");
    expectError(await api("GET", "/v1/members?limit=101", { token: org.owner.key }), 400, "invalid_request");
  });

  it("answers 422 validation_error with details keyed by field path", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: "not-an-email", role: "root" },
    });
    const error = expectError(res, 422, "validation_error");
    expect(Object.keys(error.details ?? {}).sort()).toEqual(["email", "role"]);
    const nested = await api("POST", "/v1/admin/organizations", {
      token: "test-admin-token",
      body: { name: "x", owner: { email: "bad" } },
    });
    expect(expectError(nested, 422, "validation_error").details).toHaveProperty(["owner.email"]);
  });

  it("answers 413 payload_too_large for a JSON body over 1 MiB, declared or streamed", async () => {
    const org = await createOrg();
    const big = JSON.stringify({ email: "a@example.com", role: "member", name: "x".repeat(1024 * 1024) });
    expectError(
      await api("POST", "/v1/members", {
        token: org.owner.key,
        rawBody: big,
        headers: { "Content-Type": "application/json" },
      }),
      413,
      "payload_too_large",
    );
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await api("POST", "/v1/members", {
      token: org.owner.key,
      rawBody: chunked,
      headers: { "Content-Type": "application/json" },
    });
    expectError(res, 413, "payload_too_large");
  });

  it("answers 404 not_found for an unknown route, authenticated or not", async () => {
    expectError(await api("GET", "/v1/nothing-here"), 404, "not_found");
    const org = await createOrg();
    expectError(await api("GET", "/v1/nothing-here", { token: org.owner.key }), 404, "not_found");
  });

  it("answers 500 internal_error without internals, and logs them with the request id", async () => {
    const app = createApp();
    app.get("/boom", () => {
      throw new Error("database password is hunter2");
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ctx = createExecutionContext();
    const res = await app.request("/boom", { headers: { "X-Request-Id": "req-500-test" } }, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({
      success: false,
      error: { code: "internal_error", message: "Internal server error" },
    });
    expect(JSON.stringify(body)).not.toContain("hunter2");
    expect(res.headers.get("X-Request-Id")).toBe("req-500-test");
    const line = logged.mock.calls.map((c) => String(c[0])).find((l) => l.includes("hunter2"));
    expect(JSON.parse(line ?? "{}")).toMatchObject({ level: "error", request_id: "req-500-test" });
    logged.mockRestore();
  });

  it.each([
    [400, "invalid_request"],
    [401, "unauthorized"],
    [403, "access_denied"],
    [404, "not_found"],
    [409, "conflict"],
    [413, "payload_too_large"],
    [415, "unsupported_media_type"],
    [429, "rate_limit_exceeded"],
    [418, "invalid_request"],
    [451, "invalid_request"],
  ] as const)("maps any HTTPException %i to that status and the code %s", async (status, code) => {
    const app = createApp();
    app.get("/refused", () => {
      throw new HTTPException(status, { message: "Refused by the framework" });
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ctx = createExecutionContext();
    const res = await app.request("/refused", {}, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("answers 500 internal_error for an HTTPException with a 5xx status", async () => {
    const app = createApp();
    app.get("/broken", () => {
      throw new HTTPException(503, { message: "upstream detail" });
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ctx = createExecutionContext();
    const res = await app.request("/broken", {}, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      success: false,
      error: { code: "internal_error", message: "Internal server error" },
    });
    logged.mockRestore();
  });

  it("puts X-Request-Id on every response, keeping a sane incoming one", async () => {
    const fresh = await api("GET", "/health");
    expect(fresh.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await api("GET", "/v1/nope", { headers: { "X-Request-Id": "trace-abc-123" } });
    expect(kept.headers.get("X-Request-Id")).toBe("trace-abc-123");
  });

  it("never logs a share token that travels in the path", async () => {
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    await api("GET", "/v1/documents/shared/super-secret-share-token", {
      headers: { "X-Request-Id": "masked" },
    });
    const line = logged.mock.calls
      .map((c) => JSON.parse(String(c[0])))
      .find((l) => l.request_id === "masked");
    expect(line.path).toBe("/v1/documents/shared/***");
    expect(JSON.stringify(logged.mock.calls)).not.toContain("super-secret-share-token");
    logged.mockRestore();
  });

  it("writes one structured log line per request", async () => {
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    const org = await createOrg();
    logged.mockClear();
    await api("GET", "/v1/me", { token: org.owner.key, headers: { "X-Request-Id": "log-line-test" } });
    const lines = logged.mock.calls.map((c) => JSON.parse(String(c[0])));
    expect(lines.filter((l) => l.request_id === "log-line-test")).toEqual([
      expect.objectContaining({
        msg: "request",
        method: "GET",
        path: "/v1/me",
        status: 200,
        duration_ms: expect.any(Number),
        organization_id: org.organizationId,
      }),
    ]);
    logged.mockRestore();
  });
});

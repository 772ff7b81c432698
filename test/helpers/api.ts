// A small client for the Worker under test, and factories for organizations and members.
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { nextClientIp } from "./client-ip";

export const ADMIN_TOKEN = "test-admin-token";
const BASE = "http://api.test";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  raw: Response;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  rawBody?: BodyInit;
}

export async function api<T = any>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers(options.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", nextClientIp());
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  const raw = await exports.default.fetch(new Request(`${BASE}${path}`, { method, headers, body }));
  const text = await raw.clone().text();
  let parsed: unknown = text;
  if ((raw.headers.get("Content-Type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: raw.status, headers: raw.headers, body: parsed as T, raw };
}

let counter = 0;
export const uniqueEmail = (label = "user") => `${label}-${Date.now()}-${++counter}@example.com`;

export interface TestOrg {
  organizationId: string;
  owner: { id: string; email: string; key: string };
}

export async function createOrg(
  options: { tier?: string; currency?: string; name?: string; testMode?: boolean } = {},
): Promise<TestOrg> {
  const email = uniqueEmail("owner");
  const res = await api("POST", "/v1/admin/organizations", {
    token: ADMIN_TOKEN,
    body: {
      name: options.name ?? "Acme",
      tier: options.tier ?? "business",
      default_currency: options.currency ?? "USD",
      owner: { email, name: "Owner" },
      ...(options.testMode ? { test_mode: true } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    organizationId: res.body.organization.id,
    owner: { id: res.body.user.id, email, key: res.body.api_key },
  };
}

export async function addMember(org: TestOrg, role: "admin" | "member" = "member") {
  const email = uniqueEmail(role);
  const res = await api("POST", "/v1/members", { token: org.owner.key, body: { email, role, name: role } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.user.id as string, email, key: res.body.api_key as string };
}

export async function tokenFor(key: string): Promise<string> {
  const res = await api("POST", "/v1/auth/token", { token: key });
  expect(res.status).toBe(200);
  return res.body.token;
}

/** Asserts the common error envelope and returns the error object. */
export function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
  return res.body.error as { code: string; message: string; details?: Record<string, unknown> };
}

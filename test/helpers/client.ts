// The typed client (the client/ package, @invoicing-api/client) for the Worker under test: new tests make their requests with
// it, so request bodies, paths and answers are checked against /openapi.json by tsc. The old
// untyped `api()` (./api.ts) stays for raw requests (malformed JSON, other content types, files)
// and the older tests.
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { createInvoicingClient, type InvoicingClient, type Schemas } from "../../client/src";
import { nextClientIp } from "./client-ip";

export type { Schemas };
export type ApiError = Schemas["Error"]["error"];

const BASE = "http://api.test";

async function workerFetch(request: Request): Promise<Response> {
  if (!request.headers.has("CF-Connecting-IP")) {
    const headers = new Headers(request.headers);
    headers.set("CF-Connecting-IP", nextClientIp());
    request = new Request(request, { headers });
  }
  return exports.default.fetch(request);
}

/** A typed client of the Worker under test, authenticated with `token` (API key, JWT, admin token). */
export function client(token: string | null, headers: Record<string, string> = {}): InvoicingClient {
  return createInvoicingClient({ baseUrl: BASE, apiKey: token ?? undefined, fetch: workerFetch, headers });
}

interface Result<D, E> {
  data?: D;
  error?: E;
  response: Response;
}

/** Asserts the status of a successful answer and returns its typed body. */
export function expectStatus<D, E>(res: Result<D, E>, status: number): D {
  expect(res.response.status, JSON.stringify(res.error ?? res.data)).toBe(status);
  return res.data as D;
}

/** Asserts the common error envelope and returns the error object. */
export function expectApiError(res: Result<unknown, unknown>, status: number, code: string): ApiError {
  expect(res.response.status, JSON.stringify(res.error ?? res.data)).toBe(status);
  expect(res.error).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
  return (res.error as { error: ApiError }).error;
}

/**
 * A request body the schema refuses, sent on purpose (validation tests): typed as anything, so
 * the call still compiles.
 */
export const invalid = (body: unknown): never => body as never;

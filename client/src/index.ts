// The typed client of the Invoicing API: openapi-fetch over the types openapi-typescript
// generates from /openapi.json (./schema.ts; `npm run client:generate` at the repository root
// regenerates it, never edit it by hand).
//
//   const api = createInvoicingClient({ baseUrl: "https://invoicing.example.com", apiKey: "sk_..." });
//   const { data, error } = await api.POST("/v1/customers", { body: { name: "Globex", ... } });
//
// `data` is typed by the operation's success response, `error` by its error responses (the
// common `{ success: false, error: { code, message, details? } }`), `response` is the Response.
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type { components, operations, paths } from "./schema.js";

/** The request and answer bodies by name: `Schemas["Invoice"]`, `Schemas["Customer"]`. */
export type Schemas = components["schemas"];
/** The common error body every error answer carries: `{ success: false, error: { code, message, details? } }`. */
export type ApiErrorBody = Schemas["Error"];

export interface InvoicingClientOptions {
  /** Where the API answers, without a trailing path: `https://invoicing.example.com`. */
  baseUrl: string;
  /**
   * The credential sent as `Authorization: Bearer <apiKey>` on every request: an API key
   * (`sk_...`), a JWT from `POST /v1/auth/token`, or the admin token for `/v1/admin/*`.
   * Without it, requests go unauthenticated (`/health`, hosted pages, share links).
   */
  apiKey?: string;
  /** The fetch to call (a Worker's service binding, a test's Worker fetch); globalThis.fetch by default. */
  fetch?: ClientOptions["fetch"];
  /** Further headers sent on every request. */
  headers?: Record<string, string>;
}

export type InvoicingClient = Client<paths>;

export function createInvoicingClient(options: InvoicingClientOptions): InvoicingClient {
  const headers = { ...options.headers };
  if (options.apiKey !== undefined) headers.Authorization = `Bearer ${options.apiKey}`;
  return createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch, headers });
}

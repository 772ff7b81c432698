// The typed client of the Invoicing API: openapi-fetch over the types openapi-typescript
// generates from /openapi.json (./schema.ts; `npm run client:generate` regenerates it).
//
//   const api = createInvoicingClient({ baseUrl: "https://invoicing.example.com", apiKey: "sk_..." });
//   const { data, error } = await api.POST("/v1/customers", { body: { name: "Globex", ... } });
//
// `data` is typed by the operation's success response, `error` by its error responses (the
// common `{ success: false, error: { code, message, details? } }`), `response` is the Response.
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { paths } from "./schema";

export type { components, paths } from "./schema";

export interface InvoicingClientOptions {
  /** Where the API answers, without a trailing path: `https://invoicing.example.com`. */
  baseUrl: string;
  /**
   * The credential sent as `Authorization: Bearer <apiKey>` on every request: an API key
   * (`sk_...`), a JWT from `POST /v1/auth/token`, or the admin token for `/v1/admin/*`.
   */
  apiKey: string;
  /** The fetch to call (a Worker's service binding, a test's `SELF.fetch`); globalThis.fetch by default. */
  fetch?: ClientOptions["fetch"];
  /** Further headers sent on every request. */
  headers?: Record<string, string>;
}

export type InvoicingClient = Client<paths>;

export function createInvoicingClient(options: InvoicingClientOptions): InvoicingClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
  });
}

// Rebuilds one official example through the HTTP API of the shared Worker: an organization of its
// own (the example's seller), its tax rates, the buyer as a customer, the invoice, sent; then its
// UBL and CII downloads, each in the plan's profile. A request the API refuses ends the rebuild with
// that answer. The organization is a test organization whose clock stands on `documentDay()`
// (shared-worker.ts), so a rebuild is the same XML in every run and its verdict is recorded.
import { documentDay } from "../document-day";
import { ADMIN_TOKEN, toDocumentDay } from "../shared-worker";
import type { Plan } from "./translate";

export class RefusedRequest extends Error {}

async function request(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) {
    // The error code and the fields it names, not their messages: the list of examples should
    // change when the API refuses something else, not when it words a refusal differently.
    let detail = text.slice(0, 200);
    try {
      const error = JSON.parse(text).error;
      detail = `${error.code}${error.details ? ` (${Object.keys(error.details).sort().join(", ")})` : ""}`;
    } catch {}
    const where = path.replace(/\/[a-z]+_[0-9a-z]+/g, "/{id}");
    throw new RefusedRequest(`${method} ${where} answered ${res.status} ${detail}`);
  }
  return text;
}

let organizations = 0;

export interface Rebuilt {
  ubl: string;
  cii: string;
}

export async function rebuild(base: string, plan: Plan): Promise<Rebuilt> {
  const created = JSON.parse(
    await request(base, "POST", "/v1/admin/organizations", ADMIN_TOKEN, {
      name: `Example seller ${++organizations}`,
      tier: "business",
      test_mode: true,
      default_currency: plan.currency,
      owner: { email: `examples-${Date.now()}-${process.pid}-${organizations}@example.com`, name: "Owner" },
    }),
  );
  const key = created.api_key as string;
  await toDocumentDay(key, documentDay());
  const call = async (method: string, path: string, body?: unknown) =>
    JSON.parse(await request(base, method, path, key, body));
  await call("PATCH", "/v1/organization", plan.organization);
  const rateIds = new Map<string, string>();
  for (const rate of plan.taxRates)
    rateIds.set(rate.key, (await call("POST", "/v1/tax-rates", rate.body)).id);
  const customer = await call("POST", "/v1/customers", plan.customer);
  const draft = await call("POST", "/v1/invoices", plan.invoice(rateIds, customer.id));
  await call("POST", `/v1/invoices/${draft.id}/send`);
  const download = (query: string) => request(base, "GET", `/v1/invoices/${draft.id}/einvoice?${query}`, key);
  const cii = await download(`syntax=cii&profile=${plan.ciiProfile}`);
  return { ubl: await download(`syntax=ubl&profile=${plan.ublProfile}`), cii };
}

// Stripe in tests: a fake Stripe answering the Worker's outbound fetch to STRIPE_API_BASE (every
// request it receives is kept for the test to check), webhooks signed as Stripe signs them with
// the organization's secret, and an organization with Stripe connected and an invoice to pay.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { api, createOrg, type TestOrg } from "./api";
import { client, expectStatus } from "./client";
import { d1Of } from "./db";
import { createCustomer, createInvoice, SELLER } from "./factories";

/** The fake's API base: a test file points STRIPE_API_BASE at it before each test. */
export const STRIPE = "https://stripe-fake.test";

/** Points STRIPE_API_BASE at the fake for each test of the file, and restores spies after each. */
export function useFakeStripe() {
  beforeEach(() => {
    Object.assign(env, { STRIPE_API_BASE: STRIPE });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(env, { STRIPE_API_BASE: undefined });
  });
}
export const SECRET_KEY = "sk_test_51Fake0000000000000000abcd";
export const WEBHOOK_SECRET = "whsec_fakeSigningSecret0123456789";
export const CHECKOUT_URL = "https://checkout.stripe.com/c/pay/cs_test_fake";

export interface SeenRequest {
  method: string;
  path: string;
  contentType: string | null;
  authorization: string | null;
  idempotencyKey: string | null;
  form: URLSearchParams;
}

/**
 * The fake Stripe: answers checkout sessions (one per Idempotency-Key, as Stripe replays a key)
 * and payment intents: their balance transaction (the fee) and their metadata (`intents`, by id;
 * an intent named in `missing` is unknown to the account, 404 `resource_missing`); a key other
 * than SECRET_KEY gets 401; anything else passes through.
 */
export function fakeStripe(
  options: {
    fail?: boolean;
    fee?: { fee: number; currency: string } | null;
    intents?: Record<string, Record<string, string>>;
    missing?: string[];
    /** Intents answered 404 without Stripe's `resource_missing` (a wrong base URL, a proxy). */
    unrouted?: string[];
  } = {},
) {
  const original = globalThis.fetch;
  const seen: SeenRequest[] = [];
  const sessions = new Map<string, { id: string; url: string }>();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(STRIPE)) return original(input, init);
    const url = new URL(request.url);
    const body = await request.clone().text();
    seen.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      contentType: request.headers.get("Content-Type"),
      authorization: request.headers.get("Authorization"),
      idempotencyKey: request.headers.get("Idempotency-Key"),
      form: new URLSearchParams(body),
    });
    if (request.headers.get("Authorization") !== `Bearer ${SECRET_KEY}`) {
      return Response.json({ error: { message: "Invalid API Key provided" } }, { status: 401 });
    }
    if (options.fail) return Response.json({ error: { message: "Something went wrong" } }, { status: 500 });
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const key = request.headers.get("Idempotency-Key") ?? crypto.randomUUID();
      const session = sessions.get(key) ?? {
        id: `cs_test_${sessions.size + 1}`,
        url: `${CHECKOUT_URL}${sessions.size + 1}`,
      };
      sessions.set(key, session);
      return Response.json({ object: "checkout.session", ...session });
    }
    if (request.method === "GET" && url.pathname.startsWith("/v1/payment_intents/")) {
      const id = url.pathname.split("/").pop() ?? "";
      if (options.unrouted?.includes(id)) {
        return Response.json({ error: { message: "Unrecognized request URL" } }, { status: 404 });
      }
      if (options.missing?.includes(id)) {
        return Response.json(
          { error: { code: "resource_missing", message: `No such payment_intent: '${id}'` } },
          { status: 404 },
        );
      }
      const fee = options.fee === undefined ? { fee: 175, currency: "eur" } : options.fee;
      return Response.json({
        id,
        metadata: options.intents?.[id] ?? {},
        latest_charge: { id: "ch_1", balance_transaction: fee ? { id: "txn_1", ...fee } : null },
      });
    }
    return Response.json({ error: { message: "Unrecognized request URL" } }, { status: 404 });
  });
  return { seen, checkouts: () => seen.filter((r) => r.path === "/v1/checkout/sessions") };
}

/** Hex HMAC-SHA256, as Stripe computes a webhook's `v1`. */
export async function hexHmac(secret: string, message: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Sends a webhook the way Stripe does: `Stripe-Signature: t=<seconds>,v1=<hex HMAC of "t.body">`. */
export async function sendWebhook(
  org: TestOrg,
  event: Record<string, unknown>,
  options: { secret?: string; at?: number; signature?: string } = {},
) {
  return sendSignedBody(org, JSON.stringify(event), options);
}

/** Signs and sends `rawBody` as it is, JSON or not. */
export async function sendSignedBody(
  org: TestOrg,
  rawBody: string,
  options: { secret?: string; at?: number; signature?: string } = {},
) {
  const t = options.at ?? Math.floor(Date.now() / 1000);
  const v1 = await hexHmac(options.secret ?? WEBHOOK_SECRET, `${t}.${rawBody}`);
  return api("POST", `/hooks/stripe/${org.organizationId}`, {
    rawBody,
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": options.signature ?? `t=${t},v1=${v1},v0=deadbeef`,
    },
  });
}

let eventCounter = 0;
/** A Stripe event of `type` about `object`, created now. */
export const stripeEvent = (type: string, object: Record<string, unknown>) => ({
  id: `evt_${++eventCounter}`,
  object: "event",
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object },
});

/** A paid Checkout Session for the invoice, its metadata naming the invoice and the organization. */
export const sessionCompleted = (
  org: TestOrg,
  invoice: { id: string },
  paymentIntent: string,
  amount: number,
  currency = "eur",
) =>
  stripeEvent("checkout.session.completed", {
    id: "cs_test_1",
    object: "checkout.session",
    payment_intent: paymentIntent,
    payment_status: "paid",
    amount_total: amount,
    currency,
    client_reference_id: invoice.id,
    metadata: { invoice_id: invoice.id, organization_id: org.organizationId },
  });

/** A EUR organization with its seller details (bank details included). */
export async function euroOrg() {
  const org = await createOrg({ currency: "EUR", name: "Acme GmbH" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return org;
}

/** Connects the fake's test key and webhook secret. */
export async function connect(org: TestOrg) {
  return expectStatus(
    await client(org.owner.key).PUT("/v1/payment-providers/stripe", {
      body: { secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
    }),
    200,
  );
}

/** A sent invoice of 119.00 EUR (100 + 19 % VAT) and its hosted page token. */
export async function sentInvoice(org: TestOrg, body: Record<string, unknown> = {}) {
  const customer = await createCustomer(org, { name: "Globex Corp", email: "ap@globex.example" });
  const draft = await createInvoice(org, {
    customer_id: customer.id,
    items: [{ description: "Consulting", quantity: 1, unit_price: 119 }],
    ...body,
  });
  const sent = await api("POST", `/v1/invoices/${draft.id}/send`, { token: org.owner.key });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const url = String(sent.body.hosted_url);
  return { invoice: sent.body as { id: string; number: string }, token: url.slice(url.lastIndexOf("/") + 1) };
}

export const getInvoice = async (org: TestOrg, id: string) =>
  (await api("GET", `/v1/invoices/${id}`, { token: org.owner.key })).body;
/** The ledger through the typed client: `provider`, `provider_payment_id` and `fee` are in the document. */
export const listPayments = async (org: TestOrg, id: string) =>
  expectStatus(
    await client(org.owner.key).GET("/v1/invoices/{id}/payments", { params: { path: { id } } }),
    200,
  ).data;

/** The objects of the organization's emitted events of `type`. */
export async function eventsOf(org: TestOrg, type: string) {
  const { results } = await (await d1Of(org.organizationId))
    .prepare("SELECT payload FROM webhook_events WHERE organization_id = ? AND type = ?")
    .bind(org.organizationId, type)
    .all<{ payload: string }>();
  return results.map((row) => JSON.parse(row.payload).data.object);
}

import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../../src/db/schema/webhooks";
import { setClockForTests } from "../../src/lib/clock";
import { deliverEvents } from "../../src/services/webhooks/delivery";
import { createEndpoint, MAX_ENABLED_ENDPOINTS } from "../../src/services/webhooks/endpoints";
import { addMember, api, createOrg, expectError } from "../helpers/api";
import { dbOf } from "../helpers/db";
import {
  attemptsOf,
  createWebhook,
  deliveriesOfEvent,
  emitCustomerEvent,
  mockReceiver,
  ok,
  settlePendingDeliveries,
  status,
} from "./helpers";

const HOUR = 3_600_000;
let clock: number;

beforeEach(async () => {
  clock = Date.now();
  setClockForTests(() => new Date(clock));
  await settlePendingDeliveries();
});
afterEach(() => vi.restoreAllMocks());

describe("webhook endpoints", () => {
  it("creates an endpoint and shows its whsec_ secret only once", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/webhooks", {
      token: org.owner.key,
      body: {
        url: "https://hooks.example.com/a",
        events: ["invoice.created", "invoice.paid"],
        description: "ERP",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^we_/),
      url: "https://hooks.example.com/a",
      events: ["invoice.created", "invoice.paid"],
      description: "ERP",
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });

    const get = await api("GET", `/v1/webhooks/${res.body.id}`, { token: org.owner.key });
    expect(get.status).toBe(200);
    expect(get.body).not.toHaveProperty("secret");
    expect(JSON.stringify(get.body)).not.toContain(res.body.secret);
    const list = await api("GET", "/v1/webhooks", { token: org.owner.key });
    expect(list.body).toMatchObject({
      data: [{ id: res.body.id }],
      meta: { total: 1, limit: 20, offset: 0 },
    });
    expect(list.body.data[0]).not.toHaveProperty("secret");
  });

  it("lists newest first with pagination", async () => {
    const org = await createOrg();
    const first = await createWebhook(org);
    clock += 1000;
    const second = await createWebhook(org);
    const page = await api("GET", "/v1/webhooks?limit=1&offset=1", { token: org.owner.key });
    expect(page.body).toMatchObject({ data: [{ id: first.id }], meta: { total: 2, limit: 1, offset: 1 } });
    const top = await api("GET", "/v1/webhooks?limit=1", { token: org.owner.key });
    expect(top.body.data[0].id).toBe(second.id);
  });

  it("collapses a subscription with * to ['*']", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org, { events: ["invoice.paid", "*"] });
    expect(hook.events).toEqual(["*"]);
  });

  it("updates url, events, description and enabled", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const res = await api("PATCH", `/v1/webhooks/${hook.id}`, {
      token: org.owner.key,
      body: {
        url: "https://other.example.com/x",
        events: ["customer.deleted"],
        description: null,
        enabled: false,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      url: "https://other.example.com/x",
      events: ["customer.deleted"],
      description: null,
      enabled: false,
      disabled_reason: "Disabled through the API",
    });
    const again = await api("PATCH", `/v1/webhooks/${hook.id}`, {
      token: org.owner.key,
      body: { enabled: true },
    });
    expect(again.body).toMatchObject({
      enabled: true,
      disabled_reason: null,
      url: "https://other.example.com/x",
    });
  });

  it("deletes an endpoint", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const res = await api("DELETE", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(res.status).toBe(204);
    expectError(await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key }), 404, "not_found");
    expectError(await api("DELETE", `/v1/webhooks/${hook.id}`, { token: org.owner.key }), 404, "not_found");
  });

  it.each([
    [{ url: "http://hooks.example.com/a", events: ["*"] }, "url"],
    [{ url: "https://127.0.0.1/a", events: ["*"] }, "url"],
    [{ url: "https://[::1]/a", events: ["*"] }, "url"],
    [{ url: "https://u:p@hooks.example.com/a", events: ["*"] }, "url"],
    [{ url: "https://metadata.internal/a", events: ["*"] }, "url"],
    [{ url: "nope", events: ["*"] }, "url"],
    [{ url: "https://hooks.example.com/a", events: ["invoice.exploded"] }, "events.0"],
    [{ url: "https://hooks.example.com/a", events: [] }, "events"],
    [{ url: "https://hooks.example.com/a" }, "events"],
  ])("refuses %j with 422 on %s", async (body, field) => {
    const org = await createOrg();
    const res = await api("POST", "/v1/webhooks", { token: org.owner.key, body });
    const error = expectError(res, 422, "validation_error");
    expect(error.details).toHaveProperty([field]);
  });

  it("refuses a private URL on PATCH too", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const res = await api("PATCH", `/v1/webhooks/${hook.id}`, {
      token: org.owner.key,
      body: { url: "https://192.168.0.10/hook" },
    });
    expect(expectError(res, 422, "validation_error").details).toHaveProperty("url");
  });
});

describe("SSRF guard on webhook URLs", () => {
  const refused = [
    ["a name a wildcard DNS service resolves to loopback", "https://127.0.0.1.nip.io/x"],
    ["a name a wildcard DNS service resolves to a private address", "https://10-0-0-1.sslip.io/x"],
    ["a name that resolves to loopback", "https://localtest.me/x"],
    ["a subdomain of lvh.me", "https://app.lvh.me/x"],
    ["a subdomain of localhost", "https://api.localhost/x"],
    ["a .lan name", "https://router.lan/x"],
    ["a .home name", "https://nas.home/x"],
    ["a .corp name", "https://jira.corp/x"],
    ["a .home.arpa name", "https://printer.home.arpa/x"],
    ["a single-label host", "https://intranet/x"],
    ["a port outside 443, 80 and 8443", "https://example.com:22/x"],
    ["user info", "https://user@example.com/x"],
    ["user info and password", "https://user:pass@example.com/x"],
  ] as const;

  it.each(refused)("refuses %s on create with 422 on url (%s)", async (_, url) => {
    const org = await createOrg();
    const res = await api("POST", "/v1/webhooks", { token: org.owner.key, body: { url, events: ["*"] } });
    expect(expectError(res, 422, "validation_error").details).toHaveProperty("url");
  });

  it.each(refused)("refuses %s on PATCH with 422 on url (%s)", async (_, url) => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const res = await api("PATCH", `/v1/webhooks/${hook.id}`, { token: org.owner.key, body: { url } });
    expect(expectError(res, 422, "validation_error").details).toHaveProperty("url");
    const still = await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(still.body.url).toBe(hook.url);
  });

  it("stores the URL as the WHATWG parser serializes it, so a backslash cannot hide the host", async () => {
    const org = await createOrg();
    // `\` ends the authority of an https URL: the host is example.com, `@127.0.0.1` is path.
    const hook = await createWebhook(org, { url: "https://example.com\\@127.0.0.1/x" });
    expect(hook.url).toBe("https://example.com/@127.0.0.1/x");
    const [row] = await (await dbOf(org.organizationId))
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.id));
    expect(row?.url).toBe("https://example.com/@127.0.0.1/x");

    const patched = await api("PATCH", `/v1/webhooks/${hook.id}`, {
      token: org.owner.key,
      body: { url: "https://HOOKS.Example.com:443/a/../b\\@10.0.0.1" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.url).toBe("https://hooks.example.com/b/@10.0.0.1");

    const calls = mockReceiver(() => ok());
    await deliverEvents(env, [await emitCustomerEvent(org.organizationId)]);
    expect(calls.map((c) => new URL(c.url).hostname)).toEqual(["hooks.example.com"]);
  });

  it("accepts 8443 and explicit default ports", async () => {
    const org = await createOrg();
    expect((await createWebhook(org, { url: "https://hooks.example.com:8443/a" })).url).toBe(
      "https://hooks.example.com:8443/a",
    );
    expect((await createWebhook(org, { url: "https://hooks.example.com:443/a" })).url).toBe(
      "https://hooks.example.com/a",
    );
  });

  it("accepts a port WEBHOOK_ALLOWED_PORTS lists", async () => {
    const org = await createOrg();
    const input = { url: "https://hooks.example.com:9443/a", events: ["*"] as const };
    await expect(
      createEndpoint(await dbOf(org.organizationId), env, org.organizationId, input),
    ).rejects.toMatchObject({
      code: "validation_error",
      details: { url: expect.stringContaining("port") },
    });
    const { endpoint } = await createEndpoint(
      await dbOf(org.organizationId),
      { ...env, WEBHOOK_ALLOWED_PORTS: "9443" },
      org.organizationId,
      input,
    );
    expect(endpoint.url).toBe("https://hooks.example.com:9443/a");
  });
});

describe("endpoint limit", () => {
  it("allows 16 enabled endpoints per organization and answers the 17th 409 endpoint_limit_reached", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const hooks = [];
    for (let i = 0; i < MAX_ENABLED_ENDPOINTS; i++) hooks.push(await createWebhook(org));
    const create = (body: Record<string, unknown> = {}) =>
      api("POST", "/v1/webhooks", {
        token: org.owner.key,
        body: { url: "https://hooks.example.com/x", events: ["*"], ...body },
      });
    expect(expectError(await create(), 409, "conflict").details).toEqual({
      reason: "endpoint_limit_reached",
    });
    // Another organization has its own slots; a disabled endpoint takes none.
    await createWebhook(other);
    const disabled = await create({ enabled: false });
    expect(disabled.status).toBe(201);

    // Enabling beyond the limit is refused too, and changes nothing.
    const enable = () =>
      api("PATCH", `/v1/webhooks/${disabled.body.id}`, {
        token: org.owner.key,
        body: { enabled: true, description: "now" },
      });
    expect(expectError(await enable(), 409, "conflict").details).toEqual({
      reason: "endpoint_limit_reached",
    });
    const still = await api("GET", `/v1/webhooks/${disabled.body.id}`, { token: org.owner.key });
    expect(still.body).toMatchObject({ enabled: false, description: null });

    // Disabling or deleting one frees a slot.
    await api("PATCH", `/v1/webhooks/${hooks[0]?.id}`, { token: org.owner.key, body: { enabled: false } });
    expect((await enable()).body).toMatchObject({ enabled: true, description: "now" });
    expectError(await create(), 409, "conflict");
    await api("DELETE", `/v1/webhooks/${hooks[1]?.id}`, { token: org.owner.key });
    expect((await create()).status).toBe(201);
    // Other changes of an enabled endpoint at the limit still work.
    const patched = await api("PATCH", `/v1/webhooks/${hooks[2]?.id}`, {
      token: org.owner.key,
      body: { enabled: true, description: "same" },
    });
    expect(patched.body).toMatchObject({ enabled: true, description: "same" });
  });

  it("lets only one of two concurrent creates take the last slot", async () => {
    const org = await createOrg();
    for (let i = 0; i < MAX_ENABLED_ENDPOINTS - 1; i++) await createWebhook(org);
    const results = await Promise.all(
      [1, 2].map(() =>
        api("POST", "/v1/webhooks", {
          token: org.owner.key,
          body: { url: "https://hooks.example.com/race", events: ["*"] },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const list = await api("GET", "/v1/webhooks?limit=100", { token: org.owner.key });
    expect(list.body.meta.total).toBe(MAX_ENABLED_ENDPOINTS);
  });
});

describe("webhook access", () => {
  const routes = (id: string, deliveryId = "msg_x") =>
    [
      ["POST", "/v1/webhooks", { url: "https://hooks.example.com/a", events: ["*"] }],
      ["GET", "/v1/webhooks"],
      ["GET", `/v1/webhooks/${id}`],
      ["PATCH", `/v1/webhooks/${id}`, { description: "x" }],
      ["DELETE", `/v1/webhooks/${id}`],
      ["POST", `/v1/webhooks/${id}/rotate-secret`],
      ["POST", `/v1/webhooks/${id}/test`],
      ["GET", `/v1/webhooks/${id}/deliveries`],
      ["GET", `/v1/webhooks/${id}/deliveries/${deliveryId}`],
      ["POST", `/v1/webhooks/${id}/deliveries/${deliveryId}/retry`],
    ] as const;

  it("answers 401 without credentials and 403 to a member on every route", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const member = await addMember(org, "member");
    for (const [method, path, body] of routes(hook.id)) {
      expectError(await api(method, path, { body }), 401, "unauthorized");
      expectError(await api(method, path, { token: member.key, body }), 403, "access_denied");
    }
  });

  it("shows the receiver's stored answer to owners and admins only", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const admin = await addMember(org, "admin");
    const member = await addMember(org, "member");
    mockReceiver(() => status(500, "internal stack trace"));
    const test = await api("POST", `/v1/webhooks/${hook.id}/test`, { token: org.owner.key });
    const path = `/v1/webhooks/${hook.id}/deliveries/${test.body.id}`;
    const denied = await api("GET", path, { token: member.key });
    expectError(denied, 403, "access_denied");
    expect(JSON.stringify(denied.body)).not.toContain("stack trace");
    const seen = await api("GET", path, { token: admin.key });
    expect(seen.body.attempts[0].response_body).toBe("internal stack trace");
  });

  it("lets an admin manage webhooks", async () => {
    const org = await createOrg();
    const admin = await addMember(org, "admin");
    const res = await api("POST", "/v1/webhooks", {
      token: admin.key,
      body: { url: "https://hooks.example.com/a", events: ["*"] },
    });
    expect(res.status).toBe(201);
  });

  it("answers 404 for another organization's webhook and deliveries", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const hook = await createWebhook(org);
    mockReceiver(() => status(500));
    const test = await api("POST", `/v1/webhooks/${hook.id}/test`, { token: org.owner.key });
    for (const [method, path, body] of routes(hook.id, test.body.id).slice(2)) {
      expectError(await api(method, path, { token: other.owner.key, body }), 404, "not_found");
    }
    // A delivery id under another of the caller's own endpoints is not found either.
    const mine = await createWebhook(other);
    expectError(
      await api("POST", `/v1/webhooks/${mine.id}/deliveries/${test.body.id}/retry`, {
        token: other.owner.key,
      }),
      404,
      "not_found",
    );
    const still = await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(still.body.description).toBeNull();
  });
});

describe("secret rotation", () => {
  it("signs with both secrets for 24 hours, then with the new one alone", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const rotated = await api("POST", `/v1/webhooks/${hook.id}/rotate-secret`, { token: org.owner.key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect(rotated.body.previous_secret_expires_at).toBe(new Date(clock + 24 * HOUR).toISOString());

    const calls = mockReceiver(() => ok());
    await deliverEvents(env, [await emitCustomerEvent(org.organizationId)]);
    const [call] = calls;
    if (!call) throw new Error("no call");
    expect(call.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(rotated.body.secret).verify(call.body, call.headers)).toBeTruthy();
    expect(new Webhook(hook.secret).verify(call.body, call.headers)).toBeTruthy();

    // After 24 h only the new secret signs. (The library checks timestamps against the real
    // clock, so this attempt is checked by signature count and by the new secret's signature.)
    clock += 24 * HOUR + 1000;
    await deliverEvents(env, [await emitCustomerEvent(org.organizationId)]);
    const late = calls[1];
    if (!late) throw new Error("no call");
    const signatures = late.headers["webhook-signature"]?.split(" ") ?? [];
    expect(signatures).toHaveLength(1);
    const get = await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(get.body.previous_secret_expires_at).toBeNull();
    clock = Date.now();
    const verifier = new Webhook(rotated.body.secret);
    const expected = verifier.sign(
      late.headers["webhook-id"] as string,
      new Date(Number(late.headers["webhook-timestamp"]) * 1000),
      late.body,
    );
    expect(signatures[0]).toBe(expected);
  });
});

describe("test sends, deliveries and retries", () => {
  it("sends a signed webhook.test event and answers the delivery", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org, { events: ["invoice.paid"] });
    const calls = mockReceiver(() => ok());
    const res = await api("POST", `/v1/webhooks/${hook.id}/test`, { token: org.owner.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      endpoint_id: hook.id,
      event_type: "webhook.test",
      status: "succeeded",
      attempt_count: 1,
      last_status_code: 200,
      next_attempt_at: null,
    });
    expect(calls).toHaveLength(1);
    const body = new Webhook(hook.secret).verify(calls[0]?.body ?? "", calls[0]?.headers ?? {});
    expect(body).toMatchObject({
      id: res.body.event_id,
      type: "webhook.test",
      data: { object: { webhook_id: hook.id } },
    });
    expect(() => new Webhook(hook.secret).verify(`${calls[0]?.body} `, calls[0]?.headers ?? {})).toThrow(
      WebhookVerificationError,
    );
  });

  it("answers a failed test send as pending with its next attempt", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    mockReceiver(() => status(500, "boom"));
    const res = await api("POST", `/v1/webhooks/${hook.id}/test`, { token: org.owner.key });
    expect(res.body).toMatchObject({
      status: "pending",
      attempt_count: 1,
      last_status_code: 500,
      last_error: "HTTP 500",
      next_attempt_at: new Date(clock + 60_000).toISOString(),
    });
    const detail = await api("GET", `/v1/webhooks/${hook.id}/deliveries/${res.body.id}`, {
      token: org.owner.key,
    });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: res.body.id,
      payload: { id: res.body.event_id, type: "webhook.test" },
      attempts: [
        { status_code: 500, error: "HTTP 500", response_body: "boom", duration_ms: expect.any(Number) },
      ],
    });
  });

  it("answers 409 to a test send on a disabled endpoint", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org, { enabled: false });
    const calls = mockReceiver();
    const res = await api("POST", `/v1/webhooks/${hook.id}/test`, { token: org.owner.key });
    expect(expectError(res, 409, "conflict").details).toEqual({ reason: "endpoint_disabled" });
    expect(calls).toHaveLength(0);
  });

  it("lists deliveries newest first, filtered by status", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    mockReceiver((_call, n) => (n === 2 ? status(500) : ok()));
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api("POST", `/v1/webhooks/${hook.id}/test`, { token: org.owner.key });
      sent.push(res.body.id);
      clock += 1000;
    }
    const all = await api("GET", `/v1/webhooks/${hook.id}/deliveries`, { token: org.owner.key });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 3, limit: 20, offset: 0 });
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([...sent].reverse());
    const pending = await api("GET", `/v1/webhooks/${hook.id}/deliveries?status=pending`, {
      token: org.owner.key,
    });
    expect(pending.body).toMatchObject({ data: [{ id: sent[1], status: "pending" }], meta: { total: 1 } });
    const paged = await api("GET", `/v1/webhooks/${hook.id}/deliveries?status=succeeded&limit=1&offset=1`, {
      token: org.owner.key,
    });
    expect(paged.body).toMatchObject({ data: [{ id: sent[0] }], meta: { total: 2, limit: 1, offset: 1 } });
    expectError(
      await api("GET", `/v1/webhooks/${hook.id}/deliveries?status=lost`, { token: org.owner.key }),
      400,
      "invalid_request",
    );
  });

  it("retries a failed delivery by hand once the endpoint is enabled again", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const calls = mockReceiver(() => status(500));
    const first = await api("POST", `/v1/webhooks/${hook.id}/test`, { token: org.owner.key });
    expect(first.body.status).toBe("pending");

    // Disabling fails the pending delivery.
    await api("PATCH", `/v1/webhooks/${hook.id}`, { token: org.owner.key, body: { enabled: false } });
    const failed = await api("GET", `/v1/webhooks/${hook.id}/deliveries/${first.body.id}`, {
      token: org.owner.key,
    });
    expect(failed.body).toMatchObject({
      status: "failed",
      next_attempt_at: null,
      last_error: expect.stringMatching(/disabled/i),
    });
    const refused = await api("POST", `/v1/webhooks/${hook.id}/deliveries/${first.body.id}/retry`, {
      token: org.owner.key,
    });
    expect(expectError(refused, 409, "conflict").details).toEqual({ reason: "endpoint_disabled" });

    await api("PATCH", `/v1/webhooks/${hook.id}`, { token: org.owner.key, body: { enabled: true } });
    vi.restoreAllMocks();
    const again = mockReceiver(() => ok());
    const retried = await api("POST", `/v1/webhooks/${hook.id}/deliveries/${first.body.id}/retry`, {
      token: org.owner.key,
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      id: first.body.id,
      status: "succeeded",
      attempt_count: 2,
      last_status_code: 200,
    });
    expect(calls).toHaveLength(1);
    expect(again).toHaveLength(1);
    // The same webhook-id as the first attempt, so the receiver can dedupe.
    expect(again[0]?.headers["webhook-id"]).toBe(calls[0]?.headers["webhook-id"]);

    const done = await api("POST", `/v1/webhooks/${hook.id}/deliveries/${first.body.id}/retry`, {
      token: org.owner.key,
    });
    expect(expectError(done, 409, "conflict").details).toEqual({ reason: "delivery_succeeded" });
  });

  it("answers 409 delivery_in_progress to a retry while an attempt holds the lease, and sends once", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    let release: (response: Response) => void = () => {};
    const held = new Promise<Response>((resolve) => {
      release = resolve;
    });
    let reached: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const calls = mockReceiver(() => {
      reached();
      return held;
    });
    const eventId = await emitCustomerEvent(org.organizationId);
    const [queued] = await deliveriesOfEvent(eventId);
    const sending = deliverEvents(env, [eventId]);
    await inFlight;

    const retry = () =>
      api("POST", `/v1/webhooks/${hook.id}/deliveries/${queued?.id}/retry`, { token: org.owner.key });
    expect(expectError(await retry(), 409, "conflict").details).toEqual({ reason: "delivery_in_progress" });
    // Still refused a moment before the lease would lapse.
    clock += 4 * 60_000;
    expect(expectError(await retry(), 409, "conflict").details).toEqual({ reason: "delivery_in_progress" });
    expect(calls).toHaveLength(1);

    release(status(500));
    await sending;
    const [after] = await deliveriesOfEvent(eventId);
    expect(after).toMatchObject({ status: "pending", attemptCount: 1, leasedUntil: null });
    expect(calls).toHaveLength(1);
  });

  it("retries a pending delivery waiting for its backoff at once, counting attempts in SQL", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const calls = mockReceiver((_call, n) => (n < 3 ? status(500) : ok()));
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    const [delivery] = await deliveriesOfEvent(eventId);
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 1, leasedUntil: null });
    const path = `/v1/webhooks/${hook.id}/deliveries/${delivery?.id}/retry`;

    const second = await api("POST", path, { token: org.owner.key });
    expect(second.body).toMatchObject({
      status: "pending",
      attempt_count: 2,
      next_attempt_at: new Date(clock + 5 * 60_000).toISOString(),
    });
    const third = await api("POST", path, { token: org.owner.key });
    expect(third.body).toMatchObject({ status: "succeeded", attempt_count: 3, next_attempt_at: null });
    expect(calls).toHaveLength(3);
    expect((await attemptsOf(delivery?.id ?? "")).map((a) => a.statusCode)).toEqual([500, 500, 200]);
  });

  it("retries a delivery whose lease has lapsed (the worker that claimed it died)", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const calls = mockReceiver(() => ok());
    const eventId = await emitCustomerEvent(org.organizationId);
    const [queued] = await deliveriesOfEvent(eventId);
    // Claimed 5 minutes ago by an attempt that never reported back.
    await (await dbOf(org.organizationId))
      .update(webhookDeliveries)
      .set({ leasedUntil: new Date(clock).toISOString() })
      .where(eq(webhookDeliveries.id, queued?.id ?? ""));
    const res = await api("POST", `/v1/webhooks/${hook.id}/deliveries/${queued?.id}/retry`, {
      token: org.owner.key,
    });
    expect(res.body).toMatchObject({ status: "succeeded", attempt_count: 1 });
    expect(calls).toHaveLength(1);
  });

  it("describes every webhook route in the OpenAPI document", async () => {
    const doc = await api("GET", "/openapi.json");
    const paths = doc.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths["/v1/webhooks"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/v1/webhooks/{id}"] ?? {}).sort()).toEqual(["delete", "get", "patch"]);
    expect(paths["/v1/webhooks/{id}/rotate-secret"]).toHaveProperty("post");
    expect(paths["/v1/webhooks/{id}/test"]).toHaveProperty("post");
    expect(paths["/v1/webhooks/{id}/deliveries"]).toHaveProperty("get");
    expect(paths["/v1/webhooks/{id}/deliveries/{deliveryId}"]).toHaveProperty("get");
    expect(paths["/v1/webhooks/{id}/deliveries/{deliveryId}/retry"]).toHaveProperty("post");
  });
});

describe("idempotent webhook creation", () => {
  it("replays the endpoint but never the signing secret", async () => {
    const org = await createOrg();
    const headers = { "Idempotency-Key": "create-hook-1" };
    const body = { url: "https://hooks.example.com/in", events: ["*"] };
    const first = await api("POST", "/v1/webhooks", { token: org.owner.key, body, headers });
    const second = await api("POST", "/v1/webhooks", { token: org.owner.key, body, headers });
    expect(first.status).toBe(201);
    expect(first.body.secret).toMatch(/^whsec_/);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.body).toEqual({ ...first.body, secret: null });
  });
});

import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runScheduled } from "../../src/cron";
import { bindingOf, tenantDatabases } from "../../src/db/route";
import { customers } from "../../src/db/schema/customers";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../src/db/schema/webhooks";
import { setClockForTests } from "../../src/lib/clock";
import { dispatchEvents, recordEvent } from "../../src/services/events";
import {
  deliverEvents,
  MAX_ATTEMPTS,
  MAX_RESPONSE_BODY_BYTES,
  nextAttemptAfter,
  RETRY_DELAYS_MS,
  retryDueDeliveries,
  SWEEP_PER_ENDPOINT_LIMIT,
} from "../../src/services/webhooks/delivery";
import { generateSecret } from "../../src/services/webhooks/signing";
import { api, createOrg } from "../helpers/api";
import { databaseOf, dbOf } from "../helpers/db";
import {
  attemptsOf,
  createWebhook,
  customerRow,
  deliveriesOfEvent,
  emitCustomerEvent,
  mockReceiver,
  ok,
  queueBacklog,
  settlePendingDeliveries,
  status,
} from "./helpers";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const sweep = () => runScheduled({ cron: "* * * * *" }, env);

let clock: number;
const advance = (ms: number) => {
  clock += ms;
};

beforeEach(async () => {
  clock = Date.now();
  setClockForTests(() => new Date(clock));
  // Storage is shared by the tests of a file and the sweep is global: settle what earlier tests left pending.
  await settlePendingDeliveries();
});
afterEach(() => vi.restoreAllMocks());

describe("the transactional outbox", () => {
  it("writes no event and no delivery when the change fails", async () => {
    const org = await createOrg();
    await createWebhook(org);
    const d = await dbOf(org.organizationId);
    const existing = customerRow(org.organizationId);
    await d.insert(customers).values(existing);

    const event = recordEvent(d, {
      organizationId: org.organizationId,
      type: "customer.created",
      object: { id: existing.id },
      at: new Date(clock).toISOString(),
    });
    // The event's statements run first; the change (a duplicate primary key) then fails the batch.
    await expect(d.batch([...event.statements, d.insert(customers).values(existing)])).rejects.toThrow();

    expect(await d.select().from(webhookEvents).where(eq(webhookEvents.id, event.id))).toEqual([]);
    expect(await deliveriesOfEvent(event.id)).toEqual([]);
  });

  it("stores the event with the change and queues one delivery per subscribed, enabled endpoint", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const exact = await createWebhook(org, { events: ["customer.created", "invoice.paid"] });
    const wildcard = await createWebhook(org, { events: ["*"] });
    await createWebhook(org, { events: ["invoice.paid", "customer.updated"] });
    await createWebhook(org, { events: ["*"], enabled: false });
    await createWebhook(other, { events: ["*"] });

    const eventId = await emitCustomerEvent(org.organizationId);

    const [event] = await (await dbOf(org.organizationId))
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, eventId));
    expect(JSON.parse(event?.payload ?? "")).toEqual({
      id: eventId,
      type: "customer.created",
      created_at: new Date(clock).toISOString(),
      data: { object: { id: expect.stringMatching(/^cus_/) } },
    });
    const deliveries = await deliveriesOfEvent(eventId);
    expect(deliveries.map((d) => d.endpointId).sort()).toEqual([exact.id, wildcard.id].sort());
    expect(deliveries.every((d) => d.status === "pending" && d.attemptCount === 0)).toBe(true);
  });
});

describe("delivery", () => {
  it("delivers on the first try a body the standardwebhooks library verifies", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const calls = mockReceiver(() => ok("thanks"));
    const eventId = await emitCustomerEvent(org.organizationId);

    await deliverEvents(env, [eventId]);

    expect(calls).toHaveLength(1);
    const [call] = calls;
    if (!call) throw new Error("no call");
    expect(call.method).toBe("POST");
    expect(call.url).toBe(hook.url);
    expect(call.init?.redirect).toBe("manual");
    expect(call.init?.signal).toBeInstanceOf(AbortSignal);
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.headers["webhook-id"]).toBe(eventId);
    expect(call.headers["webhook-timestamp"]).toBe(String(Math.floor(clock / 1000)));
    expect(call.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const verified = new Webhook(hook.secret).verify(call.body, call.headers);
    expect(verified).toMatchObject({ id: eventId, type: "customer.created", data: { object: {} } });
    expect(() =>
      new Webhook(hook.secret).verify(call.body.replace("customer", "kustomer"), call.headers),
    ).toThrow(WebhookVerificationError);
    expect(() => new Webhook(generateSecret()).verify(call.body, call.headers)).toThrow(
      WebhookVerificationError,
    );

    const [delivery] = await deliveriesOfEvent(eventId);
    expect(delivery).toMatchObject({
      status: "succeeded",
      attemptCount: 1,
      nextAttemptAt: null,
      lastStatusCode: 200,
      lastError: null,
    });
    const attempts = await attemptsOf(delivery?.id ?? "");
    expect(attempts).toEqual([
      expect.objectContaining({
        statusCode: 200,
        error: null,
        responseBody: "thanks",
        durationMs: expect.any(Number),
      }),
    ]);
  });

  it("makes the first attempt through waitUntil after the batch commits", async () => {
    const org = await createOrg();
    await createWebhook(org, { events: ["customer.created"] });
    const calls = mockReceiver();
    const eventId = await emitCustomerEvent(org.organizationId);
    const background: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => background.push(p) } as unknown as ExecutionContext;
    dispatchEvents(ctx, env, [eventId]);
    expect(background).toHaveLength(1);
    await Promise.all(background);
    expect(calls).toHaveLength(1);
    expect((await deliveriesOfEvent(eventId))[0]?.status).toBe("succeeded");
  });

  it("keeps the webhook-id of an event across retries and endpoints", async () => {
    const org = await createOrg();
    await createWebhook(org);
    await createWebhook(org);
    const calls = mockReceiver((_call, n) => (n === 1 ? status(500) : ok()));
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    advance(MINUTE);
    await sweep();
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.headers["webhook-id"]))).toEqual(new Set([eventId]));
  });

  it("retries on the backoff schedule and fails the delivery after the 8th attempt", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const calls = mockReceiver(() => status(500, "down"));
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    expect(calls).toHaveLength(1);

    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      const [pending] = await deliveriesOfEvent(eventId);
      expect(pending).toMatchObject({ status: "pending", attemptCount: i + 1, lastStatusCode: 500 });
      expect(pending?.nextAttemptAt).toBe(new Date(clock + delay).toISOString());

      advance(delay - 1000);
      await sweep();
      expect(calls, `not before the ${delay} ms delay`).toHaveLength(i + 1);
      advance(1000);
      await sweep();
      expect(calls).toHaveLength(i + 2);
    }

    const [failed] = await deliveriesOfEvent(eventId);
    expect(failed).toMatchObject({ status: "failed", attemptCount: MAX_ATTEMPTS, nextAttemptAt: null });
    const attempts = await attemptsOf(failed?.id ?? "");
    expect(attempts).toHaveLength(8);
    expect(
      attempts.every((a) => a.statusCode === 500 && a.error === "HTTP 500" && a.responseBody === "down"),
    ).toBe(true);
    advance(DAY);
    await sweep();
    expect(calls).toHaveLength(8);

    // The endpoint itself stays enabled (28 hours of failures is under the 5-day rule).
    const get = await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(get.body).toMatchObject({
      enabled: true,
      disabled_reason: null,
      failing_since: expect.any(String),
    });
  });

  it("schedules about 1 m, 5 m, 30 m, 2 h, 5 h, 10 h, 10 h", () => {
    const t0 = new Date("2026-01-01T00:00:00.000Z");
    const gaps = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => nextAttemptAfter(n, t0)?.getTime());
    expect(gaps).toEqual([
      t0.getTime() + MINUTE,
      t0.getTime() + 5 * MINUTE,
      t0.getTime() + 30 * MINUTE,
      t0.getTime() + 2 * HOUR,
      t0.getTime() + 5 * HOUR,
      t0.getTime() + 10 * HOUR,
      t0.getTime() + 10 * HOUR,
      undefined,
    ]);
  });

  it("succeeds after failures, then clears the endpoint's failure streak", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const calls = mockReceiver((_call, n) => (n < 3 ? status(503) : ok()));
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    const failingSince = new Date(clock).toISOString();
    advance(MINUTE);
    await sweep();
    let get = await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(get.body.failing_since).toBe(failingSince);

    advance(5 * MINUTE);
    await sweep();
    expect(calls).toHaveLength(3);
    const [delivery] = await deliveriesOfEvent(eventId);
    expect(delivery).toMatchObject({
      status: "succeeded",
      attemptCount: 3,
      lastStatusCode: 200,
      lastError: null,
    });
    get = await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(get.body.failing_since).toBeNull();
  });

  it("treats a redirect, a timeout and a network error as failures", async () => {
    const org = await createOrg();
    await createWebhook(org);
    const answers = [
      () => new Response(null, { status: 302, headers: { Location: "https://elsewhere.example.com" } }),
      () => Promise.reject(new DOMException("The operation timed out.", "TimeoutError")),
      () => Promise.reject(new TypeError("Network connection lost.")),
    ];
    mockReceiver((_call, n) => (answers[n - 1] as () => Response | Promise<Response>)());
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    for (const delay of RETRY_DELAYS_MS.slice(0, 2)) {
      advance(delay);
      await sweep();
    }
    const [delivery] = await deliveriesOfEvent(eventId);
    const attempts = await attemptsOf(delivery?.id ?? "");
    expect(attempts.map((a) => [a.statusCode, a.error])).toEqual([
      [302, "Redirect (302) not followed"],
      [null, "Timed out after 10 s"],
      [null, expect.stringContaining("Network connection lost")],
    ]);
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 3 });
  });

  it("stores at most 4 KiB of the receiver's answer", async () => {
    const org = await createOrg();
    await createWebhook(org);
    mockReceiver(() => ok("x".repeat(100_000)));
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    const [delivery] = await deliveriesOfEvent(eventId);
    const [attempt] = await attemptsOf(delivery?.id ?? "");
    expect(attempt?.responseBody).toHaveLength(MAX_RESPONSE_BODY_BYTES);
  });

  it("sends a due delivery once even when two sweeps run at the same time", async () => {
    const org = await createOrg();
    await createWebhook(org);
    await createWebhook(org);
    const calls = mockReceiver(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return ok();
    });
    const first = await emitCustomerEvent(org.organizationId);
    const second = await emitCustomerEvent(org.organizationId, "customer.updated");
    await Promise.all([sweep(), sweep(), deliverEvents(env, [first, second])]);
    expect(calls).toHaveLength(4);
    const deliveries = [...(await deliveriesOfEvent(first)), ...(await deliveriesOfEvent(second))];
    expect(deliveries.map((d) => [d.status, d.attemptCount])).toEqual(Array(4).fill(["succeeded", 1]));
  });

  it("checks the URL again before sending", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    // A target saved before the rules changed (or written around the API).
    await (await dbOf(org.organizationId))
      .update(webhookEndpoints)
      .set({ url: "https://169.254.169.254/latest" })
      .where(eq(webhookEndpoints.id, hook.id));
    const calls = mockReceiver();
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    expect(calls).toHaveLength(0);
    const [delivery] = await deliveriesOfEvent(eventId);
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 1, lastStatusCode: null });
    expect(delivery?.lastError).toMatch(/^URL refused: .*link-local/);
  });
});

/**
 * `env` whose tenant databases (the primary among them) show `see` each statement prepared, and
 * refuse one bound to more than 100 parameters, as D1 does.
 */
function observedEnv(see: (query: string, database: string) => void = () => {}): typeof env {
  const observed = (d1: D1Database, database: string): D1Database =>
    new Proxy(d1, {
      get(target, name) {
        if (name === "prepare") {
          return (query: string) => {
            see(query, database);
            const statement = target.prepare(query);
            return new Proxy(statement, {
              get(inner, key) {
                if (key === "bind") {
                  return (...values: unknown[]) => {
                    if (values.length > 100) throw new Error(`too many SQL variables (${values.length})`);
                    return inner.bind(...values);
                  };
                }
                const value = Reflect.get(inner, key);
                return typeof value === "function" ? value.bind(inner) : value;
              },
            });
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return Object.assign(
    { ...env },
    Object.fromEntries(tenantDatabases(env).map((name) => [name, observed(bindingOf(env, name), name)])),
  );
}

describe("first attempts' statements", () => {
  it("read nothing when no event is given, and not the directory when no delivery is queued", async () => {
    const org = await createOrg();
    const eventId = await emitCustomerEvent(org.organizationId);
    const statements: string[] = [];
    const observed = observedEnv((query) => statements.push(query));

    await deliverEvents(observed, []);
    expect(statements).toEqual([]);

    // No endpoint: the batch that wrote the event queued no delivery and said so; nothing is read.
    await deliverEvents(observed, [eventId]);
    expect(statements).toEqual([]);

    // An event whose statements ran outside a batch tells nothing: every database is asked (one
    // read each), and finding no delivery, the moves in the directory are not read.
    const db = await dbOf(org.organizationId);
    const unbatched = recordEvent(db, {
      organizationId: org.organizationId,
      type: "customer.updated",
      object: { id: "cus_unbatched" },
      at: new Date(clock).toISOString(),
    });
    for (const statement of unbatched.statements) await statement;
    // Run alone, the statements still wrote the event.
    expect(
      await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, unbatched.id)),
    ).toEqual([{ id: unbatched.id }]);
    await deliverEvents(observed, [unbatched.id]);
    expect(statements.filter((query) => query.includes("webhook_deliveries"))).toHaveLength(
      tenantDatabases(env).length,
    );
    expect(statements.filter((query) => query.includes("organization_moves"))).toEqual([]);
    statements.length = 0;

    // A queued delivery: its database's visit reads them, once.
    await createWebhook(org);
    const queued = await emitCustomerEvent(org.organizationId);
    const calls = mockReceiver();
    await deliverEvents(observed, [queued]);
    expect(calls).toHaveLength(1);
    expect(statements.filter((query) => query.includes("organization_moves"))).toHaveLength(1);
  });

  it("ask only the database a request's events were written to, when it is named", async () => {
    const org = await createOrg();
    await createWebhook(org);
    const home = await databaseOf(org.organizationId);
    const eventId = await emitCustomerEvent(org.organizationId);
    const asked = new Set<string>();
    const observed = observedEnv((query, database) => {
      if (query.includes("webhook_deliveries")) asked.add(database);
    });
    const calls = mockReceiver();
    await deliverEvents(observed, [eventId], { database: home });
    expect(calls).toHaveLength(1);
    expect([...asked]).toEqual([home]);

    // Unnamed (work outside a request of the organization): every database is asked.
    asked.clear();
    await deliverEvents(observed, [await emitCustomerEvent(org.organizationId)]);
    expect([...asked].sort()).toEqual([...tenantDatabases(env)].sort());
  });

  it("stay within D1's 100 bound parameters for 80 events' deliveries (one chunk)", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const ids = await queueBacklog(org.organizationId, hook.id, 80, clock - MINUTE);
    const rows = await (await dbOf(org.organizationId))
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, ids));
    const calls = mockReceiver();

    await deliverEvents(
      observedEnv(),
      rows.map((row) => row.eventId),
    );

    // One claim takes FIRST_ATTEMPT_BATCH_SIZE (50); the sweep sends the rest.
    expect(calls).toHaveLength(50);
  });
});

describe("the URL guard at send time", () => {
  it("refuses a stored target on a port outside 443, 80 and 8443 without sending", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    await (await dbOf(org.organizationId))
      .update(webhookEndpoints)
      .set({ url: "https://hooks.example.com:6379/x" })
      .where(eq(webhookEndpoints.id, hook.id));
    const calls = mockReceiver();
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    expect(calls).toHaveLength(0);
    const [delivery] = await deliveriesOfEvent(eventId);
    expect(delivery?.lastError).toMatch(/^URL refused: Must use an allowed port/);
  });

  it("refuses a stored wildcard DNS target without sending", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    await (await dbOf(org.organizationId))
      .update(webhookEndpoints)
      .set({ url: "https://169.254.169.254.nip.io/latest" })
      .where(eq(webhookEndpoints.id, hook.id));
    const calls = mockReceiver();
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    expect(calls).toHaveLength(0);
    const [delivery] = await deliveriesOfEvent(eventId);
    expect(delivery?.lastError).toMatch(/^URL refused: .*wildcard DNS/);
  });
});

describe("a fair retry sweep", () => {
  const urlOf = (call: { url: string }) => new URL(call.url).pathname;

  it("does not let one endpoint's backlog starve another endpoint's due delivery", async () => {
    const org = await createOrg();
    const busy = await createWebhook(org, { url: "https://hooks.example.com/busy" });
    const quiet = await createWebhook(org, { url: "https://hooks.example.com/quiet" });
    // 60 deliveries to one endpoint, all more overdue than the single one to the other.
    await queueBacklog(org.organizationId, busy.id, 60, clock - HOUR);
    const [quietDelivery] = await queueBacklog(org.organizationId, quiet.id, 1, clock - MINUTE);
    const calls = mockReceiver();

    await sweep();
    expect(calls.filter((c) => urlOf(c) === "/quiet")).toHaveLength(1);
    expect(calls.filter((c) => urlOf(c) === "/busy")).toHaveLength(SWEEP_PER_ENDPOINT_LIMIT);
    const [quietRow] = await (await dbOf(org.organizationId))
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, quietDelivery ?? ""));
    expect(quietRow).toMatchObject({ status: "succeeded", attemptCount: 1 });

    // The backlog drains over the next runs, oldest first, SWEEP_PER_ENDPOINT_LIMIT a run.
    advance(MINUTE);
    await sweep();
    expect(calls.filter((c) => urlOf(c) === "/busy")).toHaveLength(2 * SWEEP_PER_ENDPOINT_LIMIT);
    const busyPayloads = calls
      .filter((c) => urlOf(c) === "/busy")
      .map((c) => JSON.parse(c.body).data.object.n);
    expect(busyPayloads.sort((a, b) => a - b)).toEqual([...Array(2 * SWEEP_PER_ENDPOINT_LIMIT).keys()]);
  });

  it("keeps claiming batches within one run beyond a fixed batch size", async () => {
    const org = await createOrg();
    const hooks = [];
    for (let i = 0; i < 5; i++) {
      hooks.push(await createWebhook(org, { url: `https://hooks.example.com/h${i}` }));
    }
    for (const hook of hooks) await queueBacklog(org.organizationId, hook.id, 15, clock - HOUR);
    const calls = mockReceiver();
    await sweep();
    expect(calls).toHaveLength(75);
    expect(new Set(calls.map((c) => c.headers["webhook-id"])).size).toBe(75);
  });

  it("claims nothing once its time budget is spent", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const [id] = await queueBacklog(org.organizationId, hook.id, 1, clock - MINUTE);
    const calls = mockReceiver();
    await retryDueDeliveries(env, new Date(clock), 0);
    expect(calls).toHaveLength(0);
    const [row] = await (await dbOf(org.organizationId))
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id ?? ""));
    expect(row).toMatchObject({ status: "pending", leasedUntil: null });
  });
});

describe("disabling endpoints", () => {
  it("disables an endpoint that answers 410 and fails its pending deliveries", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const calls = mockReceiver(() => status(500));
    const earlier = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [earlier]);

    calls.length = 0;
    vi.restoreAllMocks();
    mockReceiver(() => status(410, "gone"));
    const eventId = await emitCustomerEvent(org.organizationId, "customer.updated");
    await deliverEvents(env, [eventId]);

    const get = await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(get.body).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining("410") });
    const [gone] = await deliveriesOfEvent(eventId);
    expect(gone).toMatchObject({
      status: "failed",
      attemptCount: 1,
      lastStatusCode: 410,
      nextAttemptAt: null,
    });
    const [pending] = await deliveriesOfEvent(earlier);
    expect(pending).toMatchObject({
      status: "failed",
      lastError: expect.stringMatching(/^Endpoint disabled/),
    });

    // A disabled endpoint is not queued for new events.
    const later = await emitCustomerEvent(org.organizationId);
    expect(await deliveriesOfEvent(later)).toEqual([]);
  });

  it("disables an endpoint with no success for 5 days, and GET says why", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    mockReceiver(() => status(500));
    const first = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [first]);
    const failingSince = new Date(clock).toISOString();

    advance(4 * DAY);
    const second = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [second]);
    let get = await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(get.body).toMatchObject({ enabled: true, failing_since: failingSince });

    advance(DAY);
    const third = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [third]);
    get = await api("GET", `/v1/webhooks/${hook.id}`, { token: org.owner.key });
    expect(get.body).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining("5 days") });
    const all = [...(await deliveriesOfEvent(second)), ...(await deliveriesOfEvent(third))];
    expect(all.map((d) => d.status)).toEqual(["failed", "failed"]);
  });

  it("drops the deliveries of a deleted endpoint", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const calls = mockReceiver();
    const eventId = await emitCustomerEvent(org.organizationId);
    expect(await api("DELETE", `/v1/webhooks/${hook.id}`, { token: org.owner.key })).toMatchObject({
      status: 204,
    });
    await deliverEvents(env, [eventId]);
    await sweep();
    expect(calls).toHaveLength(0);
    expect(
      await (await dbOf(org.organizationId))
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hook.id)),
    ).toEqual([]);
  });
});

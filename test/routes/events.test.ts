// GET /v1/events and /v1/events/{id}: the outbox as a list, newest first, keyset-paged.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { webhookDeliveries, webhookEvents } from "../../src/db/schema/webhooks";
import { prefixedId } from "../../src/lib/ids";
import { buildEventPayload, type EventType, recordEvent } from "../../src/services/events";
import { purgeOldWebhookData } from "../../src/services/webhooks/retention";
import { type ApiResponse, addMember, api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of, dbOf } from "../helpers/db";
import { uploaded } from "../helpers/documents";
import { createCustomer } from "../helpers/factories";
import { createWebhook, mockReceiver } from "../webhooks/helpers";

const DAY = 24 * 60 * 60 * 1000;

interface Seeded {
  id: string;
  type: EventType;
  at: string;
  objectId: string;
}

/** Events recorded through the outbox as a change would, at chosen instants. */
async function seedEvents(org: TestOrg, events: Array<{ type?: EventType; at: string; objectId?: string }>) {
  const d = await dbOf(org.organizationId);
  const seeded: Seeded[] = [];
  const statements = events.map((e) => {
    const type = e.type ?? "customer.updated";
    const objectId = e.objectId ?? prefixedId("cus");
    const event = recordEvent(d, {
      organizationId: org.organizationId,
      type,
      object: { id: objectId },
      at: e.at,
    });
    seeded.push({ id: event.id, type, at: e.at, objectId });
    return event.statements;
  });
  for (let i = 0; i < statements.length; i += 40) {
    const chunk = statements.slice(i, i + 40).flat();
    await d.batch(chunk as [(typeof chunk)[0], ...typeof chunk]);
  }
  return seeded;
}

/** Newest first, ties on the instant broken by id, descending: the order the API promises. */
const newestFirst = (events: Seeded[]) =>
  [...events]
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
    .map((e) => e.id);

async function listAll(org: TestOrg, query: string, between?: (page: number) => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const path = `/v1/events?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res: ApiResponse = await api("GET", path, { token: org.owner.key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...res.body.data.map((e: { id: string }) => e.id));
    cursor = res.body.meta.next_cursor;
    if (!cursor) return ids;
    await between?.(page);
  }
  throw new Error("never reached the last page");
}

describe("GET /v1/events", () => {
  it("lists what an organization without webhook endpoints did, with the payload webhooks deliver", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const res = await api("GET", "/v1/events", { token: org.owner.key });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ limit: 20, next_cursor: null });
    expect(res.body.data).toHaveLength(1);
    const [event] = res.body.data;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: "customer.created",
      created_at: expect.any(String),
      data: { object: expect.objectContaining({ id: customer.id, name: customer.name }) },
    });
    const [row] = await (await d1Of(org.organizationId))
      .prepare("SELECT payload, object_id FROM webhook_events WHERE id = ?")
      .bind(event.id)
      .all<{ payload: string; object_id: string }>()
      .then((r) => r.results);
    expect(JSON.parse(row!.payload)).toEqual(event);
    expect(row!.object_id).toBe(customer.id);

    const one = await api("GET", `/v1/events/${event.id}`, { token: org.owner.key });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(event);

    // A test send to an endpoint is not something that happened: it stays out of the list.
    const hook = await createWebhook(org, { url: "https://hooks.example.com/test" });
    mockReceiver();
    const test = await api("POST", `/v1/webhooks/${hook.id}/test`, { token: org.owner.key });
    expect(test.status).toBe(200);
    const after = await api("GET", "/v1/events", { token: org.owner.key });
    expect(after.body.data.map((e: { id: string }) => e.id)).toEqual([event.id]);
    const [testEvent] = await (await d1Of(org.organizationId))
      .prepare("SELECT id FROM webhook_events WHERE type = 'webhook.test' AND organization_id = ?")
      .bind(org.organizationId)
      .all<{ id: string }>()
      .then((r) => r.results);
    expectError(await api("GET", `/v1/events/${testEvent!.id}`, { token: org.owner.key }), 404, "not_found");
    vi.restoreAllMocks();
  });

  it("pages through 250 events exactly once, newest first, while new ones arrive", async () => {
    const org = await createOrg();
    const base = Date.parse("2026-11-01T12:00:00.000Z");
    // Groups of five share an instant, so the id breaks ties across page edges.
    const seeded = await seedEvents(
      org,
      Array.from({ length: 250 }, (_, i) => ({
        at: new Date(base + Math.floor(i / 5) * 1000).toISOString(),
      })),
    );
    const expected = newestFirst(seeded);

    const ids = await listAll(org, "limit=7", async (page) => {
      // Newer events written mid-listing belong before the first page, never on a later one.
      if (page % 10 === 0) await seedEvents(org, [{ at: new Date(base + 10 * DAY + page).toISOString() }]);
    });
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(ids).toEqual(expected);

    const last = await api("GET", "/v1/events?limit=100", { token: org.owner.key });
    expect(last.body.meta.limit).toBe(100);
    expect(last.body.data).toHaveLength(100);
  });

  it("answers next_cursor null on a page that ends exactly at the last event", async () => {
    const org = await createOrg();
    await seedEvents(org, [{ at: "2026-11-01T00:00:00.000Z" }, { at: "2026-11-02T00:00:00.000Z" }]);
    const first = await api("GET", "/v1/events?limit=1", { token: org.owner.key });
    expect(first.body.meta.next_cursor).toEqual(expect.any(String));
    const second = await api("GET", `/v1/events?limit=1&cursor=${first.body.meta.next_cursor}`, {
      token: org.owner.key,
    });
    expect(second.body.data).toHaveLength(1);
    expect(second.body.meta.next_cursor).toBeNull();
    const both = await api("GET", "/v1/events?limit=2", { token: org.owner.key });
    expect(both.body.meta.next_cursor).toBeNull();
  });

  it("filters by type, creation instant and object id", async () => {
    const org = await createOrg();
    const seeded = await seedEvents(org, [
      { type: "invoice.created", at: "2026-10-01T00:00:00.000Z", objectId: "inv_a" },
      { type: "invoice.paid", at: "2026-10-02T00:00:00.000Z", objectId: "inv_a" },
      { type: "invoice.created", at: "2026-10-03T00:00:00.000Z", objectId: "inv_b" },
      { type: "customer.created", at: "2026-10-04T00:00:00.000Z", objectId: "cus_a" },
    ]);
    // A row written before object_id existed: matched by the id in its payload.
    const legacyId = prefixedId("evt");
    await (await dbOf(org.organizationId)).insert(webhookEvents).values({
      id: legacyId,
      organizationId: org.organizationId,
      type: "invoice.sent",
      payload: buildEventPayload(legacyId, "invoice.sent", "2026-10-05T00:00:00.000Z", { id: "inv_a" }),
      createdAt: "2026-10-05T00:00:00.000Z",
    });
    const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((e) => e.id);
    const [a1, a2, b1, c1] = seeded.map((e) => e.id);
    const get = (query: string) => api("GET", `/v1/events?${query}`, { token: org.owner.key });

    expect(ids(await get("type=invoice.created"))).toEqual([b1, a1]);
    expect(ids(await get("object_id=inv_a"))).toEqual([legacyId, a2, a1]);
    expect(ids(await get("object_id=inv_a&type=invoice.paid"))).toEqual([a2]);
    expect(ids(await get("created_gte=2026-10-02T00:00:00Z&created_lt=2026-10-04"))).toEqual([b1, a2]);
    expect(ids(await get("created_gte=2026-10-04T02:00:00%2B02:00"))).toEqual([legacyId, c1]);
    expect(ids(await get("created_lt=2026-10-02T00:00:00.000Z"))).toEqual([a1]);
    expect(ids(await get("object_id=inv_nothing"))).toEqual([]);

    // Filters apply on every page.
    const paged = await listAll(org, "limit=1&object_id=inv_a");
    expect(paged).toEqual([legacyId, a2, a1]);
  });

  it("shows restricted documents redacted, as webhooks see them", async () => {
    const org = await createOrg();
    await uploaded(org.owner.key, "plan", { classification: "restricted", filename: "layoff-plan.pdf" });
    const res = await api("GET", "/v1/events?type=document.uploaded", { token: org.owner.key });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].data.object).toMatchObject({
      filename: null,
      originalName: null,
      redacted: true,
    });
    expect(JSON.stringify(res.body)).not.toContain("layoff");
  });

  it("lets every member read, and no one outside the organization", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const [event] = await seedEvents(org, [{ at: "2026-11-01T00:00:00.000Z" }]);
    const member = await addMember(org, "member");
    const listed = await api("GET", "/v1/events", { token: member.key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(event!.id);
    expect((await api("GET", `/v1/events/${event!.id}`, { token: member.key })).status).toBe(200);

    expectError(await api("GET", `/v1/events/${event!.id}`, { token: other.owner.key }), 404, "not_found");
    expectError(await api("GET", "/v1/events/evt_missing", { token: org.owner.key }), 404, "not_found");
    const foreign = await api("GET", "/v1/events", { token: other.owner.key });
    expect(foreign.body.data.map((e: { id: string }) => e.id)).not.toContain(event!.id);
    expectError(await api("GET", "/v1/events"), 401, "unauthorized");
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["cursor=not-a-cursor", "cursor"],
    [`cursor=${btoa(JSON.stringify(["2026-11-01", "evt_x"]))}`, "cursor"],
    [`cursor=${btoa("[1,2]").replaceAll("=", "")}`, "cursor"],
    ["created_gte=yesterday", "created_gte"],
    ["created_gte=2026-13-01", "created_gte"],
    ["created_lt=2026-11-01T25:00:00Z", "created_lt"],
    ["type=invoice.exploded", "type"],
    [`object_id=${"x".repeat(65)}`, "object_id"],
  ])("answers 400 invalid_request for %s", async (query, field) => {
    const org = await createOrg();
    const error = expectError(
      await api("GET", `/v1/events?${query}`, { token: org.owner.key }),
      400,
      "invalid_request",
    );
    expect(Object.keys(error.details ?? {})).toContain(field);
  });
});

describe("event retention", () => {
  it("removes only events older than 30 days, never one whose delivery is still pending", async () => {
    const org = await createOrg();
    const now = new Date("2026-11-20T12:00:00.000Z");
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const [old, recent, edge] = await seedEvents(org, [
      { at: at(31 * DAY) },
      { at: at(29 * DAY) },
      { at: at(30 * DAY - 1) },
    ]);
    // An old event whose delivery is still being retried stays until it finishes.
    const hook = await createWebhook(org);
    const [retrying] = await seedEvents(org, [{ at: at(40 * DAY) }]);
    const [delivery] = await (await dbOf(org.organizationId))
      .select({ endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, retrying!.id));
    expect(delivery?.endpointId).toBe(hook.id);

    await purgeOldWebhookData(env, now);

    const ids = await listAll(org, "limit=100");
    expect(ids).toEqual([recent!.id, edge!.id, retrying!.id]);
    expectError(await api("GET", `/v1/events/${old!.id}`, { token: org.owner.key }), 404, "not_found");
  });
});

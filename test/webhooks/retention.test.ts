import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runScheduled } from "../../src/cron";
import { webhookAttempts, webhookDeliveries, webhookEvents } from "../../src/db/schema/webhooks";
import { setClockForTests } from "../../src/lib/clock";
import { deliverEvents } from "../../src/services/webhooks/delivery";
import { purgeOldWebhookData, WEBHOOK_RETENTION_MS } from "../../src/services/webhooks/retention";
import { createOrg, type TestOrg } from "../helpers/api";
import { dbOf, readOnEveryTenant } from "../helpers/db";
import {
  createWebhook,
  deliveriesOfEvent,
  emitCustomerEvent,
  mockReceiver,
  ok,
  settlePendingDeliveries,
  status,
} from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
let clock: number;

beforeEach(async () => {
  clock = Date.now();
  setClockForTests(() => new Date(clock));
  await settlePendingDeliveries();
});
afterEach(() => vi.restoreAllMocks());

async function eventsLeft(ids: string[]) {
  const rows = await readOnEveryTenant((db) =>
    db.select({ id: webhookEvents.id }).from(webhookEvents).where(inArray(webhookEvents.id, ids)),
  );
  return rows.map((r) => r.id).sort();
}

async function logOf(eventId: string) {
  const deliveries = await deliveriesOfEvent(eventId);
  const attempts = deliveries.length
    ? await readOnEveryTenant((db) =>
        db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((d) => d.id),
            ),
          ),
      )
    : [];
  return { deliveries: deliveries.length, attempts: attempts.length };
}

/** An event to one endpoint, its first attempt answered with `answer`. */
async function deliveredEvent(org: TestOrg, answer: () => Response) {
  vi.restoreAllMocks();
  mockReceiver(answer);
  const eventId = await emitCustomerEvent(org.organizationId);
  await deliverEvents(env, [eventId]);
  return eventId;
}

describe("webhook retention", () => {
  it("purges events older than 30 days whose deliveries have all finished, with their log", async () => {
    const org = await createOrg();
    await createWebhook(org);
    const succeeded = await deliveredEvent(org, () => ok());
    const failed = await deliveredEvent(org, () => status(500));
    await (await dbOf(org.organizationId))
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null })
      .where(eq(webhookDeliveries.eventId, failed));
    const pending = await deliveredEvent(org, () => status(500));
    const leased = await deliveredEvent(org, () => status(500));
    await (await dbOf(org.organizationId))
      .update(webhookDeliveries)
      .set({
        status: "failed",
        nextAttemptAt: null,
        leasedUntil: new Date(clock + 31 * DAY + 60_000).toISOString(),
      })
      .where(eq(webhookDeliveries.eventId, leased));
    // An event no endpoint subscribed to: no delivery at all.
    const unsubscribed = await emitCustomerEvent(org.organizationId, "customer.deleted");
    await (await dbOf(org.organizationId))
      .delete(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, unsubscribed));
    expect(await logOf(succeeded)).toEqual({ deliveries: 1, attempts: 1 });

    clock += 2 * DAY;
    const recent = await deliveredEvent(org, () => ok());
    const all = [succeeded, failed, pending, leased, unsubscribed, recent];

    // 30 days after the first events, none is old enough yet.
    clock += 28 * DAY - 1;
    await purgeOldWebhookData(env, new Date(clock));
    expect(await eventsLeft(all)).toEqual([...all].sort());

    clock += DAY;
    const result = await purgeOldWebhookData(env, new Date(clock));
    expect(result.complete).toBe(true);
    expect(await eventsLeft(all)).toEqual([pending, leased, recent].sort());
    for (const gone of [succeeded, failed]) expect(await logOf(gone)).toEqual({ deliveries: 0, attempts: 0 });
    expect(await logOf(pending)).toEqual({ deliveries: 1, attempts: 1 });
    expect(await logOf(leased)).toEqual({ deliveries: 1, attempts: 1 });
    expect(await logOf(recent)).toEqual({ deliveries: 1, attempts: 1 });
  });

  it("keeps an old event while any of its deliveries is pending", async () => {
    const org = await createOrg();
    await createWebhook(org, { url: "https://hooks.example.com/up" });
    await createWebhook(org, { url: "https://hooks.example.com/down" });
    mockReceiver((call) => (call.url.endsWith("/up") ? ok() : status(500)));
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);
    clock += WEBHOOK_RETENTION_MS + DAY;
    await purgeOldWebhookData(env, new Date(clock));
    expect(await logOf(eventId)).toEqual({ deliveries: 2, attempts: 2 });
    // Once the last delivery has finished, the next run takes the lot.
    await (await dbOf(org.organizationId))
      .update(webhookDeliveries)
      .set({ status: "failed" })
      .where(eq(webhookDeliveries.eventId, eventId));
    await purgeOldWebhookData(env, new Date(clock));
    expect(await eventsLeft([eventId])).toEqual([]);
    expect(await logOf(eventId)).toEqual({ deliveries: 0, attempts: 0 });
  });

  it("deletes in bounded batches and stops when its time budget is spent", async () => {
    const org = await createOrg();
    await createWebhook(org);
    mockReceiver(() => ok());
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await emitCustomerEvent(org.organizationId));
    await deliverEvents(env, ids);
    clock += WEBHOOK_RETENTION_MS + DAY;

    const spent = await purgeOldWebhookData(env, new Date(clock), { budgetMs: 0 });
    expect(spent.complete).toBe(false);
    expect(await eventsLeft(ids)).toHaveLength(7);

    const done = await purgeOldWebhookData(env, new Date(clock), { batchSize: 2 });
    expect(done.complete).toBe(true);
    expect(done.deleted.webhook_events).toBeGreaterThanOrEqual(7);
    expect(await eventsLeft(ids)).toEqual([]);
  });

  it("runs from the hourly cron", async () => {
    const org = await createOrg();
    await createWebhook(org);
    const eventId = await deliveredEvent(org, () => ok());
    clock += WEBHOOK_RETENTION_MS + DAY;
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    await runScheduled({ cron: "0 * * * *" }, env);
    expect(await eventsLeft([eventId])).toEqual([]);
    const lines = info.mock.calls.map((c) => String(c[0]));
    expect(lines.some((l) => l.includes('"sweep":"webhook-retention"'))).toBe(true);
  });
});

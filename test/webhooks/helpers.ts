// Shared arrangements of the webhook tests: an endpoint through the API, a change that
// emits an event through the outbox, and a mocked receiver in place of the outbound fetch.
import { eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { createDb } from "../../src/db/client";
import { customers } from "../../src/db/schema/customers";
import { webhookAttempts, webhookDeliveries, webhookEvents } from "../../src/db/schema/webhooks";
import { nowIso } from "../../src/lib/clock";
import { prefixedId } from "../../src/lib/ids";
import { buildEventPayload, type EventType, recordEvent } from "../../src/services/events";
import { api, type TestOrg } from "../helpers/api";
import { customerRow } from "../helpers/customers";
import { dbOf, readOnEveryTenant, tenantD1s } from "../helpers/db";

export { customerRow };

export async function createWebhook(org: TestOrg, body: Record<string, unknown> = {}) {
  const res = await api("POST", "/v1/webhooks", {
    token: org.owner.key,
    body: { url: "https://hooks.example.com/receive", events: ["*"], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string; url: string; events: string[] };
}

/** A committed change with its event, as a resource route does it; answers the event id. */
export async function emitCustomerEvent(organizationId: string, type: EventType = "customer.created") {
  const d = await dbOf(organizationId);
  const customer = customerRow(organizationId);
  const event = recordEvent(d, { organizationId, type, object: { id: customer.id }, at: nowIso() });
  await d.batch([d.insert(customers).values(customer), ...event.statements]);
  return event.id;
}

export interface ReceivedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  init: RequestInit | undefined;
}

/** Replaces the Worker's outbound fetch: records each call and answers with `respond`. */
export function mockReceiver(
  respond: (call: ReceivedCall, n: number) => Response | Promise<Response> = () => ok(),
) {
  const calls: ReceivedCall[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const call: ReceivedCall = {
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
      init,
    };
    calls.push(call);
    return respond(call, calls.length);
  });
  return calls;
}

export const ok = (body = "ok") => new Response(body, { status: 200 });
export const status = (code: number, body: string | null = "nope") => new Response(body, { status: code });

/** The deliveries of an event (ids are unique across databases: it is read on each). */
export async function deliveriesOfEvent(eventId: string) {
  return readOnEveryTenant((db) =>
    db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)),
  );
}

export async function attemptsOf(deliveryId: string) {
  return readOnEveryTenant((db) =>
    db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, deliveryId))
      .orderBy(webhookAttempts.attemptedAt),
  );
}

/** Ends every pending delivery on every database, so a test's sweep only sees what the test itself queued. */
export async function settlePendingDeliveries() {
  for (const d1 of tenantD1s())
    await createDb(d1)
      .update(webhookDeliveries)
      .set({ status: "failed" })
      .where(eq(webhookDeliveries.status, "pending"));
}

/** Queues `n` pending deliveries of fresh events to one endpoint, due at `dueAt` (+1 ms each, in order). */
export async function queueBacklog(organizationId: string, endpointId: string, n: number, dueAt: number) {
  const d = await dbOf(organizationId);
  const ids: string[] = [];
  const statements = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(dueAt + i).toISOString();
    const eventId = prefixedId("evt");
    const id = prefixedId("msg");
    ids.push(id);
    statements.push(
      d.insert(webhookEvents).values({
        id: eventId,
        organizationId,
        type: "customer.updated",
        payload: buildEventPayload(eventId, "customer.updated", at, { n: i }),
        createdAt: at,
      }),
      d.insert(webhookDeliveries).values({
        id,
        organizationId,
        endpointId,
        eventId,
        status: "pending",
        attemptCount: 0,
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await d.batch([first, ...rest]);
  return ids;
}

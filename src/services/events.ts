// The transactional outbox. A change that should notify webhooks adds `recordEvent(...)`'s
// statements to the same db.batch() as the change itself: the event and one pending delivery
// per subscribed endpoint commit with the change or not at all. After the batch commits,
// `dispatchEvents` makes the first delivery attempt without holding up the response.
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { batchableRun, type Db } from "../db/client";
import { webhookEvents } from "../db/schema/webhooks";
import type { Bindings } from "../env";
import { prefixedId } from "../lib/ids";
import { logWarn } from "../lib/log";
import { deliverEvents } from "./webhooks/delivery";

/**
 * Every event type the service emits. Adding a resource's events is one line here.
 * The body of each is `{ id, type, created_at, data: { object } }`.
 */
export const EVENT_TYPES = [
  "invoice.created",
  "invoice.updated",
  "invoice.sent",
  "invoice.paid",
  "invoice.overdue",
  "invoice.deleted",
  "customer.created",
  "customer.updated",
  "customer.deleted",
  "product.created",
  "product.updated",
  "product.deleted",
  "project.created",
  "project.updated",
  "project.deleted",
  "milestone.created",
  "milestone.updated",
  "milestone.deleted",
  "task.created",
  "task.updated",
  "task.deleted",
  "document.uploaded",
  "document.deleted",
  "document.expired",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface RecordedEvent {
  id: string;
  statements: [BatchItem<"sqlite">, BatchItem<"sqlite">];
}

export function buildEventPayload(id: string, type: string, createdAt: string, object: unknown): string {
  return JSON.stringify({ id, type, created_at: createdAt, data: { object } });
}

/** Statements that store the event and queue a delivery to each enabled endpoint subscribed to it. */
export function recordEvent(
  db: Db,
  event: { organizationId: string; type: EventType; object: unknown; at: string },
): RecordedEvent {
  const id = prefixedId("evt");
  const insertEvent = db.insert(webhookEvents).values({
    id,
    organizationId: event.organizationId,
    type: event.type,
    payload: buildEventPayload(id, event.type, event.at, event.object),
    createdAt: event.at,
  });
  // INSERT ... SELECT so the set of endpoints is read inside the same batch as the change.
  const queueDeliveries = batchableRun(
    db,
    sql`
    INSERT INTO webhook_deliveries
      (id, organization_id, endpoint_id, event_id, status, attempt_count, next_attempt_at, created_at, updated_at)
    SELECT 'msg_' || lower(hex(randomblob(12))), e.organization_id, e.id, ${id}, 'pending', 0, ${event.at}, ${event.at}, ${event.at}
    FROM webhook_endpoints e
    WHERE e.organization_id = ${event.organizationId}
      AND e.enabled = 1
      AND EXISTS (SELECT 1 FROM json_each(e.events) j WHERE j.value IN ('*', ${event.type}))
  `,
  );
  return { id, statements: [insertEvent, queueDeliveries] };
}

/** After the batch has committed: first delivery attempt for these events, off the response path. */
export function dispatchEvents(
  ctx: Pick<ExecutionContext, "waitUntil">,
  env: Bindings,
  eventIds: readonly string[],
): void {
  if (eventIds.length === 0) return;
  ctx.waitUntil(
    deliverEvents(env, eventIds).catch((error: unknown) => {
      // The deliveries stay pending; the cron retry picks them up.
      logWarn("webhook first attempt failed", { event_ids: eventIds, error: String(error) });
    }),
  );
}

// The transactional outbox. A change that should notify webhooks adds `recordEvent(...)`'s
// statements to the same db.batch() as the change itself: the event and one pending delivery
// per subscribed endpoint commit with the change or not at all. After the batch commits,
// `dispatchEvents` makes the first delivery attempt without holding up the response.
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { onBatchResult } from "../db/batch";
import { batchableRun, type Db } from "../db/client";
import { inBatch, preparedQuery } from "../db/prepared";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../db/schema/webhooks";
import type { Bindings } from "../env";
import { prefixedId } from "../lib/ids";
import { logWarn } from "../lib/log";
import { deliverEvents, noteNoneQueued } from "./webhooks/delivery";

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
  "invoice.voided",
  "invoice.viewed",
  "invoice.payment_recorded",
  "invoice.payment_reversed",
  "invoice.payment_refunded",
  "invoice.payment_disputed",
  "invoice.payment_reinstated",
  "invoice.delivered",
  "invoice.delivery_failed",
  "credit_note.created",
  "credit_note.delivered",
  "credit_note.delivery_failed",
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
  "document.integrity_failed",
  "organization.updated",
  "tax_rate.created",
  "tax_rate.updated",
  "member.updated",
  "member.removed",
  "recurring_invoice.created",
  "recurring_invoice.updated",
  "recurring_invoice.paused",
  "recurring_invoice.resumed",
  "recurring_invoice.cancelled",
  "quote.created",
  "quote.updated",
  "quote.sent",
  "quote.accepted",
  "quote.declined",
  "quote.expired",
  "quote.converted",
  "quote.deleted",
  "bank_transaction.matched",
  "bank_transaction.needs_review",
  "bill.received",
  "bill.approved",
  "bill.rejected",
  "bill.paid",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface RecordedEvent {
  id: string;
  statements: [BatchItem<"sqlite">, BatchItem<"sqlite">];
}

export function buildEventPayload(id: string, type: string, createdAt: string, object: unknown): string {
  return JSON.stringify({ id, type, created_at: createdAt, data: { object } });
}

function objectIdOf(object: unknown): string | null {
  const id = (object as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : null;
}

/** The event's row: built once per isolate (every write records one). */
const insertEventRow = preparedQuery((db) =>
  db
    .insert(webhookEvents)
    .values({
      id: sql.placeholder("id"),
      organizationId: sql.placeholder("organizationId"),
      type: sql.placeholder("type"),
      payload: sql.placeholder("payload"),
      createdAt: sql.placeholder("at"),
      objectId: sql.placeholder("objectId"),
    })
    .prepare(),
);

/**
 * A delivery of the event to each enabled endpoint of its organization subscribed to its type,
 * as INSERT ... SELECT, so the set of endpoints is read inside the same batch as the change.
 * The selected fields follow the table's column order, as drizzle's insert-select requires.
 * Built once per isolate.
 */
const queueEventDeliveries = preparedQuery((db) =>
  db
    .insert(webhookDeliveries)
    .select(
      db
        .select({
          id: sql<string>`'msg_' || lower(hex(randomblob(12)))`.as("id"),
          organizationId: webhookEndpoints.organizationId,
          endpointId: webhookEndpoints.id,
          eventId: sql<string>`${sql.placeholder("id")}`.as("event_id"),
          status: sql<"pending">`'pending'`.as("status"),
          attemptCount: sql<number>`0`.as("attempt_count"),
          nextAttemptAt: sql<string>`${sql.placeholder("at")}`.as("next_attempt_at"),
          lastStatusCode: sql<null>`null`.as("last_status_code"),
          lastError: sql<null>`null`.as("last_error"),
          createdAt: sql<string>`${sql.placeholder("at")}`.as("created_at"),
          updatedAt: sql<string>`${sql.placeholder("at")}`.as("updated_at"),
          leasedUntil: sql<null>`null`.as("leased_until"),
        })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.organizationId, sql.placeholder("organizationId")),
            eq(webhookEndpoints.enabled, true),
            sql`exists (select 1 from json_each(${webhookEndpoints.events}) j where j.value in ('*', ${sql.placeholder("type")}))`,
          ),
        ),
    )
    .prepare(),
);

/**
 * Statements that store the event (always, endpoints or not: it is also the events API's
 * record) and queue a delivery to each enabled endpoint subscribed to it.
 */
export function recordEvent(
  db: Db,
  event: { organizationId: string; type: EventType; object: unknown; at: string },
): RecordedEvent {
  const id = prefixedId("evt");
  const values = {
    id,
    organizationId: event.organizationId,
    type: event.type,
    payload: buildEventPayload(id, event.type, event.at, event.object),
    at: event.at,
    objectId: objectIdOf(event.object),
  };
  const insertEvent = inBatch(insertEventRow(db), values);
  const queueDeliveries = reportingNoneQueued(id, inBatch(queueEventDeliveries(db), values));
  return { id, statements: [insertEvent, queueDeliveries] };
}

/**
 * The queueing statement, made to tell `deliverEvents` when its batch queued no delivery (D1's
 * `meta.changes` for it is 0). Run alone it tells nothing, and the first attempt asks the database
 * as it would anyway (test/webhooks/delivery.test.ts checks the statement run alone). Were a
 * count ever wrongly 0, the delivery would still be pending, due at once: the every-minute sweep
 * sends it.
 */
function reportingNoneQueued<S extends object>(eventId: string, statement: S): S {
  return onBatchResult(statement, (response) => {
    if (response.meta?.changes === 0) noteNoneQueued(eventId);
  });
}

/**
 * `recordEvent` for many events of one type at once (a bank statement's thousands of entries):
 * two statements per chunk of objects instead of two per event, the objects travelling as one
 * JSON parameter (D1 binds at most 100 parameters, and a batch of 40,000 statements is slow).
 */
export function recordEvents(
  db: Db,
  events: { organizationId: string; type: EventType; objects: Iterable<unknown>; at: string },
): { ids: string[]; statements: BatchItem<"sqlite">[] } {
  const ids: string[] = [];
  const statements: BatchItem<"sqlite">[] = [];
  const CHUNK = 500;
  // One chunk of objects at a time (an iterable may build each on demand): only the chunks' JSON
  // stays in memory, not every object and payload at once.
  const iterator = events.objects[Symbol.iterator]();
  for (;;) {
    const rows: { id: string; payload: string; object_id: string | null }[] = [];
    while (rows.length < CHUNK) {
      const next = iterator.next();
      if (next.done) break;
      const id = prefixedId("evt");
      ids.push(id);
      rows.push({
        id,
        payload: buildEventPayload(id, events.type, events.at, next.value),
        object_id: objectIdOf(next.value),
      });
    }
    if (rows.length === 0) break;
    const json = JSON.stringify(rows);
    statements.push(
      batchableRun(
        db,
        sql`INSERT INTO ${webhookEvents} (id, organization_id, type, payload, created_at, object_id)
          SELECT json_extract(value, '$.id'), ${events.organizationId}, ${events.type},
            json_extract(value, '$.payload'), ${events.at}, json_extract(value, '$.object_id')
          FROM json_each(${json})`,
      ),
      batchableRun(
        db,
        sql`INSERT INTO ${webhookDeliveries} (id, organization_id, endpoint_id, event_id, status,
            attempt_count, next_attempt_at, last_status_code, last_error, created_at, updated_at, leased_until)
          SELECT 'msg_' || lower(hex(randomblob(12))), e.organization_id, e.id, json_extract(j.value, '$.id'),
            'pending', 0, ${events.at}, NULL, NULL, ${events.at}, ${events.at}, NULL
          FROM ${webhookEndpoints} e, json_each(${json}) j
          WHERE e.organization_id = ${events.organizationId} AND e.enabled = 1
            AND EXISTS (SELECT 1 FROM json_each(e.events) k WHERE k.value IN ('*', ${events.type}))`,
      ),
    );
  }
  return { ids, statements };
}

/**
 * After the batch has committed: first delivery attempt for these events, off the response path.
 * `database`: where they were written, when the caller knows (a request of an organization);
 * otherwise every database is asked for them.
 */
export function dispatchEvents(
  ctx: Pick<ExecutionContext, "waitUntil">,
  env: Bindings,
  eventIds: readonly string[],
  database?: string,
): void {
  if (eventIds.length === 0) return;
  ctx.waitUntil(
    deliverEvents(env, eventIds, { database }).catch((error: unknown) => {
      // The deliveries stay pending; the cron retry picks them up.
      logWarn("webhook first attempt failed", { event_ids: eventIds, error: String(error) });
    }),
  );
}

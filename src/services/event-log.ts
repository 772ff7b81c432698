// The events API's reads over the outbox (`webhook_events`): newest first, paged by an opaque
// keyset cursor on (created_at, id), so events written while a client pages appear on no page
// it has yet to read twice and push nothing it has read onto a later page. Items are the stored
// webhook payloads, byte for byte what endpoints receive (restricted documents redacted alike).
import { and, desc, eq, gte, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookEvents } from "../db/schema/webhooks";
import { fromBase64Url, toBase64Url, utf8 } from "../lib/encoding";
import { notFound } from "../lib/errors";
import { TEST_EVENT_TYPE } from "./webhooks/endpoints";

export interface EventCursor {
  createdAt: string;
  id: string;
}

export interface EventQuery {
  limit: number;
  cursor?: EventCursor;
  type?: string;
  createdGte?: string;
  createdLt?: string;
  objectId?: string;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EVENT_ID = /^evt_[0-9a-z]{24}$/;

/** The position after an event: base64url of `[created_at, id]`. Opaque to clients. */
export function encodeEventCursor(cursor: EventCursor): string {
  return toBase64Url(utf8(JSON.stringify([cursor.createdAt, cursor.id])));
}

/** The position a cursor names, or undefined for anything this service did not issue. */
export function decodeEventCursor(text: string): EventCursor | undefined {
  try {
    const value: unknown = JSON.parse(
      new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(fromBase64Url(text)),
    );
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== "string" || !ISO_TIMESTAMP.test(createdAt)) return undefined;
    if (typeof id !== "string" || !EVENT_ID.test(id)) return undefined;
    return { createdAt, id };
  } catch {
    return undefined;
  }
}

function newestFirst(a: EventCursor, b: EventCursor): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** One page of an organization's events and the cursor of the next (null on the last page). */
export async function listEvents(db: Db, organizationId: string, query: EventQuery) {
  const conditions: Array<SQL | undefined> = [
    eq(webhookEvents.organizationId, organizationId),
    // What happened, not the endpoint checks a manager sent (`POST /v1/webhooks/{id}/test`).
    ne(webhookEvents.type, TEST_EVENT_TYPE),
  ];
  if (query.type) conditions.push(eq(webhookEvents.type, query.type));
  if (query.createdGte) conditions.push(gte(webhookEvents.createdAt, query.createdGte));
  if (query.createdLt) conditions.push(lt(webhookEvents.createdAt, query.createdLt));
  if (query.cursor) {
    const { createdAt, id } = query.cursor;
    conditions.push(
      or(
        lt(webhookEvents.createdAt, createdAt),
        and(eq(webhookEvents.createdAt, createdAt), lt(webhookEvents.id, id)),
      ),
    );
  }
  const page = (where: SQL | undefined) =>
    db
      .select({ id: webhookEvents.id, createdAt: webhookEvents.createdAt, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(and(...conditions, where))
      .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
      .limit(query.limit + 1);
  let rows: Array<{ id: string; createdAt: string; payload: string }>;
  if (query.objectId) {
    // Two seeks on (organization_id, object_id), merged: rows written before object_id existed
    // (null there, few, gone after 30 days) are matched by the id in their payload. One query
    // with OR would walk the organization's whole history instead.
    const [current, legacy] = await Promise.all([
      page(eq(webhookEvents.objectId, query.objectId)),
      page(
        and(
          isNull(webhookEvents.objectId),
          sql`json_extract(${webhookEvents.payload}, '$.data.object.id') = ${query.objectId}`,
        ),
      ),
    ]);
    rows = [...current, ...legacy].sort(newestFirst).slice(0, query.limit + 1);
  } else {
    rows = await page(undefined);
  }
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeEventCursor(last) : null;
  return { data: shown.map((row) => JSON.parse(row.payload) as unknown), nextCursor };
}

/** One event of the organization; another organization's is 404. */
export async function getEvent(db: Db, organizationId: string, id: string): Promise<unknown> {
  const [row] = await db
    .select({ payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.id, id),
        eq(webhookEvents.organizationId, organizationId),
        ne(webhookEvents.type, TEST_EVENT_TYPE),
      ),
    )
    .limit(1);
  if (!row) throw notFound("Event");
  return JSON.parse(row.payload) as unknown;
}

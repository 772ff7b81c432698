// Webhook endpoints of an organization: create, read, change, delete, secret rotation, test
// sends, and the delivery log with manual retries. Every query is scoped to the organization.
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { getOwned } from "../../db/owned";
import { organizations } from "../../db/schema/identity";
import {
  type DELIVERY_STATUSES,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../db/schema/webhooks";
import type { Bindings } from "../../env";
import { now, nowIso } from "../../lib/clock";
import { conflict, notFound, validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import {
  createdMetadata,
  type Metadata,
  type MetadataInput,
  mergeMetadata,
  metadataOf,
} from "../../lib/metadata";
import type { OffsetPage } from "../../lib/pagination";
import { buildEventPayload, type EventType } from "../events";
import { clearMetadataEntries, metadataMatches, syncMetadataEntries } from "../metadata";
import { deliverNow, disableEndpointStatements, retryNow } from "./delivery";
import { openSecretsOrFail, sealedSecretColumns } from "./secrets";
import { generateSecret } from "./signing";
import { checkWebhookUrl, webhookUrlPolicy } from "./url-guard";

/** How long the previous secret keeps signing after a rotation. */
export const PREVIOUS_SECRET_VALIDITY_MS = 24 * 60 * 60 * 1000;
/** The type of the event `POST /v1/webhooks/{id}/test` sends; endpoints need not subscribe to it. */
export const TEST_EVENT_TYPE = "webhook.test";
const DISABLED_BY_REQUEST = "Disabled through the API";
/** Enabled endpoints an organization may have at once (each event fans out to every one). */
export const MAX_ENABLED_ENDPOINTS = 16;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type EventSubscription = ReadonlyArray<EventType | "*">;

export interface EndpointInput {
  url: string;
  events: EventSubscription;
  description?: string | null;
  enabled?: boolean;
  metadata?: MetadataInput;
}

export type EndpointPatch = Partial<Omit<EndpointInput, "metadata">> & { metadata?: MetadataInput | null };

const metadataOwner = (organizationId: string, id: string) =>
  ({ organizationId, objectType: "webhook_endpoint", objectId: id }) as const;

/** The endpoint's filter entries as its stored row says: its writes are conditional (the slot limit). */
const endpointMetadataEntries = (db: Db, organizationId: string, id: string) =>
  syncMetadataEntries(db, metadataOwner(organizationId, id), {
    table: webhookEndpoints,
    id: webhookEndpoints.id,
    metadata: webhookEndpoints.metadata,
  });

export function serializeEndpoint(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince,
    previous_secret_expires_at:
      row.previousSecretExpiresAt && Date.parse(row.previousSecretExpiresAt) > now().getTime()
        ? row.previousSecretExpiresAt
        : null,
    metadata: metadataOf(row.metadata),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

type DeliveryWithType = WebhookDeliveryRow & { eventType: string };

export function serializeDelivery(row: DeliveryWithType) {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempt_count: row.attemptCount,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function serializeAttempt(row: WebhookAttemptRow) {
  return {
    id: row.id,
    attempted_at: row.attemptedAt,
    status_code: row.statusCode,
    duration_ms: row.durationMs,
    error: row.error,
    response_body: row.responseBody,
  };
}

/** The URL as it will be stored and fetched (WHATWG-serialized), or 422 on `url`. */
function allowedUrl(env: Bindings, url: string): string {
  const verdict = checkWebhookUrl(url, webhookUrlPolicy(env));
  if (!verdict.ok) throw validationError({ url: verdict.reason });
  return verdict.url.href;
}

/** `["*"]` stands alone; otherwise each type once, in the order given. */
function normalizeEvents(events: EventSubscription): string[] {
  return events.includes("*") ? ["*"] : [...new Set(events)];
}

/** True while the organization has fewer than MAX_ENABLED_ENDPOINTS enabled endpoints (evaluated inside the write). */
function belowEndpointLimit(organizationId: string): SQL {
  return sql`(select count(*) from ${webhookEndpoints} where ${webhookEndpoints.organizationId} = ${organizationId} and ${webhookEndpoints.enabled} = 1) < ${MAX_ENABLED_ENDPOINTS}`;
}

const endpointLimitReached = () =>
  conflict(
    "endpoint_limit_reached",
    `An organization may have at most ${MAX_ENABLED_ENDPOINTS} enabled webhook endpoints; delete or disable one first`,
  );

export async function createEndpoint(db: Db, env: Bindings, organizationId: string, input: EndpointInput) {
  const url = allowedUrl(env, input.url);
  const at = nowIso();
  const secret = generateSecret();
  const enabled = input.enabled ?? true;
  const id = prefixedId("we");
  // Stored sealed under the master key, with the endpoint id as additional data.
  const sealed = await sealedSecretColumns(env, id, secret, null);
  const values = {
    id,
    organizationId,
    url,
    description: input.description ?? null,
    events: normalizeEvents(input.events),
    enabled,
    disabledReason: enabled ? null : DISABLED_BY_REQUEST,
    secret: sealed.secret,
    previousSecret: null,
    previousSecretExpiresAt: null,
    failingSince: null,
    metadata: createdMetadata(input.metadata),
    createdAt: at,
    updatedAt: at,
    secretKeyVersion: sealed.secretKeyVersion,
  };
  // The entries only if the endpoint row went in (the enabled insert below may take no slot).
  const entries = endpointMetadataEntries(db, organizationId, id);
  if (!enabled) {
    const [[row]] = await db.batch([db.insert(webhookEndpoints).values(values).returning(), ...entries]);
    return { endpoint: row as WebhookEndpointRow, secret };
  }
  // INSERT ... SELECT with the count in its WHERE: two concurrent creates cannot both take the
  // last slot (D1 runs one statement at a time). The selected fields follow the table's column order.
  const [[row]] = await db.batch([
    db
      .insert(webhookEndpoints)
      .select(
        db
          .select({
            id: sql<string>`${values.id}`.as("id"),
            organizationId: sql<string>`${organizationId}`.as("organization_id"),
            url: sql<string>`${values.url}`.as("url"),
            description: sql<string | null>`${values.description}`.as("description"),
            events: sql<string>`${JSON.stringify(values.events)}`.as("events"),
            enabled: sql<number>`1`.as("enabled"),
            secret: sql<string>`${values.secret}`.as("secret"),
            previousSecret: sql<null>`null`.as("previous_secret"),
            previousSecretExpiresAt: sql<null>`null`.as("previous_secret_expires_at"),
            disabledReason: sql<null>`null`.as("disabled_reason"),
            failingSince: sql<null>`null`.as("failing_since"),
            metadata: sql<
              string | null
            >`${values.metadata === null ? null : JSON.stringify(values.metadata)}`.as("metadata"),
            createdAt: sql<string>`${at}`.as("created_at"),
            updatedAt: sql<string>`${at}`.as("updated_at"),
            secretKeyVersion: sql<string>`${values.secretKeyVersion}`.as("secret_key_version"),
          })
          .from(organizations)
          .where(and(eq(organizations.id, organizationId), belowEndpointLimit(organizationId))),
      )
      .returning(),
    ...entries,
  ]);
  if (!row) throw endpointLimitReached();
  return { endpoint: row as WebhookEndpointRow, secret };
}

export async function listEndpoints(
  db: Db,
  organizationId: string,
  page: OffsetPage & { metadata?: Metadata },
) {
  const where = and(
    eq(webhookEndpoints.organizationId, organizationId),
    metadataMatches(webhookEndpoints.id, organizationId, "webhook_endpoint", page.metadata),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookEndpoints).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function getEndpoint(db: Db, organizationId: string, id: string): Promise<WebhookEndpointRow> {
  return getOwned(db, webhookEndpoints, "Webhook", organizationId, id);
}

export async function updateEndpoint(
  db: Db,
  env: Bindings,
  organizationId: string,
  id: string,
  patch: EndpointPatch,
): Promise<WebhookEndpointRow> {
  const current = await getEndpoint(db, organizationId, id);
  const url = patch.url === undefined ? undefined : allowedUrl(env, patch.url);
  const at = nowIso();
  const where = and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId));
  const metadata = patch.metadata === undefined ? undefined : mergeMetadata(current.metadata, patch.metadata);
  const changes = {
    ...(url !== undefined ? { url } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.events !== undefined ? { events: normalizeEvents(patch.events) } : {}),
    // Re-enabling starts afresh: the reason and the failure streak are cleared.
    ...(patch.enabled === true && !current.enabled
      ? { enabled: true, disabledReason: null, failingSince: null }
      : {}),
    ...(metadata !== undefined ? { metadata } : {}),
    updatedAt: at,
  };
  // Disabling fails the pending deliveries in the same batch (see disableEndpointStatements).
  const disabling = patch.enabled === false && current.enabled;
  // Enabling takes one of the organization's slots, checked inside the UPDATE itself.
  const enabling = patch.enabled === true && !current.enabled;
  const [updated] = await db.batch([
    db
      .update(webhookEndpoints)
      .set(changes)
      .where(enabling ? and(where, belowEndpointLimit(organizationId)) : where)
      .returning({ id: webhookEndpoints.id }),
    ...(disabling ? disableEndpointStatements(db, id, DISABLED_BY_REQUEST, at) : []),
    // From the stored column: enabling may find no free slot and change nothing.
    ...(metadata === undefined ? [] : endpointMetadataEntries(db, organizationId, id)),
  ]);
  if (enabling && updated.length === 0) throw endpointLimitReached();
  return getEndpoint(db, organizationId, id);
}

export async function deleteEndpoint(db: Db, organizationId: string, id: string): Promise<void> {
  // Its deliveries and their attempts go with it (ON DELETE CASCADE); events stay.
  const [deleted] = await db.batch([
    db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)))
      .returning({ id: webhookEndpoints.id }),
    clearMetadataEntries(db, metadataOwner(organizationId, id)),
  ]);
  if (deleted.length === 0) throw notFound("Webhook");
}

/** A new primary secret; the current one keeps signing for 24 h so receivers can switch over. */
export async function rotateSecret(db: Db, env: Bindings, organizationId: string, id: string) {
  const current = await getEndpoint(db, organizationId, id);
  const at = nowIso();
  const secret = generateSecret();
  // Both are sealed again under the current master key version (a legacy plaintext row included).
  const { secret: previous } = await openSecretsOrFail(env, current);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(await sealedSecretColumns(env, id, secret, previous)),
      previousSecretExpiresAt: new Date(Date.parse(at) + PREVIOUS_SECRET_VALIDITY_MS).toISOString(),
      updatedAt: at,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)))
    .returning();
  return { endpoint: row as WebhookEndpointRow, secret };
}

function assertEnabled(endpoint: WebhookEndpointRow): void {
  if (!endpoint.enabled) {
    throw conflict("endpoint_disabled", "The webhook is disabled; enable it (PATCH enabled: true) first");
  }
}

/** Queues a `webhook.test` event for this endpoint alone, attempts it now and answers the delivery. */
export async function sendTestEvent(db: Db, env: Bindings, organizationId: string, id: string) {
  const endpoint = await getEndpoint(db, organizationId, id);
  assertEnabled(endpoint);
  const at = nowIso();
  const eventId = prefixedId("evt");
  const deliveryId = prefixedId("msg");
  const object = {
    webhook_id: endpoint.id,
    message: "A test event sent from POST /v1/webhooks/{id}/test",
  };
  await db.batch([
    db.insert(webhookEvents).values({
      id: eventId,
      organizationId,
      type: TEST_EVENT_TYPE,
      payload: buildEventPayload(eventId, TEST_EVENT_TYPE, at, object),
      createdAt: at,
    }),
    db.insert(webhookDeliveries).values({
      id: deliveryId,
      organizationId,
      endpointId: endpoint.id,
      eventId,
      status: "pending",
      attemptCount: 0,
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    }),
  ]);
  await deliverNow(db, env, deliveryId);
  return getDelivery(db, organizationId, endpoint.id, deliveryId);
}

export async function listDeliveries(
  db: Db,
  organizationId: string,
  endpointId: string,
  query: OffsetPage & { status?: DeliveryStatus },
) {
  await getEndpoint(db, organizationId, endpointId);
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    eq(webhookDeliveries.organizationId, organizationId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deliveryQuery(db)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

function deliveryQuery(db: Db) {
  return db
    .select({
      id: webhookDeliveries.id,
      organizationId: webhookDeliveries.organizationId,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      status: webhookDeliveries.status,
      attemptCount: webhookDeliveries.attemptCount,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      updatedAt: webhookDeliveries.updatedAt,
      leasedUntil: webhookDeliveries.leasedUntil,
      eventType: webhookEvents.type,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId));
}

export async function getDelivery(
  db: Db,
  organizationId: string,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryWithType> {
  const [row] = await deliveryQuery(db).where(
    and(
      eq(webhookDeliveries.id, deliveryId),
      eq(webhookDeliveries.endpointId, endpointId),
      eq(webhookDeliveries.organizationId, organizationId),
    ),
  );
  if (!row) throw notFound("Delivery");
  return row;
}

/** A delivery with its event body and every attempt, oldest first. */
export async function getDeliveryDetail(
  db: Db,
  organizationId: string,
  endpointId: string,
  deliveryId: string,
) {
  const delivery = await getDelivery(db, organizationId, endpointId, deliveryId);
  const [[event], attempts] = await Promise.all([
    db
      .select({ payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, delivery.eventId)),
    db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, deliveryId))
      .orderBy(webhookAttempts.attemptedAt, webhookAttempts.id),
  ]);
  return { delivery, payload: event ? (JSON.parse(event.payload) as unknown) : null, attempts };
}

/**
 * Manual retry: a failed or pending delivery goes back to pending and is attempted now. If that
 * attempt fails, the schedule continues from its attempt count (a delivery that had used all
 * its attempts is failed again). A succeeded delivery answers 409 `delivery_succeeded`; one
 * with an attempt in flight (a sweep or first attempt holds its lease) 409
 * `delivery_in_progress`, so a retry never sends it a second time at once.
 */
export async function retryDelivery(
  db: Db,
  env: Bindings,
  organizationId: string,
  endpointId: string,
  deliveryId: string,
) {
  const endpoint = await getEndpoint(db, organizationId, endpointId);
  const delivery = await getDelivery(db, organizationId, endpointId, deliveryId);
  assertNotSucceeded(delivery);
  assertEnabled(endpoint);
  const scope = and(
    eq(webhookDeliveries.endpointId, endpointId),
    eq(webhookDeliveries.organizationId, organizationId),
  );
  if (!(await retryNow(db, env, deliveryId, scope))) {
    // The conditional reset matched nothing: it succeeded meanwhile, or an attempt is in flight.
    assertNotSucceeded(await getDelivery(db, organizationId, endpointId, deliveryId));
    throw conflict(
      "delivery_in_progress",
      "An attempt of this delivery is in progress; retry once it has finished",
    );
  }
  return getDelivery(db, organizationId, endpointId, deliveryId);
}

function assertNotSucceeded(delivery: DeliveryWithType): void {
  if (delivery.status === "succeeded") {
    throw conflict("delivery_succeeded", "The delivery has already succeeded");
  }
}

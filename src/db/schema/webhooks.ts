// Webhook endpoints and the transactional outbox: an event and one delivery per matching
// endpoint are written in the same D1 batch as the change that causes them.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Metadata } from "../../lib/metadata";
import { organizations } from "./identity";

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    url: text("url").notNull(),
    description: text("description"),
    /** JSON array of event types, or ["*"]. */
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /**
     * `whsec_` + base64 of 32 random bytes, sealed under the master key (AES-256-GCM, see
     * `crypto/webhook-secrets.ts`); plaintext on rows whose `secretKeyVersion` is null.
     */
    secret: text("secret").notNull(),
    /** During rotation the previous secret signs too, until this instant (sealed like `secret`). */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: text("previous_secret_expires_at"),
    disabledReason: text("disabled_reason"),
    /** First failure since the last success; 5 days of failures disable the endpoint. */
    failingSince: text("failing_since"),
    /** The integrator's own strings (src/lib/metadata.ts); NULL when none. */
    metadata: text("metadata", { mode: "json" }).$type<Metadata>(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /**
     * Master key version `secret` and `previousSecret` are sealed under. Null: rows written before
     * secrets were encrypted, which still hold plaintext (sealed by the rewrap sweep).
     */
    secretKeyVersion: text("secret_key_version"),
  },
  (t) => [index("webhook_endpoints_organization_idx").on(t.organizationId, t.createdAt)],
);

export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    type: text("type").notNull(),
    /** The exact JSON body sent: { id, type, created_at, data: { object } }. */
    payload: text("payload").notNull(),
    createdAt: text("created_at").notNull(),
    /**
     * The id of `data.object`, for `GET /v1/events?object_id=`. Null on rows written before the
     * column existed (read from the payload instead) and for objects without an id.
     */
    objectId: text("object_id"),
  },
  (t) => [
    // The events API's keyset pages, newest first: (created_at, id) below the cursor.
    index("webhook_events_organization_idx").on(t.organizationId, t.createdAt, t.id),
    // One object's events, already in list order.
    index("webhook_events_object_idx").on(t.organizationId, t.objectId, t.createdAt, t.id),
    // The retention sweep's range scan over old events.
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: text("next_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /**
     * While an attempt is in flight: the instant its claim lapses. Claimed deliveries are not
     * claimed again, nor reset by a manual retry, before then. Null when no attempt is running.
     */
    leasedUntil: text("leased_until"),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_event_idx").on(t.eventId),
  ],
);

export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: text("attempted_at").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    /** At most 4 KiB of the receiver's answer. */
    responseBody: text("response_body"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

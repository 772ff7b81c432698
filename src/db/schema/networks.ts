// E-invoice networks (Peppol) through an access point provider: an organization's connection
// (the provider's credentials sealed, the company it is registered as, the webhook's token), the
// deliveries of its invoices and credit notes over the network, the participants it looked up,
// and the documents it received. Domain rules live in src/services/einvoice-networks/.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MESSAGE_RESPONSE_CODES } from "../../document/received/message-response";
import { organizations } from "./identity";

/** The networks an organization can connect. */
export const EINVOICE_NETWORKS = ["peppol"] as const;
export type EInvoiceNetwork = (typeof EINVOICE_NETWORKS)[number];

/** The access point providers this service speaks to (src/services/einvoice-networks/). */
export const NETWORK_PROVIDERS = ["recommand"] as const;
export type NetworkProviderName = (typeof NETWORK_PROVIDERS)[number];

/** The channels a document is sent over (`send { channels }`). */
export const DELIVERY_CHANNELS = ["peppol", "email"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** Where one delivery stands: `pending` is retried by the sweep, the other two are final. */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The documents a delivery carries. */
export const DELIVERED_DOCUMENT_TYPES = ["invoice", "credit_note"] as const;
export type DeliveredDocumentType = (typeof DELIVERED_DOCUMENT_TYPES)[number];

export { MESSAGE_RESPONSE_CODES, type MessageResponseCode } from "../../document/received/message-response";

/** Why a delivery failed: the provider's words and, for a validation refusal, its rules. */
export interface DeliveryError {
  /**
   * `refused` (the provider's validation: `rules` named), `unreachable` (no such participant, or it
   * refused the message), `unauthorized` (the credentials), `not_found` / `invalid` (the provider
   * refused the request), `invalid_document` (its UBL could not be produced), `rejected` (the
   * recipient's Message Level Response), `disconnected` (the connection was removed), `gave_up`
   * (no answer for a day of retries).
   */
  code: string;
  message: string;
  rules: Array<{ rule: string; message: string }>;
}

/**
 * An organization's connection to a network through a provider. The API key id and secret and the
 * webhook token are sealed under the master key (src/crypto/provider-secrets.ts, as the payment
 * providers' secrets), never answered but for the token inside `webhook_url`.
 */
export const einvoiceNetworks = sqliteTable(
  "einvoice_networks",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    network: text("network", { enum: EINVOICE_NETWORKS }).notNull(),
    provider: text("provider", { enum: NETWORK_PROVIDERS }).notNull(),
    apiKeyId: text("api_key_id").notNull(),
    apiSecret: text("api_secret").notNull(),
    webhookToken: text("webhook_token").notNull(),
    /** Master key version the three sealed values are under. */
    secretVersion: text("secret_version").notNull(),
    /** The organization at the provider (Recommand: its company id). */
    companyId: text("company_id").notNull(),
    /** The organization's own participant id (`scheme:id`), as the provider registered it. */
    participantId: text("participant_id"),
    /** The provider's id of the webhook PUT registered; null when it has none. */
    webhookId: text("webhook_id"),
    lastInboxSyncAt: text("last_inbox_sync_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.network] }),
    index("einvoice_networks_inbox_sync_idx").on(t.lastInboxSyncAt),
  ],
);
export type EInvoiceNetworkRow = typeof einvoiceNetworks.$inferSelect;

/**
 * One document's delivery over one channel: at most one per document and channel, its attempts
 * counted. A `pending` one is due again at `next_attempt_at` (the sweep's backoff); `ambiguous`
 * says the last attempt's outcome is unknown (a network error, a 5xx), so the provider is asked
 * whether it has the document before it is sent again.
 */
export const einvoiceDeliveries = sqliteTable(
  "einvoice_deliveries",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    documentType: text("document_type", { enum: DELIVERED_DOCUMENT_TYPES }).notNull(),
    documentId: text("document_id").notNull(),
    /** The document's number as sent (BT-1): what the provider is searched by. */
    documentNumber: text("document_number").notNull(),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    provider: text("provider", { enum: NETWORK_PROVIDERS }).notNull(),
    /** The recipient's participant id, `scheme:id`. */
    recipient: text("recipient").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull(),
    providerDocumentId: text("provider_document_id"),
    /** The SBDH instance identifier the provider sent it under: what a response refers to. */
    envelopeId: text("envelope_id"),
    error: text("error", { mode: "json" }).$type<DeliveryError>(),
    /** The recipient's Message Level Response, when one came back. */
    responseCode: text("response_code", { enum: MESSAGE_RESPONSE_CODES }),
    respondedAt: text("responded_at"),
    attempts: integer("attempts").notNull().default(0),
    ambiguous: integer("ambiguous", { mode: "boolean" }).notNull().default(false),
    nextAttemptAt: text("next_attempt_at"),
    /** When the sweep stops retrying an ambiguous attempt (`gave_up`): a day after a send started it. */
    retryUntil: text("retry_until"),
    /**
     * The earliest time a document of this delivery's current round can have reached the
     * provider: what an ambiguous attempt looks for is created from then on.
     */
    roundStartedAt: text("round_started_at"),
    /** Set while an attempt runs (a lease): a second sweep leaves the row alone until it expires. */
    claimedAt: text("claimed_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("einvoice_deliveries_document_channel_unique").on(
      t.organizationId,
      t.documentType,
      t.documentId,
      t.channel,
    ),
    index("einvoice_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("einvoice_deliveries_envelope_idx").on(t.organizationId, t.envelopeId),
  ],
);
export type EInvoiceDelivery = typeof einvoiceDeliveries.$inferSelect;

/** A participant looked up at the provider, kept for a while (src/services/einvoice-networks/participants.ts). */
export const peppolParticipants = sqliteTable(
  "peppol_participants",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** `scheme:id`, the scheme's four digits and the identifier as the register writes it. */
    participantId: text("participant_id").notNull(),
    registered: integer("registered", { mode: "boolean" }).notNull(),
    documentTypes: text("document_types", { mode: "json" }).$type<string[]>().notNull(),
    checkedAt: text("checked_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.participantId] })],
);
export type PeppolParticipantRow = typeof peppolParticipants.$inferSelect;

/** What became of a document the provider received for the organization. */
export const RECEIPT_OUTCOMES = ["imported", "duplicate", "response", "refused"] as const;
export type ReceiptOutcome = (typeof RECEIPT_OUTCOMES)[number];

/**
 * The documents received over a network, one row per provider document: the webhook and the inbox
 * sweep both read it, so a document is imported once, and one the service cannot read is not
 * fetched again and again.
 */
export const networkReceipts = sqliteTable(
  "network_receipts",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    network: text("network", { enum: EINVOICE_NETWORKS }).notNull(),
    providerDocumentId: text("provider_document_id").notNull(),
    outcome: text("outcome", { enum: RECEIPT_OUTCOMES }).notNull(),
    billId: text("bill_id"),
    /** The delivery a Message Level Response updated. */
    deliveryId: text("delivery_id"),
    /** Why it was not imported (`refused`). */
    reason: text("reason"),
    /** When the provider was told it is read; null: to tell again. */
    markedReadAt: text("marked_read_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.network, t.providerDocumentId] })],
);
export type NetworkReceipt = typeof networkReceipts.$inferSelect;

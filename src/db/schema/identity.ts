// Organizations, their users and the API keys users authenticate with.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { BillingProfile } from "../../document/types";

export {
  type BillingProfile,
  type ElectronicAddress,
  EMAIL_ATTACHMENTS,
  type EmailAttachment,
  LOCALES,
  type Locale,
  type PartyIdentifier,
  type PostalAddress,
  type ReminderStep,
  type TaxRepresentative,
} from "../../document/types";

export const TIERS = ["starter", "pro", "business"] as const;
export type Tier = (typeof TIERS)[number];
export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];
/** A test organization's clock: `ready`, or `advancing` toward its target (in the background). */
export const TEST_CLOCK_STATUSES = ["ready", "advancing"] as const;
export type TestClockStatus = (typeof TEST_CLOCK_STATUSES)[number];

/** When an invoice takes its number: as the draft is created, or as it is sent (gap-free). */
export const INVOICE_NUMBERING = ["on_create", "on_send"] as const;
export type InvoiceNumbering = (typeof INVOICE_NUMBERING)[number];
export const DEFAULT_NUMBER_PREFIX = "INV-";
export const DEFAULT_NUMBER_PADDING = 6;
export const organizations = sqliteTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    tier: text("tier", { enum: TIERS }).notNull().default("starter"),
    defaultCurrency: text("default_currency").notNull().default("USD"),
    /**
     * Last invoice number issued; bumped in the batch that numbers an invoice (its insert with
     * `on_create`, its send with `on_send`).
     */
    invoiceSequence: integer("invoice_sequence").notNull().default(0),
    /** Last quote number issued (`QT-000001`); bumped in the batch that creates the quote. */
    quoteSequence: integer("quote_sequence").notNull().default(0),
    /** When invoices are numbered; the prefix and zero padding of new numbers (`INV-000001`). */
    invoiceNumbering: text("invoice_numbering", { enum: INVOICE_NUMBERING }).notNull().default("on_create"),
    invoiceNumberPrefix: text("invoice_number_prefix").notNull().default(DEFAULT_NUMBER_PREFIX),
    invoiceNumberPadding: integer("invoice_number_padding").notNull().default(DEFAULT_NUMBER_PADDING),
    /** Last credit note number issued (`CN-000001`), bumped in the credit note's own batch. */
    creditNoteSequence: integer("credit_note_sequence").notNull().default(0),
    billingProfile: text("billing_profile", { mode: "json" }).$type<BillingProfile>().notNull().default({}),
    /** Created in test mode (admin bootstrap): its own clock, no real e-mail or webhooks. */
    testMode: integer("test_mode", { mode: "boolean" }).notNull().default(false),
    /** A test organization's frozen "now" (ISO timestamp), moved only by POST /v1/test-clock/advance. */
    testClockNow: text("test_clock_now"),
    /**
     * `advancing` while an advance is under way (claimed by compare-and-set before any sweep runs,
     * continued in chunks by the TestClockAdvancer Durable Object), toward `test_clock_target`.
     */
    testClockStatus: text("test_clock_status", { enum: TEST_CLOCK_STATUSES }).notNull().default("ready"),
    testClockTarget: text("test_clock_target"),
    /**
     * The secret part of the organization's inbound e-mail address (`bills+<token>@<domain>`,
     * src/services/inbound-email/): random, set at creation (for earlier organizations by the
     * migration that added it), replaced by a rotation. Lower case, so an address matches whatever
     * case a sender writes it in.
     */
    inboundEmailToken: text("inbound_email_token"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("organizations_inbound_email_token_unique").on(t.inboundEmailToken)],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    email: text("email").notNull(),
    name: text("name"),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /**
     * When the member was removed (DELETE /v1/members/{id}). The row stays, because documents
     * and their audit entries name it; its keys are revoked and it authenticates no more.
     */
    removedAt: text("removed_at"),
  },
  (t) => [
    // One current account per e-mail across the service, compared case-insensitively; a
    // removed member's address may be invited again.
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`).where(sql`removed_at is null`),
    index("users_organization_idx").on(t.organizationId, t.createdAt),
  ],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name"),
    /** Public part of the key (`sk_` + 12 characters), used to find the row. */
    prefix: text("prefix").notNull(),
    /** SHA-256 (hex) of the whole key; the plain key is never stored. */
    keyHash: text("key_hash").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_prefix_unique").on(t.prefix),
    index("api_keys_organization_idx").on(t.organizationId, t.createdAt),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type User = typeof users.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;

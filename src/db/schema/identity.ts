// Organizations, their users and the API keys users authenticate with.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { PaymentReferenceFormat } from "../../lib/payment-reference";

export const TIERS = ["starter", "pro", "business"] as const;
export type Tier = (typeof TIERS)[number];
export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];
/** A test organization's clock: `ready`, or `advancing` toward its target (in the background). */
export const TEST_CLOCK_STATUSES = ["ready", "advancing"] as const;
export type TestClockStatus = (typeof TEST_CLOCK_STATUSES)[number];

/** A postal address as the API shows it (snake_case); every part but country may be absent. */
export interface PostalAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  postal_code?: string | null;
  region?: string | null;
  country?: string | null;
}

/** An electronic address (EN 16931 BT-34/BT-49): an ISO 6523 / EAS scheme and the id in it. */
export interface ElectronicAddress {
  scheme: string;
  id: string;
}

/**
 * A party identifier (EN 16931 BT-29 seller, BT-46 buyer, BT-60 payee): the id and its ISO 6523
 * ICD scheme (src/lib/icd.ts); null: the identifier is stated without a scheme.
 */
export interface PartyIdentifier {
  scheme: string | null;
  id: string;
}

/** The seller's tax representative (EN 16931 BG-11): name BT-62, VAT id BT-63, address BG-12. */
export interface TaxRepresentative {
  name: string;
  vat_id: string;
  address: PostalAddress;
}

/** When an invoice takes its number: as the draft is created, or as it is sent (gap-free). */
export const INVOICE_NUMBERING = ["on_create", "on_send"] as const;
export type InvoiceNumbering = (typeof INVOICE_NUMBERING)[number];
export const DEFAULT_NUMBER_PREFIX = "INV-";
export const DEFAULT_NUMBER_PADDING = 6;
/** What the invoice e-mail attaches (GET|PATCH /v1/organization `email_attachment`). */
export const EMAIL_ATTACHMENTS = ["pdf", "facturx", "ubl", "none"] as const;
export type EmailAttachment = (typeof EMAIL_ATTACHMENTS)[number];

export const LOCALES = ["en", "de", "fr", "es", "it", "nl", "pl"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The seller's legal identity and invoicing defaults (GET/PATCH /v1/organization), stored as one
 * JSON value: it is read whole, never filtered on, and snapshotted whole onto each sent invoice.
 */
export interface BillingProfile {
  legal_name?: string | null;
  trading_name?: string | null;
  address?: PostalAddress | null;
  vat_id?: string | null;
  tax_registration_id?: string | null;
  company_id?: string | null;
  /** The ISO 6523 ICD scheme of `company_id` (BT-30-1); absent: none stated. */
  company_id_scheme?: string | null;
  /** BT-29: the seller's identifier; absent: none. */
  seller_identifier?: PartyIdentifier | null;
  /** BT-29 again (0..n): the seller's further identifiers, stated after seller_identifier; absent: none. */
  additional_seller_identifiers?: PartyIdentifier[] | null;
  /** BG-11: the seller's tax representative; absent: none. */
  tax_representative?: TaxRepresentative | null;
  email?: string | null;
  phone?: string | null;
  iban?: string | null;
  bic?: string | null;
  account_holder?: string | null;
  payment_terms_days?: number | null;
  invoice_footer?: string | null;
  locale?: Locale | null;
  electronic_address?: ElectronicAddress | null;
  /** An e-mail setting, not part of the seller: never snapshotted onto invoices. */
  email_attachment?: EmailAttachment | null;
  /** `#RRGGBB`, readable on white (src/lib/brand-color.ts); a setting, never snapshotted. */
  brand_color?: string | null;
  /** Payment reminders relative to the due date (a setting, never snapshotted). */
  reminder_schedule?: ReminderStep[] | null;
  /** The format of new invoices' payment references (a setting, never snapshotted; default rf). */
  payment_reference_format?: PaymentReferenceFormat | null;
  /**
   * Cash rounding of the amount due (BT-114), the increment x 10^4 (500 for 0.05); absent: none.
   * A setting, never snapshotted: an invoice keeps the rounding it was priced with.
   */
  cash_rounding_scaled?: number | null;
  /**
   * The currency the seller keeps its VAT books in (BT-6 when an invoice is in another): a
   * setting, never snapshotted; an invoice issued in another currency states its VAT in it.
   */
  accounting_currency?: string | null;
}

/** One step of a reminder schedule: days relative to the due date (negative: before it). */
export interface ReminderStep {
  offset_days: number;
  template?: string | null;
}

export const organizations = sqliteTable("organizations", {
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
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

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

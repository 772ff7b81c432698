// Recurring invoices: a template (the body POST /v1/invoices takes, as given) and a schedule.
// Each run creates a normal invoice carrying `recurring_invoice_id` and its `recurring_run_index`;
// the unique index on that pair in invoices makes a run exactly-once (docs/automation.md).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { DocumentDiscountBody, ItemInput } from "../../lib/document-input";
import { organizations } from "./identity";

export const RECURRING_INTERVALS = ["day", "week", "month", "year"] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];
export const RECURRING_STATUSES = ["active", "paused", "cancelled", "completed"] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

export const recurringInvoices = sqliteTable(
  "recurring_invoices",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** No foreign key: a deleted customer pauses the template at its next run (pause_reason). */
    customerId: text("customer_id").notNull(),
    currency: text("currency").notNull(),
    notes: text("notes"),
    /**
     * The lines as POST /v1/invoices takes them (every field optional but quantity, so a line
     * stored with fewer terms reads as it was given), priced again at each run.
     */
    items: text("items", { mode: "json" }).$type<ItemInput[]>().notNull(),
    /** The discounts as given (reason code, bound rate, base), priced again at each run. */
    discounts: text("discounts", { mode: "json" }).$type<DocumentDiscountBody[]>().notNull().default([]),
    defaultTaxRateId: text("default_tax_rate_id"),
    /** Null: the organization's payment terms, fixed when the invoice is sent. */
    paymentTermsDays: integer("payment_terms_days"),
    interval: text("interval", { enum: RECURRING_INTERVALS }).notNull(),
    intervalCount: integer("interval_count").notNull(),
    /** YYYY-MM-DD: the anchor and first billing day; run k bills on anchor + k intervals. */
    startDate: text("start_date").notNull(),
    endAfter: integer("end_after"),
    endDate: text("end_date"),
    autoSend: integer("auto_send", { mode: "boolean" }).notNull(),
    status: text("status", { enum: RECURRING_STATUSES }).notNull(),
    pauseReason: text("pause_reason"),
    /** Index of the next run (its billing day is next_run_date); skips periods missed while paused. */
    nextRunIndex: integer("next_run_index").notNull().default(0),
    nextRunDate: text("next_run_date"),
    invoicesCreated: integer("invoices_created").notNull().default(0),
    /** Bumped by every write: the compare-and-set guard of runs and edits. */
    version: integer("version").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("recurring_invoices_organization_created_idx").on(t.organizationId, t.createdAt, t.id),
    // The sweep: due active templates, oldest billing day first (all organizations, or one).
    index("recurring_invoices_status_next_run_idx").on(t.status, t.nextRunDate, t.id),
    index("recurring_invoices_organization_status_next_run_idx").on(
      t.organizationId,
      t.status,
      t.nextRunDate,
      t.id,
    ),
  ],
);

export type RecurringInvoice = typeof recurringInvoices.$inferSelect;

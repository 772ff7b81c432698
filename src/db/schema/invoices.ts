// Invoices and their lines. Amounts are integer minor units of the invoice's currency;
// quantities are integers scaled by 10^4. `number` is issued from organizations.invoice_sequence
// in the same batch as the insert.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers } from "./customers";
import { organizations } from "./identity";

export const INVOICE_STATUSES = ["draft", "sent", "paid", "overdue"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    /** `INV-000001`, unique per organization. */
    number: text("number").notNull(),
    /** The stored status; a `sent` invoice past its due date reads as `overdue` before the sweep. */
    status: text("status", { enum: INVOICE_STATUSES }).notNull(),
    currency: text("currency").notNull(),
    totalMinor: integer("total_minor").notNull(),
    /** YYYY-MM-DD, compared in UTC. */
    dueDate: text("due_date").notNull(),
    notes: text("notes"),
    sentAt: text("sent_at"),
    paidAt: text("paid_at"),
    /** Bumped by every write: the optimistic-concurrency guard of state changes. */
    version: integer("version").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("invoices_organization_number_unique").on(t.organizationId, t.number),
    // Default order (newest first) and the status and customer filters, organization first.
    // status and due_date ride along so `?status=overdue` (an OR of two stored states, which no
    // single range serves in created_at order) filters from the index entry, not the row.
    index("invoices_organization_created_idx").on(t.organizationId, t.createdAt, t.id, t.status, t.dueDate),
    index("invoices_organization_status_created_idx").on(
      t.organizationId,
      t.status,
      t.createdAt,
      t.id,
      t.dueDate,
    ),
    index("invoices_organization_status_due_idx").on(t.organizationId, t.status, t.dueDate),
    index("invoices_organization_customer_created_idx").on(t.organizationId, t.customerId, t.createdAt, t.id),
    // The foreign key's own lookup (customer_id = ?, no organization): deleting a customer
    // checks for invoices through it instead of scanning every tenant's invoices.
    index("invoices_customer_idx").on(t.customerId),
    // The hourly overdue sweep looks across organizations.
    index("invoices_status_due_idx").on(t.status, t.dueDate),
  ],
);

export const invoiceItems = sqliteTable(
  "invoice_items",
  {
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    organizationId: text("organization_id").notNull(),
    position: integer("position").notNull(),
    /** The catalog product the line was filled from; a snapshot, so no foreign key. */
    productId: text("product_id"),
    description: text("description").notNull(),
    /** Quantity x 10^4. */
    quantity: integer("quantity").notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    amountMinor: integer("amount_minor").notNull(),
  },
  (t) => [index("invoice_items_invoice_position_idx").on(t.invoiceId, t.position)],
);

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceItem = typeof invoiceItems.$inferSelect;

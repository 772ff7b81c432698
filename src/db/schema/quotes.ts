// Quotes: an offer to a customer, priced exactly like an invoice (lines, tax rates, discounts)
// and stored priced (the lines as invoice item rows, the totals as invoice columns), so the
// invoice a quote converts into has the same lines and totals. Numbered `QT-000001` from the
// organization's own quote sequence. `invoice_id` is unique: a quote converts once.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { emailMessageColumns } from "./emails";
import { LOCALES, type Locale, organizations } from "./identity";
import type { DocumentDiscount, InvoiceItem, TotalsDetail } from "./invoices";

export const QUOTE_STATUSES = ["draft", "sent", "accepted", "declined", "expired", "converted"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A priced line as stored: an invoice item row without its invoice (no unit_code when stored before units: C62). */
export type QuoteLine = Omit<InvoiceItem, "invoiceId" | "unitCode"> & { unitCode?: string };

export const quotes = sqliteTable(
  "quotes",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** No foreign key (as recurring invoices): a deleted customer makes convert answer 422. */
    customerId: text("customer_id").notNull(),
    number: text("number").notNull(),
    /** Stored status; a `sent` quote past `expires_at` reads `expired` (and the sweep stores it). */
    status: text("status", { enum: QUOTE_STATUSES }).notNull(),
    currency: text("currency").notNull(),
    notes: text("notes"),
    /**
     * The quote's language: the one asked for, or NULL (the customer's, else the organization's,
     * resolved live); sending stores the resolved one, so a sent quote keeps its language.
     */
    locale: text("locale", { enum: LOCALES }).$type<Locale>(),
    /** YYYY-MM-DD: the last day the offer stands. */
    expiresAt: text("expires_at").notNull(),
    defaultTaxRateId: text("default_tax_rate_id"),
    lines: text("lines", { mode: "json" }).$type<QuoteLine[]>().notNull(),
    discounts: text("discounts", { mode: "json" }).$type<DocumentDiscount[]>().notNull().default([]),
    subtotalMinor: integer("subtotal_minor").notNull().default(0),
    discountTotalMinor: integer("discount_total_minor").notNull().default(0),
    taxExclusiveMinor: integer("tax_exclusive_minor").notNull().default(0),
    taxTotalMinor: integer("tax_total_minor").notNull().default(0),
    roundingMinor: integer("rounding_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull().default(0),
    totalsDetail: text("totals_detail", { mode: "json" })
      .$type<TotalsDetail>()
      .notNull()
      .default({ breakdown: [], allowances: [] }),
    sentAt: text("sent_at"),
    acceptedAt: text("accepted_at"),
    declinedAt: text("declined_at"),
    expiredAt: text("expired_at"),
    convertedAt: text("converted_at"),
    /** The invoice the quote converted into (unique: one invoice per quote). */
    invoiceId: text("invoice_id"),
    /** Bumped by every write: the compare-and-set guard. */
    version: integer("version").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("quotes_organization_created_idx").on(t.organizationId, t.createdAt, t.id),
    uniqueIndex("quotes_organization_number_idx").on(t.organizationId, t.number),
    uniqueIndex("quotes_invoice_idx").on(t.invoiceId),
    // The expiry sweep: sent quotes by expiry day.
    index("quotes_status_expires_idx").on(t.status, t.expiresAt, t.id),
  ],
);

export type Quote = typeof quotes.$inferSelect;

/** Every quote e-mail (the outbox transport's messages wait here, as invoice e-mails do). */
export const quoteEmails = sqliteTable(
  "quote_emails",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id),
    ...emailMessageColumns(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("quote_emails_quote_created_idx").on(t.quoteId, t.createdAt, t.id)],
);

export type QuoteEmail = typeof quoteEmails.$inferSelect;

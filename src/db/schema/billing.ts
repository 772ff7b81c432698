// The money side of an invoice after it is issued: payments received (a ledger: a reversal is
// marked, never erased) and credit notes with their lines. Amounts are integer minor units of
// the invoice's currency.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PAYMENT_METHODS } from "../../document/types";
import type { Metadata } from "../../lib/metadata";
import { customers } from "./customers";
import { LOCALES, type Locale, organizations } from "./identity";
import { invoices, type PartySnapshot, type SellerSnapshot, type TotalsDetail } from "./invoices";
import type { TaxCategory } from "./tax-rates";

export { PAYMENT_METHODS, type PaymentMethod } from "../../document/types";

/** Payment providers an organization can connect (src/services/payment-providers/). */
export const PAYMENT_PROVIDERS = ["stripe"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Where a provider's dispute of a payment stands: its money withdrawn, or reinstated (won). */
export const PAYMENT_DISPUTE_STATUSES = ["withdrawn", "reinstated"] as const;
export type PaymentDisputeStatus = (typeof PAYMENT_DISPUTE_STATUSES)[number];

export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** When the money arrived (ISO timestamp); `paid_at` of the invoice when this one settles it. */
    receivedAt: text("received_at").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    reference: text("reference"),
    createdAt: text("created_at").notNull(),
    /** Set by DELETE: the payment stays in the ledger, no longer counted. */
    reversedAt: text("reversed_at"),
    /** The bank statement entry it was matched from (a bank_transactions id; no foreign key). */
    bankTransactionId: text("bank_transaction_id"),
    /** The payment provider that took the money (`stripe`); null for payments posted by hand. */
    provider: text("provider", { enum: PAYMENT_PROVIDERS }),
    /** The provider's id of the payment (a Stripe payment intent `pi_...`): posted once. */
    providerPaymentId: text("provider_payment_id"),
    /** The provider's fee in minor units of `currency`, when the provider reported it. */
    feeMinor: integer("fee_minor"),
    /**
     * What the provider says it paid back of this payment (Stripe's cumulative `amount_refunded`);
     * the invoice counts `amount_minor - refunded_minor` of a live payment as paid.
     */
    refundedMinor: integer("refunded_minor").notNull().default(0),
    /**
     * The part of `refunded_minor` a credit note's refund had already taken off the invoice's
     * amount paid (the seller credited, then refunded at the provider): not taken off twice.
     */
    refundCoveredMinor: integer("refund_covered_minor").notNull().default(0),
    /** A provider dispute: `withdrawn` (the payment reversed by it) or `reinstated` (won, posted again). */
    disputeStatus: text("dispute_status", { enum: PAYMENT_DISPUTE_STATUSES }),
  },
  (t) => [
    index("payments_invoice_created_idx").on(t.invoiceId, t.createdAt, t.id),
    index("payments_bank_transaction_idx").on(t.bankTransactionId),
    // One ledger row per provider payment: a webhook delivered twice (or both of Stripe's
    // events for one payment) posts once. NULLs (hand-posted payments) never collide.
    uniqueIndex("payments_provider_payment_idx").on(t.organizationId, t.provider, t.providerPaymentId),
  ],
);

/**
 * An organization's connection to a payment provider: its API secret key and its webhook
 * signing secret, both sealed under the master key (src/crypto/provider-secrets.ts), never
 * answered. What GET shows (mode, last four) is kept beside them in the clear.
 */
export const paymentProviderAccounts = sqliteTable(
  "payment_provider_accounts",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    secretKey: text("secret_key").notNull(),
    webhookSecret: text("webhook_secret").notNull(),
    /** Master key version both secrets are sealed under. */
    secretKeyVersion: text("secret_key_version").notNull(),
    /** `test` or `live`, from the key's prefix. */
    mode: text("mode", { enum: ["test", "live"] }).notNull(),
    keyLast4: text("key_last4").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.provider] })],
);
export type PaymentProviderAccount = typeof paymentProviderAccounts.$inferSelect;

export const creditNotes = sqliteTable(
  "credit_notes",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    /** `CN-000001`, unique per organization. */
    number: text("number").notNull(),
    reason: text("reason").notNull(),
    currency: text("currency").notNull(),
    /**
     * The note's language, resolved as it is issued (its own, else its invoice's, else the
     * customer's, else the organization's); NULL on notes issued before languages were stored.
     */
    locale: text("locale", { enum: LOCALES }).$type<Locale>(),
    /** YYYY-MM-DD (UTC): the day it was issued, which is when it was created. */
    issueDate: text("issue_date").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    discountTotalMinor: integer("discount_total_minor").notNull(),
    taxExclusiveMinor: integer("tax_exclusive_minor").notNull(),
    taxTotalMinor: integer("tax_total_minor").notNull(),
    roundingMinor: integer("rounding_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    totalsDetail: text("totals_detail", { mode: "json" }).$type<TotalsDetail>().notNull(),
    /** The part of the total paid back to the customer (the invoice had been paid beyond what stays due). */
    refundAmountMinor: integer("refund_amount_minor").notNull().default(0),
    refundMethod: text("refund_method"),
    refundReference: text("refund_reference"),
    /** Whether the note voided its invoice (POST /void). */
    voids: integer("voids", { mode: "boolean" }).notNull().default(false),
    seller: text("seller", { mode: "json" }).$type<SellerSnapshot>(),
    buyer: text("buyer", { mode: "json" }).$type<PartySnapshot>(),
    /** The integrator's own strings (src/lib/metadata.ts); NULL when none. */
    metadata: text("metadata", { mode: "json" }).$type<Metadata>(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("credit_notes_organization_number_unique").on(t.organizationId, t.number),
    index("credit_notes_organization_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("credit_notes_organization_invoice_idx").on(t.organizationId, t.invoiceId, t.createdAt),
    index("credit_notes_organization_customer_idx").on(t.organizationId, t.customerId, t.createdAt),
    index("credit_notes_organization_issue_date_idx").on(t.organizationId, t.issueDate),
    index("credit_notes_invoice_idx").on(t.invoiceId),
    index("credit_notes_customer_idx").on(t.customerId),
  ],
);

export const creditNoteItems = sqliteTable(
  "credit_note_items",
  {
    id: text("id").primaryKey(),
    creditNoteId: text("credit_note_id")
      .notNull()
      .references(() => creditNotes.id),
    organizationId: text("organization_id").notNull(),
    position: integer("position").notNull(),
    /** The invoice line credited; null for a credit of an amount spread over the invoice's rates. */
    invoiceItemId: text("invoice_item_id"),
    description: text("description").notNull(),
    /** Quantity x 10^4. */
    quantity: integer("quantity").notNull(),
    /** The credited invoice line's unit code (BT-130); C62 for a credit of an amount. */
    unitCode: text("unit_code").notNull().default("C62"),
    /** In the price basis of the invoice line (gross when its rate is inclusive). */
    unitPriceMinor: integer("unit_price_minor").notNull(),
    netMinor: integer("net_minor").notNull(),
    /** The line's net amount without VAT (BT-131), as the breakdown counted it. */
    netOfTaxMinor: integer("net_of_tax_minor").notNull(),
    taxRateId: text("tax_rate_id"),
    taxCategory: text("tax_category").$type<TaxCategory>(),
    taxPercentScaled: integer("tax_percent_scaled"),
    taxInclusive: integer("tax_inclusive", { mode: "boolean" }),
    taxExemptionReason: text("tax_exemption_reason"),
    taxExemptionReasonCode: text("tax_exemption_reason_code"),
  },
  (t) => [index("credit_note_items_note_position_idx").on(t.creditNoteId, t.position)],
);

export type Payment = typeof payments.$inferSelect;
export type CreditNote = typeof creditNotes.$inferSelect;
export type CreditNoteItem = typeof creditNoteItems.$inferSelect;

// Invoices and their lines. Amounts are integer minor units of the invoice's currency;
// quantities are integers scaled by 10^4. `number` is issued from organizations.invoice_sequence
// in the same batch as the insert.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { PartySnapshot, SellerSnapshot } from "../../document/types";
import type { Metadata } from "../../lib/metadata";
import { PAYMENT_REFERENCE_FORMATS } from "../../lib/payment-reference";
import { DEFAULT_TYPE_CODE, INVOICE_TYPE_CODES } from "../../lib/type-codes";
import { customers } from "./customers";
import { LOCALES, type Locale, organizations, type PartyIdentifier } from "./identity";
import type { TaxCategory } from "./tax-rates";

export type { PartySnapshot, SellerSnapshot } from "../../document/types";

export const INVOICE_STATUSES = ["draft", "sent", "paid", "overdue", "void"] as const;

/** A discount as given: a fixed amount (minor units) or a percentage (x 10^4). */
export type DiscountInput = { kind: "amount"; value: number } | { kind: "percentage"; value: number };

/**
 * A line allowance or charge as the totals engine takes it: an amount, or a percentage of
 * `baseMinor` when one was given (BT-137/BT-142), else of the line amount. A line's single
 * `discount` is stored in this shape (`baseMinor` only when given).
 */
export type LineAdjustmentInput = DiscountInput & { baseMinor?: number };

/**
 * A line's price terms beyond a unit price in minor units (EN 16931 BG-29), absent on lines priced
 * the old way. Prices are decimal text in major units (at most 6 decimals); the base quantity is
 * x 10^4 (BT-149, in the line's unit: BT-150).
 */
export interface PriceDetail {
  /** The net price (BT-146). */
  net: string;
  /** The gross price (BT-148), when the line gave gross_price and price_discount. */
  gross: string | null;
  /** The price discount (BT-147): gross - net. */
  discount: string | null;
  baseQuantity: number;
  /**
   * The line amount as stated (decimal text, major units), when the price is billed with more
   * decimals than `net` shows; absent: quantity x net / base quantity.
   */
  amount?: string;
}

/**
 * A sub-invoice line (XRechnung extension BG-DEX-01): one position of a grouped line, nested up to
 * MAX_SUB_LINE_DEPTH levels. Its net amount (BT-131) is quantity x price / base quantity, rounded
 * half-up to the currency; a sub-line with sub-lines of its own has exactly their sum (BR-DEX-02).
 * It takes the VAT of the line it belongs to (BR-DEX-03).
 */
export interface SubLine {
  description: string;
  /** x 10^4 (BT-129), in unitCode (BT-130). */
  quantity: number;
  unitCode: string;
  /** The net price (BT-146), decimal text with at most 6 decimals. */
  price: string;
  /** x 10^4 (BT-149). */
  baseQuantity: number;
  /** BT-131, minor units. */
  amountMinor: number;
  subLines?: SubLine[];
}

/** A line charge (EN 16931 BG-28) with its amount as priced (minor units, in the line's sign). */
export interface LineCharge {
  description: string | null;
  /** UNCL 7161 (BT-145). */
  reasonCode: string | null;
  charge: DiscountInput;
  /** The base a percentage is of (BT-142), as given; absent: the line amount. */
  baseMinor?: number;
  amountMinor: number;
}

/** One of a line's several discounts (EN 16931 BG-27), with its amount as priced (minor units, in the line's sign). */
export interface LineDiscount {
  /** BT-139 */
  description: string | null;
  /** UNCL 5189 (BT-140). */
  reasonCode: string | null;
  discount: DiscountInput;
  /** The base a percentage is of (BT-137), as given; absent: the line amount. */
  baseMinor?: number;
  amountMinor: number;
}

/**
 * The VAT rate a document-level allowance or charge is bound to (BT-95/96, BT-102/103): the
 * rate's terms when it was given, a snapshot like a line's.
 */
export interface AdjustmentTax {
  rateId: string | null;
  category: TaxCategory;
  percentScaled: number;
  inclusive: boolean;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

/** An invoice-level discount (EN 16931 document allowance). */
export interface DocumentDiscount {
  description: string | null;
  discount: DiscountInput;
  /** UNCL 5189 (BT-98); absent on discounts stored before reason codes. */
  reasonCode?: string | null;
  /** Bound to one VAT rate (BG-20 at that rate only); absent or null: spread over the breakdown. */
  tax?: AdjustmentTax | null;
  /** The base a bound percentage is of (BT-93), as given; absent: the lines at its rate. */
  baseMinor?: number;
}

/** An invoice-level charge (EN 16931 document charge, BG-21). */
export interface DocumentCharge {
  description: string | null;
  charge: DiscountInput;
  /** UNCL 7161 (BT-105). */
  reasonCode?: string | null;
  /** Bound to one VAT rate; null: spread over the breakdown like an unbound discount. */
  tax?: AdjustmentTax | null;
  /** The base a bound percentage is of (BT-100), as given; absent: the lines at its rate. */
  baseMinor?: number;
}

/** One VAT breakdown entry (EN 16931 BG-23), integer minor units; percentage x 10^4. */
export interface TaxBreakdownEntry {
  tax_rate_id: string | null;
  category: TaxCategory | null;
  percent_scaled: number;
  inclusive: boolean;
  taxable_minor: number;
  tax_minor: number;
  /** What the customer pays for this entry: taxable + tax, or the shown gross for inclusive rates. */
  gross_minor: number;
  exemption_reason: string | null;
  exemption_reason_code: string | null;
}

/** A document discount's share of one breakdown entry, net of VAT (one BG-20 allowance each). */
export interface AllowanceShare {
  discount_index: number;
  description: string | null;
  category: TaxCategory | null;
  percent_scaled: number;
  amount_minor: number;
  /** UNCL 5189 / 7161; present only when the discount or charge gave one. */
  reason_code?: string;
  /**
   * A percentage bound to one rate of exclusive prices: the percentage (x 10^4, BT-94/BT-101) and
   * its base (BT-93/BT-100), the sum of the line net amounts at that rate, or the base_amount given;
   * a bound amount given with a base_amount: that base alone. Absent otherwise.
   */
  calculation?: { percent_scaled?: number; base_minor: number };
}

/** How the totals were reached, frozen with the invoice: the breakdown and the allowances. */
export interface TotalsDetail {
  breakdown: TaxBreakdownEntry[];
  allowances: AllowanceShare[];
  /** Document-level charges (BG-21), `discount_index` their index in `charges`; absent: none. */
  charges?: AllowanceShare[];
}

/**
 * The payee (EN 16931 BG-10), when someone other than the seller receives the payment: name BT-59,
 * identifier BT-60, legal registration BT-61 with its scheme.
 */
export interface Payee {
  name: string;
  identifier: PartyIdentifier | null;
  company_id: string | null;
  company_id_scheme: string | null;
}

/** An invoice a document cites (BG-3): its number (BT-25) and issue date (BT-26), if known. */
export interface CitedInvoice {
  number: string;
  issue_date: string | null;
}

/**
 * The rate the VAT total was converted into the VAT accounting currency with (BT-6, BT-111):
 * 1 unit of the invoice currency = `rate` units of the tax currency, as decimal text.
 */
export interface ExchangeRate {
  rate: string;
  /** YYYY-MM-DD: the day the rate is of. */
  date: string;
  /** Where it comes from (e.g. "ECB reference rate"). */
  source: string;
}

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
    /**
     * `INV-000001`, unique per organization. '' (stored, never shown: the API says null) while a
     * draft of an `on_send` organization has none yet; sending it takes the next one.
     */
    number: text("number").notNull(),
    /** The stored status; a `sent` invoice past its due date reads as `overdue` before the sweep. */
    status: text("status", { enum: INVOICE_STATUSES }).notNull(),
    currency: text("currency").notNull(),
    /** What the customer owes before payments: tax_exclusive + tax + rounding. */
    totalMinor: integer("total_minor").notNull(),
    /** YYYY-MM-DD, compared in UTC. */
    dueDate: text("due_date").notNull(),
    /** The due date was not given: it follows the issue date + payment terms at send. */
    dueDateDefaulted: integer("due_date_defaulted", { mode: "boolean" }).notNull().default(false),
    notes: text("notes"),
    sentAt: text("sent_at"),
    paidAt: text("paid_at"),
    voidedAt: text("voided_at"),
    /** YYYY-MM-DD (UTC) of the send; null on drafts. */
    issueDate: text("issue_date"),
    defaultTaxRateId: text("default_tax_rate_id"),
    /** A line may use a taxed rate although the customer is reverse-charge/exempt (the caller said so). */
    ignoreTaxExempt: integer("ignore_tax_exempt", { mode: "boolean" }).notNull().default(false),
    discounts: text("discounts", { mode: "json" }).$type<DocumentDiscount[]>().notNull().default([]),
    charges: text("charges", { mode: "json" }).$type<DocumentCharge[]>().notNull().default([]),
    servicePeriodStart: text("service_period_start"),
    servicePeriodEnd: text("service_period_end"),
    deliveryDate: text("delivery_date"),
    purchaseOrder: text("purchase_order"),
    buyerReference: text("buyer_reference"),
    paymentTerms: text("payment_terms"),
    /** BG-10: who receives the payment when it is not the seller; NULL: the seller. */
    payee: text("payee", { mode: "json" }).$type<Payee>(),
    /**
     * The document's language. A draft: the one asked for, or NULL (the customer's, else the
     * organization's, resolved live). Sending stores the resolved one: an issued invoice keeps it.
     */
    locale: text("locale", { enum: LOCALES }).$type<Locale>(),
    /** Sum of line net amounts (after line discounts, without VAT). */
    subtotalMinor: integer("subtotal_minor").notNull().default(0),
    discountTotalMinor: integer("discount_total_minor").notNull().default(0),
    taxExclusiveMinor: integer("tax_exclusive_minor").notNull().default(0),
    taxTotalMinor: integer("tax_total_minor").notNull().default(0),
    roundingMinor: integer("rounding_minor").notNull().default(0),
    /**
     * The rounding amount (BT-114) the caller stated, minor units: it replaces the organization's
     * cash rounding and the tax-inclusive prices' cent for this invoice. NULL: none stated.
     */
    statedRoundingMinor: integer("stated_rounding_minor"),
    /** Document-level charges without VAT (BT-108). */
    chargeTotalMinor: integer("charge_total_minor").notNull().default(0),
    /** Paid before the invoice was issued (BT-113): amount due = total - prepaid - split - paid - credited. */
    prepaidMinor: integer("prepaid_minor").notNull().default(0),
    /**
     * The VAT of the split-payment (category B) breakdown entries: the buyer pays it to the state,
     * so the invoice does not ask for it (the e-invoices state it in BT-113 with the prepaid amount).
     */
    splitPaymentMinor: integer("split_payment_minor").notNull().default(0),
    /** The part of it credit notes took back (their split-payment VAT): no longer the buyer's to pay the state. */
    splitPaymentCreditedMinor: integer("split_payment_credited_minor").notNull().default(0),
    /** Payments not reversed, less refunds of credit notes. */
    amountPaidMinor: integer("amount_paid_minor").notNull().default(0),
    amountCreditedMinor: integer("amount_credited_minor").notNull().default(0),
    totalsDetail: text("totals_detail", { mode: "json" })
      .$type<TotalsDetail>()
      .notNull()
      .default({ breakdown: [], allowances: [] }),
    seller: text("seller", { mode: "json" }).$type<SellerSnapshot>(),
    buyer: text("buyer", { mode: "json" }).$type<PartySnapshot>(),
    /** SHA-256 (hex) of the hosted page's token: the lookup key of GET /i/{token}; null on drafts. */
    hostedTokenHash: text("hosted_token_hash"),
    /** The token itself, AES-GCM under a key derived from the master key: `<key version>:<base64>`. */
    hostedTokenSealed: text("hosted_token_sealed"),
    hostedLinkCreatedAt: text("hosted_link_created_at"),
    /** The first time the hosted page was opened. */
    viewedAt: text("viewed_at"),
    /** The recurring invoice that generated it, and which of its runs (exactly one invoice per run). */
    recurringInvoiceId: text("recurring_invoice_id"),
    recurringRunIndex: integer("recurring_run_index"),
    /** Bumped by every write: the optimistic-concurrency guard of state changes. */
    version: integer("version").notNull().default(0),
    /** The integrator's own strings (src/lib/metadata.ts); NULL when none. */
    metadata: text("metadata", { mode: "json" }).$type<Metadata>(),
    /**
     * The organization's payment_reference_format when the invoice was issued: its reference is
     * that format of its number (src/lib/payment-reference.ts), so a later change of the setting
     * leaves it alone. NULL on drafts; NULL on an invoice issued before references existed reads
     * as `number` (its reference was its number).
     */
    paymentReferenceFormat: text("payment_reference_format", { enum: PAYMENT_REFERENCE_FORMATS }),
    /** UNCL 1001 (BT-3): 380 commercial invoice unless the caller said otherwise. */
    typeCode: text("type_code", { enum: INVOICE_TYPE_CODES }).notNull().default(DEFAULT_TYPE_CODE),
    /**
     * The invoice this one cites (BG-3): an invoice of the same organization (its id, with its
     * number and issue date copied when cited, as they never change once issued), or one issued
     * elsewhere (number and issue date only). All NULL: none.
     */
    precedingInvoiceId: text("preceding_invoice_id"),
    precedingInvoiceNumber: text("preceding_invoice_number"),
    precedingInvoiceIssueDate: text("preceding_invoice_issue_date"),
    /**
     * Every invoice cited when several were given (`preceding_invoices`, BG-3 0..n; the first is
     * also in preceding_invoice_number/_issue_date); null: the single form above, or none.
     */
    precedingInvoices: text("preceding_invoices", { mode: "json" }).$type<CitedInvoice[]>(),
    /**
     * The VAT accounting currency (BT-6) when it is not the invoice's: as given on a draft (NULL:
     * the organization's accounting_currency when it differs), resolved and stored at send.
     */
    taxCurrency: text("tax_currency"),
    exchangeRate: text("exchange_rate", { mode: "json" }).$type<ExchangeRate>(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    // Partial: every unnumbered draft stores ''. Also serves `?number=` (the query repeats
    // `number <> ''` so the planner may use it).
    uniqueIndex("invoices_organization_number_unique")
      .on(t.organizationId, t.number)
      .where(sql`number <> ''`),
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
    // The receivables report reads the open states' rows from this index alone: every column its
    // sums, buckets and groups read rides along after the status and due date.
    index("invoices_organization_status_due_idx").on(
      t.organizationId,
      t.status,
      t.dueDate,
      t.currency,
      t.customerId,
      t.typeCode,
      t.totalMinor,
      t.prepaidMinor,
      t.splitPaymentMinor,
      t.splitPaymentCreditedMinor,
      t.amountPaidMinor,
      t.amountCreditedMinor,
    ),
    // `?sort=due_date|total` (either direction) walks these in order; `due_date_gte/lt` ranges too.
    index("invoices_organization_due_id_idx").on(t.organizationId, t.dueDate, t.id),
    index("invoices_organization_total_id_idx").on(t.organizationId, t.totalMinor, t.id),
    index("invoices_organization_customer_created_idx").on(t.organizationId, t.customerId, t.createdAt, t.id),
    // The foreign key's own lookup (customer_id = ?, no organization): deleting a customer
    // checks for invoices through it instead of scanning every tenant's invoices.
    index("invoices_customer_idx").on(t.customerId),
    // The hourly overdue sweep looks across organizations.
    index("invoices_status_due_idx").on(t.status, t.dueDate),
    // `?issue_date_gte/lt` (the count reads the range; the tax report reads document_tax_lines).
    index("invoices_organization_issue_date_idx").on(t.organizationId, t.issueDate),
    // GET /i/{token} finds the invoice by its token's hash, without an organization.
    uniqueIndex("invoices_hosted_token_hash_unique").on(t.hostedTokenHash),
    // One invoice per run of a recurring invoice, however many sweeps try (NULLs are distinct).
    uniqueIndex("invoices_recurring_run_unique").on(t.recurringInvoiceId, t.recurringRunIndex),
    // The sweep's retry of generated invoices whose auto-send did not happen (a crash between).
    index("invoices_recurring_draft_idx")
      .on(t.recurringInvoiceId)
      .where(sql`status = 'draft' AND recurring_invoice_id IS NOT NULL`),
    // GET /v1/invoices?recurring_invoice_id= in the default order.
    index("invoices_organization_recurring_created_idx").on(
      t.organizationId,
      t.recurringInvoiceId,
      t.createdAt,
      t.id,
    ),
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
    /** UN/ECE Rec. 20 unit code of the quantity (BT-130; src/lib/units.ts). */
    unitCode: text("unit_code").notNull().default("C62"),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    /** quantity x unit price, rounded half-up (before the line discount). */
    amountMinor: integer("amount_minor").notNull(),
    discount: text("discount", { mode: "json" }).$type<LineAdjustmentInput>(),
    /** The sum of the line's discounts: its one `discount`, or its several `discounts`. */
    discountMinor: integer("discount_minor").notNull().default(0),
    /** The line discount's reason text (BT-139) and UNCL 5189 code (BT-140); null: "Discount", none. */
    discountReason: text("discount_reason"),
    discountReasonCode: text("discount_reason_code"),
    /** Several line discounts (BG-27 each), when the line gave `discounts`; null: none, or the one `discount`. */
    discounts: text("discounts", { mode: "json" }).$type<LineDiscount[]>(),
    /** Line charges (BG-28); null: none. Their sum is in net_minor. */
    charges: text("charges", { mode: "json" }).$type<LineCharge[]>(),
    /** Net price with more decimals, gross price and price discount, base quantity (BG-29); null: none. */
    priceDetail: text("price_detail", { mode: "json" }).$type<PriceDetail>(),
    /** The line's own period (BG-26: BT-134, BT-135). */
    servicePeriodStart: text("service_period_start"),
    servicePeriodEnd: text("service_period_end"),
    /** amount - discount + charges, in the price basis of the line (gross when its rate is inclusive). */
    netMinor: integer("net_minor").notNull().default(0),
    /** The rate the line was priced with, and its terms as they were then (a snapshot). */
    taxRateId: text("tax_rate_id"),
    /** The rate came from the invoice's default_tax_rate_id (the line gave none): it follows a new default. */
    taxFromDefault: integer("tax_from_default", { mode: "boolean" }).notNull().default(false),
    /** The sub-invoice lines of a grouped line (XRechnung extension BG-DEX-01); null: none. */
    subLines: text("sub_lines", { mode: "json" }).$type<SubLine[]>(),
    taxCategory: text("tax_category").$type<TaxCategory>(),
    taxPercentScaled: integer("tax_percent_scaled"),
    taxInclusive: integer("tax_inclusive", { mode: "boolean" }),
    taxExemptionReason: text("tax_exemption_reason"),
    taxExemptionReasonCode: text("tax_exemption_reason_code"),
  },
  (t) => [
    index("invoice_items_invoice_position_idx").on(t.invoiceId, t.position),
    // "Is this tax rate in use?" before its terms may change.
    index("invoice_items_tax_rate_idx").on(t.taxRateId),
  ],
);

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceItem = typeof invoiceItems.$inferSelect;

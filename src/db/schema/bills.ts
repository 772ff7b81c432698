// Bills: e-invoices received from suppliers (UBL, CII, Factur-X), their suppliers and the
// payments made on them. A bill keeps the document exactly as received: the parsed document is
// the one model every output of the bill reads, and its stated amounts are never recomputed.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ReceivedContainer, ReceivedDocument, ReceivedSyntax } from "../../document/received/types";
import type { ReceivedValidation } from "../../document/received/validation";
import { PAYMENT_METHODS, type PostalAddress } from "../../document/types";
import type { Metadata } from "../../lib/metadata";
import { organizations } from "./identity";

export const BILL_STATUSES = ["received", "approved", "rejected", "paid"] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
/** How the bill arrived: the API, an e-mail to the organization's inbound address, the Peppol network. */
export const BILL_SOURCES = ["api", "email", "peppol"] as const;
export type BillSource = (typeof BILL_SOURCES)[number];

/** The verdict of the EN 16931 rules and the declared CIUS on a received document, as stored. */
export type BillValidation = ReceivedValidation;

export const suppliers = sqliteTable(
  "suppliers",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    legalName: text("legal_name"),
    /** BT-31 with its country prefix. */
    vatId: text("vat_id"),
    /** BT-32 (e.g. a German Steuernummer). */
    taxRegistrationId: text("tax_registration_id"),
    /** BT-30 and its ISO 6523 ICD scheme (BT-30-1). */
    companyId: text("company_id"),
    companyIdScheme: text("company_id_scheme"),
    /** BT-29: the seller identifier; scheme NULL when stated without one. */
    identifierScheme: text("identifier_scheme"),
    identifierId: text("identifier_id"),
    /** BT-34: the electronic address (EAS scheme and id). */
    electronicAddressScheme: text("electronic_address_scheme"),
    electronicAddressId: text("electronic_address_id"),
    email: text("email"),
    phone: text("phone"),
    address: text("address", { mode: "json" }).$type<PostalAddress>(),
    iban: text("iban"),
    bic: text("bic"),
    metadata: text("metadata", { mode: "json" }).$type<Metadata>(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("suppliers_organization_created_idx").on(t.organizationId, t.createdAt, t.id),
    // A received document finds its supplier by electronic address, then VAT id, then identifier,
    // then legal registration, then tax registration. One supplier per electronic address and per
    // VAT id: concurrent imports from a new seller make one supplier, not two.
    uniqueIndex("suppliers_organization_endpoint_unique").on(
      t.organizationId,
      t.electronicAddressScheme,
      t.electronicAddressId,
    ),
    uniqueIndex("suppliers_organization_vat_unique").on(t.organizationId, t.vatId),
    index("suppliers_organization_identifier_idx").on(t.organizationId, t.identifierScheme, t.identifierId),
    index("suppliers_organization_company_idx").on(t.organizationId, t.companyId),
    index("suppliers_organization_tax_registration_idx").on(t.organizationId, t.taxRegistrationId),
  ],
);

export const bills = sqliteTable(
  "bills",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    /** BT-1 as stated. */
    number: text("number").notNull(),
    /** BT-3, UNCL 1001 as stated (380, 381, 384, 389, ...). */
    typeCode: text("type_code").notNull(),
    status: text("status", { enum: BILL_STATUSES }).notNull(),
    source: text("source", { enum: BILL_SOURCES }).notNull(),
    /** BG-4 and BG-7 as stated (the parsed document's parties). */
    seller: text("seller", { mode: "json" }).$type<ReceivedDocument["seller"]>().notNull(),
    buyer: text("buyer", { mode: "json" }).$type<ReceivedDocument["buyer"]>().notNull(),
    /** YYYY-MM-DD (BT-2, BT-9). */
    issueDate: text("issue_date").notNull(),
    dueDate: text("due_date"),
    currency: text("currency").notNull(),
    /**
     * The decimal places the *_minor columns count in: the currency's minor unit, or more when
     * the document states an amount with more decimals, so every stated amount is held exactly.
     */
    amountScale: integer("amount_scale").notNull(),
    /** BT-106 .. BT-115 as stated, in units of 10^-amount_scale of the currency. */
    subtotalMinor: integer("subtotal_minor").notNull(),
    discountTotalMinor: integer("discount_total_minor").notNull(),
    chargeTotalMinor: integer("charge_total_minor").notNull(),
    taxExclusiveMinor: integer("tax_exclusive_minor").notNull(),
    taxTotalMinor: integer("tax_total_minor").notNull(),
    /** BT-112 */
    totalMinor: integer("total_minor").notNull(),
    prepaidMinor: integer("prepaid_minor").notNull(),
    roundingMinor: integer("rounding_minor").notNull(),
    /** BT-115: what the document asks to be paid. */
    payableMinor: integer("payable_minor").notNull(),
    /** The payments recorded on the bill (and bank matches), same scale. */
    amountPaidMinor: integer("amount_paid_minor").notNull().default(0),
    /** The parsed received document: the one model every output of the bill reads. */
    document: text("document", { mode: "json" }).$type<ReceivedDocument>().notNull(),
    validation: text("validation", { mode: "json" }).$type<BillValidation>().notNull(),
    /** The original: its syntax, container, BT-24, file name, size and SHA-256 (hex) of its bytes. */
    syntax: text("syntax").$type<ReceivedSyntax>().notNull(),
    container: text("container").$type<ReceivedContainer>().notNull(),
    customizationId: text("customization_id"),
    filename: text("filename"),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    /** The original's sealed blob in R2 (kept >= 10 years, outside every retention sweep). */
    storageKey: text("storage_key").notNull(),
    storedSize: integer("stored_size").notNull(),
    /** The envelope, as for documents: a data key wrapped by the organization's key. */
    wrappedKey: text("wrapped_key").notNull(),
    keyVersion: text("key_version").notNull(),
    noncePrefix: text("nonce_prefix").notNull(),
    /** The Message-ID of the e-mail it came with (source "email"). */
    messageId: text("message_id"),
    receivedAt: text("received_at").notNull(),
    approvedAt: text("approved_at"),
    rejectedAt: text("rejected_at"),
    rejectionReason: text("rejection_reason"),
    paidAt: text("paid_at"),
    metadata: text("metadata", { mode: "json" }).$type<Metadata>(),
    /** Bumped by every write: the optimistic-concurrency guard of state changes. */
    version: integer("version").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    // The same bytes twice are the same bill.
    uniqueIndex("bills_organization_sha256_unique").on(t.organizationId, t.sha256),
    // Another document with the same supplier, number and issue date is a duplicate (409).
    uniqueIndex("bills_organization_supplier_number_date_unique").on(
      t.organizationId,
      t.supplierId,
      t.number,
      t.issueDate,
    ),
    // Default order (newest first) and the status and supplier filters, organization first.
    index("bills_organization_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("bills_organization_status_created_idx").on(t.organizationId, t.status, t.createdAt, t.id),
    index("bills_organization_supplier_created_idx").on(t.organizationId, t.supplierId, t.createdAt, t.id),
    // `?due_before=` and the open bills by due date (payables, bank matching).
    // The payables report reads the open states' rows from it alone (every column it sums and
    // groups by rides along).
    index("bills_organization_status_due_idx").on(
      t.organizationId,
      t.status,
      t.dueDate,
      t.issueDate,
      t.currency,
      t.amountScale,
      t.supplierId,
      t.typeCode,
      t.payableMinor,
      t.amountPaidMinor,
    ),
    // The tax report reads bills by issue date.
    index("bills_organization_issue_date_idx").on(t.organizationId, t.issueDate),
    // The foreign key's own lookup: deleting a supplier checks for bills through it.
    index("bills_supplier_idx").on(t.supplierId),
  ],
);

export const billPayments = sqliteTable(
  "bill_payments",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    billId: text("bill_id")
      .notNull()
      .references(() => bills.id),
    /** Units of 10^-amount_scale of the bill's currency. */
    amountMinor: integer("amount_minor").notNull(),
    /** When the money left (ISO timestamp); `paid_at` of the bill when this one settles it. */
    paidAt: text("paid_at").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    reference: text("reference"),
    /** The bank statement entry it was matched from (a bank_transactions id; no foreign key). */
    bankTransactionId: text("bank_transaction_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("bill_payments_bill_created_idx").on(t.billId, t.createdAt, t.id),
    index("bill_payments_bank_transaction_idx").on(t.bankTransactionId),
  ],
);

export type Supplier = typeof suppliers.$inferSelect;
export type Bill = typeof bills.$inferSelect;
export type BillPayment = typeof billPayments.$inferSelect;

// Bank statements and their entries (bank transactions), matched against open invoices; the
// counterparty accounts learned from confirmed matches; customer credit from overpayments.
// Amounts are integer minor units of the transaction's currency, signed (a credit is > 0).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers } from "./customers";
import { organizations } from "./identity";

export const BANK_STATEMENT_FORMATS = ["camt.053", "camt.054", "mt940"] as const;
export type BankStatementFormat = (typeof BANK_STATEMENT_FORMATS)[number];

/** `importing` while its entries are written in chunks: readers ignore it until it is flipped. */
export const BANK_STATEMENT_STATES = ["importing", "imported"] as const;

export const BANK_TRANSACTION_STATUSES = ["unmatched", "suggested", "matched", "ignored"] as const;
export type BankTransactionStatus = (typeof BANK_TRANSACTION_STATUSES)[number];

/** A candidate invoice for a transaction waiting for review. */
export interface MatchSuggestion {
  invoice_id: string;
  /** Minor units the transaction would pay on it. */
  amount_minor: number;
  rule: "amount_and_iban" | "amount_and_name" | "amount" | "customer_iban" | "customer_name" | "reference";
  score: number;
}

export const bankStatements = sqliteTable(
  "bank_statements",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    format: text("format", { enum: BANK_STATEMENT_FORMATS }).notNull(),
    accountIban: text("account_iban"),
    /** The bank's own id of the statement (CAMT Stmt/Id, MT940 :20:). */
    bankStatementId: text("bank_statement_id"),
    state: text("state", { enum: BANK_STATEMENT_STATES }).notNull(),
    entries: integer("entries").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    matched: integer("matched").notNull().default(0),
    suggested: integer("suggested").notNull().default(0),
    unmatched: integer("unmatched").notNull().default(0),
    /** The member who imported it. */
    createdBy: text("created_by"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("bank_statements_organization_created_idx").on(t.organizationId, t.createdAt, t.id)],
);

export const bankTransactions = sqliteTable(
  "bank_transactions",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    statementId: text("statement_id")
      .notNull()
      .references(() => bankStatements.id),
    /**
     * What makes an entry the same entry in another import: the account and the bank's entry
     * reference, else a hash of its content (src/services/bank/dedupe.ts).
     */
    dedupeKey: text("dedupe_key").notNull(),
    /**
     * An earlier transaction this one likely repeats (same account, booking date, amount,
     * currency and references, other free text): it waits for a person instead of paying again.
     */
    likelyDuplicateOf: text("likely_duplicate_of"),
    bookingDate: text("booking_date"),
    valueDate: text("value_date"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    counterpartyName: text("counterparty_name"),
    counterpartyIban: text("counterparty_iban"),
    remittanceInformation: text("remittance_information"),
    structuredReference: text("structured_reference"),
    endToEndId: text("end_to_end_id"),
    bankReference: text("bank_reference"),
    status: text("status", { enum: BANK_TRANSACTION_STATUSES }).notNull(),
    suggestions: text("suggestions", { mode: "json" }).$type<MatchSuggestion[]>().notNull().default([]),
    /** `rule:<name>` for an automatic match, `user:<id>` for a person's; null while unmatched. */
    matchedBy: text("matched_by"),
    matchedAt: text("matched_at"),
    /** Bumped by every review action: the optimistic-concurrency guard of match/ignore/unmatch. */
    version: integer("version").notNull().default(0),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("bank_transactions_organization_dedupe_unique").on(t.organizationId, t.dedupeKey),
    index("bank_transactions_organization_status_idx").on(t.organizationId, t.status, t.createdAt, t.id),
    index("bank_transactions_statement_idx").on(t.statementId, t.createdAt, t.id),
    index("bank_transactions_organization_booking_idx").on(t.organizationId, t.bookingDate, t.amountMinor),
  ],
);

/**
 * Money received beyond what the invoices it named were due (an overpayment): a credit of the
 * customer. The customer's credit balance is the sum of its rows not reversed (an unmatch of
 * the transaction reverses it).
 */
export const customerCredits = sqliteTable(
  "customer_credits",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    bankTransactionId: text("bank_transaction_id")
      .notNull()
      .references(() => bankTransactions.id),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    createdAt: text("created_at").notNull(),
    reversedAt: text("reversed_at"),
  },
  (t) => [
    index("customer_credits_customer_idx").on(t.organizationId, t.customerId),
    index("customer_credits_transaction_idx").on(t.bankTransactionId),
  ],
);

/**
 * Counterparty accounts known to belong to a customer: learned from each confirmed match (the
 * customers table has no IBAN of its own). A later transfer from one makes a suggestion.
 */
export const customerBankAccounts = sqliteTable(
  "customer_bank_accounts",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    iban: text("iban").notNull(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    /** The match that taught it. */
    learnedFrom: text("learned_from").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("customer_bank_accounts_unique").on(t.organizationId, t.iban, t.customerId)],
);

export type BankStatement = typeof bankStatements.$inferSelect;
export type BankTransaction = typeof bankTransactions.$inferSelect;

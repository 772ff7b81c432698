// Reading bank statements and transactions: the JSON they answer with (a transaction with its
// allocations, the payments posted from it, and the credit it left), and the lists. Entries of
// a statement still importing are never shown.
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { getOwned } from "../../db/owned";
import {
  type BankStatement,
  type BankTransaction,
  type BankTransactionStatus,
  bankStatements,
  bankTransactions,
  customerCredits,
} from "../../db/schema/bank";
import { payments } from "../../db/schema/billing";
import { billPayments, bills } from "../../db/schema/bills";
import { decimalString, toMajor } from "../../lib/money";

export interface TransactionLinks {
  /**
   * The payments posted from it: of an invoice (a credit), amounts in the transaction's minor
   * units; or of a bill (a debit), in the bill's amount scale.
   */
  allocations: {
    invoiceId: string | null;
    billId: string | null;
    amountMinor: number;
    /** A bill payment's scale; absent: the currency's minor unit. */
    amountScale?: number;
    paymentId: string;
  }[];
  credit: { customerId: string; amountMinor: number } | null;
}

export function serializeStatement(row: BankStatement) {
  return {
    id: row.id,
    format: row.format,
    account_iban: row.accountIban,
    bank_statement_id: row.bankStatementId,
    entries: row.entries,
    imported: row.imported,
    duplicates: row.duplicates,
    matched: row.matched,
    suggested: row.suggested,
    unmatched: row.unmatched,
    created_at: row.createdAt,
  };
}

export function serializeTransaction(row: BankTransaction, links: TransactionLinks) {
  const money = (minor: number) => toMajor(minor, row.currency);
  return {
    id: row.id,
    statement_id: row.statementId,
    booking_date: row.bookingDate,
    value_date: row.valueDate,
    amount: money(row.amountMinor),
    currency: row.currency,
    counterparty_name: row.counterpartyName,
    counterparty_iban: row.counterpartyIban,
    remittance_information: row.remittanceInformation,
    structured_reference: row.structuredReference,
    end_to_end_id: row.endToEndId,
    bank_reference: row.bankReference,
    status: row.status,
    allocations: links.allocations.map((a) => ({
      invoice_id: a.invoiceId,
      bill_id: a.billId,
      amount:
        a.amountScale === undefined
          ? money(a.amountMinor)
          : Number(decimalString(a.amountMinor, a.amountScale)),
      payment_id: a.paymentId,
    })),
    credit: links.credit
      ? { customer_id: links.credit.customerId, amount: money(links.credit.amountMinor) }
      : null,
    suggestions: row.suggestions.map((s) => ({
      invoice_id: s.invoice_id,
      amount: money(s.amount_minor),
      rule: s.rule,
      score: s.score,
    })),
    matched_by: row.matchedBy,
    matched_at: row.matchedAt,
    likely_duplicate_of: row.likelyDuplicateOf,
    created_at: row.createdAt,
  };
}

export type BankTransactionView = ReturnType<typeof serializeTransaction>;

/** The live payments and credit of these transactions (ids as one JSON parameter: no 100-bind limit). */
export async function linksOf(db: Db, ids: readonly string[]): Promise<Map<string, TransactionLinks>> {
  const links = new Map<string, TransactionLinks>(ids.map((id) => [id, { allocations: [], credit: null }]));
  if (ids.length === 0) return links;
  const json = JSON.stringify(ids);
  const inIds = (column: SQL | typeof payments.bankTransactionId | typeof billPayments.bankTransactionId) =>
    sql`${column} IN (SELECT value FROM json_each(${json}))`;
  const [paid, credits, billsPaid] = await db.batch([
    db
      .select({
        transactionId: payments.bankTransactionId,
        invoiceId: payments.invoiceId,
        billId: sql<null>`null`,
        amountMinor: payments.amountMinor,
        paymentId: payments.id,
      })
      .from(payments)
      .where(and(inIds(payments.bankTransactionId), isNull(payments.reversedAt)))
      // In the order they were posted (one batch shares created_at): the order of the references.
      .orderBy(payments.createdAt, sql`${payments}.rowid`),
    db
      .select({
        transactionId: customerCredits.bankTransactionId,
        customerId: customerCredits.customerId,
        amountMinor: customerCredits.amountMinor,
      })
      .from(customerCredits)
      .where(
        and(
          sql`${customerCredits.bankTransactionId} IN (SELECT value FROM json_each(${json}))`,
          isNull(customerCredits.reversedAt),
        ),
      ),
    db
      .select({
        transactionId: billPayments.bankTransactionId,
        invoiceId: sql<null>`null`,
        billId: billPayments.billId,
        amountMinor: billPayments.amountMinor,
        amountScale: bills.amountScale,
        paymentId: billPayments.id,
      })
      .from(billPayments)
      .innerJoin(bills, eq(bills.id, billPayments.billId))
      .where(inIds(billPayments.bankTransactionId))
      .orderBy(billPayments.createdAt, sql`${billPayments}.rowid`),
  ]);
  for (const p of [...paid, ...billsPaid]) {
    if (p.transactionId) links.get(p.transactionId)?.allocations.push(p);
  }
  for (const c of credits) {
    const entry = links.get(c.transactionId);
    if (entry) entry.credit = { customerId: c.customerId, amountMinor: c.amountMinor };
  }
  return links;
}

const visible = sql`${bankTransactions.statementId} IN (SELECT id FROM ${bankStatements} WHERE state = 'imported')`;

export function getTransactionRow(db: Db, organizationId: string, id: string) {
  return getOwned(db, bankTransactions, "Bank transaction", organizationId, id, visible);
}

export async function getTransaction(db: Db, organizationId: string, id: string) {
  const row = await getTransactionRow(db, organizationId, id);
  const links = await linksOf(db, [id]);
  return serializeTransaction(row, links.get(id) ?? { allocations: [], credit: null });
}

export async function listTransactions(
  db: Db,
  organizationId: string,
  query: { status?: BankTransactionStatus; statement_id?: string; limit: number; offset: number },
) {
  const where = and(
    eq(bankTransactions.organizationId, organizationId),
    query.status ? eq(bankTransactions.status, query.status) : undefined,
    query.statement_id ? eq(bankTransactions.statementId, query.statement_id) : undefined,
    visible,
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(bankTransactions)
      .where(where)
      // Newest import first; within one, the statement's order.
      .orderBy(desc(bankTransactions.createdAt), sql`${bankTransactions}.rowid`)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(bankTransactions).where(where),
  ]);
  const links = await linksOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => serializeTransaction(r, links.get(r.id) ?? { allocations: [], credit: null })),
    total: total?.n ?? 0,
  };
}

export async function listStatements(
  db: Db,
  organizationId: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(bankStatements.organizationId, organizationId), eq(bankStatements.state, "imported"));
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(bankStatements)
      .where(where)
      .orderBy(desc(bankStatements.createdAt), desc(bankStatements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(bankStatements).where(where),
  ]);
  return { rows: rows.map(serializeStatement), total: total?.n ?? 0 };
}

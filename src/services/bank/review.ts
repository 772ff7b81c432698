// A person's decisions on a bank transaction: match it (allocations over one or more open
// invoices; the rest becomes the customer's credit), ignore it, or unmatch it (its payments are
// reversed in the ledger, its credit withdrawn, and it waits for review again). Each is one batch
// guarded by the transaction's version and the invoices' versions.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, versionGuard } from "../../db/guards";
import {
  type BankTransaction,
  bankTransactions,
  customerBankAccounts,
  customerCredits,
} from "../../db/schema/bank";
import { payments } from "../../db/schema/billing";
import { billPayments } from "../../db/schema/bills";
import { type Invoice, type InvoiceItem, invoiceItems, invoices } from "../../db/schema/invoices";
import { nowIso } from "../../lib/clock";
import { conflict, validationError } from "../../lib/errors";
import { formatMoney, parseAmount } from "../../lib/money";
import { recordEvent } from "../events";
import { commit, paymentGuard, type Statement, withRetry } from "../invoices/common";
import { assertPayable, reversalStatements } from "../invoices/payments";
import { amountDueMinor } from "../invoices/read";
import { invoicesByIds } from "./match";
import { InvoiceLedger } from "./post";
import { getTransactionRow, linksOf, serializeTransaction, type TransactionLinks } from "./read";

export interface AllocationInput {
  invoice_id: string;
  amount: number;
}

async function itemsOf(db: Db, invoiceIds: readonly string[]) {
  const items = new Map<string, InvoiceItem[]>();
  if (invoiceIds.length === 0) return items;
  const lines = await db
    .select()
    .from(invoiceItems)
    .where(sql`${invoiceItems.invoiceId} IN (SELECT value FROM json_each(${JSON.stringify(invoiceIds)}))`)
    .orderBy(invoiceItems.invoiceId, invoiceItems.position);
  for (const line of lines) items.set(line.invoiceId, [...(items.get(line.invoiceId) ?? []), line]);
  return items;
}

/** Runs a review batch; a concurrent change of the transaction or an invoice answers 409. */
async function commitReview(db: Db, statements: Statement[]) {
  try {
    await commit(db, statements);
  } catch (error) {
    if (isGuardFailure(error, bankTransactions)) {
      throw conflict("concurrent_update", "The bank transaction changed while this request ran; retry");
    }
    throw error;
  }
}

function transactionUpdate(db: Db, row: BankTransaction, set: Partial<BankTransaction>) {
  return db
    .update(bankTransactions)
    .set({ ...set, version: row.version + 1 })
    .where(eq(bankTransactions.id, row.id));
}

export async function matchTransaction(
  db: Db,
  organizationId: string,
  userId: string,
  id: string,
  allocations: readonly AllocationInput[],
) {
  return withRetry(async () => {
    const row = await getTransactionRow(db, organizationId, id);
    if (row.status === "matched") {
      throw conflict("transaction_matched", "The transaction is already matched; unmatch it first");
    }
    if (row.amountMinor <= 0) {
      throw conflict("transaction_debit", "Only money received (a credit) can pay invoices");
    }
    const ids = allocations.map((a) => a.invoice_id);
    if (new Set(ids).size !== ids.length) {
      throw validationError({ allocations: "Each invoice at most once" });
    }
    const found = new Map((await invoicesByIds(db, organizationId, ids)).map((i) => [i.id, i]));
    const errors: Record<string, string> = {};
    const planned: { invoice: Invoice; amountMinor: number }[] = [];
    allocations.forEach((allocation, i) => {
      const invoice = found.get(allocation.invoice_id);
      if (!invoice) {
        errors[`allocations.${i}.invoice_id`] = "No such invoice";
        return;
      }
      if (invoice.currency !== row.currency) {
        errors[`allocations.${i}.invoice_id`] =
          `The invoice is in ${invoice.currency}, the transfer in ${row.currency}`;
        return;
      }
      const parsed = parseAmount(allocation.amount, invoice.currency);
      if (!parsed.ok) {
        errors[`allocations.${i}.amount`] = parsed.message;
        return;
      }
      const due = amountDueMinor(invoice);
      if (parsed.value > BigInt(due)) {
        errors[`allocations.${i}.amount`] =
          `More than the amount due (${formatMoney(due, invoice.currency)})`;
        return;
      }
      planned.push({ invoice, amountMinor: Number(parsed.value) });
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    for (const { invoice } of planned) assertPayable(invoice);
    const total = planned.reduce((sum, a) => sum + a.amountMinor, 0);
    if (total > row.amountMinor) {
      throw validationError({
        allocations: `The allocations (${formatMoney(total, row.currency)}) exceed the transfer (${formatMoney(row.amountMinor, row.currency)})`,
      });
    }
    const at = nowIso();
    const ledger = new InvoiceLedger(await itemsOf(db, ids));
    const first = planned[0]?.invoice;
    const credit =
      total < row.amountMinor && first
        ? { customerId: first.customerId, amountMinor: row.amountMinor - total, currency: row.currency }
        : null;
    const plan = ledger.statements(db, organizationId, row, planned, credit, at);
    const next: BankTransaction = {
      ...row,
      status: "matched",
      suggestions: [],
      matchedBy: `user:${userId}`,
      matchedAt: at,
      version: row.version + 1,
    };
    const view = serializeTransaction(next, plan.links);
    const event = recordEvent(db, { organizationId, type: "bank_transaction.matched", object: view, at });
    await commitReview(db, [
      versionGuard(db, bankTransactions, row.id, row.version),
      ...plan.statements,
      transactionUpdate(db, row, {
        status: next.status,
        suggestions: next.suggestions,
        matchedBy: next.matchedBy,
        matchedAt: at,
      }),
      ...event.statements,
    ]);
    return { transaction: view, eventIds: [...plan.eventIds, event.id] };
  });
}

export async function ignoreTransaction(db: Db, organizationId: string, userId: string, id: string) {
  const row = await getTransactionRow(db, organizationId, id);
  if (row.status === "matched") {
    throw conflict("transaction_matched", "The transaction is matched; unmatch it first");
  }
  const at = nowIso();
  const next: BankTransaction = { ...row, status: "ignored", matchedBy: `user:${userId}`, matchedAt: at };
  await commitReview(db, [
    versionGuard(db, bankTransactions, row.id, row.version),
    transactionUpdate(db, row, { status: "ignored", matchedBy: next.matchedBy, matchedAt: at }),
  ]);
  return serializeTransaction({ ...next, version: row.version + 1 }, { allocations: [], credit: null });
}

/**
 * Undoes a match (or an ignore): reverses each live payment posted from the transaction through
 * the ledger (events `invoice.payment_reversed`, and `invoice.updated` when a paid invoice
 * reopens), withdraws its credit, and puts it back in the review queue
 * (`bank_transaction.needs_review`). 409 when a payment can no longer be reversed (refunded).
 */
export async function unmatchTransaction(db: Db, organizationId: string, id: string) {
  return withRetry(async () => {
    const row = await getTransactionRow(db, organizationId, id);
    if (row.status !== "matched" && row.status !== "ignored") {
      throw conflict("transaction_not_matched", "The transaction is neither matched nor ignored");
    }
    // A bill's payments are never reversed (the bill lifecycle reopens nothing): a debit that paid
    // bills stays matched.
    const [billPaid] = await db
      .select({ id: billPayments.id })
      .from(billPayments)
      .where(and(eq(billPayments.bankTransactionId, row.id), eq(billPayments.organizationId, organizationId)))
      .limit(1);
    if (billPaid) {
      throw conflict("transaction_pays_bills", "The transaction paid bills; their payments are not reversed");
    }
    const posted = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bankTransactionId, row.id),
          eq(payments.organizationId, organizationId),
          isNull(payments.reversedAt),
        ),
      );
    const invoiceIds = [...new Set(posted.map((p) => p.invoiceId))];
    const [rows, items] = await Promise.all([
      invoicesByIds(db, organizationId, invoiceIds),
      itemsOf(db, invoiceIds),
    ]);
    const current = new Map(rows.map((i) => [i.id, i]));
    const at = nowIso();
    const statements: Statement[] = [versionGuard(db, bankTransactions, row.id, row.version)];
    const eventIds: string[] = [];
    for (const invoice of rows) statements.push(versionGuard(db, invoices, invoice.id, invoice.version));
    // The payments were read before the invoices: one reversed meanwhile (by hand) already left
    // an invoice read after it, whose version guard then holds. Each payment's own guard fails
    // the batch instead (409 concurrent_update, read again), so it is not reversed twice.
    for (const payment of posted) statements.push(paymentGuard(db, payment));
    for (const payment of posted) {
      const invoice = current.get(payment.invoiceId);
      if (!invoice) continue;
      const plan = reversalStatements(db, invoice, items.get(invoice.id) ?? [], payment, at);
      current.set(invoice.id, plan.next);
      statements.push(...plan.statements);
      eventIds.push(...plan.eventIds);
    }
    statements.push(
      db
        .update(customerCredits)
        .set({ reversedAt: at })
        .where(and(eq(customerCredits.bankTransactionId, row.id), isNull(customerCredits.reversedAt))),
      // What this match taught (the payer's account belongs to that customer) is untaught with it.
      db
        .delete(customerBankAccounts)
        .where(
          and(
            eq(customerBankAccounts.organizationId, organizationId),
            eq(customerBankAccounts.learnedFrom, row.id),
          ),
        ),
    );
    const next: BankTransaction = {
      ...row,
      status: row.suggestions.length > 0 ? "suggested" : "unmatched",
      matchedBy: null,
      matchedAt: null,
      version: row.version + 1,
    };
    const links: TransactionLinks = { allocations: [], credit: null };
    const view = serializeTransaction(next, links);
    const event = recordEvent(db, {
      organizationId,
      type: "bank_transaction.needs_review",
      object: view,
      at,
    });
    statements.push(
      transactionUpdate(db, row, { status: next.status, matchedBy: null, matchedAt: null }),
      ...event.statements,
    );
    await commitReview(db, statements);
    return { transaction: view, eventIds: [...eventIds, event.id] };
  });
}

/** The transaction as it is now (after a write), for answers that need the stored links. */
export async function freshTransaction(db: Db, organizationId: string, id: string) {
  const row = await getTransactionRow(db, organizationId, id);
  const links = await linksOf(db, [id]);
  return serializeTransaction(row, links.get(id) ?? { allocations: [], credit: null });
}

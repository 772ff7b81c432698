// The payments ledger of an invoice. A payment lowers the amount due; the one that brings it to
// zero makes the invoice paid (paid_at = its received_at). A reversal (a bounced transfer) is
// kept, marked reversed_at, and reopens a paid invoice. Every write holds the invoice's version
// guard, so concurrent payments are checked against each other and never overpay.
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { versionGuard } from "../../db/guards";
import { type Payment, type PaymentMethod, payments } from "../../db/schema/billing";
import type { Invoice, InvoiceItem, InvoiceStatus } from "../../db/schema/invoices";
import { invoices } from "../../db/schema/invoices";
import { nowIso, timestampOf, utcDate } from "../../lib/clock";
import { conflict, notFound, validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { formatMoney, parseAmount, toMajor } from "../../lib/money";
import { type KeepAnswer, noKeptAnswer } from "../idempotency";
import { INVOICE_TRANSITIONS, invoiceMay, reopenedStatus } from "../lifecycle";
import { commit, commitPaymentChange, event, type Statement, scoped, withRetry } from "./common";
import { OWED_TO_CUSTOMER } from "./kind";
import { amountDueMinor, effectiveStatus, invoiceReads, loadInvoice, serializeInvoice } from "./read";

export interface PaymentInput {
  amount: number;
  received_at?: string;
  method?: PaymentMethod;
  reference?: string | null;
}

export function serializePayment(row: Payment) {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    amount: toMajor(row.amountMinor, row.currency),
    currency: row.currency,
    received_at: row.receivedAt,
    method: row.method,
    reference: row.reference,
    created_at: row.createdAt,
    reversed_at: row.reversedAt,
    bank_transaction_id: row.bankTransactionId,
    provider: row.provider ?? null,
    provider_payment_id: row.providerPaymentId ?? null,
    fee: row.feeMinor === null || row.feeMinor === undefined ? null : toMajor(row.feeMinor, row.currency),
    amount_refunded: toMajor(row.refundedMinor ?? 0, row.currency),
    dispute_status: row.disputeStatus ?? null,
  };
}

/** What the invoice counts of a payment while it is live: its amount less what the provider refunded. */
export const countedMinor = (payment: Pick<Payment, "amountMinor" | "refundedMinor">) =>
  payment.amountMinor - payment.refundedMinor;

/** Refuses a payment on an invoice that cannot take one, in the words of its status. */
export function assertPayable(invoice: Invoice, today = utcDate()) {
  if (OWED_TO_CUSTOMER.includes(invoice.typeCode)) {
    // A 381 credits the customer and a 389 is the organization's purchase: the customer owes nothing.
    throw conflict(
      "invoice_owed_to_customer",
      `A ${invoice.typeCode} invoice is money the organization owes its customer: it takes no payment from them`,
    );
  }
  const status = effectiveStatus(invoice, today);
  if (invoiceMay("record_payment", status)) return;
  const refusal = UNPAYABLE[status as keyof typeof UNPAYABLE];
  throw conflict(refusal.reason, refusal.message);
}

/** Why an invoice that is not open takes no payment, by its status. */
const UNPAYABLE = {
  paid: { reason: "invoice_paid", message: "The invoice is already paid" },
  draft: { reason: "invoice_not_sent", message: "A draft must be sent before it can be paid" },
  void: { reason: "invoice_void", message: "A void invoice takes no payments" },
} satisfies Record<Exclude<InvoiceStatus, (typeof INVOICE_TRANSITIONS.record_payment.from)[number]>, object>;

/**
 * The statements that record `amountMinor` against an invoice read at `invoice.version` (the
 * caller puts the version guard first), the invoice after them, and its events:
 * `invoice.payment_recorded`, plus `invoice.paid` when nothing is left due.
 */
export function paymentStatements(
  db: Db,
  invoice: Invoice,
  items: readonly InvoiceItem[],
  payment: {
    amountMinor: number;
    receivedAt: string;
    method: PaymentMethod;
    reference: string | null;
    /** The bank statement entry the payment was matched from. */
    bankTransactionId?: string | null;
    /** A payment a provider took (src/services/payment-providers/ledger.ts). */
    provider?: Pick<Payment, "provider" | "providerPaymentId" | "feeMinor">;
  },
  at: string,
) {
  const row: Payment = {
    id: prefixedId("pay"),
    organizationId: invoice.organizationId,
    invoiceId: invoice.id,
    amountMinor: payment.amountMinor,
    currency: invoice.currency,
    receivedAt: payment.receivedAt,
    method: payment.method,
    reference: payment.reference,
    createdAt: at,
    reversedAt: null,
    bankTransactionId: payment.bankTransactionId ?? null,
    provider: payment.provider?.provider ?? null,
    providerPaymentId: payment.provider?.providerPaymentId ?? null,
    feeMinor: payment.provider?.feeMinor ?? null,
    refundedMinor: 0,
    refundCoveredMinor: 0,
    disputeStatus: null,
  };
  const amountPaidMinor = invoice.amountPaidMinor + payment.amountMinor;
  // A provider may take more than is due (the page was stale): that settles too, once.
  const settles = amountDueMinor(invoice) > 0 && amountDueMinor({ ...invoice, amountPaidMinor }) <= 0;
  const next: Invoice = {
    ...invoice,
    amountPaidMinor,
    ...(settles ? { status: INVOICE_TRANSITIONS.pay.to, paidAt: payment.receivedAt } : {}),
    version: invoice.version + 1,
    updatedAt: at,
  };
  const view = serializeInvoice(next, items);
  const recorded = [event(db, invoice.organizationId, "invoice.payment_recorded", serializePayment(row), at)];
  if (settles) recorded.push(event(db, invoice.organizationId, "invoice.paid", view, at));
  const statements: Statement[] = [
    paidColumnsUpdate(db, next),
    db.insert(payments).values(row),
    ...recorded.flatMap((e) => e.statements),
  ];
  return { row, next, view, statements, eventIds: recorded.map((e) => e.id) };
}

export interface RecordedPayment {
  payment: ReturnType<typeof serializePayment>;
  invoice: ReturnType<typeof serializeInvoice>;
  eventIds: string[];
}

/** `keep`: the request's Idempotency-Key completes in the payment's batch (docs/idempotency.md). */
export async function recordPayment(
  db: Db,
  organizationId: string,
  invoiceId: string,
  input: PaymentInput,
  keep: KeepAnswer<RecordedPayment> = noKeptAnswer,
): Promise<RecordedPayment> {
  return withRetry(async () => {
    const { invoice, items } = await loadInvoice(db, organizationId, invoiceId);
    assertPayable(invoice);
    const parsed = parseAmount(input.amount, invoice.currency);
    if (!parsed.ok) throw validationError({ amount: parsed.message });
    if (parsed.value === 0n) throw validationError({ amount: "Must be greater than 0" });
    const due = amountDueMinor(invoice);
    if (parsed.value > BigInt(due)) {
      throw validationError({
        amount: `More than the amount due (${formatMoney(due, invoice.currency)})`,
      });
    }
    const at = nowIso();
    const plan = paymentStatements(
      db,
      invoice,
      items,
      {
        amountMinor: Number(parsed.value),
        receivedAt: timestampOf(input.received_at),
        method: input.method ?? "other",
        reference: input.reference ?? null,
      },
      at,
    );
    const result = { payment: serializePayment(plan.row), invoice: plan.view, eventIds: plan.eventIds };
    await commit(
      db,
      [versionGuard(db, invoices, invoice.id, invoice.version), ...plan.statements, ...keep(db, result)],
      invoice.id,
    );
    return result;
  });
}

export async function listPayments(
  db: Db,
  organizationId: string,
  invoiceId: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(payments.invoiceId, invoiceId), eq(payments.organizationId, organizationId));
  const [[invoice], rows, [total]] = await db.batch([
    db.select({ id: invoices.id }).from(invoices).where(scoped(organizationId, invoiceId)),
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  if (!invoice) throw notFound("Invoice");
  return { rows: rows.map(serializePayment), total: total?.n ?? 0 };
}

/**
 * The invoice, its items and one of its payments as one snapshot (one batch, one transaction): a
 * write computed from them and guarded on the invoice's version and the payment's state
 * (`paymentGuard`) cannot mix a payment read before a concurrent write with an invoice read after
 * it. `lastReceivedAt`: the latest `received_at` of the invoice's live payments (its `paid_at` when
 * a payment posted again settles it).
 */
export async function getPaymentSnapshot(
  db: Db,
  organizationId: string,
  invoiceId: string,
  paymentId: string,
) {
  const [[invoice], items, [payment], [live]] = await db.batch([
    ...invoiceReads(db, organizationId, invoiceId),
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.invoiceId, invoiceId),
          eq(payments.organizationId, organizationId),
        ),
      ),
    db
      .select({ at: sql<string | null>`max(${payments.receivedAt})` })
      .from(payments)
      .where(
        and(
          eq(payments.invoiceId, invoiceId),
          eq(payments.organizationId, organizationId),
          isNull(payments.reversedAt),
        ),
      ),
  ]);
  if (!invoice) throw notFound("Invoice");
  if (!payment) throw notFound("Payment");
  return { invoice, items, payment, lastReceivedAt: live?.at ?? null };
}

/**
 * Marks a payment reversed (it stays in the ledger). A paid invoice reopens: sent, or overdue
 * when its due date has passed. Refused when the money was already refunded by a credit note
 * (the ledger would pay back more than it received): 409 `payment_refunded`.
 */
export async function reversePayment(
  db: Db,
  organizationId: string,
  invoiceId: string,
  paymentId: string,
  /** The provider's reason, recorded as an event of its own beside `invoice.payment_reversed`. */
  because?: "invoice.payment_refunded" | "invoice.payment_disputed",
) {
  return withRetry(async () => {
    const { invoice, items, payment } = await getPaymentSnapshot(db, organizationId, invoiceId, paymentId);
    const plan = reversalStatements(db, invoice, items, payment, nowIso(), because);
    await commitPaymentChange(db, invoice, payment, plan.statements);
    return { payment: serializePayment(plan.reversed), eventIds: plan.eventIds };
  });
}

/** The invoice's columns a payment changes (what it counts as paid, status, paid_at), as `next` has them. */
export const paidColumnsUpdate = (db: Db, next: Invoice) =>
  db
    .update(invoices)
    .set({
      amountPaidMinor: next.amountPaidMinor,
      status: next.status,
      paidAt: next.paidAt,
      version: next.version,
      updatedAt: next.updatedAt,
    })
    .where(eq(invoices.id, next.id));

/**
 * The invoice once it counts `amountPaidMinor` as paid, less than before (a reversal, a provider's
 * refund): a paid invoice with an amount due again reopens (sent, or overdue past its due date).
 */
export function reopenedAfter(invoice: Invoice, amountPaidMinor: number, at: string, today: string) {
  const reopens = invoiceMay("reopen", invoice.status) && amountDueMinor({ ...invoice, amountPaidMinor }) > 0;
  const next: Invoice = {
    ...invoice,
    amountPaidMinor,
    ...(reopens ? { status: reopenedStatus(invoice, today), paidAt: null } : {}),
    version: invoice.version + 1,
    updatedAt: at,
  };
  return { next, reopens };
}

/**
 * The statements that reverse `payment` of an invoice read at `invoice.version` (the caller puts
 * the version guard first), the invoice after them, and their events: `invoice.payment_reversed`,
 * plus `invoice.updated` when a paid invoice reopens. 409 `payment_reversed` / `payment_refunded`.
 */
export function reversalStatements(
  db: Db,
  invoice: Invoice,
  items: readonly InvoiceItem[],
  payment: Payment,
  at: string,
  /** The provider's reason, recorded as an event of its own beside `invoice.payment_reversed`. */
  because?: "invoice.payment_refunded" | "invoice.payment_disputed",
) {
  if (payment.reversedAt) throw conflict("payment_reversed", "The payment is already reversed");
  // A withdrawal delivered after its dispute was won (read here, so a race with the win holds too).
  if (because === "invoice.payment_disputed" && payment.disputeStatus === "reinstated") {
    throw conflict("dispute_reinstated", "The payment's dispute was won: its money came back");
  }
  // What the provider refunded of it was taken off already (src/services/invoices/payment-refunds.ts).
  const amountPaidMinor = invoice.amountPaidMinor - countedMinor(payment);
  if (amountPaidMinor < 0) {
    throw conflict(
      "payment_refunded",
      "A credit note already refunded part of this payment; the reversal would pay back more than was received",
    );
  }
  const today = utcDate();
  const { next, reopens } = reopenedAfter(invoice, amountPaidMinor, at, today);
  // A dispute's reversal is marked as such: winning the dispute posts the payment again.
  const disputeStatus = because === "invoice.payment_disputed" ? "withdrawn" : payment.disputeStatus;
  const reversed: Payment = { ...payment, reversedAt: at, disputeStatus };
  const organizationId = invoice.organizationId;
  const recorded = [
    event(db, organizationId, "invoice.payment_reversed", serializePayment(reversed), at),
    ...(because ? [event(db, organizationId, because, serializePayment(reversed), at)] : []),
    ...(reopens
      ? [event(db, organizationId, "invoice.updated", serializeInvoice(next, items, today), at)]
      : []),
  ];
  const statements: Statement[] = [
    paidColumnsUpdate(db, next),
    db
      .update(payments)
      .set({ reversedAt: at, disputeStatus })
      .where(and(eq(payments.id, payment.id), sql`${payments.reversedAt} IS NULL`)),
    ...recorded.flatMap((e) => e.statements),
  ];
  return { reversed, next, statements, eventIds: recorded.map((e) => e.id) };
}

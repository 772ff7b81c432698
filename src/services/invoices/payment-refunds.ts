// What a payment provider does to a payment after it was posted: refunds it (partly or in full)
// or, after a dispute withdrew it, gives the money back (a won dispute). The provider states what
// it refunded of a payment as a running total, so applying a total is idempotent whatever order
// or how often the provider's events arrive. Every write holds the invoice's version guard.
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { creditNotes, type Payment, payments } from "../../db/schema/billing";
import { type Invoice, type InvoiceItem, invoices } from "../../db/schema/invoices";
import { nowIso, utcDate } from "../../lib/clock";
import { conflict } from "../../lib/errors";
import { toMajor } from "../../lib/money";
import { INVOICE_TRANSITIONS, invoiceMay, isOpen } from "../lifecycle";
import { commitPaymentChange, event, type Statement, withRetry } from "./common";
import {
  countedMinor,
  getPaymentSnapshot,
  paidColumnsUpdate,
  reopenedAfter,
  serializePayment,
} from "./payments";
import { amountDueMinor, serializeInvoice } from "./read";

/** What became of a provider's refund or reinstatement; `unchanged` says why nothing was written. */
export type ProviderPaymentChange =
  | {
      change: "refunded" | "reversed" | "reinstated";
      payment: ReturnType<typeof serializePayment>;
      eventIds: string[];
    }
  | {
      change: "unchanged";
      reason: "already_applied" | "payment_reversed" | "not_withdrawn" | "invoice_not_open";
    };

/**
 * What credit notes of the invoice refunded that no provider refund has matched yet, and that may
 * be `payment`'s money: the seller credited and paid back (the note took it off `amount_paid`),
 * then refunded at the provider; that refund is the same money and is not taken off again. Only a
 * note issued after a payment was posted can have paid it back, and only one whose
 * `refund_method` is `card` or unstated: a note that names another method (a bank transfer,
 * cash, a check) paid back otherwise and matches no provider refund.
 *
 * Which note matched which refund is not stored, only what each payment's refunds matched
 * (`refund_covered_minor`); none needs to be. A payment can match the notes issued since it was
 * posted, so the notes a later payment can match are among those an earlier one can: the matches
 * so far fit the notes exactly when, for every payment, the notes issued since it was posted cover
 * what it and every later payment matched. What `payment` may match more is the least room that
 * leaves over itself and the payments before it. So a refund matches the same whatever order the
 * provider's events came in: one refunded first cannot take a note a later payment needed while
 * another note would have done.
 */
async function unmatchedCreditNoteRefunds(db: Db, invoice: Invoice, payment: Payment): Promise<number> {
  const [notes, posted] = await db.batch([
    db
      .select({ at: creditNotes.createdAt, minor: creditNotes.refundAmountMinor })
      .from(creditNotes)
      .where(
        and(
          eq(creditNotes.organizationId, invoice.organizationId),
          eq(creditNotes.invoiceId, invoice.id),
          or(isNull(creditNotes.refundMethod), eq(creditNotes.refundMethod, "card")),
        ),
      ),
    db
      .select({ at: payments.createdAt, minor: payments.refundCoveredMinor })
      .from(payments)
      .where(and(eq(payments.organizationId, invoice.organizationId), eq(payments.invoiceId, invoice.id))),
  ]);
  const since = (rows: readonly { at: string; minor: number }[], at: string) =>
    rows.reduce((sum, row) => (row.at >= at ? sum + row.minor : sum), 0);
  const room = posted
    .filter((other) => other.at <= payment.createdAt)
    .map((other) => since(notes, other.at) - since(posted, other.at));
  return Math.max(0, Math.min(since(notes, payment.createdAt) - since(posted, payment.createdAt), ...room));
}

/**
 * Applies the provider's running total refunded of a payment (`refundedMinor`, capped at the
 * payment's amount): the part not applied before is taken off what the invoice counts as paid,
 * less what a credit note refunded already. `full` (or a total that reaches the amount) reverses
 * the payment as well. A total at or below what was applied changes nothing (a replay, or an
 * older event after a newer one). On a payment a dispute withdrew, the total is recorded only
 * (the invoice counts none of it now; a won dispute posts back what is left). 409
 * `payment_refunded` when the invoice would count less than nothing paid (credit notes paid the
 * money back another way).
 */
export async function applyProviderRefund(
  db: Db,
  organizationId: string,
  invoiceId: string,
  paymentId: string,
  refund: { refundedMinor: number; full: boolean },
): Promise<ProviderPaymentChange> {
  return withRetry(async () => {
    const { invoice, items, payment } = await getPaymentSnapshot(db, organizationId, invoiceId, paymentId);
    // Withdrawn by a dispute: the invoice counts none of it now, but a won dispute posts again
    // what was not refunded, so the refund is recorded on the payment.
    const withdrawn = payment.reversedAt !== null && payment.disputeStatus === "withdrawn";
    if (payment.reversedAt && !withdrawn) return { change: "unchanged", reason: "payment_reversed" } as const;
    const total = Math.min(payment.amountMinor, Math.max(0, refund.refundedMinor));
    const full = refund.full || total >= payment.amountMinor;
    const refundedMinor = full ? payment.amountMinor : Math.max(total, payment.refundedMinor);
    const deltaMinor = refundedMinor - payment.refundedMinor;
    // Nothing more refunded: a replay, an older event after a newer one, or a full refund of a
    // payment whose every cent was refunded already (its won dispute left it standing at 0).
    if (deltaMinor === 0) return { change: "unchanged", reason: "already_applied" } as const;
    const coveredMinor = withdrawn
      ? 0
      : Math.min(deltaMinor, await unmatchedCreditNoteRefunds(db, invoice, payment));
    const plan = refundStatements(db, invoice, items, payment, {
      refundedMinor,
      coveredMinor,
      full,
      withdrawn,
      at: nowIso(),
    });
    await commitPaymentChange(db, invoice, payment, plan.statements);
    const change = full && !withdrawn ? "reversed" : "refunded";
    return { change, payment: plan.view, eventIds: plan.eventIds } as const;
  });
}

/**
 * The statements of a refund applied to `payment` of an invoice read at `invoice.version`:
 * `invoice.payment_refunded` (the payment, with this refund's `refund_amount`), and on a full
 * refund the reversal's `invoice.payment_reversed` before it; `invoice.updated` when a paid
 * invoice reopens.
 */
function refundStatements(
  db: Db,
  invoice: Invoice,
  items: readonly InvoiceItem[],
  payment: Payment,
  refund: { refundedMinor: number; coveredMinor: number; full: boolean; withdrawn: boolean; at: string },
) {
  const { at, withdrawn } = refund;
  const reverses = refund.full && !withdrawn;
  const deltaMinor = refund.refundedMinor - payment.refundedMinor;
  // A withdrawn payment counts nothing now: what it adds changes what a won dispute posts again.
  const amountPaidMinor = withdrawn
    ? invoice.amountPaidMinor
    : invoice.amountPaidMinor - (deltaMinor - refund.coveredMinor);
  if (amountPaidMinor < 0) {
    throw conflict(
      "payment_refunded",
      "Credit notes already paid this money back another way; the refund would pay back more than was received",
    );
  }
  const today = utcDate();
  const { next, reopens } = reopenedAfter(invoice, amountPaidMinor, at, today);
  const after: Payment = {
    ...payment,
    refundedMinor: refund.refundedMinor,
    refundCoveredMinor: payment.refundCoveredMinor + refund.coveredMinor,
    reversedAt: withdrawn ? payment.reversedAt : reverses ? at : null,
  };
  const view = serializePayment(after);
  const organizationId = invoice.organizationId;
  const recorded = [
    ...(reverses ? [event(db, organizationId, "invoice.payment_reversed", view, at)] : []),
    event(
      db,
      organizationId,
      "invoice.payment_refunded",
      {
        ...view,
        refund_amount: toMajor(deltaMinor, payment.currency),
        // Credit notes had paid all of it back already: the invoice's amount paid did not change.
        covered_by_credit_note: refund.coveredMinor === deltaMinor,
      },
      at,
    ),
    ...(reopens
      ? [event(db, organizationId, "invoice.updated", serializeInvoice(next, items, today), at)]
      : []),
  ];
  const statements: Statement[] = [
    paidColumnsUpdate(db, next),
    db
      .update(payments)
      .set({
        refundedMinor: after.refundedMinor,
        refundCoveredMinor: after.refundCoveredMinor,
        reversedAt: after.reversedAt,
      })
      .where(eq(payments.id, payment.id)),
    ...recorded.flatMap((e) => e.statements),
  ];
  return { view, statements, eventIds: recorded.map((e) => e.id) };
}

const latest = (a: string, b: string | null) => (b !== null && b > a ? b : a);

/**
 * A dispute the seller won: the money its withdrawal reversed is posted again, once (the payment's
 * `dispute_status` goes from `withdrawn` to `reinstated`), and an invoice it settles is paid again
 * as of the payment's own date. A reinstatement of a payment no dispute withdrew (Stripe's events
 * out of order) marks the dispute over, so a late withdrawal cannot reverse money that came back.
 */
export async function reinstateDisputedPayment(
  db: Db,
  organizationId: string,
  invoiceId: string,
  paymentId: string,
): Promise<ProviderPaymentChange> {
  return withRetry(async () => {
    const { invoice, items, payment, lastReceivedAt } = await getPaymentSnapshot(
      db,
      organizationId,
      invoiceId,
      paymentId,
    );
    if (payment.disputeStatus === "reinstated")
      return { change: "unchanged", reason: "already_applied" } as const;
    const at = nowIso();
    const withdrawn = payment.disputeStatus === "withdrawn";
    // Reversed by hand, not by the dispute: a person decided, and posts the money again.
    if (!withdrawn && payment.reversedAt) return { change: "unchanged", reason: "not_withdrawn" } as const;
    // Not withdrawn (Stripe's events out of order), or refunded in full while the dispute held it
    // (nothing comes back; the payment stays reversed): the dispute is over, so a late withdrawal
    // changes nothing either.
    if (!withdrawn || countedMinor(payment) === 0) {
      await commitPaymentChange(db, invoice, payment, [
        db
          .update(invoices)
          .set({ version: invoice.version + 1, updatedAt: at })
          .where(eq(invoices.id, invoice.id)),
        db.update(payments).set({ disputeStatus: "reinstated" }).where(eq(payments.id, payment.id)),
      ]);
      return { change: "unchanged", reason: "already_applied" } as const;
    }
    if (!isOpen(invoice.status) && !invoiceMay("reopen", invoice.status)) {
      return { change: "unchanged", reason: "invoice_not_open" } as const;
    }
    const amountPaidMinor = invoice.amountPaidMinor + countedMinor(payment);
    const settles = amountDueMinor(invoice) > 0 && amountDueMinor({ ...invoice, amountPaidMinor }) <= 0;
    const next: Invoice = {
      ...invoice,
      amountPaidMinor,
      // Paid as of the latest money it counts: a later payment may have settled it meanwhile.
      ...(settles
        ? { status: INVOICE_TRANSITIONS.pay.to, paidAt: latest(payment.receivedAt, lastReceivedAt) }
        : {}),
      version: invoice.version + 1,
      updatedAt: at,
    };
    const after: Payment = { ...payment, reversedAt: null, disputeStatus: "reinstated" };
    const view = serializePayment(after);
    const recorded = [event(db, organizationId, "invoice.payment_reinstated", view, at)];
    if (settles) recorded.push(event(db, organizationId, "invoice.paid", serializeInvoice(next, items), at));
    await commitPaymentChange(db, invoice, payment, [
      paidColumnsUpdate(db, next),
      db
        .update(payments)
        .set({ reversedAt: null, disputeStatus: "reinstated" })
        .where(eq(payments.id, payment.id)),
      ...recorded.flatMap((e) => e.statements),
    ]);
    return { change: "reinstated", payment: view, eventIds: recorded.map((e) => e.id) } as const;
  });
}

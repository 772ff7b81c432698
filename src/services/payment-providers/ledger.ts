// What a provider's verified webhook does to the payments ledger, through the same statements a
// payment posted by hand uses (src/services/invoices/payments.ts): a payment the provider took is
// posted once per provider payment id (a unique index holds it, so a replay or Stripe's second
// event for the same payment posts nothing); a refund takes what it paid back off the invoice (a
// full one reverses the payment), a dispute reverses it and a won dispute posts it again.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueFailure, versionGuard } from "../../db/guards";
import { type Payment, type PaymentProviderName, payments } from "../../db/schema/billing";
import { invoices } from "../../db/schema/invoices";
import { nowIso } from "../../lib/clock";
import { ApiError, conflict } from "../../lib/errors";
import { logError, logWarn } from "../../lib/log";
import { commit, scoped, withRetry } from "../invoices/common";
import {
  applyProviderRefund,
  type ProviderPaymentChange,
  reinstateDisputedPayment,
} from "../invoices/payment-refunds";
import { paymentStatements, reversePayment } from "../invoices/payments";
import { loadInvoice } from "../invoices/read";
import { invoiceMay, isOpen } from "../lifecycle";
import { type PaymentProvider, ProviderError, type ProviderEvent } from "./types";

export type LedgerOutcome =
  | { outcome: "posted"; paymentId: string; eventIds: string[] }
  | { outcome: "reversed" | "refunded" | "reinstated"; paymentId: string; eventIds: string[] }
  | { outcome: "duplicate"; eventIds: [] }
  | { outcome: "ignored"; reason: string; eventIds: [] };

const ignored = (reason: string): LedgerOutcome => ({ outcome: "ignored", reason, eventIds: [] });
const duplicate: LedgerOutcome = { outcome: "duplicate", eventIds: [] };

async function findProviderPayment(
  db: Db,
  organizationId: string,
  provider: PaymentProviderName,
  providerPaymentId: string,
) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, providerPaymentId),
      ),
    );
  return row;
}

/** The provider's fee, or null when it cannot say now: the payment is posted either way. */
async function feeOf(provider: PaymentProvider, paymentId: string, currency: string) {
  try {
    return await provider.paymentFee(paymentId, currency);
  } catch (error) {
    logWarn("payment provider fee lookup failed", { provider: provider.name, error: String(error) });
    return null;
  }
}

/**
 * Posts a payment the provider took. What the provider says was paid is posted, even beyond the
 * amount due (a page opened before another payment): the invoice is then paid with a credit
 * balance. An invoice that is void (or unknown, or in another currency) takes nothing: logged.
 */
async function postPayment(
  db: Db,
  organizationId: string,
  provider: PaymentProvider,
  event: Extract<ProviderEvent, { kind: "payment_succeeded" }>,
): Promise<LedgerOutcome> {
  if (event.organizationId !== null && event.organizationId !== organizationId) {
    return ignored("another_organization");
  }
  if (!event.invoiceId) return ignored("no_invoice");
  if (event.amountMinor <= 0) return ignored("no_amount");
  if (await findProviderPayment(db, organizationId, provider.name, event.paymentId)) return duplicate;
  const fee = await feeOf(provider, event.paymentId, event.currency);
  const invoiceId = event.invoiceId;
  try {
    return await withRetry(async () => {
      const { invoice, items } = await loadInvoice(db, organizationId, invoiceId);
      if (invoice.currency !== event.currency) return ignored("currency_mismatch");
      // Open, or already paid (the money still arrived): posted. Draft or void: not.
      if (!isOpen(invoice.status) && !invoiceMay("reopen", invoice.status))
        return ignored("invoice_not_open");
      const plan = paymentStatements(
        db,
        invoice,
        items,
        {
          amountMinor: event.amountMinor,
          receivedAt: event.receivedAt,
          method: "card",
          reference: event.paymentId,
          provider: { provider: provider.name, providerPaymentId: event.paymentId, feeMinor: fee },
        },
        nowIso(),
      );
      await commit(
        db,
        [versionGuard(db, invoices, invoice.id, invoice.version), ...plan.statements],
        invoice.id,
      );
      return { outcome: "posted", paymentId: plan.row.id, eventIds: plan.eventIds } as const;
    });
  } catch (error) {
    // The same payment's other event committed first.
    if (isUniqueFailure(error)) return duplicate;
    if (error instanceof ApiError && error.code === "not_found") return ignored("unknown_invoice");
    throw error;
  }
}

type PaymentEvent = Extract<
  ProviderEvent,
  { kind: "payment_refunded" | "payment_disputed" | "payment_reinstated" }
>;

/**
 * The posted payment a refund or dispute event names, or the answer when there is none. The
 * provider does not promise order: the event may come before the payment it concerns was posted
 * (its event failed and waits for a retry): not acknowledged (409), so the provider sends it again
 * later. But a payment no invoice of this organization names (another sale on the same provider
 * account), or whose invoice takes no payment (void, another currency), never will be posted:
 * acknowledged as ignored, so the provider does not retry it for days. Whose the payment is comes
 * from the event when its object says for good (a refund's charge), else from the provider (a
 * dispute); when the provider cannot say now, 409 as well.
 */
async function postedPayment(
  db: Db,
  organizationId: string,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<{ payment: Payment } | { answer: LedgerOutcome }> {
  const payment = await findProviderPayment(db, organizationId, provider.name, event.paymentId);
  if (payment) return { payment };
  const origin = event.origin ?? (await askedOrigin(organizationId, provider, event));
  if (!origin?.invoiceId || (origin.organizationId !== null && origin.organizationId !== organizationId)) {
    return { answer: ignored("unknown_payment") };
  }
  const [invoice] = await db
    .select({ currency: invoices.currency, status: invoices.status })
    .from(invoices)
    .where(scoped(organizationId, origin.invoiceId));
  if (!invoice) return { answer: ignored("unknown_payment") };
  // The payment's own event is ignored too (postPayment): it will never be posted.
  if (
    (event.currency && event.currency !== invoice.currency) ||
    (!isOpen(invoice.status) && !invoiceMay("reopen", invoice.status))
  ) {
    return { answer: ignored("payment_not_applied") };
  }
  throw notPostedYet();
}

const notPostedYet = () =>
  conflict("payment_not_posted", "The payment this event concerns is not posted yet");

/**
 * Whose a payment is, asked of the provider; 409 when it cannot say now (the provider retries).
 * A connection that cannot answer until a person mends it (a revoked key, a key of the other
 * mode than the event) is logged as an error: the provider's retries will not help alone.
 */
async function askedOrigin(organizationId: string, provider: PaymentProvider, event: PaymentEvent) {
  try {
    return await provider.paymentOrigin(event.paymentId, event.mode);
  } catch (error) {
    const log = error instanceof ProviderError && error.misconfigured ? logError : logWarn;
    log("payment provider origin lookup failed", {
      organization_id: organizationId,
      provider: provider.name,
      provider_payment_id: event.paymentId,
      error: String(error),
    });
    throw notPostedYet();
  }
}

/** A change to a posted payment as the webhook's answer; what could not change says why. */
function outcomeOf(paymentId: string, result: ProviderPaymentChange): LedgerOutcome {
  if (result.change !== "unchanged") return { outcome: result.change, paymentId, eventIds: result.eventIds };
  // A replay, an older event after a newer one, or a payment reversed meanwhile: nothing to do.
  if (result.reason === "already_applied" || result.reason === "payment_reversed") return duplicate;
  return ignored(result.reason);
}

/** Refuses (409) what a credit note already paid back: answered as ignored, nothing changes. */
async function unlessRefundedByCreditNote(paymentId: string, change: () => Promise<ProviderPaymentChange>) {
  try {
    return outcomeOf(paymentId, await change());
  } catch (error) {
    const reason = error instanceof ApiError ? error.details?.reason : undefined;
    // Reversed meanwhile, its dispute won meanwhile, or credit notes paid the money back already.
    if (reason === "payment_reversed" || reason === "dispute_reinstated") return duplicate;
    if (reason === "payment_refunded") return ignored("refunded_by_credit_note");
    throw error;
  }
}

/**
 * A refund: the provider's running total refunded is applied (src/services/invoices/payment-refunds.ts);
 * a full refund reverses the payment. Without a total, only a full refund is understood.
 */
async function refundProviderPayment(
  db: Db,
  organizationId: string,
  provider: PaymentProvider,
  event: Extract<ProviderEvent, { kind: "payment_refunded" }>,
): Promise<LedgerOutcome> {
  const posted = await postedPayment(db, organizationId, provider, event);
  if ("answer" in posted) return posted.answer;
  const { payment } = posted;
  // An amount in another currency is not read; a full refund reverses the payment whatever it says.
  const sameCurrency = !event.currency || event.currency === payment.currency;
  if (!sameCurrency && !event.fully) return ignored("currency_mismatch");
  if (event.refundedMinor === null && !event.fully) return ignored("no_amount");
  const refund = {
    refundedMinor: sameCurrency && event.refundedMinor !== null ? event.refundedMinor : payment.amountMinor,
    full: event.fully,
  };
  return unlessRefundedByCreditNote(payment.id, () =>
    applyProviderRefund(db, organizationId, payment.invoiceId, payment.id, refund),
  );
}

/** A dispute withdrew the money: the payment is reversed, marked as the dispute's. */
async function disputeProviderPayment(
  db: Db,
  organizationId: string,
  provider: PaymentProvider,
  event: Extract<ProviderEvent, { kind: "payment_disputed" }>,
): Promise<LedgerOutcome> {
  const posted = await postedPayment(db, organizationId, provider, event);
  if ("answer" in posted) return posted.answer;
  const { payment } = posted;
  // Reversed already, or the dispute was won already (a late redelivery of its withdrawal).
  if (payment.reversedAt || payment.disputeStatus === "reinstated") return duplicate;
  return unlessRefundedByCreditNote(payment.id, async () => {
    const { payment: view, eventIds } = await reversePayment(
      db,
      organizationId,
      payment.invoiceId,
      payment.id,
      "invoice.payment_disputed",
    );
    return { change: "reversed", payment: view, eventIds };
  });
}

/** Applies one verified provider event to the organization's ledger; what it cannot apply is logged. */
export async function applyProviderEvent(
  db: Db,
  organizationId: string,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<LedgerOutcome> {
  if (event.kind === "malformed") {
    // Verified, yet outside the bounds a payment stated in a request is held to: a provider's bug
    // or a forged event signed with a leaked secret; either way a person looks, nothing is posted.
    logWarn("malformed_event", {
      organization_id: organizationId,
      provider: provider.name,
      type: event.type,
      field: event.field,
      error: event.message,
    });
    return ignored("malformed_event");
  }
  const outcome = await applyEvent(db, organizationId, provider, event);
  // Money a provider took, paid back or gave back that the ledger does not record needs a person.
  if (outcome.outcome === "ignored" && event.kind !== "ignored") {
    logWarn(event.kind === "payment_succeeded" ? "provider_payment_unapplied" : "provider_event_unapplied", {
      organization_id: organizationId,
      provider: provider.name,
      provider_payment_id: event.paymentId,
      ...(event.kind === "payment_succeeded" ? { invoice_id: event.invoiceId } : { kind: event.kind }),
      reason: outcome.reason,
    });
  }
  return outcome;
}

async function applyEvent(
  db: Db,
  organizationId: string,
  provider: PaymentProvider,
  event: Exclude<ProviderEvent, { kind: "malformed" }>,
): Promise<LedgerOutcome> {
  switch (event.kind) {
    case "payment_succeeded":
      return postPayment(db, organizationId, provider, event);
    case "payment_refunded":
      return refundProviderPayment(db, organizationId, provider, event);
    case "payment_disputed":
      return disputeProviderPayment(db, organizationId, provider, event);
    case "payment_reinstated": {
      const posted = await postedPayment(db, organizationId, provider, event);
      if ("answer" in posted) return posted.answer;
      const { payment } = posted;
      return outcomeOf(
        payment.id,
        await reinstateDisputedPayment(db, organizationId, payment.invoiceId, payment.id),
      );
    }
    case "ignored":
      return ignored(`unhandled_event:${event.type}`);
  }
}

// What every invoice write shares: tenancy scoping, the payment guard, the guarded commit with
// its error mapping, a bounded retry for contended writes, and the event statements. The version
// guard is the one of every versioned table (`versionGuard(db, invoices, ...)`, src/db/guards.ts).
import { and, eq, type Placeholder, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { failBatchUnless, isForeignKeyFailure, isGuardFailure, versionGuard } from "../../db/guards";
import type { Payment } from "../../db/schema/billing";
import { type Invoice, invoices } from "../../db/schema/invoices";
import { ApiError, conflict, notFound, validationError } from "../../lib/errors";
import { type EventType, recordEvent } from "../events";

export type Statement = BatchItem<"sqlite">;

/** An invoice of an organization: by values, or by placeholders in a prepared query. */
export const scoped = (organizationId: string | Placeholder, id: string | Placeholder) =>
  and(eq(invoices.id, id), eq(invoices.organizationId, organizationId));

/**
 * Fails the whole batch as the invoice's version guard does (on invoices, so `commit` answers 409
 * `concurrent_update` and `withRetry` reads again) unless the payment still holds what a
 * provider's refund or dispute was computed from: a write based on a stale read of it cannot
 * land, whatever else it read.
 */
export function paymentGuard(
  db: Db,
  payment: Pick<Payment, "id" | "refundedMinor" | "refundCoveredMinor" | "reversedAt" | "disputeStatus">,
): Statement {
  return failBatchUnless(
    db,
    invoices,
    sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id}
      AND refunded_minor = ${payment.refundedMinor} AND refund_covered_minor = ${payment.refundCoveredMinor}
      AND reversed_at IS ${payment.reversedAt} AND dispute_status IS ${payment.disputeStatus})`,
  );
}

/**
 * Runs a guarded batch. Guard failure: 404 if the invoice was deleted meanwhile, else 409
 * `concurrent_update`. A foreign key failure means the customer was deleted after the check
 * (only a PATCH that sets customer_id writes one): 422 on `customer_id`.
 */
export async function commit(db: Db, statements: Statement[], id?: string): Promise<unknown[]> {
  try {
    return await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (isGuardFailure(error, invoices)) {
      const [still] = id
        ? await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id))
        : [1];
      if (!still) throw notFound("Invoice");
      throw conflict("concurrent_update", "The invoice changed while this request ran; retry");
    }
    if (isForeignKeyFailure(error)) throw validationError({ customer_id: "No such customer" });
    throw error;
  }
}

/**
 * Commits a change of one payment of `invoice` (a refund, a reversal, a reinstatement): only while
 * the invoice has the version and the payment the refund and dispute state they were read with
 * (`commit`'s answers otherwise).
 */
export function commitPaymentChange(
  db: Db,
  invoice: Pick<Invoice, "id" | "version">,
  payment: Parameters<typeof paymentGuard>[1],
  statements: Statement[],
): Promise<unknown[]> {
  return commit(
    db,
    [versionGuard(db, invoices, invoice.id, invoice.version), paymentGuard(db, payment), ...statements],
    invoice.id,
  );
}

const isConcurrentUpdate = (error: unknown) =>
  error instanceof ApiError && error.details?.reason === "concurrent_update";

/**
 * Runs a read-check-write attempt again while another write to the same invoice wins the
 * version guard (payments and credit notes arriving together), with a jittered, growing pause.
 * Each attempt re-reads and re-checks, so the limits (amount due, creditable total) hold
 * against every write that committed first. After `attempts` the 409 reaches the caller.
 */
export async function withRetry<T>(attempt: () => Promise<T>, attempts = 25): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isConcurrentUpdate(error) || n >= attempts) throw error;
      const ceiling = Math.min(50, 5 * n);
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * ceiling));
    }
  }
}

export function event(db: Db, organizationId: string, type: EventType, object: unknown, at: string) {
  return recordEvent(db, { organizationId, type, object, at });
}

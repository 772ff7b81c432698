// The next day on which each of the test clock's sweeps has something to do for an organization,
// so an advance jumps from event to event instead of walking every day, and calls at each step
// only the sweeps with work. Each term restates the condition its sweep selects on: on a day the
// query does not name, that sweep would find nothing, so not calling it changes nothing.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customerMayPaySql } from "../invoices/amount-due";
import { invoiceStatesFor, quoteStatesFor, sqlStatusIn } from "../lifecycle";

/** Sorts before any real day: work is already due (the next step runs it). */
const DUE_NOW = "0000-01-01";

/** Per sweep, the earliest UTC day (YYYY-MM-DD) it would act on; null: never, without a new write. */
export interface NextEvents {
  "overdue-invoices": string | null;
  "recurring-invoices": string | null;
  "quote-expiry": string | null;
  "payment-reminders": string | null;
}

export type SweepName = keyof NextEvents;

/**
 * - `recurring-invoices`: an active template's `next_run_date` (due when `<= today`), or a draft
 *   of an auto-send template left unsent (sent by the next sweep, whatever the day);
 * - `overdue-invoices`: a `sent` invoice's due date + 1 (due when `due_date < today`);
 * - `quote-expiry`: a `sent` quote's `expires_at` + 1 (due when `expires_at < today`);
 * - `payment-reminders`: the due date of an invoice the customer may pay now (customerMayPay,
 *   as the sweep selects them: none for what the organization owes its customer, 381 or 389) +
 *   the first step of its schedule (the customer's, else the organization's, as the sweep reads
 *   them) after the last step sent.
 * Days already past mean "due now". One query, one round trip.
 */
export async function nextEvents(db: Db, organizationId: string): Promise<NextEvents> {
  const row = await db.get<NextEvents>(sql`
    SELECT
      (SELECT coalesce(
          (SELECT ${DUE_NOW} WHERE EXISTS (
            SELECT 1 FROM invoices i JOIN recurring_invoices r ON r.id = i.recurring_invoice_id
            WHERE i.organization_id = ${organizationId} AND ${sqlStatusIn(sql.raw("i.status"), invoiceStatesFor("send"))}
              AND i.recurring_invoice_id IS NOT NULL AND r.auto_send = 1)),
          (SELECT MIN(next_run_date) FROM recurring_invoices
            WHERE organization_id = ${organizationId} AND status = 'active'))
      ) AS "recurring-invoices",
      (SELECT date(MIN(due_date), '+1 day') FROM invoices
        WHERE organization_id = ${organizationId} AND ${sqlStatusIn(sql.raw("status"), invoiceStatesFor("mark_overdue"))}) AS "overdue-invoices",
      (SELECT date(MIN(expires_at), '+1 day') FROM quotes
        WHERE organization_id = ${organizationId} AND ${sqlStatusIn(sql.raw("status"), quoteStatesFor("expire"))}) AS "quote-expiry",
      (SELECT MIN(date(julianday(i.due_date) + json_extract(step.value, '$.offset_days')))
        FROM invoices i
        JOIN customers c ON c.id = i.customer_id
        JOIN organizations o ON o.id = i.organization_id,
        json_each(coalesce(c.reminder_schedule, json_extract(o.billing_profile, '$.reminder_schedule'))) step
        WHERE i.organization_id = ${organizationId}
          AND ${sqlStatusIn(sql.raw("i.status"), invoiceStatesFor("remind"))}
          AND ${customerMayPaySql("i")}
          AND coalesce(json_array_length(c.reminder_schedule),
            json_array_length(o.billing_profile, '$.reminder_schedule'), 0) > 0
          AND json_extract(step.value, '$.offset_days') > coalesce(
            (SELECT MAX(reminder_step) FROM invoice_emails e WHERE e.invoice_id = i.id), -1000000)
      ) AS "payment-reminders"`);
  return (
    row ?? {
      "overdue-invoices": null,
      "recurring-invoices": null,
      "quote-expiry": null,
      "payment-reminders": null,
    }
  );
}

/** The earliest of them: the next day on which any sweep has work. */
export function nextEventDay(events: NextEvents): string | null {
  const days = Object.values(events)
    .filter((day): day is string => day !== null)
    .sort();
  return days[0] ?? null;
}

// The reminder sweep: e-mails each due step of the reminder schedule (the customer's, else the
// organization's) for every unpaid invoice, exactly once, never in bursts (docs/automation.md).
import { and, asc, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { failBatchUnless, isGuardFailure, isUniqueFailure } from "../../db/guards";
import { anyOrganization, dbFor, forEachShard, type Settled } from "../../db/route";
import { customers } from "../../db/schema/customers";
import { invoiceEmails } from "../../db/schema/emails";
import { type Organization, organizations } from "../../db/schema/identity";
import { type Invoice, invoices } from "../../db/schema/invoices";
import type { Bindings } from "../../env";
import { addDays, utcDate } from "../../lib/clock";
import { logError } from "../../lib/log";
import { type EmailSender, emailSenderFor } from "../email";
import { emailBrandingOf } from "../email/branding";
import { deliverQueuedEmail, insertQueuedEmail, queueEmail } from "../email/delivery";
import { issuedDocumentOf } from "../issued-document";
import { invoiceStatesFor, sqlStatusIn, statusIn } from "../lifecycle";
import { effectiveSchedule } from "../reminder-schedule";
import { customerMayPaySql } from "./amount-due";
import { type HostedLinks, hostedUrlOf } from "./hosted";
import { composeInvoiceEmail, type ReminderStepOf } from "./invoice-email";

const PAGE = 100;
/** The earliest a step may be (offset -60): invoices due later than this have nothing due. */
const MAX_LEAD_DAYS = 60;

export interface ReminderSweepResult {
  sent: number;
  /** Earlier due steps not sent because a later one was (catch-up). */
  skipped: number;
}

/**
 * For each invoice the customer may pay now (customerMayPay: open, owed by the customer, with an
 * amount due; paid, void and fully credited invoices have none) whose schedule has a step due (due date + offset_days <= today),
 * e-mails the **latest** due step unless that step or a later one was already e-mailed; the
 * earlier due steps not yet e-mailed are skipped (counted, never sent later). The claim is one
 * INSERT of the e-mail row (kind `reminder`, `reminder_step` = the step's offset) that inserts
 * nothing when a reminder with that step or a later one exists, or when the customer may no
 * longer pay the invoice, and the unique index (invoice_id, reminder_step) refuses a concurrent twin: only the
 * sweep whose row went in calls the transport.
 */
export async function sweepReminders(
  env: Bindings,
  at: Date,
  scope: { organizationId?: string; links?: HostedLinks } = {},
): Promise<ReminderSweepResult> {
  const total: ReminderSweepResult = { sent: 0, skipped: 0 };
  const sweep = async (db: Db, settled: Settled) => {
    const result = await sweepRemindersIn(db, env, at, scope, settled);
    total.sent += result.sent;
    total.skipped += result.skipped;
  };
  if (scope.organizationId) await sweep(await dbFor(env, scope.organizationId), anyOrganization);
  else await forEachShard(env, "payment-reminders", (db, _, visit) => sweep(db, visit.settled));
  return total;
}

async function sweepRemindersIn(
  db: Db,
  env: Bindings,
  at: Date,
  scope: { organizationId?: string; links?: HostedLinks },
  settled: Settled,
): Promise<ReminderSweepResult> {
  const today = utcDate(at);
  const stamp = at.toISOString();
  const sender = emailSenderFor(env);
  const result: ReminderSweepResult = { sent: 0, skipped: 0 };
  let after = "";
  for (;;) {
    const page = await db
      .select({
        invoice: invoices,
        customerEmail: customers.email,
        customerSchedule: customers.reminderSchedule,
        organization: organizations,
      })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
      .where(
        and(
          statusIn(invoices.status, invoiceStatesFor("remind")),
          // Only what the customer may pay now (nothing of what the organization owes it).
          customerMayPaySql(),
          sql`${invoices.dueDate} <= ${addDays(today, MAX_LEAD_DAYS)}`,
          gt(invoices.id, after),
          scope.organizationId
            ? eq(invoices.organizationId, scope.organizationId)
            : eq(organizations.testMode, false),
          // None of the organizations a move leaves alone on this database.
          settled(invoices.organizationId),
          sql`coalesce(json_array_length(${customers.reminderSchedule}),
            json_array_length(${organizations.billingProfile}, '$.reminder_schedule'), 0) > 0`,
        ),
      )
      .orderBy(asc(invoices.id))
      .limit(PAGE);
    if (page.length === 0) return result;
    after = page.at(-1)?.invoice.id ?? after;
    const done = new Map(
      (
        await db
          .select({ invoiceId: invoiceEmails.invoiceId, step: max(invoiceEmails.reminderStep) })
          .from(invoiceEmails)
          .where(
            inArray(
              invoiceEmails.invoiceId,
              page.map((row) => row.invoice.id),
            ),
          )
          .groupBy(invoiceEmails.invoiceId)
      ).map((row) => [row.invoiceId, row.step]),
    );
    for (const row of page) {
      const schedule = effectiveSchedule(
        row.organization.billingProfile?.reminder_schedule,
        row.customerSchedule,
      );
      const last = done.get(row.invoice.id) ?? null;
      const due = schedule.filter(
        (step) =>
          addDays(row.invoice.dueDate, step.offset_days) <= today &&
          (last === null || step.offset_days > last),
      );
      const step = due.at(-1);
      if (!step) continue;
      const sent = await sendReminder(db, env, sender, row, { step, schedule }, stamp, scope.links).catch(
        (error: unknown) => {
          logError("reminder not sent", { invoice_id: row.invoice.id, error: String(error) });
          return false;
        },
      );
      if (sent) {
        result.sent++;
        result.skipped += due.length - 1;
      }
    }
    if (page.length < PAGE) return result;
  }
}

async function sendReminder(
  db: Db,
  env: Bindings,
  sender: EmailSender,
  row: { invoice: Invoice; customerEmail: string; organization: Organization },
  reminder: ReminderStepOf,
  at: string,
  links: HostedLinks | undefined,
): Promise<boolean> {
  const { invoice } = row;
  // The invoice as it was issued, with what is left to pay now beside its total.
  const doc = await issuedDocumentOf(db, row.organization, "invoice", invoice.id);
  const { step } = reminder;
  const rendered = await composeInvoiceEmail({
    doc,
    invoice,
    kind: "reminder",
    overdue: step.offset_days > 0,
    reminder,
    hostedUrl: links ? await hostedUrlOf(links, invoice) : null,
    branding: await emailBrandingOf(env.DOCUMENTS, links?.baseUrl, row.organization, doc),
  });
  const email = queueEmail(sender, row.organization, row.customerEmail, rendered);
  // The claim: the row goes in only while the invoice is unpaid and no reminder of this step or
  // a later one exists (and the unique index refuses a concurrent twin).
  try {
    await db.batch([
      failBatchUnless(
        db,
        invoiceEmails,
        sql`EXISTS (SELECT 1 FROM invoices WHERE id = ${invoice.id} AND ${sqlStatusIn(sql.raw("status"), invoiceStatesFor("remind"))}
          AND ${customerMayPaySql()})
        AND NOT EXISTS (SELECT 1 FROM invoice_emails WHERE invoice_id = ${invoice.id}
          AND reminder_step >= ${step.offset_days})`,
      ),
      insertQueuedEmail(db, invoiceEmails, email, {
        invoiceId: invoice.id,
        kind: "reminder",
        reminderStep: step.offset_days,
        createdAt: at,
      }),
    ]);
  } catch (error) {
    if (isGuardFailure(error, invoiceEmails) || isUniqueFailure(error)) return false;
    throw error;
  }
  // A failure is recorded on the row (`failed`) and logged; the sweep does not retry the step.
  await deliverQueuedEmail(db, invoiceEmails, email, {
    what: "reminder",
    context: { invoice_id: invoice.id },
  }).catch(() => undefined);
  return true;
}

// Sending an invoice: it is issued (issue date, due date from the payment terms when not given,
// seller and buyer frozen as they are now), then e-mailed; sending again is a reminder.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Customer } from "../../db/schema/customers";
import { invoiceEmails } from "../../db/schema/emails";
import type { Organization } from "../../db/schema/identity";
import { type Invoice, invoices, type PartySnapshot, type SellerSnapshot } from "../../db/schema/invoices";
import { now, nowIso, utcDate } from "../../lib/clock";
import { ApiError, conflict, notFound, validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { logError } from "../../lib/log";
import { quantityToNumber } from "../../lib/money";
import { findCustomer } from "../customers";
import { type EmailSender, OutboxEmailSender } from "../email";
import { renderInvoiceEmail } from "../email/render";
import { billingProfileOf } from "../organization";
import { commit, event, type Statement, scoped, versionGuard } from "./common";
import { type HostedLinks, hostedUrl, hostedUrlOf, issueHostedToken } from "./hosted";
import { checkTaxExempt, storedLineTax } from "./pricing";
import { amountDueMinor, effectiveStatus, loadInvoice, serializeInvoice } from "./read";
import { addDays, paymentTermsDays } from "./write";

/** The seller as the invoice will state it: the organization's billing profile as it is now. */
export function sellerSnapshot(organization: Pick<Organization, "name" | "billingProfile">): SellerSnapshot {
  return { name: organization.name, ...billingProfileOf(organization) };
}

/** The buyer as the invoice will state it: the customer as it is now. */
export function buyerSnapshot(customer: Customer, invoice: Pick<Invoice, "buyerReference">): PartySnapshot {
  return {
    name: customer.name,
    email: customer.email,
    address: {
      line1: customer.addressLine1,
      line2: customer.addressLine2,
      city: customer.addressCity,
      postal_code: customer.addressPostalCode,
      region: customer.addressRegion,
      country: customer.addressCountry,
    },
    vat_id: customer.vatId,
    buyer_reference: invoice.buyerReference ?? customer.buyerReference,
    electronic_address:
      customer.electronicAddressScheme && customer.electronicAddressId
        ? { scheme: customer.electronicAddressScheme, id: customer.electronicAddressId }
        : null,
    tax_exempt: customer.taxExempt,
  };
}

export function serializeEmail(row: typeof invoiceEmails.$inferSelect) {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    kind: row.kind,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    transport: row.transport,
    status: row.status,
    provider_message_id: row.providerMessageId,
    created_at: row.createdAt,
  };
}

/** An http e-mail row still `queued` after this long was abandoned (the Worker stopped mid-send). */
const IN_FLIGHT_MS = 60_000;

/**
 * What the invoice's e-mails say about the next send: whether an invoice e-mail is on record
 * (queued or sent; only failed attempts do not count), and whether an http e-mail is being
 * delivered right now (claimed less than a minute ago, no outcome yet).
 */
async function emailState(db: Db, organizationId: string, id: string) {
  const cutoff = new Date(now().getTime() - IN_FLIGHT_MS).toISOString();
  const mine = and(eq(invoiceEmails.invoiceId, id), eq(invoiceEmails.organizationId, organizationId));
  const [state] = await db
    .select({
      hasInvoiceEmail: sql<number>`EXISTS (SELECT 1 FROM ${invoiceEmails} WHERE ${mine}
        AND ${invoiceEmails.kind} = 'invoice' AND ${invoiceEmails.status} IN ('queued', 'sent'))`,
      inFlight: sql<number>`EXISTS (SELECT 1 FROM ${invoiceEmails} WHERE ${mine}
        AND ${invoiceEmails.transport} = 'http' AND ${invoiceEmails.status} = 'queued'
        AND ${invoiceEmails.createdAt} > ${cutoff})`,
    })
    .from(sql`(SELECT 1)`);
  return { hasInvoiceEmail: Boolean(state?.hasInvoiceEmail), inFlight: Boolean(state?.inFlight) };
}

/**
 * Draft: e-mails the customer, moves to sent and records sent_at. Sent/overdue: a reminder
 * (another e-mail, no status change), or the invoice e-mail again if every earlier attempt
 * failed. Paid: 409. While an http e-mail of the invoice is being delivered: 409
 * `email_in_progress` (a double click does not become an invoice plus a reminder).
 *
 * Order of work, so that concurrent sends cannot both e-mail and a crash cannot lose a record:
 *  1. one batch claims the send: the version guard (a concurrent send or change -> 409
 *     `concurrent_update`, nothing e-mailed), the version bump (and for a draft the move to
 *     sent with its `invoice.sent` event), and the e-mail row as `queued`;
 *  2. only then the transport is called, with the row id as idempotency key;
 *  3. the row is marked `sent` (with the provider's id) or `failed`.
 * The outbox transport stops after 1: the queued row is the outbox. When the provider fails
 * after the claim, the invoice stays sent (it was issued; `invoice.sent` is recorded), the row
 * reads `failed` in GET /emails, and `failure` carries the 500 `internal_error` (with
 * `details.reason = "email_delivery_failed"`) the route answers after dispatching the events;
 * sending again retries the invoice e-mail.
 *
 * The hosted page's token is created in the claim (a draft's send, or the next send of an
 * invoice issued before hosted links existed), and every e-mail links the page.
 */
export async function sendInvoice(
  db: Db,
  sender: EmailSender,
  organization: Organization,
  id: string,
  links: HostedLinks,
) {
  const { invoice, items } = await loadInvoice(db, organization.id, id);
  const today = utcDate();
  const status = effectiveStatus(invoice, today);
  if (status === "paid") throw conflict("invoice_paid", "A paid invoice cannot be sent");
  if (status === "void") throw conflict("invoice_void", "A void invoice cannot be sent");
  const customer = await findCustomer(db, organization.id, invoice.customerId);
  if (!customer) throw new Error(`invoice ${id} refers to a missing customer`);

  let kind: "invoice" | "reminder" = "invoice";
  if (status !== "draft") {
    const emails = await emailState(db, organization.id, id);
    if (emails.inFlight) {
      throw conflict("email_in_progress", "An e-mail of this invoice is being delivered; retry in a moment");
    }
    if (emails.hasInvoiceEmail) kind = "reminder";
  }
  if (status === "draft") {
    // The customer may have become reverse-charge or exempt since the draft was priced.
    const errors: Record<string, string> = {};
    checkTaxExempt(
      items.map((item) => ({ tax: storedLineTax(item) })),
      customer,
      invoice.ignoreTaxExempt,
      errors,
    );
    if (Object.keys(errors).length > 0) {
      throw validationError(errors, "The customer's tax status no longer fits the invoice's tax rates");
    }
  }
  // Issuing: the day it is sent (UTC) is the issue date; a due date that was not given follows
  // the payment terms from it; the parties are frozen as they are now. An invoice of nothing
  // (total 0) is settled as it is issued: there is nothing to pay.
  const settled = status === "draft" && invoice.totalMinor === 0;
  const at = nowIso();
  const issued: Partial<Invoice> & Pick<Invoice, "dueDate"> =
    status === "draft"
      ? {
          buyerReference: invoice.buyerReference ?? customer.buyerReference,
          ...(settled ? { paidAt: at } : {}),
          issueDate: today,
          dueDate: invoice.dueDateDefaulted
            ? addDays(today, paymentTermsDays(organization))
            : invoice.dueDate,
          seller: sellerSnapshot(organization),
          buyer: buyerSnapshot(customer, invoice),
        }
      : { dueDate: invoice.dueDate };
  // One token per invoice, kept across reminders; created with the claim if there is none yet.
  const link = invoice.hostedTokenHash ? null : await issueHostedToken(links.keys, id, at);
  const pageUrl = link
    ? hostedUrl(links.baseUrl, link.token)
    : await hostedUrlOf(links, { ...invoice, status: "sent" });
  const message = renderInvoiceEmail({
    kind,
    from: sender.from,
    organizationName: organization.name,
    customer,
    number: invoice.number,
    currency: invoice.currency,
    totalMinor: invoice.totalMinor,
    taxTotalMinor: invoice.taxTotalMinor,
    amountDueMinor: amountDueMinor(invoice),
    dueDate: issued.dueDate,
    notes: invoice.notes,
    hostedUrl: pageUrl,
    lines: items.map((item) => ({
      description: item.description,
      quantity: quantityToNumber(item.quantity),
      unitPriceMinor: item.unitPriceMinor,
      amountMinor: item.amountMinor,
    })),
  });
  const emailId = prefixedId("eml");
  // A test organization's e-mails stay in the outbox (stored, never handed to a provider).
  const transport = organization.testMode ? new OutboxEmailSender(sender.from) : sender;

  // 1. Claim: the status change (or, for a reminder, just the version bump that serializes
  // concurrent sends) and the queued e-mail row commit together, or not at all.
  const version = invoice.version + 1;
  const next: Invoice =
    status === "draft"
      ? {
          ...invoice,
          ...issued,
          ...link?.columns,
          status: settled ? "paid" : "sent",
          sentAt: at,
          version,
          updatedAt: at,
        }
      : { ...invoice, ...link?.columns, version };
  const view = serializeInvoice(next, items, today);
  const eventIds: string[] = [];
  const statements: Statement[] = [
    versionGuard(db, id, invoice.version),
    db
      .update(invoices)
      .set(
        status === "draft"
          ? { ...issued, ...link?.columns, status: next.status, sentAt: at, version, updatedAt: at }
          : { ...link?.columns, version },
      )
      .where(scoped(organization.id, id)),
    db.insert(invoiceEmails).values({
      id: emailId,
      organizationId: organization.id,
      invoiceId: id,
      kind,
      fromAddress: message.from,
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      transport: transport.transport,
      status: "queued",
      providerMessageId: null,
      createdAt: at,
    }),
  ];
  if (status === "draft") {
    const recorded = [event(db, organization.id, "invoice.sent", view, at)];
    if (settled) recorded.push(event(db, organization.id, "invoice.paid", view, at));
    eventIds.push(...recorded.map((e) => e.id));
    statements.push(...recorded.flatMap((e) => e.statements));
  }
  await commit(db, statements, id);

  // 2. Deliver, 3. record the outcome.
  let result: Awaited<ReturnType<EmailSender["send"]>>;
  try {
    result = await transport.send(message, { idempotencyKey: emailId });
  } catch (error) {
    logError("invoice e-mail failed", {
      invoice_id: id,
      email_id: emailId,
      transport: transport.transport,
      error: error instanceof Error ? error.message : String(error),
    });
    await markEmail(db, emailId, { status: "failed", providerMessageId: null });
    // The claim committed: the caller dispatches its events, then answers with this error.
    const failure = new ApiError(
      "internal_error",
      `The invoice is ${view.status}, but the e-mail provider did not accept the message; ` +
        "send again to retry the e-mail",
      {
        details: { reason: "email_delivery_failed", invoice_status: view.status, email_id: emailId },
        cause: error,
      },
    );
    return { invoice: { ...view, hosted_url: pageUrl }, eventIds, failure };
  }
  if (result.status !== "queued") await markEmail(db, emailId, result);
  return { invoice: { ...view, hosted_url: pageUrl }, eventIds, failure: undefined };
}

/** Records the transport's outcome on the queued row; logged, not thrown, if even that fails. */
async function markEmail(
  db: Db,
  emailId: string,
  outcome: { status: "sent" | "failed" | "queued"; providerMessageId: string | null },
) {
  try {
    await db
      .update(invoiceEmails)
      .set({ status: outcome.status, providerMessageId: outcome.providerMessageId })
      .where(eq(invoiceEmails.id, emailId));
  } catch (error) {
    logError("invoice e-mail outcome not recorded", { email_id: emailId, ...outcome, error: String(error) });
  }
}

export async function listInvoiceEmails(
  db: Db,
  organizationId: string,
  id: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(invoiceEmails.invoiceId, id), eq(invoiceEmails.organizationId, organizationId));
  const [[invoice], rows, [total]] = await db.batch([
    db.select({ id: invoices.id }).from(invoices).where(scoped(organizationId, id)),
    db
      .select()
      .from(invoiceEmails)
      .where(where)
      .orderBy(asc(invoiceEmails.createdAt), asc(invoiceEmails.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(invoiceEmails).where(where),
  ]);
  if (!invoice) throw notFound("Invoice");
  return { rows: rows.map(serializeEmail), total: total?.n ?? 0 };
}

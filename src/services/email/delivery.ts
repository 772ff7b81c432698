// Every e-mail the service sends (invoice, reminder, receipt, credit note, quote) is a row first:
// stored `queued` (with the write that causes it, when there is one), then handed to the
// transport with the row id as its idempotency key, then marked `sent` or `failed`. The kinds
// differ only in their table, their own columns and what they answer.
import { and, eq, getTableName, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import {
  ABANDONED_EMAIL_CONDITION,
  type CreditNoteEmail,
  type creditNoteEmails,
  type InvoiceEmail,
  type invoiceEmails,
} from "../../db/schema/emails";
import type { Organization } from "../../db/schema/identity";
import type { quoteEmails } from "../../db/schema/quotes";
import { ApiError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { logError } from "../../lib/log";
import { OutboxEmailSender } from "./outbox";
import type { EmailAttachment, EmailMessage, EmailSender, SendResult } from "./types";

/** The tables that record e-mails, one per kind of document. */
export type EmailTable = typeof invoiceEmails | typeof creditNoteEmails | typeof quoteEmails;

/** An http e-mail row still `queued` after this long was abandoned (the Worker stopped mid-send). */
export const IN_FLIGHT_MS = 60_000;

/** An e-mail about to be stored: its row id (the provider's idempotency key), transport and message. */
export interface QueuedEmail {
  id: string;
  transport: EmailSender;
  message: EmailMessage;
  organizationId: string;
}

/**
 * The message to `to` from the configured sender, under a new row id. A test organization's
 * e-mails stay in the outbox: stored, never handed to a provider.
 */
export function queueEmail(
  sender: EmailSender,
  organization: Pick<Organization, "id" | "testMode">,
  to: string,
  content: { subject: string; text: string; html: string },
): QueuedEmail {
  return {
    id: prefixedId("eml"),
    transport: organization.testMode ? new OutboxEmailSender(sender.from) : sender,
    message: { from: sender.from, to, subject: content.subject, text: content.text, html: content.html },
    organizationId: organization.id,
  };
}

/** What a kind adds to the row (its document's id, its kind, attachments, ...), or overrides. */
type KindColumns<T extends EmailTable> = Omit<
  SQLiteInsertValue<T>,
  | "id"
  | "organizationId"
  | "fromAddress"
  | "toAddress"
  | "subject"
  | "text"
  | "html"
  | "transport"
  | "status"
  | "providerMessageId"
> &
  Partial<SQLiteInsertValue<T>>;

/** The columns every kind's row shares, as stored before the transport is called. */
export function queuedRow(email: QueuedEmail) {
  return {
    id: email.id,
    organizationId: email.organizationId,
    fromAddress: email.message.from,
    toAddress: email.message.to,
    subject: email.message.subject,
    text: email.message.text,
    html: email.message.html,
    transport: email.transport.transport,
    status: "queued" as const,
    providerMessageId: null,
  };
}

/** The message and its fate, as every kind's e-mail list shows them (`GET .../emails`). */
export function emailMessageView(row: InvoiceEmail | CreditNoteEmail) {
  return {
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    transport: row.transport,
    status: row.status,
    provider_message_id: row.providerMessageId,
  };
}

/** The insert of the `queued` row with the kind's own columns, for the batch that claims the send. */
export function insertQueuedEmail<T extends EmailTable>(
  db: Db,
  table: T,
  email: QueuedEmail,
  columns: KindColumns<T>,
) {
  const row = { ...queuedRow(email), ...columns } as SQLiteInsertValue<EmailTable>;
  return db.insert(table as EmailTable).values(row);
}

/**
 * Hands a queued row's message (with `attachments`) to its transport, the row id as idempotency
 * key, so a provider delivers one message per row however often this runs; then records the
 * outcome: `sent` with the provider's id (the outbox transport leaves the row `queued`: it is the
 * outbox), or `failed`, logged as `<what> e-mail failed` and thrown. Recording is logged, never
 * thrown: what the provider did stands whatever the row says (a row left `queued` is delivered
 * again by the abandoned-e-mail sweep, under the same key).
 */
export async function deliverQueuedEmail(
  db: Db,
  table: EmailTable,
  email: Pick<QueuedEmail, "id" | "transport" | "message">,
  log: { what: string; context: Record<string, string> },
  attachments: EmailAttachment[] = [],
): Promise<SendResult> {
  let result: SendResult;
  try {
    result = await email.transport.send(
      attachments.length > 0 ? { ...email.message, attachments } : email.message,
      { idempotencyKey: email.id },
    );
  } catch (error) {
    logError(`${log.what} e-mail failed`, {
      ...log.context,
      email_id: email.id,
      transport: email.transport.transport,
      error: error instanceof Error ? error.message : String(error),
    });
    await updateEmailRow(db, table, email.id, { status: "failed" });
    throw error;
  }
  if (result.status !== "queued") {
    await updateEmailRow(db, table, email.id, {
      status: result.status,
      providerMessageId: result.providerMessageId,
    });
  }
  return result;
}

/** Records on an e-mail row what became of it; logged, not thrown, if even that fails. */
export async function updateEmailRow(
  db: Db,
  table: EmailTable,
  id: string,
  set: { status?: "sent" | "failed"; providerMessageId?: string | null } & Partial<
    Pick<(typeof invoiceEmails)["$inferInsert"], "attachmentKind" | "einvoiceAttachmentKind">
  >,
): Promise<void> {
  try {
    await db
      .update(table as typeof invoiceEmails)
      .set(set)
      .where(eq((table as typeof invoiceEmails).id, id));
  } catch (error) {
    logError("e-mail row not updated", {
      table: getTableName(table),
      email_id: id,
      ...set,
      error: String(error),
    });
  }
}

/**
 * The 500 a send answers when the provider did not take its e-mail (the claim stands; sending
 * again retries under a new row), with `details.reason = "email_delivery_failed"` and the row's id.
 */
export function emailDeliveryFailure(
  message: string,
  emailId: string,
  cause: unknown,
  details: Record<string, string> = {},
): ApiError {
  return new ApiError("internal_error", message, {
    details: { reason: "email_delivery_failed", ...details, email_id: emailId },
    cause,
  });
}

/** An http e-mail of `table` being delivered right now: claimed under `IN_FLIGHT_MS` ago, no outcome yet. */
export function deliveringNow(table: EmailTable, at: Date): SQL {
  const cutoff = new Date(at.getTime() - IN_FLIGHT_MS).toISOString();
  return sql`${table.transport} = 'http' AND ${table.status} = 'queued' AND ${table.createdAt} > ${cutoff}`;
}

/**
 * An http e-mail of `table` no request delivers any more (queued longer than `IN_FLIGHT_MS`):
 * the condition as literals, as the partial index states it, so SQLite seeks that index instead
 * of scanning every e-mail (bound values would not prove the index applies).
 */
export function abandonedBy(
  table: typeof invoiceEmails | typeof creditNoteEmails,
  at: Date,
): SQL | undefined {
  const cutoff = new Date(at.getTime() - IN_FLIGHT_MS).toISOString();
  return and(ABANDONED_EMAIL_CONDITION, lt(table.createdAt, cutoff));
}

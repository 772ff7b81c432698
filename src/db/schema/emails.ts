// Every invoice e-mail, whichever transport carried it: the outbox transport's messages wait
// here for a relay; the http transport's record what the provider accepted (or refused).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ARCHIVE_KINDS } from "./archives";
import { creditNotes } from "./billing";
import { invoices } from "./invoices";

export const EMAIL_KINDS = ["invoice", "reminder", "receipt"] as const;
export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;

/** An http e-mail still `queued`: its send stopped between the claim and the delivery. */
export const ABANDONED_EMAIL_CONDITION = sql`status = 'queued' AND transport = 'http'`;

/**
 * The message of every stored e-mail (invoice, credit note, quote): what was sent, by which
 * transport ("outbox" or "http"), and what became of it (src/services/email/delivery.ts stores and
 * marks it for every kind). A function: each table gets builders of its own, so a constraint one
 * of them adds (a unique name drizzle derives from the first table) is never shared.
 */
export const emailMessageColumns = () => ({
  fromAddress: text("from_address").notNull(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  transport: text("transport").notNull(),
  status: text("status", { enum: EMAIL_STATUSES }).notNull(),
  providerMessageId: text("provider_message_id"),
});

export const invoiceEmails = sqliteTable(
  "invoice_emails",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    ...emailMessageColumns(),
    /**
     * The archived document attached (a reference: the bytes are loaded from the archive at
     * delivery, never stored here); null for none.
     */
    attachmentKind: text("attachment_kind", { enum: ARCHIVE_KINDS }),
    /**
     * The e-invoice attached besides it, as the customer's `einvoice_attachment` asks (`ubl` or
     * `cii` for `xml`, `facturx`); a reference like `attachment_kind`; null for none.
     */
    einvoiceAttachmentKind: text("einvoice_attachment_kind", { enum: ARCHIVE_KINDS }),
    /**
     * A scheduled reminder (kind `reminder`, sent by the reminder sweep): the step's
     * `offset_days`, which identifies the step within a schedule. Null for every other e-mail.
     */
    reminderStep: integer("reminder_step"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("invoice_emails_invoice_created_idx").on(t.invoiceId, t.createdAt, t.id),
    // Each scheduled step of an invoice is e-mailed at most once (NULLs are distinct).
    uniqueIndex("invoice_emails_invoice_reminder_step_idx").on(t.invoiceId, t.reminderStep),
    // The hourly sweep's e-mails that a stopped Worker left undelivered (a small, usually empty
    // set): it seeks them here instead of scanning every e-mail ever sent.
    index("invoice_emails_abandoned_idx").on(t.createdAt, t.id).where(ABANDONED_EMAIL_CONDITION),
  ],
);

export type InvoiceEmail = typeof invoiceEmails.$inferSelect;

/**
 * Every credit note e-mail (POST /v1/credit-notes/{id}/send), as invoice_emails keeps the
 * invoice's: the outbox transport's messages wait here for a relay, the attachments are
 * references to the archive.
 */
export const creditNoteEmails = sqliteTable(
  "credit_note_emails",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    creditNoteId: text("credit_note_id")
      .notNull()
      .references(() => creditNotes.id),
    ...emailMessageColumns(),
    attachmentKind: text("attachment_kind", { enum: ARCHIVE_KINDS }),
    einvoiceAttachmentKind: text("einvoice_attachment_kind", { enum: ARCHIVE_KINDS }),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("credit_note_emails_note_created_idx").on(t.creditNoteId, t.createdAt, t.id),
    // As invoice_emails': the hourly sweep's undelivered http e-mails, sought without a scan.
    index("credit_note_emails_abandoned_idx").on(t.createdAt, t.id).where(ABANDONED_EMAIL_CONDITION),
  ],
);

export type CreditNoteEmail = typeof creditNoteEmails.$inferSelect;

// E-mails (an invoice's, a credit note's) a send left `queued` with the http transport because its Worker stopped after the
// claim committed and before delivery (rendering the documents, most likely). The request's
// Idempotency-Key already keeps "sent" (docs/idempotency.md), so no retry of it delivers them:
// the hourly sweep does, with the attachment the row names, as the send would have.
import { and, asc, eq, lt } from "drizzle-orm";
import type { MasterKeySet } from "../../crypto/document-keys";
import type { Db } from "../../db/client";
import { ABANDONED_EMAIL_CONDITION, creditNoteEmails, invoiceEmails } from "../../db/schema/emails";
import { organizations } from "../../db/schema/identity";
import { logError } from "../../lib/log";
import type { EmailSender } from "../email";
import { deliverCreditNoteEmail } from "./credit-note-emails";
import { deliverInvoiceEmail, IN_FLIGHT_MS, loadAttachment, loadEInvoiceAttachment } from "./send";

/** At most this many e-mails a shard per sweep, so one run stays short; the rest wait an hour. */
const BATCH = 50;

/**
 * Delivers the http e-mails of one database still `queued` longer than the in-flight window
 * (no request is delivering them any more), oldest first: the row's stored message, its archived
 * attachment (rendered and archived now if the send died before archiving), the row id as the
 * provider's idempotency key, so a delivery that did reach the provider is not repeated. Each
 * row ends `sent` or `failed` (then sending the invoice again retries it). Answers how many were
 * delivered.
 */
export async function deliverAbandonedEmails(
  db: Db,
  sender: EmailSender,
  storage: { bucket: R2Bucket; keys: MasterKeySet },
  at: Date,
): Promise<number> {
  if (sender.transport !== "http") return 0;
  const cutoff = new Date(at.getTime() - IN_FLIGHT_MS).toISOString();
  const rows = await db
    .select({ email: invoiceEmails, organization: organizations })
    .from(invoiceEmails)
    .innerJoin(organizations, eq(organizations.id, invoiceEmails.organizationId))
    .where(
      // The condition as literals, as the partial index states it, so SQLite seeks that index
      // instead of scanning every e-mail (bound values would not prove the index applies).
      and(ABANDONED_EMAIL_CONDITION, lt(invoiceEmails.createdAt, cutoff)),
    )
    .orderBy(asc(invoiceEmails.createdAt), asc(invoiceEmails.id))
    .limit(BATCH);
  let delivered = 0;
  for (const { email, organization } of rows) {
    const archive = { db, bucket: storage.bucket, keys: storage.keys, organization };
    try {
      const attachment = await loadAttachment(archive, email.invoiceId, email.attachmentKind);
      const einvoice = await loadEInvoiceAttachment(archive, email.invoiceId, email.einvoiceAttachmentKind);
      await deliverInvoiceEmail(
        db,
        sender,
        {
          id: email.id,
          attachmentKind: email.attachmentKind,
          einvoiceAttachmentKind: email.einvoiceAttachmentKind,
          message: {
            from: email.fromAddress,
            to: email.toAddress,
            subject: email.subject,
            text: email.text,
            html: email.html,
          },
        },
        attachment,
        einvoice,
      );
      delivered++;
    } catch (error) {
      logError("abandoned e-mail not delivered", {
        invoice_id: email.invoiceId,
        email_id: email.id,
        error: String(error),
      });
    }
  }
  return delivered + (await deliverAbandonedCreditNoteEmails(db, sender, storage, cutoff));
}

/** The same for credit note e-mails (credit_note_emails, POST /v1/credit-notes/{id}/send). */
async function deliverAbandonedCreditNoteEmails(
  db: Db,
  sender: EmailSender,
  storage: { bucket: R2Bucket; keys: MasterKeySet },
  cutoff: string,
): Promise<number> {
  const rows = await db
    .select({ email: creditNoteEmails, organization: organizations })
    .from(creditNoteEmails)
    .innerJoin(organizations, eq(organizations.id, creditNoteEmails.organizationId))
    .where(and(ABANDONED_EMAIL_CONDITION, lt(creditNoteEmails.createdAt, cutoff)))
    .orderBy(asc(creditNoteEmails.createdAt), asc(creditNoteEmails.id))
    .limit(BATCH);
  let delivered = 0;
  for (const { email, organization } of rows) {
    const archive = { db, bucket: storage.bucket, keys: storage.keys, organization };
    try {
      await deliverCreditNoteEmail(archive, sender, {
        id: email.id,
        creditNoteId: email.creditNoteId,
        attachmentKind: email.attachmentKind,
        einvoiceAttachmentKind: email.einvoiceAttachmentKind,
        message: {
          from: email.fromAddress,
          to: email.toAddress,
          subject: email.subject,
          text: email.text,
          html: email.html,
        },
      });
      delivered++;
    } catch (error) {
      logError("abandoned e-mail not delivered", {
        credit_note_id: email.creditNoteId,
        email_id: email.id,
        error: String(error),
      });
    }
  }
  return delivered;
}

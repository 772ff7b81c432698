// E-mails (an invoice's, a credit note's) a send left `queued` with the http transport because its Worker stopped after the
// claim committed and before delivery (rendering the documents, most likely). The request's
// Idempotency-Key already keeps "sent" (docs/idempotency.md), so no retry of it delivers them:
// the hourly sweep does, with the attachment the row names, as the send would have.
import { and, asc, eq } from "drizzle-orm";
import type { MasterKeySet } from "../../crypto/document-keys";
import type { Db } from "../../db/client";
import type { Settled } from "../../db/route";
import {
  type CreditNoteEmail,
  creditNoteEmails,
  type InvoiceEmail,
  invoiceEmails,
} from "../../db/schema/emails";
import { type Organization, organizations } from "../../db/schema/identity";
import { logError } from "../../lib/log";
import type { EmailSender } from "../email";
import { abandonedBy } from "../email/delivery";
import { deliverDocumentEmail } from "./send";

/** At most this many e-mails a shard per sweep, so one run stays short; the rest wait an hour. */
const BATCH = 50;

/**
 * Delivers the http e-mails of one database still `queued` longer than the in-flight window
 * (no request is delivering them any more), oldest first, invoices' then credit notes': the
 * row's stored message, its archived attachment (rendered and archived now if the send died
 * before archiving), the row id as the provider's idempotency key, so a delivery that did reach
 * the provider is not repeated. Each row ends `sent` or `failed` (then sending the document again
 * retries it). Answers how many were delivered. `settled`: the organizations the sweep may touch
 * on this database (ShardVisit).
 */
export async function deliverAbandonedEmails(
  db: Db,
  sender: EmailSender,
  storage: { bucket: R2Bucket; keys: MasterKeySet },
  at: Date,
  settled: Settled,
): Promise<number> {
  if (sender.transport !== "http") return 0;
  const invoiceRows = await db
    .select({ email: invoiceEmails, organization: organizations })
    .from(invoiceEmails)
    .innerJoin(organizations, eq(organizations.id, invoiceEmails.organizationId))
    .where(and(abandonedBy(invoiceEmails, at), settled(invoiceEmails.organizationId)))
    .orderBy(asc(invoiceEmails.createdAt), asc(invoiceEmails.id))
    .limit(BATCH);
  const creditNoteRows = await db
    .select({ email: creditNoteEmails, organization: organizations })
    .from(creditNoteEmails)
    .innerJoin(organizations, eq(organizations.id, creditNoteEmails.organizationId))
    .where(and(abandonedBy(creditNoteEmails, at), settled(creditNoteEmails.organizationId)))
    .orderBy(asc(creditNoteEmails.createdAt), asc(creditNoteEmails.id))
    .limit(BATCH);
  const abandoned: Abandoned[] = [
    ...invoiceRows.map((row) => ({
      ...row,
      table: invoiceEmails,
      type: "invoice" as const,
      documentId: row.email.invoiceId,
    })),
    ...creditNoteRows.map((row) => ({
      ...row,
      table: creditNoteEmails,
      type: "credit_note" as const,
      documentId: row.email.creditNoteId,
    })),
  ];
  let delivered = 0;
  for (const { email, organization, table, type, documentId } of abandoned) {
    const archive = { db, bucket: storage.bucket, keys: storage.keys, organization };
    const message = {
      from: email.fromAddress,
      to: email.toAddress,
      subject: email.subject,
      text: email.text,
      html: email.html,
    };
    try {
      await deliverDocumentEmail(
        archive,
        table,
        { type, id: documentId },
        {
          id: email.id,
          transport: sender,
          message,
          attachmentKind: email.attachmentKind,
          einvoiceAttachmentKind: email.einvoiceAttachmentKind,
        },
      );
      delivered++;
    } catch (error) {
      logError("abandoned e-mail not delivered", {
        [`${type}_id`]: documentId,
        email_id: email.id,
        error: String(error),
      });
    }
  }
  return delivered;
}

interface Abandoned {
  email: InvoiceEmail | CreditNoteEmail;
  organization: Organization;
  table: typeof invoiceEmails | typeof creditNoteEmails;
  type: "invoice" | "credit_note";
  documentId: string;
}

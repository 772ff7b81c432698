// E-mailing a credit note (POST /v1/credit-notes/{id}/send) and previewing that e-mail: to the
// customer's address, as the invoice's e-mail goes, with the archived credit note (archived at
// issue) attached per the organization's `email_attachment` and the customer's
// `einvoice_attachment`. Every send is recorded in credit_note_emails; sending again sends again.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ArchiveKind } from "../../db/schema/archives";
import { creditNoteEmails } from "../../db/schema/emails";
import type { Organization } from "../../db/schema/identity";
import { now, nowIso } from "../../lib/clock";
import { ApiError, conflict } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { logError } from "../../lib/log";
import { renderCreditNoteEmail } from "../../render/email";
import type { ArchiveContext } from "../archive";
import { findCustomer } from "../customers";
import { einvoiceReadiness } from "../einvoice";
import { type EmailMessage, type EmailSender, OutboxEmailSender } from "../email";
import { emailBrandingOf } from "../email/branding";
import { type KeepAnswer, noKeptAnswer } from "../idempotency";
import { issuedDocumentOf } from "../issued-document";
import { emailAttachmentOf } from "../organization";
import { type CreditNoteView, loadCreditNote, serializeCreditNote } from "./credit-notes";
import { attachmentName, attachmentsFor, IN_FLIGHT_MS, loadAttachment, loadEInvoiceAttachment } from "./send";

/** The e-mail as it would go now: one function for the preview and the send. */
async function composeCreditNoteEmail(archive: ArchiveContext, baseUrl: string | null, id: string) {
  const { db, organization } = archive;
  const { note, items } = await loadCreditNote(db, organization.id, id);
  const customer = await findCustomer(db, organization.id, note.customerId);
  if (!customer) throw new Error(`credit note ${id} refers to a missing customer`);
  const doc = await issuedDocumentOf(db, organization, "credit_note", id);
  const rendered = await renderCreditNoteEmail(
    doc,
    await emailBrandingOf(archive.bucket, baseUrl, organization),
  );
  const kinds = attachmentsFor(
    emailAttachmentOf(organization),
    customer.einvoiceAttachment,
    einvoiceReadiness(doc),
    id,
  );
  return { note, items, customer, doc, rendered, kinds };
}

export interface EmailPreview {
  subject: string;
  preheader: string;
  html: string;
  text: string;
  from: string;
  to: string;
  attachments: string[];
}

export async function previewCreditNoteEmail(
  archive: ArchiveContext,
  sender: Pick<EmailSender, "from">,
  baseUrl: string | null,
  id: string,
): Promise<EmailPreview> {
  const { customer, doc, rendered, kinds } = await composeCreditNoteEmail(archive, baseUrl, id);
  return {
    ...rendered,
    from: sender.from,
    to: customer.email,
    attachments: [kinds.attachmentKind, kinds.einvoiceAttachmentKind]
      .filter((kind) => kind !== null)
      .map((kind) => attachmentName(doc, id, kind)),
  };
}

export function serializeCreditNoteEmail(row: typeof creditNoteEmails.$inferSelect) {
  return {
    id: row.id,
    credit_note_id: row.creditNoteId,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    transport: row.transport,
    status: row.status,
    provider_message_id: row.providerMessageId,
    attachment: row.attachmentKind,
    einvoice_attachment: row.einvoiceAttachmentKind,
    created_at: row.createdAt,
  };
}

export interface SentCreditNote {
  creditNote: CreditNoteView;
  /** The note's e-mail failed at the provider: the error to answer with. */
  failure: ApiError | undefined;
}

/**
 * E-mails the credit note to its customer. As an invoice's send: the e-mail row goes in `queued`
 * first (with the request's kept answer, so a retry with the same Idempotency-Key never sends
 * twice), then the transport is called with the row id as its idempotency key, then the row is
 * marked `sent` or `failed` (500 `email_delivery_failed`; sending again retries). While an http
 * e-mail of the note is being delivered (queued less than a minute ago): 409 `email_in_progress`.
 * A test organization's e-mails stay in the outbox.
 */
export async function sendCreditNote(
  archive: ArchiveContext,
  sender: EmailSender,
  baseUrl: string | null,
  id: string,
  keep: KeepAnswer<SentCreditNote> = noKeptAnswer,
): Promise<SentCreditNote> {
  const { db, organization } = archive;
  const { note, items, customer, rendered, kinds } = await composeCreditNoteEmail(archive, baseUrl, id);
  if (await inFlight(db, organization, id)) {
    throw conflict(
      "email_in_progress",
      "An e-mail of this credit note is being delivered; retry in a moment",
    );
  }
  const transport = organization.testMode ? new OutboxEmailSender(sender.from) : sender;
  const message: EmailMessage = {
    from: sender.from,
    to: customer.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
  };
  const emailId = prefixedId("eml");
  const creditNote = serializeCreditNote(note, items);
  await db.batch([
    db.insert(creditNoteEmails).values({
      id: emailId,
      organizationId: organization.id,
      creditNoteId: id,
      fromAddress: message.from,
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      transport: transport.transport,
      status: "queued",
      providerMessageId: null,
      attachmentKind: kinds.attachmentKind,
      einvoiceAttachmentKind: kinds.einvoiceAttachmentKind,
      createdAt: nowIso(),
    }),
    ...keep(db, { creditNote, failure: undefined }),
  ]);
  try {
    await deliverCreditNoteEmail(archive, transport, {
      id: emailId,
      creditNoteId: id,
      attachmentKind: kinds.attachmentKind,
      einvoiceAttachmentKind: kinds.einvoiceAttachmentKind,
      message,
    });
    return { creditNote, failure: undefined };
  } catch (error) {
    logError("credit note e-mail failed", { credit_note_id: id, email_id: emailId, error: String(error) });
    const failure = new ApiError(
      "internal_error",
      "The e-mail provider did not accept the credit note's message; send again to retry",
      { details: { reason: "email_delivery_failed", email_id: emailId }, cause: error },
    );
    return { creditNote, failure };
  }
}

/**
 * Delivers a queued credit note e-mail (the send's, or one a stopped Worker left behind, from the
 * hourly sweep): its archived attachments (the PDF instead of an e-invoice that cannot be had,
 * recorded on the row), the row id as the provider's idempotency key, the outcome on the row. A
 * transport failure marks the row `failed` and is thrown.
 */
export async function deliverCreditNoteEmail(
  archive: ArchiveContext,
  transport: EmailSender,
  email: {
    id: string;
    creditNoteId: string;
    attachmentKind: ArchiveKind | null;
    einvoiceAttachmentKind: ArchiveKind | null;
    message: EmailMessage;
  },
): Promise<void> {
  const { db } = archive;
  const { id, creditNoteId } = email;
  const attachment = await loadAttachment(
    archive,
    creditNoteId,
    email.attachmentKind,
    undefined,
    "credit_note",
  );
  const einvoice = await loadEInvoiceAttachment(
    archive,
    creditNoteId,
    email.einvoiceAttachmentKind,
    undefined,
    "credit_note",
  );
  const files = [attachment.file, einvoice.file].filter((file) => file !== null);
  const mark = (set: Partial<typeof creditNoteEmails.$inferInsert>) =>
    db
      .update(creditNoteEmails)
      .set(set)
      .where(eq(creditNoteEmails.id, id))
      .catch((error: unknown) =>
        logError("credit note e-mail outcome not recorded", { email_id: id, error: String(error) }),
      );
  if (attachment.kind !== email.attachmentKind || einvoice.kind !== email.einvoiceAttachmentKind) {
    await mark({ attachmentKind: attachment.kind, einvoiceAttachmentKind: einvoice.kind });
  }
  let result: Awaited<ReturnType<EmailSender["send"]>>;
  try {
    result = await transport.send(
      files.length > 0 ? { ...email.message, attachments: files } : email.message,
      { idempotencyKey: id },
    );
  } catch (error) {
    await mark({ status: "failed" });
    throw error;
  }
  if (result.status !== "queued") {
    await mark({ status: result.status, providerMessageId: result.providerMessageId });
  }
}

async function inFlight(db: Db, organization: Organization, id: string): Promise<boolean> {
  const cutoff = new Date(now().getTime() - IN_FLIGHT_MS).toISOString();
  const [row] = await db
    .select({ n: count() })
    .from(creditNoteEmails)
    .where(
      and(
        eq(creditNoteEmails.organizationId, organization.id),
        eq(creditNoteEmails.creditNoteId, id),
        sql`${creditNoteEmails.transport} = 'http' AND ${creditNoteEmails.status} = 'queued'
          AND ${creditNoteEmails.createdAt} > ${cutoff}`,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function listCreditNoteEmails(db: Db, organizationId: string, id: string) {
  await loadCreditNote(db, organizationId, id);
  const rows = await db
    .select()
    .from(creditNoteEmails)
    .where(and(eq(creditNoteEmails.creditNoteId, id), eq(creditNoteEmails.organizationId, organizationId)))
    .orderBy(asc(creditNoteEmails.createdAt), asc(creditNoteEmails.id));
  return rows.map(serializeCreditNoteEmail);
}

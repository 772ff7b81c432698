// Sending a credit note (POST /v1/credit-notes/{id}/send) over Peppol and/or by e-mail (the channels
// chosen as an invoice's are), and previewing that e-mail: to the customer's address, as the
// invoice's e-mail goes, with the archived credit note (archived at issue) attached per the
// organization's `email_attachment` and the customer's `einvoice_attachment`. Every e-mail is
// recorded in credit_note_emails; sending again sends again.
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { creditNoteEmails } from "../../db/schema/emails";
import type { Organization } from "../../db/schema/identity";
import { now, nowIso } from "../../lib/clock";
import { type ApiError, conflict } from "../../lib/errors";
import { renderCreditNoteEmail } from "../../render/email";
import type { ArchiveContext } from "../archive";
import { findCustomer } from "../customers";
import { einvoiceReadiness } from "../einvoice";
import {
  deliverSend,
  planChannels,
  type SendChannels,
  startDeliveryStatement,
} from "../einvoice-networks/deliveries";
import type { DeliveryView } from "../einvoice-networks/delivery-view";
import type { EmailSender } from "../email";
import { emailBrandingOf } from "../email/branding";
import {
  deliveringNow,
  emailDeliveryFailure,
  emailMessageView,
  insertQueuedEmail,
  queueEmail,
} from "../email/delivery";
import { type KeepAnswer, noKeptAnswer } from "../idempotency";
import { issuedDocumentOf } from "../issued-document";
import { emailAttachmentOf } from "../organization";
import type { Statement } from "./common";
import { type CreditNoteView, loadCreditNote, serializeCreditNote } from "./credit-notes";
import { attachmentsFor, deliverDocumentEmail, type EmailPreview, emailPreviewOf } from "./send";

/** The e-mail as it would go now: one function for the preview and the send. */
async function composeCreditNoteEmail(archive: ArchiveContext, baseUrl: string | null, id: string) {
  const { db, organization } = archive;
  const { note, items } = await loadCreditNote(db, organization.id, id);
  const customer = await findCustomer(db, organization.id, note.customerId);
  if (!customer) throw new Error(`credit note ${id} refers to a missing customer`);
  const doc = await issuedDocumentOf(db, organization, "credit_note", id, {
    freeze: archive.archiveOnRead !== false,
  });
  const rendered = await renderCreditNoteEmail(
    doc,
    await emailBrandingOf(archive.bucket, baseUrl, organization, doc),
  );
  const kinds = attachmentsFor(
    emailAttachmentOf(organization),
    customer.einvoiceAttachment,
    einvoiceReadiness(doc),
    id,
  );
  return { note, items, customer, doc, rendered, kinds };
}

export async function previewCreditNoteEmail(
  archive: ArchiveContext,
  sender: Pick<EmailSender, "from">,
  baseUrl: string | null,
  id: string,
): Promise<EmailPreview> {
  const { customer, doc, rendered, kinds } = await composeCreditNoteEmail(archive, baseUrl, id);
  return emailPreviewOf(rendered, { from: sender.from, to: customer.email }, doc, id, kinds);
}

export function serializeCreditNoteEmail(row: typeof creditNoteEmails.$inferSelect) {
  return {
    id: row.id,
    credit_note_id: row.creditNoteId,
    ...emailMessageView(row),
    attachment: row.attachmentKind,
    einvoice_attachment: row.einvoiceAttachmentKind,
    created_at: row.createdAt,
  };
}

export interface SentCreditNote {
  creditNote: CreditNoteView & { deliveries: DeliveryView[] };
  eventIds: string[];
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
  channels: SendChannels,
  keep: KeepAnswer<SentCreditNote> = noKeptAnswer,
): Promise<SentCreditNote> {
  const { db, organization } = archive;
  const { note, items, customer, doc, rendered, kinds } = await composeCreditNoteEmail(archive, baseUrl, id);
  const document = { type: "credit_note" as const, id, doc, einvoiceProfile: customer.einvoiceProfile };
  const plan = await planChannels(db, channels.env, organization.id, document, channels.channels);
  if (plan.email && (await inFlight(db, organization, id))) {
    throw conflict(
      "email_in_progress",
      "An e-mail of this credit note is being delivered; retry in a moment",
    );
  }
  const email = queueEmail(sender, organization, customer.email, rendered);
  const view = serializeCreditNote(note, items);
  const at = nowIso();
  const delivery = { documentType: "credit_note" as const, documentId: id, at };
  // The e-mail row, the delivery and the kept answer commit together: a retry never sends twice.
  const statements: Statement[] = [
    ...(plan.email
      ? [insertQueuedEmail(db, creditNoteEmails, email, { creditNoteId: id, ...kinds, createdAt: at })]
      : []),
    ...(plan.peppol
      ? [
          startDeliveryStatement(db, {
            ...delivery,
            organizationId: organization.id,
            documentNumber: note.number,
            network: plan.peppol.network,
            recipient: plan.peppol.recipient,
          }),
        ]
      : []),
    ...keep(db, { creditNote: { ...view, deliveries: [] }, eventIds: [], failure: undefined }),
  ];
  await db.batch(statements as [Statement, ...Statement[]]);
  // Over Peppol first (one attempt now, held by this send; the sweep retries), then the e-mail.
  const { eventIds, deliveries } = await deliverSend(archive, plan, delivery);
  const creditNote = { ...view, deliveries };
  if (!plan.email) return { creditNote, eventIds, failure: undefined };
  try {
    await deliverDocumentEmail(
      archive,
      creditNoteEmails,
      { type: "credit_note", id },
      { ...email, ...kinds },
    );
    return { creditNote, eventIds, failure: undefined };
  } catch (error) {
    const failure = emailDeliveryFailure(
      "The e-mail provider did not accept the credit note's message; send again to retry",
      email.id,
      error,
    );
    return { creditNote, eventIds, failure };
  }
}

async function inFlight(db: Db, organization: Organization, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(creditNoteEmails)
    .where(
      and(
        eq(creditNoteEmails.organizationId, organization.id),
        eq(creditNoteEmails.creditNoteId, id),
        deliveringNow(creditNoteEmails, now()),
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

// GET /v1/invoices/{id}/email-preview: the invoice e-mail or a reminder exactly as a send would
// write it now (composeInvoiceEmail, the send's and the sweep's function), with its recipient and
// the names of the files it attaches. A draft is shown as its send would issue it: dated today,
// the parties as they are now, numbered (the next number when it is numbered at send), and its
// hosted link, created by the send, written `{token}`.
import type { Organization } from "../../db/schema/identity";
import { utcDate } from "../../lib/clock";
import { conflict, validationError } from "../../lib/errors";
import type { ArchiveContext } from "../archive";
import { findCustomer } from "../customers";
import { einvoiceReadiness } from "../einvoice";
import type { EmailSender } from "../email";
import { emailBrandingOf } from "../email/branding";
import { issuedDocumentOf } from "../issued-document";
import { invoiceMay, isClosed } from "../lifecycle";
import { emailAttachmentOf } from "../organization";
import { effectiveSchedule } from "../reminder-schedule";
import { type HostedLinks, hostedUrl, hostedUrlOf } from "./hosted";
import { composeInvoiceEmail, type InvoiceEmailKind } from "./invoice-email";
import { draftModel } from "./issue";
import { effectiveStatus, loadInvoice } from "./read";
import { composeReceiptEmail } from "./receipts";
import { attachmentsFor, type EmailPreview, emailPreviewOf } from "./send";

export interface InvoicePreviewQuery {
  kind: InvoiceEmailKind | "receipt";
  /** Receipts: the payment acknowledged (default: the latest one not reversed). */
  payment_id?: string;
  /** A reminder step of the schedule, by its `offset_days`; none: a reminder sent by hand. */
  step?: number;
}

export async function previewInvoiceEmail(
  archive: ArchiveContext,
  sender: Pick<EmailSender, "from">,
  links: HostedLinks,
  id: string,
  query: InvoicePreviewQuery,
): Promise<EmailPreview> {
  const { db } = archive;
  const organization: Organization = archive.organization;
  if (query.kind === "receipt") {
    if (query.step !== undefined) throw validationError({ step: "Only a reminder has a step" });
    const input = {
      db,
      bucket: archive.bucket,
      organization,
      links,
      freeze: archive.archiveOnRead !== false,
    };
    const { rendered, to } = await composeReceiptEmail(input, id, query.payment_id);
    return { ...rendered, from: sender.from, to, attachments: [] };
  }
  if (query.payment_id !== undefined) throw validationError({ payment_id: "Only a receipt has a payment" });
  const { invoice, items } = await loadInvoice(db, organization.id, id);
  const customer = await findCustomer(db, organization.id, invoice.customerId);
  if (!customer) throw new Error(`invoice ${id} refers to a missing customer`);
  const today = utcDate();
  const status = effectiveStatus(invoice, today);
  if (isClosed(status)) throw conflict(`invoice_${status}`, `A ${status} invoice is not e-mailed`);
  const draft = invoiceMay("send", status);
  if (query.kind === "reminder" && draft) {
    throw conflict("invoice_not_issued", "A draft has no reminders: send it first");
  }
  if (query.step !== undefined && query.kind !== "reminder") {
    throw validationError({ step: "Only a reminder has a step" });
  }
  const schedule = effectiveSchedule(
    organization.billingProfile?.reminder_schedule,
    customer.reminderSchedule,
  );
  const step = query.step === undefined ? null : schedule.find((s) => s.offset_days === query.step);
  if (step === undefined) {
    throw validationError({
      step: `No step with offset_days ${query.step} in the reminder schedule (${schedule.map((s) => s.offset_days).join(", ") || "empty"})`,
    });
  }

  const doc = draft
    ? draftModel(invoice, items, organization, customer, today)
    : await issuedDocumentOf(db, organization, "invoice", id, { freeze: archive.archiveOnRead !== false });
  const pageUrl = draft ? hostedUrl(links.baseUrl, "{token}") : await hostedUrlOf(links, invoice);
  const rendered = await composeInvoiceEmail({
    doc,
    invoice,
    kind: query.kind as InvoiceEmailKind,
    overdue: invoice.dueDate < today,
    reminder: step ? { step, schedule } : null,
    hostedUrl: pageUrl,
    branding: await emailBrandingOf(archive.bucket, links.baseUrl, organization, doc),
  });
  // The sweep's reminders go without attachments; the invoice e-mail and a reminder by hand
  // attach what the send would.
  const kinds = step
    ? { attachmentKind: null, einvoiceAttachmentKind: null }
    : attachmentsFor(
        emailAttachmentOf(organization),
        customer.einvoiceAttachment,
        einvoiceReadiness(doc),
        id,
      );
  return emailPreviewOf(rendered, { from: sender.from, to: customer.email }, doc, id, kinds);
}

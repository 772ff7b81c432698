// Sending an invoice: it is issued (issue date, due date from the payment terms when not given,
// seller and buyer frozen as they are now, and its number taken if it has none yet), then
// e-mailed; sending again is a reminder.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { versionGuard } from "../../db/guards";
import type { ArchivedDocumentType, ArchiveKind } from "../../db/schema/archives";
import type { EInvoiceAttachment } from "../../db/schema/customers";
import { type creditNoteEmails, invoiceEmails } from "../../db/schema/emails";
import type { Organization } from "../../db/schema/identity";
import { type Invoice, invoices } from "../../db/schema/invoices";
import { now, nowIso, utcDate } from "../../lib/clock";
import { type ApiError, conflict, notFound, validationError } from "../../lib/errors";
import { downloadFilename } from "../../lib/http-files";
import { logError, logWarn } from "../../lib/log";
import {
  type ArchiveContext,
  archivedDocument,
  archiveIssuedDocument,
  ISSUE_KINDS,
  type RenderedFile,
} from "../archive";
import { findCustomer } from "../customers";
import type { EInvoiceReadiness } from "../einvoice";
import type { EmailAttachment, EmailSender } from "../email";
import { emailBrandingOf } from "../email/branding";
import {
  deliveringNow,
  deliverQueuedEmail,
  emailDeliveryFailure,
  emailMessageView,
  insertQueuedEmail,
  type QueuedEmail,
  queueEmail,
  updateEmailRow,
} from "../email/delivery";
import { type KeepAnswer, noKeptAnswer } from "../idempotency";
import { freezeIssuedDocument, type IssuedDocument, issuedDocumentOf } from "../issued-document";
import { transferQrPayload } from "../issued-document/build";
import { INVOICE_TRANSITIONS, invoiceMay, isClosed } from "../lifecycle";
import { logoTag } from "../logo";
import { numberTakenInBatch } from "../number-in-batch";
import { emailAttachmentOf } from "../organization";
import { pdfFilename } from "../pdf";
import { commit, event, type Statement, scoped } from "./common";
import { type HostedLinks, hostedUrl, hostedUrlOf, issueHostedToken } from "./hosted";
import { composeInvoiceEmail } from "./invoice-email";
import { draftModel, issuedFieldsOf, xrechnungRefusals } from "./issue";
import { kindRefusals, OWED_TO_CUSTOMER } from "./kind";
import {
  fillPaymentReference,
  numberOf,
  numberOnSend,
  numberTaken,
  paymentReferenceOf,
  readNumber,
} from "./numbering";
import { issueRefusals } from "./pricing";
import { effectiveStatus, loadInvoice, payableMinor, serializeInvoice } from "./read";

export function serializeEmail(row: typeof invoiceEmails.$inferSelect) {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    kind: row.kind,
    ...emailMessageView(row),
    attachment: row.attachmentKind,
    einvoice_attachment: row.einvoiceAttachmentKind,
    reminder_step: row.reminderStep,
    created_at: row.createdAt,
  };
}

/**
 * What the invoice's e-mails say about the next send: whether an invoice e-mail is on record
 * (queued or sent; only failed attempts do not count), and whether an http e-mail is being
 * delivered right now (claimed less than a minute ago, no outcome yet).
 */
async function emailState(db: Db, organizationId: string, id: string) {
  const mine = and(eq(invoiceEmails.invoiceId, id), eq(invoiceEmails.organizationId, organizationId));
  const [state] = await db
    .select({
      hasInvoiceEmail: sql<number>`EXISTS (SELECT 1 FROM ${invoiceEmails} WHERE ${mine}
        AND ${invoiceEmails.kind} = 'invoice' AND ${invoiceEmails.status} IN ('queued', 'sent'))`,
      inFlight: sql<number>`EXISTS (SELECT 1 FROM ${invoiceEmails} WHERE ${mine}
        AND ${deliveringNow(invoiceEmails, now())})`,
    })
    .from(sql`(SELECT 1)`);
  return { hasInvoiceEmail: Boolean(state?.hasInvoiceEmail), inFlight: Boolean(state?.inFlight) };
}

/** The file name each attached kind goes by (the archive's names). */
export function attachmentName(doc: IssuedDocument, id: string, kind: ArchiveKind): string {
  return kind === "pdf" || kind === "facturx" ? pdfFilename(doc, id) : downloadFilename(`${doc.number}.xml`);
}

export interface SentInvoice {
  invoice: ReturnType<typeof serializeInvoice>;
  eventIds: string[];
  /** The invoice is sent but its e-mail failed: the error to answer with. */
  failure: ApiError | undefined;
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
 * sending again retries the invoice e-mail. A Worker that stops between 1 and 2 (rendering the
 * documents, most likely) leaves an http row `queued`: the hourly sweep delivers it
 * (`deliverAbandonedEmails`), as the request's kept answer already says it was sent.
 *
 * The hosted page's token is created in the claim (a draft's send, or the next send of an
 * invoice issued before hosted links existed), and every e-mail links the page.
 *
 * A draft's send archives the invoice as sent (PDF, and UBL/CII when the e-invoice is ready;
 * Factur-X when the e-mail attaches it) after the claim and before delivery; a failure there is
 * logged and never fails the send (the document is archived on its first read instead). The
 * e-mail attaches the archived document the organization's `email_attachment` names.
 */
export async function sendInvoice(
  db: Db,
  sender: EmailSender,
  organization: Organization,
  id: string,
  links: HostedLinks,
  archive: ArchiveContext,
  keep: KeepAnswer<SentInvoice> = noKeptAnswer,
): Promise<SentInvoice> {
  const { invoice, items } = await loadInvoice(db, organization.id, id);
  const today = utcDate();
  const status = effectiveStatus(invoice, today);
  if (isClosed(status)) throw conflict(`invoice_${status}`, `A ${status} invoice cannot be sent`);
  // A draft is issued; an open invoice is sent again (a reminder once its e-mail went out).
  const issuing = invoiceMay("send", status);
  const customer = await findCustomer(db, organization.id, invoice.customerId);
  if (!customer) throw new Error(`invoice ${id} refers to a missing customer`);

  let kind: "invoice" | "reminder" = "invoice";
  if (!issuing) {
    const emails = await emailState(db, organization.id, id);
    if (emails.inFlight) {
      throw conflict("email_in_progress", "An e-mail of this invoice is being delivered; retry in a moment");
    }
    // What the organization owes its customer (381, 389) is sent again, never reminded.
    if (emails.hasInvoiceEmail && !OWED_TO_CUSTOMER.includes(invoice.typeCode)) kind = "reminder";
  }
  if (issuing) {
    // The customer may have become reverse-charge or exempt since the draft was priced.
    const errors = issueRefusals(items, customer, invoice);
    if (Object.keys(errors).length > 0) {
      throw validationError(errors, "The customer's tax status no longer fits the invoice's tax rates");
    }
    const kindErrors = kindRefusals(invoice, organization);
    if (Object.keys(kindErrors).length > 0) {
      throw validationError(kindErrors, "The invoice cannot be issued as it is");
    }
  }
  // Nothing to pay (prepaid in full, a total of 0), or owed back to the customer: settled as issued.
  const settled = issuing && payableMinor(invoice) <= 0;
  const sentStatus = settled ? INVOICE_TRANSITIONS.pay.to : INVOICE_TRANSITIONS.send.to;
  const at = nowIso();
  const issued: Partial<Invoice> & Pick<Invoice, "dueDate"> = issuing
    ? { ...issuedFieldsOf(invoice, customer, organization, today), ...(settled ? { paidAt: at } : {}) }
    : { dueDate: invoice.dueDate };
  // A draft numbered at send has no number until the claim commits: the e-mail is rendered with
  // a placeholder that the claim's own statements (and then this code) replace with it.
  const numberedHere = issuing && numberOf(invoice) === null;
  const number = numberedHere ? numberTakenInBatch(invoices, id) : null;
  const placeholder = number?.placeholder ?? null;
  // The invoice as this send issues it: what XRechnung is checked on and the e-mail tells.
  const issuedDoc = issuing
    ? draftModel(invoice, items, organization, customer, today, {
        ...(placeholder ? { number: placeholder } : {}),
        ...(settled ? { settledAt: at } : {}),
      })
    : null;
  if (issuedDoc) {
    const missing = xrechnungRefusals(issuedDoc);
    if (Object.keys(missing).length > 0) {
      throw validationError(
        missing,
        "The customer takes XRechnung: the e-invoice needs the fields in details",
      );
    }
  }
  // One token per invoice, kept across reminders; created with the claim if there is none yet.
  const link = invoice.hostedTokenHash ? null : await issueHostedToken(links.keys, id, at);
  const pageUrl = link
    ? hostedUrl(links.baseUrl, link.token)
    : await hostedUrlOf(links, { ...invoice, status: INVOICE_TRANSITIONS.send.to });
  // The e-mail tells the invoice as it is issued by this send, from the one model that is frozen
  // after the claim (with the logo as it is now); a reminder, from the model frozen then.
  let doc: IssuedDocument = issuedDoc
    ? { ...issuedDoc, logoTag: await logoTag(archive.bucket, organization.id) }
    : await issuedDocumentOf(db, organization, "invoice", id);
  const rendered = await composeInvoiceEmail({
    doc,
    invoice,
    kind,
    overdue: invoice.dueDate < today,
    hostedUrl: pageUrl,
    branding: await emailBrandingOf(archive.bucket, links.baseUrl, organization, doc),
  });
  let email = queueEmail(sender, organization, customer.email, rendered);

  // 1. Claim: the status change (or, for a reminder, just the version bump that serializes
  // concurrent sends) and the queued e-mail row commit together, or not at all.
  const version = invoice.version + 1;
  const next: Invoice = issuing
    ? {
        ...invoice,
        ...issued,
        ...link?.columns,
        status: sentStatus,
        sentAt: at,
        version,
        updatedAt: at,
      }
    : { ...invoice, ...link?.columns, version };
  const view = serializeInvoice(next, items, today);
  const { attachmentKind, einvoiceAttachmentKind } = attachmentsFor(
    emailAttachmentOf(organization),
    customer.einvoiceAttachment,
    view.einvoice,
    id,
  );
  const eventIds: string[] = [];
  const withNumber = (text: string) =>
    number ? sql`replace(${text}, ${number.placeholder}, ${number.value})` : text;
  const statements: Statement[] = [
    versionGuard(db, invoices, id, invoice.version),
    ...(numberedHere ? numberOnSend(db, organization.id, id) : []),
    db
      .update(invoices)
      .set(
        issuing
          ? { ...issued, ...link?.columns, status: next.status, sentAt: at, version, updatedAt: at }
          : { ...link?.columns, version },
      )
      .where(scoped(organization.id, id)),
    insertQueuedEmail(db, invoiceEmails, email, {
      invoiceId: id,
      kind,
      subject: withNumber(email.message.subject),
      text: withNumber(email.message.text),
      html: withNumber(email.message.html),
      attachmentKind,
      einvoiceAttachmentKind,
      createdAt: at,
    }),
  ];
  if (issuing) {
    const recorded = [event(db, organization.id, "invoice.sent", view, at)];
    if (settled) recorded.push(event(db, organization.id, "invoice.paid", view, at));
    eventIds.push(...recorded.map((e) => e.id));
    statements.push(...recorded.flatMap((e) => e.statements));
    // The events were built before the number existed: fill it in, still inside the batch.
    if (number) statements.push(number.fillEvents(db, eventIds));
  }
  // The request's Idempotency-Key completes with the claim: a retry never sends twice. A number
  // taken here is filled into the kept answer by the batch.
  statements.push(
    ...keep(
      db,
      {
        invoice: { ...view, number: placeholder ?? view.number, hosted_url: pageUrl },
        eventIds,
        failure: undefined,
      },
      number?.filled ?? [],
    ),
    readNumber(db, id),
  );
  const results = await commit(db, statements, id).catch(numberTaken);
  const [stored] = results.at(-1) as { number: string }[];
  if (placeholder && stored) {
    view.number = stored.number;
    view.payment_reference = paymentReferenceOf({ ...next, number: stored.number });
    // The reference derives from the number, which SQL took in the batch (and mod-97 is not SQL's):
    // the events learn it now. Until then (or if this never runs) they say null, never a wrong one.
    if (eventIds.length > 0) {
      // The invoice is sent whatever happens here: a failure leaves the events saying null.
      await fillPaymentReference(db, eventIds, view.payment_reference).catch((error: unknown) =>
        logWarn("payment reference not filled into the send's events", {
          invoice_id: id,
          error: String(error),
        }),
      );
    }
    const fill = (text: string) => text.replaceAll(placeholder, stored.number);
    doc = withNumberTaken(doc, fill, view.payment_reference);
    const { message } = email;
    email = {
      ...email,
      message: {
        ...message,
        subject: fill(message.subject),
        text: fill(message.text),
        html: fill(message.html),
      },
    };
  }

  // 2. The model the e-mail was rendered from is frozen (a failure is logged: the first read then
  // freezes it from the rows, without the logo tag), and the invoice as sent archived once;
  // reminders attach what was archived then.
  if (issuing) {
    await freezeIssuedDocument(db, organization.id, "invoice", id, doc).catch((error: unknown) =>
      logError("issued invoice not frozen at send", { invoice_id: id, error: String(error) }),
    );
  }
  const issueKinds: readonly ArchiveKind[] = ISSUE_KINDS;
  const archived = issuing ? await archiveIssuedDocument(archive, "invoice", id, issueKinds) : new Map();
  const justArchived = (kind: ArchiveKind) =>
    issuing && issueKinds.includes(kind) ? (archived.get(kind) ?? null) : undefined;

  // 3. Deliver, 4. record the outcome.
  try {
    await deliverDocumentEmail(
      archive,
      invoiceEmails,
      { type: "invoice", id },
      { ...email, attachmentKind, einvoiceAttachmentKind },
      justArchived,
    );
  } catch (error) {
    // The claim committed: the caller dispatches its events, then answers with this error.
    const failure = emailDeliveryFailure(
      `The invoice is ${view.status}, but the e-mail provider did not accept the message; ` +
        "send again to retry the e-mail",
      email.id,
      error,
      { invoice_status: view.status },
    );
    return { invoice: { ...view, hosted_url: pageUrl }, eventIds, failure };
  }
  return { invoice: { ...view, hosted_url: pageUrl }, eventIds, failure: undefined };
}

/**
 * The model of an invoice numbered by its send, with the number the claim took in place of its
 * placeholder, and the payment reference (and its EPC QR code) derived from that number.
 */
function withNumberTaken(
  doc: IssuedDocument,
  fill: (text: string) => string,
  reference: string | null,
): IssuedDocument {
  const filled = JSON.parse(fill(JSON.stringify(doc))) as IssuedDocument;
  if (!filled.payment?.reference) return filled;
  const payment = { ...filled.payment, reference };
  const epcPayload =
    payment.epcPayload === null
      ? null
      : transferQrPayload(payment, filled.currency, filled.totals.payableMinor);
  return { ...filled, payment: { ...payment, epcPayload } };
}

/** Which e-invoice syntaxes can be had (an invoice's `einvoice`, or a credit note's from its model). */
export type SyntaxReadiness = Pick<EInvoiceReadiness, "syntaxes">;

/**
 * The archived document the e-mail attaches, per the organization's setting: `ubl` needs the UBL
 * to be ready, `facturx` the CII it embeds; else the PDF goes instead (logged).
 */
function attachmentKindFor(
  setting: ReturnType<typeof emailAttachmentOf>,
  einvoice: SyntaxReadiness,
  invoiceId: string,
): ArchiveKind | null {
  if (setting === "none") return null;
  if (setting !== "pdf" && !einvoice.syntaxes[setting === "ubl" ? "ubl" : "cii"].ready) {
    logWarn("e-mail attaches the PDF: the e-invoice is not ready", { invoice_id: invoiceId, setting });
    return "pdf";
  }
  return setting;
}

/**
 * What the e-mail attaches: the organization's `email_attachment` (above), and the e-invoice the
 * customer's `einvoice_attachment` asks for besides it: `xml` the UBL when it is ready, else the
 * CII; `facturx` the Factur-X, which takes the plain PDF's place (it is that PDF with the CII
 * inside, under the same file name) or goes beside a UBL. An e-invoice that is not ready is left
 * out (logged), and one the organization's choice attaches already is not attached twice.
 */
export function attachmentsFor(
  setting: ReturnType<typeof emailAttachmentOf>,
  wanted: EInvoiceAttachment,
  einvoice: SyntaxReadiness,
  invoiceId: string,
): { attachmentKind: ArchiveKind | null; einvoiceAttachmentKind: ArchiveKind | null } {
  const attachmentKind = attachmentKindFor(setting, einvoice, invoiceId);
  if (wanted === "none") return { attachmentKind, einvoiceAttachmentKind: null };
  const { ubl, cii } = einvoice.syntaxes;
  const kind =
    wanted === "facturx" ? (cii.ready ? "facturx" : null) : ubl.ready ? "ubl" : cii.ready ? "cii" : null;
  if (kind === null) {
    logWarn("e-mail goes without the customer's e-invoice: it is not ready", {
      invoice_id: invoiceId,
      einvoice_attachment: wanted,
    });
    return { attachmentKind, einvoiceAttachmentKind: null };
  }
  if (kind === "facturx" && attachmentKind === "pdf")
    return { attachmentKind: kind, einvoiceAttachmentKind: null };
  return { attachmentKind, einvoiceAttachmentKind: kind === attachmentKind ? null : kind };
}

/**
 * Steps 3 and 4 for a queued e-mail that attaches archived documents (an invoice's or a credit
 * note's; its send's, or the abandoned-e-mail sweep's): loads the files the row names from the
 * archive (`known` answers those the send just archived), records the kinds that go when they
 * differ from the row's (the PDF instead of an e-invoice that could not be had), then delivers
 * and records the outcome (`deliverQueuedEmail`). A transport failure marks the row `failed` and
 * is thrown.
 */
export async function deliverDocumentEmail(
  archive: ArchiveContext,
  table: typeof invoiceEmails | typeof creditNoteEmails,
  document: { type: ArchivedDocumentType; id: string },
  email: Pick<QueuedEmail, "id" | "transport" | "message"> & {
    attachmentKind: ArchiveKind | null;
    einvoiceAttachmentKind: ArchiveKind | null;
  },
  known: KnownFiles = () => undefined,
): Promise<void> {
  const { type, id } = document;
  const attachment = await loadAttachment(archive, id, email.attachmentKind, known, type);
  const einvoice = await loadEInvoiceAttachment(archive, id, email.einvoiceAttachmentKind, known, type);
  if (attachment.kind !== email.attachmentKind || einvoice.kind !== email.einvoiceAttachmentKind) {
    await updateEmailRow(archive.db, table, email.id, {
      attachmentKind: attachment.kind,
      einvoiceAttachmentKind: einvoice.kind,
    });
  }
  const files = [attachment.file, einvoice.file].filter((file) => file !== null);
  const log = { what: type === "invoice" ? "invoice" : "credit note", context: { [`${type}_id`]: id } };
  await deliverQueuedEmail(archive.db, table, email, log, files);
}

/**
 * The attachment's archived bytes. `known` answers a kind just archived at send (or null when
 * archiving it failed there, so it is not rendered twice in one request); otherwise the archive
 * is read (or, for an invoice sent before archiving, rendered and archived now). When Factur-X
 * or UBL cannot be had, the PDF goes instead; when nothing can, the e-mail goes without one.
 */
async function loadAttachment(
  archive: ArchiveContext,
  id: string,
  kind: ArchiveKind | null,
  known: KnownFiles = () => undefined,
  type: ArchivedDocumentType = "invoice",
): Promise<LoadedAttachment> {
  for (const candidate of kind === null ? [] : kind === "pdf" ? ["pdf" as const] : [kind, "pdf" as const]) {
    const loaded = await loadArchived(archive, id, candidate, known, type);
    if (loaded.file) return loaded;
  }
  return NO_ATTACHMENT;
}

/** The customer's e-invoice (`einvoice_attachment_kind`), from the archive; nothing in its place. */
async function loadEInvoiceAttachment(
  archive: ArchiveContext,
  id: string,
  kind: ArchiveKind | null,
  known: KnownFiles = () => undefined,
  type: ArchivedDocumentType = "invoice",
): Promise<LoadedAttachment> {
  if (kind === null) return NO_ATTACHMENT;
  const loaded = await loadArchived(archive, id, kind, known, type);
  return loaded.file ? loaded : NO_ATTACHMENT;
}

/** A file the e-mail attaches, by the archive kind it is. */
interface LoadedAttachment {
  kind: ArchiveKind | null;
  file: EmailAttachment | null;
}
const NO_ATTACHMENT: LoadedAttachment = { kind: null, file: null };
type KnownFiles = (kind: ArchiveKind) => RenderedFile | null | undefined;

async function loadArchived(
  archive: ArchiveContext,
  id: string,
  kind: ArchiveKind,
  known: KnownFiles,
  type: ArchivedDocumentType,
): Promise<LoadedAttachment> {
  let file = known(kind);
  if (file === undefined) {
    file = await archivedDocument(archive, type, id, kind).catch((error: unknown) => {
      logError("e-mail attachment unavailable", {
        document_id: id,
        document_type: type,
        kind,
        error: String(error),
      });
      return null;
    });
  }
  if (!file) return NO_ATTACHMENT;
  return { kind, file: { filename: file.filename, contentType: file.contentType, content: file.bytes } };
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

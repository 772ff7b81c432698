// Sending an invoice: it is issued (issue date, due date from the payment terms when not given,
// seller and buyer frozen as they are now, and its number taken if it has none yet), then
// delivered over Peppol and/or e-mailed (the channels: src/services/einvoice-networks/deliveries.ts);
// sending again is a reminder.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { versionGuard } from "../../db/guards";
import type { ArchivedDocumentType, ArchiveKind } from "../../db/schema/archives";
import type { Customer, EInvoiceAttachment } from "../../db/schema/customers";
import { type creditNoteEmails, invoiceEmails } from "../../db/schema/emails";
import type { Organization } from "../../db/schema/identity";
import { type Invoice, type InvoiceItem, invoices } from "../../db/schema/invoices";
import { now, nowIso, utcDate } from "../../lib/clock";
import { type ApiError, conflict, notFound, validationError } from "../../lib/errors";
import { downloadFilename } from "../../lib/http-files";
import { logError, logWarn } from "../../lib/log";
import type { RenderedEmail } from "../../render/email";
import {
  type ArchiveContext,
  archivedDocument,
  archiveIssuedDocument,
  frozenModel,
  ISSUE_KINDS,
  type RenderedFile,
} from "../archive";
import type { EInvoiceReadiness } from "../einvoice";
import {
  type ChannelPlan,
  deliverSend,
  planChannels,
  type SendChannels,
  startDeliveryStatement,
} from "../einvoice-networks/deliveries";
import type { DeliveryView } from "../einvoice-networks/delivery-view";
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
import { type NumberTakenInBatch, numberTakenInBatch } from "../number-in-batch";
import { emailAttachmentOf } from "../organization";
import { pdfFilename } from "../pdf";
import { invoiceTaxLines } from "../reports/tax-lines";
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
import { effectiveStatus, loadInvoiceWithCustomer, payableMinor, serializeInvoice } from "./read";

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

/** An e-mail as its preview answers it: the message as rendered, its addresses, its files' names. */
export interface EmailPreview extends RenderedEmail {
  from: string;
  to: string;
  attachments: string[];
}

/** The preview of the e-mail of document `id` with the attachments `kinds` names (null: none). */
export function emailPreviewOf(
  rendered: RenderedEmail,
  addresses: { from: string; to: string },
  doc: IssuedDocument,
  id: string,
  kinds: { attachmentKind: ArchiveKind | null; einvoiceAttachmentKind: ArchiveKind | null },
): EmailPreview {
  return {
    ...rendered,
    ...addresses,
    attachments: [kinds.attachmentKind, kinds.einvoiceAttachmentKind]
      .filter((kind) => kind !== null)
      .map((kind) => attachmentName(doc, id, kind)),
  };
}

export interface SentInvoice {
  invoice: ReturnType<typeof serializeInvoice> & { deliveries: DeliveryView[] };
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
  channels: SendChannels,
  keep: KeepAnswer<SentInvoice> = noKeptAnswer,
): Promise<SentInvoice> {
  const send = await sendOf(db, organization, id);
  const issue = issueOf(send, organization);
  const issued = issue.doc ?? (await issuedDocumentOf(db, organization, "invoice", id));
  // Refused before anything changes: Peppol asked for without a connection, a buyer's address or
  // a UBL that can be produced.
  const document = {
    type: "invoice" as const,
    id,
    doc: issued,
    einvoiceProfile: send.customer.einvoiceProfile,
  };
  const plan = await planChannels(db, channels.env, organization.id, document, channels.channels);
  const composed = await composeSendEmail(sender, organization, send, issue, issued, links, archive);

  // 1. Claim: the status change (or, for a reminder, just the version bump that serializes
  // concurrent sends), the queued e-mail row and the Peppol delivery commit together, or not at all.
  const claim = claimOf(db, organization, send, issue, composed, plan, keep);
  const results = await commit(db, claim.statements, id).catch(numberTaken);
  const [stored] = results.at(-1) as { number: string }[];
  const { view, doc, email } =
    issue.number && stored
      ? await fillNumberTaken(db, issue.number, stored.number, claim, composed)
      : { ...claim, ...composed };

  // 2. The model the e-mail was rendered from is frozen (a failure is logged: the first read then
  // freezes it from the rows, without the logo tag), and the invoice as sent archived once;
  // reminders attach what was archived then.
  if (send.issuing) {
    await freezeIssuedDocument(db, organization.id, "invoice", id, doc).then(
      // The kinds are archived from the model as frozen, without reading it back.
      (frozen) => frozenModel(archive, "invoice", id, frozen),
      (error: unknown) =>
        logError("issued invoice not frozen at send", { invoice_id: id, error: String(error) }),
    );
  }
  const issueKinds: readonly ArchiveKind[] = ISSUE_KINDS;
  const archived = send.issuing ? await archiveIssuedDocument(archive, "invoice", id, issueKinds) : new Map();
  const justArchived = (kind: ArchiveKind) =>
    send.issuing && issueKinds.includes(kind) ? (archived.get(kind) ?? null) : undefined;

  // 3. Deliver, 4. record the outcome: over Peppol first, held by this send (one attempt now; the
  // sweep retries), then the e-mail.
  const delivered = await deliverSend(archive, plan, {
    documentType: "invoice",
    documentId: id,
    at: send.at,
    issuing: send.issuing,
  });
  const eventIds = [...claim.eventIds, ...delivered.eventIds];
  const { deliveries } = delivered;
  const answer = { ...view, hosted_url: composed.pageUrl, deliveries };
  if (!plan.email) return { invoice: answer, eventIds, failure: undefined };
  try {
    await deliverDocumentEmail(
      archive,
      invoiceEmails,
      { type: "invoice", id },
      {
        ...email,
        attachmentKind: claim.attachmentKind,
        einvoiceAttachmentKind: claim.einvoiceAttachmentKind,
      },
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
    return { invoice: answer, eventIds, failure };
  }
  return { invoice: answer, eventIds, failure: undefined };
}

/** What a send is about: the invoice and its customer, and whether it issues, resends or reminds. */
interface Send {
  invoice: Invoice;
  items: InvoiceItem[];
  customer: Customer;
  today: string;
  at: string;
  /** A draft is issued; an open invoice is sent again. */
  issuing: boolean;
  /** A reminder once the invoice's e-mail went out (never for what is owed to the customer). */
  kind: "invoice" | "reminder";
}

/** The invoice to send, or what send refuses of it (409 closed or in flight, 422 its issue). */
async function sendOf(db: Db, organization: Organization, id: string): Promise<Send> {
  const { invoice, items, customer } = await loadInvoiceWithCustomer(db, organization.id, id);
  const today = utcDate();
  const status = effectiveStatus(invoice, today);
  if (isClosed(status)) throw conflict(`invoice_${status}`, `A ${status} invoice cannot be sent`);
  const issuing = invoiceMay("send", status);
  if (!customer) throw new Error(`invoice ${id} refers to a missing customer`);

  let kind: Send["kind"] = "invoice";
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
  return { invoice, items, customer, today, at: nowIso(), issuing, kind };
}

/** What this send fixes on the invoice, and the model it issues (null when it issues nothing). */
interface Issue {
  /** Nothing to pay (prepaid in full, a total of 0), or owed back to the customer: settled as issued. */
  settled: boolean;
  status: Invoice["status"];
  fields: Partial<Invoice> & Pick<Invoice, "dueDate">;
  /** A draft numbered at send: the number the claim takes, a placeholder until it commits. */
  number: NumberTakenInBatch | null;
  doc: IssuedDocument | null;
}

/** The issue of a draft by this send (XRechnung's refusals: 422), or the unchanged open invoice. */
function issueOf(send: Send, organization: Organization): Issue {
  const { invoice, items, customer, today, at, issuing } = send;
  if (!issuing) {
    return {
      settled: false,
      status: invoice.status,
      fields: { dueDate: invoice.dueDate },
      number: null,
      doc: null,
    };
  }
  const settled = payableMinor(invoice) <= 0;
  const number = numberOf(invoice) === null ? numberTakenInBatch(invoices, invoice.id) : null;
  // The invoice as this send issues it: what XRechnung is checked on and the e-mail tells.
  const doc = draftModel(invoice, items, organization, customer, today, {
    ...(number ? { number: number.placeholder } : {}),
    ...(settled ? { settledAt: at } : {}),
  });
  const missing = xrechnungRefusals(doc);
  if (Object.keys(missing).length > 0) {
    throw validationError(missing, "The customer takes XRechnung: the e-invoice needs the fields in details");
  }
  return {
    settled,
    status: settled ? INVOICE_TRANSITIONS.pay.to : INVOICE_TRANSITIONS.send.to,
    fields: { ...issuedFieldsOf(invoice, customer, organization, today), ...(settled ? { paidAt: at } : {}) },
    number,
    doc,
  };
}

/** The e-mail of this send, queued, and the model and page it tells of. */
interface Composed {
  doc: IssuedDocument;
  email: QueuedEmail;
  /** Stands for the payment reference until the number is taken (see composeSendEmail). */
  referencePlaceholder: string | null;
  link: Awaited<ReturnType<typeof issueHostedToken>> | null;
  pageUrl: string | null;
}

async function composeSendEmail(
  sender: EmailSender,
  organization: Organization,
  send: Send,
  issue: Issue,
  issued: IssuedDocument,
  links: HostedLinks,
  archive: ArchiveContext,
): Promise<Composed> {
  const { invoice } = send;
  // One token per invoice, kept across reminders; created with the claim if there is none yet.
  const link = invoice.hostedTokenHash ? null : await issueHostedToken(links.keys, invoice.id, send.at);
  const pageUrl = link
    ? hostedUrl(links.baseUrl, link.token)
    : await hostedUrlOf(links, { ...invoice, status: INVOICE_TRANSITIONS.send.to });
  // A payment reference derives from the number (mod 97, which SQL cannot compute): until the
  // batch has taken the number, the e-mail states a placeholder of its own, filled after it.
  const referencePlaceholder =
    issue.number && issue.doc?.payment?.reference ? `[reference-${crypto.randomUUID()}]` : null;
  // The e-mail tells the invoice as it is issued by this send, from the one model that is frozen
  // after the claim (with the logo as it is now); a reminder, from the model frozen then.
  const doc: IssuedDocument = issue.doc
    ? {
        ...issue.doc,
        logoTag: await logoTag(archive.bucket, organization.id),
        ...(referencePlaceholder && issue.doc.payment
          ? { payment: { ...issue.doc.payment, reference: referencePlaceholder } }
          : {}),
      }
    : issued;
  const rendered = await composeInvoiceEmail({
    doc,
    invoice,
    kind: send.kind,
    overdue: invoice.dueDate < send.today,
    hostedUrl: pageUrl,
    branding: await emailBrandingOf(archive.bucket, links.baseUrl, organization, doc),
  });
  const email = queueEmail(sender, organization, send.customer.email, rendered);
  return { doc, email, referencePlaceholder, link, pageUrl };
}

/** The claim's batch, and the invoice as it answers once the batch committed. */
interface Claim {
  statements: Statement[];
  next: Invoice;
  view: ReturnType<typeof serializeInvoice>;
  eventIds: string[];
  attachmentKind: ArchiveKind | null;
  einvoiceAttachmentKind: ArchiveKind | null;
}

function claimOf(
  db: Db,
  organization: Organization,
  send: Send,
  issue: Issue,
  { email, link, pageUrl }: Composed,
  plan: ChannelPlan,
  keep: KeepAnswer<SentInvoice>,
): Claim {
  const { invoice, items, at, issuing } = send;
  const id = invoice.id;
  const { number } = issue;
  const version = invoice.version + 1;
  const next: Invoice = issuing
    ? {
        ...invoice,
        ...issue.fields,
        ...link?.columns,
        status: issue.status,
        sentAt: at,
        version,
        updatedAt: at,
      }
    : { ...invoice, ...link?.columns, version };
  const view = serializeInvoice(next, items, send.today);
  const { attachmentKind, einvoiceAttachmentKind } = attachmentsFor(
    emailAttachmentOf(organization),
    send.customer.einvoiceAttachment,
    view.einvoice,
    id,
  );
  const eventIds: string[] = [];
  const withNumber = (text: string) =>
    number ? sql`replace(${text}, ${number.placeholder}, ${number.value})` : text;
  const statements: Statement[] = [
    versionGuard(db, invoices, id, invoice.version),
    ...(number ? numberOnSend(db, organization.id, id) : []),
    db
      .update(invoices)
      .set(
        issuing
          ? { ...issue.fields, ...link?.columns, status: next.status, sentAt: at, version, updatedAt: at }
          : { ...link?.columns, version },
      )
      .where(scoped(organization.id, id)),
    // The breakdown it is issued with, for the tax report: read from the row just updated.
    ...(issuing ? [invoiceTaxLines(db, id)] : []),
  ];
  if (plan.email) {
    statements.push(
      insertQueuedEmail(db, invoiceEmails, email, {
        invoiceId: id,
        kind: send.kind,
        subject: withNumber(email.message.subject),
        text: withNumber(email.message.text),
        html: withNumber(email.message.html),
        attachmentKind,
        einvoiceAttachmentKind,
        createdAt: at,
      }),
    );
  }
  if (plan.peppol) {
    statements.push(
      startDeliveryStatement(db, {
        organizationId: organization.id,
        documentType: "invoice",
        documentId: id,
        // The number as this batch leaves it (taken above when the draft had none).
        documentNumber: sql`(SELECT ${invoices.number} FROM ${invoices} WHERE ${invoices.id} = ${id})`,
        network: plan.peppol.network,
        recipient: plan.peppol.recipient,
        at,
      }),
    );
  }
  if (issuing) {
    const recorded = [event(db, organization.id, "invoice.sent", view, at)];
    if (issue.settled) recorded.push(event(db, organization.id, "invoice.paid", view, at));
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
        invoice: { ...view, number: number?.placeholder ?? view.number, hosted_url: pageUrl, deliveries: [] },
        eventIds,
        failure: undefined,
      },
      number?.filled ?? [],
    ),
    readNumber(db, id),
  );
  return { statements, next, view, eventIds, attachmentKind, einvoiceAttachmentKind };
}

/**
 * The number the claim took, put where its placeholder stood: the answer, the events' payment
 * reference, the model and the e-mail (and the queued row's payment reference).
 */
async function fillNumberTaken(
  db: Db,
  number: NumberTakenInBatch,
  taken: string,
  claim: Claim,
  composed: Composed,
): Promise<{ view: Claim["view"]; doc: IssuedDocument; email: QueuedEmail }> {
  const id = claim.next.id;
  const view = { ...claim.view, number: taken };
  view.payment_reference = paymentReferenceOf({ ...claim.next, number: taken });
  // The reference derives from the number, which SQL took in the batch (and mod-97 is not SQL's):
  // the events learn it now. Until then (or if this never runs) they say null, never a wrong one.
  if (claim.eventIds.length > 0) {
    // The invoice is sent whatever happens here: a failure leaves the events saying null.
    await fillPaymentReference(db, claim.eventIds, view.payment_reference).catch((error: unknown) =>
      logWarn("payment reference not filled into the send's events", {
        invoice_id: id,
        error: String(error),
      }),
    );
  }
  const { referencePlaceholder } = composed;
  const reference = view.payment_reference ?? "";
  const fill = (text: string) => {
    const numbered = text.replaceAll(number.placeholder, taken);
    return referencePlaceholder ? numbered.replaceAll(referencePlaceholder, reference) : numbered;
  };
  const doc = withNumberTaken(composed.doc, fill, view.payment_reference);
  const { message } = composed.email;
  const email = {
    ...composed.email,
    message: {
      ...message,
      subject: fill(message.subject),
      text: fill(message.text),
      html: fill(message.html),
    },
  };
  // The queued row took the number in the batch; it takes the reference now, before delivery.
  if (referencePlaceholder) {
    const { subject, text, html } = email.message;
    await db
      .update(invoiceEmails)
      .set({ subject, text, html })
      .where(eq(invoiceEmails.id, email.id))
      .catch((error: unknown) =>
        logError("payment reference not filled into the queued e-mail", {
          invoice_id: id,
          error: String(error),
        }),
      );
  }
  return { view, doc, email };
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
type SyntaxReadiness = Pick<EInvoiceReadiness, "syntaxes">;

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

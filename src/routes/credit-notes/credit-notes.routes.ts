// Route descriptions of /v1/credit-notes.
import {
  conflictError,
  IdParam,
  jsonBody,
  jsonResponse,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { CREDIT_NOTE_TRANSITIONS } from "../../services/lifecycle";
import { memberRoute, transitionRoute } from "../factories";
import { CreditNoteEmailListSchema, EmailPreviewSchema } from "../invoices/email-preview.schemas";
import { pdfResponse } from "../invoices/invoices.routes";
import {
  CreateCreditNoteSchema,
  CreditNoteListQuerySchema,
  CreditNoteListSchema,
  CreditNoteSchema,
  EInvoiceDownloadQuerySchema,
  einvoiceResponse,
  PdfQuerySchema,
  SendDocumentSchema,
} from "../invoices/invoices.schemas";

const tags = ["Credit notes"];

export const createCreditNote = transitionRoute(CREDIT_NOTE_TRANSITIONS.issue)({
  method: "post",
  path: "/v1/credit-notes",
  operationId: "createCreditNote",
  tags,
  summary: "Correct a sent, overdue or paid invoice: credit lines or an amount (number CN-000001 upward)",
  description:
    "Either `lines` (each an invoice line by quantity or by amount after discounts) or a single " +
    "`amount` (tax included, spread over the invoice's VAT rates pro rata). Tax is computed with the " +
    "credited lines' rates. The total credited never exceeds the invoice total (422). On an unpaid " +
    "invoice the note lowers `amount_due`; beyond what is due it is a refund (`refund_amount`): of what " +
    "was paid, then of the prepaid amount. On an invoice whose prepaid amount is above its total (it owes " +
    "back, `amount_due` below 0) the note refunds nothing and adds its total to what is owed back. " +
    "The note that credits the last of the invoice's VAT breakdown " +
    "also takes its cash rounding. An invoice of type 381 or 389 (owed to the customer): 409 " +
    "`invoice_type_not_creditable`.",
  request: { body: jsonBody(CreateCreditNoteSchema) },
  responses: {
    201: jsonResponse(CreditNoteSchema, "The credit note"),
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const listCreditNotes = memberRoute({
  method: "get",
  path: "/v1/credit-notes",
  operationId: "listCreditNotes",
  tags,
  summary: "List credit notes, newest first, optionally of one invoice or customer",
  request: { query: CreditNoteListQuerySchema },
  responses: { 200: jsonResponse(CreditNoteListSchema, "A page of credit notes") },
});

export const getCreditNote = memberRoute({
  method: "get",
  path: "/v1/credit-notes/{id}",
  operationId: "getCreditNote",
  tags,
  summary: "Read a credit note",
  request: { params: IdParam("id", "Credit note id") },
  responses: { 200: jsonResponse(CreditNoteSchema, "The credit note"), ...notFoundError },
});

export const getCreditNotePdf = memberRoute({
  method: "get",
  path: "/v1/credit-notes/{id}/pdf",
  operationId: "getCreditNotePdf",
  tags,
  summary: "The credit note as a PDF, naming the invoice it corrects and why",
  description:
    "`?format=facturx`: the same PDF as PDF/A-3b with the credit note's CII XML (type code 381) " +
    "embedded as `factur-x.xml`; 422 names what EN 16931 lacks.",
  request: { params: IdParam("id", "Credit note id"), query: PdfQuerySchema },
  responses: {
    200: pdfResponse("The credit note PDF"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const getCreditNoteEInvoice = memberRoute({
  method: "get",
  path: "/v1/credit-notes/{id}/einvoice",
  operationId: "getCreditNoteEInvoice",
  tags,
  summary: "The credit note as an EN 16931 e-invoice: UBL 2.1 CreditNote (Peppol BIS 3.0) or CII D16B (381)",
  description: "When EN 16931 needs something the note lacks: 422 with `details` naming each field.",
  request: { params: IdParam("id", "Credit note id"), query: EInvoiceDownloadQuerySchema },
  responses: { 200: einvoiceResponse, ...notFoundError, ...conflictError, ...validationErrorResponse },
});

export const previewCreditNoteEmail = memberRoute({
  method: "get",
  path: "/v1/credit-notes/{id}/email-preview",
  operationId: "previewCreditNoteEmail",
  tags,
  summary:
    "What the credit note's e-mail would say now: subject, preheader, HTML, text, recipient, attachments",
  request: { params: IdParam("id", "Credit note id") },
  responses: { 200: jsonResponse(EmailPreviewSchema, "The e-mail as it would be sent"), ...notFoundError },
});

export const sendCreditNote = memberRoute({
  method: "post",
  path: "/v1/credit-notes/{id}/send",
  operationId: "sendCreditNote",
  tags,
  summary: "Send the credit note over Peppol or by e-mail (with its archived PDF and e-invoice attached)",
  description:
    "The channels are chosen as an invoice's send chooses them (the body's `channels`, else Peppol for a " +
    "registered customer of a connected organization, else e-mail); `deliveries` tells the Peppol delivery. " +
    "By e-mail: to the customer's address, as an invoice's send. The attachments follow the organization's " +
    "`email_attachment` and the customer's `einvoice_attachment`, read from the archive written at " +
    "issue. Every send is recorded (GET /v1/credit-notes/{id}/emails); sending again sends again. " +
    "While an e-mail of the note is being delivered: 409 `email_in_progress`. A provider refusal: " +
    '500 with `details.reason = "email_delivery_failed"`, the e-mail recorded as `failed`.',
  request: {
    params: IdParam("id", "Credit note id"),
    body: { ...jsonBody(SendDocumentSchema), required: false },
  },
  responses: {
    200: jsonResponse(CreditNoteSchema, "The credit note sent"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const listCreditNoteEmails = memberRoute({
  method: "get",
  path: "/v1/credit-notes/{id}/emails",
  operationId: "listCreditNoteEmails",
  tags,
  summary: "The credit note's e-mails, oldest first",
  request: { params: IdParam("id", "Credit note id") },
  responses: { 200: jsonResponse(CreditNoteEmailListSchema, "The e-mails"), ...notFoundError },
});

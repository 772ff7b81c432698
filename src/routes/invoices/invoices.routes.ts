// Route descriptions of /v1/invoices.
import { z } from "@hono/zod-openapi";
import {
  conflictError,
  IdParam,
  jsonBody,
  jsonResponse,
  noContent,
  notFoundError,
  RATE_LIMIT_HEADERS,
  validationErrorResponse,
} from "../../lib/openapi";
import { OffsetQuerySchema } from "../../lib/pagination";
import { INVOICE_TRANSITIONS } from "../../services/lifecycle";
import { memberRoute, transitionRoute } from "../factories";
import { EmailPreviewSchema, InvoiceEmailPreviewQuerySchema } from "./email-preview.schemas";
import {
  CreateInvoiceSchema,
  CreatePaymentSchema,
  CreditNoteListSchema,
  EInvoiceDownloadQuerySchema,
  einvoiceResponse,
  HostedLinkSchema,
  InvoiceEmailListSchema,
  InvoiceEmailSchema,
  InvoiceListQuerySchema,
  InvoiceListSchema,
  InvoiceSchema,
  PaymentListSchema,
  PaymentSchema,
  PdfQuerySchema,
  SendDocumentSchema,
  UpdateInvoiceSchema,
  VoidInvoiceSchema,
} from "./invoices.schemas";

const tags = ["Invoices"];
const params = IdParam("id", "Invoice id");

export const createInvoice = memberRoute({
  method: "post",
  path: "/v1/invoices",
  operationId: "createInvoice",
  tags,
  summary: "Create a draft invoice",
  description:
    "With the organization's default `invoice_numbering: on_create` the draft gets its number here; " +
    "with `on_send` it has none (`number` is null) until it is sent, so deleted drafts leave no gap.",
  request: { body: jsonBody(CreateInvoiceSchema) },
  responses: {
    201: jsonResponse(InvoiceSchema, "Created (the full invoice)"),
    ...validationErrorResponse,
  },
});

export const listInvoices = memberRoute({
  method: "get",
  path: "/v1/invoices",
  operationId: "listInvoices",
  tags,
  summary: "List invoices with their items: filters, sort (newest first by default), offset or keyset pages",
  request: { query: InvoiceListQuerySchema },
  responses: { 200: jsonResponse(InvoiceListSchema, "A page of invoices") },
});

export const getInvoice = memberRoute({
  method: "get",
  path: "/v1/invoices/{id}",
  operationId: "getInvoice",
  tags,
  summary: "Read an invoice with its items",
  request: { params },
  responses: { 200: jsonResponse(InvoiceSchema, "The invoice"), ...notFoundError },
});

export const updateInvoice = transitionRoute(INVOICE_TRANSITIONS.edit)({
  method: "patch",
  path: "/v1/invoices/{id}",
  operationId: "updateInvoice",
  tags,
  summary: "Edit a draft; on a sent or overdue invoice only notes and { status: 'paid' }",
  request: { params, body: jsonBody(UpdateInvoiceSchema) },
  responses: {
    200: jsonResponse(InvoiceSchema, "The updated invoice"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const sendInvoice = transitionRoute(INVOICE_TRANSITIONS.send)({
  method: "post",
  path: "/v1/invoices/{id}/send",
  operationId: "sendInvoice",
  tags,
  summary:
    "Send the invoice over Peppol or by e-mail (draft -> sent); again while sent or overdue: a reminder e-mail",
  description:
    "The channels: the body's `channels`, else Peppol when the organization is connected and the " +
    "customer's electronic address is a registered participant, else e-mail. Over Peppol the UBL GET " +
    "/einvoice?syntax=ubl serves goes to the access point once the invoice is issued; the answer is 200 " +
    "whatever the network answered, its `deliveries` telling: `delivered`, `failed` (a refusal, with its " +
    "rules; sending again tries again) or `pending` (retried within minutes). A delivered or pending " +
    "delivery is not sent again. " +
    "The status change and the e-mail record (`queued`) commit first, then the transport is called. " +
    "Two concurrent sends: one 200, the other 409 `concurrent_update`, one e-mail. If the provider " +
    "refuses the message, the invoice stays sent, the e-mail reads `failed` in GET /emails and the " +
    'answer is 500 with `details.reason = "email_delivery_failed"`: sending again retries the invoice ' +
    "e-mail (a reminder only once an invoice e-mail went out).",
  request: { params, body: { ...jsonBody(SendDocumentSchema), required: false } },
  responses: {
    200: jsonResponse(InvoiceSchema, "The invoice after sending"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const payInvoice = transitionRoute(INVOICE_TRANSITIONS.pay)({
  method: "post",
  path: "/v1/invoices/{id}/pay",
  operationId: "payInvoice",
  tags,
  summary: "Mark a sent or overdue invoice paid",
  request: { params },
  responses: {
    200: jsonResponse(InvoiceSchema, "The paid invoice"),
    ...notFoundError,
    ...conflictError,
  },
});

export const deleteInvoice = transitionRoute(INVOICE_TRANSITIONS.delete)({
  method: "delete",
  path: "/v1/invoices/{id}",
  operationId: "deleteInvoice",
  tags,
  summary: "Delete a draft invoice (409 invoice_not_draft otherwise)",
  request: { params },
  responses: { 204: noContent, ...notFoundError, ...conflictError },
});

export const previewInvoiceEmail = memberRoute({
  method: "get",
  path: "/v1/invoices/{id}/email-preview",
  operationId: "previewInvoiceEmail",
  tags,
  summary:
    "What an e-mail of the invoice would say now: subject, preheader, HTML, text, recipient, attachments",
  description:
    "Written by the same function as the send and the reminder sweep. A draft is shown as its send " +
    "would issue it (today's date, its number or the next one, the hosted link as `{token}`). " +
    "`kind=reminder` needs an issued invoice (409 `invoice_not_issued`); `step` names a step of the " +
    "reminder schedule by its `offset_days` (422 when there is none).",
  request: { params, query: InvoiceEmailPreviewQuerySchema },
  responses: {
    200: jsonResponse(EmailPreviewSchema, "The e-mail as it would be sent"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const listInvoiceEmails = memberRoute({
  method: "get",
  path: "/v1/invoices/{id}/emails",
  operationId: "listInvoiceEmails",
  tags,
  summary: "The e-mails sent for an invoice, oldest first",
  request: { params, query: OffsetQuerySchema },
  responses: {
    200: jsonResponse(InvoiceEmailListSchema, "A page of e-mails"),
    ...notFoundError,
  },
});

const paymentParams = z.object({
  id: params.shape.id,
  paymentId: IdParam("paymentId", "Payment id").shape.paymentId,
});

export const createPayment = transitionRoute(INVOICE_TRANSITIONS.record_payment)({
  method: "post",
  path: "/v1/invoices/{id}/payments",
  operationId: "createInvoicePayment",
  tags,
  summary: "Record a payment received; the one that brings amount_due to zero makes the invoice paid",
  description:
    "Partial payments leave the invoice sent or overdue with a smaller `amount_due`. More than " +
    "`amount_due`: 422 on `amount`. Draft: 409 `invoice_not_sent`; paid: 409 `invoice_paid`; void: 409 " +
    "`invoice_void`; a 381 or 389 invoice (owed to the customer): 409 `invoice_owed_to_customer`. " +
    "Concurrent payments are checked against each other and never overpay.",
  request: { params, body: jsonBody(CreatePaymentSchema) },
  responses: {
    201: jsonResponse(PaymentSchema, "The payment"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const listPayments = memberRoute({
  method: "get",
  path: "/v1/invoices/{id}/payments",
  operationId: "listInvoicePayments",
  tags,
  summary: "The invoice's payments ledger, oldest first (reversed ones included, marked reversed_at)",
  request: { params, query: OffsetQuerySchema },
  responses: { 200: jsonResponse(PaymentListSchema, "A page of payments"), ...notFoundError },
});

export const reversePayment = transitionRoute(INVOICE_TRANSITIONS.reopen)({
  method: "delete",
  path: "/v1/invoices/{id}/payments/{paymentId}",
  operationId: "reverseInvoicePayment",
  tags,
  summary:
    "Reverse a payment (e.g. a bounced transfer): kept in the ledger with reversed_at; reopens a paid invoice",
  request: { params: paymentParams },
  responses: {
    200: jsonResponse(PaymentSchema, "The reversed payment"),
    ...notFoundError,
    ...conflictError,
  },
});

export const sendPaymentReceipt = memberRoute({
  method: "post",
  path: "/v1/invoices/{id}/payments/{paymentId}/receipt",
  operationId: "sendPaymentReceipt",
  tags,
  summary: "E-mail the customer a receipt for one payment (never sent on its own)",
  description:
    "Thanks the customer for the payment and states the invoice's total as issued and what is left " +
    "to pay now, in the invoice's language. Recorded in GET /emails with kind `receipt`. A reversed " +
    "payment: 409 `payment_reversed`. Preview: GET /email-preview?kind=receipt&payment_id=.",
  request: { params: paymentParams },
  responses: {
    201: jsonResponse(InvoiceEmailSchema, "The receipt e-mail"),
    ...notFoundError,
    ...conflictError,
  },
});

export const voidInvoice = transitionRoute(INVOICE_TRANSITIONS.void)({
  method: "post",
  path: "/v1/invoices/{id}/void",
  operationId: "voidInvoice",
  tags,
  summary: "Void a sent or overdue invoice without payments: a full credit note, status void (terminal)",
  description:
    "Owners and admins only (403 `access_denied` for members). Draft: 409 `invoice_not_sent` (delete it); " +
    "paid: 409 `invoice_paid`; void: 409 `invoice_void`. An invoice with payments (not reversed) is not " +
    "voided: 409 `invoice_has_payments` with `details.amount_paid`; issue a credit note " +
    "(`POST /v1/credit-notes`) instead, or reverse the payments first. An invoice with a prepaid amount: " +
    "409 `invoice_has_prepaid_amount` (a credit note of its total refunds it). Type 381 or 389: 409 " +
    "`invoice_type_not_creditable`.",
  request: {
    params,
    body: { ...jsonBody(VoidInvoiceSchema), required: false },
  },
  responses: {
    200: jsonResponse(InvoiceSchema, "The void invoice"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const listInvoiceCreditNotes = memberRoute({
  method: "get",
  path: "/v1/invoices/{id}/credit-notes",
  operationId: "listInvoiceCreditNotes",
  tags,
  summary: "The credit notes of an invoice, newest first",
  request: { params, query: OffsetQuerySchema },
  responses: { 200: jsonResponse(CreditNoteListSchema, "A page of credit notes"), ...notFoundError },
});

/** A rendered PDF document (invoice or credit note). */
export const pdfResponse = (description: string) => ({
  description,
  headers: {
    ...RATE_LIMIT_HEADERS,
    "Content-Disposition": {
      schema: { type: "string" as const, example: 'inline; filename="INV-000001.pdf"' },
    },
  },
  content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
});

export const getInvoicePdf = memberRoute({
  method: "get",
  path: "/v1/invoices/{id}/pdf",
  operationId: "getInvoicePdf",
  tags,
  summary: "The invoice as a PDF (A4, or US Letter for US and Canadian sellers); drafts are marked DRAFT",
  description:
    "`?format=facturx` answers the Factur-X / ZUGFeRD hybrid: the same PDF as PDF/A-3b with the CII " +
    "XML embedded as `factur-x.xml` (profile EN 16931). A draft has none (409); when EN 16931 lacks " +
    "a field, 422 names each one in `details`, as GET /einvoice does.",
  request: { params, query: PdfQuerySchema },
  responses: {
    200: pdfResponse("The invoice PDF"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const rotateHostedLink = memberRoute({
  method: "post",
  path: "/v1/invoices/{id}/hosted-link",
  operationId: "rotateHostedLink",
  tags,
  summary: "A new link to the invoice's hosted page; the old link stops working (404) at once",
  description:
    "The token is 32 random bytes (base64url). A draft has no page: 409 `invoice_not_sent`. The new " +
    "`url` is also the invoice's `hosted_url` from now on.",
  request: { params },
  responses: {
    200: jsonResponse(HostedLinkSchema, "The new link"),
    ...notFoundError,
    ...conflictError,
  },
});

export const getInvoiceEInvoice = memberRoute({
  method: "get",
  path: "/v1/invoices/{id}/einvoice",
  operationId: "getInvoiceEInvoice",
  tags,
  summary: "The invoice as an EN 16931 e-invoice: UBL 2.1 (Peppol BIS 3.0) or CII D16B",
  description:
    "Draft: 409 `invoice_not_issued`. When EN 16931 needs something the invoice lacks (the seller's " +
    "VAT id, an address, a line's VAT category, ...): 422 with `details` naming each field. " +
    "Currencies with more than 2 decimals: 422 on `currency` (BR-DEC).",
  request: { params, query: EInvoiceDownloadQuerySchema },
  responses: { 200: einvoiceResponse, ...notFoundError, ...conflictError, ...validationErrorResponse },
});

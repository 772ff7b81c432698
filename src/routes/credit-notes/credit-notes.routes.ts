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
import { pdfResponse } from "../invoices/invoices.routes";
import {
  CreateCreditNoteSchema,
  CreditNoteListQuerySchema,
  CreditNoteListSchema,
  CreditNoteSchema,
  EInvoiceQuerySchema,
  einvoiceResponse,
  PdfQuerySchema,
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
    "invoice the note lowers `amount_due`; beyond what is due it is a refund (`refund_amount`).",
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
  request: { params: IdParam("id", "Credit note id"), query: EInvoiceQuerySchema },
  responses: { 200: einvoiceResponse, ...notFoundError, ...conflictError, ...validationErrorResponse },
});

// Routes of /v1/bills: import, list, read, the original, and the bill's lifecycle.
import { z } from "@hono/zod-openapi";
import {
  bearerSecurity,
  commonErrors,
  conflictError,
  errorResponse,
  IdParam,
  jsonBody,
  jsonResponse,
  notFoundError,
  RATE_LIMIT_HEADERS,
  validationErrorResponse,
} from "../../lib/openapi";
import { BILL_TRANSITIONS } from "../../services/lifecycle";
import { memberRoute, transitionRoute } from "../factories";
import {
  BillListQuerySchema,
  BillListSchema,
  BillPaymentListSchema,
  BillSchema,
  CreateBillPaymentSchema,
  RecordedBillPaymentSchema,
  RejectBillSchema,
} from "./bills.schemas";

const tags = ["Bills"];
const params = IdParam("id", "Bill id");
const file = { schema: { type: "string" as const, format: "binary" } };

/**
 * Documentation of POST /v1/bills: registered by hand (bills.index.ts), since its body is a file
 * (raw or multipart) the handler reads itself, within its cap.
 */
export const importDoc = {
  method: "post" as const,
  path: "/v1/bills",
  operationId: "importBill",
  tags,
  summary: "Receive an e-invoice (UBL, CII, Factur-X / ZUGFeRD PDF) as a bill",
  description:
    "The e-invoice as the raw body (`Content-Type: application/xml` for a UBL 2.1 Invoice or CreditNote " +
    "or a UN/CEFACT CII CrossIndustryInvoice; `application/pdf` for a PDF carrying one as an embedded " +
    "file: Factur-X, ZUGFeRD 2.x), or a multipart/form-data field `file` (a PDF is told by its `%PDF` " +
    "header). Kept exactly as received: its amounts are the ones it states, never recomputed, and its " +
    "bytes are stored encrypted (GET /v1/bills/{id}/original). 201 with the new bill, its supplier " +
    "found (electronic address, then VAT id, then identifier) or created, and its `validation` (the " +
    "EN 16931 rules and the CIUS it declares; a document that breaks a rule is still stored, with " +
    "`valid: false`). The same bytes again: 200 with the same bill. Another document with the same " +
    "supplier, number and issue date: 409 `duplicate_bill` with `details.bill_id`. Not an e-invoice " +
    "(not well-formed, a DTD or entity declaration, another root, a PDF without an invoice XML): 422 " +
    "`invalid_einvoice` with `details.reason`, nothing stored. Over 20 MiB, or a document whose stored JSON would pass 1,500,000 bytes: 413. Records `bill.received`.",
  security: bearerSecurity,
  request: {
    body: {
      required: true,
      content: {
        "application/xml": file,
        "application/pdf": file,
        "multipart/form-data": {
          schema: {
            type: "object" as const,
            properties: { file: { type: "string" as const, format: "binary" } },
            required: ["file"],
          },
        },
      },
    },
  },
  responses: {
    200: jsonResponse(BillSchema, "These bytes were imported before: that bill"),
    201: jsonResponse(BillSchema, "The new bill"),
    ...commonErrors,
    409: errorResponse("`duplicate_bill`: the supplier's document with this number and issue date is a bill"),
    413: errorResponse(
      "The file exceeds 20 MiB, or the document read would take over 1,500,000 bytes to keep",
    ),
    415: errorResponse("Not application/xml, text/xml, application/pdf or multipart/form-data"),
    422: errorResponse("`invalid_einvoice`: not an e-invoice this service reads (`details.reason`)"),
  },
};

export const listBills = memberRoute({
  method: "get",
  path: "/v1/bills",
  operationId: "listBills",
  tags,
  summary: "List bills, newest first, by status, supplier, due date or text",
  request: { query: BillListQuerySchema },
  responses: { 200: jsonResponse(BillListSchema, "A page of bills") },
});

export const getBill = memberRoute({
  method: "get",
  path: "/v1/bills/{id}",
  operationId: "getBill",
  tags,
  summary: "Read a bill",
  request: { params },
  responses: { 200: jsonResponse(BillSchema, "The bill"), ...notFoundError },
});

export const getBillOriginal = memberRoute({
  method: "get",
  path: "/v1/bills/{id}/original",
  operationId: "getBillOriginal",
  tags,
  summary: "The e-invoice exactly as received (its bytes, its Content-Type; ETag: the quoted hex SHA-256)",
  request: { params },
  responses: {
    200: {
      description: "The original bytes",
      headers: {
        ...RATE_LIMIT_HEADERS,
        ETag: { schema: { type: "string" as const, example: '"9f86d081884c7d65..."' } },
      },
      content: {
        "application/xml": { schema: z.string().openapi({ format: "binary" }) },
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    304: { description: "If-None-Match names the original's ETag" },
    ...notFoundError,
  },
});

export const approveBill = transitionRoute(BILL_TRANSITIONS.approve)({
  method: "post",
  path: "/v1/bills/{id}/approve",
  operationId: "approveBill",
  tags,
  summary: "Approve a received bill (records bill.approved)",
  request: { params },
  responses: { 200: jsonResponse(BillSchema, "The approved bill"), ...notFoundError, ...conflictError },
});

export const rejectBill = transitionRoute(BILL_TRANSITIONS.reject)({
  method: "post",
  path: "/v1/bills/{id}/reject",
  operationId: "rejectBill",
  tags,
  summary: "Reject a received or approved bill without payments, with a reason (records bill.rejected)",
  request: { params, body: jsonBody(RejectBillSchema) },
  responses: {
    200: jsonResponse(BillSchema, "The rejected bill"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const createBillPayment = transitionRoute(BILL_TRANSITIONS.record_payment)({
  method: "post",
  path: "/v1/bills/{id}/payments",
  operationId: "createBillPayment",
  tags,
  summary: "Record a payment of an open bill; the one that leaves nothing due makes it paid (bill.paid)",
  description:
    "Partial payments add up; more than the amount due is refused (422 `validation_error` naming " +
    "`amount`). A rejected or paid bill takes none (409).",
  request: { params, body: jsonBody(CreateBillPaymentSchema) },
  responses: {
    201: jsonResponse(RecordedBillPaymentSchema, "The payment and the bill after it"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const listBillPayments = memberRoute({
  method: "get",
  path: "/v1/bills/{id}/payments",
  operationId: "listBillPayments",
  tags,
  summary: "The payments recorded on a bill, oldest first",
  request: { params },
  responses: { 200: jsonResponse(BillPaymentListSchema, "The bill's payments"), ...notFoundError },
});

// Route descriptions of /v1/recurring-invoices.
import {
  conflictError,
  IdParam,
  jsonBody,
  jsonResponse,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { memberRoute } from "../factories";
import {
  CreateRecurringInvoiceSchema,
  RecurringInvoiceListQuerySchema,
  RecurringInvoiceListSchema,
  RecurringInvoiceSchema,
  UpdateRecurringInvoiceSchema,
} from "./recurring-invoices.schemas";

const tags = ["Recurring invoices"];
const params = IdParam("id", "Recurring invoice id");

export const createRecurringInvoice = memberRoute({
  operationId: "createRecurringInvoice",
  method: "post",
  path: "/v1/recurring-invoices",
  tags,
  summary: "Create a recurring invoice: a template and its schedule",
  request: { body: jsonBody(CreateRecurringInvoiceSchema) },
  responses: { 201: jsonResponse(RecurringInvoiceSchema, "Created"), ...validationErrorResponse },
});

export const listRecurringInvoices = memberRoute({
  operationId: "listRecurringInvoices",
  method: "get",
  path: "/v1/recurring-invoices",
  tags,
  summary: "List recurring invoices, newest first",
  request: { query: RecurringInvoiceListQuerySchema },
  responses: { 200: jsonResponse(RecurringInvoiceListSchema, "A page of recurring invoices") },
});

export const getRecurringInvoice = memberRoute({
  operationId: "getRecurringInvoice",
  method: "get",
  path: "/v1/recurring-invoices/{id}",
  tags,
  summary: "Get a recurring invoice",
  request: { params },
  responses: { 200: jsonResponse(RecurringInvoiceSchema, "The recurring invoice"), ...notFoundError },
});

export const updateRecurringInvoice = memberRoute({
  operationId: "updateRecurringInvoice",
  method: "patch",
  path: "/v1/recurring-invoices/{id}",
  tags,
  summary: "Change a recurring invoice (the schedule only before its first invoice: 409 schedule_locked)",
  request: { params, body: jsonBody(UpdateRecurringInvoiceSchema) },
  responses: {
    200: jsonResponse(RecurringInvoiceSchema, "The recurring invoice"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

const action = (name: "pause" | "resume" | "cancel", summary: string) =>
  memberRoute({
    operationId: `${name}RecurringInvoice`,
    method: "post",
    path: `/v1/recurring-invoices/{id}/${name}`,
    tags,
    summary,
    request: { params },
    responses: {
      200: jsonResponse(RecurringInvoiceSchema, "The recurring invoice"),
      ...notFoundError,
      ...conflictError,
    },
  });

export const pauseRecurringInvoice = action("pause", "Pause: no invoices until resumed");
export const resumeRecurringInvoice = action(
  "resume",
  "Resume: periods whose billing day passed while paused are skipped",
);
export const cancelRecurringInvoice = action("cancel", "Cancel for good: no more invoices");

// Route descriptions of /v1/quotes.
import {
  conflictError,
  IdParam,
  jsonBody,
  jsonResponse,
  noContent,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { QUOTE_TRANSITIONS } from "../../services/lifecycle";
import { memberRoute, transitionRoute } from "../factories";
import { EmailPreviewSchema } from "../invoices/email-preview.schemas";
import {
  CreateQuoteSchema,
  QuoteConversionSchema,
  QuoteEmailListSchema,
  QuoteListQuerySchema,
  QuoteListSchema,
  QuoteSchema,
  UpdateQuoteSchema,
} from "./quotes.schemas";

const tags = ["Quotes"];
const params = IdParam("id", "Quote id");

export const createQuote = memberRoute({
  method: "post",
  path: "/v1/quotes",
  operationId: "createQuote",
  tags,
  summary: "Create a quote (numbered QT-000001 from the organization's quote sequence)",
  request: { body: jsonBody(CreateQuoteSchema) },
  responses: { 201: jsonResponse(QuoteSchema, "Created"), ...validationErrorResponse },
});

export const listQuotes = memberRoute({
  method: "get",
  path: "/v1/quotes",
  operationId: "listQuotes",
  tags,
  summary: "List quotes, newest first",
  request: { query: QuoteListQuerySchema },
  responses: { 200: jsonResponse(QuoteListSchema, "A page of quotes") },
});

export const getQuote = memberRoute({
  method: "get",
  path: "/v1/quotes/{id}",
  operationId: "getQuote",
  tags,
  summary: "Get a quote",
  request: { params },
  responses: { 200: jsonResponse(QuoteSchema, "The quote"), ...notFoundError },
});

export const updateQuote = transitionRoute(QUOTE_TRANSITIONS.edit)({
  method: "patch",
  path: "/v1/quotes/{id}",
  operationId: "updateQuote",
  tags,
  summary: "Change a draft quote (lines and discounts are priced again)",
  request: { params, body: jsonBody(UpdateQuoteSchema) },
  responses: {
    200: jsonResponse(QuoteSchema, "The quote"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteQuote = transitionRoute(QUOTE_TRANSITIONS.delete)({
  method: "delete",
  path: "/v1/quotes/{id}",
  operationId: "deleteQuote",
  tags,
  summary: "Delete a draft quote",
  request: { params },
  responses: {
    204: noContent,
    ...notFoundError,
    ...conflictError,
  },
});

const action = (name: "send" | "accept" | "decline", summary: string) =>
  transitionRoute(QUOTE_TRANSITIONS[name])({
    method: "post",
    path: `/v1/quotes/{id}/${name}`,
    operationId: `${name}Quote`,
    tags,
    summary,
    request: { params },
    responses: {
      200: jsonResponse(QuoteSchema, "The quote"),
      ...notFoundError,
      ...conflictError,
      ...validationErrorResponse,
    },
  });

export const sendQuote = action("send", "Send a quote: e-mail the customer (draft -> sent)");
export const acceptQuote = action("accept", "Record the customer's acceptance (sent -> accepted)");
export const declineQuote = action("decline", "Record the customer's refusal (sent -> declined)");

export const convertQuote = transitionRoute(QUOTE_TRANSITIONS.convert)({
  method: "post",
  path: "/v1/quotes/{id}/convert",
  operationId: "convertQuote",
  tags,
  summary: "Convert an accepted (or sent) quote into an invoice, once (again: 409 with details.invoice_id)",
  request: { params },
  responses: {
    201: jsonResponse(QuoteConversionSchema, "The invoice created from the quote"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const previewQuoteEmail = memberRoute({
  method: "get",
  path: "/v1/quotes/{id}/email-preview",
  operationId: "previewQuoteEmail",
  tags,
  summary:
    "What the quote's e-mail would say now: subject, preheader, HTML, text, recipient (no attachments)",
  request: { params },
  responses: {
    200: jsonResponse(EmailPreviewSchema, "The e-mail as it would be sent"),
    ...notFoundError,
    ...validationErrorResponse,
  },
});

export const listQuoteEmails = memberRoute({
  method: "get",
  path: "/v1/quotes/{id}/emails",
  operationId: "listQuoteEmails",
  tags,
  summary: "The quote's e-mails, oldest first",
  request: { params },
  responses: { 200: jsonResponse(QuoteEmailListSchema, "The quote's e-mails"), ...notFoundError },
});

// Route description of the hosted invoice page: public (the token is the credential), as the
// share-link download is.
import { createRoute, z } from "@hono/zod-openapi";
import { commonErrors, errorResponse, RATE_LIMIT_HEADERS } from "../../lib/openapi";
import { pdfResponse } from "../invoices/invoices.routes";
import { EInvoiceQuerySchema, einvoiceResponse } from "../invoices/invoices.schemas";

const tokenParams = z.object({
  token: z
    .string()
    .openapi({ param: { name: "token", in: "path" }, description: "The invoice's link token" }),
});
const publicErrors = {
  404: errorResponse("No invoice behind this link"),
  429: commonErrors[429],
  500: commonErrors[500],
};

export const hostedInvoicePage = createRoute({
  method: "get",
  path: "/i/{token}",
  operationId: "getHostedInvoicePage",
  tags: ["Hosted pages"],
  summary: "The customer's page of an issued invoice (HTML, no authentication; the token is the key)",
  description:
    "Linked from the invoice e-mails and the invoice's `hosted_url`. The first view sets the invoice's " +
    "`viewed_at` and records `invoice.viewed`. Any token that is not an issued invoice's current one " +
    "answers the same 404.",
  security: [],
  request: { params: tokenParams },
  responses: {
    200: {
      headers: RATE_LIMIT_HEADERS,
      content: { "text/html": { schema: z.string() } },
      description: "The invoice as an HTML page",
    },
    ...publicErrors,
  },
});

export const hostedInvoicePdf = createRoute({
  method: "get",
  path: "/i/{token}/pdf",
  operationId: "getHostedInvoicePdf",
  tags: ["Hosted pages"],
  summary: "The PDF of the invoice behind a hosted link (no authentication; the token is the key)",
  security: [],
  request: { params: tokenParams },
  responses: { 200: pdfResponse("The invoice PDF"), ...publicErrors },
});

export const hostedInvoiceEInvoice = createRoute({
  method: "get",
  path: "/i/{token}/xml",
  operationId: "getHostedInvoiceEInvoice",
  tags: ["Hosted pages"],
  summary: "The EN 16931 e-invoice of the invoice behind a hosted link (UBL by default, or ?syntax=cii)",
  description: "422 with `details` when the invoice lacks what EN 16931 needs (the page then shows no link).",
  security: [],
  request: { params: tokenParams, query: EInvoiceQuerySchema },
  responses: {
    200: einvoiceResponse,
    ...publicErrors,
    422: errorResponse("The invoice lacks what EN 16931 needs; details name the fields"),
  },
});

export const hostedInvoicePay = createRoute({
  method: "post",
  path: "/i/{token}/pay",
  operationId: "payHostedInvoice",
  tags: ["Hosted pages"],
  summary: "The page's Pay now button: 303 to a checkout at the organization's payment provider",
  description:
    "A plain HTML form post (no body). Starts a Stripe Checkout Session for the invoice's live balance due " +
    "and answers 303 to it; a second click for the same balance gets the same session. When there is " +
    "nothing to pay (paid, void, nothing due) or no provider is connected, answers 303 back to the page, " +
    "which says why. 502 `payment_provider_error` when the provider refuses or cannot be reached.",
  security: [],
  request: { params: tokenParams },
  responses: {
    303: {
      description: "To the provider's checkout, or back to the page when there is nothing to pay online",
      headers: { Location: { schema: { type: "string" }, description: "Where the browser goes next" } },
    },
    ...publicErrors,
    502: errorResponse("`payment_provider_error`: the provider refused or could not be reached"),
  },
});

const image = { schema: z.string().openapi({ format: "binary" }) };

export const hostedInvoiceLogo = createRoute({
  method: "get",
  path: "/i/{token}/logo",
  operationId: "getHostedInvoiceLogo",
  tags: ["Hosted pages"],
  summary: "The seller's logo on the hosted page of an invoice (no authentication; the token is the key)",
  description: "404 when the organization has no logo.",
  security: [],
  request: { params: tokenParams },
  responses: {
    200: {
      description: "The organization's logo as stored (normalized at upload)",
      headers: RATE_LIMIT_HEADERS,
      content: { "image/png": image, "image/jpeg": image },
    },
    ...publicErrors,
  },
});

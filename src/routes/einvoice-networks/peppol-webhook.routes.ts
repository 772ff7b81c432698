// Route description of the Peppol access point provider's webhook (public: the token in its URL
// is the credential; the body is only a hint of which document to fetch).
import { createRoute, z } from "@hono/zod-openapi";
import { RECEIPT_OUTCOMES } from "../../db/schema/networks";
import { commonErrors, errorResponse, jsonResponse } from "../../lib/openapi";

/** The webhook's body is two short fields: anything larger is not the provider's. */
export const MAX_PEPPOL_WEBHOOK_BODY_BYTES = 16 * 1024;

/** Any path segment: an id out of format is an unknown organization, the same 401 as a wrong token. */
export const PeppolWebhookParam = z.object({
  organization_id: z
    .string()
    .openapi({ param: { name: "organization_id", in: "path" }, description: "The organization's id" }),
});

export const PeppolWebhookQuery = z.object({
  token: z
    .string()
    .optional()
    .openapi({
      param: { name: "token", in: "query" },
      description: "The connection's webhook token, as in the connection's `webhook_url`",
    }),
});

/** What the provider posts; only `eventType` and `documentId` are read. */
export const PeppolWebhookBodySchema = z.object({
  eventType: z.string().min(1).max(100),
  documentId: z.string().min(1).max(200).optional(),
});

export const PeppolWebhookResultSchema = z
  .object({
    received: z.literal(true),
    outcome: z.enum([...RECEIPT_OUTCOMES, "ignored"]).openapi({
      description:
        "`imported`: the document is a new bill; `duplicate`: it is a bill already (its `bill_id`); " +
        "`response`: a Message Level Response, applied to the delivery it answers; `refused`: not an " +
        "e-invoice this service reads (`reason`), left unread at the provider and not fetched again; `ignored`: not a " +
        "`document.received` event",
    }),
    bill_id: z.string().nullable().optional(),
    reason: z.string().nullable().optional(),
  })
  .openapi("PeppolWebhookResult");

export const peppolWebhook = createRoute({
  method: "post",
  path: "/hooks/peppol/{organization_id}",
  operationId: "receivePeppolWebhook",
  tags: ["E-invoice networks"],
  summary: "The Peppol access point provider's webhook: a document arrived, fetched and imported as a bill",
  description:
    "The provider calls the connection's `webhook_url` with `{ eventType, documentId }`. The `token` query " +
    "parameter must be the connection's webhook token: for an unknown organization, one without a Peppol " +
    "connection, or a missing or wrong token the answer is the same 401, before the body is read, and the " +
    "provider is not called. " +
    "The body is never trusted: for `document.received` the service fetches the document from the provider " +
    'with the organization\'s credentials, imports an invoice or credit note as a bill (`source: "peppol"`, ' +
    "the original kept byte for byte) or applies a Message Level Response to the delivery it answers, then " +
    "marks it read at the provider (a refused one is left unread there, for a person). A document is received once, whether by this webhook or by the inbox " +
    "sweep (every few minutes, for a webhook that was lost). Other events are answered 200 `ignored`. " +
    "502 `network_provider_error` when the provider could not be reached: the inbox sweep receives it later.",
  security: [],
  request: { params: PeppolWebhookParam, query: PeppolWebhookQuery },
  responses: {
    200: jsonResponse(
      PeppolWebhookResultSchema,
      "Received (imported, a duplicate, a response, refused or ignored)",
    ),
    400: errorResponse("The body is not JSON `{ eventType, documentId }`"),
    401: errorResponse("Unknown organization, no Peppol connection, or a missing or wrong token"),
    413: errorResponse("Body too large"),
    429: commonErrors[429],
    500: commonErrors[500],
    502: errorResponse(
      "`network_provider_error`: the provider could not be reached or refused the credentials",
    ),
  },
});

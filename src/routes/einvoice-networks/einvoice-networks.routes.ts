// Route descriptions of the Peppol connection (owners and admins) and of participant lookups
// (any member).
import {
  conflictError,
  errorResponse,
  jsonBody,
  jsonResponse,
  noContent,
  notFoundError,
} from "../../lib/openapi";
import { managerRoute, memberRoute } from "../factories";
import {
  ParticipantParam,
  PeppolConnectionInputSchema,
  PeppolConnectionSchema,
  PeppolParticipantSchema,
} from "./einvoice-networks.schemas";

const tags = ["E-invoice networks"];

const providerError = {
  502: errorResponse(
    "`network_provider_error`: the access point provider failed (5xx) or could not be reached; nothing changed",
  ),
} as const;

export const putPeppolNetwork = managerRoute({
  method: "put",
  path: "/v1/einvoice-networks/peppol",
  operationId: "putPeppolNetwork",
  tags,
  summary: "Connect the organization to Peppol through an access point provider (Recommand)",
  description:
    "With `company_id`, the provider's company is checked with the key. Without it, an organization already " +
    "connected keeps its company when the key sees it (a key rotated, a PUT retried); otherwise the organization is " +
    "registered at the provider from its billing profile (legal name, address, postal code, city, country, VAT id, " +
    "e-mail, phone, and the company id with its scheme when that is an ISO 6523 ICD code such as 0208); a profile " +
    "without its address line, postal code, city or country is answered 422 naming the organization fields to " +
    "fill (`organization.address.city`, ...). Then the webhook the provider calls when a document arrives is " +
    "registered under a new secret token (`webhook_url`). The API key id and secret and the token are stored " +
    "sealed under the master key; GET never answers the key. A second PUT replaces the connection: a new token, " +
    "and the previous webhook deleted at the provider. A key the provider refuses: 422 `validation_error` " +
    "with the provider's answer in the message and in `details.api_key_id`; a company the key does not hold: " +
    "422 `details.company_id`; a registration the provider refuses: 422 naming the organization fields it " +
    "refused. The provider failing or unreachable: 502 `network_provider_error`, nothing stored.",
  request: { body: jsonBody(PeppolConnectionInputSchema) },
  responses: {
    200: jsonResponse(PeppolConnectionSchema, "The connection"),
    422: errorResponse("Body failed validation, the provider refused the key or the registration"),
    ...providerError,
  },
});

export const getPeppolNetwork = managerRoute({
  method: "get",
  path: "/v1/einvoice-networks/peppol",
  operationId: "getPeppolNetwork",
  tags,
  summary: "The Peppol connection: company, participant id, webhook; never the API key",
  description: "Without a connection: `connected: false` and nulls.",
  responses: { 200: jsonResponse(PeppolConnectionSchema, "The connection") },
});

export const deletePeppolNetwork = managerRoute({
  method: "delete",
  path: "/v1/einvoice-networks/peppol",
  operationId: "deletePeppolNetwork",
  tags,
  summary: "Disconnect Peppol: the webhook is deleted at the provider, the credentials forgotten",
  description:
    "The webhook is deleted at the provider best effort (a failure is logged, the connection is deleted " +
    "regardless). The company stays registered at the provider. 404 when not connected.",
  responses: { 204: noContent, ...notFoundError },
});

export const getPeppolParticipant = memberRoute({
  method: "get",
  path: "/v1/peppol/participants/{participant}",
  operationId: "getPeppolParticipant",
  tags,
  summary: "Whether a participant (`scheme:id`) is registered on Peppol, and the documents it receives",
  description:
    "Asked of the organization's access point provider. The answer is kept: a day when registered, an hour " +
    "when not (it may be registering now); while kept it is answered with `cached: true` and no provider " +
    "call, and a draft invoice's readiness reads it (a customer who chose Peppol and is not registered lacks " +
    "`customer.electronic_address`). A malformed id (a scheme that is not one of Peppol's EAS codes, an " +
    "identifier with spaces or over 50 characters, a Belgian enterprise number (0208) or VAT number (9925) " +
    "whose check digits fail, ...): 422 `validation_error` with `details.participant` saying why, before any " +
    "provider call. Without a Peppol connection: 409 `conflict` with `details.reason: peppol_not_connected`. " +
    "The provider failing, unreachable or refusing the stored key: 502 `network_provider_error`.",
  request: { params: ParticipantParam },
  responses: {
    200: jsonResponse(PeppolParticipantSchema, "The participant's registration"),
    409: conflictError[409],
    422: errorResponse("Not a Peppol participant id (`details.participant` says why)"),
    ...providerError,
  },
});

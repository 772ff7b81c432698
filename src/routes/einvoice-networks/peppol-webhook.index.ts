// Handler of the Peppol provider's webhook (POST /hooks/peppol/{organization_id}?token=...): the
// token is checked before anything else, then the body names the document the service fetches
// itself (src/services/einvoice-networks/receive.ts).
import { dbFor } from "../../db/route";
import { createRouter } from "../../lib/create-router";
import { ApiError } from "../../lib/errors";
import { publicServicesOf } from "../../middleware/services";
import {
  logReceiveFailure,
  networkOfWebhook,
  receiveNetworkDocument,
} from "../../services/einvoice-networks/receive";
import { NetworkProviderError } from "../../services/einvoice-networks/types";
import { getOrganization } from "../../services/organization";
import * as routes from "./peppol-webhook.routes";

export const peppolWebhookRouter = createRouter().openapi(routes.peppolWebhook, async (c) => {
  const { dispatch } = publicServicesOf(c);
  const organizationId = c.req.valid("param").organization_id;
  const db = dbFor(c.env, organizationId);
  const network = await networkOfWebhook(db, c.env, organizationId, c.req.valid("query").token);
  if (!network)
    throw new ApiError("unauthorized", "Unknown webhook: the organization or its token does not match");

  const body = routes.PeppolWebhookBodySchema.safeParse(await c.req.json().catch(() => null));
  if (!body.success)
    throw new ApiError("invalid_request", "The webhook's body is not { eventType, documentId }");
  const { eventType, documentId } = body.data;
  if (eventType !== "document.received")
    return c.json({ received: true as const, outcome: "ignored" as const }, 200);
  if (!documentId) throw new ApiError("invalid_request", "A document.received event names its documentId");

  const organization = await getOrganization(db, organizationId);
  let result: Awaited<ReturnType<typeof receiveNetworkDocument>>;
  try {
    result = await receiveNetworkDocument({ db, env: c.env }, network, organization, documentId);
  } catch (error) {
    if (!(error instanceof NetworkProviderError)) throw error;
    logReceiveFailure(organizationId, error, { provider_document_id: documentId, via: "webhook" });
    // The inbox sweep receives it once the provider answers again.
    throw new ApiError("network_provider_error", "The e-invoice network provider could not be reached");
  }
  dispatch(result.eventIds);
  return c.json(
    { received: true as const, outcome: result.outcome, bill_id: result.billId, reason: result.reason },
    200,
  );
});

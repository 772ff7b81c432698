// Handler of the Peppol provider's webhook (POST /hooks/peppol/{organization_id}?token=...): the
// token is checked before anything else (an id out of format is an unknown organization; the body
// is read after it, capped), then the body names the document the service fetches itself
// (src/services/einvoice-networks/receive.ts).
import { dbForKnown } from "../../db/route";
import { createRouter } from "../../lib/create-router";
import { ApiError } from "../../lib/errors";
import { readCapped } from "../../lib/request-file";
import { publicServicesOf } from "../../middleware/services";
import {
  logReceiveFailure,
  networkOfWebhook,
  receiveNetworkDocument,
} from "../../services/einvoice-networks/receive";
import { NetworkProviderError } from "../../services/einvoice-networks/types";
import { getOrganization } from "../../services/organization";
import * as routes from "./peppol-webhook.routes";

const jsonOrNull = (bytes: Uint8Array | null): unknown => {
  try {
    return bytes ? JSON.parse(new TextDecoder().decode(bytes)) : null;
  } catch {
    return null;
  }
};

export const peppolWebhookRouter = createRouter().openapi(routes.peppolWebhook, async (c) => {
  const { dispatch } = publicServicesOf(c);
  const organizationId = c.req.valid("param").organization_id;
  const db = await dbForKnown(c.env, organizationId, { write: true });
  const network = db && (await networkOfWebhook(db, c.env, organizationId, c.req.valid("query").token));
  if (!network)
    throw new ApiError("unauthorized", "Unknown webhook: the organization or its token does not match");

  const raw = c.req.raw.body ? await readCapped(c.req.raw.body, routes.MAX_PEPPOL_WEBHOOK_BODY_BYTES) : null;
  if (c.req.raw.body && !raw) {
    throw new ApiError(
      "payload_too_large",
      `The webhook's body is larger than ${routes.MAX_PEPPOL_WEBHOOK_BODY_BYTES} bytes`,
    );
  }
  const body = routes.PeppolWebhookBodySchema.safeParse(jsonOrNull(raw));
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

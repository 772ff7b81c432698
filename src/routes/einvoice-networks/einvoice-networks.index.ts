// Handlers of the Peppol connection (PUT/GET/DELETE /v1/einvoice-networks/peppol) and of
// participant lookups (GET /v1/peppol/participants/{participant}).
import { createRouter } from "../../lib/create-router";
import { callerIsMoving } from "../../middleware/auth";
import { servicesOf } from "../../middleware/services";
import {
  connectNetwork,
  disconnectNetwork,
  serializeNetworkConnection,
} from "../../services/einvoice-networks/accounts";
import { openNetwork } from "../../services/einvoice-networks/connection";
import { participantLookup } from "../../services/einvoice-networks/lookup";
import { publicBaseUrlOf } from "../hosted/links";
import * as routes from "./einvoice-networks.routes";

export const einvoiceNetworksRouter = createRouter()
  .openapi(routes.putPeppolNetwork, async (c) => {
    const { db, org } = servicesOf(c);
    const baseUrl = publicBaseUrlOf(c);
    const open = await connectNetwork(db, c.env, org, c.req.valid("json"), baseUrl);
    return c.json(serializeNetworkConnection(open, baseUrl), 200);
  })
  .openapi(routes.getPeppolNetwork, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const open = await openNetwork(db, c.env, organizationId);
    return c.json(serializeNetworkConnection(open, publicBaseUrlOf(c)), 200);
  })
  .openapi(routes.deletePeppolNetwork, async (c) => {
    const { db, organizationId } = servicesOf(c);
    await disconnectNetwork(db, c.env, organizationId);
    return c.body(null, 204);
  })
  .openapi(routes.getPeppolParticipant, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const participant = c.req.valid("param").participant;
    // While the organization moves to another database, the provider's answer is not kept.
    const keep = !callerIsMoving(c);
    return c.json(await participantLookup(db, c.env, organizationId, participant, { keep }), 200);
  });

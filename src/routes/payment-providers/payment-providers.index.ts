// Handlers of the Stripe connection (PUT/GET/DELETE /v1/payment-providers/stripe) and of Stripe's
// webhook (POST /hooks/stripe/{organization_id}), which verifies the signature over the raw body
// before it reads anything, then hands the event to the ledger.
import { dbForKnown } from "../../db/route";
import { now } from "../../lib/clock";
import { createRouter } from "../../lib/create-router";
import { ApiError, notFound } from "../../lib/errors";
import { publicServicesOf, servicesOf } from "../../middleware/services";
import * as providers from "../../services/payment-providers";
import { hostedLinksOf } from "../hosted/links";
import * as routes from "./payment-providers.routes";

const webhookUrlOf = (baseUrl: string, organizationId: string) => `${baseUrl}/hooks/stripe/${organizationId}`;

export const paymentProvidersRouter = createRouter()
  .openapi(routes.putStripeProvider, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await providers.connectProvider(db, c.env, organizationId, "stripe", c.req.valid("json"));
    const url = webhookUrlOf(hostedLinksOf(c).baseUrl, organizationId);
    return c.json(providers.serializeProviderAccount(row, url), 200);
  })
  .openapi(routes.getStripeProvider, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await providers.getProviderAccount(db, organizationId, "stripe");
    const url = webhookUrlOf(hostedLinksOf(c).baseUrl, organizationId);
    return c.json(providers.serializeProviderAccount(row, url), 200);
  })
  .openapi(routes.deleteStripeProvider, async (c) => {
    const { db, organizationId } = servicesOf(c);
    await providers.disconnectProvider(db, organizationId, "stripe");
    return c.body(null, 204);
  })
  .openapi(routes.stripeWebhook, async (c) => {
    const { dispatch } = publicServicesOf(c);
    const organizationId = c.req.valid("param").organization_id;
    const db = await dbForKnown(c.env, organizationId, { write: true });
    const provider = db && (await providers.connectedProvider(db, c.env, organizationId, "stripe"));
    if (!provider) throw notFound("Payment provider connection");
    const raw = await c.req.text();
    const refusal = await provider.verifyWebhook(raw, c.req.raw.headers, now().getTime());
    if (refusal) {
      throw new ApiError("invalid_request", "The webhook's Stripe-Signature does not verify", {
        details: { reason: refusal },
      });
    }
    // A verified body that is not an event within bounds is answered `ignored`: resending it
    // would not change it.
    const event = provider.parseEvent(raw);
    const result = await providers.applyProviderEvent(db, organizationId, provider, event);
    dispatch(result.eventIds);
    return c.json(
      {
        received: true as const,
        outcome: result.outcome,
        ...(result.outcome === "ignored" ? { reason: result.reason } : {}),
      },
      200,
    );
  });

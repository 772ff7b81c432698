// Handlers of /v1/organization.
import { createRouter } from "../../lib/create-router";
import { servicesOf } from "../../middleware/services";
import * as logos from "../../services/logo";
import * as organization from "../../services/organization";
import * as routes from "./organization.routes";

export const organizationRouter = createRouter()
  .openapi(routes.getOrganization, async (c) => {
    const { org } = servicesOf(c);
    // The principal's organization is read from D1 on every request, profile included.
    return c.json(organization.serializeOrganizationProfile(org, c.env.INBOUND_EMAIL_DOMAIN), 200);
  })
  .openapi(routes.updateOrganization, async (c) => {
    const { db, org, dispatch } = servicesOf(c);
    const { organization: updated, eventIds } = await organization.updateOrganizationProfile(
      db,
      org,
      c.req.valid("json"),
      c.env.INBOUND_EMAIL_DOMAIN,
    );
    dispatch(eventIds);
    return c.json(organization.serializeOrganizationProfile(updated, c.env.INBOUND_EMAIL_DOMAIN), 200);
  })
  .openapi(routes.rotateInboundEmail, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const domain = c.env.INBOUND_EMAIL_DOMAIN;
    const { organization: updated, eventIds } = await organization.rotateInboundEmail(
      db,
      organizationId,
      domain,
    );
    dispatch(eventIds);
    return c.json(organization.serializeOrganizationProfile(updated, domain), 200);
  })
  .openapi(routes.getLogo, async (c) => {
    const { organizationId } = servicesOf(c);
    const logo = await logos.getLogo(c.env.DOCUMENTS, organizationId);
    return new Response(logo.bytes, {
      headers: {
        "Content-Type": logo.contentType,
        "Content-Length": String(logo.bytes.byteLength),
        "Cache-Control": "private, no-store",
      },
    }) as never;
  })
  .openapi(routes.putLogo, async (c) => {
    const { organizationId } = servicesOf(c);
    // A raw body: the JSON body limit lets it through (middleware/body-limit.ts) and it is
    // counted here; PUT carries no Idempotency-Key (a repeat stores the same image again).
    const logo = await logos.readLogo(c.req.raw.body, c.req.header("Content-Type"));
    return c.json(await logos.putLogo(c.env.DOCUMENTS, organizationId, logo), 200);
  })
  .openapi(routes.deleteLogo, async (c) => {
    const { organizationId } = servicesOf(c);
    await logos.deleteLogo(c.env.DOCUMENTS, organizationId);
    return c.body(null, 204);
  });

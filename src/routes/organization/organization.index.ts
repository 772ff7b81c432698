// Handlers of /v1/organization.
import { createDb } from "../../db/client";
import { createRouter } from "../../lib/create-router";
import { authOf } from "../../middleware/auth";
import { dispatchEvents } from "../../services/events";
import * as logos from "../../services/logo";
import * as organization from "../../services/organization";
import * as routes from "./organization.routes";

export const organizationRouter = createRouter()
  .openapi(routes.getOrganization, async (c) => {
    // The principal's organization is read from D1 on every request, profile included.
    return c.json(organization.serializeOrganizationProfile(authOf(c).organization), 200);
  })
  .openapi(routes.updateOrganization, async (c) => {
    const { organization: updated, eventIds } = await organization.updateOrganizationProfile(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("json"),
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.json(organization.serializeOrganizationProfile(updated), 200);
  })
  .openapi(routes.getLogo, async (c) => {
    const logo = await logos.getLogo(c.env.DOCUMENTS, authOf(c).organization.id);
    return new Response(logo.bytes, {
      headers: {
        "Content-Type": logo.contentType,
        "Content-Length": String(logo.bytes.byteLength),
        "Cache-Control": "private, no-store",
      },
    }) as never;
  })
  .openapi(routes.putLogo, async (c) => {
    // A raw body: the JSON body limit lets it through (middleware/body-limit.ts) and it is
    // counted here; PUT carries no Idempotency-Key (a repeat stores the same image again).
    const logo = await logos.readLogo(c.req.raw.body, c.req.header("Content-Type"));
    return c.json(await logos.putLogo(c.env.DOCUMENTS, authOf(c).organization.id, logo), 200);
  })
  .openapi(routes.deleteLogo, async (c) => {
    await logos.deleteLogo(c.env.DOCUMENTS, authOf(c).organization.id);
    return c.body(null, 204);
  });

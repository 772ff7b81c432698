// Handlers of /v1/organization.
import { createDb } from "../../db/client";
import { createRouter } from "../../lib/create-router";
import { authOf } from "../../middleware/auth";
import { dispatchEvents } from "../../services/events";
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
  });

// Handlers of the identity routes.
import { eq } from "drizzle-orm";
import { signJwt } from "../../crypto/jwt";
import { dbForKnown } from "../../db/route";
import { organizations } from "../../db/schema/identity";
import { now, nowIso } from "../../lib/clock";
import { createRouter } from "../../lib/create-router";
import { ApiError, notFound } from "../../lib/errors";
import { offsetResult } from "../../lib/pagination";
import { markSecretFields } from "../../middleware/idempotency";
import { servicesOf } from "../../middleware/services";
import * as identity from "../../services/identity";
import * as members from "../../services/members";
import * as tenantDirectory from "../../services/tenant-directory";
import * as tenants from "../../services/tenants";
import * as routes from "./identity.routes";

const TOKEN_LIFETIME_SECONDS = 3600;

function serializePlaced({ organization, route }: tenantDirectory.PlacedOrganization) {
  return {
    ...identity.serializeOrganization(organization),
    database: route.database,
    database_state: route.state,
  };
}

export const identityRouter = createRouter()
  .openapi(routes.createOrganization, async (c) => {
    const body = c.req.valid("json");
    // The operator's route: a new organization is placed on a database and registered in the directory.
    const result = await tenants.createTenant(c.env, {
      name: body.name,
      tier: body.tier,
      defaultCurrency: body.default_currency,
      owner: body.owner,
      testMode: body.test_mode,
    });
    markSecretFields(c, "api_key");
    return c.json(
      {
        organization: identity.serializeOrganization(result.organization),
        user: identity.serializeUser(result.user),
        api_key: result.apiKey.key,
      },
      201,
    );
  })
  .openapi(routes.listOrganizations, async (c) => {
    const page = c.req.valid("query");
    const { rows, total } = await tenantDirectory.listPlacedOrganizations(c.env, page);
    return c.json(offsetResult(rows.map(serializePlaced), total, page), 200);
  })
  .openapi(routes.getOrganization, async (c) => {
    const found = await tenantDirectory.getPlacedOrganization(c.env, c.req.valid("param").id);
    if (!found) throw notFound("Organization");
    return c.json(serializePlaced(found), 200);
  })
  .openapi(routes.updateOrganization, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = await dbForKnown(c.env, id, { write: true });
    if (!db) throw notFound("Organization");
    const [row] = await db
      .update(organizations)
      .set({ ...body, updatedAt: nowIso() })
      .where(eq(organizations.id, id))
      .returning();
    if (!row) throw notFound("Organization");
    return c.json(identity.serializeOrganization(row), 200);
  })
  .openapi(routes.createMember, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const result = await tenants.createTenantMember(c.env, db, organizationId, c.req.valid("json"));
    markSecretFields(c, "api_key");
    return c.json({ user: identity.serializeUser(result.user), api_key: result.apiKey.key }, 201);
  })
  .openapi(routes.listMembers, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const page = c.req.valid("query");
    const { rows, total } = await identity.listMembers(db, organizationId, page);
    return c.json(offsetResult(rows.map(identity.serializeUser), total, page), 200);
  })
  .openapi(routes.updateMember, async (c) => {
    const { db, user: caller, dispatch } = servicesOf(c);
    const { user, eventId } = await members.updateMemberRole(
      db,
      caller,
      c.req.valid("param").id,
      c.req.valid("json").role,
    );
    if (eventId) dispatch([eventId]);
    return c.json(identity.serializeUser(user), 200);
  })
  .openapi(routes.removeMember, async (c) => {
    const { db, user, organizationId, dispatch } = servicesOf(c);
    const { eventId, email } = await members.removeMember(db, user, c.req.valid("param").id);
    await tenants.releaseMemberEmail(c.env, email, organizationId);
    dispatch([eventId]);
    return c.body(null, 204);
  })
  .openapi(routes.createApiKey, async (c) => {
    const { db, user } = servicesOf(c);
    // The body is optional: with no JSON body the validator is skipped and nothing is set.
    const body: { name?: string } | undefined = c.req.valid("json");
    const issued = await tenants.issueTenantApiKey(c.env, db, user, body?.name ?? null);
    markSecretFields(c, "key");
    return c.json(issued, 201);
  })
  .openapi(routes.listApiKeys, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const page = c.req.valid("query");
    const { rows, total } = await identity.listApiKeys(db, organizationId, page);
    const data = rows.map((k) => ({
      id: k.id,
      user_id: k.userId,
      name: k.name,
      prefix: k.prefix,
      created_at: k.createdAt,
      last_used_at: k.lastUsedAt,
      revoked_at: k.revokedAt,
    }));
    return c.json(offsetResult(data, total, page), 200);
  })
  .openapi(routes.revokeApiKey, async (c) => {
    const { db, user } = servicesOf(c);
    await identity.revokeApiKey(db, user, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(routes.issueToken, async (c) => {
    const auth = servicesOf(c).principal;
    if (auth.credential !== "api_key") {
      throw new ApiError("access_denied", "Tokens are issued in exchange for an API key, not another token");
    }
    const iat = Math.floor(now().getTime() / 1000);
    const exp = iat + TOKEN_LIFETIME_SECONDS;
    const token = await signJwt(
      {
        sub: auth.user.id,
        kid: auth.apiKeyId,
        org: auth.organization.id,
        email: auth.user.email,
        role: auth.user.role,
        iat,
        exp,
        iss: c.env.JWT_ISSUER ?? "invoicing-api",
        aud: c.env.JWT_AUDIENCE ?? "invoicing-api",
      },
      c.env.JWT_SECRET,
    );
    markSecretFields(c, "token");
    return c.json(
      { token, token_type: "Bearer" as const, expires_at: new Date(exp * 1000).toISOString() },
      200,
    );
  })
  .openapi(routes.me, (c) => {
    const { user, org } = servicesOf(c);
    return c.json(
      {
        user: identity.serializeUser(user),
        organization: identity.serializeOrganization(org),
      },
      200,
    );
  })
  .openapi(routes.health, (c) => c.json({ status: "ok" as const }, 200));

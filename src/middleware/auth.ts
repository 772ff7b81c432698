// Authentication. `identify` runs on every request and never rejects: it resolves the
// credential (admin token, API key or JWT) into a principal, so the rate limiter can count
// by credential and fall back to the client IP. Routers then demand what they need with
// `requireUser`, `requireRole` or `requireAdmin`.
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { InvalidTokenError, looksLikeJwt, verifyJwt } from "../crypto/jwt";
import { organizationByKey } from "../db/directory";
import { dbOn, type OrganizationRoute, organizationMoving, routeOf } from "../db/route";
import type { Organization, Role, Tier, User } from "../db/schema/identity";
import { now } from "../lib/clock";
import type { AppEnv } from "../lib/create-router";
import { timingSafeEqualText } from "../lib/encoding";
import { ApiError } from "../lib/errors";
import {
  apiKeyPrefixOf,
  findByApiKey,
  findByToken,
  organizationOfApiKeyPrefix,
  touchApiKey,
} from "../services/identity";

export interface UserPrincipal {
  kind: "user";
  user: User;
  organization: Organization;
  /**
   * What the rate limiter counts: the organization (`org:<id>`), so all of its keys and JWTs
   * share the one budget of its tier (docs/rate-limits.md); minting keys does not multiply it.
   */
  subject: string;
  tier: Tier;
  credential: "api_key" | "jwt";
  /** The API key presented, or the one a JWT was minted from. */
  apiKeyId: string;
  /** Where the organization lives, from the directory (src/db/route.ts). */
  route: OrganizationRoute;
}

export interface AdminPrincipal {
  kind: "admin";
  subject: "admin";
  tier: "business";
}

export type Principal = UserPrincipal | AdminPrincipal;

declare module "hono" {
  interface ContextVariableMap {
    principal: Principal | undefined;
    /** Why the presented credential was refused, for the 401 message. */
    authFailure: string | undefined;
  }
}

const ADMIN_PREFIX = "/v1/admin/";

function bearerToken(header: string | undefined): { token?: string; failure?: string } {
  if (!header) return { failure: "Missing Authorization header" };
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  if (!match?.[1]) return { failure: "Authorization header must be 'Bearer <token>'" };
  return { token: match[1] };
}

export function identify(): MiddlewareHandler<AppEnv> {
  return async function identify(c, next) {
    const { token, failure } = bearerToken(c.req.header("Authorization"));
    c.set("principal", undefined);
    c.set("authFailure", failure);
    if (token) {
      const principal = await resolveToken(c.env, token, c.req.path.startsWith(ADMIN_PREFIX), (p) =>
        c.executionCtx.waitUntil(p),
      );
      if (principal) c.set("principal", principal);
      else c.set("authFailure", "Invalid or expired credentials");
    }
    await next();
  };
}

async function resolveToken(
  env: AppEnv["Bindings"],
  token: string,
  adminPath: boolean,
  background: (work: Promise<unknown>) => void,
): Promise<Principal | undefined> {
  if (adminPath) {
    return env.ADMIN_TOKEN && timingSafeEqualText(token, env.ADMIN_TOKEN)
      ? { kind: "admin", subject: "admin", tier: "business" }
      : undefined;
  }
  if (looksLikeJwt(token)) {
    let claims: Awaited<ReturnType<typeof verifyJwt>>;
    try {
      claims = await verifyJwt(token, {
        secret: env.JWT_SECRET,
        issuer: env.JWT_ISSUER ?? "invoicing-api",
        audience: env.JWT_AUDIENCE ?? "invoicing-api",
        nowSeconds: Math.floor(now().getTime() / 1000),
      });
    } catch (error) {
      if (error instanceof InvalidTokenError) return undefined;
      throw error;
    }
    // The token names its organization; the directory names its database.
    const route = await routeOf(env, claims.org);
    if (!route) return undefined;
    const found = await findByToken(dbOn(env, route.database), {
      userId: claims.sub,
      organizationId: claims.org,
      apiKeyId: claims.kid,
    });
    if (!found) return undefined;
    return userPrincipal(found.user, found.organization, "jwt", claims.kid, route);
  }
  // An API key names its organization through its prefix, in the directory.
  const prefix = apiKeyPrefixOf(token);
  if (!prefix) return undefined;
  const organizationId = await organizationByKey(env, "api_key", prefix, (db) =>
    organizationOfApiKeyPrefix(db, prefix),
  );
  const route = organizationId ? await routeOf(env, organizationId) : null;
  if (!route) return undefined;
  const db = dbOn(env, route.database);
  const found = await findByApiKey(db, token);
  if (!found?.apiKey || found.organization.id !== organizationId) return undefined;
  // A moving organization's source must not change under the move's copy and comparisons.
  if (route.state === "active") background(touchApiKey(db, found.apiKey, now()));
  return userPrincipal(found.user, found.organization, "api_key", found.apiKey.id, route);
}

function userPrincipal(
  user: User,
  organization: Organization,
  credential: "api_key" | "jwt",
  apiKeyId: string,
  route: OrganizationRoute,
): UserPrincipal {
  const subject = `org:${organization.id}`;
  return { kind: "user", user, organization, subject, tier: organization.tier, credential, apiKeyId, route };
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether the calling member's organization is moving to another database. */
export function callerIsMoving(c: Context<AppEnv>): boolean {
  const principal = c.get("principal");
  return principal?.kind === "user" && principal.route.state === "moving";
}

/**
 * While an organization moves to another database (docs/scaling.md, "Moving an organization"),
 * its members' writes answer 503 `organization_moving` with Retry-After; reads go on. A read that
 * writes asks `callerIsMoving` itself (a document's audit entry, an archive on first read).
 */
export function refuseWritesWhileMoving(): MiddlewareHandler<AppEnv> {
  return async function refuseWritesWhileMoving(c, next) {
    if (callerIsMoving(c) && !READS.has(c.req.method)) {
      throw organizationMoving();
    }
    await next();
  };
}

function unauthorized(message: string | undefined): ApiError {
  return new ApiError("unauthorized", message ?? "Invalid or expired credentials", {
    headers: { "WWW-Authenticate": 'Bearer realm="invoicing-api"' },
  });
}

/** Rejects with 401 unless a member of an organization is calling; handlers then read `servicesOf(c)` (middleware/services.ts). */
export const requireUser = () =>
  createMiddleware<AppEnv>(async function requireUser(c, next) {
    if (c.get("principal")?.kind !== "user") throw unauthorized(c.get("authFailure"));
    await next();
  });

/** 403 unless the caller holds one of these roles (after requireUser). */
export const requireRole = (...roles: Role[]) =>
  createMiddleware<AppEnv>(async function requireRole(c, next) {
    const principal = c.get("principal");
    if (principal?.kind !== "user") throw unauthorized(c.get("authFailure"));
    if (!roles.includes(principal.user.role)) {
      throw new ApiError("access_denied", `This operation needs the role ${roles.join(" or ")}`);
    }
    await next();
  });

export const requireAdmin = () =>
  createMiddleware<AppEnv>(async function requireAdmin(c, next) {
    if (c.get("principal")?.kind !== "admin") throw unauthorized(c.get("authFailure"));
    await next();
  });

/** The authenticated user principal of a request that passed requireUser. */
export function authOf(c: { get(key: "principal"): Principal | undefined }): UserPrincipal {
  const principal = c.get("principal");
  if (principal?.kind !== "user") throw unauthorized(undefined);
  return principal;
}

// Route factories: createRoute() with the parts every authenticated route repeats filled in,
// so a route file writes only what is its own (method, path, tags, summary, request, success
// and route-specific error responses).
//
//   memberRoute   any member of an organization: bearer security, requireUser()
//   managerRoute  owners and admins: bearer security, requireUser() + requireRole("owner", "admin")
//   transitionRoute the roles a lifecycle transition names: requireUser() + requireRole(...roles)
//   adminRoute    the operator: admin token security, requireAdmin()
//
// Each one merges `commonErrors` into the responses, and 415 when the route takes a JSON body.
// Public routes (no credentials) still call createRoute() directly. The return type is
// createRoute()'s, so handlers keep their inferred `c.req.valid(...)` inputs and typed responses.
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Role } from "../db/schema/identity";
import { adminSecurity, bearerSecurity, commonErrors, unsupportedMediaTypeError } from "../lib/openapi";
import { requireAdmin, requireRole, requireUser } from "../middleware/auth";

/** A route description without the parts the factories fill in. */
export type RouteSpec<P extends string = string> = Omit<RouteConfig, "path" | "security" | "middleware"> & {
  path: P;
};

/** Passing security or middleware to a factory is a type error: it would be overridden. */
type FilledIn = { security?: never; middleware?: never };

/** A factory for routes behind one security scheme and one middleware chain. */
const guardedRoute =
  <S extends RouteConfig["security"], const M extends RouteConfig["middleware"]>(
    security: S,
    middleware: M,
  ) =>
  <P extends string, R extends RouteSpec<P>>(config: R & FilledIn) =>
    createRoute({
      ...config,
      security,
      middleware,
      responses: {
        ...config.responses,
        ...commonErrors,
        ...(config.request?.body?.content["application/json"] ? unsupportedMediaTypeError : {}),
      },
    });

/** Any member of the caller's organization. */
export const memberRoute = guardedRoute(bearerSecurity, [requireUser()]);

/** Owners and admins of the caller's organization (403 for members). */
export const managerRoute = guardedRoute(bearerSecurity, [requireUser(), requireRole("owner", "admin")]);

/**
 * A lifecycle transition: the roles its row of the table names (src/services/lifecycle.ts),
 * 403 `access_denied` for any other.
 */
export const transitionRoute = (transition: { roles: readonly Role[] }) =>
  guardedRoute(bearerSecurity, [requireUser(), requireRole(...transition.roles)]);

/** The operator, with the ADMIN_TOKEN (only under /v1/admin/). */
export const adminRoute = guardedRoute(adminSecurity, [requireAdmin()]);

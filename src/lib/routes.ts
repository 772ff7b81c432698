// Route factories: createRoute() with the parts every authenticated route repeats filled in,
// so a route file writes only what is its own (method, path, tags, summary, request, success
// and route-specific error responses).
//
//   memberRoute   any member of an organization: bearer security, requireUser()
//   managerRoute  owners and admins: bearer security, requireUser() + requireRole("owner", "admin")
//   adminRoute    the operator: admin token security, requireAdmin()
//
// Each one merges `commonErrors` into the responses. Public routes (no credentials) still call
// createRoute() directly. The return type is createRoute()'s, so handlers keep their inferred
// `c.req.valid(...)` inputs and typed responses.
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { requireAdmin, requireRole, requireUser } from "../middleware/auth";
import { adminSecurity, bearerSecurity, commonErrors } from "./openapi";

/** A route description without the parts the factories fill in (passing them is a type error). */
export type RouteSpec<P extends string = string> = Omit<RouteConfig, "path" | "security" | "middleware"> & {
  path: P;
  security?: never;
  middleware?: never;
};

/** Any member of the caller's organization. */
export const memberRoute = <P extends string, R extends RouteSpec<P>>(config: R) =>
  createRoute({
    ...config,
    security: bearerSecurity,
    middleware: [requireUser()] as const,
    responses: { ...config.responses, ...commonErrors },
  });

/** Owners and admins of the caller's organization (403 for members). */
export const managerRoute = <P extends string, R extends RouteSpec<P>>(config: R) =>
  createRoute({
    ...config,
    security: bearerSecurity,
    middleware: [requireUser(), requireRole("owner", "admin")] as const,
    responses: { ...config.responses, ...commonErrors },
  });

/** The operator, with the ADMIN_TOKEN (only under /v1/admin/). */
export const adminRoute = <P extends string, R extends RouteSpec<P>>(config: R) =>
  createRoute({
    ...config,
    security: adminSecurity,
    middleware: [requireAdmin()] as const,
    responses: { ...config.responses, ...commonErrors },
  });

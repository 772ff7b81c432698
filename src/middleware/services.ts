// What a route handler needs from its request, in one place (as unkey's `c.get("services")`):
// the organization's database handle (the directory's route, resolved with the caller), the organization,
// and `dispatch`, which sends the webhook events a write recorded once the response is on its
// way. Computed on first use and kept on the context for the rest of the request.
//
//   const { db, organizationId, dispatch } = servicesOf(c);
//   const { customer, eventIds } = await customers.createCustomer(db, organizationId, body);
//   dispatch(eventIds);
//
// Public routes (hosted pages, share links) have no organization until they look the token up:
// they use `publicServicesOf(c)`, whose `db` is the directory's.
import type { Context } from "hono";
import type { Db } from "../db/client";
import { dbOn, directoryDb } from "../db/route";
import type { Organization, User } from "../db/schema/identity";
import type { AppEnv } from "../lib/create-router";
import { dispatchEvents } from "../services/events";
import { authOf, type UserPrincipal } from "./auth";

export interface PublicServices {
  db: Db;
  /** First webhook delivery attempts of the events a write recorded (after the response, via waitUntil). */
  dispatch(eventIds: readonly string[]): void;
}

export interface RequestServices extends PublicServices {
  org: Organization;
  organizationId: string;
  user: User;
  principal: UserPrincipal;
}

declare module "hono" {
  interface ContextVariableMap {
    services: RequestServices | undefined;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any route's context (its path and inputs do not matter here)
type AnyContext = Context<AppEnv, any, any>;

/** `database`: the caller's organization's, where its events are written. */
function dispatcher(c: AnyContext, database?: string): PublicServices["dispatch"] {
  return (eventIds) => dispatchEvents(c.executionCtx, c.env, eventIds, database);
}

/** The caller's services; 401 unless a member of an organization is calling (as `authOf`). */
export function servicesOf(c: AnyContext): RequestServices {
  const cached = c.get("services");
  if (cached) return cached;
  const principal = authOf(c);
  const services: RequestServices = {
    db: dbOn(c.env, principal.route.database),
    org: principal.organization,
    organizationId: principal.organization.id,
    user: principal.user,
    principal,
    dispatch: dispatcher(c, principal.route.database),
  };
  c.set("services", services);
  return services;
}

/** For routes without credentials: the directory database and `dispatch`. */
export function publicServicesOf(c: AnyContext): PublicServices {
  return { db: directoryDb(c.env), dispatch: dispatcher(c) };
}

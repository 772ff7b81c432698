// Handlers of /v1/customers.
import type { Context } from "hono";
import type { Customer } from "../../db/schema/customers";
import { type AppEnv, createRouter } from "../../lib/create-router";
import { metadataFilter } from "../../lib/metadata";
import { offsetResult } from "../../lib/pagination";
import { servicesOf } from "../../middleware/services";
import * as customers from "../../services/customers";
import { refreshParticipant } from "../../services/einvoice-networks/lookup";
import { participantIdOf } from "../../services/einvoice-networks/participants";
import * as routes from "./customers.routes";

/**
 * After the response: the customer's electronic address looked up on Peppol when the
 * organization is connected, so a draft's readiness knows whether it is registered.
 */
function lookUpAfterResponse(c: Context<AppEnv>, organizationId: string, customer: Customer): void {
  const parsed = participantIdOf(customer.electronicAddressScheme, customer.electronicAddressId);
  if (!parsed?.ok) return;
  const participant = parsed.participant.value;
  c.executionCtx.waitUntil(refreshParticipant(servicesOf(c).db, c.env, organizationId, participant));
}

export const customersRouter = createRouter()
  .openapi(routes.createCustomer, async (c) => {
    const { db, organizationId: orgId, dispatch } = servicesOf(c);
    const { customer, eventIds } = await customers.createCustomer(db, orgId, c.req.valid("json"));
    dispatch(eventIds);
    lookUpAfterResponse(c, orgId, customer);
    return c.json(customers.serializeCustomer(customer), 201);
  })
  .openapi(routes.listCustomers, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await customers.listCustomers(db, organizationId, {
      ...query,
      metadata: metadataFilter(c.req.url),
    });
    return c.json(offsetResult(rows.map(customers.serializeCustomer), total, query), 200);
  })
  .openapi(routes.getCustomer, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await customers.getCustomer(db, organizationId, c.req.valid("param").id);
    return c.json(customers.serializeCustomer(row), 200);
  })
  .openapi(routes.updateCustomer, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { customer, eventIds } = await customers.updateCustomer(
      db,
      organizationId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    dispatch(eventIds);
    if (c.req.valid("json").electronic_address) lookUpAfterResponse(c, organizationId, customer);
    return c.json(customers.serializeCustomer(customer), 200);
  })
  .openapi(routes.deleteCustomer, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { eventIds } = await customers.deleteCustomer(db, organizationId, c.req.valid("param").id);
    dispatch(eventIds);
    return c.body(null, 204);
  });

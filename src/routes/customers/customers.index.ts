// Handlers of /v1/customers.
import { createDb } from "../../db/client";
import { createRouter } from "../../lib/create-router";
import { metadataFilter } from "../../lib/metadata";
import { offsetResult } from "../../lib/pagination";
import { authOf } from "../../middleware/auth";
import * as customers from "../../services/customers";
import { dispatchEvents } from "../../services/events";
import * as routes from "./customers.routes";

export const customersRouter = createRouter()
  .openapi(routes.createCustomer, async (c) => {
    const orgId = authOf(c).organization.id;
    const { customer, eventIds } = await customers.createCustomer(
      createDb(c.env.DB),
      orgId,
      c.req.valid("json"),
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.json(customers.serializeCustomer(customer), 201);
  })
  .openapi(routes.listCustomers, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await customers.listCustomers(createDb(c.env.DB), authOf(c).organization.id, {
      ...query,
      metadata: metadataFilter(c.req.url),
    });
    return c.json(offsetResult(rows.map(customers.serializeCustomer), total, query), 200);
  })
  .openapi(routes.getCustomer, async (c) => {
    const row = await customers.getCustomer(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    return c.json(customers.serializeCustomer(row), 200);
  })
  .openapi(routes.updateCustomer, async (c) => {
    const { customer, eventIds } = await customers.updateCustomer(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.json(customers.serializeCustomer(customer), 200);
  })
  .openapi(routes.deleteCustomer, async (c) => {
    const { eventIds } = await customers.deleteCustomer(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.body(null, 204);
  });

// Handlers of /v1/recurring-invoices.
import { createDb } from "../../db/client";
import { createRouter } from "../../lib/create-router";
import { offsetResult } from "../../lib/pagination";
import { authOf } from "../../middleware/auth";
import { dispatchEvents } from "../../services/events";
import * as recurring from "../../services/recurring/templates";
import * as routes from "./recurring-invoices.routes";

export const recurringInvoicesRouter = createRouter()
  .openapi(routes.createRecurringInvoice, async (c) => {
    const result = await recurring.createRecurringInvoice(
      createDb(c.env.DB),
      authOf(c).organization,
      c.req.valid("json"),
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json(result.recurring, 201);
  })
  .openapi(routes.listRecurringInvoices, async (c) => {
    const query = c.req.valid("query");
    const { data, total } = await recurring.listRecurringInvoices(
      createDb(c.env.DB),
      authOf(c).organization.id,
      query,
    );
    return c.json(offsetResult(data, total, query), 200);
  })
  .openapi(routes.getRecurringInvoice, async (c) => {
    const row = await recurring.loadRecurringInvoice(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    return c.json(recurring.serializeRecurringInvoice(row), 200);
  })
  .openapi(routes.updateRecurringInvoice, async (c) => {
    const result = await recurring.updateRecurringInvoice(
      createDb(c.env.DB),
      authOf(c).organization,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json(result.recurring, 200);
  })
  .openapi(routes.pauseRecurringInvoice, async (c) => {
    const result = await recurring.pauseRecurringInvoice(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json(result.recurring, 200);
  })
  .openapi(routes.resumeRecurringInvoice, async (c) => {
    const result = await recurring.resumeRecurringInvoice(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json(result.recurring, 200);
  })
  .openapi(routes.cancelRecurringInvoice, async (c) => {
    const result = await recurring.cancelRecurringInvoice(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json(result.recurring, 200);
  });

// Handlers of /v1/recurring-invoices.
import { createRouter } from "../../lib/create-router";
import { offsetResult } from "../../lib/pagination";
import { servicesOf } from "../../middleware/services";
import * as recurring from "../../services/recurring/templates";
import * as routes from "./recurring-invoices.routes";

export const recurringInvoicesRouter = createRouter()
  .openapi(routes.createRecurringInvoice, async (c) => {
    const { db, org, dispatch } = servicesOf(c);
    const result = await recurring.createRecurringInvoice(db, org, c.req.valid("json"));
    dispatch(result.eventIds);
    return c.json(result.recurring, 201);
  })
  .openapi(routes.listRecurringInvoices, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { data, total } = await recurring.listRecurringInvoices(db, organizationId, query);
    return c.json(offsetResult(data, total, query), 200);
  })
  .openapi(routes.getRecurringInvoice, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await recurring.getRecurringInvoice(db, organizationId, c.req.valid("param").id);
    return c.json(recurring.serializeRecurringInvoice(row), 200);
  })
  .openapi(routes.updateRecurringInvoice, async (c) => {
    const { db, org, dispatch } = servicesOf(c);
    const result = await recurring.updateRecurringInvoice(
      db,
      org,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    dispatch(result.eventIds);
    return c.json(result.recurring, 200);
  })
  .openapi(routes.pauseRecurringInvoice, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const result = await recurring.pauseRecurringInvoice(db, organizationId, c.req.valid("param").id);
    dispatch(result.eventIds);
    return c.json(result.recurring, 200);
  })
  .openapi(routes.resumeRecurringInvoice, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const result = await recurring.resumeRecurringInvoice(db, organizationId, c.req.valid("param").id);
    dispatch(result.eventIds);
    return c.json(result.recurring, 200);
  })
  .openapi(routes.cancelRecurringInvoice, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const result = await recurring.cancelRecurringInvoice(db, organizationId, c.req.valid("param").id);
    dispatch(result.eventIds);
    return c.json(result.recurring, 200);
  });

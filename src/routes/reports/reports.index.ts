// Handlers of /v1/reports.
import { createRouter } from "../../lib/create-router";
import { servicesOf } from "../../middleware/services";
import * as invoices from "../../services/invoices";
import { payablesReport } from "../../services/reports/payables";
import * as routes from "./reports.routes";

export const reportsRouter = createRouter()
  .openapi(routes.taxReport, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const { from, to } = c.req.valid("query");
    return c.json(await invoices.taxReport(db, organizationId, from, to), 200);
  })
  .openapi(routes.receivablesReport, async (c) => {
    const { db, organizationId } = servicesOf(c);
    return c.json(await invoices.receivablesReport(db, organizationId), 200);
  })
  .openapi(routes.payablesReport, async (c) => {
    const { db, organizationId } = servicesOf(c);
    return c.json(await payablesReport(db, organizationId), 200);
  });

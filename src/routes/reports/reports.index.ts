// Handlers of /v1/reports.
import { createDb } from "../../db/client";
import { createRouter } from "../../lib/create-router";
import { authOf } from "../../middleware/auth";
import * as invoices from "../../services/invoices";
import * as routes from "./reports.routes";

export const reportsRouter = createRouter()
  .openapi(routes.taxReport, async (c) => {
    const { from, to } = c.req.valid("query");
    return c.json(await invoices.taxReport(createDb(c.env.DB), authOf(c).organization.id, from, to), 200);
  })
  .openapi(routes.receivablesReport, async (c) => {
    return c.json(await invoices.receivablesReport(createDb(c.env.DB), authOf(c).organization.id), 200);
  });

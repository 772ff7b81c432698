// Handlers of /v1/tax-rates.
import { createDb } from "../../db/client";
import { createRouter } from "../../lib/create-router";
import { offsetResult } from "../../lib/pagination";
import { authOf } from "../../middleware/auth";
import { dispatchEvents } from "../../services/events";
import * as taxRates from "../../services/tax-rates";
import * as routes from "./tax-rates.routes";

export const taxRatesRouter = createRouter()
  .openapi(routes.createTaxRate, async (c) => {
    const { percentage, ...body } = c.req.valid("json");
    const { taxRate, eventIds } = await taxRates.createTaxRate(
      createDb(c.env.DB),
      authOf(c).organization.id,
      {
        ...body,
        percent_scaled: percentage,
      },
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.json(taxRates.serializeTaxRate(taxRate), 201);
  })
  .openapi(routes.listTaxRates, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await taxRates.listTaxRates(createDb(c.env.DB), authOf(c).organization.id, query);
    return c.json(offsetResult(rows.map(taxRates.serializeTaxRate), total, query), 200);
  })
  .openapi(routes.getTaxRate, async (c) => {
    const row = await taxRates.getTaxRate(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    return c.json(taxRates.serializeTaxRate(row), 200);
  })
  .openapi(routes.updateTaxRate, async (c) => {
    const { percentage, ...body } = c.req.valid("json");
    const { taxRate, eventIds } = await taxRates.updateTaxRate(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
      { ...body, percent_scaled: percentage },
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.json(taxRates.serializeTaxRate(taxRate), 200);
  });

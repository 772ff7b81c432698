// Handlers of /v1/tax-rates.
import { createRouter } from "../../lib/create-router";
import { offsetResult } from "../../lib/pagination";
import { servicesOf } from "../../middleware/services";
import * as taxRates from "../../services/tax-rates";
import * as routes from "./tax-rates.routes";

export const taxRatesRouter = createRouter()
  .openapi(routes.createTaxRate, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { percentage, ...body } = c.req.valid("json");
    const { taxRate, eventIds } = await taxRates.createTaxRate(db, organizationId, {
      ...body,
      percent_scaled: percentage,
    });
    dispatch(eventIds);
    return c.json(taxRates.serializeTaxRate(taxRate), 201);
  })
  .openapi(routes.listTaxRates, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await taxRates.listTaxRates(db, organizationId, query);
    return c.json(offsetResult(rows.map(taxRates.serializeTaxRate), total, query), 200);
  })
  .openapi(routes.getTaxRate, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await taxRates.getTaxRate(db, organizationId, c.req.valid("param").id);
    return c.json(taxRates.serializeTaxRate(row), 200);
  })
  .openapi(routes.updateTaxRate, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { percentage, ...body } = c.req.valid("json");
    const { taxRate, eventIds } = await taxRates.updateTaxRate(db, organizationId, c.req.valid("param").id, {
      ...body,
      percent_scaled: percentage,
    });
    dispatch(eventIds);
    return c.json(taxRates.serializeTaxRate(taxRate), 200);
  });

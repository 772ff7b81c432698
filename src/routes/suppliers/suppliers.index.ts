// Handlers of /v1/suppliers.
import { createRouter } from "../../lib/create-router";
import { offsetResult } from "../../lib/pagination";
import { servicesOf } from "../../middleware/services";
import { suppliers } from "../../services/bills";
import * as routes from "./suppliers.routes";

export const suppliersRouter = createRouter()
  .openapi(routes.createSupplier, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await suppliers.createSupplier(db, organizationId, c.req.valid("json"));
    return c.json(suppliers.serializeSupplier(row), 201);
  })
  .openapi(routes.listSuppliers, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await suppliers.listSuppliers(db, organizationId, query);
    return c.json(offsetResult(rows.map(suppliers.serializeSupplier), total, query), 200);
  })
  .openapi(routes.getSupplier, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await suppliers.getSupplier(db, organizationId, c.req.valid("param").id);
    return c.json(suppliers.serializeSupplier(row), 200);
  })
  .openapi(routes.updateSupplier, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await suppliers.updateSupplier(
      db,
      organizationId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(suppliers.serializeSupplier(row), 200);
  })
  .openapi(routes.deleteSupplier, async (c) => {
    const { db, organizationId } = servicesOf(c);
    await suppliers.deleteSupplier(db, organizationId, c.req.valid("param").id);
    return c.body(null, 204);
  });

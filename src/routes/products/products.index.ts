// Handlers of /v1/products.
import { createRouter } from "../../lib/create-router";
import { metadataFilter } from "../../lib/metadata";
import { offsetResult } from "../../lib/pagination";
import { servicesOf } from "../../middleware/services";
import * as products from "../../services/products";
import * as routes from "./products.routes";

export const productsRouter = createRouter()
  .openapi(routes.createProduct, async (c) => {
    const { db, org: organization, dispatch } = servicesOf(c);
    const { product, eventIds } = await products.createProduct(
      db,
      organization.id,
      organization.defaultCurrency,
      c.req.valid("json"),
    );
    dispatch(eventIds);
    return c.json(products.serializeProduct(product), 201);
  })
  .openapi(routes.listProducts, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const page = c.req.valid("query");
    const { rows, total } = await products.listProducts(db, organizationId, {
      ...page,
      metadata: metadataFilter(c.req.url),
    });
    return c.json(offsetResult(rows.map(products.serializeProduct), total, page), 200);
  })
  .openapi(routes.getProduct, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await products.getProduct(db, organizationId, c.req.valid("param").id);
    return c.json(products.serializeProduct(row), 200);
  })
  .openapi(routes.updateProduct, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { product, eventIds } = await products.updateProduct(
      db,
      organizationId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    dispatch(eventIds);
    return c.json(products.serializeProduct(product), 200);
  })
  .openapi(routes.deleteProduct, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { eventIds } = await products.deleteProduct(db, organizationId, c.req.valid("param").id);
    dispatch(eventIds);
    return c.body(null, 204);
  });

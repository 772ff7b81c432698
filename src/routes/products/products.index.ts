// Handlers of /v1/products.
import { createDb } from "../../db/client";
import { createRouter } from "../../lib/create-router";
import { metadataFilter } from "../../lib/metadata";
import { offsetResult } from "../../lib/pagination";
import { authOf } from "../../middleware/auth";
import { dispatchEvents } from "../../services/events";
import * as products from "../../services/products";
import * as routes from "./products.routes";

export const productsRouter = createRouter()
  .openapi(routes.createProduct, async (c) => {
    const { organization } = authOf(c);
    const { product, eventIds } = await products.createProduct(
      createDb(c.env.DB),
      organization.id,
      organization.defaultCurrency,
      c.req.valid("json"),
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.json(products.serializeProduct(product), 201);
  })
  .openapi(routes.listProducts, async (c) => {
    const page = c.req.valid("query");
    const { rows, total } = await products.listProducts(createDb(c.env.DB), authOf(c).organization.id, {
      ...page,
      metadata: metadataFilter(c.req.url),
    });
    return c.json(offsetResult(rows.map(products.serializeProduct), total, page), 200);
  })
  .openapi(routes.getProduct, async (c) => {
    const row = await products.getProduct(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    return c.json(products.serializeProduct(row), 200);
  })
  .openapi(routes.updateProduct, async (c) => {
    const { product, eventIds } = await products.updateProduct(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.json(products.serializeProduct(product), 200);
  })
  .openapi(routes.deleteProduct, async (c) => {
    const { eventIds } = await products.deleteProduct(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.body(null, 204);
  });

// Handlers of the webhook routes.
import { createRouter } from "../../lib/create-router";
import { metadataFilter } from "../../lib/metadata";
import { offsetResult } from "../../lib/pagination";
import { markSecretFields } from "../../middleware/idempotency";
import { servicesOf } from "../../middleware/services";
import { rewrapAllShards } from "../../services/rewrap";
import * as webhooks from "../../services/webhooks/endpoints";
import { rewrapWebhookSecrets } from "../../services/webhooks/secrets";
import * as routes from "./webhooks.routes";

export const webhooksRouter = createRouter()
  .openapi(routes.createWebhook, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const { endpoint, secret } = await webhooks.createEndpoint(
      db,
      c.env,
      organizationId,
      c.req.valid("json"),
    );
    markSecretFields(c, "secret");
    return c.json({ ...webhooks.serializeEndpoint(endpoint), secret }, 201);
  })
  .openapi(routes.listWebhooks, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const page = c.req.valid("query");
    const { rows, total } = await webhooks.listEndpoints(db, organizationId, {
      ...page,
      metadata: metadataFilter(c.req.url),
    });
    return c.json(offsetResult(rows.map(webhooks.serializeEndpoint), total, page), 200);
  })
  .openapi(routes.getWebhook, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await webhooks.getEndpoint(db, organizationId, c.req.valid("param").id);
    return c.json(webhooks.serializeEndpoint(row), 200);
  })
  .openapi(routes.updateWebhook, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const row = await webhooks.updateEndpoint(
      db,
      c.env,
      organizationId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(webhooks.serializeEndpoint(row), 200);
  })
  .openapi(routes.deleteWebhook, async (c) => {
    const { db, organizationId } = servicesOf(c);
    await webhooks.deleteEndpoint(db, organizationId, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(routes.rotateWebhookSecret, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const { endpoint, secret } = await webhooks.rotateSecret(
      db,
      c.env,
      organizationId,
      c.req.valid("param").id,
    );
    markSecretFields(c, "secret");
    return c.json({ ...webhooks.serializeEndpoint(endpoint), secret }, 200);
  })
  .openapi(routes.testWebhook, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const delivery = await webhooks.sendTestEvent(db, c.env, organizationId, c.req.valid("param").id);
    return c.json(webhooks.serializeDelivery(delivery), 200);
  })
  .openapi(routes.listDeliveries, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await webhooks.listDeliveries(db, organizationId, c.req.valid("param").id, query);
    return c.json(offsetResult(rows.map(webhooks.serializeDelivery), total, query), 200);
  })
  .openapi(routes.getDelivery, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const { id, deliveryId } = c.req.valid("param");
    const detail = await webhooks.getDeliveryDetail(db, organizationId, id, deliveryId);
    return c.json(
      {
        ...webhooks.serializeDelivery(detail.delivery),
        payload: detail.payload,
        attempts: detail.attempts.map(webhooks.serializeAttempt),
      },
      200,
    );
  })
  .openapi(routes.retryDelivery, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const { id, deliveryId } = c.req.valid("param");
    const delivery = await webhooks.retryDelivery(db, c.env, organizationId, id, deliveryId);
    return c.json(webhooks.serializeDelivery(delivery), 200);
  })
  .openapi(routes.rewrapSecrets, async (c) => {
    const body = c.req.valid("json") ?? {};
    const result = await rewrapAllShards(c.env, rewrapWebhookSecrets, { limit: body.limit });
    return c.json(result, 200);
  });

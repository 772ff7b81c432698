// Route descriptions of /v1/webhooks: endpoints, secret rotation, test sends and deliveries.
// Owners and admins only.
import { createRoute } from "@hono/zod-openapi";
import {
  bearerSecurity,
  commonErrors,
  conflictError,
  jsonBody,
  jsonResponse,
  noContent,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { OffsetQuerySchema } from "../../lib/pagination";
import { requireRole, requireUser } from "../../middleware/auth";
import { MAX_ENABLED_ENDPOINTS } from "../../services/webhooks/endpoints";
import {
  CreateWebhookSchema,
  DeliveryDetailSchema,
  DeliveryListSchema,
  DeliveryParams,
  DeliveryQuerySchema,
  DeliverySchema,
  UpdateWebhookSchema,
  WebhookListSchema,
  WebhookParams,
  WebhookSchema,
  WebhookWithSecretSchema,
} from "./webhooks.schemas";

const base = {
  tags: ["Webhooks"],
  security: bearerSecurity,
  middleware: [requireUser(), requireRole("owner", "admin")],
};

export const createWebhook = createRoute({
  ...base,
  method: "post",
  path: "/v1/webhooks",
  summary: "Register a webhook endpoint; answers its signing secret once",
  description: `At most ${MAX_ENABLED_ENDPOINTS} enabled endpoints per organization (409 conflict, endpoint_limit_reached).`,
  request: { body: jsonBody(CreateWebhookSchema) },
  responses: {
    201: jsonResponse(WebhookWithSecretSchema, "Created; secret is shown only here"),
    ...commonErrors,
    ...validationErrorResponse,
    ...conflictError,
  },
});

export const listWebhooks = createRoute({
  ...base,
  method: "get",
  path: "/v1/webhooks",
  summary: "List the organization's webhook endpoints, newest first",
  request: { query: OffsetQuerySchema },
  responses: { 200: jsonResponse(WebhookListSchema, "Endpoints"), ...commonErrors },
});

export const getWebhook = createRoute({
  ...base,
  method: "get",
  path: "/v1/webhooks/{id}",
  summary: "One webhook endpoint (never its secret)",
  request: { params: WebhookParams },
  responses: { 200: jsonResponse(WebhookSchema, "The endpoint"), ...commonErrors, ...notFoundError },
});

export const updateWebhook = createRoute({
  ...base,
  method: "patch",
  path: "/v1/webhooks/{id}",
  summary: "Change url, events, description or enabled; disabling fails its pending deliveries",
  description: `Enabling counts against the ${MAX_ENABLED_ENDPOINTS} enabled endpoints per organization (409 conflict, endpoint_limit_reached).`,
  request: { params: WebhookParams, body: jsonBody(UpdateWebhookSchema) },
  responses: {
    200: jsonResponse(WebhookSchema, "The updated endpoint"),
    ...commonErrors,
    ...notFoundError,
    ...validationErrorResponse,
    ...conflictError,
  },
});

export const deleteWebhook = createRoute({
  ...base,
  method: "delete",
  path: "/v1/webhooks/{id}",
  summary: "Delete a webhook endpoint and its delivery log",
  request: { params: WebhookParams },
  responses: { 204: noContent, ...commonErrors, ...notFoundError },
});

export const rotateWebhookSecret = createRoute({
  ...base,
  method: "post",
  path: "/v1/webhooks/{id}/rotate-secret",
  summary: "Issue a new signing secret; the previous one also signs for 24 hours",
  request: { params: WebhookParams },
  responses: {
    200: jsonResponse(WebhookWithSecretSchema, "The endpoint with its new secret, shown only here"),
    ...commonErrors,
    ...notFoundError,
  },
});

export const testWebhook = createRoute({
  ...base,
  method: "post",
  path: "/v1/webhooks/{id}/test",
  summary: "Send a webhook.test event to this endpoint now and answer the delivery",
  request: { params: WebhookParams },
  responses: {
    200: jsonResponse(DeliverySchema, "The delivery after its first attempt (succeeded, or pending a retry)"),
    ...commonErrors,
    ...notFoundError,
    ...conflictError,
  },
});

export const listDeliveries = createRoute({
  ...base,
  method: "get",
  path: "/v1/webhooks/{id}/deliveries",
  summary: "The endpoint's deliveries, newest first, optionally by status",
  request: { params: WebhookParams, query: DeliveryQuerySchema },
  responses: { 200: jsonResponse(DeliveryListSchema, "Deliveries"), ...commonErrors, ...notFoundError },
});

export const getDelivery = createRoute({
  ...base,
  method: "get",
  path: "/v1/webhooks/{id}/deliveries/{deliveryId}",
  summary: "One delivery with the body sent and every attempt",
  request: { params: DeliveryParams },
  responses: { 200: jsonResponse(DeliveryDetailSchema, "The delivery"), ...commonErrors, ...notFoundError },
});

export const retryDelivery = createRoute({
  ...base,
  method: "post",
  path: "/v1/webhooks/{id}/deliveries/{deliveryId}/retry",
  summary: "Attempt a failed or pending delivery again now",
  request: { params: DeliveryParams },
  responses: {
    200: jsonResponse(DeliverySchema, "The delivery after the attempt"),
    ...commonErrors,
    ...notFoundError,
    ...conflictError,
  },
});

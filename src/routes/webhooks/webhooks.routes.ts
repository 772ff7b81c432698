// Route descriptions of /v1/webhooks: endpoints, secret rotation, test sends and deliveries
// (owners and admins only), and the admin's rewrap of sealed secrets after a master key rotation.
import {
  conflictError,
  jsonBody,
  jsonResponse,
  noContent,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { MAX_ENABLED_ENDPOINTS } from "../../services/webhooks/endpoints";
import { adminRoute, managerRoute } from "../factories";
import {
  CreateWebhookSchema,
  DeliveryDetailSchema,
  DeliveryListSchema,
  DeliveryParams,
  DeliveryQuerySchema,
  DeliverySchema,
  RewrapSecretsResultSchema,
  RewrapSecretsSchema,
  UpdateWebhookSchema,
  WebhookListQuerySchema,
  WebhookListSchema,
  WebhookParams,
  WebhookSchema,
  WebhookWithSecretSchema,
} from "./webhooks.schemas";

const tags = ["Webhooks"];

export const createWebhook = managerRoute({
  method: "post",
  path: "/v1/webhooks",
  operationId: "createWebhook",
  tags,
  summary: "Register a webhook endpoint; answers its signing secret once",
  description: `At most ${MAX_ENABLED_ENDPOINTS} enabled endpoints per organization (409 conflict, endpoint_limit_reached).`,
  request: { body: jsonBody(CreateWebhookSchema) },
  responses: {
    201: jsonResponse(WebhookWithSecretSchema, "Created; secret is shown only here"),
    ...validationErrorResponse,
    ...conflictError,
  },
});

export const listWebhooks = managerRoute({
  method: "get",
  path: "/v1/webhooks",
  operationId: "listWebhooks",
  tags,
  summary: "List the organization's webhook endpoints, newest first",
  request: { query: WebhookListQuerySchema },
  responses: { 200: jsonResponse(WebhookListSchema, "Endpoints") },
});

export const getWebhook = managerRoute({
  method: "get",
  path: "/v1/webhooks/{id}",
  operationId: "getWebhook",
  tags,
  summary: "One webhook endpoint (never its secret)",
  request: { params: WebhookParams },
  responses: { 200: jsonResponse(WebhookSchema, "The endpoint"), ...notFoundError },
});

export const updateWebhook = managerRoute({
  method: "patch",
  path: "/v1/webhooks/{id}",
  operationId: "updateWebhook",
  tags,
  summary: "Change url, events, description or enabled; disabling fails its pending deliveries",
  description: `Enabling counts against the ${MAX_ENABLED_ENDPOINTS} enabled endpoints per organization (409 conflict, endpoint_limit_reached).`,
  request: { params: WebhookParams, body: jsonBody(UpdateWebhookSchema) },
  responses: {
    200: jsonResponse(WebhookSchema, "The updated endpoint"),
    ...notFoundError,
    ...validationErrorResponse,
    ...conflictError,
  },
});

export const deleteWebhook = managerRoute({
  method: "delete",
  path: "/v1/webhooks/{id}",
  operationId: "deleteWebhook",
  tags,
  summary: "Delete a webhook endpoint and its delivery log",
  request: { params: WebhookParams },
  responses: { 204: noContent, ...notFoundError },
});

export const rotateWebhookSecret = managerRoute({
  method: "post",
  path: "/v1/webhooks/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  tags,
  summary: "Issue a new signing secret; the previous one also signs for 24 hours",
  request: { params: WebhookParams },
  responses: {
    200: jsonResponse(WebhookWithSecretSchema, "The endpoint with its new secret, shown only here"),
    ...notFoundError,
  },
});

export const testWebhook = managerRoute({
  method: "post",
  path: "/v1/webhooks/{id}/test",
  operationId: "testWebhook",
  tags,
  summary: "Send a webhook.test event to this endpoint now and answer the delivery",
  request: { params: WebhookParams },
  responses: {
    200: jsonResponse(DeliverySchema, "The delivery after its first attempt (succeeded, or pending a retry)"),
    ...notFoundError,
    ...conflictError,
  },
});

export const listDeliveries = managerRoute({
  method: "get",
  path: "/v1/webhooks/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  tags,
  summary: "The endpoint's deliveries, newest first, optionally by status",
  request: { params: WebhookParams, query: DeliveryQuerySchema },
  responses: { 200: jsonResponse(DeliveryListSchema, "Deliveries"), ...notFoundError },
});

export const getDelivery = managerRoute({
  method: "get",
  path: "/v1/webhooks/{id}/deliveries/{deliveryId}",
  operationId: "getWebhookDelivery",
  tags,
  summary: "One delivery with the body sent and every attempt",
  request: { params: DeliveryParams },
  responses: { 200: jsonResponse(DeliveryDetailSchema, "The delivery"), ...notFoundError },
});

export const retryDelivery = managerRoute({
  method: "post",
  path: "/v1/webhooks/{id}/deliveries/{deliveryId}/retry",
  operationId: "retryWebhookDelivery",
  tags,
  summary: "Attempt a failed or pending delivery again now",
  request: { params: DeliveryParams },
  responses: {
    200: jsonResponse(DeliverySchema, "The delivery after the attempt"),
    ...notFoundError,
    ...conflictError,
  },
});

export const rewrapSecrets = adminRoute({
  method: "post",
  path: "/v1/admin/webhooks/rewrap",
  operationId: "rewrapWebhookSecrets",
  tags: ["Admin"],
  summary: "Seal webhook signing secrets under the current master key version (bounded per call)",
  request: { body: { ...jsonBody(RewrapSecretsSchema), required: false } },
  responses: {
    200: jsonResponse(RewrapSecretsResultSchema, "How many endpoints moved and how many remain"),
    ...validationErrorResponse,
  },
});

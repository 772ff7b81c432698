// Request and response schemas of webhook endpoints and their deliveries.
import { z } from "@hono/zod-openapi";
import { DELIVERY_STATUSES } from "../../db/schema/webhooks";
import { MetadataFilterParam, MetadataResponseSchema, MetadataSchema } from "../../lib/metadata";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import { MultiLineText, safeCharacters } from "../../lib/schemas";
import { EVENT_TYPES } from "../../services/events";

const EventTypeSchema = z.enum(["*", ...EVENT_TYPES]).openapi({ example: "invoice.created" });

// The URL parser drops tab, CR and LF, so without the character check "https://a.example/\r\nx"
// would pass and be stored (and sent) with its line break.
const UrlSchema = z
  .url({ message: "Must be an absolute URL" })
  .max(2048)
  .superRefine(safeCharacters({ multiLine: false }))
  .openapi({
    example: "https://example.com/webhooks/invoicing",
    description:
      "https only, ports 443, 80 and 8443, no user info; private, loopback and link-local targets and names are refused. Stored WHATWG-normalized",
  });

const EventsSchema = z
  .array(EventTypeSchema)
  .min(1)
  .max(EVENT_TYPES.length + 1)
  .openapi({
    description: 'Event types to receive, or ["*"] for all',
    example: ["invoice.created", "invoice.paid"],
  });

const DescriptionSchema = MultiLineText({ max: 500, trim: true }).nullable();

export const CreateWebhookSchema = z
  .strictObject({
    url: UrlSchema,
    events: EventsSchema,
    description: DescriptionSchema.optional(),
    enabled: z.boolean().optional(),
    metadata: MetadataSchema.optional(),
  })
  .openapi("CreateWebhook");

export const UpdateWebhookSchema = z
  .strictObject({
    url: UrlSchema.optional(),
    events: EventsSchema.optional(),
    description: DescriptionSchema.optional(),
    enabled: z.boolean().optional(),
    metadata: MetadataSchema.nullable().optional(),
  })
  .openapi("UpdateWebhook");

export const WebhookSchema = z
  .object({
    id: z.string().openapi({ example: "we_0123456789abcdefghijklmn" }),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().openapi({ description: "Why the endpoint was disabled" }),
    failing_since: z.string().nullable().openapi({
      description: "First failed attempt since the last success; 5 days of failures disable the endpoint",
    }),
    previous_secret_expires_at: z
      .string()
      .nullable()
      .openapi({ description: "After a rotation, until when the previous secret also signs" }),
    metadata: MetadataResponseSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Webhook");

export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().openapi({
    description: "`whsec_` + base64 of 32 bytes: the signing secret. Shown only here; store it now.",
    example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  }),
}).openapi("WebhookWithSecret");

export const WebhookListQuerySchema = OffsetQuerySchema.extend({ metadata: MetadataFilterParam });

export const WebhookListSchema = z.object({ data: z.array(WebhookSchema), meta: OffsetMetaSchema });

export const DeliverySchema = z
  .object({
    id: z.string(),
    endpoint_id: z.string(),
    event_id: z.string().openapi({ description: "Also the `webhook-id` header of every attempt" }),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempt_count: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("WebhookDelivery");

export const AttemptSchema = z
  .object({
    id: z.string(),
    attempted_at: z.string(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    response_body: z.string().nullable().openapi({ description: "At most 4 KiB of the receiver's answer" }),
  })
  .openapi("WebhookAttempt");

export const DeliveryDetailSchema = DeliverySchema.extend({
  payload: z.unknown().openapi({ description: "The body sent: { id, type, created_at, data: { object } }" }),
  attempts: z.array(AttemptSchema),
}).openapi("WebhookDeliveryDetail");

export const DeliveryListSchema = z.object({ data: z.array(DeliverySchema), meta: OffsetMetaSchema });

export const DeliveryQuerySchema = OffsetQuerySchema.extend({
  status: z
    .enum(DELIVERY_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
});

export const WebhookParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, description: "Webhook id" }),
});

export const DeliveryParams = WebhookParams.extend({
  deliveryId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "deliveryId", in: "path" }, description: "Delivery id" }),
});

export const RewrapSecretsSchema = z
  .object({ limit: z.number().int().min(1).max(10_000).optional() })
  .openapi("RewrapWebhookSecrets");

/** The same shape as the document rewrap's answer. */
export const RewrapSecretsResultSchema = z
  .object({
    version: z.string(),
    rewrapped: z.number().int(),
    failed: z.number().int(),
    remaining: z.number().int(),
  })
  .openapi("RewrapWebhookSecretsResult");

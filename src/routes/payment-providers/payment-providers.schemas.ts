// Schemas of /v1/payment-providers/stripe and the provider's webhook answer.
import { z } from "@hono/zod-openapi";

export const StripeCredentialsSchema = z
  .strictObject({
    secret_key: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,247}$/,
        "A Stripe secret key: sk_test_..., sk_live_... (or rk_)",
      )
      .openapi({
        description: "The account's secret (or restricted) API key. Stored sealed, never answered.",
      }),
    webhook_secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=_-]{8,247}$/, "A Stripe webhook signing secret: whsec_...")
      .openapi({ description: "The signing secret of the webhook endpoint pointed at `webhook_url`." }),
  })
  .openapi("StripeCredentials");

export const PaymentProviderSchema = z
  .object({
    provider: z.literal("stripe"),
    connected: z.boolean(),
    mode: z.enum(["test", "live"]).nullable().openapi({ description: "From the key's prefix" }),
    secret_key_last4: z.string().nullable(),
    webhook_url: z.string().openapi({
      description: "Where the provider's webhook must point: POST /hooks/stripe/{organization_id}",
    }),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .openapi("PaymentProvider");

export const ProviderWebhookResultSchema = z
  .object({
    received: z.literal(true),
    outcome: z.enum(["posted", "refunded", "reversed", "reinstated", "duplicate", "ignored"]).openapi({
      description:
        "`posted` a payment; `refunded` part of one (the invoice counts less paid); `reversed` it (a full " +
        "refund or a dispute's withdrawal); `reinstated` it (a won dispute); `duplicate`: applied before",
    }),
    reason: z
      .string()
      .optional()
      .openapi({
        description:
          "Why an event was `ignored`: `malformed_event` (a field outside the API's bounds, or not a JSON " +
          "event), `another_organization`, `no_invoice`, `unknown_invoice`, `currency_mismatch`, " +
          "`invoice_not_open`, `no_amount`, `unknown_payment`, `payment_not_applied`, " +
          "`refunded_by_credit_note`, `not_withdrawn`, or `unhandled_event:<type>`",
        example: "malformed_event",
      }),
  })
  .openapi("ProviderWebhookResult");

export const OrganizationParam = z.object({
  organization_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "organization_id", in: "path" }, description: "The organization's id" }),
});

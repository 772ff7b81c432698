// Route descriptions of the payment provider connection (owners and admins) and the provider's
// own webhook (public: its signature is the credential).
import { createRoute, z } from "@hono/zod-openapi";
import { MAX_AMOUNT_MINOR } from "../../lib/money";
import {
  commonErrors,
  errorResponse,
  jsonBody,
  jsonResponse,
  noContent,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { managerRoute } from "../factories";
import {
  OrganizationParam,
  PaymentProviderSchema,
  ProviderWebhookResultSchema,
  StripeCredentialsSchema,
} from "./payment-providers.schemas";

const tags = ["Payment providers"];

export const putStripeProvider = managerRoute({
  method: "put",
  path: "/v1/payment-providers/stripe",
  operationId: "putStripeProvider",
  tags,
  summary: "Connect a Stripe account (secret key and webhook signing secret); the hosted page shows Pay now",
  description:
    "Both secrets are stored sealed under the master key and never answered. A second PUT replaces them. " +
    "Point a Stripe webhook endpoint at the answer's `webhook_url` with the events " +
    "`checkout.session.completed`, `payment_intent.succeeded`, `charge.refunded`, `charge.dispute.funds_withdrawn`, " +
    "`charge.dispute.funds_reinstated` and `charge.dispute.closed`.",
  request: { body: jsonBody(StripeCredentialsSchema) },
  responses: { 200: jsonResponse(PaymentProviderSchema, "The connection"), ...validationErrorResponse },
});

export const getStripeProvider = managerRoute({
  method: "get",
  path: "/v1/payment-providers/stripe",
  operationId: "getStripeProvider",
  tags,
  summary: "Whether a Stripe account is connected: mode and the key's last four, never a secret",
  responses: { 200: jsonResponse(PaymentProviderSchema, "The connection") },
});

export const deleteStripeProvider = managerRoute({
  method: "delete",
  path: "/v1/payment-providers/stripe",
  operationId: "deleteStripeProvider",
  tags,
  summary: "Disconnect Stripe: the secrets are deleted, the page stops offering Pay now",
  description: "Payments already posted stay in the ledger. 404 when no account was connected.",
  responses: { 204: noContent, ...notFoundError },
});

export const stripeWebhook = createRoute({
  method: "post",
  path: "/hooks/stripe/{organization_id}",
  operationId: "receiveStripeWebhook",
  tags,
  summary:
    "Stripe's webhook: verified by its Stripe-Signature, posts, refunds, reverses or reinstates card payments",
  description:
    "The raw body is Stripe's event JSON. `Stripe-Signature` (`t=...,v1=...`) must carry an HMAC-SHA256 " +
    "of `<t>.<raw body>` under the organization's webhook secret and a timestamp within 5 minutes: else 400 " +
    "and nothing is posted. `checkout.session.completed` (paid) and `payment_intent.succeeded` post the " +
    "payment once per payment intent; `charge.refunded` applies Stripe's running `amount_refunded` (what it adds " +
    "comes off the invoice's amount paid, once, in any order; a full refund reverses the payment); " +
    "`charge.dispute.funds_withdrawn` reverses it and a won dispute (`charge.dispute.funds_reinstated`, or " +
    "`charge.dispute.closed` with status `won`) posts it again, once (409 `payment_not_posted` while the payment " +
    "itself is not posted yet and its invoice, named by the payment intent's metadata, may still take it, so " +
    "Stripe sends it again; a payment no invoice of this organization names, or whose invoice takes no payment, " +
    "is answered 200 `ignored`). " +
    "Every field read from the event is held to the API's own bounds: amounts are whole numbers of Stripe's " +
    `units that convert to at most ${MAX_AMOUNT_MINOR} minor units (positive when paid, non-negative when ` +
    "refunded), `currency` an ISO 4217 code, `created` whole seconds from 2000-01-01 to a day from now; a " +
    "verified event outside them, or a body that is not a JSON event, posts nothing and is answered 200 " +
    "`ignored` with `reason: malformed_event` (resending it would not change it). " +
    "Other events are answered 200 and ignored.",
  security: [],
  request: {
    params: OrganizationParam,
    headers: z.object({ "stripe-signature": z.string().optional() }),
  },
  responses: {
    200: jsonResponse(
      ProviderWebhookResultSchema,
      "Received (posted, refunded, reversed, reinstated, a duplicate, or ignored)",
    ),
    400: errorResponse("Missing, invalid or stale signature"),
    404: errorResponse("No Stripe account connected for this organization"),
    409: errorResponse(
      "`payment_not_posted`: a refund or dispute of a payment not posted yet that its invoice may still take " +
        "(retried by Stripe)",
    ),
    413: errorResponse("Body too large"),
    429: commonErrors[429],
    500: commonErrors[500],
  },
});

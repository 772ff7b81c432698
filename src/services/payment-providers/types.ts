// The port every payment provider implements: start a hosted checkout for an amount, verify and
// read the provider's webhooks into a few provider-neutral events. The ledger side
// (src/services/payment-providers/ledger.ts) reads only these events, so Mollie or GoCardless is
// one more adapter beside stripe.ts, with nothing changed in the payments ledger.
import type { PaymentProviderName } from "../../db/schema/billing";

/** What a checkout charges and where the customer comes back to. */
export interface CheckoutRequest {
  organizationId: string;
  invoiceId: string;
  invoiceNumber: string;
  /** The live balance due, in minor units of `currency` (src/lib/money.ts). */
  amountMinor: number;
  currency: string;
  /** The line item's name the customer sees on the provider's page. */
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** One key per invoice and balance: a double click makes one checkout. */
  idempotencyKey: string;
}

export interface Checkout {
  id: string;
  /** The provider's page the customer is sent to (303). */
  url: string;
}

/**
 * Whose a provider payment is, as the checkout stated it (Stripe: the payment intent's metadata):
 * null fields when the provider's object does not say.
 */
export interface PaymentOrigin {
  organizationId: string | null;
  invoiceId: string | null;
}

/** What a refund's or a dispute's event says about the payment it concerns. */
export interface PaymentChange {
  /** The provider's payment id (Stripe: the payment intent). */
  paymentId: string;
  /**
   * Whose the payment is, as the event's own object states it for good (Stripe: a charge carries
   * its payment intent's metadata, which the checkout set); null when the event cannot say (a
   * Stripe dispute): the provider is asked.
   */
  origin: PaymentOrigin | null;
  /** The currency of the money the event moves (ISO 4217, upper case); "" when unsaid. */
  currency: string;
  /** The provider's mode the event comes from; null when unsaid. */
  mode: ProviderMode | null;
}

/** A provider account's test or live mode (Stripe: `livemode`, and the key's prefix). */
export type ProviderMode = "test" | "live";

/**
 * A webhook, read into what the ledger needs. Amounts are minor units of the invoice's currency
 * (converted from the provider's own units).
 */
export type ProviderEvent =
  | {
      kind: "payment_succeeded";
      /** The provider's payment id (Stripe: the payment intent): the ledger posts each once. */
      paymentId: string;
      organizationId: string | null;
      invoiceId: string | null;
      amountMinor: number;
      currency: string;
      /** When the provider says the money was taken (ISO timestamp). */
      receivedAt: string;
    }
  | ({
      kind: "payment_refunded";
      /** Refunded in full (the provider says so, whatever the amounts). */
      fully: boolean;
      /** What the provider refunded of the payment so far, all refunds together; null when unsaid. */
      refundedMinor: number | null;
    } & PaymentChange)
  /** A dispute withdrew the payment's money. */
  | ({ kind: "payment_disputed" } & PaymentChange)
  /** A dispute the seller won gave the money back. */
  | ({ kind: "payment_reinstated" } & PaymentChange)
  | { kind: "ignored"; type: string }
  /**
   * A verified event whose fields are not what the provider promises (an amount that is not a whole
   * number of minor units within MAX_AMOUNT_MINOR, an unknown currency, a date no payment can have
   * been received at, a body that is not an event): nothing is applied.
   */
  | { kind: "malformed"; type: string; field: string; message: string };

/** Why a webhook is refused (400): the body is not the provider's, or not from now. */
export type WebhookRefusal = "missing_signature" | "bad_signature" | "stale_timestamp";

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks the webhook's signature over the raw body; null when it is genuine. */
  verifyWebhook(rawBody: string, headers: Headers, nowMs: number): Promise<WebhookRefusal | null>;
  /** Reads a verified body; what it cannot read within bounds is a `malformed` event, never a throw. */
  parseEvent(rawBody: string): ProviderEvent;
  /** The provider's fee for a payment in minor units, or null when it does not say (yet). */
  paymentFee(paymentId: string, currency: string): Promise<number | null>;
  /**
   * Whose a payment is, asked of the provider (an event about it that does not say): null when the
   * provider knows no such payment. Throws `ProviderError` when it cannot answer now, or cannot
   * answer for an event of `mode` at all (the key is of the other mode).
   */
  paymentOrigin(paymentId: string, mode: ProviderMode | null): Promise<PaymentOrigin | null>;
}

/** A provider that answered something other than success: the pay button answers 502. */
export class ProviderError extends Error {
  /** The provider's own code for the error (Stripe: `error.code`, `resource_missing`), if any. */
  readonly code: string | null;
  /**
   * The connection is wrong (a revoked key, a key without the permission, a key of the other
   * mode than the events): it will not mend itself, a person must look (logged as an error).
   */
  readonly misconfigured: boolean;

  constructor(
    message: string,
    readonly status: number | null,
    options: { code?: string | null; misconfigured?: boolean } = {},
  ) {
    super(message);
    this.name = "ProviderError";
    this.code = options.code ?? null;
    this.misconfigured = options.misconfigured ?? (status === 401 || status === 403);
  }
}

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
      paymentId: string;
      /** Refunded in full (the provider says so, whatever the amounts). */
      fully: boolean;
      /** What the provider refunded of the payment so far, all refunds together; null when unsaid. */
      refundedMinor: number | null;
      currency: string;
    } & PaymentOrigin)
  /** A dispute withdrew the payment's money. */
  | ({ kind: "payment_disputed"; paymentId: string } & PaymentOrigin)
  /** A dispute the seller won gave the money back. */
  | ({ kind: "payment_reinstated"; paymentId: string } & PaymentOrigin)
  | { kind: "ignored"; type: string };

/** Why a webhook is refused (400): the body is not the provider's, or not from now. */
export type WebhookRefusal = "missing_signature" | "bad_signature" | "stale_timestamp";

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks the webhook's signature over the raw body; null when it is genuine. */
  verifyWebhook(rawBody: string, headers: Headers, nowMs: number): Promise<WebhookRefusal | null>;
  /** Reads a verified body. */
  parseEvent(rawBody: string): ProviderEvent;
  /** The provider's fee for a payment in minor units, or null when it does not say (yet). */
  paymentFee(paymentId: string, currency: string): Promise<number | null>;
  /**
   * Whose a payment is, asked of the provider (an event about it that does not say): null when the
   * provider knows no such payment. Throws when it cannot answer now.
   */
  paymentOrigin(paymentId: string): Promise<PaymentOrigin | null>;
}

/** A provider that answered something other than success: the pay button answers 502. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

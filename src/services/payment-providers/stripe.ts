// Stripe over its REST API with `fetch` (no SDK: form-encoded requests, a Bearer key, the
// Idempotency-Key header; the webhook's `Stripe-Signature` checked with WebCrypto's HMAC-SHA256).
// Its API base is a setting (STRIPE_API_BASE), so tests talk to a local fake.
import { sha256Hex, timingSafeEqualText, toHex, utf8 } from "../../lib/encoding";
import { currencyExponent } from "../../lib/money";
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentOrigin,
  type PaymentProvider,
  ProviderError,
  type ProviderEvent,
  type ProviderMode,
  type WebhookRefusal,
} from "./types";

export const STRIPE_DEFAULT_API_BASE = "https://api.stripe.com";

/** How far a webhook's signed timestamp may be from now: Stripe's own libraries use 5 minutes. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Stripe's decimals where they differ from ISO 4217 (https://docs.stripe.com/currencies):
 * ISK and UGX are charged as two-decimal amounts ending in 00; the rest of Stripe's
 * zero-decimal currencies have no minor unit in ISO either.
 */
const STRIPE_EXPONENT_OVERRIDES: Record<string, number> = { ISK: 2, UGX: 2 };

const stripeExponent = (currency: string) =>
  STRIPE_EXPONENT_OVERRIDES[currency.toUpperCase()] ?? currencyExponent(currency.toUpperCase());

/** Minor units (ISO 4217) to Stripe's amount for the currency. */
export function toStripeAmount(minor: number, currency: string): number {
  const shift = stripeExponent(currency) - currencyExponent(currency.toUpperCase());
  return shift >= 0 ? minor * 10 ** shift : Math.round(minor / 10 ** -shift);
}

/** Stripe's amount for the currency to minor units (ISO 4217). */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeExponent(currency) - currencyExponent(currency.toUpperCase());
  return shift >= 0 ? Math.round(amount / 10 ** shift) : amount * 10 ** -shift;
}

export interface StripeCredentials {
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
}

/** `test` or `live`, from the key's prefix (`sk_test_`, `rk_live_`, ...). */
export function stripeKeyMode(secretKey: string): ProviderMode {
  return /^(sk|rk)_live_/.test(secretKey) ? "live" : "test";
}

/** Parses `t=...,v1=...,v1=...`: the timestamp and every v1 signature (v0 and others ignored). */
function parseSignatureHeader(header: string): { timestamp: number | null; signatures: string[] } {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return { timestamp, signatures };
}

/** The v1 signature of a payload: hex HMAC-SHA256 of `${timestamp}.${rawBody}` under the secret. */
export async function stripeSignature(secret: string, timestamp: number, rawBody: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toHex(new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8(`${timestamp}.${rawBody}`))));
}

/** Nested form fields the way Stripe reads them: `a[b][c]=v`. */
function formBody(fields: Record<string, string | number>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  return form.toString();
}

const isoFromSeconds = (seconds: unknown) =>
  typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : new Date().toISOString();

const stringOr = (value: unknown, fallback: string | null = null) =>
  typeof value === "string" && value !== "" ? value : fallback;

/** A payment intent id from a field that is either the id or the expanded object. */
const paymentIntentId = (value: unknown): string | null =>
  typeof value === "string" ? value : stringOr((value as { id?: unknown } | null)?.id);

type StripeObject = Record<string, unknown> & { metadata?: Record<string, unknown> };

export function stripeProvider(credentials: StripeCredentials): PaymentProvider {
  const base = credentials.apiBase.replace(/\/+$/, "");
  const headers = (extra: Record<string, string> = {}) => ({
    Authorization: `Bearer ${credentials.secretKey}`,
    "Stripe-Version": "2024-06-20",
    ...extra,
  });

  async function call(path: string, init: RequestInit): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      // A provider that hangs must not hold the page's Pay now or the webhook: 10 s at most.
      res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (cause) {
      throw new ProviderError(`Stripe unreachable: ${String(cause)}`, null);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || body === null) {
      const error = body?.error as { message?: unknown; code?: unknown } | undefined;
      throw new ProviderError(
        `Stripe answered ${res.status}: ${stringOr(error?.message, "no message")}`,
        res.status,
        {
          code: stringOr(error?.code),
        },
      );
    }
    return body;
  }

  return {
    name: "stripe",

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const ids = { invoice_id: request.invoiceId, organization_id: request.organizationId };
      const body = formBody({
        mode: "payment",
        "line_items[0][quantity]": 1,
        "line_items[0][price_data][currency]": request.currency.toLowerCase(),
        "line_items[0][price_data][unit_amount]": toStripeAmount(request.amountMinor, request.currency),
        "line_items[0][price_data][product_data][name]": request.description,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.invoiceId,
        "metadata[invoice_id]": ids.invoice_id,
        "metadata[organization_id]": ids.organization_id,
        "metadata[invoice_number]": request.invoiceNumber,
        "payment_intent_data[metadata][invoice_id]": ids.invoice_id,
        "payment_intent_data[metadata][organization_id]": ids.organization_id,
        "payment_intent_data[metadata][invoice_number]": request.invoiceNumber,
        "payment_intent_data[description]": request.description,
      });
      // Stripe refuses a key reused with other parameters (400): a digest of the body makes a
      // changed request (another origin, a renamed seller) a new key instead of an error.
      const digest = (await sha256Hex(body)).slice(0, 16);
      const session = await call("/v1/checkout/sessions", {
        method: "POST",
        headers: headers({
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": `${request.idempotencyKey}:${digest}`,
        }),
        body,
      });
      const id = stringOr(session.id);
      const url = stringOr(session.url);
      if (!id || !url || !/^https?:\/\//.test(url)) {
        throw new ProviderError("Stripe answered a checkout session without an id or URL", 200);
      }
      return { id, url };
    },

    async verifyWebhook(rawBody: string, requestHeaders: Headers, nowMs: number) {
      const header = requestHeaders.get("Stripe-Signature");
      if (!header) return "missing_signature" satisfies WebhookRefusal;
      const { timestamp, signatures } = parseSignatureHeader(header);
      if (timestamp === null || signatures.length === 0) return "bad_signature";
      const expected = await stripeSignature(credentials.webhookSecret, timestamp, rawBody);
      // Every candidate is compared (no early exit on the first match), each in constant time.
      const matches = signatures.map((candidate) => timingSafeEqualText(candidate, expected));
      if (!matches.includes(true)) return "bad_signature";
      if (Math.abs(nowMs / 1000 - timestamp) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) return "stale_timestamp";
      return null;
    },

    parseEvent(rawBody: string): ProviderEvent {
      const event = JSON.parse(rawBody) as {
        type?: unknown;
        created?: unknown;
        livemode?: unknown;
        data?: { object?: unknown };
      };
      const type = stringOr(event.type, "unknown") as string;
      const object = (event.data?.object ?? {}) as StripeObject;
      const metadata = object.metadata ?? {};
      const stated = {
        organizationId: stringOr(metadata.organization_id),
        invoiceId: stringOr(metadata.invoice_id),
      };
      const change = (paymentId: string, origin: PaymentOrigin | null) => ({
        paymentId,
        origin,
        currency: String(object.currency ?? "").toUpperCase(),
        mode:
          typeof event.livemode === "boolean" ? ((event.livemode ? "live" : "test") as ProviderMode) : null,
      });
      // A dispute carries no metadata of the payment (its own is the seller's, usually empty):
      // whose the payment is, unless it says, is asked of Stripe.
      const disputeOrigin = stated.invoiceId ? stated : null;
      switch (type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          // A delayed method (SEPA debit) completes the session unpaid: its payment comes later.
          const id = paymentIntentId(object.payment_intent);
          if (object.payment_status !== "paid" || !id) return { kind: "ignored", type };
          const currency = String(object.currency ?? "").toUpperCase();
          return {
            kind: "payment_succeeded",
            paymentId: id,
            organizationId: stringOr(metadata.organization_id),
            invoiceId: stringOr(metadata.invoice_id, stringOr(object.client_reference_id)),
            amountMinor: fromStripeAmount(Number(object.amount_total ?? 0), currency),
            currency,
            receivedAt: isoFromSeconds(event.created),
          };
        }
        case "payment_intent.succeeded": {
          const currency = String(object.currency ?? "").toUpperCase();
          return {
            kind: "payment_succeeded",
            paymentId: String(object.id),
            organizationId: stringOr(metadata.organization_id),
            invoiceId: stringOr(metadata.invoice_id),
            amountMinor: fromStripeAmount(Number(object.amount_received ?? 0), currency),
            currency,
            receivedAt: isoFromSeconds(event.created),
          };
        }
        // `amount_refunded` is the charge's running total over all its refunds: applying a total
        // is the same whether one event or several, in any order, say it.
        case "charge.refunded": {
          const id = paymentIntentId(object.payment_intent);
          if (!id) return { kind: "ignored", type };
          // The charge carries its payment intent's metadata, copied when it was confirmed, and
          // the checkout always sets it: a charge naming no invoice is another sale, for good.
          const refund = change(id, stated);
          const refunded = object.amount_refunded;
          return {
            kind: "payment_refunded",
            fully: object.refunded === true,
            refundedMinor:
              typeof refunded === "number" &&
              Number.isSafeInteger(refunded) &&
              refunded >= 0 &&
              refund.currency
                ? fromStripeAmount(refunded, refund.currency)
                : null,
            ...refund,
          };
        }
        // The money leaves when the dispute withdraws it (an inquiry opens a dispute and withdraws
        // nothing: charge.dispute.created alone is not a reversal).
        case "charge.dispute.funds_withdrawn": {
          const id = paymentIntentId(object.payment_intent);
          if (!id) return { kind: "ignored", type };
          return { kind: "payment_disputed", ...change(id, disputeOrigin) };
        }
        // A won dispute gives the money back: Stripe sends funds_reinstated and closes the dispute
        // as won; either posts the payment again, once. A lost dispute changes nothing more.
        case "charge.dispute.funds_reinstated":
        case "charge.dispute.closed": {
          const id = paymentIntentId(object.payment_intent);
          if (!id || (type === "charge.dispute.closed" && object.status !== "won"))
            return { kind: "ignored", type };
          return { kind: "payment_reinstated", ...change(id, disputeOrigin) };
        }
        default:
          return { kind: "ignored", type };
      }
    },

    async paymentFee(paymentId: string, currency: string): Promise<number | null> {
      const intent = await call(
        `/v1/payment_intents/${encodeURIComponent(paymentId)}?expand[]=latest_charge.balance_transaction`,
        { method: "GET", headers: headers() },
      );
      const charge = intent.latest_charge as { balance_transaction?: unknown } | null;
      const balance = charge?.balance_transaction as { fee?: unknown; currency?: unknown } | null | undefined;
      if (!balance || typeof balance.fee !== "number" || typeof balance.currency !== "string") return null;
      // The fee is in the account's settlement currency: stated only when it is the invoice's.
      if (balance.currency.toUpperCase() !== currency.toUpperCase()) return null;
      return fromStripeAmount(balance.fee, currency);
    },

    async paymentOrigin(paymentId: string, mode: ProviderMode | null) {
      // A key of one mode cannot see the other mode's payments: its 404 would say nothing.
      const keyMode = stripeKeyMode(credentials.secretKey);
      if (mode !== null && mode !== keyMode) {
        throw new ProviderError(`A ${mode}-mode event, but the connected key is a ${keyMode} key`, null, {
          misconfigured: true,
        });
      }
      let intent: Record<string, unknown>;
      try {
        intent = await call(`/v1/payment_intents/${encodeURIComponent(paymentId)}`, {
          method: "GET",
          headers: headers(),
        });
      } catch (error) {
        // Stripe knows no such payment intent on this account: not one this ledger could ever
        // post. Any other 404 (a wrong API base, a proxy) says nothing about the payment.
        if (error instanceof ProviderError && error.status === 404 && error.code === "resource_missing") {
          return null;
        }
        throw error;
      }
      const metadata = (intent.metadata ?? {}) as Record<string, unknown>;
      return { organizationId: stringOr(metadata.organization_id), invoiceId: stringOr(metadata.invoice_id) };
    },
  };
}

// Stripe over its REST API with `fetch` (no SDK: form-encoded requests, a Bearer key, the
// Idempotency-Key header; the webhook's `Stripe-Signature` checked with WebCrypto's HMAC-SHA256).
// Its API base is a setting (STRIPE_API_BASE), so tests talk to a local fake.
import { z } from "@hono/zod-openapi";
import { nowIso } from "../../lib/clock";
import { sha256Hex, timingSafeEqualText, toHex, utf8 } from "../../lib/encoding";
import { currencyExponent, isCurrency, MAX_AMOUNT_MINOR } from "../../lib/money";
import { receivedAtOutOfBounds } from "../../lib/schemas";
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentChange,
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

const stringOr = (value: unknown, fallback: string | null = null) =>
  typeof value === "string" && value !== "" ? value : fallback;

// ---- Reading a verified event ----
// The signature says who sent the event, not that what it says is a payment this API could have
// taken: every field the ledger reads is held to the bounds of the API's own input. An amount is
// a safe integer of Stripe's units (12.5 and "abc" are none) that converts exactly to at most
// MAX_AMOUNT_MINOR minor units of its currency, positive for what was paid, non-negative for
// what was refunded so far; a currency is an ISO 4217 code this API knows; `created` is whole
// seconds at which a payment can have been received (src/lib/schemas.ts receivedAtOutOfBounds).
// An event outside them is `malformed`: nothing is applied.

/**
 * `amount` in Stripe's units as minor units of `currency`: exactly (Stripe states ISK and UGX with
 * two decimals that must be 00) and at most MAX_AMOUNT_MINOR; undefined when it is not.
 */
function minorUnitsOf(amount: number, currency: string): number | undefined {
  const minor = fromStripeAmount(amount, currency);
  return toStripeAmount(minor, currency) === amount && minor <= Number(MAX_AMOUNT_MINOR) ? minor : undefined;
}

/** An amount of `field`, converted (minorUnitsOf), or an issue on the field. */
function amountIn(ctx: z.RefinementCtx, field: string, amount: number, currency: string) {
  const minor = minorUnitsOf(amount, currency);
  if (minor === undefined) {
    ctx.addIssue({
      code: "custom",
      path: [field],
      input: amount,
      message: `Must be a whole number of at most ${MAX_AMOUNT_MINOR} minor units of ${currency}`,
    });
  }
  return minor;
}

/** Stripe's lower-case currency code, read upper case. */
const StripeCurrencySchema = z
  .string()
  .toUpperCase()
  .refine(isCurrency, "Must be an ISO 4217 currency code this API knows");

/** An amount in Stripe's units: a safe integer, converted once its currency is known. */
const StripeAmountSchema = z.number().int();

/** `created`: whole seconds since the epoch at which a payment can have been received. */
const StripeCreatedSchema = z
  .number()
  .int()
  .superRefine((seconds, ctx) => {
    const outOfBounds = receivedAtOutOfBounds(seconds * 1000);
    if (outOfBounds) ctx.addIssue({ code: "custom", input: seconds, message: outOfBounds });
  });

/** A Stripe id (`pi_...`), posted as the payment's `reference`: at most the API's 200 characters. */
const StripeIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,200}$/, "Must be a Stripe id: letters, digits and _, at most 200");

/** The payment intent a session, charge or dispute names: its id or the expanded object; null when none. */
const PaymentIntentRefSchema = z
  .union([StripeIdSchema, z.looseObject({ id: StripeIdSchema })])
  .nullish()
  .transform((intent) => (intent == null ? null : typeof intent === "string" ? intent : intent.id));

/** Whose the payment is, as the checkout wrote it in the metadata (a charge carries its intent's). */
const OriginSchema = z
  .looseObject({ invoice_id: z.string().optional(), organization_id: z.string().optional() })
  .nullish()
  .transform((metadata) => ({
    organizationId: stringOr(metadata?.organization_id),
    invoiceId: stringOr(metadata?.invoice_id),
  }));

/** `checkout.session.*`. */
const SessionSchema = z
  .looseObject({
    payment_status: z.string().nullish(),
    payment_intent: PaymentIntentRefSchema,
    amount_total: StripeAmountSchema.positive(),
    currency: StripeCurrencySchema,
    client_reference_id: z.string().nullish(),
    metadata: OriginSchema,
  })
  .transform((session, ctx) => {
    const amountMinor = amountIn(ctx, "amount_total", session.amount_total, session.currency);
    if (amountMinor === undefined) return z.NEVER;
    return { ...session, amountMinor };
  });

/** `payment_intent.*`. */
const PaymentIntentSchema = z
  .looseObject({
    id: StripeIdSchema,
    amount_received: StripeAmountSchema.positive(),
    currency: StripeCurrencySchema,
    metadata: OriginSchema,
  })
  .transform((intent, ctx) => {
    const amountMinor = amountIn(ctx, "amount_received", intent.amount_received, intent.currency);
    if (amountMinor === undefined) return z.NEVER;
    return { ...intent, amountMinor };
  });

/** `charge.*`: `amount_refunded` is the running total over all the charge's refunds. */
const ChargeSchema = z
  .looseObject({
    payment_intent: PaymentIntentRefSchema,
    refunded: z.boolean().optional(),
    amount_refunded: StripeAmountSchema.nonnegative().optional(),
    currency: StripeCurrencySchema.optional(),
    metadata: OriginSchema,
  })
  .transform((charge, ctx) => {
    // Without a currency the amount cannot be read: only a full refund is understood then.
    if (charge.amount_refunded === undefined || !charge.currency) return { ...charge, refundedMinor: null };
    const refundedMinor = amountIn(ctx, "amount_refunded", charge.amount_refunded, charge.currency);
    if (refundedMinor === undefined) return z.NEVER;
    return { ...charge, refundedMinor };
  });

/** `charge.dispute.*`: its metadata is the seller's own, not the payment's. */
const DisputeSchema = z.looseObject({
  payment_intent: PaymentIntentRefSchema,
  status: z.string().optional(),
  currency: StripeCurrencySchema.optional(),
  metadata: OriginSchema,
});

/** A payment's event: its object, and when the money was taken (now, when unsaid). */
const paymentEventOf = <T extends z.ZodType>(object: T) =>
  z.object({ created: StripeCreatedSchema.optional(), data: z.object({ object }) });

/** A refund's or dispute's event: its object, and the mode it comes from. */
const changeEventOf = <T extends z.ZodType>(object: T) =>
  z.object({ livemode: z.boolean().optional(), data: z.object({ object }) });

/** A field of the event outside its bounds: the event is read as `malformed`. */
class MalformedEvent extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** `event` read by `schema`; throws MalformedEvent naming the first field it refuses. */
function readAs<T extends z.ZodType>(schema: T, event: unknown): z.output<T> {
  const read = schema.safeParse(event);
  if (read.success) return read.data;
  const [issue] = read.error.issues;
  throw new MalformedEvent(issue?.path.join(".") || "body", issue?.message ?? "Not a Stripe event");
}

/** Reads a verified body into the ledger's event: handled types within bounds, else ignored or malformed. */
function readStripeEvent(rawBody: string): ProviderEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    event = undefined;
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    return { kind: "malformed", type: "unknown", field: "body", message: "Not a JSON object" };
  }
  const type = stringOr((event as { type?: unknown }).type, "unknown") as string;
  try {
    return eventOfType(type, event);
  } catch (error) {
    if (!(error instanceof MalformedEvent)) throw error;
    return { kind: "malformed", type, field: error.field, message: error.message };
  }
}

/** The event of a handled `type`, each read by its schema (throws MalformedEvent); others ignored. */
/** Whether a checkout session's event says it was paid (`data.object.payment_status`). */
const isPaidSession = (event: object) =>
  z.object({ data: z.object({ object: z.object({ payment_status: z.literal("paid") }) }) }).safeParse(event)
    .success;

function eventOfType(type: string, event: object): ProviderEvent {
  /** What a refund's or dispute's event says about its payment; origin null when it cannot say. */
  const change = (
    read: { livemode?: boolean; data: { object: { currency?: string } } },
    paymentId: string,
    origin: PaymentChange["origin"],
  ): PaymentChange => ({
    paymentId,
    origin,
    currency: read.data.object.currency ?? "",
    mode: read.livemode === undefined ? null : read.livemode ? "live" : "test",
  });
  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      // A delayed method (SEPA debit) completes the session unpaid: its payment comes later. An
      // unpaid session (a setup session, a free one: amount and currency null or 0) says nothing
      // this ledger reads, so its fields are not held to a payment's bounds.
      if (!isPaidSession(event)) return { kind: "ignored", type };
      const { created, data } = readAs(paymentEventOf(SessionSchema), event);
      const session = data.object;
      if (!session.payment_intent) return { kind: "ignored", type };
      return {
        kind: "payment_succeeded",
        paymentId: session.payment_intent,
        organizationId: session.metadata.organizationId,
        invoiceId: session.metadata.invoiceId ?? stringOr(session.client_reference_id),
        amountMinor: session.amountMinor,
        currency: session.currency,
        receivedAt: receivedAtOf(created),
      };
    }
    case "payment_intent.succeeded": {
      const { created, data } = readAs(paymentEventOf(PaymentIntentSchema), event);
      const intent = data.object;
      return {
        kind: "payment_succeeded",
        paymentId: intent.id,
        organizationId: intent.metadata.organizationId,
        invoiceId: intent.metadata.invoiceId,
        amountMinor: intent.amountMinor,
        currency: intent.currency,
        receivedAt: receivedAtOf(created),
      };
    }
    // `amount_refunded` is the charge's running total over all its refunds: applying a total
    // is the same whether one event or several, in any order, say it.
    case "charge.refunded": {
      const read = readAs(changeEventOf(ChargeSchema), event);
      const charge = read.data.object;
      if (!charge.payment_intent) return { kind: "ignored", type };
      // The charge carries its payment intent's metadata, copied when it was confirmed, and
      // the checkout always sets it: a charge naming no invoice is another sale, for good.
      return {
        kind: "payment_refunded",
        fully: charge.refunded === true,
        refundedMinor: charge.refundedMinor,
        ...change(read, charge.payment_intent, charge.metadata),
      };
    }
    // The money leaves when the dispute withdraws it (an inquiry opens a dispute and withdraws
    // nothing: charge.dispute.created alone is not a reversal). A dispute carries no metadata of
    // the payment (its own is the seller's, usually empty): whose the payment is, unless it says,
    // is asked of Stripe.
    case "charge.dispute.funds_withdrawn": {
      const read = readAs(changeEventOf(DisputeSchema), event);
      const dispute = read.data.object;
      if (!dispute.payment_intent) return { kind: "ignored", type };
      const origin = dispute.metadata.invoiceId ? dispute.metadata : null;
      return { kind: "payment_disputed", ...change(read, dispute.payment_intent, origin) };
    }
    // A won dispute gives the money back: Stripe sends funds_reinstated and closes the dispute
    // as won; either posts the payment again, once. A lost dispute changes nothing more.
    case "charge.dispute.funds_reinstated":
    case "charge.dispute.closed": {
      const read = readAs(changeEventOf(DisputeSchema), event);
      const dispute = read.data.object;
      if (!dispute.payment_intent || (type === "charge.dispute.closed" && dispute.status !== "won"))
        return { kind: "ignored", type };
      const origin = dispute.metadata.invoiceId ? dispute.metadata : null;
      return { kind: "payment_reinstated", ...change(read, dispute.payment_intent, origin) };
    }
    default:
      return { kind: "ignored", type };
  }
}

/** When the money was taken: Stripe's `created`, or now when the event does not say. */
const receivedAtOf = (created: number | undefined) =>
  created === undefined ? nowIso() : new Date(created * 1000).toISOString();

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

    parseEvent: readStripeEvent,

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

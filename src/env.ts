// The Worker's bindings and configuration, as declared in wrangler.toml and .dev.vars.
import type { RateLimiter } from "./durable-objects/rate-limiter";

export interface Bindings {
  /** The primary database: the directory, and the organizations placed on it. */
  DB: D1Database;
  /**
   * Comma-separated binding names of the databases organizations are placed on (`DB,DB_2`);
   * unset: `DB` alone. Each name is a `[[d1_databases]]` binding (docs/scaling.md).
   */
  TENANT_DATABASES?: string;
  DOCUMENTS: R2Bucket;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  /**
   * Test clocks' advances past the per-request cap (src/durable-objects/test-clock-advancer.ts,
   * which types it: that module imports this one).
   */
  TEST_CLOCK: DurableObjectNamespace;
  /** Workers static assets (`assets/`, filled by scripts/copy-assets.mjs): the API reference bundle. */
  ASSETS: Fetcher;
  /** base64 of 32 random bytes; root of every document key. */
  MASTER_KEY?: string;
  /** JSON `{ "v1": "...", "v2": "..." }`, with MASTER_KEY_VERSION naming the current one (rotation). */
  MASTER_KEYS?: string;
  MASTER_KEY_VERSION?: string;
  JWT_SECRET: string;
  JWT_ISSUER?: string;
  JWT_AUDIENCE?: string;
  ADMIN_TOKEN: string;
  /** "true" lets webhooks reach loopback/private addresses over plain http (local dev and tests only). */
  WEBHOOK_ALLOW_PRIVATE?: string;
  /** Comma-separated ports webhooks may target besides 443, 80 and 8443 (e.g. "9443,8080"). */
  WEBHOOK_ALLOWED_PORTS?: string;
  /** "outbox" (default) or "http". */
  EMAIL_TRANSPORT?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  /** The sender of every e-mail. Required outside local development and tests. */
  EMAIL_FROM?: string;
  /**
   * The public origin of hosted invoice links (`https://billing.example.com`). Required outside
   * local development and tests (src/lib/deployment-config.ts); there, default: the request's.
   */
  PUBLIC_BASE_URL?: string;
  /**
   * `development` or `test`: local, where PUBLIC_BASE_URL and EMAIL_FROM may be missing. Unset or
   * anything else: a deployment, which answers 503 `misconfigured` without them.
   */
  ENVIRONMENT?: string;
  /**
   * Stripe's API origin (default https://api.stripe.com): the pay button's checkout sessions and
   * the fee lookups go there. Tests point it at a local fake.
   */
  STRIPE_API_BASE?: string;
  /**
   * Recommand's API origin (default https://app.recommand.eu): the Peppol access point provider
   * organizations connect (src/services/einvoice-networks/). https outside local development and
   * tests; tests point it at a local fake on loopback.
   */
  RECOMMAND_API_BASE?: string;
  /**
   * The domain whose mail Cloudflare Email Routing hands to this Worker's `email` handler
   * (`bills.example.com`): each organization receives bills at `bills+<token>@` it
   * (src/services/inbound-email/). Unset: no organization has an inbound address.
   */
  INBOUND_EMAIL_DOMAIN?: string;
  /** "false" switches the rate limiter off (benchmarks only). */
  RATE_LIMIT_ENABLED?: string;
}

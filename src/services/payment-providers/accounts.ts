// An organization's connection to a payment provider: PUT stores the API secret key and the
// webhook signing secret sealed under the master key, GET says whether it is connected (mode and
// the key's last four, never a secret), DELETE forgets both. The pay button and the webhook open
// them through `connectedProvider`.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { masterKeySet } from "../../crypto/document-keys";
import { openProviderSecret, sealProviderSecret } from "../../crypto/provider-secrets";
import type { Db } from "../../db/client";
import { preparedRowsWhere } from "../../db/prepared";
import {
  type PaymentProviderAccount,
  type PaymentProviderName,
  paymentProviderAccounts,
} from "../../db/schema/billing";
import type { Bindings } from "../../env";
import { nowIso } from "../../lib/clock";
import { ApiError, notFound } from "../../lib/errors";
import { logError, logInfo } from "../../lib/log";
import { type RewrapPass, rewrapAllShards, rewrapWalk } from "../rewrap";
import { STRIPE_DEFAULT_API_BASE, stripeKeyMode, stripeProvider } from "./stripe";
import type { PaymentProvider } from "./types";

type ProviderEnv = Pick<Bindings, "MASTER_KEY" | "MASTER_KEYS" | "MASTER_KEY_VERSION" | "STRIPE_API_BASE">;

export interface ProviderCredentials {
  secret_key: string;
  webhook_secret: string;
}

/** What GET answers: the connection, never a secret. */
export function serializeProviderAccount(row: PaymentProviderAccount | undefined, webhookUrl: string) {
  return {
    provider: "stripe" as const,
    connected: row !== undefined,
    mode: row?.mode ?? null,
    secret_key_last4: row?.keyLast4 ?? null,
    /** Where to point the provider's webhook (the organization's own path). */
    webhook_url: webhookUrl,
    created_at: row?.createdAt ?? null,
    updated_at: row?.updatedAt ?? null,
  };
}

/** An organization's account with a payment provider (a hosted page and a checkout read it). */
const providerAccountRows = preparedRowsWhere(paymentProviderAccounts, ["organizationId", "provider"]);

export async function getProviderAccount(db: Db, organizationId: string, provider: PaymentProviderName) {
  const [row] = await providerAccountRows(db, { organizationId, provider });
  return row;
}

/** PUT: connects or replaces the organization's account; both secrets sealed in one row. */
export async function connectProvider(
  db: Db,
  env: ProviderEnv,
  organizationId: string,
  provider: PaymentProviderName,
  input: ProviderCredentials,
): Promise<PaymentProviderAccount> {
  const at = nowIso();
  let sealed: { secretKey: string; webhookSecret: string; version: string };
  try {
    const keys = masterKeySet(env);
    const key = await sealProviderSecret(keys, organizationId, provider, "secret_key", input.secret_key);
    const hook = await sealProviderSecret(
      keys,
      organizationId,
      provider,
      "webhook_secret",
      input.webhook_secret,
    );
    sealed = { secretKey: key.sealed, webhookSecret: hook.sealed, version: key.version };
  } catch (cause) {
    throw new ApiError("encryption_error", "Encrypting the provider's secrets failed", { cause });
  }
  const columns = {
    secretKey: sealed.secretKey,
    webhookSecret: sealed.webhookSecret,
    secretKeyVersion: sealed.version,
    mode: stripeKeyMode(input.secret_key),
    keyLast4: input.secret_key.slice(-4),
    updatedAt: at,
  };
  const [row] = await db
    .insert(paymentProviderAccounts)
    .values({ organizationId, provider, ...columns, createdAt: at })
    .onConflictDoUpdate({
      target: [paymentProviderAccounts.organizationId, paymentProviderAccounts.provider],
      set: columns,
    })
    .returning();
  return row as PaymentProviderAccount;
}

/** DELETE: forgets the secrets; 404 when none were stored. Payments already posted stay. */
export async function disconnectProvider(db: Db, organizationId: string, provider: PaymentProviderName) {
  const deleted = await db
    .delete(paymentProviderAccounts)
    .where(
      and(
        eq(paymentProviderAccounts.organizationId, organizationId),
        eq(paymentProviderAccounts.provider, provider),
      ),
    )
    .returning({ provider: paymentProviderAccounts.provider });
  if (deleted.length === 0) throw notFound("Payment provider connection");
}

/** The organization's provider with its secrets opened, or null when none is connected. */
export async function connectedProvider(
  db: Db,
  env: ProviderEnv,
  organizationId: string,
  provider: PaymentProviderName = "stripe",
): Promise<PaymentProvider | null> {
  const row = await getProviderAccount(db, organizationId, provider);
  if (!row) return null;
  const keys = masterKeySet(env);
  const open = (field: "secret_key" | "webhook_secret", sealed: string) =>
    openProviderSecret(keys, row.secretKeyVersion, organizationId, provider, field, sealed);
  let secretKey: string;
  let webhookSecret: string;
  try {
    [secretKey, webhookSecret] = await Promise.all([
      open("secret_key", row.secretKey),
      open("webhook_secret", row.webhookSecret),
    ]);
  } catch (cause) {
    throw new ApiError("encryption_error", "Decrypting the provider's secrets failed", { cause });
  }
  return stripeProvider({
    apiBase: env.STRIPE_API_BASE?.trim() || STRIPE_DEFAULT_API_BASE,
    secretKey,
    webhookSecret,
  });
}

/**
 * Rotation: seals again, under the current master key version, every connection's secrets that
 * are under another version, in pages walked by (organization, provider), up to `limit` rows per
 * call. The update is conditional on the stored key, so a PUT racing it is never undone.
 */
export const rewrapProviderSecrets: RewrapPass<ProviderEnv> = async (db, env, options = {}) => {
  const keys = masterKeySet(env);
  const stale = ne(paymentProviderAccounts.secretKeyVersion, keys.current);
  return rewrapWalk<PaymentProviderAccount>(db, keys, options, {
    page: (after, size, settled) =>
      db
        .select()
        .from(paymentProviderAccounts)
        .where(
          and(
            stale,
            sql`(${paymentProviderAccounts.organizationId}, ${paymentProviderAccounts.provider}) > (${after?.organizationId ?? ""}, ${after?.provider ?? ""})`,
            settled(paymentProviderAccounts.organizationId),
          ),
        )
        .orderBy(asc(paymentProviderAccounts.organizationId), asc(paymentProviderAccounts.provider))
        .limit(size),
    reseal: async (row) => {
      const open = (field: "secret_key" | "webhook_secret", sealed: string) =>
        openProviderSecret(keys, row.secretKeyVersion, row.organizationId, row.provider, field, sealed);
      const seal = (field: "secret_key" | "webhook_secret", plain: string) =>
        sealProviderSecret(keys, row.organizationId, row.provider, field, plain);
      const [key, hook] = await Promise.all([
        open("secret_key", row.secretKey).then((plain) => seal("secret_key", plain)),
        open("webhook_secret", row.webhookSecret).then((plain) => seal("webhook_secret", plain)),
      ]);
      const update = db
        .update(paymentProviderAccounts)
        .set({ secretKey: key.sealed, webhookSecret: hook.sealed, secretKeyVersion: key.version })
        .where(
          and(
            eq(paymentProviderAccounts.organizationId, row.organizationId),
            eq(paymentProviderAccounts.provider, row.provider),
            eq(paymentProviderAccounts.secretKey, row.secretKey),
          ),
        );
      return { update };
    },
    failed: (row, error) =>
      logError("payment provider secret rewrap failed", {
        organization_id: row.organizationId,
        provider: row.provider,
        error: String(error),
      }),
    remaining: () => db.$count(paymentProviderAccounts, stale),
  });
};

/** Hourly: moves up to 500 connections' secrets to the current master key version. */
export async function providerSecretRewrapSweep(env: Bindings): Promise<void> {
  const result = await rewrapAllShards(env, rewrapProviderSecrets, { limit: 500 });
  logInfo("payment provider secret rewrap", { rewrapped: result.rewrapped, remaining: result.remaining });
}

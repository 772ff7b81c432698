// Webhook signing secrets in D1: sealed under the master key on every write, opened to sign,
// and moved to the current master key version by the rewrap sweep. Rows written before secrets
// were sealed (null `secret_key_version`) hold plaintext; they keep working and are sealed by
// the first rewrap.
import { and, asc, eq, gt, isNull, ne, or, type SQL } from "drizzle-orm";
import { type MasterKeyEnv, masterKeySet } from "../../crypto/document-keys";
import { openWebhookSecret, sealWebhookSecret } from "../../crypto/webhook-secrets";
import { type WebhookEndpointRow, webhookEndpoints } from "../../db/schema/webhooks";
import type { Bindings } from "../../env";
import { ApiError } from "../../lib/errors";
import { logError, logInfo } from "../../lib/log";
import { type RewrapPass, rewrapAllShards, rewrapWalk } from "../rewrap";

type StoredSecrets = Pick<WebhookEndpointRow, "id" | "secret" | "previousSecret" | "secretKeyVersion">;

/** The columns that store an endpoint's secrets, sealed under the current master key version. */
export async function sealedSecretColumns(
  env: MasterKeyEnv,
  endpointId: string,
  secret: string,
  previousSecret: string | null,
): Promise<{ secret: string; previousSecret: string | null; secretKeyVersion: string }> {
  try {
    const keys = masterKeySet(env);
    const primary = await sealWebhookSecret(keys, endpointId, secret);
    const previous =
      previousSecret === null ? null : await sealWebhookSecret(keys, endpointId, previousSecret);
    return {
      secret: primary.sealed,
      previousSecret: previous?.sealed ?? null,
      secretKeyVersion: primary.version,
    };
  } catch (cause) {
    throw new ApiError("encryption_error", "Encrypting the webhook secret failed", { cause });
  }
}

/** The plaintext secrets of a row: sealed ones are opened, legacy plaintext ones passed through. */
export async function openSecrets(
  env: MasterKeyEnv,
  row: StoredSecrets,
): Promise<{ secret: string; previousSecret: string | null }> {
  const version = row.secretKeyVersion;
  if (version === null) return { secret: row.secret, previousSecret: row.previousSecret };
  const keys = masterKeySet(env);
  return {
    secret: await openWebhookSecret(keys, version, row.id, row.secret),
    previousSecret:
      row.previousSecret === null ? null : await openWebhookSecret(keys, version, row.id, row.previousSecret),
  };
}

/** Like `openSecrets`, as an API answer: a secret that cannot be opened is 500 `encryption_error`. */
export async function openSecretsOrFail(env: MasterKeyEnv, row: StoredSecrets) {
  try {
    return await openSecrets(env, row);
  } catch (cause) {
    throw new ApiError("encryption_error", "Decrypting the webhook secret failed", { cause });
  }
}

/**
 * Rotation: seals again, under the current master key version, every endpoint's secrets that
 * are under another version or still plaintext (legacy rows), in pages walked by id, up to
 * `limit` endpoints per call. The update is conditional on the stored secret, so a secret
 * rotation racing it is never undone.
 */
export const rewrapWebhookSecrets: RewrapPass = async (db, env, options = {}) => {
  const keys = masterKeySet(env);
  const stale = or(
    isNull(webhookEndpoints.secretKeyVersion),
    ne(webhookEndpoints.secretKeyVersion, keys.current),
  ) as SQL;
  return rewrapWalk<StoredSecrets>(db, keys, options, {
    page: (after, size, settled) =>
      db
        .select({
          id: webhookEndpoints.id,
          secret: webhookEndpoints.secret,
          previousSecret: webhookEndpoints.previousSecret,
          secretKeyVersion: webhookEndpoints.secretKeyVersion,
        })
        .from(webhookEndpoints)
        .where(and(stale, gt(webhookEndpoints.id, after?.id ?? ""), settled(webhookEndpoints.organizationId)))
        .orderBy(asc(webhookEndpoints.id))
        .limit(size),
    reseal: async (row) => {
      const open = await openSecrets(env, row);
      const sealed = await sealedSecretColumns(env, row.id, open.secret, open.previousSecret);
      const update = db
        .update(webhookEndpoints)
        .set(sealed)
        .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)));
      return { update };
    },
    failed: (row, error) =>
      logError("webhook secret rewrap failed", { endpoint_id: row.id, error: String(error) }),
    remaining: () => db.$count(webhookEndpoints, stale),
  });
};

/** Hourly: moves up to 500 endpoints' secrets to the current master key version (legacy rows included). */
export async function webhookSecretRewrapSweep(env: Bindings): Promise<void> {
  const result = await rewrapAllShards(env, rewrapWebhookSecrets, { limit: 500 });
  logInfo("webhook secret rewrap", { rewrapped: result.rewrapped, remaining: result.remaining });
}

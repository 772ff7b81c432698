// Webhook signing secrets in D1: sealed under the master key on every write, opened to sign,
// and moved to the current master key version by the rewrap sweep. Rows written before secrets
// were sealed (null `secret_key_version`) hold plaintext; they keep working and are sealed by
// the first rewrap.
import { and, asc, count, eq, gt, isNull, ne, or, type SQL } from "drizzle-orm";
import { masterKeySet } from "../../crypto/document-keys";
import { openWebhookSecret, sealWebhookSecret } from "../../crypto/webhook-secrets";
import type { Db } from "../../db/client";
import { anyOrganization } from "../../db/route";
import { type WebhookEndpointRow, webhookEndpoints } from "../../db/schema/webhooks";
import type { Bindings } from "../../env";
import { ApiError } from "../../lib/errors";
import { logError, logInfo } from "../../lib/log";
import { type RewrapOptions, rewrapAllShards } from "../rewrap";

type KeyEnv = Pick<Bindings, "MASTER_KEY" | "MASTER_KEYS" | "MASTER_KEY_VERSION">;
type StoredSecrets = Pick<WebhookEndpointRow, "id" | "secret" | "previousSecret" | "secretKeyVersion">;

/** The columns that store an endpoint's secrets, sealed under the current master key version. */
export async function sealedSecretColumns(
  env: KeyEnv,
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
  env: KeyEnv,
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
export async function openSecretsOrFail(env: KeyEnv, row: StoredSecrets) {
  try {
    return await openSecrets(env, row);
  } catch (cause) {
    throw new ApiError("encryption_error", "Decrypting the webhook secret failed", { cause });
  }
}

const REWRAP_PAGE = 50;

/**
 * Rotation: seals again, under the current master key version, every endpoint's secrets that
 * are under another version or still plaintext (legacy rows), in pages walked by id, up to
 * `limit` endpoints per call. The update is conditional on the stored secret, so a secret
 * rotation racing it is never undone.
 */
export async function rewrapWebhookSecrets(
  db: Db,
  env: KeyEnv,
  options: RewrapOptions = {},
): Promise<{ version: string; rewrapped: number; failed: number; remaining: number }> {
  const keys = masterKeySet(env);
  const limit = options.limit ?? 1000;
  const settled = options.settled ?? anyOrganization;
  const stale = or(
    isNull(webhookEndpoints.secretKeyVersion),
    ne(webhookEndpoints.secretKeyVersion, keys.current),
  ) as SQL;
  let rewrapped = 0;
  let failed = 0;
  let after = "";
  while (rewrapped + failed < limit) {
    const page = await db
      .select({
        id: webhookEndpoints.id,
        secret: webhookEndpoints.secret,
        previousSecret: webhookEndpoints.previousSecret,
        secretKeyVersion: webhookEndpoints.secretKeyVersion,
      })
      .from(webhookEndpoints)
      .where(and(stale, gt(webhookEndpoints.id, after), settled(webhookEndpoints.organizationId)))
      .orderBy(asc(webhookEndpoints.id))
      .limit(Math.min(REWRAP_PAGE, limit - rewrapped - failed));
    if (page.length === 0) break;
    for (const row of page) {
      after = row.id;
      try {
        const open = await openSecrets(env, row);
        const sealed = await sealedSecretColumns(env, row.id, open.secret, open.previousSecret);
        await db
          .update(webhookEndpoints)
          .set(sealed)
          .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)));
        rewrapped++;
      } catch (error) {
        failed++;
        logError("webhook secret rewrap failed", { endpoint_id: row.id, error: String(error) });
      }
    }
  }
  const [left] = await db.select({ n: count() }).from(webhookEndpoints).where(stale);
  return { version: keys.current, rewrapped, failed, remaining: left?.n ?? 0 };
}

/** Hourly: moves up to 500 endpoints' secrets to the current master key version (legacy rows included). */
export async function webhookSecretRewrapSweep(env: Bindings): Promise<void> {
  const result = await rewrapAllShards(env, rewrapWebhookSecrets, { limit: 500 });
  logInfo("webhook secret rewrap", { rewrapped: result.rewrapped, remaining: result.remaining });
}

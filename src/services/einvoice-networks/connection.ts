// An organization's connection to an e-invoice network: the row with its sealed credentials, and
// the provider opened from it. Sending, receiving and the sweeps reach the provider only through
// `openNetwork`, so which provider an organization uses is decided here and nowhere else.
import { masterKeySet } from "../../crypto/document-keys";
import {
  openProviderSecret,
  type ProviderSecretField,
  sealProviderSecret,
} from "../../crypto/provider-secrets";
import type { Db } from "../../db/client";
import { preparedRowsWhere } from "../../db/prepared";
import { type EInvoiceNetwork, type EInvoiceNetworkRow, einvoiceNetworks } from "../../db/schema/networks";
import type { Bindings } from "../../env";
import { ApiError } from "../../lib/errors";
import { RECOMMAND_DEFAULT_API_BASE, recommandProvider } from "./recommand";
import type { NetworkProvider } from "./types";

export type NetworkEnv = Pick<
  Bindings,
  "MASTER_KEY" | "MASTER_KEYS" | "MASTER_KEY_VERSION" | "RECOMMAND_API_BASE"
>;

/** The provider's credentials and the webhook's token, in the clear: only ever in memory. */
export interface NetworkSecrets {
  apiKeyId: string;
  apiSecret: string;
  webhookToken: string;
}

/** A connection opened: its row, its secrets and its provider. */
export interface OpenNetwork {
  row: EInvoiceNetworkRow;
  secrets: NetworkSecrets;
  provider: NetworkProvider;
}

const SEALED_FIELDS = [
  ["apiKeyId", "api_key_id"],
  ["apiSecret", "api_secret"],
  ["webhookToken", "webhook_token"],
] as const satisfies ReadonlyArray<[keyof NetworkSecrets, ProviderSecretField]>;

export async function getNetworkRow(
  db: Db,
  organizationId: string,
  network: EInvoiceNetwork = "peppol",
): Promise<EInvoiceNetworkRow | undefined> {
  const [row] = await networkRows(db, { organizationId, network });
  return row;
}

/** An organization's connection to a network (every send reads it). */
const networkRows = preparedRowsWhere(einvoiceNetworks, ["organizationId", "network"]);

/** The provider for these credentials (the only place an adapter is chosen). */
export function providerFor(
  env: NetworkEnv,
  row: Pick<EInvoiceNetworkRow, "provider">,
  secrets: NetworkSecrets,
) {
  switch (row.provider) {
    case "recommand":
      return recommandProvider({
        apiBase: env.RECOMMAND_API_BASE?.trim() || RECOMMAND_DEFAULT_API_BASE,
        apiKeyId: secrets.apiKeyId,
        apiSecret: secrets.apiSecret,
      });
  }
}

/** The three secrets sealed under the current master key, as the row's columns. */
export async function sealNetworkSecrets(
  env: NetworkEnv,
  organizationId: string,
  provider: string,
  secrets: NetworkSecrets,
): Promise<Pick<EInvoiceNetworkRow, "apiKeyId" | "apiSecret" | "webhookToken" | "secretVersion">> {
  try {
    const keys = masterKeySet(env);
    const sealed = await Promise.all(
      SEALED_FIELDS.map(([name, field]) =>
        sealProviderSecret(keys, organizationId, provider, field, secrets[name]),
      ),
    );
    const [apiKeyId, apiSecret, webhookToken] = sealed.map((s) => s.sealed) as [string, string, string];
    return { apiKeyId, apiSecret, webhookToken, secretVersion: sealed[0]?.version ?? keys.current };
  } catch (cause) {
    throw new ApiError("encryption_error", "Encrypting the network provider's credentials failed", { cause });
  }
}

/** The row's three secrets opened. */
export async function openNetworkSecrets(env: NetworkEnv, row: EInvoiceNetworkRow): Promise<NetworkSecrets> {
  try {
    const keys = masterKeySet(env);
    const opened = await Promise.all(
      SEALED_FIELDS.map(([name, field]) =>
        openProviderSecret(keys, row.secretVersion, row.organizationId, row.provider, field, row[name]),
      ),
    );
    const [apiKeyId, apiSecret, webhookToken] = opened as [string, string, string];
    return { apiKeyId, apiSecret, webhookToken };
  } catch (cause) {
    throw new ApiError("encryption_error", "Decrypting the network provider's credentials failed", { cause });
  }
}

/** The organization's network opened, or null when it has none. */
export async function openNetwork(
  db: Db,
  env: NetworkEnv,
  organizationId: string,
  network: EInvoiceNetwork = "peppol",
): Promise<OpenNetwork | null> {
  const row = await getNetworkRow(db, organizationId, network);
  if (!row) return null;
  return openRow(env, row);
}

export async function openRow(env: NetworkEnv, row: EInvoiceNetworkRow): Promise<OpenNetwork> {
  const secrets = await openNetworkSecrets(env, row);
  return { row, secrets, provider: providerFor(env, row, secrets) };
}

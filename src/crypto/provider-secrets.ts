// Providers' credentials at rest (a payment provider's API secret key and webhook signing secret,
// an e-invoice network provider's API key id and secret and its webhook's token): sealed
// text (AES-256-GCM, HKDF-SHA256 of the master key with info "payment-provider-secret"), with
// `<organization id>/<provider>/<field>` as additional data, so a sealed value copied to another
// organization's row, or from one field to the other, does not open.
import { utf8 } from "../lib/encoding";
import type { MasterKeySet } from "./document-keys";
import { openText, type SealPurpose, sealText } from "./sealed-text";

const PROVIDER_SECRET: SealPurpose = {
  salt: utf8("invoicing-api/payment-provider-secret/v1"),
  info: utf8("payment-provider-secret"),
};

export type ProviderSecretField =
  | "secret_key"
  | "webhook_secret"
  | "api_key_id"
  | "api_secret"
  | "webhook_token";

const ownerOf = (organizationId: string, provider: string, field: ProviderSecretField) =>
  `${organizationId}/${provider}/${field}`;

export function sealProviderSecret(
  set: MasterKeySet,
  organizationId: string,
  provider: string,
  field: ProviderSecretField,
  secret: string,
): Promise<{ sealed: string; version: string }> {
  return sealText(set, PROVIDER_SECRET, ownerOf(organizationId, provider, field), secret);
}

export function openProviderSecret(
  set: MasterKeySet,
  version: string,
  organizationId: string,
  provider: string,
  field: ProviderSecretField,
  sealed: string,
): Promise<string> {
  return openText(set, PROVIDER_SECRET, version, ownerOf(organizationId, provider, field), sealed);
}

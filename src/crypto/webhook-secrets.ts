// Webhook signing secrets at rest: sealed text (AES-256-GCM, HKDF-SHA256 of the master key with
// info "webhook-secret") with the endpoint id as additional data, so a sealed secret copied to
// another endpoint's row does not open.
import { utf8 } from "../lib/encoding";
import type { MasterKeySet } from "./document-keys";
import { openText, type SealPurpose, sealText } from "./sealed-text";

/** Fixed HKDF salt and info: a key family of its own, apart from the document key-encryption keys. */
const WEBHOOK_SECRET: SealPurpose = {
  salt: utf8("invoicing-api/webhook-secret/v1"),
  info: utf8("webhook-secret"),
};

/** Seals a secret under the current master key version: base64 of nonce (12 bytes) + ciphertext + tag. */
export function sealWebhookSecret(
  set: MasterKeySet,
  endpointId: string,
  secret: string,
): Promise<{ sealed: string; version: string }> {
  return sealText(set, WEBHOOK_SECRET, endpointId, secret);
}

/** Opens a sealed secret; throws when the version's key, the endpoint id or the bytes are wrong. */
export function openWebhookSecret(
  set: MasterKeySet,
  version: string,
  endpointId: string,
  sealed: string,
): Promise<string> {
  return openText(set, WEBHOOK_SECRET, version, endpointId, sealed);
}

// Webhook signing secrets at rest: AES-256-GCM under a key derived from the master key
// (HKDF-SHA256, info "webhook-secret"), with the endpoint id as additional data, so a sealed
// secret copied to another endpoint's row does not open. WebCrypto only.
import { fromBase64, toBase64, utf8 } from "../lib/encoding";
import { KeyConfigError, type MasterKeySet } from "./document-keys";

/** Fixed HKDF salt and info: a key family of its own, apart from the document key-encryption keys. */
const SALT = utf8("invoicing-api/webhook-secret/v1");
const INFO = utf8("webhook-secret");
const NONCE_BYTES = 12;

async function secretKey(set: MasterKeySet, version: string): Promise<CryptoKey> {
  const master = set.keys.get(version);
  if (!master) throw new KeyConfigError(`no master key configured for version ${version}`);
  const ikm = await crypto.subtle.importKey("raw", master, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: SALT, info: INFO },
    ikm,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Seals a secret under the current master key version: base64 of nonce (12 bytes) + ciphertext + tag. */
export async function sealWebhookSecret(
  set: MasterKeySet,
  endpointId: string,
  secret: string,
): Promise<{ sealed: string; version: string }> {
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv: nonce, additionalData: utf8(endpointId) },
    await secretKey(set, set.current),
    utf8(secret),
  );
  const sealed = new Uint8Array(NONCE_BYTES + ciphertext.byteLength);
  sealed.set(nonce);
  sealed.set(new Uint8Array(ciphertext), NONCE_BYTES);
  return { sealed: toBase64(sealed), version: set.current };
}

/** Opens a sealed secret; throws when the version's key, the endpoint id or the bytes are wrong. */
export async function openWebhookSecret(
  set: MasterKeySet,
  version: string,
  endpointId: string,
  sealed: string,
): Promise<string> {
  const bytes = fromBase64(sealed);
  const plaintext = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.subarray(0, NONCE_BYTES), additionalData: utf8(endpointId) },
    await secretKey(set, version),
    bytes.subarray(NONCE_BYTES),
  );
  return new TextDecoder().decode(plaintext);
}

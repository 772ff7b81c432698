// Short secrets at rest (webhook signing secrets, hosted-page tokens): AES-256-GCM under a key
// derived from the master key with HKDF-SHA256 (one salt and info per purpose, so each purpose
// is a key family of its own), and the owning record's id as additional data, so a sealed value
// copied to another row does not open. WebCrypto only.
import { fromBase64, toBase64, utf8 } from "../lib/encoding";
import { KeyConfigError, type MasterKeySet } from "./document-keys";

export interface SealPurpose {
  salt: Uint8Array<ArrayBuffer>;
  info: Uint8Array<ArrayBuffer>;
}

const NONCE_BYTES = 12;

async function purposeKey(set: MasterKeySet, version: string, purpose: SealPurpose): Promise<CryptoKey> {
  const master = set.keys.get(version);
  if (!master) throw new KeyConfigError(`no master key configured for version ${version}`);
  const ikm = await crypto.subtle.importKey("raw", master, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: purpose.salt, info: purpose.info },
    ikm,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Seals text under the current master key version: base64 of nonce (12 bytes) + ciphertext + tag. */
export async function sealText(
  set: MasterKeySet,
  purpose: SealPurpose,
  ownerId: string,
  text: string,
): Promise<{ sealed: string; version: string }> {
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv: nonce, additionalData: utf8(ownerId) },
    await purposeKey(set, set.current, purpose),
    utf8(text),
  );
  const sealed = new Uint8Array(NONCE_BYTES + ciphertext.byteLength);
  sealed.set(nonce);
  sealed.set(new Uint8Array(ciphertext), NONCE_BYTES);
  return { sealed: toBase64(sealed), version: set.current };
}

/** Opens sealed text; throws when the version's key, the owner id or the bytes are wrong. */
export async function openText(
  set: MasterKeySet,
  purpose: SealPurpose,
  version: string,
  ownerId: string,
  sealed: string,
): Promise<string> {
  const bytes = fromBase64(sealed);
  const plaintext = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.subarray(0, NONCE_BYTES), additionalData: utf8(ownerId) },
    await purposeKey(set, version, purpose),
    bytes.subarray(NONCE_BYTES),
  );
  return new TextDecoder().decode(plaintext);
}

// Envelope keys for documents: the configured master keys (with versions, for rotation), the
// per-user key-encryption key HKDF-SHA256(master key, info = user id), and AES-KW wrapping of
// each document's random 256-bit data key. WebCrypto only.
import type { Bindings } from "../env";
import { fromBase64, utf8 } from "../lib/encoding";

/** Fixed HKDF salt: domain separation, so the master key could root other key families later. */
const KEK_SALT = utf8("invoicing-api/document-kek/v1");

export class KeyConfigError extends Error {
  override readonly name = "KeyConfigError";
}

export interface MasterKeySet {
  /** Version new data keys are wrapped with. */
  current: string;
  keys: ReadonlyMap<string, Uint8Array<ArrayBuffer>>;
}

/** The bindings that hold the master keys. */
export type MasterKeyEnv = Pick<Bindings, "MASTER_KEY" | "MASTER_KEYS" | "MASTER_KEY_VERSION">;

function decodeMasterKey(version: string, text: string): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(text.trim());
  } catch {
    throw new KeyConfigError(`master key ${version} is not base64`);
  }
  if (bytes.byteLength !== 32) throw new KeyConfigError(`master key ${version} must be 32 bytes`);
  return bytes;
}

/**
 * `MASTER_KEY` alone is version "v1". `MASTER_KEYS` (JSON `{ "v1": "...", "v2": "..." }`) adds
 * versions, and `MASTER_KEY_VERSION` names the one new keys are wrapped with.
 */
export function masterKeySet(env: MasterKeyEnv): MasterKeySet {
  const keys = new Map<string, Uint8Array<ArrayBuffer>>();
  if (env.MASTER_KEY) keys.set("v1", decodeMasterKey("v1", env.MASTER_KEY));
  if (env.MASTER_KEYS) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env.MASTER_KEYS);
    } catch {
      throw new KeyConfigError("MASTER_KEYS is not JSON");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new KeyConfigError('MASTER_KEYS must be a JSON object { "v1": "<base64>" }');
    }
    for (const [version, value] of Object.entries(parsed)) {
      if (typeof value !== "string") throw new KeyConfigError(`master key ${version} must be a string`);
      keys.set(version, decodeMasterKey(version, value));
    }
  }
  const current = env.MASTER_KEY_VERSION || "v1";
  if (!keys.has(current)) throw new KeyConfigError(`no master key configured for version ${current}`);
  return { current, keys };
}

/** The owner's key-encryption key: HKDF-SHA256(master key, salt, info = user id) as an AES-KW key. */
async function userKek(set: MasterKeySet, version: string, userId: string): Promise<CryptoKey> {
  const master = set.keys.get(version);
  if (!master) throw new KeyConfigError(`no master key configured for version ${version}`);
  const ikm = await crypto.subtle.importKey("raw", master, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: KEK_SALT, info: utf8(userId) },
    ikm,
    { name: "AES-KW", length: 256 },
    false,
    ["wrapKey", "unwrapKey"],
  );
}

/** A fresh random 256-bit AES-GCM data key (extractable only so that it can be wrapped). */
export function generateDataKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, true, [
    "encrypt",
    "decrypt",
  ]) as Promise<CryptoKey>;
}

/** Wraps the data key with the owner's key under the current master key version (RFC 3394, 40 bytes). */
export async function wrapDataKey(
  set: MasterKeySet,
  ownerId: string,
  dataKey: CryptoKey,
): Promise<{ wrapped: Uint8Array<ArrayBuffer>; version: string }> {
  const kek = await userKek(set, set.current, ownerId);
  const wrapped = new Uint8Array(await crypto.subtle.wrapKey("raw", dataKey, kek, "AES-KW"));
  return { wrapped, version: set.current };
}

/** Unwraps a data key; throws (AES-KW integrity check) when the key, owner or version is wrong. */
export async function unwrapDataKey(
  set: MasterKeySet,
  version: string,
  ownerId: string,
  wrapped: Uint8Array<ArrayBuffer>,
): Promise<CryptoKey> {
  const kek = await userKek(set, version, ownerId);
  return crypto.subtle.unwrapKey("raw", wrapped, kek, "AES-KW", { name: "AES-GCM", length: 256 }, false, [
    "decrypt",
  ]);
}

/**
 * Rotation: unwraps with the version the key was wrapped under and wraps again under the current
 * version. The data key (and so the blob) does not change.
 */
export async function rewrapDataKey(
  set: MasterKeySet,
  version: string,
  ownerId: string,
  wrapped: Uint8Array<ArrayBuffer>,
): Promise<{ wrapped: Uint8Array<ArrayBuffer>; version: string }> {
  const oldKek = await userKek(set, version, ownerId);
  const dataKey = await crypto.subtle.unwrapKey(
    "raw",
    wrapped,
    oldKek,
    "AES-KW",
    { name: "AES-GCM", length: 256 },
    true,
    ["encrypt", "decrypt"],
  );
  return wrapDataKey(set, ownerId, dataKey);
}

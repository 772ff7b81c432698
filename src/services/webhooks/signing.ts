// Standard Webhooks signing: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
// keyed by the base64-decoded part of a `whsec_` secret. During a rotation both secrets sign,
// their signatures space-separated, so receivers holding either one verify.
import { fromBase64, toBase64, utf8 } from "../../lib/encoding";

const SECRET_PREFIX = "whsec_";

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)));
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  const raw = fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/** `v1,<signature>` of one secret. */
export async function signPayload(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    utf8(`${messageId}.${timestampSeconds}.${body}`),
  );
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three Standard Webhooks headers for one attempt, signed by every secret given (primary first). */
export async function signatureHeaders(
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): Promise<Record<string, string>> {
  const signatures = await Promise.all(secrets.map((s) => signPayload(s, messageId, timestampSeconds, body)));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": signatures.join(" "),
  };
}

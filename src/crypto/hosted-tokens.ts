// Hosted-page tokens at rest: the token is sealed (AES-256-GCM, HKDF-SHA256 of the master key
// with info "hosted-invoice-token") with the invoice id as additional data, so members can read
// the invoice's hosted_url while a copy of the database alone yields no working link. Lookups go
// by the token's SHA-256, which is stored beside it.
import { utf8 } from "../lib/encoding";
import type { MasterKeySet } from "./document-keys";
import { openText, type SealPurpose, sealText } from "./sealed-text";

const HOSTED_TOKEN: SealPurpose = {
  salt: utf8("invoicing-api/hosted-invoice-token/v1"),
  info: utf8("hosted-invoice-token"),
};

/** `<master key version>:<base64 of nonce + ciphertext + tag>`. */
export async function sealHostedToken(set: MasterKeySet, invoiceId: string, token: string): Promise<string> {
  const { sealed, version } = await sealText(set, HOSTED_TOKEN, invoiceId, token);
  return `${version}:${sealed}`;
}

export function openHostedToken(set: MasterKeySet, invoiceId: string, stored: string): Promise<string> {
  const at = stored.lastIndexOf(":"); // base64 has no colon; a version name might
  return openText(set, HOSTED_TOKEN, stored.slice(0, at), invoiceId, stored.slice(at + 1));
}

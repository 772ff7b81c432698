// Identifiers. UUIDs where the interface fixes them (users, documents, projects, ...);
// prefixed opaque ids (Stripe style) for invoices, customers, products and webhooks.
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

export function uuid(): string {
  return crypto.randomUUID();
}

/** `inv_` + 24 random base36 characters (~124 bits), without modulo bias. */
export function prefixedId(prefix: string, length = 24): string {
  return `${prefix}_${randomBase36(length)}`;
}

/** `length` random characters of 0-9a-z (~5.2 bits each), without modulo bias. */
export function randomBase36(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length))) {
      // 252 = 36 * 7: bytes past it would favour the first characters.
      if (b < 252 && out.length < length) out += ALPHABET[b % 36];
    }
  }
  return out;
}

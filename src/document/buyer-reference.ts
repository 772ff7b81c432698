// The buyer reference (BT-10) a document states: its own, else the customer's standing one. The
// one place this fallback is written; snapshots, send, the API's readiness and every output read
// it from here.

const given = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

/** The document's own reference when it has one, else the customer's; null when neither has. */
export function buyerReferenceOf(
  own: string | null | undefined,
  customers: string | null | undefined,
): string | null {
  if (given(own)) return own;
  return given(customers) ? customers : null;
}

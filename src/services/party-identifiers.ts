// The one rule a party's further identifiers follow, wherever a party holds them (the
// organization's `additional_seller_identifiers`, a customer's `additional_identifiers`).
import type { PartyIdentifier } from "../db/schema/identity";
import { validationError } from "../lib/errors";

/**
 * The further identifiers to store: they follow the first, so none without it, and [] stores none
 * (null). Without the first, 422 names the first when the request cleared it, else the list.
 */
export function furtherIdentifiers(
  first: PartyIdentifier | null | undefined,
  further: readonly PartyIdentifier[] | null | undefined,
  fields: { first: string; further: string; term: string; firstCleared: boolean },
): PartyIdentifier[] | null {
  if (!further?.length) return null;
  if (!first) {
    const article = /^[aeiou]/.test(fields.first) ? "an" : "a";
    throw validationError({
      [fields.firstCleared ? fields.first : fields.further]:
        `${fields.further} need ${article} ${fields.first} (${fields.term}): give it first, or clear them`,
    });
  }
  return [...further];
}

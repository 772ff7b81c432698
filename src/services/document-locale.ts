// The language a document is written in: its own `locale`, else its customer's, else its
// organization's (the first of them the outputs speak; English when none is). Fixed as the
// document is issued: sending stores the result on the row, so a later change of the customer's
// or the organization's language never changes an issued document.
import { LOCALES, type Locale } from "../db/schema/identity";
import { DEFAULT_LOCALE } from "./organization";

const isLocale = (value: string | null | undefined): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The first supported locale of `candidates`, most specific first (document, customer, organization). */
export function documentLocale(...candidates: ReadonlyArray<string | null | undefined>): Locale {
  return candidates.find(isLocale) ?? DEFAULT_LOCALE;
}

// How a party is written on every output (PDF, hosted page, e-mails): the name it goes by and its
// postal address as lines in the order its country's post expects ("San Francisco, CA 94016";
// a UK postcode on a line of its own; "10115 Berlin"), from Google's libaddressinput formats as
// packaged by `localized-address-format` (docs/dependencies.md), and the country's name in the
// document's language, never a bare code. The e-invoices (UBL, CII) carry the codes instead.
import { formatAddress } from "localized-address-format";
import type { Locale, PostalAddress, SellerSnapshot } from "./types";

/**
 * Intl.DisplayNames per locale, built once per isolate (locale data lookups cost more than a
 * whole address). The seven document locales at most.
 */
const regionNames = new Map<Locale, Intl.DisplayNames>();

/** "Deutschland" for DE in German, "Allemagne" in French; the code itself when Intl has no name. */
export function countryName(code: string, locale: Locale): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a well-formed region code (a stored value from before validation): shown as stored.
    return code;
  }
}

const present = (part: string | null | undefined): part is string => Boolean(part?.trim());

/**
 * The address as lines: street lines, then the locality lines as the country writes them, then
 * the country's name in `locale`. Nothing entered is dropped except a region where the country's
 * post does not use one (a German "Bayern"); a postal code the country's format has no place for
 * gets a line of its own. Without a country: postal code and city on one line, as in most of Europe.
 */
export function addressLines(address: PostalAddress | null | undefined, locale: Locale): string[] {
  if (!address) return [];
  const street = [address.line1, address.line2].filter(present);
  const country = address.country?.trim().toUpperCase();
  if (!country) {
    const cityLine = [address.postal_code, address.city].filter(present).join(" ");
    return [...street, cityLine, address.region].filter(present);
  }
  // Latin script: every document language is written in it.
  const formatted = formatAddress(
    {
      postalCountry: country,
      addressLines: street,
      locality: address.city ?? "",
      postalCode: address.postal_code ?? "",
      administrativeArea: address.region ?? "",
    },
    "latin",
  ).filter(present);
  const postalCode = address.postal_code?.trim();
  const lostPostalCode = postalCode && !formatted.some((line) => line.includes(postalCode));
  return [...formatted, ...(lostPostalCode ? [postalCode] : []), countryName(country, locale)];
}

/** The name a seller signs with: its trading name when it has one. */
export const sellerDisplayName = (seller: SellerSnapshot) => seller.trading_name || seller.name;

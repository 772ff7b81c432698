// How a party is written on every output: the name it goes by and its postal address as lines
// (street, second line, postal code and city, region, country), empty parts left out.
import type { PostalAddress } from "../db/schema/identity";
import type { SellerSnapshot } from "../db/schema/invoices";

export function addressLines(address: PostalAddress | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [address.postal_code, address.city].filter(Boolean).join(" ");
  return [address.line1, address.line2, cityLine, address.region, address.country].filter(
    (part): part is string => Boolean(part),
  );
}

/** The name a seller signs with: its trading name when it has one. */
export const sellerDisplayName = (seller: SellerSnapshot) => seller.trading_name || seller.name;

// What an e-invoice (EN 16931, in UBL as Peppol BIS Billing 3.0 and in CII) needs that an invoice
// may lack, per syntax: each is held to the rules it declares (see `endpointProblem`). Keys are
// the API fields to fill in (`organization.vat_id`, `customer.address.city`,
// `items.0.tax_rate_id`), values say why. Pure: it sees the seller and buyer as the document
// states them (the snapshots of an issued invoice, or the profile and customer as they are now).
import type { PartySnapshot, SellerSnapshot } from "../../db/schema/invoices";
import type { TaxCategory } from "../../db/schema/tax-rates";
import { EAS_CODES, PEPPOL_EAS_CODES } from "../../lib/eas";
import { currencyExponent, formatMoney } from "../../lib/money";

/** EN 16931 amounts carry at most 2 decimals (BR-DEC-*). */
export const MAX_AMOUNT_DECIMALS = 2;

export interface ReadinessInput {
  currency: string;
  seller: SellerSnapshot | null;
  buyer: PartySnapshot | null;
  /** Each line's VAT category (null: the line has no tax rate) and rate x 10^4. */
  lines: readonly { category: TaxCategory | null; percentScaled?: number | null }[];
  /** The VAT breakdown (BG-23): each rate's VAT, in minor units. */
  breakdown?: readonly { category: TaxCategory | null; percent_scaled: number; tax_minor: number }[];
  buyerReference: string | null;
  purchaseOrder: string | null;
  deliveryDate: string | null;
  servicePeriod: boolean;
}

const present = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

/** A rate below 0.5% (x 10^4): BR-CO-17 reads it as 0, see `lowRateProblems`. */
const HALF_PERCENT_SCALED = 5_000;

/** The two syntaxes, each with the rules it declares. */
export const EINVOICE_SYNTAXES = ["ubl", "cii"] as const;
export type EInvoiceSyntax = (typeof EINVOICE_SYNTAXES)[number];

/**
 * Why a party's electronic address (BT-34/BT-49) cannot be written in `syntax`. The UBL declares
 * Peppol BIS 3.0: its EndpointID is required (PEPPOL-EN16931-R020 seller, R010 buyer) and its
 * scheme must be one Peppol accepts (PEPPOL-EN16931-CL008), so an e-mail alone is not one and `EM`
 * is not either. The CII declares EN 16931 alone: the address is optional, and when given its
 * scheme must be in the CEF EAS code list (BR-CL-25), which holds `EM`.
 */
function endpointProblem(
  party: "seller" | "buyer",
  address: { scheme: string } | null | undefined,
  syntax: EInvoiceSyntax,
) {
  if (syntax === "cii") {
    if (address && !EAS_CODES.has(address.scheme)) {
      return `Scheme ${address.scheme} is not in the CEF EAS code list (BR-CL-25)`;
    }
    return undefined;
  }
  const rule = party === "seller" ? "PEPPOL-EN16931-R020" : "PEPPOL-EN16931-R010";
  if (!address)
    return `The ${party}'s electronic address is required in Peppol UBL (${rule}); an e-mail address is not one`;
  if (!PEPPOL_EAS_CODES.has(address.scheme)) {
    return `Scheme ${address.scheme} is not in the EAS code list Peppol accepts (PEPPOL-EN16931-CL008)`;
  }
  return undefined;
}

/** The field to fix: the address when there is none, else its scheme. */
const endpointKey = (owner: "organization" | "customer", address: unknown) =>
  address ? `${owner}.electronic_address.scheme` : `${owner}.electronic_address`;

/**
 * BR-CO-17 checks a VAT amount against taxable x rate, except that a rate which rounds to 0
 * (below 0.5%) demands a VAT amount that rounds to 0 too: a rate of 0.25% on 1000.00 (2.50 VAT)
 * can never pass. Such a rate is named on its lines while its VAT is 0.50 or more.
 */
function lowRateProblems(input: ReadinessInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const half = 10n ** BigInt(currencyExponent(input.currency));
  for (const entry of input.breakdown ?? []) {
    const low =
      entry.category !== "O" && entry.percent_scaled > 0 && entry.percent_scaled < HALF_PERCENT_SCALED;
    if (!low || BigInt(Math.abs(entry.tax_minor)) * 2n < half) continue;
    input.lines.forEach((line, i) => {
      if (line.category === entry.category && line.percentScaled === entry.percent_scaled) {
        problems[`items.${i}.tax_rate_id`] =
          `EN 16931 (BR-CO-17) accepts a rate below 0.5% only while its VAT stays under 0.50; ` +
          `this rate's VAT is ${formatMoney(entry.tax_minor, input.currency)}`;
      }
    });
  }
  return problems;
}

/** The fields the e-invoice in `syntax` lacks, keyed by API field path; empty when it can be produced. */
export function einvoiceMissing(input: ReadinessInput, syntax: EInvoiceSyntax): Record<string, string> {
  const missing: Record<string, string> = {};
  const add = (key: string, message: string) => {
    missing[key] ??= message;
  };
  if (currencyExponent(input.currency) > MAX_AMOUNT_DECIMALS) {
    add("currency", `EN 16931 allows at most 2 decimals in amounts (BR-DEC); ${input.currency} has more`);
  }
  const categories = new Set(input.lines.map((line) => line.category));
  input.lines.forEach((line, i) => {
    if (!line.category)
      add(`items.${i}.tax_rate_id`, "Every line needs a VAT category (BR-CO-04): set a tax rate");
    else if (line.category === "O" && categories.size > 1) {
      add(
        `items.${i}.tax_rate_id`,
        "A line outside the scope of VAT (O) cannot share an invoice with other categories (BR-O-11)",
      );
    }
  });
  for (const [key, message] of Object.entries(lowRateProblems(input))) add(key, message);

  const seller = input.seller;
  if (seller) {
    const address = seller.address;
    if (!present(address?.country))
      add("organization.address.country", "The seller's country is required (BR-09)");
    if (!present(address?.city)) add("organization.address.city", "The seller's city is required");
    const endpoint = endpointProblem("seller", seller.electronic_address, syntax);
    if (endpoint) add(endpointKey("organization", seller.electronic_address), endpoint);
    const vat = present(seller.vat_id);
    const taxId = vat || present(seller.tax_registration_id);
    if (categories.has("K") || categories.has("G")) {
      if (!vat)
        add(
          "organization.vat_id",
          "Intra-community supplies and exports need the seller's VAT id (BR-IC-02, BR-G-02)",
        );
    }
    if (["S", "Z", "E", "AE", "L", "M"].some((c) => categories.has(c as TaxCategory)) && !taxId) {
      add(
        "organization.vat_id",
        "The seller's VAT id or tax registration id is required for this VAT category (BR-S-02)",
      );
    }
    if (!vat && !present(seller.company_id) && !categories.has("O")) {
      add("organization.vat_id", "The seller needs a VAT id or a company id (BR-CO-26)");
    }
  }
  // Peppol BIS holds a German seller to the national rules DE-R-*: a seller contact with phone and
  // e-mail (BG-6, BT-42, BT-43), postal codes on both sides (BT-38, BT-53) and payment
  // instructions (BG-16, here the IBAN).
  if (seller && seller.address?.country === "DE") {
    if (!present(seller.phone))
      add("organization.phone", "A German seller's contact phone is required (DE-R-002, BT-42)");
    if (!present(seller.email))
      add("organization.email", "A German seller's contact e-mail is required (DE-R-002, BT-43)");
    if (!present(seller.address?.postal_code)) {
      add("organization.address.postal_code", "A German seller's postal code is required (BT-38)");
    }
    if (!present(seller.iban))
      add("organization.iban", "A German seller must state payment instructions (DE-R-001)");
    if (input.buyer && !present(input.buyer.address?.postal_code)) {
      add("customer.address.postal_code", "The buyer's postal code is required for a German seller (BT-53)");
    }
  }
  const buyer = input.buyer;
  if (buyer) {
    if (!present(buyer.address?.country))
      add("customer.address.country", "The buyer's country is required (BR-11)");
    if (!present(buyer.address?.city)) add("customer.address.city", "The buyer's city is required");
    const endpoint = endpointProblem("buyer", buyer.electronic_address, syntax);
    if (endpoint) add(endpointKey("customer", buyer.electronic_address), endpoint);
    if ((categories.has("AE") || categories.has("K")) && !present(buyer.vat_id)) {
      add(
        "customer.vat_id",
        "Reverse charge and intra-community supplies need the buyer's VAT id (BR-AE-02, BR-IC-02)",
      );
    }
  }
  // A draft takes the customer's buyer reference at send: checked once the buyer is known.
  if (buyer && !present(input.buyerReference) && !present(input.purchaseOrder)) {
    add("buyer_reference", "A buyer reference or a purchase order is required (PEPPOL-EN16931-R003)");
  }
  if (categories.has("K") && !present(input.deliveryDate) && !input.servicePeriod) {
    add("delivery_date", "An intra-community supply needs a delivery date or a service period (BR-IC-11)");
  }
  return missing;
}

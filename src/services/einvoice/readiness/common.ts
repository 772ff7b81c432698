// What every profile's checks share: the input they read (the issued-document model, through
// `readinessInputOf`), the syntaxes and profiles, the electronic-address rule, and the items
// that carry a VAT category.
import type { PartySnapshot, SellerSnapshot } from "../../../db/schema/invoices";
import type { TaxCategory } from "../../../db/schema/tax-rates";
import type { IssuedAllowance, IssuedPayee } from "../../../document/model";
import { EAS_CODES, PEPPOL_EAS_CODES } from "../../../lib/eas";
import type { InvoiceTypeCode } from "../../../lib/type-codes";

/** EN 16931 amounts carry at most 2 decimals (BR-DEC-*). */
export const MAX_AMOUNT_DECIMALS = 2;

export interface ReadinessInput {
  currency: string;
  seller: SellerSnapshot | null;
  buyer: PartySnapshot | null;
  /**
   * Each line's VAT category (null: the line has no tax rate) and rate x 10^4; a line that stated
   * its amount (a price billed with more decimals than shown) gives its quantity, net price
   * (BT-146), base quantity (x 10^4) and amount before adjustments, in minor units.
   */
  lines: readonly {
    category: TaxCategory | null;
    percentScaled?: number | null;
    statedAmount?: { quantity: number; netPrice: string; baseQuantity: number; amountMinor: number };
  }[];
  /**
   * The document allowances and charges bound to one rate (BG-20/BG-21), held to the rules of
   * their category as lines are, each named by its field (`charges.0.tax_rate_id`). Absent: none.
   */
  adjustments?: readonly { key: string; category: TaxCategory; percentScaled: number }[];
  /**
   * The fields whose allowances or charges state a base amount without a percentage
   * (BT-93/BT-100 alone, `basesWithoutPercentage`). Absent: none.
   */
  basesWithoutPercentage?: readonly ("discounts" | "charges")[];
  /** The VAT breakdown (BG-23): each rate's VAT, in minor units, and its exemption (BT-120, BT-121). */
  breakdown?: readonly {
    category: TaxCategory | null;
    percent_scaled: number;
    tax_minor: number;
    exemption_reason?: string | null;
    exemption_reason_code?: string | null;
  }[];
  buyerReference: string | null;
  purchaseOrder: string | null;
  deliveryDate: string | null;
  servicePeriod: boolean;
  /** What the buyer is asked to pay (BT-115), in minor units. */
  payableMinor: number;
  /** The payment terms text (BT-20) as the document states it; unknown: none. */
  paymentTerms?: string | null;
  /** Whether the document states payment instructions (BG-16). */
  statesPaymentMeans: boolean;
  /** BG-10: the payee, when the invoice names one. */
  payee?: IssuedPayee | null;
  /** The payment means code the e-invoice states (BT-81, UNCL 4461); null: none. Unknown: not checked. */
  paymentMeansCode?: string | null;
  /** The BIC of the account the payment means state (BT-86); unknown: not checked. */
  paymentBic?: string | null;
  /** UNCL 1001 (BT-3); absent: 380 or 381. */
  typeCode?: InvoiceTypeCode | null;
}

/** Every identifier the seller states (BT-29 is 0..n): its seller_identifier, then the further ones. */
export const sellerIdentifiers = (seller: SellerSnapshot) => [
  ...(seller.seller_identifier ? [seller.seller_identifier] : []),
  ...(seller.additional_seller_identifiers ?? []),
];

export const present = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

/** The two syntaxes, each with the rules it declares. */
export const EINVOICE_SYNTAXES = ["ubl", "cii"] as const;
export type EInvoiceSyntax = (typeof EINVOICE_SYNTAXES)[number];

/**
 * The rule sets an e-invoice can declare and be held to: Peppol BIS Billing 3.0 (a CIUS of
 * EN 16931, UBL only), XRechnung 3.0 (the German CIUS, UBL and CII) or EN 16931 alone.
 */
export const EINVOICE_PROFILES = ["peppol", "xrechnung", "en16931"] as const;
export type EInvoiceProfile = (typeof EINVOICE_PROFILES)[number];

/** What a syntax declares when nothing asks otherwise: the UBL Peppol BIS, the CII EN 16931. */
export const defaultProfile = (syntax: EInvoiceSyntax): EInvoiceProfile =>
  syntax === "ubl" ? "peppol" : "en16931";

/**
 * The profile a document's e-invoice in `syntax` declares and is held to: XRechnung (UBL and CII)
 * when its buyer took XRechnung at send (the buyer snapshot's `einvoice_profile`), else the
 * syntax's default. Its readiness, its archived files and the default download all follow it.
 */
export const documentProfile = (
  syntax: EInvoiceSyntax,
  buyer: Pick<PartySnapshot, "einvoice_profile"> | null | undefined,
): EInvoiceProfile => (buyer?.einvoice_profile === "xrechnung" ? "xrechnung" : defaultProfile(syntax));

/**
 * Why a party's electronic address (BT-34/BT-49) cannot be written in `profile`. Peppol BIS 3.0
 * requires the EndpointID (PEPPOL-EN16931-R020 seller, R010 buyer) and a scheme Peppol accepts
 * (PEPPOL-EN16931-CL008), so an e-mail alone is not one and `EM` is not either. EN 16931 alone
 * (the CII, or a UBL in profile `en16931`): the address is optional, and when given its scheme
 * must be in the CEF EAS code list (BR-CL-25), which holds `EM`.
 */
export function endpointProblem(
  party: "seller" | "buyer",
  address: { scheme: string } | null | undefined,
  profile: EInvoiceProfile,
) {
  if (profile !== "peppol") {
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
export const endpointKey = (owner: "organization" | "customer", address: unknown) =>
  address ? `${owner}.electronic_address.scheme` : `${owner}.electronic_address`;

/**
 * BR-O-02: a document of category O states no VAT ids (the model leaves them out), so the
 * identifiers it keeps are the ones every other rule reads.
 */
export const statesVatIds = (categories: Iterable<TaxCategory | null>) => ![...categories].includes("O");

export type Add = (key: string, message: string) => void;

/**
 * The document allowances and charges at a rate no line has (only one bound to that rate can be
 * there): the rules hold them to their category as a line. The others share a line's category
 * and rate, and that line answers for them.
 */
export function adjustmentsWithoutLines(
  lines: ReadinessInput["lines"],
  adjustments: {
    field: "discounts" | "charges";
    shares: readonly { category: TaxCategory | null; percentScaled: number }[];
  }[],
): NonNullable<ReadinessInput["adjustments"]> {
  const lineRates = new Set(lines.map((line) => `${line.category}:${line.percentScaled ?? 0}`));
  return adjustments.flatMap(({ field, shares }) =>
    shares.flatMap((share) =>
      share.category && !lineRates.has(`${share.category}:${share.percentScaled}`)
        ? [{ key: field, category: share.category, percentScaled: share.percentScaled }]
        : [],
    ),
  );
}

/** Which of the document's allowances and charges state a base without a percentage (BT-93/BT-100 alone). */
export function basesWithoutPercentage(
  adjustments: {
    field: "discounts" | "charges";
    shares: readonly Pick<IssuedAllowance, "calculation">[];
  }[],
): NonNullable<ReadinessInput["basesWithoutPercentage"]> {
  return adjustments.flatMap(({ field, shares }) =>
    shares.some(({ calculation }) => calculation && calculation.percentScaled === undefined) ? [field] : [],
  );
}

/** What carries a VAT category the rules check: the lines, then the bound allowances and charges. */
export function taxedItems(input: ReadinessInput) {
  return [
    ...input.lines.map((line, i) => ({
      key: `items.${i}.tax_rate_id`,
      category: line.category,
      percentScaled: line.percentScaled ?? null,
    })),
    ...(input.adjustments ?? []),
  ];
}

/**
 * PEPPOL-EN16931-R042: an allowance's or charge's base amount (BT-93/BT-100) goes with its
 * percentage. Peppol BIS holds it, and KoSIT merges it into XRechnung (UBL and CII).
 */
export function baseWithoutPercentageProblems(
  input: ReadinessInput,
  profile: "Peppol" | "XRechnung",
  add: Add,
) {
  for (const field of input.basesWithoutPercentage ?? []) {
    add(
      field,
      `${profile} needs the percentage beside a base amount (PEPPOL-EN16931-R042): give a percentage of ` +
        "the base, leave base_amount out, or download it with profile=en16931",
    );
  }
}

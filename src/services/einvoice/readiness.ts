// What an e-invoice (EN 16931, in UBL as Peppol BIS Billing 3.0 and in CII) needs that an invoice
// may lack, per syntax: each is held to the rules it declares (see `endpointProblem`). Keys are
// the API fields to fill in (`organization.vat_id`, `customer.address.city`,
// `items.0.tax_rate_id`), values say why. Pure: it sees the seller and buyer as the document
// states them (the snapshots of an issued invoice, or the profile and customer as they are now).
import type { PartySnapshot, SellerSnapshot } from "../../db/schema/invoices";
import type { TaxCategory } from "../../db/schema/tax-rates";
import { peppolPartyCountry, skontoProblem } from "../../document/cius";
import type { IssuedAllowance, IssuedPayee } from "../../document/model";
import { EAS_CODES, PEPPOL_EAS_CODES, peppolEndpointIdProblem } from "../../lib/eas";
import {
  currencyExponent,
  formatMoney,
  PRICE_DECIMALS,
  scaledFromText,
  withinPeppolLineSlack,
} from "../../lib/money";
import { type InvoiceTypeCode, typeCodeHas, typeCodeRow } from "../../lib/type-codes";
import { vatStatement } from "../../lib/vat-statements";
import { PEPPOL_VATEX_CATEGORY, VATEX_CODES } from "../../lib/vatex";
import { statedNames } from "../../render/einvoice/model";

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
  /** What the buyer is asked to pay (BT-115), in minor units; unknown: assumed above 0. */
  payableMinor?: number;
  /** The payment terms text (BT-20) as the document states it; unknown: none. */
  paymentTerms?: string | null;
  /** Whether the document states payment instructions (BG-16); unknown: when the seller has an IBAN. */
  statesPaymentMeans?: boolean;
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
const sellerIdentifiers = (seller: SellerSnapshot) => [
  ...(seller.seller_identifier ? [seller.seller_identifier] : []),
  ...(seller.additional_seller_identifiers ?? []),
];

const present = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

/** A rate below 0.5% (x 10^4): BR-CO-17 reads it as 0, see `lowRateProblems`. */
const HALF_PERCENT_SCALED = 5_000;

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
function endpointProblem(
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
    for (const item of taxedItems(input)) {
      if (item.category === entry.category && item.percentScaled === entry.percent_scaled) {
        problems[item.key] =
          `EN 16931 (BR-CO-17) accepts a rate below 0.5% only while its VAT stays under 0.50; ` +
          `this rate's VAT is ${formatMoney(entry.tax_minor, input.currency)}`;
      }
    }
  }
  return problems;
}

/**
 * BR-O-02: a document of category O states no VAT ids (the model leaves them out), so the
 * identifiers it keeps are the ones every other rule reads.
 */
export const statesVatIds = (categories: Iterable<TaxCategory | null>) => ![...categories].includes("O");

type Add = (key: string, message: string) => void;

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
function taxedItems(input: ReadinessInput) {
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
 * The exemption code each breakdown entry states (the model's `vatStatement`), checked against
 * the VATEX list (BR-CL-22) and, in the Peppol profile, Peppol's binding of codes to categories; named on
 * the lines of that rate.
 */
function exemptionCodeProblems(input: ReadinessInput, profile: EInvoiceProfile, add: Add) {
  for (const entry of input.breakdown ?? []) {
    const code = vatStatement(
      {
        category: entry.category,
        exemption_reason: entry.exemption_reason ?? null,
        exemption_reason_code: entry.exemption_reason_code ?? null,
      },
      "en",
    )?.code;
    if (!code) continue;
    const bound = PEPPOL_VATEX_CATEGORY[code];
    // A binding of Peppol's own (PEPPOL-EN16931-P0104..P0111): XRechnung does not merge those rules.
    const problem = !VATEX_CODES.has(code)
      ? `${code} is not in the VATEX code list (BR-CL-22)`
      : profile === "peppol" && bound && bound !== entry.category
        ? `${code} belongs to category ${bound}, this rate is ${entry.category} (PEPPOL-EN16931-P0104..P0111)`
        : null;
    if (!problem) continue;
    for (const item of taxedItems(input)) {
      if (item.category === entry.category && (item.percentScaled ?? 0) === entry.percent_scaled) {
        add(item.key, `The rate's exemption code: ${problem}`);
      }
    }
  }
}

/** EN 16931 (every profile): what the core rules need of the lines, the parties and the references. */
function en16931Problems(input: ReadinessInput, categories: ReadonlySet<TaxCategory | null>, add: Add) {
  if (currencyExponent(input.currency) > MAX_AMOUNT_DECIMALS) {
    add("currency", `EN 16931 allows at most 2 decimals in amounts (BR-DEC); ${input.currency} has more`);
  }
  for (const item of taxedItems(input)) {
    if (!item.category) add(item.key, "Every line needs a VAT category (BR-CO-04): set a tax rate");
    else if (item.category === "O" && categories.size > 1) {
      add(
        item.key,
        "A line outside the scope of VAT (O) cannot share an invoice with other categories (BR-O-11)",
      );
    }
  }
  for (const [key, message] of Object.entries(lowRateProblems(input))) add(key, message);
  if (categories.has("B")) splitPaymentProblems(input, add);

  const seller = input.seller;
  if (seller) {
    if (!present(seller.address?.country))
      add("organization.address.country", "The seller's country is required (BR-09)");
    // The tax representative's VAT id (BT-63) stands for the seller's where the rules name both
    // (BR-S-02, BR-AE-02, BR-IC-02, BR-G-02 ...); BR-CO-26 asks for the seller's own identifiers.
    const vat = present(seller.vat_id) || present(seller.tax_representative?.vat_id);
    const taxId = vat || present(seller.tax_registration_id);
    const identified =
      present(seller.company_id) || sellerIdentifiers(seller).some((identifier) => present(identifier.id));
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
    if (!statesVatIds(categories)) {
      if (!identified) {
        add(
          "organization.company_id",
          "A document outside the scope of VAT (O) states no VAT id (BR-O-02), so the seller needs a company id or a seller identifier (BR-CO-26)",
        );
      }
      if (seller.tax_representative) {
        add(
          "organization.tax_representative",
          "A document outside the scope of VAT (O) states no VAT ids (BR-O-02), and a tax representative is stated with one (BR-56)",
        );
      }
    } else if (!present(seller.vat_id) && !identified) {
      add("organization.vat_id", "The seller needs a VAT id, a company id or a seller identifier (BR-CO-26)");
    }
  }
  const buyer = input.buyer;
  if (buyer) {
    if (!present(buyer.address?.country))
      add("customer.address.country", "The buyer's country is required (BR-11)");
    if (categories.has("K") && !present(buyer.vat_id)) {
      add("customer.vat_id", "Intra-community supplies need the buyer's VAT id (BR-IC-02)");
    }
    // Reverse charge takes the buyer's legal registration instead (BR-AE-02).
    if (categories.has("AE") && !present(buyer.vat_id) && !present(buyer.company_id)) {
      add("customer.vat_id", "Reverse charge needs the buyer's VAT id or company id (BR-AE-02)");
    }
  }
  if (categories.has("K") && !present(input.deliveryDate) && !input.servicePeriod) {
    add("delivery_date", "An intra-community supply needs a delivery date or a service period (BR-IC-11)");
  }
}

/**
 * Split payment (category B) is Italian: every country the document states is IT (BR-B-01), and
 * no standard-rated line, allowance or charge stands beside it (BR-B-02).
 */
function splitPaymentProblems(input: ReadinessInput, add: Add) {
  const domestic = "Split payment (VAT category B) is for domestic Italian invoices";
  const italian = (country: string | null | undefined) => country?.trim().toUpperCase() === "IT";
  const { seller, buyer } = input;
  if (seller && !italian(seller.address?.country))
    add("organization.address.country", `${domestic}: the seller's country must be IT (BR-B-01)`);
  const representative = seller?.tax_representative;
  if (representative && !italian(representative.address?.country))
    add(
      "organization.tax_representative.address.country",
      `${domestic}: the tax representative's country must be IT (BR-B-01)`,
    );
  if (buyer && !italian(buyer.address?.country))
    add("customer.address.country", `${domestic}: the buyer's country must be IT (BR-B-01)`);
  for (const item of taxedItems(input))
    if (item.category === "S")
      add(
        item.key,
        "A standard-rated (S) line, allowance or charge cannot share an invoice with split payment (B) (BR-B-02)",
      );
}

/**
 * BR-17: a payee (BG-10) is stated only when it is not the seller, as each syntax binds the rule.
 * UBL: its name is neither the seller's PartyName (the trading name, when stated) nor its
 * registration name (UBL-SR-19..21), and its identifier not one of the seller's. CII: its name is not the seller's name, and neither its identifier
 * stated without a scheme (`ram:ID`) nor its legal registration is the seller's.
 */
function payeeProblems(input: ReadinessInput, syntax: EInvoiceSyntax, add: Add) {
  const { payee, seller } = input;
  if (!payee || !seller) return;
  const stated = statedNames(seller);
  const payeeId = payee.identifier;
  const sellerIds = sellerIdentifiers(seller);
  const same =
    syntax === "ubl"
      ? payee.name === stated.name ||
        payee.name === stated.tradingName ||
        (!!payeeId && sellerIds.some((sellerId) => payeeId.id === sellerId.id))
      : payee.name === stated.name ||
        (!!payeeId &&
          !payeeId.scheme &&
          sellerIds.some((sellerId) => !sellerId.scheme && payeeId.id === sellerId.id)) ||
        (present(payee.company_id) && payee.company_id === seller.company_id);
  if (same) {
    add(
      "payee",
      "A payee is stated only when it is not the seller (BR-17): its name or an identifier is the seller's",
    );
  }
}

/**
 * PEPPOL-EN16931-R042: an allowance's or charge's base amount (BT-93/BT-100) goes with its
 * percentage. Peppol BIS holds it, and KoSIT merges it into XRechnung (UBL and CII).
 */
function baseWithoutPercentageProblems(input: ReadinessInput, profile: "Peppol" | "XRechnung", add: Add) {
  for (const field of input.basesWithoutPercentage ?? []) {
    add(
      field,
      `${profile} needs the percentage beside a base amount (PEPPOL-EN16931-R042): give a percentage of ` +
        "the base, leave base_amount out, or download it with profile=en16931",
    );
  }
}

/** Peppol BIS 3.0 (the profile `peppol`, UBL only): both endpoints, a buyer reference, and the national rules. */
function peppolProblems(input: ReadinessInput, categories: ReadonlySet<TaxCategory | null>, add: Add) {
  const { seller, buyer } = input;
  for (const [party, owner, snapshot] of [
    ["seller", "organization", seller],
    ["buyer", "customer", buyer],
  ] as const) {
    if (!snapshot) continue;
    const endpoint = endpointProblem(party, snapshot.electronic_address, "peppol");
    if (endpoint) add(endpointKey(owner, snapshot.electronic_address), endpoint);
    else if (snapshot.electronic_address) {
      const { scheme, id } = snapshot.electronic_address;
      const format = peppolEndpointIdProblem(scheme, id);
      if (format) add(`${owner}.electronic_address.id`, format);
    }
  }
  identifierFormatProblems(input, add);
  // A draft takes the customer's buyer reference at send: checked once the buyer is known.
  if (buyer && !present(input.buyerReference) && !present(input.purchaseOrder)) {
    add("buyer_reference", "A buyer reference or a purchase order is required (PEPPOL-EN16931-R003)");
  }
  if (seller) peppolNationalProblems(input, seller, categories, add);
  input.lines.forEach((line, i) => {
    const stated = line.statedAmount;
    if (!stated) return;
    const fits = withinPeppolLineSlack(
      BigInt(stated.quantity),
      scaledFromText(stated.netPrice, PRICE_DECIMALS) ?? 0n,
      BigInt(stated.baseQuantity),
      BigInt(stated.amountMinor),
      input.currency,
    );
    if (!fits) {
      add(
        `items.${i}.amount`,
        "In Peppol a line amount may differ from quantity x net price / base quantity by at most 0.02 (PEPPOL-EN16931-R120)",
      );
    }
  });
  const peppolTakes = input.typeCode ? typeCodeRow(input.typeCode).peppol : "taken";
  if (peppolTakes === "refused" && typeCodeHas(input.typeCode, "selfBilled")) {
    add(
      "type_code",
      "Peppol BIS Billing 3.0 has no self-billed invoice (389 is refused, PEPPOL-EN16931-P0100; Peppol " +
        "self-billing is a specification of its own): download it with profile=en16931",
    );
  }
  baseWithoutPercentageProblems(input, "Peppol", add);
  if (peppolTakes === "refused" && !typeCodeHas(input.typeCode, "selfBilled")) {
    add(
      "type_code",
      `Peppol BIS Billing 3.0 does not take type code ${input.typeCode} (PEPPOL-EN16931-P0100): ` +
        "download it with profile=en16931, or issue it as 380",
    );
  }
  const bothGerman =
    seller &&
    peppolPartyCountry({
      vatId: statesVatIds(categories) ? (seller.vat_id ?? null) : null,
      country: seller.address?.country,
    }) === "DE" &&
    buyer?.address?.country === "DE";
  if (peppolTakes === "between_german_parties" && seller && buyer && !bothGerman) {
    add(
      "type_code",
      "Peppol allows a partial (326) or corrected (384) invoice only between two German parties (PEPPOL-EN16931-P0112)",
    );
  }
}

/**
 * Peppol checks an identifier's format by its scheme wherever it stands, as an endpoint, a party
 * identifier (BT-29, BT-46, BT-60) or a legal registration (BT-30, BT-47, BT-61):
 * PEPPOL-COMMON-R040..R050 (`peppolEndpointIdProblem`).
 */
function identifierFormatProblems(input: ReadinessInput, add: Add) {
  const { seller, buyer, payee } = input;
  const check = (key: string, scheme: string | null | undefined, id: string | null | undefined) => {
    const problem = scheme && present(id) ? peppolEndpointIdProblem(scheme, id) : undefined;
    if (problem) add(key, problem);
  };
  check(
    "organization.seller_identifier.id",
    seller?.seller_identifier?.scheme,
    seller?.seller_identifier?.id,
  );
  seller?.additional_seller_identifiers?.forEach((identifier, k) => {
    check(`organization.additional_seller_identifiers.${k}.id`, identifier.scheme, identifier.id);
  });
  check("organization.company_id", seller?.company_id_scheme, seller?.company_id);
  check("customer.identifier.id", buyer?.identifier?.scheme, buyer?.identifier?.id);
  check("customer.company_id", buyer?.company_id_scheme, buyer?.company_id);
  check("payee.identifier.id", payee?.identifier?.scheme, payee?.identifier?.id);
  check("payee.company_id", payee?.company_id_scheme, payee?.company_id);
}

/** Dutch KVK (0106) or OIN (0190): the legal registration schemes NL-R-003 and NL-R-005 accept. */
const DUTCH_REGISTRATION_SCHEMES = ["0106", "0190"];

/**
 * Peppol's national rules that an invoice of this service can fail, by the seller's country
 * (DE, NL, DK, SE: its address; IT, NO: `peppolSupplierCountry`). Greece and Iceland ask for
 * identifiers and references the API does not hold: their sellers get no UBL.
 */
function peppolNationalProblems(
  input: ReadinessInput,
  seller: SellerSnapshot,
  categories: ReadonlySet<TaxCategory | null>,
  add: Add,
) {
  const buyer = input.buyer;
  const sellerCountry = seller.address?.country ?? null;
  const buyerCountry = buyer?.address?.country ?? null;
  const supplierCountry = peppolPartyCountry({
    vatId: statesVatIds(categories) ? seller.vat_id || seller.tax_representative?.vat_id || null : null,
    country: sellerCountry,
  });
  const lineKeys = (category: TaxCategory) =>
    taxedItems(input).flatMap((item) => (item.category === category ? [item.key] : []));
  // Germany, between two German parties (DE-R-*, XRechnung's BR-DE rules).
  if (sellerCountry === "DE" && buyerCountry === "DE") {
    if (!present(seller.phone))
      add("organization.phone", "A German seller's contact phone is required (DE-R-002, BT-42)");
    if (!present(seller.email))
      add("organization.email", "A German seller's contact e-mail is required (DE-R-002, BT-43)");
    if (!present(seller.address?.city))
      add("organization.address.city", "A German seller's city is required (DE-R-003)");
    if (!present(seller.address?.postal_code)) {
      add("organization.address.postal_code", "A German seller's postal code is required (DE-R-004, BT-38)");
    }
    // Payment instructions: the seller's account, or "not defined" (1) where nothing is paid to it.
    if (!(input.statesPaymentMeans ?? present(seller.iban)))
      add("organization.iban", "A German seller must state payment instructions (DE-R-001)");
    if (!present(buyer?.address?.city))
      add("customer.address.city", "The buyer's city is required between German parties (DE-R-008)");
    if (!present(buyer?.address?.postal_code)) {
      add(
        "customer.address.postal_code",
        "The buyer's postal code is required for a German seller (DE-R-009, BT-53)",
      );
    }
    if (!present(input.buyerReference)) {
      add(
        "buyer_reference",
        "A German invoice needs a buyer reference (DE-R-015, BT-10); a purchase order is not one",
      );
    }
    for (const key of lineKeys("O")) {
      add(
        key,
        "Peppol's German rules need a VAT rate in the breakdown (DE-R-014), which category O does not have",
      );
    }
    for (const key of lineKeys("K")) {
      add(
        key,
        "An intra-community supply (K) between two German parties is refused (DE-R-010: no delivery city)",
      );
    }
  }
  if (sellerCountry === "NL") {
    for (const [field, value] of [
      ["line1", seller.address?.line1],
      ["city", seller.address?.city],
      ["postal_code", seller.address?.postal_code],
    ] as const) {
      if (!present(value))
        add(
          `organization.address.${field}`,
          `A Dutch seller's street, city and postal code are required (NL-R-002)`,
        );
    }
    if (present(seller.company_id) && !DUTCH_REGISTRATION_SCHEMES.includes(seller.company_id_scheme ?? "")) {
      add(
        "organization.company_id_scheme",
        "Peppol's Dutch rules need the company id as a KVK or OIN number, scheme 0106 or 0190 (NL-R-003)",
      );
    }
    if (
      buyerCountry === "NL" &&
      present(buyer?.company_id) &&
      !DUTCH_REGISTRATION_SCHEMES.includes(buyer?.company_id_scheme ?? "")
    ) {
      add(
        "customer.company_id_scheme",
        "Peppol's Dutch rules need a Dutch buyer's company id as a KVK or OIN number, scheme 0106 or 0190 (NL-R-005)",
      );
    }
    const representative = seller.tax_representative;
    if (representative?.address?.country === "NL") {
      for (const field of ["line1", "city", "postal_code"] as const) {
        if (!present(representative.address[field]))
          add(
            `organization.tax_representative.address.${field}`,
            "A Dutch tax representative's street, city and postal code are required (NL-R-006)",
          );
      }
    }
    if (buyerCountry === "NL") {
      for (const [field, value] of [
        ["line1", buyer?.address?.line1],
        ["city", buyer?.address?.city],
        ["postal_code", buyer?.address?.postal_code],
      ] as const) {
        if (!present(value))
          add(
            `customer.address.${field}`,
            `A Dutch buyer's street, city and postal code are required (NL-R-004)`,
          );
      }
    }
    if (!present(seller.iban) && (input.payableMinor ?? 1) > 0) {
      add("organization.iban", "A Dutch seller must state payment means when the buyer pays (NL-R-007)");
    }
  }
  if (sellerCountry === "DK") {
    if (!present(seller.company_id)) {
      add("organization.company_id", "A Danish seller's CVR number is required (DK-R-002)");
    } else if (seller.company_id_scheme !== "0184") {
      add(
        "organization.company_id_scheme",
        "A Danish seller's company id is its CVR number, scheme 0184 (DK-R-014)",
      );
    }
    if (buyerCountry === "DK") {
      if (present(seller.seller_identifier?.id) && !seller.seller_identifier?.scheme) {
        add(
          "organization.seller_identifier.scheme",
          "Between Danish parties an identifier states its scheme (DK-R-013)",
        );
      }
      seller.additional_seller_identifiers?.forEach((identifier, k) => {
        if (present(identifier.id) && !identifier.scheme)
          add(
            `organization.additional_seller_identifiers.${k}.scheme`,
            "Between Danish parties an identifier states its scheme (DK-R-013)",
          );
      });
      if (present(buyer?.identifier?.id) && !buyer?.identifier?.scheme) {
        add(
          "customer.identifier.scheme",
          "Between Danish parties an identifier states its scheme (DK-R-013)",
        );
      }
      // Between Danish parties a transfer outside EUR states 42 (payment to bank account; Peppol
      // allows no 30 there, DK-R-005), which names the account's bank (DK-R-006). A document
      // issued before it did states 30, as frozen.
      if (input.paymentMeansCode === "30") {
        add(
          "currency",
          "Between Danish parties Peppol allows no payment means code 30 (DK-R-005), which this document's transfer outside EUR states",
        );
      }
      // A self-billed invoice pays into the customer's account, which has no BIC to give.
      if (
        input.paymentMeansCode === "42" &&
        !typeCodeHas(input.typeCode, "selfBilled") &&
        input.paymentBic !== undefined &&
        !present(input.paymentBic)
      ) {
        add(
          "organization.bic",
          "Between Danish parties a bank transfer states the account's bank, its BIC (DK-R-006)",
        );
      }
    }
  }
  if (sellerCountry === "SE") {
    const companyId = seller.company_id?.trim();
    if (companyId && !(/^[0-9]{10}$/.test(companyId) && !peppolEndpointIdProblem("0007", companyId))) {
      add(
        "organization.company_id",
        "A Swedish seller's company id is its organisation number: 10 digits, Luhn (SE-R-003, SE-R-004, SE-R-013)",
      );
    }
    const fSkatt = seller.tax_registration_id?.trim().toUpperCase();
    if (companyId && fSkatt && fSkatt !== "GODKÄND FÖR F-SKATT") {
      add(
        "organization.tax_registration_id",
        "A Swedish seller's tax registration states 'Godkänd för F-skatt' (SE-R-005)",
      );
    }
    if (statesVatIds(categories) && seller.vat_id?.startsWith("SE")) {
      for (const item of taxedItems(input)) {
        if (item.category === "S" && ![250_000, 120_000, 60_000].includes(item.percentScaled ?? 0)) {
          add(item.key, "A Swedish seller's standard rate is 25, 12 or 6% (SE-R-006)");
        }
      }
    }
  }
  if (supplierCountry === "IT") {
    if (present(seller.tax_registration_id) && !/^[A-Z0-9]{11,16}$/.test(seller.tax_registration_id.trim())) {
      add(
        "organization.tax_registration_id",
        "An Italian seller's tax registration id has 11 to 16 letters or digits (IT-R-001)",
      );
    }
    for (const [field, value, rule] of [
      ["line1", seller.address?.line1, "IT-R-002"],
      ["city", seller.address?.city, "IT-R-003"],
      ["postal_code", seller.address?.postal_code, "IT-R-004"],
    ] as const) {
      if (!present(value))
        add(
          `organization.address.${field}`,
          `An Italian seller's street, city and postal code are required (${rule})`,
        );
    }
  }
  if (supplierCountry === "NO" && statesVatIds(categories) && seller.vat_id?.startsWith("NO")) {
    const number = seller.vat_id.slice(2, 11);
    if (!/^NO[0-9]{9}MVA$/.test(seller.vat_id) || peppolEndpointIdProblem("0192", number)) {
      add(
        "organization.vat_id",
        "A Norwegian VAT id is NO, a valid organisation number (modulus 11) and MVA (NO-R-001)",
      );
    }
  }
  // The Greek rules key on the supplier country with (most) and without (GR-R-009: the seller's own
  // VAT id, else its address) the tax representative's VAT id.
  const accountingSupplierCountry = peppolPartyCountry({
    vatId: statesVatIds(categories) ? (seller.vat_id ?? null) : null,
    country: sellerCountry,
  });
  const greek = [supplierCountry, accountingSupplierCountry].some((c) => c === "GR" || c === "EL");
  if (greek || sellerCountry === "IS") {
    add(
      "organization.address.country",
      "Peppol's Greek and Icelandic rules need identifiers the e-invoice does not state (GR-R-*, IS-R-002): no UBL",
    );
  }
}

/**
 * XRechnung 3.0 (KoSIT's CIUS for German public buyers, UBL and CII): its BR-DE rules on top of
 * EN 16931, and the Peppol rules KoSIT merges into it that the service's documents can fail
 * (PEPPOL-EN16931-R010, R020: both electronic addresses, any scheme of the CEF EAS list; R042: a
 * base amount goes with its percentage). The
 * other BR-DE rules hold for every document the service writes (BR-DE-17 but for the type codes
 * it does not list, src/lib/type-codes.ts `xrechnung`, 21, 22, 26, 30, 31 and
 * the payment means rules BR-DE-19, 20, 23..25: it writes 58 or 30 with the seller's account,
 * or 1 on a credit note and on an invoice that owes back) or are advice (BR-DE-27, 28: warnings).
 */
function xrechnungProblems(input: ReadinessInput, categories: ReadonlySet<TaxCategory | null>, add: Add) {
  const { seller, buyer } = input;
  if (input.typeCode && !typeCodeRow(input.typeCode).xrechnung) {
    add(
      "type_code",
      `XRechnung does not take type code ${input.typeCode} (BR-DE-17: 326, 380, 384, 389, 381, 875, 876, 877): ` +
        "download it with profile=en16931, or issue it as 380",
    );
  }
  if (seller) {
    if (!present(seller.address?.city))
      add("organization.address.city", "XRechnung needs the seller's city (BR-DE-3, BT-37)");
    if (!present(seller.address?.postal_code))
      add("organization.address.postal_code", "XRechnung needs the seller's post code (BR-DE-4, BT-38)");
    // BG-6 is written with a phone or an e-mail; its contact point (BT-41) is the contact name,
    // else the seller's name, so it is always there (BR-DE-5).
    if (!present(seller.phone))
      add("organization.phone", "XRechnung needs the seller's contact phone (BR-DE-2, BR-DE-6, BT-42)");
    if (!present(seller.email))
      add("organization.email", "XRechnung needs the seller's contact e-mail (BR-DE-2, BR-DE-7, BT-43)");
    const stated = input.statesPaymentMeans ?? present(seller.iban);
    if (!stated)
      add("organization.iban", "XRechnung needs payment instructions: the seller's IBAN (BR-DE-1, BG-16)");
    const taxed = ["S", "Z", "E", "AE", "K", "G", "L", "M"].some((c) => categories.has(c as TaxCategory));
    if (taxed && !present(seller.vat_id) && !present(seller.tax_registration_id)) {
      add(
        "organization.vat_id",
        "XRechnung needs the seller's VAT id or tax number for this VAT category (BR-DE-16)",
      );
    }
    const endpoint = endpointProblem("seller", seller.electronic_address, "xrechnung");
    if (endpoint) add(endpointKey("organization", seller.electronic_address), endpoint);
    else if (!seller.electronic_address)
      add(
        "organization.electronic_address",
        "XRechnung 3.0 needs the seller's electronic address (BT-34, PEPPOL-EN16931-R020)",
      );
  }
  if (buyer) {
    if (!present(buyer.address?.city))
      add("customer.address.city", "XRechnung needs the buyer's city (BR-DE-8, BT-52)");
    if (!present(buyer.address?.postal_code))
      add("customer.address.postal_code", "XRechnung needs the buyer's post code (BR-DE-9, BT-53)");
    const endpoint = endpointProblem("buyer", buyer.electronic_address, "xrechnung");
    if (endpoint) add(endpointKey("customer", buyer.electronic_address), endpoint);
    else if (!buyer.electronic_address)
      add(
        "customer.electronic_address",
        "XRechnung 3.0 needs the buyer's electronic address (BT-49, PEPPOL-EN16931-R010)",
      );
    // A draft takes the customer's buyer reference at send: checked once the buyer is known.
    if (!present(input.buyerReference)) {
      add(
        "buyer_reference",
        "XRechnung needs the buyer reference, for a public buyer its Leitweg-ID (BR-DE-15, BT-10)",
      );
    }
  }
  input.lines.forEach((line, i) => {
    if (line.category === "K") {
      add(
        `items.${i}.tax_rate_id`,
        "An intra-community supply (K) states a deliver-to address with its country only; " +
          "XRechnung needs its city and post code (BR-DE-10, BR-DE-11)",
      );
    }
  });
  baseWithoutPercentageProblems(input, "XRechnung", add);
  const terms = skontoProblem(input.paymentTerms);
  if (terms) add("payment_terms", terms);
}

/**
 * The order `missing` names fields in, as it always has: the document's own data, then the
 * seller, then the buyer, then the references. Fields not listed keep their place at the end.
 */
const FIELD_ORDER = [
  "currency",
  "items.",
  "organization.address.country",
  "organization.address.city",
  "organization.address.line1",
  "organization.electronic_address",
  "organization.vat_id",
  "organization.company_id",
  "organization.company_id_scheme",
  "organization.seller_identifier",
  "organization.additional_seller_identifiers",
  "organization.tax_representative",
  "organization.tax_registration_id",
  "organization.phone",
  "organization.email",
  "organization.address.postal_code",
  "organization.iban",
  "customer.address.postal_code",
  "customer.address.country",
  "customer.address.city",
  "customer.address.line1",
  "customer.electronic_address",
  "customer.vat_id",
  "customer.identifier",
  "customer.company_id",
  "customer.company_id_scheme",
  "payee",
  "buyer_reference",
  "delivery_date",
  "payment_terms",
];

const rank = (key: string) => {
  const at = FIELD_ORDER.findIndex(
    (field) => key === field || key.startsWith(field.endsWith(".") ? field : `${field}.`),
  );
  return at < 0 ? FIELD_ORDER.length : at;
};

/**
 * The fields the e-invoice in `syntax` and `profile` (default: the syntax's own) lacks, keyed by
 * API field path; empty when it can be produced. The rules follow the profile the document
 * declares, not the syntax: a UBL in profile `en16931` is held to exactly what the CII is.
 */
export function einvoiceMissing(
  input: ReadinessInput,
  syntax: EInvoiceSyntax,
  profile: EInvoiceProfile = defaultProfile(syntax),
): Record<string, string> {
  const missing: Record<string, string> = {};
  const add = (key: string, message: string) => {
    missing[key] ??= message;
  };
  const categories = new Set(taxedItems(input).map((item) => item.category));
  en16931Problems(input, categories, add);
  payeeProblems(input, syntax, add);
  exemptionCodeProblems(input, profile, add);
  if (profile === "xrechnung") {
    xrechnungProblems(input, categories, add);
  } else if (profile === "en16931") {
    for (const [owner, snapshot] of [
      ["organization", input.seller],
      ["customer", input.buyer],
    ] as const) {
      const endpoint = snapshot && endpointProblem("seller", snapshot.electronic_address, "en16931");
      if (endpoint) add(endpointKey(owner, snapshot.electronic_address), endpoint);
    }
  } else {
    peppolProblems(input, categories, add);
  }
  // A stable sort: the lines keep their order among themselves.
  return Object.fromEntries(Object.entries(missing).sort(([a], [b]) => rank(a) - rank(b)));
}

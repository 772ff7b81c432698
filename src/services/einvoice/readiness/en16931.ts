// EN 16931, the core every profile is held to: the lines' VAT categories and rates, the parties,
// the references, split payment, the payee (BR-17) and the exemption codes.
import type { TaxCategory } from "../../../db/schema/tax-rates";
import { currencyExponent, formatMoney } from "../../../lib/money";
import { vatStatement } from "../../../lib/vat-statements";
import { PEPPOL_VATEX_CATEGORY, VATEX_CODES } from "../../../lib/vatex";
import { statedNames } from "../../../render/einvoice/model";
import {
  type Add,
  type EInvoiceProfile,
  type EInvoiceSyntax,
  MAX_AMOUNT_DECIMALS,
  present,
  type ReadinessInput,
  sellerIdentifiers,
  statesVatIds,
  taxedItems,
} from "./common";

/** A rate below 0.5% (x 10^4): BR-CO-17 reads it as 0, see `lowRateProblems`. */
const HALF_PERCENT_SCALED = 5_000;

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
 * The exemption code each breakdown entry states (the model's `vatStatement`), checked against
 * the VATEX list (BR-CL-22) and, in the Peppol profile, Peppol's binding of codes to categories; named on
 * the lines of that rate.
 */
export function exemptionCodeProblems(input: ReadinessInput, profile: EInvoiceProfile, add: Add) {
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
export function en16931Problems(
  input: ReadinessInput,
  categories: ReadonlySet<TaxCategory | null>,
  add: Add,
) {
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
export function payeeProblems(input: ReadinessInput, syntax: EInvoiceSyntax, add: Add) {
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

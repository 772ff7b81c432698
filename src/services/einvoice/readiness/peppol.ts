// Peppol BIS Billing 3.0 (the profile `peppol`, UBL only): both endpoints, the identifier
// formats, a buyer reference, the type codes it takes, and Peppol's national rules.

import type { SellerSnapshot } from "../../../db/schema/invoices";
import type { TaxCategory } from "../../../db/schema/tax-rates";
import { peppolPartyCountry } from "../../../document/cius";
import { peppolEndpointIdProblem } from "../../../lib/eas";
import { PRICE_DECIMALS, scaledFromText, withinPeppolLineSlack } from "../../../lib/money";
import { typeCodeHas, typeCodeRow } from "../../../lib/type-codes";
import {
  type Add,
  baseWithoutPercentageProblems,
  endpointKey,
  endpointProblem,
  present,
  type ReadinessInput,
  statesVatIds,
  taxedItems,
} from "./common";

/** Peppol BIS 3.0 (the profile `peppol`, UBL only): both endpoints, a buyer reference, and the national rules. */
export function peppolProblems(input: ReadinessInput, categories: ReadonlySet<TaxCategory | null>, add: Add) {
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
 * (DE, NL, DK, SE: its address; IT, NO: `peppolPartyCountry`). Greece and Iceland ask for
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
    if (!input.statesPaymentMeans)
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
    if (!present(seller.iban) && input.payableMinor > 0) {
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

// XRechnung 3.0 (the profile `xrechnung`, UBL and CII): the BR-DE rules on top of EN 16931 and
// the Peppol rules KoSIT merges into it.
import type { TaxCategory } from "../../../db/schema/tax-rates";
import { skontoProblem, xrechnungSellerTaxIdMissing } from "../../../document/cius";
import { typeCodeRow } from "../../../lib/type-codes";
import {
  type Add,
  baseWithoutPercentageProblems,
  endpointKey,
  endpointProblem,
  present,
  type ReadinessInput,
} from "./common";

/**
 * XRechnung 3.0 (KoSIT's CIUS for German public buyers, UBL and CII): its BR-DE rules on top of
 * EN 16931, and the Peppol rules KoSIT merges into it that the service's documents can fail
 * (PEPPOL-EN16931-R010, R020: both electronic addresses, any scheme of the CEF EAS list; R042: a
 * base amount goes with its percentage). The
 * other BR-DE rules hold for every document the service writes (BR-DE-17 but for the type codes
 * above, 21, 22, 26, 30, 31 and
 * the payment means rules BR-DE-19, 20, 23..25: it writes 58 or 30 with the seller's account,
 * or 1 on a credit note and on an invoice that owes back) or are advice (BR-DE-27, 28: warnings).
 */
export function xrechnungProblems(
  input: ReadinessInput,
  categories: ReadonlySet<TaxCategory | null>,
  add: Add,
) {
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
    if (!input.statesPaymentMeans)
      add("organization.iban", "XRechnung needs payment instructions: the seller's IBAN (BR-DE-1, BG-16)");
    const stated = {
      vatId: present(seller.vat_id),
      taxRegistrationId: present(seller.tax_registration_id),
      taxRepresentative: Boolean(seller.tax_representative),
    };
    if (xrechnungSellerTaxIdMissing(categories, stated)) {
      add(
        "organization.vat_id",
        "XRechnung needs the seller's VAT id or tax number, or a tax representative, for this VAT category (BR-DE-16)",
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

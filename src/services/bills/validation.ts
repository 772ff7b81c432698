// The verdict a bill carries: the EN 16931 rules and the CIUS the document declares, plus the
// bill's own warning when the document is not addressed to the organization.

import type { BillValidation } from "../../db/schema/bills";
import type { BillingProfile } from "../../db/schema/identity";
import type { ReceivedEInvoice } from "../../document/received";
import { validateReceived } from "../../document/received/validation";
import { compactId } from "./suppliers";

/** The rule id of the warning given when the buyer is not the organization. */
export const ADDRESSEE_RULE = "ADDRESSEE";

/** Identifiers compared as the same: case, spaces, dots and dashes aside. */

/**
 * Why the document does not look addressed to the organization: the buyer's VAT id (BT-48) or
 * electronic address (BT-49) differs from the organization's. Null when both agree or either
 * side does not state them.
 */
export function addresseeMismatch(received: ReceivedEInvoice, profile: BillingProfile): string | null {
  const buyer = received.document.buyer;
  if (buyer.vatId && profile.vat_id && compactId(buyer.vatId) !== compactId(profile.vat_id)) {
    return `The buyer's VAT id ${buyer.vatId} is not the organization's (${profile.vat_id})`;
  }
  const ours = profile.electronic_address;
  if (
    buyer.endpoint &&
    ours &&
    (buyer.endpoint.scheme !== ours.scheme || compactId(buyer.endpoint.id) !== compactId(ours.id))
  ) {
    return `The buyer's electronic address ${buyer.endpoint.scheme}:${buyer.endpoint.id} is not the organization's (${ours.scheme}:${ours.id})`;
  }
  return null;
}

/** The stored verdict: the document's rules, and the addressee warning when it applies. */
export function billValidation(received: ReceivedEInvoice, profile: BillingProfile): BillValidation {
  const verdict = validateReceived(received);
  const mismatch = addresseeMismatch(received, profile);
  return mismatch === null
    ? verdict
    : { ...verdict, warnings: [...verdict.warnings, { rule: ADDRESSEE_RULE, message: mismatch }] };
}

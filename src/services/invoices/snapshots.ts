// The parties as an issued invoice states them, frozen at send time (and drawn from the live
// records for a draft's PDF). Its own module: the PDF model reads it without importing sending.
import type { Customer } from "../../db/schema/customers";
import type { Organization } from "../../db/schema/identity";
import type { Invoice, PartySnapshot, SellerSnapshot } from "../../db/schema/invoices";
import { buyerReferenceOf } from "../../document/buyer-reference";
import { billingProfileOf, sellerPartyOf } from "../organization";

/** The seller as the invoice will state it: the organization's billing profile as it is now. */
export function sellerSnapshot(organization: Pick<Organization, "name" | "billingProfile">): SellerSnapshot {
  return { name: organization.name, ...billingProfileOf(organization), ...sellerPartyOf(organization) };
}

/** The buyer as the invoice will state it: the customer as it is now. */
export function buyerSnapshot(customer: Customer, invoice: Pick<Invoice, "buyerReference">): PartySnapshot {
  return {
    name: customer.name,
    email: customer.email,
    address: {
      line1: customer.addressLine1,
      line2: customer.addressLine2,
      city: customer.addressCity,
      postal_code: customer.addressPostalCode,
      region: customer.addressRegion,
      country: customer.addressCountry,
    },
    vat_id: customer.vatId,
    buyer_reference: buyerReferenceOf(invoice.buyerReference, customer.buyerReference),
    electronic_address:
      customer.electronicAddressScheme && customer.electronicAddressId
        ? { scheme: customer.electronicAddressScheme, id: customer.electronicAddressId }
        : null,
    tax_exempt: customer.taxExempt,
    // Only when set, so the snapshot of any other customer stays as it was.
    ...(customer.einvoiceProfile === "xrechnung" ? { einvoice_profile: "xrechnung" as const } : {}),
    // BT-46, BT-47: only when set, so a customer without them is snapshotted as before.
    ...(customer.identifierId
      ? { identifier: { scheme: customer.identifierScheme, id: customer.identifierId } }
      : {}),
    ...(customer.companyId
      ? { company_id: customer.companyId, company_id_scheme: customer.companyIdScheme }
      : {}),
    // The seller's contact and account of a self-billed invoice: only when set, likewise.
    ...(customer.phone ? { phone: customer.phone } : {}),
    ...(customer.iban ? { iban: customer.iban } : {}),
    // Its tax number (BT-32) and further identifiers (BT-29), as the seller of a self-billed
    // invoice: only when set, likewise.
    ...(customer.taxRegistrationId ? { tax_registration_id: customer.taxRegistrationId } : {}),
    ...(customer.additionalIdentifiers?.length
      ? { additional_identifiers: customer.additionalIdentifiers }
      : {}),
  };
}

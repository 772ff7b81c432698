// What an e-invoice (EN 16931, in UBL as Peppol BIS Billing 3.0 and in CII) needs that an invoice
// may lack, per syntax: each is held to the rules it declares (see `endpointProblem`). Keys are
// the API fields to fill in (`organization.vat_id`, `customer.address.city`,
// `items.0.tax_rate_id`), values say why. Pure: it reads the issued-document model (through
// `readinessInputOf`), the parties as the document states them: an issued one's snapshots, or the
// profile and customer as they are now in the model a draft's send would issue.
// One file per profile (en16931.ts, peppol.ts, xrechnung.ts), what they share in common.ts.
import {
  defaultProfile,
  type EInvoiceProfile,
  type EInvoiceSyntax,
  endpointKey,
  endpointProblem,
  type ReadinessInput,
  taxedItems,
} from "./common";
import { en16931Problems, exemptionCodeProblems, payeeProblems } from "./en16931";
import { peppolProblems } from "./peppol";
import { xrechnungProblems } from "./xrechnung";

export {
  adjustmentsWithoutLines,
  basesWithoutPercentage,
  defaultProfile,
  documentProfile,
  EINVOICE_PROFILES,
  EINVOICE_SYNTAXES,
  type EInvoiceProfile,
  type EInvoiceSyntax,
  type ReadinessInput,
  statesVatIds,
} from "./common";

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

// E-invoices of issued invoices and credit notes: EN 16931 in UBL 2.1 (Peppol BIS Billing 3.0,
// XRechnung 3.0, or EN 16931 alone) or UN/CEFACT CII D16B (EN 16931 or XRechnung 3.0), written
// from the issued-document model. What the model lacks for a
// syntax (readiness/) is the same check whether the API reports it or the writer refuses.

import { type IssuedDocument, isCredit } from "../../document/model";
import { conflict, validationError } from "../../lib/errors";
import { contentDisposition, downloadFilename } from "../../lib/http-files";
import { QUANTITY_SCALE } from "../../lib/money";
import { typeCodeHas } from "../../lib/type-codes";
import { renderCii } from "../../render/einvoice/cii";
import { en16931Document, paymentTermsOf, statesPaymentMeans } from "../../render/einvoice/model";
import { renderUbl } from "../../render/einvoice/ubl";
import {
  adjustmentsWithoutLines,
  basesWithoutPercentage,
  documentProfile,
  EINVOICE_SYNTAXES,
  type EInvoiceProfile,
  type EInvoiceSyntax,
  einvoiceMissing,
  type ReadinessInput,
} from "./readiness";

export {
  defaultProfile,
  documentProfile,
  EINVOICE_PROFILES,
  EINVOICE_SYNTAXES,
  type EInvoiceProfile,
  type EInvoiceSyntax,
} from "./readiness";

export interface EInvoiceFile {
  filename: string;
  xml: string;
}

/** The download: `application/xml; charset=utf-8`, attachment named after the document number. */
export function xmlResponse(file: EInvoiceFile): Response {
  return new Response(file.xml, {
    status: 200,
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": contentDisposition(file.filename),
    },
  });
}

/** What the readiness checks read of a document: its parties, lines, breakdown and references. */
export function readinessInputOf(doc: IssuedDocument): ReadinessInput {
  const lines = doc.lines.map((line) => ({
    category: line.category,
    percentScaled: line.percentScaled,
    ...(line.amountStated
      ? {
          statedAmount: {
            quantity: line.quantity,
            netPrice: line.netPrice,
            baseQuantity: line.baseQuantity ?? Number(QUANTITY_SCALE),
            // Before the line's allowance and charges, as the price gives it.
            amountMinor:
              line.netMinor +
              line.allowanceMinor -
              (line.charges ?? []).reduce((sum, charge) => sum + charge.amountMinor, 0),
          },
        }
      : {}),
  }));
  return {
    currency: doc.currency,
    seller: doc.seller,
    buyer: doc.buyer,
    lines,
    adjustments: adjustmentsWithoutLines(lines, [
      { field: "discounts", shares: doc.allowances },
      { field: "charges", shares: doc.charges ?? [] },
    ]),
    basesWithoutPercentage: basesWithoutPercentage([
      { field: "discounts", shares: doc.allowances },
      { field: "charges", shares: doc.charges ?? [] },
    ]),
    breakdown: doc.breakdown.map((entry) => ({
      category: entry.category,
      percent_scaled: entry.percentScaled,
      tax_minor: entry.taxMinor,
      exemption_reason: entry.statement?.text ?? null,
      exemption_reason_code: entry.statement?.code ?? null,
    })),
    buyerReference: doc.references.buyerReference,
    purchaseOrder: doc.references.purchaseOrder,
    deliveryDate: doc.references.deliveryDate,
    servicePeriod: doc.references.servicePeriod !== null,
    // What the document asks the buyer to pay, as issued; a credit note asks nothing of the buyer.
    payableMinor: isCredit(doc) ? 0 : doc.totals.payableMinor,
    paymentTerms: paymentTermsOf(doc),
    statesPaymentMeans: statesPaymentMeans(doc),
    payee: doc.payee ?? null,
    // The code the e-invoice states, as its writer decides it.
    paymentMeansCode: statesPaymentMeans(doc) ? (doc.payment?.meansCode ?? null) : null,
    paymentBic: statesPaymentMeans(doc) ? (doc.payment?.bic ?? null) : null,
    typeCode: doc.typeCode,
  };
}

/** The organization's fields a customer holds under another name (its seller identifiers). */
const CUSTOMER_FIELD_OF: Readonly<Record<string, string>> = {
  seller_identifier: "identifier",
  additional_seller_identifiers: "additional_identifiers",
};
const ORGANIZATION_FIELD_OF = Object.fromEntries(
  Object.entries(CUSTOMER_FIELD_OF).map(([organization, customer]) => [customer, organization]),
);

/**
 * A self-billed invoice (389) states the customer as the seller and the organization as the
 * buyer: what the seller lacks is the customer's to fill in, and the reverse. The organization's
 * seller identifiers are the customer's `identifier` and `additional_identifiers`.
 */
function partiesOf(key: string, doc: IssuedDocument): string {
  if (!typeCodeHas(doc.typeCode, "selfBilled")) return key;
  const [owner, field = "", ...rest] = key.split(".");
  const path = (name: string) => [name, ...rest].join(".");
  if (owner === "organization") return `customer.${path(CUSTOMER_FIELD_OF[field] ?? field)}`;
  if (owner === "customer") return `organization.${path(ORGANIZATION_FIELD_OF[field] ?? field)}`;
  return key;
}

/**
 * What the document's e-invoice in `syntax` lacks, keyed by API field path (the 422 details), in
 * `profile`; by default the one the document declares (XRechnung for a buyer who took it).
 */
export function documentEInvoiceMissing(
  doc: IssuedDocument,
  syntax: EInvoiceSyntax,
  profile: EInvoiceProfile = documentProfile(syntax, doc.buyer),
): Record<string, string> {
  const missing = einvoiceMissing(readinessInputOf(doc), syntax, profile);
  if (!typeCodeHas(doc.typeCode, "selfBilled")) return missing;
  return Object.fromEntries(Object.entries(missing).map(([key, why]) => [partiesOf(key, doc), why]));
}

/**
 * Whether the document's e-invoice can be produced, and what it lacks (API field paths), per
 * syntax and for both, each in the profile the document declares: a syntax is `ready` exactly
 * when its `missing` is empty (the UBL's Peppol endpoints are not asked of the CII), and the
 * document exactly when both are, `missing` listing what either lacks. Issued: its model, what GET
 * /einvoice checks. A draft: the model its send would issue, and `refusals`, what send itself
 * refuses (422), named in every syntax. `network`: what keeps the document from its buyer over
 * the network it would take (a Peppol buyer not registered there), named at the top only, the
 * syntaxes being about the XML.
 */
export function einvoiceReadiness(
  doc: IssuedDocument,
  refusals: Readonly<Record<string, string>> = {},
  network: Readonly<Record<string, string>> = {},
) {
  const of = (syntax: EInvoiceSyntax) => {
    const missing = Object.keys({ ...refusals, ...documentEInvoiceMissing(doc, syntax) });
    return { ready: missing.length === 0, missing };
  };
  const syntaxes = { ubl: of("ubl"), cii: of("cii") };
  const missing = [
    ...new Set([...EINVOICE_SYNTAXES.flatMap((syntax) => syntaxes[syntax].missing), ...Object.keys(network)]),
  ];
  return { ready: missing.length === 0, missing, syntaxes };
}

export type EInvoiceReadiness = ReturnType<typeof einvoiceReadiness>;

/**
 * The e-invoice of an issued document. A draft (or a quote): 409 `invoice_not_issued`; something
 * the profile's rules need is missing: 422 naming each field (the Peppol endpoints are asked of
 * the Peppol UBL only, XRechnung's BR-DE fields of an XRechnung only). Peppol BIS is a UBL
 * profile: a CII in it is refused (422).
 */
export function einvoiceFile(
  doc: IssuedDocument,
  syntax: EInvoiceSyntax,
  profile: EInvoiceProfile = documentProfile(syntax, doc.buyer),
): EInvoiceFile {
  if (syntax === "cii" && profile === "peppol") {
    throw validationError(
      { profile: "Peppol BIS Billing 3.0 is a UBL profile: ask for syntax=ubl, or profile=en16931" },
      "The e-invoice cannot be produced in this profile",
    );
  }
  if (doc.draft || doc.kind === "quote" || !doc.number || !doc.issueDate) {
    throw conflict("invoice_not_issued", "A draft has no e-invoice: send it first");
  }
  const missing = documentEInvoiceMissing(doc, syntax, profile);
  if (Object.keys(missing).length > 0) {
    const rules = profile === "xrechnung" ? "XRechnung" : "EN 16931";
    throw validationError(missing, `The e-invoice cannot be produced: ${rules} needs the fields in details`);
  }
  const view = en16931Document(doc, profile);
  return {
    filename: downloadFilename(`${doc.number}.xml`),
    xml:
      syntax === "cii"
        ? renderCii(view, profile === "xrechnung" ? "xrechnung" : "en16931")
        : renderUbl(view, profile),
  };
}

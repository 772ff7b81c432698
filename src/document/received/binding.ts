// What reading UBL and reading CII share but for the paths: each syntax names where it states a
// term (its binding to EN 16931), and the term is built here once.
import type { EIdentifier, ELineAdjustment, EParty, EPayee } from "../einvoice";
import type { ReceivedAllowance, ReceivedTax } from "./types";
import type { pathReader, XmlElement } from "./xml";

type Reader = ReturnType<typeof pathReader>;

/** Where a syntax states the terms of an allowance or charge, below its element. */
export interface AdjustmentPaths {
  /** "true" for a charge */
  indicator: string;
  /** BT-97, BT-104, BT-139, BT-144 */
  reason: string;
  /** BT-98, BT-105, BT-140, BT-145 */
  reasonCode: string;
  /** BT-92, BT-99, BT-136, BT-141 */
  amount: string;
  /** BT-94, BT-101, BT-138, BT-143 */
  percent: string;
  /** BT-93, BT-100, BT-137, BT-142 */
  base: string;
  /** The element of a document-level one's VAT category (BT-95, BT-102) and rate (BT-96, BT-103). */
  tax: string;
}

/** Where a syntax states a VAT category code and rate, below the element that holds them. */
export interface TaxPaths {
  category: string;
  percent: string;
}

/** The readers of the terms whose paths `paths` gives. */
export function bindingOf(read: Reader, paths: { adjustment: AdjustmentPaths; tax: TaxPaths }) {
  const a = paths.adjustment;
  const taxOf = (element: XmlElement | undefined): ReceivedTax => ({
    category: read.text(element, paths.tax.category),
    percent: read.text(element, paths.tax.percent),
  });
  const adjustmentOf = (element: XmlElement): ELineAdjustment => ({
    reason: read.text(element, a.reason),
    reasonCode: read.text(element, a.reasonCode),
    amount: read.text(element, a.amount) ?? "",
    percent: read.text(element, a.percent),
    base: read.text(element, a.base),
  });
  const isCharge = (element: XmlElement) => read.text(element, a.indicator) === "true";
  return {
    taxOf,
    /** A line's allowances (BG-27) and charges (BG-28), by their indicator. */
    lineAdjustments: (elements: XmlElement[]) => ({
      allowances: elements.filter((e) => !isCharge(e)).map(adjustmentOf),
      charges: elements.filter(isCharge).map(adjustmentOf),
    }),
    /** The document's allowances (BG-20) and charges (BG-21), each with its VAT. */
    documentAdjustments: (elements: XmlElement[]) => {
      const withTax = (element: XmlElement): ReceivedAllowance => ({
        ...adjustmentOf(element),
        tax: taxOf(read.one(element, a.tax)),
      });
      return {
        allowances: elements.filter((e) => !isCharge(e)).map(withTax),
        charges: elements.filter(isCharge).map(withTax),
      };
    },
  };
}

/** An identifier (BT-29, BT-46, BT-60) and its scheme, of the element stating it; null when it is empty. */
export const identifierOf = (element: XmlElement | undefined): EIdentifier | null =>
  element?.text ? { scheme: element.attributes.schemeID || null, id: element.text } : null;

/** A legal registration id (BT-30, BT-47, BT-61) and its scheme, of the element stating it. */
export const legalIdOf = (element: XmlElement | undefined) => ({
  companyId: element?.text || null,
  // A scheme qualifies an id: none is read without the id.
  companyIdScheme: (element?.text && element.attributes.schemeID) || null,
});

/** An electronic address (BT-34, BT-49), of the element stating it. */
export const endpointOf = (element: XmlElement | undefined): EParty["endpoint"] =>
  element?.text ? { scheme: element.attributes.schemeID ?? "", id: element.text } : null;

/** A contact point (BG-6, BG-9) when any of its terms is stated. */
export const contactOf = (
  name: string | null,
  phone: string | null,
  email: string | null,
): EParty["contact"] => (name || phone || email ? { name, email, phone } : null);

/** The payee (BG-10): its name, first identifier and legal registration id. */
export const payeeOf = (
  name: string | null,
  identifiers: EIdentifier[],
  legalId: XmlElement | undefined,
): EPayee => ({ name: name ?? "", identifier: identifiers[0] ?? null, ...legalIdOf(legalId) });

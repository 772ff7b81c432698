// Invoice-level discounts (BG-20) and charges (BG-21): an amount or a percentage, spread over
// the rates or bound to one. Errors name the field path (`discounts.0.amount`).
import type { DocumentCharge, DocumentDiscount } from "../../../db/schema/invoices";
import type { TaxRate } from "../../../db/schema/tax-rates";
import { ALLOWANCE_REASON_CODES, CHARGE_REASON_CODES } from "../../../lib/allowance-charge-codes";
import type { DocumentChargeBody, DocumentDiscountBody } from "../../../lib/document-input";
import type { LineTax } from "../totals";
import { checkReasonCode, parseBase, parseDiscount } from "./allowances";
import { lineTaxOf } from "./catalog";

/** The rate a document allowance or charge names, when usable: this organization's, not archived. */
function boundTax(
  id: string | null | undefined,
  rates: ReadonlyMap<string, TaxRate>,
  field: string,
  errors: Record<string, string>,
): LineTax | null {
  if (!id) return null;
  const rate = rates.get(id);
  if (!rate) errors[field] = "No such tax rate";
  else if (rate.archived) errors[field] = "The tax rate is archived; use a current one";
  return rate && !rate.archived ? lineTaxOf(rate) : null;
}

/**
 * What an invoice-level discount and a charge both state, parsed at `path`: the amount or
 * percentage, the reason code from its list, the rate it is bound to and the base of its
 * percentage. Undefined where the amount or percentage is refused (errors has why).
 */
function parseAdjustment(
  body: DocumentDiscountBody | DocumentChargeBody,
  path: string,
  codes: { list: ReadonlySet<string>; name: string },
  currency: string,
  errors: Record<string, string>,
  rates: ReadonlyMap<string, TaxRate>,
) {
  const given = parseDiscount(body, currency, path, errors);
  checkReasonCode(body.reason_code, codes.list, codes.name, `${path}.reason_code`, errors);
  const tax = boundTax(body.tax_rate_id, rates, `${path}.tax_rate_id`, errors);
  const base = parseBase(body, currency, path, errors, "document");
  // The base an amount was reckoned on is stated as given: of inclusive prices it would be a gross
  // base beside the net amount the e-invoice states (a percentage's base is not stated there).
  if (given?.kind === "amount" && tax?.inclusive && base.baseMinor !== undefined)
    errors[`${path}.base_amount`] = "A base_amount beside an amount needs a tax-exclusive rate";
  return given ? { given, tax, base } : undefined;
}

/**
 * Invoice-level discounts. `rates` holds the rates they name (loadCatalogFor reads them with the
 * lines'). A discount as given before reason codes and bound rates is stored exactly as before.
 */
export function parseDocumentDiscounts(
  bodies: readonly DocumentDiscountBody[],
  currency: string,
  errors: Record<string, string>,
  rates: ReadonlyMap<string, TaxRate> = new Map(),
): DocumentDiscount[] {
  const codes = { list: ALLOWANCE_REASON_CODES, name: "UNCL 5189 allowance reason" };
  return bodies.flatMap((body, index) => {
    const parsed = parseAdjustment(body, `discounts.${index}`, codes, currency, errors, rates);
    if (!parsed) return [];
    return [
      {
        description: body.description ?? null,
        discount: parsed.given,
        ...(body.reason_code ? { reasonCode: body.reason_code } : {}),
        ...(parsed.tax ? { tax: parsed.tax } : {}),
        ...parsed.base,
      },
    ];
  });
}

/** Invoice-level charges (BG-21), like discounts: an amount or a percentage, bound or spread. */
export function parseDocumentCharges(
  bodies: readonly DocumentChargeBody[],
  currency: string,
  errors: Record<string, string>,
  rates: ReadonlyMap<string, TaxRate>,
): DocumentCharge[] {
  const codes = { list: CHARGE_REASON_CODES, name: "UNCL 7161 charge reason" };
  return bodies.flatMap((body, index) => {
    const parsed = parseAdjustment(body, `charges.${index}`, codes, currency, errors, rates);
    if (!parsed) return [];
    return [
      {
        description: body.description ?? null,
        charge: parsed.given,
        reasonCode: body.reason_code ?? null,
        tax: parsed.tax,
        ...parsed.base,
      },
    ];
  });
}

/** The rate ids that document discounts and charges name. */
export function adjustmentRateIds(
  ...lists: (readonly { tax_rate_id?: string | null }[] | undefined)[]
): string[] {
  return lists.flatMap((list) => (list ?? []).flatMap((a) => (a.tax_rate_id ? [a.tax_rate_id] : [])));
}

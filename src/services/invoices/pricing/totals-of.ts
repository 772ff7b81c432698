// The totals of priced lines: the line terms checked against their rates, the totals engine
// run, and the caps on what an invoice may total.
import type { DocumentCharge, DocumentDiscount } from "../../../db/schema/invoices";
import { validationError } from "../../../lib/errors";
import { AMOUNT_TOO_LARGE, fitsAmount, fitsSignedAmount } from "../../../lib/money";
import { computeTotals, type Settlement, type Totals } from "../totals";
import { based } from "./allowances";
import { type PricedLine, pricedAmount } from "./lines";

/**
 * What the line terms need of the line's rate, however the line got it (its own, the invoice's
 * default, a new default): a tax-inclusive rate states gross prices, so price details (more
 * decimals, gross price, base quantity), line charges and correction lines need an exclusive one.
 */
function checkLineTerms(line: PricedLine, path: string, errors: Record<string, string>): void {
  // A base is stated as a positive amount: a correction line's allowances and charges are of its amount.
  if (line.quantity < 0n) {
    const bases: [string, number | undefined][] = [
      [`${path}.discount`, line.discount?.baseMinor],
      ...(line.discounts ?? []).map(
        (d, k) => [`${path}.discounts.${k}`, d.baseMinor] as [string, number | undefined],
      ),
      ...(line.charges ?? []).map(
        (c, k) => [`${path}.charges.${k}`, c.baseMinor] as [string, number | undefined],
      ),
    ];
    for (const [at, base] of bases)
      if (base !== undefined)
        errors[`${at}.base_amount`] = "A correction line (negative quantity) takes no base_amount";
  }
  if (!line.tax?.inclusive) return;
  if (line.subLines) {
    // Sub-lines state net amounts (BT-131): they add up to the line's only without VAT in it.
    errors[`${path}.tax_rate_id`] = "A line with sub_items needs a tax-exclusive rate";
  } else if (line.priceDetail?.amount !== undefined) {
    // A line that states its amount is told so at `amount`; the rate is the same fix.
    errors[`${path}.amount`] = "A stated amount needs a tax-exclusive rate";
  } else if (line.priceDetail || (line.charges?.length ?? 0) > 0) {
    errors[`${path}.tax_rate_id`] =
      "Price details (more decimals, gross price, base quantity) and line charges need a tax-exclusive rate";
  } else if ((line.discounts?.length ?? 0) > 0 || line.discount?.baseMinor !== undefined) {
    errors[`${path}.tax_rate_id`] =
      "Several line discounts and a discount's base_amount need a tax-exclusive rate";
  }
  if (line.quantity < 0n) {
    errors[`${path}.quantity`] = "A correction line (negative quantity) needs a tax-exclusive rate";
  }
}

/**
 * Runs the totals engine over priced lines; 422 when a discount is too large, rates are mixed,
 * or a figure passes the 15-digit cap. `field` names where a too-large figure is reported;
 * `belowZero` whether the total may be below zero (kind.ts `mayTotalBelowZero`), and where one that
 * may not is reported (absent: on the last negative line's quantity).
 */
export function totalsOf(
  lines: readonly PricedLine[],
  discounts: readonly DocumentDiscount[],
  field = "items",
  charges: readonly DocumentCharge[] = [],
  settlement?: Settlement,
  belowZero: { allowed: boolean; field?: string } = { allowed: false },
): Totals {
  const errors: Record<string, string> = {};
  lines.forEach((line, index) => {
    checkLineTerms(line, `items.${index}`, errors);
  });
  const amounts = lines.map((line, index) => {
    const amount = pricedAmount(line);
    if (!fitsSignedAmount(amount))
      errors[`items.${index}.amount`] = `The line amount is too large. ${AMOUNT_TOO_LARGE}`;
    return amount;
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const result = computeTotals(
    lines.map((line, index) => ({
      amountMinor: amounts[index] ?? 0n,
      discount: line.discount,
      tax: line.tax,
      ...(line.discounts ? { discounts: line.discounts.map((d) => based(d.discount, d.baseMinor)) } : {}),
      ...(line.charges ? { charges: line.charges.map((c) => based(c.charge, c.baseMinor)) } : {}),
    })),
    discounts,
    charges,
    settlement,
  );
  if (!result.ok) throw validationError(result.errors);
  // EN 16931 allows a negative invoice (BT-112 < 0: a correction that credits more than it bills).
  // A corrected invoice (384) states it, and owes the difference back as one prepaid above its
  // total does (kind.ts `mayTotalBelowZero`); any other invoice, a quote and a template do not: a
  // credit note gives money back.
  const owesBack = belowZero.allowed;
  if (result.totals.total < 0n && !owesBack) {
    if (belowZero.field) {
      throw validationError({
        [belowZero.field]:
          "The total is below zero: only a corrected invoice (type_code 384) may total below zero",
      });
    }
    const last = amounts.findLastIndex((amount) => amount < 0n);
    throw validationError({
      [last >= 0 ? `items.${last}.quantity` : field]:
        "The total would be below zero: correction lines may reduce it to 0 at most (issue a credit note instead)",
    });
  }
  const fitsTotal = owesBack ? fitsSignedAmount : fitsAmount;
  if (!fitsTotal(result.totals.total) || !fitsSignedAmount(result.totals.subtotal)) {
    throw validationError({ [field ?? "items"]: `The invoice total is too large. ${AMOUNT_TOO_LARGE}` });
  }
  return result.totals;
}

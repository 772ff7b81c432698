// The totals of an invoice or credit note from its lines, discounts, charges and tax rates, after
// EN 16931: line net amounts, document allowances and charges each bound to one VAT rate or split
// over the VAT breakdown pro rata, tax per breakdown entry on the sum of its net amounts rounded
// half-up (BR-CO-17), for tax-inclusive prices the cent that net + tax may miss carried in the
// rounding amount, and the amount due after a prepaid amount and cash rounding (BT-113..BT-115).
// Pure and exact: BigInt minor units throughout. docs/invoices.md works through examples.
import type {
  AdjustmentTax,
  AllowanceShare,
  DiscountInput,
  DocumentCharge,
  DocumentDiscount,
  LineAdjustmentInput,
  TaxBreakdownEntry,
  TotalsDetail,
} from "../../db/schema/invoices";
import { SPLIT_PAYMENT_CATEGORY } from "../../db/schema/tax-rates";
import { divideHalfAway } from "../../lib/money";

/** Percentages are integers x 10^4, so 100% is 10^6. */
export const PERCENT_SCALE = 1_000_000n;

/** A rate's terms as a line (or a bound allowance or charge) snapshots them: one shape for both. */
export type LineTax = AdjustmentTax;

export interface TotalsLine {
  /**
   * quantity x net price / base quantity, rounded half-up once: in the price basis (gross when
   * the rate is inclusive). Negative for a correction line.
   */
  amountMinor: bigint;
  /** The line's one discount, or null (a line with several gives `discounts`). */
  discount: LineAdjustmentInput | null;
  /** Several line discounts (BG-27 each). */
  discounts?: readonly LineAdjustmentInput[];
  /** Line charges (BG-28). Each allowance and charge: an amount, or a percentage of its base or of amountMinor. */
  charges?: readonly LineAdjustmentInput[];
  /** null: no tax rate applies to the line. */
  tax: LineTax | null;
}

/** A document discount: `tax` binds it to one rate, else it is spread over the breakdown. */
export type TotalsDiscount = Pick<
  DocumentDiscount,
  "description" | "discount" | "reasonCode" | "baseMinor"
> & {
  tax?: LineTax | null;
};

/** A document charge: `tax` binds it to one rate, else it is spread over the breakdown. */
export type TotalsCharge = Pick<DocumentCharge, "description" | "charge" | "reasonCode" | "baseMinor"> & {
  tax?: LineTax | null;
};

/** What the document asks to be paid, beyond its total: BT-113 and the cash rounding behind BT-114. */
export interface Settlement {
  /** Paid before issue (BT-113), minor units. */
  prepaidMinor: bigint;
  /** The amount due is rounded to a multiple of this (minor units, e.g. 5 for 0.05 EUR); null: none. */
  cashRoundingMinor: bigint | null;
  /**
   * Whether the prepaid amount may exceed the total: the document then owes the difference back
   * (BT-115 below 0). Absent: it may not (422 on `prepaid_amount`).
   */
  mayOweBack?: boolean;
  /**
   * The rounding amount (BT-114) the caller stated, minor units: the document's rounding instead
   * of the cash rounding and the inclusive-price cent. Absent or null: none stated.
   */
  statedRoundingMinor?: bigint | null;
}

export interface LineTotals {
  /** The line's discounts: each of its several (empty with one or none), and their sum. */
  discountMinors: bigint[];
  discountMinor: bigint;
  /** Each line charge's amount, and their sum. */
  chargeMinors: bigint[];
  chargeMinor: bigint;
  /** amount - line discount + line charges (BT-131 for exclusive rates), in the price basis. */
  netMinor: bigint;
  /** The line net amount without VAT (BT-131): netMinor, or its net of VAT for inclusive rates. */
  netOfTaxMinor: bigint;
}

export interface Totals {
  lines: LineTotals[];
  subtotal: bigint;
  discountTotal: bigint;
  /** Document-level charges without VAT (BT-108). */
  chargeTotal: bigint;
  taxExclusive: bigint;
  taxTotal: bigint;
  /** BT-114: the inclusive-price cent plus the cash rounding of the amount due, or as stated. */
  rounding: bigint;
  /** taxExclusive + taxTotal + rounding: what the document totals, before anything prepaid. */
  total: bigint;
  /** BT-113 */
  prepaid: bigint;
  /** The VAT of the split-payment (category B) entries, which the buyer pays to the state. */
  splitPayment: bigint;
  /** BT-115: total - prepaid - splitPayment; below 0 when the document owes the buyer back (Settlement.mayOweBack). */
  payable: bigint;
  detail: TotalsDetail;
}

export type TotalsResult = { ok: true; totals: Totals } | { ok: false; errors: Record<string, string> };

/** a x b / c rounded half-up, for b >= 0 and c > 0; a negative a rounds as its opposite does. */
export function mulDivHalfUp(a: bigint, b: bigint, c: bigint): bigint {
  return divideHalfAway(a * b, c);
}

/** The net of a tax-inclusive amount: gross / (1 + p), half-up. */
function netOfInclusive(gross: bigint, percentScaled: number): bigint {
  return mulDivHalfUp(gross, PERCENT_SCALE, PERCENT_SCALE + BigInt(percentScaled));
}

/**
 * Splits `amount` over `weights` in proportion, exactly: each share is the floor of its exact
 * part, and the units left over go to the largest remainders (ties: the earlier weight).
 * Largest-remainder (Hamilton) apportionment: no share is off its exact part by a unit or more.
 */
export function apportion(amount: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((sum, w) => sum + w, 0n);
  if (total === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (amount * w) / total);
  const remainders = weights.map((w, i) => ({ i, r: (amount * w) % total }));
  let left = amount - shares.reduce((sum, s) => sum + s, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares;
}

function discountOf(discount: DiscountInput, basis: bigint): bigint {
  return discount.kind === "amount"
    ? BigInt(discount.value)
    : mulDivHalfUp(basis, BigInt(discount.value), PERCENT_SCALE);
}

/**
 * A line allowance or charge: a percentage of its base (BT-137/BT-142) when one was given, as a
 * document one of its base_amount, else of the line amount; or the amount given. On a correction
 * line (a negative amount) an amount takes the line's sign: it corrects the original's.
 */
function lineAdjustmentOf(adjustment: LineAdjustmentInput, lineAmount: bigint): bigint {
  const based = adjustment.baseMinor !== undefined;
  const amount = discountOf(adjustment, based ? BigInt(adjustment.baseMinor ?? 0) : lineAmount);
  return (adjustment.kind === "amount" || based) && lineAmount < 0n ? -amount : amount;
}

/**
 * Whether a document discount reverses the original's on a correction: it is bound to a rate whose
 * lines sum below zero (`ratedBasis`). Then, as on a correction line (lineAdjustmentOf), an amount
 * or a base given takes the lines' sign; a percentage of the lines has it already.
 */
function reversesCorrection(discount: Pick<TotalsDiscount, "tax">, ratedBasis: bigint): boolean {
  return Boolean(discount.tax) && ratedBasis < 0n;
}

/**
 * A document discount's amount in the price basis: of its base_amount, else of `basis` (the lines
 * at its rate when bound, else all lines); negative where it reverses a correction's.
 */
function documentDiscountOf(
  d: Pick<TotalsDiscount, "tax" | "discount" | "baseMinor">,
  basis: bigint,
): bigint {
  const based = Boolean(d.tax) && d.baseMinor !== undefined;
  const amount = discountOf(d.discount, based ? BigInt(d.baseMinor ?? 0) : basis);
  return (d.discount.kind === "amount" || based) && reversesCorrection(d, basis) ? -amount : amount;
}

/** A rate as a message names it: "S 7%", "untaxed". */
const rateText = (tax: Pick<LineTax, "category" | "percentScaled"> | null) =>
  tax ? `${tax.category} ${Number(tax.percentScaled) / 10_000}%` : "untaxed";

const magnitude = (v: bigint) => (v < 0n ? -v : v);
const NO_SETTLEMENT: Settlement = { prepaidMinor: 0n, cashRoundingMinor: null };

/** The breakdown entry a rate belongs to: one per (category, percentage). */
const keyOf = (tax: Pick<LineTax, "category" | "percentScaled"> | null) =>
  tax ? `${tax.category}:${tax.percentScaled}` : "none";

interface Group {
  key: string;
  tax: LineTax | null;
  lineIndexes: number[];
  basis: bigint;
}

/**
 * Computes every figure of the document. Errors (422 material) name the field: a line discount
 * above its line (`items.N.discount`), document discounts above the lines (`discounts`),
 * inclusive and exclusive rates on one document (`items.N.tax_rate_id`, `discounts.N.tax_rate_id`,
 * `charges.N.tax_rate_id`), a charge with nothing to spread over (`charges.N`), a prepaid amount
 * above the total where the document may not owe back (`prepaid_amount`).
 */
export function computeTotals(
  lines: readonly TotalsLine[],
  discounts: readonly TotalsDiscount[],
  charges: readonly TotalsCharge[] = [],
  settlement: Settlement = NO_SETTLEMENT,
): TotalsResult {
  const errors: Record<string, string> = {};
  const lineTotals: LineTotals[] = lines.map((line, index) => {
    const discountMinors = (line.discounts ?? []).map((d) => lineAdjustmentOf(d, line.amountMinor));
    const discountMinor = line.discount
      ? lineAdjustmentOf(line.discount, line.amountMinor)
      : discountMinors.reduce((sum, d) => sum + d, 0n);
    if (magnitude(discountMinor) > magnitude(line.amountMinor)) {
      errors[`items.${index}.${line.discount ? "discount" : "discounts"}`] = line.discount
        ? "The discount is larger than the line amount"
        : "The discounts are larger than the line amount";
    }
    const chargeMinors = (line.charges ?? []).map((c) => lineAdjustmentOf(c, line.amountMinor));
    const chargeMinor = chargeMinors.reduce((sum, c) => sum + c, 0n);
    const netMinor = line.amountMinor - discountMinor + chargeMinor;
    return { discountMinors, discountMinor, chargeMinors, chargeMinor, netMinor, netOfTaxMinor: netMinor };
  });

  const inclusiveLine = lines.findIndex((line) => line.tax?.inclusive);
  const exclusiveLine = lines.findIndex((line) => line.tax && !line.tax.inclusive);
  if (inclusiveLine >= 0 && exclusiveLine >= 0) {
    errors[`items.${Math.max(inclusiveLine, exclusiveLine)}.tax_rate_id`] =
      "Tax-inclusive and tax-exclusive rates cannot be mixed on one invoice";
  }
  // A bound allowance or charge is priced like the lines: in the same basis.
  const inclusivePrices = inclusiveLine >= 0 ? true : exclusiveLine >= 0 ? false : null;
  const checkBasis = (tax: LineTax | null | undefined, field: string) => {
    if (tax && inclusivePrices !== null && tax.inclusive !== inclusivePrices)
      errors[field] = "Tax-inclusive and tax-exclusive rates cannot be mixed on one invoice";
  };
  discounts.forEach((d, k) => {
    checkBasis(d.tax, `discounts.${k}.tax_rate_id`);
  });
  charges.forEach((c, k) => {
    checkBasis(c.tax, `charges.${k}.tax_rate_id`);
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  // One breakdown entry per (category, percentage), in order of first appearance: the lines',
  // then the rates that only a bound allowance or charge names.
  const groups: Group[] = [];
  const groupOf = (tax: LineTax | null) => {
    const key = keyOf(tax);
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = { key, tax, lineIndexes: [], basis: 0n };
      groups.push(group);
    }
    return group;
  };
  lines.forEach((line, index) => {
    const group = groupOf(line.tax);
    group.lineIndexes.push(index);
    group.basis += lineTotals[index]?.netMinor ?? 0n;
  });
  for (const adjustment of [...discounts, ...charges]) if (adjustment.tax) groupOf(adjustment.tax);
  const basis = groups.reduce((sum, g) => sum + g.basis, 0n);
  // Discounts are split pro rata over the rates and lines (apportion): weights are never negative.
  // So beside correction lines only a discount bound to a rate is taken, at a rate whose lines all
  // bill (>= 0) or whose lines sum below zero (it reverses the original's: reversesCorrection).
  const correctedRates = new Set(
    groups.filter((g) => g.lineIndexes.some((i) => (lineTotals[i]?.netMinor ?? 0n) < 0n)).map((g) => g.key),
  );
  const refused = (d: TotalsDiscount) =>
    !d.tax || (correctedRates.has(keyOf(d.tax)) && groupOf(d.tax).basis >= 0n);
  if (correctedRates.size > 0 && discounts.some(refused)) {
    return {
      ok: false,
      errors: { discounts: "Invoice discounts cannot be combined with correction lines (negative amounts)" },
    };
  }

  // A percentage is of the lines after line discounts (not compounding): of every line when the
  // discount or charge is spread, of the lines at its rate when it is bound to one (BT-93/BT-100).
  // A base given with the percentage (bound ones only) is taken as given.
  const baseOf = (a: TotalsDiscount | TotalsCharge) =>
    a.tax && a.baseMinor !== undefined ? BigInt(a.baseMinor) : a.tax ? groupOf(a.tax).basis : basis;
  const reverses = (d: TotalsDiscount) => reversesCorrection(d, d.tax ? groupOf(d.tax).basis : 0n);
  // A reversing discount's given base takes the lines' sign too (its percentage of the lines has it).
  const discountBaseOf = (d: TotalsDiscount) =>
    reverses(d) && d.baseMinor !== undefined ? -baseOf(d) : baseOf(d);
  const discountAmounts = discounts.map((d) => documentDiscountOf(d, d.tax ? groupOf(d.tax).basis : basis));
  const chargeAmounts = charges.map((c) => discountOf(c.charge, baseOf(c)));
  const spreadDiscounts = discountAmounts.reduce((sum, d, k) => (discounts[k]?.tax ? sum : sum + d), 0n);
  if (spreadDiscounts > 0n && spreadDiscounts > basis) {
    return { ok: false, errors: { discounts: "The discounts are larger than the invoice lines" } };
  }
  const corrected = lineTotals.some((line) => line.netMinor < 0n);
  charges.forEach((c, k) => {
    if (!c.tax && corrected)
      // Spread pro rata, a charge would take a negative share at a rate the corrections outweigh.
      errors[`charges.${k}.tax_rate_id`] =
        "A charge beside correction lines (negative amounts) must name its VAT rate: give tax_rate_id";
    else if (!c.tax && basis === 0n && (chargeAmounts[k] ?? 0n) > 0n)
      errors[`charges.${k}`] =
        "A charge without tax_rate_id is spread over the lines' VAT rates, and the lines total 0: give tax_rate_id";
  });
  // A bound percentage is of the lines at its rate; where no line has that rate it needs a base.
  const unbased = (tax: LineTax | null | undefined, given: DiscountInput, baseMinor: number | undefined) =>
    Boolean(tax) &&
    baseMinor === undefined &&
    given.kind === "percentage" &&
    groupOf(tax ?? null).lineIndexes.length === 0;
  discounts.forEach((d, k) => {
    if (unbased(d.tax, d.discount, d.baseMinor))
      errors[`discounts.${k}.base_amount`] =
        "No line has this VAT rate: a percentage at it needs base_amount";
  });
  charges.forEach((c, k) => {
    if (unbased(c.tax, c.charge, c.baseMinor))
      errors[`charges.${k}.base_amount`] = "No line has this VAT rate: a percentage at it needs base_amount";
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const shares = spread(groups, discounts, discountAmounts);
  const chargeShares = spread(groups, charges, chargeAmounts);
  const sum = (list: readonly bigint[] | undefined) => (list ?? []).reduce((a, b) => a + b, 0n);
  groups.forEach((group, g) => {
    const discounted = sum(shares[g]);
    if (discounted > 0n && discounted > group.basis + sum(chargeShares[g]))
      errors.discounts = `The discounts at the rate ${group.key} are larger than its lines and charges`;
    // A reversal takes back at most what the rate's correction lines take back.
    else if (group.basis < 0n && discounted < group.basis)
      errors.discounts = `The discounts at the rate ${rateText(group.tax)} are larger than its lines`;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const breakdown: TaxBreakdownEntry[] = [];
  const allowances: AllowanceShare[] = [];
  const chargeList: AllowanceShare[] = [];
  let subtotal = 0n;
  let discountTotal = 0n;
  let chargeTotal = 0n;
  let taxTotal = 0n;
  let total = 0n;
  groups.forEach((group, g) => {
    const tax = group.tax;
    const percent = tax?.percentScaled ?? 0;
    const grossDiscount = sum(shares[g]);
    const grossCharge = sum(chargeShares[g]);
    let lineNets = 0n;
    let allowanceNets: bigint[];
    let chargeNets: bigint[];
    if (tax?.inclusive) {
      // The entry's net is taken once, from the sum of its gross lines, and apportioned over the
      // lines: rounding stays within a cent or two however many lines there are. The discount's
      // net is taken the same way, so a discount always shows as an allowance.
      lineNets = netOfInclusive(group.basis, percent);
      const split = apportion(
        lineNets,
        group.lineIndexes.map((i) => (lineTotals[i] as LineTotals).netMinor),
      );
      group.lineIndexes.forEach((i, m) => {
        (lineTotals[i] as LineTotals).netOfTaxMinor = split[m] ?? 0n;
      });
      allowanceNets = apportion(netOfInclusive(grossDiscount, percent), shares[g] as bigint[]);
      chargeNets = apportion(netOfInclusive(grossCharge, percent), chargeShares[g] as bigint[]);
    } else {
      for (const i of group.lineIndexes) lineNets += (lineTotals[i] as LineTotals).netMinor;
      allowanceNets = shares[g] as bigint[];
      chargeNets = chargeShares[g] as bigint[];
    }
    const allowanceNet = sum(allowanceNets);
    const chargeNet = sum(chargeNets);
    const taxable = lineNets - allowanceNet + chargeNet;
    const taxAmount = mulDivHalfUp(taxable, BigInt(percent), PERCENT_SCALE);
    const gross = tax?.inclusive ? group.basis - grossDiscount + grossCharge : taxable + taxAmount;
    subtotal += lineNets;
    discountTotal += allowanceNet;
    chargeTotal += chargeNet;
    taxTotal += taxAmount;
    total += gross;
    breakdown.push({
      tax_rate_id: tax?.rateId ?? null,
      category: tax?.category ?? null,
      percent_scaled: percent,
      inclusive: tax?.inclusive ?? false,
      taxable_minor: Number(taxable),
      tax_minor: Number(taxAmount),
      gross_minor: Number(gross),
      exemption_reason: tax?.exemptionReason ?? null,
      exemption_reason_code: tax?.exemptionReasonCode ?? null,
    });
    const share = (
      adjustment: TotalsDiscount | TotalsCharge,
      input: DiscountInput,
      k: number,
      amount: bigint,
      base: bigint,
    ): AllowanceShare => ({
      discount_index: k,
      description: adjustment.description ?? null,
      category: tax?.category ?? null,
      percent_scaled: percent,
      amount_minor: Number(amount),
      ...(adjustment.reasonCode ? { reason_code: adjustment.reasonCode } : {}),
      // A bound percentage states its base; of inclusive prices the net amount is no exact
      // percentage of a net base, so it states the amount alone.
      ...(adjustment.tax && input.kind === "percentage" && !tax?.inclusive
        ? { calculation: { percent_scaled: input.value, base_minor: Number(base) } }
        : // A bound amount may state the base it was reckoned on, as given (BT-93/BT-100 alone).
          adjustment.tax && input.kind === "amount" && adjustment.baseMinor !== undefined
          ? { calculation: { base_minor: Number(base) } }
          : {}),
    });
    // A spread one appears at each rate it has a share of; a bound one once, at its rate, even at 0.
    const appears = (adjustment: TotalsDiscount | TotalsCharge | undefined, amount: bigint) =>
      adjustment !== undefined && (adjustment.tax ? keyOf(adjustment.tax) === group.key : amount !== 0n);
    allowanceNets.forEach((amount, k) => {
      const discount = discounts[k];
      if (discount && appears(discount, amount))
        allowances.push(share(discount, discount.discount, k, amount, discountBaseOf(discount)));
    });
    chargeNets.forEach((amount, k) => {
      const charge = charges[k];
      if (charge && appears(charge, amount))
        chargeList.push(share(charge, charge.charge, k, amount, baseOf(charge)));
    });
  });
  const taxExclusive = subtotal - discountTotal + chargeTotal;
  const prepaid = settlement.prepaidMinor;
  // Cash rounding rounds what is left to pay (BT-114 is added to the total to round the amount due).
  const increment = settlement.cashRoundingMinor;
  const splitPayment = splitPaymentOf(breakdown);
  const due = total - prepaid - splitPayment;
  const stated = settlement.statedRoundingMinor ?? null;
  // A stated rounding is BT-114 itself: what it adds to net + VAT (the inclusive cent included).
  const cashRounding =
    stated !== null
      ? stated - (total - taxExclusive - taxTotal)
      : increment
        ? mulDivHalfUp(due, 1n, increment) * increment - due
        : 0n;
  const roundedBelowZero = roundingBelowZero(total, cashRounding);
  if (roundedBelowZero) return roundedBelowZero;
  const overSplit = prepaidOverSplitPayment(total + cashRounding, prepaid, splitPayment);
  if (overSplit) return overSplit;
  // Held to the total as shown, after cash rounding: a prepaid amount it rounds to nothing due passes.
  // Where the document may owe back, a larger one leaves an amount due below 0 (owed to the buyer).
  if (!settlement.mayOweBack && prepaid > 0n && prepaid > total + cashRounding) {
    return { ok: false, errors: { prepaid_amount: "The prepaid amount is larger than the invoice total" } };
  }
  return {
    ok: true,
    totals: {
      lines: lineTotals,
      subtotal,
      discountTotal,
      chargeTotal,
      taxExclusive,
      taxTotal,
      rounding: total - taxExclusive - taxTotal + cashRounding,
      total: total + cashRounding,
      prepaid,
      splitPayment,
      payable: total + cashRounding - prepaid - splitPayment,
      detail: { breakdown, allowances, ...(chargeList.length > 0 ? { charges: chargeList } : {}) },
    },
  };
}

/** The VAT of the split-payment entries (category B): the buyer withholds it and pays it to the state. */
export function splitPaymentOf(breakdown: readonly TaxBreakdownEntry[]): bigint {
  return breakdown.reduce(
    (sum, entry) => (entry.category === SPLIT_PAYMENT_CATEGORY ? sum + BigInt(entry.tax_minor) : sum),
    0n,
  );
}

/** Beside split payment, a prepaid amount may cover what the buyer pays the seller, no more. */
function prepaidOverSplitPayment(total: bigint, prepaid: bigint, splitPayment: bigint): TotalsResult | null {
  return splitPayment > 0n && prepaid > 0n && prepaid > total - splitPayment
    ? {
        ok: false,
        errors: {
          prepaid_amount:
            "The prepaid amount is larger than what the buyer pays the seller (the total less the VAT it pays itself under split payment)",
        },
      }
    : null;
}

/** A stated rounding may not take a total of zero or more below zero. */
function roundingBelowZero(total: bigint, rounding: bigint): TotalsResult | null {
  return total >= 0n && total + rounding < 0n
    ? { ok: false, errors: { rounding_amount: "The rounding would take the total below zero" } }
    : null;
}

/**
 * The amounts of document allowances (or charges) per breakdown entry (rows) and per allowance
 * (columns), in the price basis: a bound one all at its rate; the spread ones' sum split over the
 * entries pro rata to their bases, then each entry's share over the spread ones in order, pro
 * rata to what is left of it.
 */
function spread(
  groups: readonly Group[],
  adjustments: readonly { tax?: LineTax | null }[],
  amounts: readonly bigint[],
): bigint[][] {
  const shares = groups.map(() => amounts.map(() => 0n));
  const spreadOnes = amounts.flatMap((_amount, k) => (adjustments[k]?.tax ? [] : [k]));
  const remaining = apportion(
    spreadOnes.reduce((sum, k) => sum + (amounts[k] ?? 0n), 0n),
    groups.map((g) => g.basis),
  );
  spreadOnes.forEach((k, n) => {
    const amount = amounts[k] ?? 0n;
    const split = n === spreadOnes.length - 1 ? [...remaining] : apportion(amount, remaining);
    split.forEach((share, g) => {
      (shares[g] as bigint[])[k] = share;
      remaining[g] = (remaining[g] ?? 0n) - share;
    });
  });
  adjustments.forEach((adjustment, k) => {
    if (!adjustment.tax) return;
    const g = groups.findIndex((group) => group.key === keyOf(adjustment.tax ?? null));
    (shares[g] as bigint[])[k] = amounts[k] ?? 0n;
  });
  return shares;
}

/**
 * Each line's share of the document discounts less its charges, in its price basis: per
 * breakdown entry what computeTotals puts there (the spread ones pro rata, the bound ones at
 * their rate), then over the entry's lines pro rata to their net amounts; at a rate whose lines sum
 * below zero the discounts (which reverse a correction's) over its correction lines alone. A line's
 * amount after every discount and charge is `netMinor - share`: what crediting the whole line gives
 * back. An allowance or charge bound to a rate no line has belongs to no line.
 */
export function documentDiscountShares(
  lines: readonly { netMinor: bigint; tax: Pick<LineTax, "category" | "percentScaled"> | null }[],
  discounts: readonly TotalsDiscount[],
  charges: readonly TotalsCharge[] = [],
): bigint[] {
  const keys = lines.map((line) => keyOf(line.tax));
  const groupKeys = [...new Set(keys)];
  const groupBasis = groupKeys.map((key) =>
    lines.reduce((sum, line, i) => (keys[i] === key ? sum + line.netMinor : sum), 0n),
  );
  const basis = groupBasis.reduce((sum, b) => sum + b, 0n);
  const perGroup = (
    adjustments: readonly { tax?: LineTax | null; amount: DiscountInput; baseMinor?: number }[],
    amountAt: (
      a: { tax?: LineTax | null; amount: DiscountInput; baseMinor?: number },
      base: bigint,
    ) => bigint,
  ) => {
    const spreadSum = adjustments.reduce((sum, a) => (a.tax ? sum : sum + discountOf(a.amount, basis)), 0n);
    const amounts = apportion(spreadSum, groupBasis);
    for (const a of adjustments) {
      const g = a.tax ? groupKeys.indexOf(keyOf(a.tax)) : -1;
      if (g >= 0) amounts[g] = (amounts[g] ?? 0n) + amountAt(a, groupBasis[g] ?? 0n);
    }
    return amounts;
  };
  const groupDiscount = perGroup(
    discounts.map((d) => ({ tax: d.tax, amount: d.discount, baseMinor: d.baseMinor })),
    (a, rated) => documentDiscountOf({ tax: a.tax, discount: a.amount, baseMinor: a.baseMinor }, rated),
  );
  const groupCharge = perGroup(
    charges.map((c) => ({ tax: c.tax, amount: c.charge, baseMinor: c.baseMinor })),
    (a, rated) => discountOf(a.amount, a.baseMinor !== undefined ? BigInt(a.baseMinor) : rated),
  );
  const shares = lines.map(() => 0n);
  groupKeys.forEach((key, g) => {
    const members = lines.flatMap((_line, i) => (keys[i] === key ? [i] : []));
    // At a rate whose lines sum below zero the discounts reverse the original's: the correction
    // lines carry them, pro rata to what each takes back.
    const reversal = (groupBasis[g] ?? 0n) < 0n ? (groupDiscount[g] ?? 0n) : 0n;
    const net = (groupDiscount[g] ?? 0n) - reversal - (groupCharge[g] ?? 0n);
    const magnitude = apportion(
      net < 0n ? -net : net,
      members.map((i) => lines[i]?.netMinor ?? 0n),
    );
    const reversed = apportion(
      -reversal,
      members.map((i) => {
        const lineNet = lines[i]?.netMinor ?? 0n;
        return lineNet < 0n ? -lineNet : 0n;
      }),
    );
    members.forEach((i, m) => {
      const share = magnitude[m] ?? 0n;
      shares[i] = (net < 0n ? -share : share) - (reversed[m] ?? 0n);
    });
  });
  return shares;
}

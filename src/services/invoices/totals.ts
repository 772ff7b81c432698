// The totals of an invoice or credit note from its lines, discounts and tax rates, after
// EN 16931: line net amounts, document allowances split over the VAT breakdown pro rata, tax
// per breakdown entry on the sum of its net amounts rounded half-up (BR-CO-17), and for
// tax-inclusive prices the cent that net + tax may miss carried in the rounding amount.
// Pure and exact: BigInt minor units throughout. docs/invoices.md works through examples.
import type {
  AllowanceShare,
  DiscountInput,
  TaxBreakdownEntry,
  TotalsDetail,
} from "../../db/schema/invoices";
import type { TaxCategory } from "../../db/schema/tax-rates";
import { divideHalfAway } from "../../lib/money";

/** Percentages are integers x 10^4, so 100% is 10^6. */
export const PERCENT_SCALE = 1_000_000n;

export interface LineTax {
  rateId: string | null;
  category: TaxCategory;
  percentScaled: number;
  inclusive: boolean;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

export interface TotalsLine {
  /**
   * quantity x net price / base quantity, rounded half-up once: in the price basis (gross when
   * the rate is inclusive). Negative for a correction line.
   */
  amountMinor: bigint;
  discount: DiscountInput | null;
  /** Line charges (BG-28), each an amount or a percentage of amountMinor. */
  charges?: readonly DiscountInput[];
  /** null: no tax rate applies to the line. */
  tax: LineTax | null;
}

export interface TotalsDiscount {
  description: string | null;
  discount: DiscountInput;
}

export interface LineTotals {
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
  taxExclusive: bigint;
  taxTotal: bigint;
  rounding: bigint;
  total: bigint;
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
 * A line allowance or charge on a line amount: a percentage of it, or the amount given. On a
 * correction line (a negative amount) both take the line's sign: they correct the original's.
 */
function lineAdjustmentOf(adjustment: DiscountInput, lineAmount: bigint): bigint {
  const amount = discountOf(adjustment, lineAmount);
  return adjustment.kind === "amount" && lineAmount < 0n ? -amount : amount;
}

const magnitude = (v: bigint) => (v < 0n ? -v : v);

interface Group {
  key: string;
  tax: LineTax | null;
  lineIndexes: number[];
  basis: bigint;
}

/**
 * Computes every figure of the document. Errors (422 material) name the field: a line discount
 * above its line (`items.N.discount`), document discounts above the lines (`discounts`),
 * inclusive and exclusive rates on one document (`items.N.tax_rate_id`).
 */
export function computeTotals(
  lines: readonly TotalsLine[],
  discounts: readonly TotalsDiscount[],
): TotalsResult {
  const errors: Record<string, string> = {};
  const lineTotals: LineTotals[] = lines.map((line, index) => {
    const discountMinor = line.discount ? lineAdjustmentOf(line.discount, line.amountMinor) : 0n;
    if (magnitude(discountMinor) > magnitude(line.amountMinor)) {
      errors[`items.${index}.discount`] = "The discount is larger than the line amount";
    }
    const chargeMinors = (line.charges ?? []).map((c) => lineAdjustmentOf(c, line.amountMinor));
    const chargeMinor = chargeMinors.reduce((sum, c) => sum + c, 0n);
    const netMinor = line.amountMinor - discountMinor + chargeMinor;
    return { discountMinor, chargeMinors, chargeMinor, netMinor, netOfTaxMinor: netMinor };
  });

  const inclusiveLine = lines.findIndex((line) => line.tax?.inclusive);
  const exclusiveLine = lines.findIndex((line) => line.tax && !line.tax.inclusive);
  if (inclusiveLine >= 0 && exclusiveLine >= 0) {
    errors[`items.${Math.max(inclusiveLine, exclusiveLine)}.tax_rate_id`] =
      "Tax-inclusive and tax-exclusive rates cannot be mixed on one invoice";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  // One breakdown entry per (category, percentage), in order of first appearance.
  const groups: Group[] = [];
  lines.forEach((line, index) => {
    const key = line.tax ? `${line.tax.category}:${line.tax.percentScaled}` : "none";
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = { key, tax: line.tax, lineIndexes: [], basis: 0n };
      groups.push(group);
    }
    group.lineIndexes.push(index);
    group.basis += lineTotals[index]?.netMinor ?? 0n;
  });
  const basis = groups.reduce((sum, g) => sum + g.basis, 0n);
  if (discounts.length > 0 && lineTotals.some((line) => line.netMinor < 0n)) {
    // Discounts are split pro rata over the rates and lines (apportion): weights are never negative.
    return {
      ok: false,
      errors: { discounts: "Invoice discounts cannot be combined with correction lines (negative amounts)" },
    };
  }

  // Document discounts: percentages of the lines after line discounts (not compounding); their
  // sum is split over the breakdown entries pro rata to each entry's basis, then each entry's
  // share over the discounts, in order, pro rata to what is left of each.
  const discountAmounts = discounts.map((d) => discountOf(d.discount, basis));
  const discountSum = discountAmounts.reduce((sum, d) => sum + d, 0n);
  if (discountSum > 0n && discountSum > basis) {
    return { ok: false, errors: { discounts: "The discounts are larger than the invoice lines" } };
  }
  const groupDiscount = apportion(
    discountSum,
    groups.map((g) => g.basis),
  );
  const shares: bigint[][] = groups.map(() => discounts.map(() => 0n));
  const remaining = [...groupDiscount];
  discountAmounts.forEach((amount, k) => {
    const split = k === discountAmounts.length - 1 ? [...remaining] : apportion(amount, remaining);
    split.forEach((share, g) => {
      (shares[g] as bigint[])[k] = share;
      remaining[g] = (remaining[g] ?? 0n) - share;
    });
  });

  const breakdown: TaxBreakdownEntry[] = [];
  const allowances: AllowanceShare[] = [];
  let subtotal = 0n;
  let discountTotal = 0n;
  let taxTotal = 0n;
  let total = 0n;
  groups.forEach((group, g) => {
    const tax = group.tax;
    const percent = tax?.percentScaled ?? 0;
    const grossDiscount = groupDiscount[g] ?? 0n;
    let lineNets = 0n;
    let allowanceNets: bigint[];
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
    } else {
      for (const i of group.lineIndexes) lineNets += (lineTotals[i] as LineTotals).netMinor;
      allowanceNets = shares[g] as bigint[];
    }
    const allowanceNet = allowanceNets.reduce((sum, a) => sum + a, 0n);
    const taxable = lineNets - allowanceNet;
    const taxAmount = mulDivHalfUp(taxable, BigInt(percent), PERCENT_SCALE);
    const gross = tax?.inclusive ? group.basis - grossDiscount : taxable + taxAmount;
    subtotal += lineNets;
    discountTotal += allowanceNet;
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
    allowanceNets.forEach((amount, k) => {
      if (amount === 0n) return;
      allowances.push({
        discount_index: k,
        description: discounts[k]?.description ?? null,
        category: tax?.category ?? null,
        percent_scaled: percent,
        amount_minor: Number(amount),
      });
    });
  });
  const taxExclusive = subtotal - discountTotal;
  return {
    ok: true,
    totals: {
      lines: lineTotals,
      subtotal,
      discountTotal,
      taxExclusive,
      taxTotal,
      rounding: total - taxExclusive - taxTotal,
      total,
      detail: { breakdown, allowances },
    },
  };
}

/**
 * Each line's share of the document discounts, in its price basis: the discounts' sum split over
 * the breakdown entries as computeTotals splits it, then over each entry's lines pro rata to
 * their net amounts. A line's amount after every discount is `netMinor - share`: what crediting
 * the whole line gives back.
 */
export function documentDiscountShares(
  lines: readonly { netMinor: bigint; tax: Pick<LineTax, "category" | "percentScaled"> | null }[],
  discounts: readonly TotalsDiscount[],
): bigint[] {
  const keys = lines.map((line) => (line.tax ? `${line.tax.category}:${line.tax.percentScaled}` : "none"));
  const groupKeys = [...new Set(keys)];
  const groupBasis = groupKeys.map((key) =>
    lines.reduce((sum, line, i) => (keys[i] === key ? sum + line.netMinor : sum), 0n),
  );
  const basis = groupBasis.reduce((sum, b) => sum + b, 0n);
  const discountSum = discounts.reduce((sum, d) => sum + discountOf(d.discount, basis), 0n);
  const groupDiscount = apportion(discountSum, groupBasis);
  const shares = lines.map(() => 0n);
  groupKeys.forEach((key, g) => {
    const members = lines.flatMap((_line, i) => (keys[i] === key ? [i] : []));
    const split = apportion(
      groupDiscount[g] ?? 0n,
      members.map((i) => lines[i]?.netMinor ?? 0n),
    );
    members.forEach((i, m) => {
      shares[i] = split[m] ?? 0n;
    });
  });
  return shares;
}

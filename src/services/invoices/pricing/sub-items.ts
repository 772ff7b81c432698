// Sub-invoice lines (BG-DEX-01): a grouped line's sub-items priced, each group amounting to
// the sum of its sub-lines (BR-DEX-02).
import type { SubLine } from "../../../db/schema/invoices";
import {
  type ItemInput,
  MAX_SUB_LINE_DEPTH,
  MAX_SUB_LINES,
  type SubItemInput,
} from "../../../lib/document-input";
import {
  AMOUNT_TOO_LARGE,
  currencyExponent,
  decimalString,
  fitsSignedAmount,
  PRICE_DECIMALS,
  parsePrice,
  parseQuantity,
  priceAmount,
  QUANTITY_SCALE,
} from "../../../lib/money";
import { DEFAULT_UNIT_CODE } from "../../../lib/units";

/** Minor units of `currency` as decimal text, for messages. */
export const amountText = (minor: bigint, currency: string) =>
  `${currency} ${decimalString(minor, currencyExponent(currency))}`;

/**
 * The price (x 10^6, at most 6 decimals) that makes quantity x price / base quantity exactly
 * `amount`; undefined when no such price exists or it would be negative.
 */
export function priceFor(
  amount: bigint,
  quantity: bigint,
  base: bigint,
  currency: string,
): bigint | undefined {
  const numerator = amount * 10n ** BigInt(PRICE_DECIMALS - currencyExponent(currency)) * base;
  if (numerator % quantity !== 0n) return undefined;
  const price = numerator / quantity;
  if (price < 0n || priceAmount(quantity, price, base, currency) !== amount) return undefined;
  return price;
}

/** The sum of sub-lines' net amounts (BT-131), in minor units. */
export const subLinesSum = (lines: readonly SubLine[]) =>
  lines.reduce((sum, line) => sum + BigInt(line.amountMinor), 0n);

/**
 * Sub-items at `path` (`items.0.sub_items`), `depth` levels below their line, priced: each
 * amount quantity x price / base quantity, half-up; one with sub-items of its own has exactly
 * their sum (BR-DEX-02), its price given (and checked) or derived. Undefined where any is refused.
 */
function parseSubItems(
  bodies: readonly SubItemInput[],
  currency: string,
  path: string,
  depth: number,
  budget: { left: number },
  errors: Record<string, string>,
): SubLine[] | undefined {
  if (depth > MAX_SUB_LINE_DEPTH) {
    errors[path] = `Sub-items nest at most ${MAX_SUB_LINE_DEPTH} levels below a line`;
    return undefined;
  }
  budget.left -= bodies.length;
  if (budget.left < 0) {
    errors[path] = `At most ${MAX_SUB_LINES} sub-items in one invoice`;
    return undefined;
  }
  const lines: SubLine[] = [];
  let failed = false;
  bodies.forEach((body, index) => {
    const at = `${path}.${index}`;
    const errorsBefore = Object.keys(errors).length;
    const quantity = parseQuantity(body.quantity, { allowNegative: true });
    if (!quantity.ok) errors[`${at}.quantity`] = quantity.message;
    let base = QUANTITY_SCALE;
    if (body.base_quantity !== undefined) {
      const parsed = parseQuantity(body.base_quantity);
      if (parsed.ok) base = parsed.value;
      else errors[`${at}.base_quantity`] = parsed.message;
    }
    const children = body.sub_items?.length
      ? parseSubItems(body.sub_items, currency, `${at}.sub_items`, depth + 1, budget, errors)
      : undefined;
    let price: bigint | undefined;
    if (body.unit_price !== undefined) {
      const parsed = parsePrice(body.unit_price, currency);
      if (parsed.ok) price = parsed.value;
      else errors[`${at}.unit_price`] = parsed.message;
    } else if (!body.sub_items?.length) {
      errors[`${at}.unit_price`] = "Required unless the sub-item has sub_items";
    }
    if (Object.keys(errors).length > errorsBefore || !quantity.ok) {
      failed = true;
      return;
    }
    const sum = children ? subLinesSum(children) : undefined;
    if (price === undefined && sum !== undefined) {
      price = priceFor(sum, quantity.value, base, currency);
      if (price === undefined) {
        errors[`${at}.unit_price`] =
          `Give unit_price: the sub_items add up to ${amountText(sum, currency)}, which quantity x a price of at most 6 decimals does not give`;
        failed = true;
        return;
      }
    }
    const amount = priceAmount(quantity.value, price as bigint, base, currency);
    if (sum !== undefined && amount !== sum) {
      errors[`${at}.unit_price`] =
        `quantity x unit_price gives ${amountText(amount, currency)}, the sub_items add up to ${amountText(sum, currency)} (BR-DEX-02)`;
      failed = true;
      return;
    }
    if (!fitsSignedAmount(amount)) {
      errors[`${at}.quantity`] = `The sub-item amount is too large. ${AMOUNT_TOO_LARGE}`;
      failed = true;
      return;
    }
    lines.push({
      description: body.description,
      quantity: Number(quantity.value),
      unitCode: body.unit_code ?? DEFAULT_UNIT_CODE,
      price: decimalString(price as bigint, PRICE_DECIMALS),
      baseQuantity: Number(base),
      amountMinor: Number(amount),
      ...(children ? { subLines: children } : {}),
    });
  });
  return failed ? undefined : lines;
}

/**
 * A grouped line's sub-items (`items.N.sub_items`), and what such a line may not state: its
 * amount is the sum of its sub-lines (BR-DEX-02), so no discount, charge or gross price moves it.
 */
export function parseLineSubItems(
  item: ItemInput,
  currency: string,
  path: string,
  budget: { left: number },
  errors: Record<string, string>,
): SubLine[] | undefined {
  if (item.sub_items === undefined) return undefined;
  const because = "a line with sub_items amounts to their sum (BR-DEX-02)";
  if (item.discount) errors[`${path}.discount`] = `Not on a line with sub_items: ${because}`;
  if (item.discounts?.length) errors[`${path}.discounts`] = `Not on a line with sub_items: ${because}`;
  if (item.amount !== undefined) errors[`${path}.amount`] = `Not on a line with sub_items: ${because}`;
  if (item.charges?.length) errors[`${path}.charges`] = `Not on a line with sub_items: ${because}`;
  if (item.gross_price !== undefined || item.price_discount !== undefined)
    errors[`${path}.gross_price`] = `Give unit_price or nothing on a line with sub_items: ${because}`;
  return parseSubItems(item.sub_items, currency, `${path}.sub_items`, 1, budget, errors);
}

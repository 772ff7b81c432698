// A draft re-expressed in another currency (PATCH currency): the same major prices, refused
// where an amount has more decimals than the new currency allows.
import type {
  DiscountInput,
  DocumentCharge,
  DocumentDiscount,
  InvoiceItem,
} from "../../../db/schema/invoices";
import { validationError } from "../../../lib/errors";
import {
  AMOUNT_TOO_LARGE,
  amountFitsShownPrice,
  currencyExponent,
  decimalString,
  fitsAmount,
  maxRoundingMinor,
  priceAmount,
  priceToMinor,
  QUANTITY_SCALE,
  rescaleAmount,
  shownPriceDecimals,
} from "../../../lib/money";
import { based } from "./allowances";
import { detailAmount, type PricedLine, storedPrice } from "./lines";
import { storedLineExtras, storedLineTax } from "./rows";

/** The stored lines re-expressed in another currency with the same major prices (PATCH currency). */
export function rescaleLines(items: readonly InvoiceItem[], from: string, to: string): PricedLine[] {
  if (items.some((item) => item.subLines))
    throw validationError({
      currency: "Sub-items are priced in the invoice's currency: give the items again with the new currency",
    });
  return items.map((item) => {
    const detail = item.priceDetail;
    const unitPrice = detail
      ? (priceToMinor(storedPrice(detail.net), to) ??
        priceAmount(QUANTITY_SCALE, storedPrice(detail.net), QUANTITY_SCALE, to))
      : rescaleAmount(BigInt(item.unitPriceMinor), from, to);
    const charges = (item.charges ?? []).map((c) => {
      const [charge, baseMinor] = rescaleAdjustment(c.charge, c.baseMinor, from, to, "A line charge");
      return { ...c, charge, ...(baseMinor !== undefined ? { baseMinor } : {}) };
    });
    const discounts = (item.discounts ?? []).map((d) => {
      const [discount, baseMinor] = rescaleAdjustment(d.discount, d.baseMinor, from, to, "A line discount");
      return { ...d, discount, ...(baseMinor !== undefined ? { baseMinor } : {}) };
    });
    if (unitPrice === undefined) {
      throw validationError({ currency: `A line price has more decimals than ${to} allows` });
    }
    const discount = item.discount
      ? based(...rescaleAdjustment(item.discount, item.discount.baseMinor, from, to, "A line discount"))
      : null;
    if (!fitsAmount(unitPrice)) {
      throw validationError({ currency: `A line price is too large in ${to}. ${AMOUNT_TOO_LARGE}` });
    }
    // A stated amount fits its price by the decimals the price is shown with, which follow the currency.
    if (detail?.amount !== undefined) {
      const amount = detailAmount(BigInt(item.quantity), detail, to);
      const price = storedPrice(detail.net);
      if (
        shownPriceDecimals(price, to) <= currencyExponent(to) ||
        !amountFitsShownPrice(BigInt(item.quantity), price, BigInt(detail.baseQuantity), amount, to)
      ) {
        throw validationError({ currency: `A line's stated amount does not fit its price in ${to}` });
      }
    }
    return {
      productId: item.productId,
      description: item.description,
      quantity: BigInt(item.quantity),
      unitCode: item.unitCode,
      unitPriceMinor: unitPrice,
      discount,
      tax: storedLineTax(item),
      taxFromDefault: item.taxFromDefault,
      ...storedLineExtras({ ...item, charges, discounts }, to),
    };
  });
}

/**
 * An allowance's or charge's amount and base in another currency (PATCH currency), on a line or
 * the document; 422 on `currency` naming `what` (its base: "<what> base") when it has more
 * decimals than the new currency allows.
 */
function rescaleAdjustment(
  given: DiscountInput,
  baseMinor: number | undefined,
  from: string,
  to: string,
  what: string,
): [DiscountInput, number | undefined] {
  const base = baseMinor !== undefined ? rescaleAmount(BigInt(baseMinor), from, to) : undefined;
  if (baseMinor !== undefined && base === undefined)
    throw validationError({ currency: `${what} base has more decimals than ${to} allows` });
  const value = given.kind === "amount" ? rescaleAmount(BigInt(given.value), from, to) : undefined;
  if (given.kind === "amount" && value === undefined)
    throw validationError({ currency: `${what} has more decimals than ${to} allows` });
  const rescaled: DiscountInput =
    given.kind === "amount"
      ? { kind: "amount", value: Number(value) }
      : { kind: given.kind, value: given.value };
  return [rescaled, base === undefined ? undefined : Number(base)];
}

/** Invoice-level amount discounts in another currency (PATCH currency). */
export function rescaleDiscounts(discounts: readonly DocumentDiscount[], from: string, to: string) {
  return discounts.map((d) => {
    const [discount, baseMinor] = rescaleAdjustment(d.discount, d.baseMinor, from, to, "A discount");
    return { ...d, discount, ...(baseMinor !== undefined ? { baseMinor } : {}) };
  });
}

/** Invoice-level amount charges in another currency (PATCH currency). */
export function rescaleCharges(charges: readonly DocumentCharge[], from: string, to: string) {
  return charges.map((c) => {
    const [charge, baseMinor] = rescaleAdjustment(c.charge, c.baseMinor, from, to, "A charge");
    return { ...c, charge, ...(baseMinor !== undefined ? { baseMinor } : {}) };
  });
}

/** The prepaid amount in another currency (PATCH currency). */
export function rescalePrepaid(prepaidMinor: number, from: string, to: string): number {
  const value = rescaleAmount(BigInt(prepaidMinor), from, to);
  if (value === undefined)
    throw validationError({ currency: `The prepaid amount has more decimals than ${to} allows` });
  return Number(value);
}

/**
 * A stated rounding amount in another currency (PATCH currency): the same major amount, refused
 * on `currency` when the new currency has fewer decimals than it or it is no rounding there.
 */
export function rescaleStatedRounding(roundingMinor: number | null, from: string, to: string): number | null {
  if (roundingMinor === null) return null;
  const value = rescaleAmount(BigInt(roundingMinor), from, to);
  const max = maxRoundingMinor(to);
  if (value === undefined || value > max || value < -max)
    throw validationError({
      currency: `The rounding amount (${decimalString(roundingMinor, currencyExponent(from))}) is no rounding amount in ${to}: give rounding_amount`,
    });
  return Number(value);
}

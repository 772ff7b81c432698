// Pricing an invoice's lines: products fill description and price, tax rates are resolved and
// snapshotted onto each line, line discounts and charges parsed. Errors name the field path
// (`items.0.unit_price`, `items.1.tax_rate_id`).
import type { Db } from "../../../db/client";
import type { DiscountInput, LineAdjustmentInput, PriceDetail, SubLine } from "../../../db/schema/invoices";
import type { TaxRate } from "../../../db/schema/tax-rates";
import { ALLOWANCE_REASON_CODES, CHARGE_REASON_CODES } from "../../../lib/allowance-charge-codes";
import {
  type ItemDiscountBody,
  type ItemInput,
  type LineChargeBody,
  MAX_SUB_LINES,
} from "../../../lib/document-input";
import { validationError } from "../../../lib/errors";
import {
  amountFitsShownPrice,
  currencyExponent,
  decimalString,
  lineAmount,
  minorToPrice,
  PRICE_DECIMALS,
  parseAmount,
  parsePrice,
  parseQuantity,
  priceAmount,
  priceToMinor,
  QUANTITY_SCALE,
  scaledFromText,
  shownPriceDecimals,
} from "../../../lib/money";
import { DEFAULT_UNIT_CODE } from "../../../lib/units";
import type { LineTax } from "../totals";
import { based, checkReasonCode, parseBase, parseDiscount } from "./allowances";
import { type Catalog, lineTaxOf, loadCatalogFor } from "./catalog";
import { amountText, parseLineSubItems, priceFor, subLinesSum } from "./sub-items";

/** A line ready for the totals engine: prices in minor units, its tax terms resolved. */
export interface PricedLine {
  productId: string | null;
  description: string;
  quantity: bigint;
  unitCode: string;
  unitPriceMinor: bigint;
  /** The line's one discount (a percentage of its base_amount when given); null: none, or several. */
  discount: LineAdjustmentInput | null;
  /** The line's several discounts (`discounts`); absent: none, or the one `discount`. */
  discounts?: readonly LineDiscountInput[];
  tax: LineTax | null;
  /** The line gave no tax_rate_id: its rate is the invoice default, and follows a new one. */
  taxFromDefault: boolean;
  /** The line discount's reason text and code (null: "Discount", no code). */
  discountReason?: string | null;
  discountReasonCode?: string | null;
  charges?: readonly LineChargeInput[];
  /** Price terms beyond a whole-minor-unit unit price; null: the line is priced by unitPriceMinor. */
  priceDetail?: PriceDetail | null;
  /** quantity x net price / base quantity when priceDetail is given (else from unitPriceMinor). */
  amountMinor?: bigint;
  servicePeriod?: { start: string; end: string } | null;
  /** Sub-invoice lines (BG-DEX-01), priced; the line's amount is their sum. Absent: none. */
  subLines?: SubLine[];
}

export interface LineChargeInput {
  description: string | null;
  reasonCode: string | null;
  charge: DiscountInput;
  /** The base of a percentage (BT-142), as given; absent: the line amount. */
  baseMinor?: number;
}

/** One of a line's several discounts (BG-27). */
export interface LineDiscountInput {
  description: string | null;
  reasonCode: string | null;
  discount: DiscountInput;
  /** The base of a percentage (BT-137), as given; absent: the line amount. */
  baseMinor?: number;
}

/** The line amount before its allowances and charges (quantity x net price / base quantity). */
export function pricedAmount(line: Pick<PricedLine, "quantity" | "unitPriceMinor" | "amountMinor">): bigint {
  return line.amountMinor ?? lineAmount(line.quantity, line.unitPriceMinor);
}

/** A decimal text of at most 6 decimals (a stored price) as an integer x 10^6. */
export function storedPrice(text: string): bigint {
  const scaled = scaledFromText(text, PRICE_DECIMALS);
  if (scaled === undefined) throw new Error(`stored price ${text} no longer parses`);
  return scaled;
}

/** A line's amount from its stored price terms (priceDetail), in minor units of `currency`. */
export function detailAmount(quantity: bigint, detail: PriceDetail, currency: string): bigint {
  if (detail.amount !== undefined) {
    const stated = scaledFromText(detail.amount, currencyExponent(currency));
    if (stated === undefined) {
      throw validationError({ currency: `A line's stated amount has more decimals than ${currency} allows` });
    }
    return stated;
  }
  return priceAmount(quantity, storedPrice(detail.net), BigInt(detail.baseQuantity), currency);
}

/**
 * A line's stated `amount` (minor units, in the quantity's sign), or the error it gets at `path`:
 * it must be what quantity x a price that rounds to the net price / base quantity gives, and the
 * net price must show more decimals than the currency has (it is the price billed, rounded).
 * Undefined also where the amount is the one the price gives: such a line states nothing new, so
 * an item read back (its `amount`) and sent again prices as before.
 */
function parseStatedAmount(
  value: number,
  quantity: bigint,
  netPrice: bigint,
  baseQuantity: bigint,
  currency: string,
  path: string,
  errors: Record<string, string>,
): bigint | undefined {
  const parsed = parseAmount(Math.abs(value), currency);
  if (!parsed.ok) {
    errors[path] = parsed.message;
    return undefined;
  }
  const amount = value < 0 ? -parsed.value : parsed.value;
  const exponent = currencyExponent(currency);
  const exact = priceAmount(quantity, netPrice, baseQuantity, currency);
  if (amount === exact) return undefined;
  if (shownPriceDecimals(netPrice, currency) <= exponent) {
    errors[path] =
      `A stated amount needs a net price with more decimals than ${currency} has (the price billed, ` +
      `rounded); quantity x unit_price gives ${decimalString(exact, exponent)}`;
    return undefined;
  }
  if (!amountFitsShownPrice(quantity, netPrice, baseQuantity, amount, currency)) {
    errors[path] =
      `Not what quantity x the net price gives (${decimalString(exact, exponent)}), ` +
      "nor what a price that rounds to it gives";
    return undefined;
  }
  return amount;
}

/**
 * The price a line states (BG-29): unit_price with up to 6 decimals, or gross_price and
 * price_discount (net = gross - discount), as integers x 10^6; undefined where the line gave
 * none or an error was recorded.
 */
function parseStatedPrice(
  item: ItemInput,
  currency: string,
  path: string,
  errors: Record<string, string>,
): { net: bigint; gross: bigint | null; discount: bigint | null } | undefined {
  if (item.gross_price === undefined && item.price_discount === undefined) {
    if (item.unit_price === undefined) return undefined;
    const parsed = parsePrice(item.unit_price, currency);
    if (!parsed.ok) errors[`${path}.unit_price`] = parsed.message;
    return parsed.ok ? { net: parsed.value, gross: null, discount: null } : undefined;
  }
  if (item.unit_price !== undefined) {
    errors[`${path}.unit_price`] = "Give unit_price, or gross_price with price_discount, not both";
    return undefined;
  }
  if (item.gross_price === undefined) {
    errors[`${path}.gross_price`] = "Required with price_discount";
    return undefined;
  }
  const gross = parsePrice(item.gross_price, currency);
  const discount = parsePrice(item.price_discount ?? 0, currency);
  if (!gross.ok) errors[`${path}.gross_price`] = gross.message;
  if (!discount.ok) errors[`${path}.price_discount`] = discount.message;
  if (!gross.ok || !discount.ok) return undefined;
  if (discount.value > gross.value) {
    errors[`${path}.price_discount`] = "The price discount is larger than the gross price";
    return undefined;
  }
  const stated = item.price_discount !== undefined ? discount.value : null;
  return { net: gross.value - discount.value, gross: gross.value, discount: stated };
}

function parseLineCharges(
  bodies: readonly LineChargeBody[],
  currency: string,
  path: string,
  errors: Record<string, string>,
): LineChargeInput[] {
  return bodies.flatMap((body, index) => {
    const at = `${path}.charges.${index}`;
    const charge = parseDiscount(body, currency, at, errors);
    checkReasonCode(
      body.reason_code,
      CHARGE_REASON_CODES,
      "UNCL 7161 charge reason",
      `${at}.reason_code`,
      errors,
    );
    if (!body.description && !body.reason_code) {
      errors[`${at}.description`] = "Give a description or a reason_code (BR-44)";
    }
    const base = parseBase(body, currency, at, errors, "line");
    return charge
      ? [{ description: body.description ?? null, reasonCode: body.reason_code ?? null, charge, ...base }]
      : [];
  });
}

/** A line's one discount or its several (`discounts`), each with its reason code and base. */
function parseLineDiscount(
  body: ItemDiscountBody,
  currency: string,
  at: string,
  errors: Record<string, string>,
): LineDiscountInput | undefined {
  const discount = parseDiscount(body, currency, at, errors);
  checkReasonCode(
    body.reason_code,
    ALLOWANCE_REASON_CODES,
    "UNCL 5189 allowance reason",
    `${at}.reason_code`,
    errors,
  );
  const base = parseBase(body, currency, at, errors, "line");
  return discount
    ? { description: body.description ?? null, reasonCode: body.reason_code ?? null, discount, ...base }
    : undefined;
}

export interface PricingOptions {
  defaultTaxRateId: string | null;
  /** Products and rates read beforehand (a sweep reads a whole page's at once); else queried. */
  catalog?: Catalog;
}

/**
 * Validates and prices the lines in `currency`: products fill description and unit price when
 * not given; each line's tax rate is its own `tax_rate_id`, else the invoice default (null on a
 * line: untaxed). A rate must be this organization's and not archived.
 */
export async function priceLines(
  db: Db,
  organizationId: string,
  currency: string,
  items: readonly ItemInput[],
  options: PricingOptions,
  errors: Record<string, string> = {},
): Promise<PricedLine[]> {
  const { products: found, rates } =
    options.catalog ?? (await loadCatalogFor(db, organizationId, items, options.defaultTaxRateId));

  const usableRate = (id: string, field: string): TaxRate | undefined => {
    const rate = rates.get(id);
    if (!rate) errors[field] = "No such tax rate";
    else if (rate.archived) errors[field] = "The tax rate is archived; use a current one";
    return rate && !rate.archived ? rate : undefined;
  };
  const defaultRate = options.defaultTaxRateId
    ? usableRate(options.defaultTaxRateId, "default_tax_rate_id")
    : undefined;

  const lines: PricedLine[] = [];
  const subLineBudget = { left: MAX_SUB_LINES };
  items.forEach((item, index) => {
    const path = `items.${index}`;
    const subLines = parseLineSubItems(item, currency, path, subLineBudget, errors);
    const product = item.product_id ? found.get(item.product_id) : undefined;
    if (item.product_id && !product) errors[`${path}.product_id`] = "No such product";

    const description = item.description ?? product?.name;
    if (description === undefined && !item.product_id) {
      errors[`${path}.description`] = "Required unless product_id is given";
    }

    const quantity = parseQuantity(item.quantity, { allowNegative: true });
    if (!quantity.ok) errors[`${path}.quantity`] = quantity.message;

    let netPrice: bigint | undefined;
    const stated = parseStatedPrice(item, currency, path, errors);
    if (stated) netPrice = stated.net;
    else if (
      item.unit_price !== undefined ||
      item.gross_price !== undefined ||
      item.price_discount !== undefined
    ) {
      // parseStatedPrice recorded the error.
    } else if (item.sub_items !== undefined) {
      // A grouped line without a price: the sum of its sub-lines / quantity (/ base quantity).
      const base = item.base_quantity === undefined ? undefined : parseQuantity(item.base_quantity);
      if (subLines && quantity.ok && (base === undefined || base.ok)) {
        const sum = subLinesSum(subLines);
        netPrice = priceFor(sum, quantity.value, base?.ok ? base.value : QUANTITY_SCALE, currency);
        if (netPrice === undefined) {
          errors[`${path}.unit_price`] =
            `Give unit_price: the sub_items add up to ${amountText(sum, currency)}, which quantity x a price of at most 6 decimals does not give`;
        }
      }
    } else if (product) {
      const sameCurrency = product.currency === currency;
      if (!sameCurrency) {
        errors[`${path}.product_id`] =
          `The product is priced in ${product.currency}, the invoice in ${currency}; give unit_price`;
      }
      netPrice = !sameCurrency
        ? undefined
        : product.netPrice
          ? storedPrice(product.netPrice)
          : minorToPrice(BigInt(product.priceMinor), currency);
    } else if (!item.product_id) {
      errors[`${path}.unit_price`] = "Required unless product_id is given";
    }
    // The product's base quantity goes with the product's price, not with a price the item gives.
    let baseQuantity =
      stated === undefined && product?.baseQuantity ? BigInt(product.baseQuantity) : QUANTITY_SCALE;
    if (item.base_quantity !== undefined) {
      const parsed = parseQuantity(item.base_quantity);
      if (parsed.ok) baseQuantity = parsed.value;
      else errors[`${path}.base_quantity`] = parsed.message;
    }
    // The stored unit price in minor units: exact for a price in whole minor units, else rounded.
    const wholeMinor = netPrice === undefined ? undefined : priceToMinor(netPrice, currency);
    const unitPrice =
      netPrice === undefined
        ? undefined
        : (wholeMinor ?? priceAmount(QUANTITY_SCALE, netPrice, QUANTITY_SCALE, currency));
    const statedAmount =
      item.amount !== undefined &&
      netPrice !== undefined &&
      quantity.ok &&
      errors[`${path}.base_quantity`] === undefined
        ? parseStatedAmount(
            item.amount,
            quantity.value,
            netPrice,
            baseQuantity,
            currency,
            `${path}.amount`,
            errors,
          )
        : undefined;
    // Lines priced the old way (whole minor units, one unit, no gross price, no stated amount)
    // keep no detail.
    const priceDetail: PriceDetail | null =
      netPrice !== undefined &&
      (stated?.gross != null ||
        baseQuantity !== QUANTITY_SCALE ||
        wholeMinor === undefined ||
        statedAmount !== undefined)
        ? {
            net: decimalString(netPrice, PRICE_DECIMALS),
            gross: stated?.gross != null ? decimalString(stated.gross, PRICE_DECIMALS) : null,
            discount: stated?.discount != null ? decimalString(stated.discount, PRICE_DECIMALS) : null,
            baseQuantity: Number(baseQuantity),
            ...(statedAmount !== undefined
              ? { amount: decimalString(statedAmount, currencyExponent(currency)) }
              : {}),
          }
        : null;

    const rate =
      item.tax_rate_id === null
        ? undefined
        : item.tax_rate_id !== undefined
          ? usableRate(item.tax_rate_id, `${path}.tax_rate_id`)
          : defaultRate;
    // An empty list states no discount: it stands beside `discount` as an absent one would.
    if (item.discount && item.discounts?.length) {
      errors[`${path}.discounts`] = "Give discount or discounts, not both";
    }
    const discount = item.discount
      ? parseLineDiscount(item.discount, currency, `${path}.discount`, errors)
      : null;
    const discounts = (item.discounts ?? []).flatMap((body, k) => {
      const parsed = parseLineDiscount(body, currency, `${path}.discounts.${k}`, errors);
      return parsed ? [parsed] : [];
    });
    const charges = parseLineCharges(item.charges ?? [], currency, path, errors);
    if (item.service_period && item.service_period.end < item.service_period.start) {
      errors[`${path}.service_period.end`] = "Must not be before start";
    }
    if (quantity.ok && unitPrice !== undefined && description !== undefined) {
      const extra: Partial<PricedLine> = {};
      if (item.discount?.description) extra.discountReason = item.discount.description;
      if (item.discount?.reason_code) extra.discountReasonCode = item.discount.reason_code;
      if (discounts.length > 0) extra.discounts = discounts;
      if (charges.length > 0) extra.charges = charges;
      if (priceDetail) {
        extra.priceDetail = priceDetail;
        extra.amountMinor = detailAmount(quantity.value, priceDetail, currency);
      }
      if (item.service_period) extra.servicePeriod = item.service_period;
      if (subLines) {
        extra.subLines = subLines;
        const amount = pricedAmount({ quantity: quantity.value, unitPriceMinor: unitPrice, ...extra });
        const sum = subLinesSum(subLines);
        if (amount !== sum) {
          errors[`${path}.unit_price`] =
            `quantity x unit_price gives ${amountText(amount, currency)}, the sub_items add up to ${amountText(sum, currency)} (BR-DEX-02)`;
        }
      }
      lines.push({
        productId: item.product_id ?? null,
        description,
        quantity: quantity.value,
        unitCode: item.unit_code ?? product?.unitCode ?? DEFAULT_UNIT_CODE,
        unitPriceMinor: unitPrice,
        discount: discount ? based(discount.discount, discount.baseMinor) : null,
        tax: rate ? lineTaxOf(rate) : null,
        taxFromDefault: item.tax_rate_id === undefined,
        ...extra,
      });
    }
  });
  return lines;
}

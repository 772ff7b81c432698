// Pricing an invoice's lines: products fill description and price, tax rates are resolved and
// snapshotted onto each line, discounts parsed, and the totals engine computes every figure.
// Errors name the field path (`items.0.unit_price`, `items.1.tax_rate_id`, `discounts.0.amount`).
import { getTableColumns } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Customer } from "../../db/schema/customers";
import type {
  DiscountInput,
  DocumentCharge,
  DocumentDiscount,
  Invoice,
  InvoiceItem,
  LineAdjustmentInput,
  LineDiscount,
  PriceDetail,
  SubLine,
} from "../../db/schema/invoices";
import { invoiceItems } from "../../db/schema/invoices";
import type { Product } from "../../db/schema/products";
import type { TaxRate } from "../../db/schema/tax-rates";
import { ALLOWANCE_REASON_CODES, CHARGE_REASON_CODES } from "../../lib/allowance-charge-codes";
import {
  type DiscountBody,
  type DocumentChargeBody,
  type DocumentDiscountBody,
  type ItemDiscountBody,
  type ItemInput,
  type LineChargeBody,
  MAX_SUB_LINE_DEPTH,
  MAX_SUB_LINES,
  type SubItemInput,
} from "../../lib/document-input";
import { validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import {
  AMOUNT_TOO_LARGE,
  amountFitsShownPrice,
  currencyExponent,
  decimalString,
  fitsAmount,
  fitsSignedAmount,
  lineAmount,
  maxRoundingMinor,
  minorToPrice,
  PRICE_DECIMALS,
  parseAmount,
  parsePercentage,
  parsePrice,
  parseQuantity,
  priceAmount,
  priceToMinor,
  QUANTITY_SCALE,
  rescaleAmount,
  scaledFromText,
  shownPriceDecimals,
} from "../../lib/money";
import { DEFAULT_UNIT_CODE } from "../../lib/units";
import { findProducts } from "../products";
import { findTaxRates } from "../tax-rates";
import type { Statement } from "./common";
import { computeTotals, type LineTax, type Settlement, type Totals, type TotalsLine } from "./totals";

/** D1 allows 100 bound parameters per statement; an invoice_items row binds one per column. */
const ITEM_ROWS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(invoiceItems)).length);

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

/** A line allowance or charge with its base as the totals engine takes it. */
const based = (given: DiscountInput, baseMinor: number | undefined): LineAdjustmentInput =>
  baseMinor === undefined ? given : { ...given, baseMinor };

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

/** Minor units of `currency` as decimal text, for messages. */
const amountText = (minor: bigint, currency: string) =>
  `${currency} ${decimalString(minor, currencyExponent(currency))}`;

/**
 * The price (x 10^6, at most 6 decimals) that makes quantity x price / base quantity exactly
 * `amount`; undefined when no such price exists or it would be negative.
 */
function priceFor(amount: bigint, quantity: bigint, base: bigint, currency: string): bigint | undefined {
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
function parseLineSubItems(
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

/** A reason code from its code list, or the error it gets at `path`. */
function checkReasonCode(
  code: string | null | undefined,
  list: ReadonlySet<string>,
  listName: string,
  path: string,
  errors: Record<string, string>,
): void {
  if (code != null && !list.has(code)) errors[path] = `Not a ${listName} code allowed by EN 16931`;
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

export function parseDiscount(
  body: DiscountBody,
  currency: string,
  path: string,
  errors: Record<string, string>,
): DiscountInput | undefined {
  const given = [body.amount, body.percentage].filter((v) => v !== undefined).length;
  if (given !== 1) {
    errors[path] = "Give exactly one of amount or percentage";
    return undefined;
  }
  if (body.amount !== undefined) {
    const parsed = parseAmount(body.amount, currency);
    if (!parsed.ok) errors[`${path}.amount`] = parsed.message;
    return parsed.ok ? { kind: "amount", value: Number(parsed.value) } : undefined;
  }
  const parsed = parsePercentage(body.percentage as number | string);
  if (!parsed.ok) errors[`${path}.percentage`] = parsed.message;
  return parsed.ok ? { kind: "percentage", value: Number(parsed.value) } : undefined;
}

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
 * An explicit base of a percentage: a document allowance's or charge's (BT-93/BT-100), only with a
 * bound rate, or a line allowance's or charge's (BT-137/BT-142). A bound document amount may state
 * the base it was reckoned on too (BT-93/BT-100 without a percentage, as EN 16931 allows).
 */
function parseBase(
  body: { percentage?: unknown; base_amount?: number | null; tax_rate_id?: string | null },
  currency: string,
  path: string,
  errors: Record<string, string>,
  level: "document" | "line",
): { baseMinor?: number } {
  if (body.base_amount === undefined || body.base_amount === null) return {};
  const field = `${path}.base_amount`;
  if (level === "document" && !body.tax_rate_id)
    errors[field] = "A base_amount goes with a tax_rate_id (one VAT rate)";
  else if (level === "line" && body.percentage === undefined)
    errors[field] = "A base_amount goes with a percentage";
  const parsed = parseAmount(body.base_amount, currency);
  if (!parsed.ok) errors[field] = parsed.message;
  return parsed.ok ? { baseMinor: Number(parsed.value) } : {};
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

export function lineTaxOf(rate: TaxRate): LineTax {
  return {
    rateId: rate.id,
    category: rate.category,
    percentScaled: rate.percentScaled,
    inclusive: rate.inclusive,
    exemptionReason: rate.exemptionReason,
    exemptionReasonCode: rate.exemptionReasonCode,
  };
}

/**
 * A stored line as the totals engine takes it again: its amount, its discount or discounts and its
 * charges, each with the base it was given (the issued-document model reprices stored lines).
 */
export function storedTotalsLine(item: Omit<InvoiceItem, "invoiceId" | "unitCode">): TotalsLine {
  return {
    amountMinor: BigInt(item.amountMinor),
    discount: item.discount,
    tax: storedLineTax(item),
    ...(item.discounts?.length
      ? { discounts: item.discounts.map((d) => based(d.discount, d.baseMinor)) }
      : {}),
    ...(item.charges?.length ? { charges: item.charges.map((c) => based(c.charge, c.baseMinor)) } : {}),
  };
}

/** The line's tax terms as stored on the line (the snapshot), or null for an untaxed line. */
export function storedLineTax(item: Omit<InvoiceItem, "invoiceId" | "unitCode">): LineTax | null {
  if (!item.taxCategory) return null;
  return {
    rateId: item.taxRateId,
    category: item.taxCategory,
    percentScaled: item.taxPercentScaled ?? 0,
    inclusive: item.taxInclusive ?? false,
    exemptionReason: item.taxExemptionReason,
    exemptionReasonCode: item.taxExemptionReasonCode,
  };
}

async function findRates(db: Db, organizationId: string, ids: readonly string[]) {
  return new Map((await findTaxRates(db, organizationId, ids)).map((rate) => [rate.id, rate]));
}

/** The products and tax rates of one organization named by `productIds` and `rateIds`. */
export async function loadCatalog(
  db: Db,
  organizationId: string,
  productIds: readonly string[],
  rateIds: readonly string[],
): Promise<Catalog> {
  const [products, rates] = await Promise.all([
    findProducts(db, organizationId, productIds),
    findRates(db, organizationId, rateIds),
  ]);
  return { products: new Map(products.map((p) => [p.id, p])), rates };
}

/** The products and tax rates that `items` (the invoice's default rate, its discounts and charges) name. */
export function loadCatalogFor(
  db: Db,
  organizationId: string,
  items: readonly ItemInput[],
  defaultTaxRateId: string | null,
  moreRateIds: readonly string[] = [],
): Promise<Catalog> {
  const productIds = items.flatMap((item) => (item.product_id ? [item.product_id] : []));
  const rateIds = items.flatMap((item) => (item.tax_rate_id ? [item.tax_rate_id] : []));
  if (defaultTaxRateId) rateIds.push(defaultTaxRateId);
  rateIds.push(...moreRateIds);
  return loadCatalog(db, organizationId, productIds, rateIds);
}

/** A rate to apply from now on (a new default): this organization's, not archived; null clears. */
export async function resolveRate(
  db: Db,
  organizationId: string,
  id: string | null,
  field: string,
  errors: Record<string, string>,
): Promise<LineTax | null> {
  if (id === null) return null;
  const rate = (await findRates(db, organizationId, [id])).get(id);
  if (!rate) errors[field] = "No such tax rate";
  else if (rate.archived) errors[field] = "The tax rate is archived; use a current one";
  return rate && !rate.archived ? lineTaxOf(rate) : null;
}

export interface PricingOptions {
  defaultTaxRateId: string | null;
  /** Products and rates read beforehand (a sweep reads a whole page's at once); else queried. */
  catalog?: Catalog;
}

/** An organization's products and tax rates by id, as priceLines reads them. */
export interface Catalog {
  products: ReadonlyMap<string, Product>;
  rates: ReadonlyMap<string, TaxRate>;
}

/**
 * A customer that is reverse-charge or exempt refuses a standard-rated line (the seller would
 * charge VAT the buyer accounts for, or does not owe) unless the invoice sets ignore_tax_exempt.
 */
export function checkTaxExempt(
  lines: readonly { tax: LineTax | null }[],
  customer: Pick<Customer, "taxExempt">,
  ignoreTaxExempt: boolean,
  errors: Record<string, string>,
  adjustments: Pick<Invoice, "discounts" | "charges"> = { discounts: [], charges: [] },
): void {
  if (customer.taxExempt === "none" || ignoreTaxExempt) return;
  const refusal =
    customer.taxExempt === "reverse"
      ? "The customer is reverse charge (tax_exempt: reverse): use a rate of category AE, or set ignore_tax_exempt"
      : "The customer is tax exempt (tax_exempt: exempt): use an exempt rate, or set ignore_tax_exempt";
  // The lines, and the discounts and charges bound to a rate (BG-20/BG-21 carry their own VAT).
  const taxed: [string, { category: string } | null | undefined][] = [
    ...lines.map((line, index) => [`items.${index}.tax_rate_id`, line.tax] as [string, LineTax | null]),
    ...adjustments.discounts.map((d, k) => [`discounts.${k}.tax_rate_id`, d.tax] as [string, typeof d.tax]),
    ...(adjustments.charges ?? []).map(
      (c, k) => [`charges.${k}.tax_rate_id`, c.tax] as [string, typeof c.tax],
    ),
  ];
  // Split payment (B) charges VAT as a standard rate does; only the buyer pays it to the state.
  for (const [field, tax] of taxed)
    if (tax?.category === "S" || tax?.category === "B") errors[field] ??= refusal;
}

/**
 * What sending a draft refuses with 422, keyed by field: a standard-rated line, or a discount or
 * charge bound to a standard rate, for a customer that became reverse-charge or exempt since the
 * draft was priced. Send and a draft's readiness both ask this one check.
 */
export function issueRefusals(
  items: readonly InvoiceItem[],
  customer: Pick<Customer, "taxExempt">,
  invoice: Pick<Invoice, "ignoreTaxExempt" | "discounts" | "charges">,
): Record<string, string> {
  const errors: Record<string, string> = {};
  checkTaxExempt(
    items.map((item) => ({ tax: storedLineTax(item) })),
    customer,
    invoice.ignoreTaxExempt,
    errors,
    invoice,
  );
  return errors;
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

/** The optional line terms of a stored line, as priceLines gave them (none on an old-style line). */
export function storedLineExtras(
  item: Pick<
    InvoiceItem,
    | "quantity"
    | "discountReason"
    | "discountReasonCode"
    | "discounts"
    | "charges"
    | "priceDetail"
    | "servicePeriodStart"
    | "servicePeriodEnd"
    | "subLines"
  >,
  currency: string,
): Partial<PricedLine> {
  const extra: Partial<PricedLine> = {};
  if (item.subLines) extra.subLines = item.subLines;
  if (item.discountReason) extra.discountReason = item.discountReason;
  if (item.discountReasonCode) extra.discountReasonCode = item.discountReasonCode;
  if (item.discounts && item.discounts.length > 0) {
    extra.discounts = item.discounts.map((d) => ({
      description: d.description,
      reasonCode: d.reasonCode,
      discount: d.discount,
      ...(d.baseMinor !== undefined ? { baseMinor: d.baseMinor } : {}),
    }));
  }
  if (item.charges && item.charges.length > 0) {
    extra.charges = item.charges.map((c) => ({
      description: c.description,
      reasonCode: c.reasonCode,
      charge: c.charge,
      ...(c.baseMinor !== undefined ? { baseMinor: c.baseMinor } : {}),
    }));
  }
  if (item.priceDetail) {
    extra.priceDetail = item.priceDetail;
    extra.amountMinor = detailAmount(BigInt(item.quantity), item.priceDetail, currency);
  }
  if (item.servicePeriodStart && item.servicePeriodEnd) {
    extra.servicePeriod = { start: item.servicePeriodStart, end: item.servicePeriodEnd };
  }
  return extra;
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

export function itemRows(
  organizationId: string,
  invoiceId: string,
  lines: readonly PricedLine[],
  totals: Totals,
): InvoiceItem[] {
  return lines.map((line, position) => {
    const figures = totals.lines[position];
    return {
      id: prefixedId("item"),
      invoiceId,
      organizationId,
      position,
      productId: line.productId,
      description: line.description,
      quantity: Number(line.quantity),
      unitCode: line.unitCode,
      unitPriceMinor: Number(line.unitPriceMinor),
      amountMinor: Number(pricedAmount(line)),
      discount: line.discount,
      discountMinor: Number(figures?.discountMinor ?? 0n),
      discountReason: line.discountReason ?? null,
      discountReasonCode: line.discountReasonCode ?? null,
      discounts: line.discounts?.length
        ? line.discounts.map(
            (d, k): LineDiscount => ({
              description: d.description,
              reasonCode: d.reasonCode,
              discount: d.discount,
              ...(d.baseMinor !== undefined ? { baseMinor: d.baseMinor } : {}),
              amountMinor: Number(figures?.discountMinors[k] ?? 0n),
            }),
          )
        : null,
      charges: line.charges?.length
        ? line.charges.map((c, k) => ({
            description: c.description,
            reasonCode: c.reasonCode,
            charge: c.charge,
            ...(c.baseMinor !== undefined ? { baseMinor: c.baseMinor } : {}),
            amountMinor: Number(figures?.chargeMinors[k] ?? 0n),
          }))
        : null,
      priceDetail: line.priceDetail ?? null,
      subLines: line.subLines ?? null,
      servicePeriodStart: line.servicePeriod?.start ?? null,
      servicePeriodEnd: line.servicePeriod?.end ?? null,
      netMinor: Number(figures?.netMinor ?? 0n),
      taxRateId: line.tax?.rateId ?? null,
      taxFromDefault: line.taxFromDefault,
      taxCategory: line.tax?.category ?? null,
      taxPercentScaled: line.tax ? line.tax.percentScaled : null,
      taxInclusive: line.tax ? line.tax.inclusive : null,
      taxExemptionReason: line.tax?.exemptionReason ?? null,
      taxExemptionReasonCode: line.tax?.exemptionReasonCode ?? null,
    };
  });
}

/** The figures of the totals as invoice columns. */
export function totalsColumns(totals: Totals) {
  return {
    subtotalMinor: Number(totals.subtotal),
    discountTotalMinor: Number(totals.discountTotal),
    taxExclusiveMinor: Number(totals.taxExclusive),
    taxTotalMinor: Number(totals.taxTotal),
    roundingMinor: Number(totals.rounding),
    totalMinor: Number(totals.total),
    chargeTotalMinor: Number(totals.chargeTotal),
    prepaidMinor: Number(totals.prepaid),
    splitPaymentMinor: Number(totals.splitPayment),
    totalsDetail: totals.detail,
  } satisfies Partial<Invoice>;
}

/** Multi-row inserts of at most 5 rows, so no statement binds more than 100 parameters. */
export function insertItems(db: Db, rows: readonly InvoiceItem[]): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += ITEM_ROWS_PER_INSERT) {
    statements.push(db.insert(invoiceItems).values(rows.slice(i, i + ITEM_ROWS_PER_INSERT)));
  }
  return statements;
}

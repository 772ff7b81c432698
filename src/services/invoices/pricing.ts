// Pricing an invoice's lines: products fill description and price, tax rates are resolved and
// snapshotted onto each line, discounts parsed, and the totals engine computes every figure.
// Errors name the field path (`items.0.unit_price`, `items.1.tax_rate_id`, `discounts.0.amount`).
import type { Db } from "../../db/client";
import type { Customer } from "../../db/schema/customers";
import type {
  DiscountInput,
  DocumentCharge,
  DocumentDiscount,
  Invoice,
  InvoiceItem,
} from "../../db/schema/invoices";
import { invoiceItems } from "../../db/schema/invoices";
import type { Product } from "../../db/schema/products";
import type { TaxRate } from "../../db/schema/tax-rates";
import { ALLOWANCE_REASON_CODES, CHARGE_REASON_CODES } from "../../lib/allowance-charge-reasons";
import { validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import {
  AMOUNT_TOO_LARGE,
  fitsAmount,
  lineAmount,
  parseAmount,
  parsePercentage,
  parseQuantity,
  rescaleAmount,
} from "../../lib/money";
import { DEFAULT_UNIT_CODE } from "../../lib/units";
import { findProducts } from "../products";
import { findTaxRates } from "../tax-rates";
import type { Statement } from "./common";
import { computeTotals, type LineTax, type Settlement, type Totals } from "./totals";

export const MAX_ITEMS = 100;
export const MAX_DISCOUNTS = 10;
export const MAX_CHARGES = 10;
/** invoice_items binds 21 values per row; D1 allows 100 bound parameters per statement. */
const ITEM_ROWS_PER_INSERT = Math.floor(100 / 21);

/** `{ amount }` in major units or `{ percentage }` (0-100, at most 4 decimals). */
export interface DiscountBody {
  amount?: number;
  percentage?: number | string;
}

export interface ItemInput {
  product_id?: string;
  description?: string;
  quantity: number;
  /** UN/ECE Rec. 20 code (validated by the request schema); default: the product's, else C62. */
  unit_code?: string;
  unit_price?: number;
  /** null: the line carries no tax, whatever the invoice default. */
  tax_rate_id?: string | null;
  discount?: DiscountBody | null;
}

export interface DocumentDiscountBody extends DiscountBody {
  description?: string | null;
  /** UNCL 5189 (BT-98). */
  reason_code?: string | null;
  /** Binds the allowance to this rate (BG-20 at one rate); absent or null: spread pro rata. */
  tax_rate_id?: string | null;
  /** With a percentage and tax_rate_id: the base it is of (BT-93); default the lines at that rate. */
  base_amount?: number | null;
}

export interface DocumentChargeBody extends DiscountBody {
  description?: string | null;
  /** UNCL 7161 (BT-105). */
  reason_code?: string | null;
  /** Binds the charge to this rate; absent or null: spread pro rata like a discount. */
  tax_rate_id?: string | null;
  /** With a percentage and tax_rate_id: the base it is of (BT-100); default the lines at that rate. */
  base_amount?: number | null;
}

/** A line ready for the totals engine: prices in minor units, its tax terms resolved. */
export interface PricedLine {
  productId: string | null;
  description: string;
  quantity: bigint;
  unitCode: string;
  unitPriceMinor: bigint;
  discount: DiscountInput | null;
  tax: LineTax | null;
  /** The line gave no tax_rate_id: its rate is the invoice default, and follows a new one. */
  taxFromDefault: boolean;
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

/** An explicit base (BT-93/BT-100): only with a percentage and a bound rate. */
function parseBase(
  body: DocumentDiscountBody | DocumentChargeBody,
  currency: string,
  path: string,
  errors: Record<string, string>,
): { baseMinor?: number } {
  if (body.base_amount === undefined || body.base_amount === null) return {};
  const field = `${path}.base_amount`;
  if (body.percentage === undefined) errors[field] = "A base_amount goes with a percentage";
  else if (!body.tax_rate_id) errors[field] = "A base_amount goes with a tax_rate_id (one VAT rate)";
  const parsed = parseAmount(body.base_amount, currency);
  if (!parsed.ok) errors[field] = parsed.message;
  return parsed.ok ? { baseMinor: Number(parsed.value) } : {};
}

function checkReasonCode(
  code: string | null | undefined,
  list: ReadonlySet<string>,
  listName: string,
  field: string,
  errors: Record<string, string>,
) {
  if (code !== null && code !== undefined && !list.has(code))
    errors[field] = `Not a ${listName} code the EN 16931 rules accept`;
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
  return bodies.flatMap((body, index) => {
    const path = `discounts.${index}`;
    const discount = parseDiscount(body, currency, path, errors);
    checkReasonCode(body.reason_code, ALLOWANCE_REASON_CODES, "UNCL 5189", `${path}.reason_code`, errors);
    const tax = boundTax(body.tax_rate_id, rates, `${path}.tax_rate_id`, errors);
    const base = parseBase(body, currency, path, errors);
    if (!discount) return [];
    return [
      {
        description: body.description ?? null,
        discount,
        ...(body.reason_code ? { reasonCode: body.reason_code } : {}),
        ...(tax ? { tax } : {}),
        ...base,
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
  return bodies.flatMap((body, index) => {
    const path = `charges.${index}`;
    const charge = parseDiscount(body, currency, path, errors);
    checkReasonCode(body.reason_code, CHARGE_REASON_CODES, "UNCL 7161", `${path}.reason_code`, errors);
    const tax = boundTax(body.tax_rate_id, rates, `${path}.tax_rate_id`, errors);
    const base = parseBase(body, currency, path, errors);
    if (!charge) return [];
    return [
      {
        description: body.description ?? null,
        charge,
        reasonCode: body.reason_code ?? null,
        tax,
        ...base,
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
): void {
  if (customer.taxExempt === "none" || ignoreTaxExempt) return;
  lines.forEach((line, index) => {
    if (line.tax?.category !== "S") return;
    errors[`items.${index}.tax_rate_id`] ??=
      customer.taxExempt === "reverse"
        ? "The customer is reverse charge (tax_exempt: reverse): use a rate of category AE, or set ignore_tax_exempt"
        : "The customer is tax exempt (tax_exempt: exempt): use an exempt rate, or set ignore_tax_exempt";
  });
}

/**
 * What sending a draft refuses with 422, keyed by field: a standard-rated line for a customer
 * that became reverse-charge or exempt since the draft was priced. Send and a draft's readiness
 * both ask this one check.
 */
export function issueRefusals(
  items: readonly InvoiceItem[],
  customer: Pick<Customer, "taxExempt">,
  ignoreTaxExempt: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  checkTaxExempt(
    items.map((item) => ({ tax: storedLineTax(item) })),
    customer,
    ignoreTaxExempt,
    errors,
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
  items.forEach((item, index) => {
    const path = `items.${index}`;
    const product = item.product_id ? found.get(item.product_id) : undefined;
    if (item.product_id && !product) errors[`${path}.product_id`] = "No such product";

    const description = item.description ?? product?.name;
    if (description === undefined && !item.product_id) {
      errors[`${path}.description`] = "Required unless product_id is given";
    }

    const quantity = parseQuantity(item.quantity);
    if (!quantity.ok) errors[`${path}.quantity`] = quantity.message;

    let unitPrice: bigint | undefined;
    if (item.unit_price !== undefined) {
      const parsed = parseAmount(item.unit_price, currency);
      if (parsed.ok) unitPrice = parsed.value;
      else errors[`${path}.unit_price`] = parsed.message;
    } else if (product) {
      const rescaled = product.currency === currency ? BigInt(product.priceMinor) : undefined;
      if (rescaled === undefined) {
        errors[`${path}.product_id`] =
          `The product is priced in ${product.currency}, the invoice in ${currency}; give unit_price`;
      }
      unitPrice = rescaled;
    } else if (!item.product_id) {
      errors[`${path}.unit_price`] = "Required unless product_id is given";
    }

    const rate =
      item.tax_rate_id === null
        ? undefined
        : item.tax_rate_id !== undefined
          ? usableRate(item.tax_rate_id, `${path}.tax_rate_id`)
          : defaultRate;
    const discount = item.discount
      ? parseDiscount(item.discount, currency, `${path}.discount`, errors)
      : null;

    if (quantity.ok && unitPrice !== undefined && description !== undefined) {
      lines.push({
        productId: item.product_id ?? null,
        description,
        quantity: quantity.value,
        unitCode: item.unit_code ?? product?.unitCode ?? DEFAULT_UNIT_CODE,
        unitPriceMinor: unitPrice,
        discount: discount ?? null,
        tax: rate ? lineTaxOf(rate) : null,
        taxFromDefault: item.tax_rate_id === undefined,
      });
    }
  });
  return lines;
}

/** The stored lines re-expressed in another currency with the same major prices (PATCH currency). */
export function rescaleLines(items: readonly InvoiceItem[], from: string, to: string): PricedLine[] {
  return items.map((item) => {
    const unitPrice = rescaleAmount(BigInt(item.unitPriceMinor), from, to);
    const discountValue =
      item.discount?.kind === "amount" ? rescaleAmount(BigInt(item.discount.value), from, to) : undefined;
    if (unitPrice === undefined || (item.discount?.kind === "amount" && discountValue === undefined)) {
      throw validationError({ currency: `A line price or discount has more decimals than ${to} allows` });
    }
    if (!fitsAmount(unitPrice)) {
      throw validationError({ currency: `A line price is too large in ${to}. ${AMOUNT_TOO_LARGE}` });
    }
    return {
      productId: item.productId,
      description: item.description,
      quantity: BigInt(item.quantity),
      unitCode: item.unitCode,
      unitPriceMinor: unitPrice,
      discount:
        item.discount?.kind === "amount" ? { kind: "amount", value: Number(discountValue) } : item.discount,
      tax: storedLineTax(item),
      taxFromDefault: item.taxFromDefault,
    };
  });
}

/** Invoice-level amount discounts in another currency (PATCH currency). */
export function rescaleDiscounts(discounts: readonly DocumentDiscount[], from: string, to: string) {
  return discounts.map((d) => {
    if (d.baseMinor !== undefined) {
      const base = rescaleAmount(BigInt(d.baseMinor), from, to);
      if (base === undefined)
        throw validationError({ currency: `A discount base has more decimals than ${to} allows` });
      return { ...d, baseMinor: Number(base) };
    }
    if (d.discount.kind !== "amount") return d;
    const value = rescaleAmount(BigInt(d.discount.value), from, to);
    if (value === undefined)
      throw validationError({ currency: `A discount has more decimals than ${to} allows` });
    return { ...d, discount: { kind: "amount" as const, value: Number(value) } };
  });
}

/** Invoice-level amount charges in another currency (PATCH currency). */
export function rescaleCharges(charges: readonly DocumentCharge[], from: string, to: string) {
  return charges.map((c) => {
    if (c.baseMinor !== undefined) {
      const base = rescaleAmount(BigInt(c.baseMinor), from, to);
      if (base === undefined)
        throw validationError({ currency: `A charge base has more decimals than ${to} allows` });
      return { ...c, baseMinor: Number(base) };
    }
    if (c.charge.kind !== "amount") return c;
    const value = rescaleAmount(BigInt(c.charge.value), from, to);
    if (value === undefined)
      throw validationError({ currency: `A charge has more decimals than ${to} allows` });
    return { ...c, charge: { kind: "amount" as const, value: Number(value) } };
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
 * Runs the totals engine over priced lines; 422 when a discount is too large, rates are mixed,
 * or a figure passes the 15-digit cap. `field` names where a too-large figure is reported.
 */
export function totalsOf(
  lines: readonly PricedLine[],
  discounts: readonly DocumentDiscount[],
  field = "items",
  charges: readonly DocumentCharge[] = [],
  settlement?: Settlement,
): Totals {
  const errors: Record<string, string> = {};
  const amounts = lines.map((line, index) => {
    const amount = lineAmount(line.quantity, line.unitPriceMinor);
    if (!fitsAmount(amount))
      errors[`items.${index}.amount`] = `The line amount is too large. ${AMOUNT_TOO_LARGE}`;
    return amount;
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const result = computeTotals(
    lines.map((line, index) => ({
      amountMinor: amounts[index] ?? 0n,
      discount: line.discount,
      tax: line.tax,
    })),
    discounts,
    charges,
    settlement,
  );
  if (!result.ok) throw validationError(result.errors);
  if (!fitsAmount(result.totals.total) || !fitsAmount(result.totals.subtotal)) {
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
      amountMinor: Number(lineAmount(line.quantity, line.unitPriceMinor)),
      discount: line.discount,
      discountMinor: Number(figures?.discountMinor ?? 0n),
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

// The products and tax rates an invoice names, read from this organization's catalog, and a
// rate as the totals engine takes it.
import type { Db } from "../../../db/client";
import type { Product } from "../../../db/schema/products";
import type { TaxRate } from "../../../db/schema/tax-rates";
import type { ItemInput } from "../../../lib/document-input";
import { findProducts } from "../../products";
import { findTaxRates } from "../../tax-rates";
import type { LineTax } from "../totals";

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

/** An organization's products and tax rates by id, as priceLines reads them. */
export interface Catalog {
  products: ReadonlyMap<string, Product>;
  rates: ReadonlyMap<string, TaxRate>;
}

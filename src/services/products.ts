// Products: the catalog invoice lines can be filled from. Prices are minor units (Money module).
import { and, count, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { batchIfUnchanged, unchangedGuard, updateIfUnchanged } from "../db/guards";
import { getOwned } from "../db/owned";
import { type Product, products } from "../db/schema/products";
import { nowIso } from "../lib/clock";
import { validationError } from "../lib/errors";
import { prefixedId } from "../lib/ids";
import {
  createdMetadata,
  type Metadata,
  type MetadataInput,
  mergeMetadata,
  metadataOf,
} from "../lib/metadata";
import {
  AMOUNT_TOO_LARGE,
  decimalString,
  fitsAmount,
  PRICE_DECIMALS,
  parsePrice,
  parseQuantity,
  priceAmount,
  priceToMinor,
  QUANTITY_SCALE,
  quantityToNumber,
  rescaleAmount,
  scaledFromText,
  toMajor,
} from "../lib/money";
import { containsText } from "../lib/pagination";
import { DEFAULT_UNIT_CODE } from "../lib/units";
import { type EventType, recordEvent } from "./events";
import { clearMetadataEntries, metadataMatches, rewrittenMetadata, writeMetadataEntries } from "./metadata";

export interface ProductInput {
  name: string;
  description?: string | null;
  price: number;
  currency?: string;
  unit: string;
  /** UN/ECE Rec. 20 code (validated by the request schema); default C62. */
  unit_code?: string;
  /** The quantity the price is for (BT-149); default 1. */
  base_quantity?: number;
  metadata?: MetadataInput;
}

export type ProductPatch = Partial<Omit<ProductInput, "metadata">> & { metadata?: MetadataInput | null };

const metadataOwner = (row: Product) =>
  ({ organizationId: row.organizationId, objectType: "product", objectId: row.id }) as const;

export function serializeProduct(row: Product) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.netPrice ? Number(row.netPrice) : toMajor(row.priceMinor, row.currency),
    currency: row.currency,
    unit: row.unit,
    unit_code: row.unitCode,
    ...(row.baseQuantity !== null ? { base_quantity: quantityToNumber(row.baseQuantity) } : {}),
    metadata: metadataOf(row.metadata),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/**
 * A product price (the net price of the lines it fills, BT-146): up to 6 decimals. In whole minor
 * units it is stored as before; with more decimals its text is kept beside the rounded minor units.
 */
function productPrice(scaled: bigint, currency: string): Pick<Product, "priceMinor" | "netPrice"> {
  const whole = priceToMinor(scaled, currency);
  return whole !== undefined
    ? { priceMinor: Number(whole), netPrice: null }
    : {
        priceMinor: Number(priceAmount(QUANTITY_SCALE, scaled, QUANTITY_SCALE, currency)),
        netPrice: decimalString(scaled, PRICE_DECIMALS),
      };
}

function parseProductPrice(price: number, currency: string) {
  const parsed = parsePrice(price, currency);
  if (!parsed.ok) throw validationError({ price: parsed.message });
  return productPrice(parsed.value, currency);
}

/** A base quantity as stored: x 10^4, null for 1 (the default). */
function parseBaseQuantity(value: number | undefined): number | null {
  if (value === undefined) return null;
  const parsed = parseQuantity(value);
  if (!parsed.ok) throw validationError({ base_quantity: parsed.message });
  return parsed.value === QUANTITY_SCALE ? null : Number(parsed.value);
}

function event(db: Db, organizationId: string, type: EventType, row: Product, at: string) {
  return recordEvent(db, { organizationId, type, object: serializeProduct(row), at });
}

export async function createProduct(
  db: Db,
  organizationId: string,
  defaultCurrency: string,
  input: ProductInput,
) {
  const at = nowIso();
  const currency = input.currency ?? defaultCurrency;
  const row: Product = {
    id: prefixedId("prod"),
    organizationId,
    name: input.name,
    description: input.description ?? null,
    ...parseProductPrice(input.price, currency),
    baseQuantity: parseBaseQuantity(input.base_quantity),
    currency,
    unit: input.unit,
    unitCode: input.unit_code ?? DEFAULT_UNIT_CODE,
    metadata: createdMetadata(input.metadata),
    createdAt: at,
    updatedAt: at,
  };
  const recorded = event(db, organizationId, "product.created", row, at);
  await db.batch([
    db.insert(products).values(row),
    ...writeMetadataEntries(db, metadataOwner(row), row.metadata, { replace: false }),
    ...recorded.statements,
  ]);
  return { product: row, eventIds: [recorded.id] };
}

export async function findProducts(db: Db, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  // One bound parameter for the whole id list, however long (D1 allows 100 per statement).
  return db
    .select()
    .from(products)
    .where(
      and(
        eq(products.organizationId, organizationId),
        sql`${products.id} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`,
      ),
    );
}

export function getProduct(db: Db, organizationId: string, id: string): Promise<Product> {
  return getOwned(db, products, "Product", organizationId, id);
}

/**
 * Newest first; `search` matches name or description, case-insensitively (ASCII), `%` and `_`
 * literally: a substring test on the organization's rows, read through its created_at index
 * (a catalog is small; no full-text table).
 */
export async function listProducts(
  db: Db,
  organizationId: string,
  page: { search?: string; metadata?: Metadata; limit: number; offset: number },
) {
  const term = page.search?.trim();
  const where = and(
    eq(products.organizationId, organizationId),
    metadataMatches(products.id, organizationId, "product", page.metadata),
    term
      ? or(containsText(products.name, term), containsText(sql`coalesce(${products.description}, '')`, term))
      : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateProduct(db: Db, organizationId: string, id: string, patch: ProductPatch) {
  const current = await getProduct(db, organizationId, id);
  const currency = patch.currency ?? current.currency;
  let price: Pick<Product, "priceMinor" | "netPrice"> = {
    priceMinor: current.priceMinor,
    netPrice: current.netPrice,
  };
  if (patch.price !== undefined) {
    price = parseProductPrice(patch.price, currency);
  } else if (currency !== current.currency && current.netPrice) {
    // A price with more decimals than the currency is the same decimal in the new one.
    price = productPrice(scaledFromText(current.netPrice, PRICE_DECIMALS) ?? 0n, currency);
  } else if (currency !== current.currency) {
    // The same major price in the new currency, if its minor unit can hold it.
    const rescaled = rescaleAmount(BigInt(current.priceMinor), current.currency, currency);
    if (rescaled === undefined) {
      throw validationError({ currency: `The current price has more decimals than ${currency} allows` });
    }
    if (!fitsAmount(rescaled)) {
      throw validationError({
        currency: `The current price is too large in ${currency}. ${AMOUNT_TOO_LARGE}`,
      });
    }
    price = { priceMinor: Number(rescaled), netPrice: null };
  }
  const at = nowIso();
  const next: Product = {
    ...current,
    name: patch.name ?? current.name,
    description: patch.description === undefined ? current.description : patch.description,
    ...price,
    baseQuantity:
      patch.base_quantity !== undefined ? parseBaseQuantity(patch.base_quantity) : current.baseQuantity,
    currency,
    unit: patch.unit ?? current.unit,
    unitCode: patch.unit_code ?? current.unitCode,
    metadata:
      patch.metadata === undefined ? current.metadata : mergeMetadata(current.metadata, patch.metadata),
    updatedAt: at,
  };
  const recorded = event(db, organizationId, "product.updated", next, at);
  const stored = await updateIfUnchanged(db, products, "Product", current, next, {
    after: [
      ...rewrittenMetadata(db, metadataOwner(next), next.metadata, patch.metadata !== undefined),
      ...recorded.statements,
    ],
  });
  return { product: stored, eventIds: [recorded.id] };
}

/** Invoice lines keep their own copy of description and price, so deleting a product never changes one. */
export async function deleteProduct(db: Db, organizationId: string, id: string) {
  const current = await getProduct(db, organizationId, id);
  const recorded = event(db, organizationId, "product.deleted", current, nowIso());
  await batchIfUnchanged(db, products, current, "Product", [
    unchangedGuard(db, products, current),
    db.delete(products).where(and(eq(products.id, id), eq(products.organizationId, organizationId))),
    clearMetadataEntries(db, metadataOwner(current)),
    ...recorded.statements,
  ]);
  return { eventIds: [recorded.id] };
}

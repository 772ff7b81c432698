// Tax rates an organization charges. A rate's tax terms (percentage, inclusive, category,
// exemption) are fixed once an invoice line uses it; its name and archived flag never are.

import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { failBatchUnless, updateIfUnchanged } from "../db/guards";
import { getOwned } from "../db/owned";
import { invoiceItems } from "../db/schema/invoices";
import { EXEMPT_CATEGORIES, type TaxCategory, type TaxRate, taxRates } from "../db/schema/tax-rates";
import { nowIso } from "../lib/clock";
import { conflict, validationError } from "../lib/errors";
import { prefixedId } from "../lib/ids";
import { percentageToNumber } from "../lib/money";
import { type EventType, recordEvent } from "./events";

export interface TaxRateInput {
  display_name: string;
  /** Already scaled (x 10^4) by the request schema. */
  percent_scaled: number;
  inclusive?: boolean;
  category?: TaxCategory;
  exemption_reason?: string | null;
  exemption_reason_code?: string | null;
}

export interface TaxRatePatch {
  display_name?: string;
  percent_scaled?: number;
  inclusive?: boolean;
  category?: TaxCategory;
  exemption_reason?: string | null;
  exemption_reason_code?: string | null;
  archived?: boolean;
}

/** Categories that state no exemption: standard, zero rated, Canary Islands, Ceuta and Melilla, split payment. */
const TAXED_CATEGORIES: readonly TaxCategory[] = ["S", "Z", "L", "M", "B"];

export function serializeTaxRate(row: TaxRate) {
  return {
    id: row.id,
    display_name: row.displayName,
    percentage: percentageToNumber(row.percentScaled),
    inclusive: row.inclusive,
    category: row.category,
    exemption_reason: row.exemptionReason,
    exemption_reason_code: row.exemptionReasonCode,
    archived: row.archived,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/**
 * EN 16931's rules between a category, its rate and its exemption (BR-S-*, BR-Z-*, BR-E-*,
 * BR-AE-*, BR-IC-*, BR-G-*, BR-O-*): 422 naming the field at fault.
 */
function assertCoherentTerms(
  row: Pick<TaxRate, "category" | "percentScaled" | "exemptionReason" | "exemptionReasonCode">,
) {
  const { category, percentScaled } = row;
  if (category === "S" && percentScaled === 0) {
    throw validationError({
      percentage: "A standard rate (category S) must be greater than 0; use Z for zero rated",
    });
  }
  if (category === "B" && percentScaled === 0) {
    throw validationError({
      percentage: "A split payment rate (category B) charges VAT: the percentage must be greater than 0",
    });
  }
  if (["Z", "E", "AE", "K", "G", "O"].includes(category) && percentScaled !== 0) {
    throw validationError({ percentage: `Category ${category} charges no VAT: the percentage must be 0` });
  }
  const hasExemption = row.exemptionReason !== null || row.exemptionReasonCode !== null;
  if (EXEMPT_CATEGORIES.includes(category) && !hasExemption) {
    throw validationError({
      exemption_reason: `Category ${category} needs an exemption_reason and/or an exemption_reason_code (VATEX)`,
    });
  }
  if (TAXED_CATEGORIES.includes(category) && hasExemption) {
    const field = row.exemptionReason !== null ? "exemption_reason" : "exemption_reason_code";
    throw validationError({ [field]: `Category ${category} takes no exemption reason` });
  }
}

function event(db: Db, organizationId: string, type: EventType, row: TaxRate, at: string) {
  return recordEvent(db, { organizationId, type, object: serializeTaxRate(row), at });
}

export async function createTaxRate(db: Db, organizationId: string, input: TaxRateInput) {
  const at = nowIso();
  const row: TaxRate = {
    id: prefixedId("txr"),
    organizationId,
    displayName: input.display_name,
    percentScaled: input.percent_scaled,
    inclusive: input.inclusive ?? false,
    category: input.category ?? "S",
    exemptionReason: input.exemption_reason ?? null,
    exemptionReasonCode: input.exemption_reason_code ?? null,
    archived: false,
    createdAt: at,
    updatedAt: at,
  };
  assertCoherentTerms(row);
  const recorded = event(db, organizationId, "tax_rate.created", row, at);
  await db.batch([db.insert(taxRates).values(row), ...recorded.statements]);
  return { taxRate: row, eventIds: [recorded.id] };
}

/** The organization's rates among `ids` (archived ones included), in one statement. */
export async function findTaxRates(db: Db, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  // One bound parameter for the whole id list, however long (D1 allows 100 per statement).
  return db
    .select()
    .from(taxRates)
    .where(
      and(
        eq(taxRates.organizationId, organizationId),
        sql`${taxRates.id} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`,
      ),
    );
}

export function getTaxRate(db: Db, organizationId: string, id: string): Promise<TaxRate> {
  return getOwned(db, taxRates, "Tax rate", organizationId, id);
}

/** Newest first; `archived` filters when given. */
export async function listTaxRates(
  db: Db,
  organizationId: string,
  query: { archived?: boolean; limit: number; offset: number },
) {
  const where = and(
    eq(taxRates.organizationId, organizationId),
    query.archived === undefined ? undefined : eq(taxRates.archived, query.archived),
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(taxRates)
      .where(where)
      .orderBy(desc(taxRates.createdAt), desc(taxRates.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(taxRates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

async function isInUse(db: Db, id: string): Promise<boolean> {
  const [used] = await db
    .select({ one: sql`1` })
    .from(invoiceItems)
    .where(eq(invoiceItems.taxRateId, id))
    .limit(1);
  return used !== undefined;
}

/** A statement that fails the batch (like unchangedGuard) if an invoice line uses the rate. */
function unusedGuard(db: Db, id: string) {
  return failBatchUnless(
    db,
    taxRates,
    sql`NOT EXISTS (SELECT 1 FROM ${invoiceItems} WHERE ${invoiceItems.taxRateId} = ${id})`,
  );
}

const TERMS = ["percentScaled", "inclusive", "category", "exemptionReason", "exemptionReasonCode"] as const;

/**
 * Name and archived flag change freely; the tax terms only while no invoice line uses the rate
 * (409 `tax_rate_in_use`), since lines and their totals were computed with them.
 */
export async function updateTaxRate(db: Db, organizationId: string, id: string, patch: TaxRatePatch) {
  const current = await getTaxRate(db, organizationId, id);
  const at = nowIso();
  const next: TaxRate = {
    ...current,
    displayName: patch.display_name ?? current.displayName,
    percentScaled: patch.percent_scaled ?? current.percentScaled,
    inclusive: patch.inclusive ?? current.inclusive,
    category: patch.category ?? current.category,
    exemptionReason: patch.exemption_reason === undefined ? current.exemptionReason : patch.exemption_reason,
    exemptionReasonCode:
      patch.exemption_reason_code === undefined ? current.exemptionReasonCode : patch.exemption_reason_code,
    archived: patch.archived ?? current.archived,
    updatedAt: at,
  };
  const termsChange = TERMS.some((term) => next[term] !== current[term]);
  if (termsChange) {
    assertCoherentTerms(next);
    if (await isInUse(db, id)) {
      throw conflict(
        "tax_rate_in_use",
        "Invoice lines use this tax rate, so its terms are fixed: create a new rate (and archive this one) instead",
      );
    }
  }
  const recorded = event(db, organizationId, "tax_rate.updated", next, at);
  // Only if the row is still what was read, so the event describes exactly the stored row; a term
  // change also only while still no invoice line uses the rate.
  const stored = await updateIfUnchanged(db, taxRates, "Tax rate", current, next, {
    guards: termsChange ? [unusedGuard(db, id)] : [],
    after: recorded.statements,
  });
  return { taxRate: stored, eventIds: [recorded.id] };
}

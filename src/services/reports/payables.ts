// What the organization owes its suppliers (GET /v1/reports/payables), shaped like the receivables
// report: the amount due of open bills per currency and per supplier, in the same aging buckets.
// The amount due is the bills service's one definition (`sqlAmountDueMinor`), summed in SQL per
// currency and amount scale (a bill's integers count in its own scale), then brought to one scale
// per currency here, exactly, before they become JSON numbers.

import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bills, suppliers } from "../../db/schema/bills";
import { utcDate } from "../../lib/clock";
import { decimalString } from "../../lib/money";
import { openBillsWhere, sqlAmountDueMinor } from "../bills";
import { type AgingBucket, type AgingSums, agingColumns, agingFigures, daysPastDue } from "./aging";

interface ScaledRow extends AgingSums {
  currency: string;
  amount_scale: number;
  supplier_id?: string;
  supplier_name?: string;
}

const SUMS: readonly (AgingBucket | "total")[] = [
  "current",
  "days_1_30",
  "days_31_60",
  "days_61_90",
  "days_over_90",
  "total",
];

interface Merged {
  first: ScaledRow;
  /** The finest scale of the group: every sum counts in it. */
  scale: number;
  sums: Record<AgingBucket | "total", bigint>;
  bills: number;
}

/** Rows of one currency (and supplier) summed in several amount scales, added up exactly in the finest. */
function mergeScales(rows: readonly ScaledRow[], keyOf: (row: ScaledRow) => string): Merged[] {
  const groups = new Map<string, ScaledRow[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return [...groups.values()].map((group) => {
    const first = group[0] as ScaledRow;
    const scale = Math.max(...group.map((row) => row.amount_scale));
    const sum = (name: AgingBucket | "total") =>
      group.reduce(
        (total, row) => total + BigInt(row[name] ?? 0) * 10n ** BigInt(scale - row.amount_scale),
        0n,
      );
    return {
      first,
      scale,
      sums: Object.fromEntries(SUMS.map((name) => [name, sum(name)])) as Merged["sums"],
      bills: group.reduce((n, row) => n + row.documents, 0),
    };
  });
}

/** The figures as JSON numbers in major units. */
const figuresOf = (merged: Merged) =>
  agingFigures(merged.sums as unknown as AgingSums, (minor) =>
    Number(decimalString(BigInt(minor), merged.scale)),
  );

/** Larger amount due first (compared exactly across scales). */
function byTotalDescending(a: Merged, b: Merged): number {
  const scale = Math.max(a.scale, b.scale);
  const at = (m: Merged) => m.sums.total * 10n ** BigInt(scale - m.scale);
  return at(b) > at(a) ? 1 : at(b) < at(a) ? -1 : 0;
}

/**
 * The payables report's two queries as of `today`: per currency and scale, and per currency, scale
 * and supplier (summed first, then named: one supplier lookup per group). Both read the open bills
 * from bills_organization_status_due_idx alone, which holds every column they read.
 */
export function payablesQueries(organizationId: string, today: string): [SQL, SQL] {
  const columns = agingColumns(
    sqlAmountDueMinor,
    daysPastDue(today, sql`coalesce(${bills.dueDate}, ${bills.issueDate})`),
  );
  const open = openBillsWhere(organizationId);
  return [
    sql`
      SELECT ${bills.currency} AS currency, ${bills.amountScale} AS amount_scale, ${columns}
      FROM ${bills} WHERE ${open} GROUP BY 1, 2`,
    sql`
      SELECT s.*, ${suppliers.name} AS supplier_name
      FROM (
        SELECT ${bills.currency} AS currency, ${bills.amountScale} AS amount_scale,
               ${bills.supplierId} AS supplier_id, ${columns}
        FROM ${bills} WHERE ${open} GROUP BY 1, 2, 3
      ) s JOIN ${suppliers} ON ${suppliers.id} = s.supplier_id`,
  ];
}

/**
 * Open bills (received or approved, something due) as of today (UTC), per currency and per
 * supplier and currency, by days past the due date; a bill that states no due date (BT-9) is due
 * from its issue date. A supplier's credit note (381, a type that credits) is owed to the
 * organization, not by it, and is left out, as receivables leave out what the organization owes.
 */
export async function payablesReport(db: Db, organizationId: string) {
  const today = utcDate();
  const [currencyQuery, supplierQuery] = payablesQueries(organizationId, today);
  const [byCurrency, bySupplier] = await Promise.all([
    db.all<ScaledRow>(currencyQuery),
    db.all<ScaledRow>(supplierQuery),
  ]);
  const data = mergeScales(byCurrency, (row) => row.currency)
    .sort((a, b) => a.first.currency.localeCompare(b.first.currency))
    .map((merged) => ({ currency: merged.first.currency, ...figuresOf(merged), bills: merged.bills }));
  const perSupplier = mergeScales(bySupplier, (row) => `${row.currency} ${row.supplier_id}`)
    .sort(
      (a, b) =>
        a.first.currency.localeCompare(b.first.currency) ||
        byTotalDescending(a, b) ||
        (a.first.supplier_id ?? "").localeCompare(b.first.supplier_id ?? ""),
    )
    .map((merged) => ({
      supplier_id: merged.first.supplier_id as string,
      name: merged.first.supplier_name as string,
      currency: merged.first.currency,
      ...figuresOf(merged),
      bills: merged.bills,
    }));
  return { as_of: today, data, suppliers: perSupplier };
}

// The VAT on bills, for the tax report's `received` figures (input tax): per currency, VAT category
// and rate, the taxable amounts and VAT of the VAT breakdown each bill's document states (BG-23),
// added up exactly from their decimal text. Bills count once the organization accepted them as owed
// (approved, then paid), by their issue date; a supplier's credit note (a type EN 16931 lists for a credit note: 381, 396, ...)
// takes its figures off. Each bill's breakdown is a set of tax lines, written as it is accepted.

import { inArray, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { documentTaxLines } from "../../db/schema/tax-lines";
import { CREDIT_TYPE_CODES } from "../../document/received/credits";
import { decimalString } from "../../lib/money";

export interface ReceivedTaxFigures {
  currency: string;
  category: string | null;
  percentScaled: number;
  taxableAmount: number;
  taxAmount: number;
}

interface SumRow {
  currency: string;
  category: string | null;
  percent_scaled: number;
  amount_scale: number;
  taxable: number;
  amount: number;
}

/** The key the tax report groups by: currency, category and rate x 10^4. */
export const taxRowKey = (currency: string, category: string | null, percentScaled: number) =>
  `${currency}|${category ?? ""}|${percentScaled}`;

/**
 * The input VAT of bills issued in [from, to], by currency, category and rate (key: taxRowKey):
 * their tax lines (src/services/reports/tax-lines.ts), summed in SQL per decimals stated, then
 * added up exactly in the finest of them.
 */
export async function receivedTax(
  db: Db,
  organizationId: string,
  from: string,
  to: string,
): Promise<Map<string, ReceivedTaxFigures>> {
  const t = documentTaxLines;
  // A supplier's credit note (a type EN 16931 lists for a credit note) takes its figures off.
  const signed = (column: SQLWrapper) =>
    sql`SUM(CASE WHEN trim(${t.typeCode}) IN ${sql`(${sql.join(
      CREDIT_TYPE_CODES.map((code) => sql`${code}`),
      sql`, `,
    )})`} THEN -${column} ELSE ${column} END)`;
  const rows = await db.all<SumRow>(sql`
    SELECT ${t.currency} AS currency, ${t.category} AS category, ${t.percentScaled} AS percent_scaled,
           ${t.amountScale} AS amount_scale, ${signed(t.taxableMinor)} AS taxable, ${signed(t.taxMinor)} AS amount
    FROM ${t}
    WHERE ${t.organizationId} = ${organizationId} AND ${inArray(t.documentType, ["bill"])}
      AND ${t.taxDate} BETWEEN ${from} AND ${to}
    GROUP BY 1, 2, 3, 4`);
  const groups = new Map<string, SumRow[]>();
  for (const row of rows) {
    const key = taxRowKey(row.currency, row.category, row.percent_scaled);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const figures = new Map<string, ReceivedTaxFigures>();
  for (const [key, group] of groups) {
    const first = group[0] as SumRow;
    const scale = Math.max(...group.map((row) => row.amount_scale));
    const sum = (pick: (row: SumRow) => number) =>
      group.reduce((total, row) => total + BigInt(pick(row)) * 10n ** BigInt(scale - row.amount_scale), 0n);
    figures.set(key, {
      currency: first.currency,
      category: first.category,
      percentScaled: first.percent_scaled,
      taxableAmount: Number(
        decimalString(
          sum((row) => row.taxable),
          scale,
        ),
      ),
      taxAmount: Number(
        decimalString(
          sum((row) => row.amount),
          scale,
        ),
      ),
    });
  }
  return figures;
}

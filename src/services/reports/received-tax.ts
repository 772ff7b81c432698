// The VAT on bills, for the tax report's `received` figures (input tax): per currency, VAT category
// and rate, the taxable amounts and VAT of the VAT breakdown each bill's document states (BG-23),
// added up exactly from their decimal text. Bills count once the organization accepted them as owed
// (approved, then paid), by their issue date; a supplier's credit note (a type EN 16931 lists for a credit note: 381, 396, ...)
// takes its figures off.

import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bills } from "../../db/schema/bills";
import { statesCredit } from "../../document/received/credits";
import { plainDecimal } from "../../document/received/validation/decimal";
import { decimalString, PERCENT_DECIMALS, scaledFromText } from "../../lib/money";
import { amountDecimals } from "../bills/amounts";
import { BILL_TRANSITIONS } from "../lifecycle";

/** Accepted as owed: the states `approve` and `pay` lead to (the lifecycle table names them). */
const ACCEPTED_BILL_STATES = [BILL_TRANSITIONS.approve.to, BILL_TRANSITIONS.pay.to];

export interface ReceivedTaxFigures {
  currency: string;
  category: string | null;
  percentScaled: number;
  taxableAmount: number;
  taxAmount: number;
}

interface SubtotalRow {
  currency: string;
  type_code: string;
  category: string | null;
  percent: string | null;
  taxable: string | null;
  amount: string | null;
}

/** A stated amount as an integer x 10^scale (0 when the document states none or no number). */
const scaledAmount = (text: string | null, scale: number) =>
  text === null ? 0n : (scaledFromText(plainDecimal(text), scale) ?? 0n);

/** The key the tax report groups by: currency, category and rate x 10^4. */
export const taxRowKey = (currency: string, category: string | null, percentScaled: number) =>
  `${currency}|${category ?? ""}|${percentScaled}`;

/** The input VAT of bills issued in [from, to], by currency, category and rate (key: taxRowKey). */
export async function receivedTax(
  db: Db,
  organizationId: string,
  from: string,
  to: string,
): Promise<Map<string, ReceivedTaxFigures>> {
  const rows = await db.all<SubtotalRow>(sql`
    SELECT ${bills.currency} AS currency, ${bills.typeCode} AS type_code,
           json_extract(e.value, '$.tax.category') AS category,
           json_extract(e.value, '$.tax.percent') AS percent,
           json_extract(e.value, '$.taxable') AS taxable,
           json_extract(e.value, '$.amount') AS amount
    FROM ${bills}, json_each(${bills.document}, '$.subtotals') e
    WHERE ${and(
      eq(bills.organizationId, organizationId),
      inArray(bills.status, ACCEPTED_BILL_STATES),
      between(bills.issueDate, from, to),
    )}`);
  const groups = new Map<string, SubtotalRow[]>();
  for (const row of rows) {
    const percentScaled = Number(scaledFromText(plainDecimal(row.percent ?? "0"), PERCENT_DECIMALS) ?? 0n);
    const key = taxRowKey(row.currency, row.category, percentScaled);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const figures = new Map<string, ReceivedTaxFigures>();
  for (const [key, group] of groups) {
    const first = group[0] as SubtotalRow;
    // The currency's decimals, or more where a document states more: every amount added exactly.
    const scale = amountDecimals(
      first.currency,
      group.flatMap((row) => [row.taxable, row.amount]),
    );
    const sum = (pick: (row: SubtotalRow) => string | null) =>
      group.reduce((total, row) => {
        const value = scaledAmount(pick(row), scale);
        return statesCredit(row.type_code) ? total - value : total + value;
      }, 0n);
    figures.set(key, {
      currency: first.currency,
      category: first.category,
      percentScaled: Number(scaledFromText(plainDecimal(first.percent ?? "0"), PERCENT_DECIMALS) ?? 0n),
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

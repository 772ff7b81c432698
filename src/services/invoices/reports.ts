// Reports from D1 aggregates: the tax report (for a VAT return) and receivables by age. Each is
// one or two GROUP BY queries (run in parallel) over indexes that start with the organization, so
// the number of round trips does not grow with the number of invoices.
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { documentTaxLines } from "../../db/schema/tax-lines";
import { utcDate } from "../../lib/clock";
import { percentageToNumber, toMajor } from "../../lib/money";
import { typeCodesWith } from "../../lib/type-codes";
import { invoiceStatesFor, sqlFallsDue, sqlStatusIn, sqlTypeCodes } from "../lifecycle";
import { type AgingSums, agingColumns, agingFigures, daysPastDue } from "../reports/aging";
import { receivedTax, taxRowKey } from "../reports/received-tax";
import { amountDueSql } from "./amount-due";

/** Receivable: the invoices open for payment. */
const OPEN_STATES = invoiceStatesFor("record_payment");

interface TaxRow {
  currency: string;
  category: string | null;
  percent_scaled: number;
  invoiced_taxable: number;
  invoiced_tax: number;
  credited_taxable: number;
  credited_tax: number;
}

/**
 * The sums of the tax report over the tax lines its documents wrote as they were issued
 * (src/services/reports/tax-lines.ts): one range of the covering index per document type.
 */
export function taxReportQuery(organizationId: string, from: string, to: string): SQL {
  const t = documentTaxLines;
  const credits = sql`${t.typeCode} IN ${sqlTypeCodes(typeCodesWith("credits"))}`;
  return sql`
    SELECT ${t.currency} AS currency, ${t.category} AS category, ${t.percentScaled} AS percent_scaled,
           SUM(CASE WHEN ${credits} THEN 0 ELSE ${t.taxableMinor} END) AS invoiced_taxable,
           SUM(CASE WHEN ${credits} THEN 0 ELSE ${t.taxMinor} END) AS invoiced_tax,
           SUM(CASE WHEN ${credits} THEN ${t.taxableMinor} ELSE 0 END) AS credited_taxable,
           SUM(CASE WHEN ${credits} THEN ${t.taxMinor} ELSE 0 END) AS credited_tax
    FROM ${t}
    WHERE ${t.organizationId} = ${organizationId}
      AND ${inArray(t.documentType, ["invoice", "credit_note"])}
      AND ${t.taxDate} BETWEEN ${from} AND ${to}
      AND ${t.typeCode} NOT IN ${sqlTypeCodes(typeCodesWith("selfBilled"))}
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3`;
}

/**
 * Per currency, VAT category and rate: taxable amount and tax of the invoices issued in
 * [from, to] minus the credit notes issued in it (by issue date, both ends included). Drafts
 * have no issue date and are not counted; a void invoice counts, and so does its credit note. An
 * invoice crediting one issued elsewhere (381) counts as a credit note; a self-billed invoice
 * (389) is the organization's purchase, not its output tax, and is left out. Neither takes a
 * credit note or a void (credit-notes.ts), so neither is counted twice nor credited uncounted.
 * Beside them, `received`: the VAT of the bills accepted in it (src/services/reports/received-tax.ts).
 */
export async function taxReport(db: Db, organizationId: string, from: string, to: string) {
  // The invoices' and credit notes' figures and the bills' VAT are read at the same time.
  const [result, received] = await Promise.all([
    db.all<TaxRow>(taxReportQuery(organizationId, from, to)),
    receivedTax(db, organizationId, from, to),
  ]);
  const none = { taxable_amount: 0, tax_amount: 0 };
  const receivedOf = (key: string) => {
    const figures = received.get(key);
    received.delete(key);
    return figures ? { taxable_amount: figures.taxableAmount, tax_amount: figures.taxAmount } : none;
  };
  const rows = result.map((row) => {
    const money = (minor: number) => toMajor(minor, row.currency);
    return {
      currency: row.currency,
      category: row.category,
      percentage: percentageToNumber(row.percent_scaled),
      taxable_amount: money(row.invoiced_taxable - row.credited_taxable),
      tax_amount: money(row.invoiced_tax - row.credited_tax),
      invoiced: { taxable_amount: money(row.invoiced_taxable), tax_amount: money(row.invoiced_tax) },
      credited: { taxable_amount: money(row.credited_taxable), tax_amount: money(row.credited_tax) },
      received: receivedOf(taxRowKey(row.currency, row.category, row.percent_scaled)),
      percentScaled: row.percent_scaled,
    };
  });
  // A rate only bills carry: a row of its own, nothing invoiced or credited at it.
  for (const figures of received.values()) {
    rows.push({
      currency: figures.currency,
      category: figures.category,
      percentage: percentageToNumber(figures.percentScaled),
      taxable_amount: 0,
      tax_amount: 0,
      invoiced: none,
      credited: none,
      received: { taxable_amount: figures.taxableAmount, tax_amount: figures.taxAmount },
      percentScaled: figures.percentScaled,
    });
  }
  // The order of the SQL above (NULL category first), bills' rows among the invoices'.
  rows.sort(
    (a, b) =>
      byCode(a.currency, b.currency) || byCode(a.category, b.category) || a.percentScaled - b.percentScaled,
  );
  return { from, to, data: rows.map(({ percentScaled: _, ...row }) => row) };
}

/** Codes in SQLite's order: NULL first, then by their characters. */
const byCode = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;

interface AgingRow extends AgingSums {
  currency: string;
  customer_id?: string;
  customer_name?: string;
}

/**
 * The receivables report's two queries as of `today`: per currency, and per currency and customer
 * (summed first, then named: one customer lookup per group). Both read the open invoices from
 * invoices_organization_status_due_idx alone, which holds every column they read.
 */
export function receivablesQueries(organizationId: string, today: string): [SQL, SQL] {
  const columns = agingColumns(amountDueSql("invoices"), daysPastDue(today, sql`"invoices"."due_date"`));
  const open = sql`organization_id = ${organizationId} AND ${sqlStatusIn(sql.raw("status"), OPEN_STATES)}
    AND ${sqlFallsDue(sql.raw("type_code"))}`;
  return [
    sql`SELECT currency, ${columns} FROM invoices WHERE ${open} GROUP BY currency ORDER BY currency`,
    sql`
      SELECT s.*, c.name AS customer_name
      FROM (SELECT currency, customer_id, ${columns} FROM invoices WHERE ${open} GROUP BY currency, customer_id) s
      JOIN customers c ON c.id = s.customer_id
      ORDER BY s.currency, s.total DESC, s.customer_id`,
  ];
}

/**
 * What customers owe on sent and overdue invoices as of today (UTC), per currency and per
 * customer and currency, in aging buckets by days past the due date: current (not yet due),
 * 1-30, 31-60, 61-90, over 90. Paid, void and draft invoices owe nothing, and neither does
 * what the organization owes its customer (type codes 381 and 389, src/lib/type-codes.ts).
 */
export async function receivablesReport(db: Db, organizationId: string) {
  const today = utcDate();
  const [perCurrency, perCustomer] = receivablesQueries(organizationId, today);
  const [byCurrency, byCustomer] = await Promise.all([
    db.all<AgingRow>(perCurrency),
    db.all<AgingRow>(perCustomer),
  ]);
  const view = (row: AgingRow) => ({
    currency: row.currency,
    ...agingFigures(row, (minor) => toMajor(minor, row.currency)),
    invoices: row.documents,
  });
  return {
    as_of: today,
    data: byCurrency.map(view),
    customers: byCustomer.map((row) => ({
      customer_id: row.customer_id as string,
      name: row.customer_name as string,
      ...view(row),
    })),
  };
}

// The tax lines of issued documents (src/db/schema/tax-lines.ts): written in the batch that issues
// an invoice or a credit note, copied by SQL from the breakdown that batch leaves stored on the
// row (the same JSON the document's model, PDF and e-invoice state), so nothing is computed twice;
// a bill's, from the VAT breakdown its document states (BG-23), in the batch that makes it
// accepted as owed, and removed by the one that rejects it. migrations/0037_document_tax_lines.sql
// copies the documents issued (and bills accepted) before, with the same SELECTs.
import { eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { batchableRun, type Db } from "../../db/client";
import { creditNotes } from "../../db/schema/billing";
import type { Bill } from "../../db/schema/bills";
import { invoices } from "../../db/schema/invoices";
import { documentTaxLines, type TaxLineDocument } from "../../db/schema/tax-lines";
import { plainDecimal } from "../../document/received/validation/decimal";
import { PERCENT_DECIMALS, scaledFromText } from "../../lib/money";
import { CREDIT_NOTE_TYPE_CODE } from "../../lib/type-codes";
import { amountDecimals } from "../bills/amounts";
import { BILL_TRANSITIONS } from "../lifecycle";

/**
 * INSERT of the breakdown entries of one stored document (`table`, its row `id`) once it has an
 * issue date: a draft invoice has none, so it writes nothing.
 */
function copyBreakdown(
  db: Db,
  table: typeof invoices | typeof creditNotes,
  documentType: TaxLineDocument,
  typeCode: SQL,
  id: string,
) {
  const t = documentTaxLines;
  return batchableRun(
    db,
    sql`INSERT INTO ${t} (${sql.join(
      [
        t.organizationId,
        t.documentType,
        t.documentId,
        t.position,
        t.taxDate,
        t.typeCode,
        t.currency,
        t.category,
        t.percentScaled,
        t.taxableMinor,
        t.taxMinor,
      ].map((column) => sql.identifier(column.name)),
      sql`, `,
    )})
    SELECT d.organization_id, ${documentType}, d.id, e.key, d.issue_date, ${typeCode}, d.currency,
           json_extract(e.value, '$.category'), json_extract(e.value, '$.percent_scaled'),
           json_extract(e.value, '$.taxable_minor'), json_extract(e.value, '$.tax_minor')
    FROM ${table} d, json_each(d.totals_detail, '$.breakdown') e
    WHERE d.id = ${id} AND d.issue_date IS NOT NULL`,
  );
}

/** For the send that issues invoice `id`: after the statement that stores its issue date. */
export const invoiceTaxLines = (db: Db, id: string) =>
  copyBreakdown(db, invoices, "invoice", sql`d.type_code`, id);

/** For the batch that issues credit note `id`: after its insert. */
export const creditNoteTaxLines = (db: Db, id: string) =>
  copyBreakdown(db, creditNotes, "credit_note", sql`${CREDIT_NOTE_TYPE_CODE}`, id);

/** A bill counts in the tax report once accepted as owed: the states `approve` and `pay` lead to. */
export const ACCEPTED_BILL_STATES: readonly Bill["status"][] = [
  BILL_TRANSITIONS.approve.to,
  BILL_TRANSITIONS.pay.to,
];

/** A stated decimal as an integer x 10^scale; 0 where the document states none or no number. */
export const scaledStated = (text: string | null | undefined, scale: number) =>
  text == null ? 0n : (scaledFromText(plainDecimal(text), scale) ?? 0n);

/** A stated VAT rate (BT-119) x 10^4, as the tax report keys it; 0 where none is stated. */
export const statedPercentScaled = (text: string | null | undefined) =>
  Number(scaledStated(text ?? "0", PERCENT_DECIMALS));

/** D1 binds at most 100 values a statement: rows of 12 columns, 8 at a time. */
const ROWS_PER_INSERT = Math.floor(100 / 12);

/**
 * The bill's VAT breakdown as its document states it, one row per entry: each amount exactly, in
 * the decimals the entry states (at least the bill's amount scale), signed as stated (a supplier's credit
 * note is taken off when the report sums).
 */
function billRows(bill: Bill) {
  return bill.document.subtotals.map((subtotal, position) => {
    const scale = Math.max(
      bill.amountScale,
      amountDecimals(bill.currency, [subtotal.taxable, subtotal.amount]),
    );
    return {
      organizationId: bill.organizationId,
      documentType: "bill" as const,
      documentId: bill.id,
      position,
      taxDate: bill.issueDate,
      typeCode: bill.typeCode,
      currency: bill.currency,
      category: subtotal.tax.category ?? null,
      percentScaled: statedPercentScaled(subtotal.tax.percent),
      amountScale: scale,
      taxableMinor: Number(scaledStated(subtotal.taxable, scale)),
      taxMinor: Number(scaledStated(subtotal.amount, scale)),
    };
  });
}

/**
 * What a bill's move from `before` (null: it is being stored) to `after` writes to its tax lines:
 * its breakdown when it becomes accepted as owed, none when it stops being so, else nothing.
 */
export function billTaxLineChanges(db: Db, before: Bill | null, after: Bill): BatchItem<"sqlite">[] {
  const was = before !== null && ACCEPTED_BILL_STATES.includes(before.status);
  const is = ACCEPTED_BILL_STATES.includes(after.status);
  if (was === is) return [];
  if (!is) return [db.delete(documentTaxLines).where(eq(documentTaxLines.documentId, after.id))];
  const rows = billRows(after);
  const inserts: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    inserts.push(db.insert(documentTaxLines).values(rows.slice(i, i + ROWS_PER_INSERT)));
  }
  return inserts;
}

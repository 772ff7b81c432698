// The tax lines of issued documents (src/db/schema/tax-lines.ts): written in the batch that issues
// an invoice or a credit note, copied by SQL from the breakdown that batch leaves stored on the
// row (the same JSON the document's model, PDF and e-invoice state), so nothing is computed twice.
// migrations/0037_document_tax_lines.sql copies the documents issued before, with the same SELECT.
import { type SQL, sql } from "drizzle-orm";
import { batchableRun, type Db } from "../../db/client";
import { creditNotes } from "../../db/schema/billing";
import { invoices } from "../../db/schema/invoices";
import { documentTaxLines, type TaxLineDocument } from "../../db/schema/tax-lines";
import { CREDIT_NOTE_TYPE_CODE } from "../../lib/type-codes";

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

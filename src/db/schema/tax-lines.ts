// The VAT breakdown of every issued document, one row per entry, copied from the breakdown the
// document fixed when it was issued (an invoice's send, a credit note's creation, a bill's
// approval): the tax report sums these rows through one covering index instead of reading each
// document's JSON. Nothing here is computed; a row is never changed once written
// (src/services/reports/tax-lines.ts writes and reads them; docs/scaling.md, "Reports").
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./identity";

/** The documents whose breakdowns are copied: the tables they come from. */
export const TAX_LINE_DOCUMENTS = ["invoice", "credit_note", "bill"] as const;
export type TaxLineDocument = (typeof TAX_LINE_DOCUMENTS)[number];

export const documentTaxLines = sqliteTable(
  "document_tax_lines",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    documentType: text("document_type", { enum: TAX_LINE_DOCUMENTS }).notNull(),
    /** The invoice's, credit note's or bill's id. */
    documentId: text("document_id").notNull(),
    /** The entry's place in the document's breakdown, from 0. */
    position: integer("position").notNull(),
    /** YYYY-MM-DD: the document's issue date (BT-2), the date the report selects by. */
    taxDate: text("tax_date").notNull(),
    /** The document's type code (BT-3): an invoice's own, 381 for a credit note, a bill's as stated. */
    typeCode: text("type_code").notNull(),
    currency: text("currency").notNull(),
    category: text("category"),
    /** Percentage x 10^4. */
    percentScaled: integer("percent_scaled").notNull(),
    /**
     * The amounts count in units of 10^-amount_scale of the currency: a bill's entry in the
     * decimals its document states (at least the currency's), exactly. NULL: the currency's minor
     * unit (invoices and credit notes).
     */
    amountScale: integer("amount_scale"),
    taxableMinor: integer("taxable_minor").notNull(),
    taxMinor: integer("tax_minor").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.position] }),
    // The tax report: one range per document type and period, every column it reads in the
    // index, so the sums never touch the table.
    index("document_tax_lines_report_idx").on(
      t.organizationId,
      t.documentType,
      t.taxDate,
      t.currency,
      t.category,
      t.percentScaled,
      t.typeCode,
      t.amountScale,
      t.taxableMinor,
      t.taxMinor,
    ),
  ],
);

export type DocumentTaxLine = typeof documentTaxLines.$inferSelect;

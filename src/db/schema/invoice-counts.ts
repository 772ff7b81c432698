// How many invoices an organization has in each stored status, kept by triggers on `invoices`
// (migrations/0037_document_tax_lines.sql: every insert, delete and change of status or
// organization, whichever code path makes it), so a list's total over a whole status is one
// lookup instead of a count over every such invoice (src/services/invoices/read.ts).
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { INVOICE_STATUSES } from "./invoices";

export const invoiceCounts = sqliteTable(
  "invoice_counts",
  {
    organizationId: text("organization_id").notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.status] })],
);

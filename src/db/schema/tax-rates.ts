// Tax rates an organization charges. A rate's tax terms (percentage, inclusive, category,
// exemption reason) are fixed once an invoice line uses it: invoice lines snapshot them, and a
// change would make two invoices with "the same" rate disagree. Archived rates stay readable.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { TAX_CATEGORIES } from "../../document/types";
import { organizations } from "./identity";

export {
  EXEMPT_CATEGORIES,
  SPLIT_PAYMENT_CATEGORY,
  TAX_CATEGORIES,
  type TaxCategory,
} from "../../document/types";

export const taxRates = sqliteTable(
  "tax_rates",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    displayName: text("display_name").notNull(),
    /** Percentage x 10^4 (19% -> 190000, 7.25% -> 72500): at most 4 decimals, exact. */
    percentScaled: integer("percent_scaled").notNull(),
    /** Prices on lines with this rate already contain the tax. */
    inclusive: integer("inclusive", { mode: "boolean" }).notNull(),
    category: text("category", { enum: TAX_CATEGORIES }).notNull(),
    exemptionReason: text("exemption_reason"),
    /** VATEX code (CEF VATEX list), e.g. VATEX-EU-AE. */
    exemptionReasonCode: text("exemption_reason_code"),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("tax_rates_organization_created_idx").on(t.organizationId, t.createdAt, t.id)],
);

export type TaxRate = typeof taxRates.$inferSelect;

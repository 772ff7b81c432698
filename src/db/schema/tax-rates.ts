// Tax rates an organization charges. A rate's tax terms (percentage, inclusive, category,
// exemption reason) are fixed once an invoice line uses it: invoice lines snapshot them, and a
// change would make two invoices with "the same" rate disagree. Archived rates stay readable.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./identity";

/**
 * EN 16931 VAT category codes (UNCL 5305 subset): S standard, Z zero rated, E exempt,
 * AE reverse charge, K intra-community supply, G export outside the EU, O outside the scope
 * of VAT, L Canary Islands IGIC, M Ceuta and Melilla IPSI, B Italian split payment (the buyer,
 * an Italian public body, pays the VAT to the state: the invoice asks it for the net amount).
 */
export const TAX_CATEGORIES = ["S", "Z", "E", "AE", "K", "G", "O", "L", "M", "B"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** Split payment (scissione dei pagamenti): the VAT of these lines is not paid to the seller. */
export const SPLIT_PAYMENT_CATEGORY: TaxCategory = "B";

/** Categories that must state why no (or no local) VAT is charged: reason text and/or VATEX code. */
export const EXEMPT_CATEGORIES: readonly TaxCategory[] = ["E", "AE", "K", "G", "O"];

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

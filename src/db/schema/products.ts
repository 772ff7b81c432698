// Products: the catalog an invoice line can be filled from. Prices are integer minor units.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Metadata } from "../../lib/metadata";
import { organizations } from "./identity";

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    description: text("description"),
    /** Minor units of `currency` (cents for USD, yen for JPY, fils for KWD). */
    priceMinor: integer("price_minor").notNull(),
    /** The net price (BT-146) as decimal text when it has more decimals than the currency (up to 6); price_minor is it rounded. */
    netPrice: text("net_price"),
    /** The quantity the price is for (BT-149), x 10^4; null: 1. */
    baseQuantity: integer("base_quantity"),
    currency: text("currency").notNull(),
    unit: text("unit").notNull(),
    /** UN/ECE Rec. 20 unit code (src/lib/units.ts); invoice lines from this product inherit it. */
    unitCode: text("unit_code").notNull().default("C62"),
    /** The integrator's own strings (src/lib/metadata.ts); NULL when none. */
    metadata: text("metadata", { mode: "json" }).$type<Metadata>(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("products_organization_created_idx").on(t.organizationId, t.createdAt, t.id)],
);

export type Product = typeof products.$inferSelect;

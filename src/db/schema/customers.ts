// Customers: who invoices are sent to. The address is stored flat on the row.
import { sql } from "drizzle-orm";
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./identity";

export const customers = sqliteTable(
  "customers",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressCity: text("address_city").notNull(),
    addressPostalCode: text("address_postal_code").notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    addressCountry: text("address_country").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("customers_organization_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("customers_organization_email_idx").on(t.organizationId, sql`lower(${t.email})`),
  ],
);

export type Customer = typeof customers.$inferSelect;

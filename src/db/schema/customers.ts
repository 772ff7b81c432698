// Customers: who invoices are sent to. The address is stored flat on the row.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Metadata } from "../../lib/metadata";
import { LOCALES, type Locale, organizations, type PartyIdentifier, type ReminderStep } from "./identity";

export const TAX_EXEMPT = ["none", "exempt", "reverse"] as const;
export type TaxExempt = (typeof TAX_EXEMPT)[number];
/**
 * What the invoice e-mail attaches besides the PDF, as the customer wants it: nothing, the
 * e-invoice XML (UBL when ready, else CII), or the Factur-X PDF.
 */
export const EINVOICE_ATTACHMENTS = ["none", "xml", "facturx"] as const;
export type EInvoiceAttachment = (typeof EINVOICE_ATTACHMENTS)[number];

/**
 * The e-invoice profile the customer's downloads declare when the request names none (see
 * src/services/einvoice): Peppol BIS Billing 3.0, XRechnung, or EN 16931 alone.
 */
export const CUSTOMER_EINVOICE_PROFILES = ["peppol", "xrechnung", "en16931"] as const;
export type CustomerEInvoiceProfile = (typeof CUSTOMER_EINVOICE_PROFILES)[number];

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
    addressLine2: text("address_line2"),
    addressCity: text("address_city").notNull(),
    addressPostalCode: text("address_postal_code").notNull(),
    addressRegion: text("address_region"),
    /** ISO 3166-1 alpha-2, upper case. */
    addressCountry: text("address_country").notNull(),
    /** VAT identifier with its country prefix (EN 16931 BT-48). */
    vatId: text("vat_id"),
    /** Default buyer reference for this customer's invoices (BT-10, e.g. a German Leitweg-ID). */
    buyerReference: text("buyer_reference"),
    /** Electronic address (BT-49): scheme (EAS code, e.g. 0088, 9930) and id. */
    electronicAddressScheme: text("electronic_address_scheme"),
    electronicAddressId: text("electronic_address_id"),
    /** BT-46: the buyer's identifier and its ISO 6523 ICD scheme (NULL: stated without one). */
    identifierScheme: text("identifier_scheme"),
    identifierId: text("identifier_id"),
    /** BT-47: the buyer's legal registration and its ISO 6523 ICD scheme (BT-47-1). */
    companyId: text("company_id"),
    companyIdScheme: text("company_id_scheme"),
    /** Contact phone (BT-42) and account (BT-84), stated when the customer is the seller of a
     * self-billed invoice (389): XRechnung asks both of a seller (BR-DE-2, BR-DE-1). */
    phone: text("phone"),
    iban: text("iban"),
    /** Tax number (BT-32, e.g. a German Steuernummer) and further identifiers (BT-29 is 0..n,
     * after `identifier`), stated when the customer is the seller of a self-billed invoice (389). */
    taxRegistrationId: text("tax_registration_id"),
    additionalIdentifiers: text("additional_identifiers", { mode: "json" }).$type<PartyIdentifier[]>(),
    /** `reverse`: the buyer accounts for VAT (reverse charge); `exempt`: the buyer is exempt. */
    taxExempt: text("tax_exempt", { enum: TAX_EXEMPT }).notNull().default("none"),
    /** The customer's language; NULL: the organization's. A document's own `locale` overrides it. */
    locale: text("locale", { enum: LOCALES }).$type<Locale>(),
    einvoiceAttachment: text("einvoice_attachment", { enum: EINVOICE_ATTACHMENTS }).notNull().default("none"),
    /** NULL: each syntax's default profile (UBL Peppol BIS, CII EN 16931). */
    einvoiceProfile: text("einvoice_profile", { enum: CUSTOMER_EINVOICE_PROFILES }),
    /** The integrator's own strings (src/lib/metadata.ts); NULL when none. */
    metadata: text("metadata", { mode: "json" }).$type<Metadata>(),
    /** This customer's reminder schedule; NULL: the organization's ([]: no reminders). */
    reminderSchedule: text("reminder_schedule", { mode: "json" }).$type<ReminderStep[]>(),
    /** Hidden from the list (unless `?archived=true`) and refused on new invoices; still readable. */
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("customers_organization_created_idx").on(t.organizationId, t.createdAt, t.id),
    // The list shows active customers by default (or only archived ones), newest first.
    index("customers_organization_archived_created_idx").on(t.organizationId, t.archived, t.createdAt, t.id),
    index("customers_organization_email_idx").on(t.organizationId, sql`lower(${t.email})`),
  ],
);

export type Customer = typeof customers.$inferSelect;

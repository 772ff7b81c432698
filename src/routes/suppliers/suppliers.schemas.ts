// Request and response schemas of suppliers.
import { z } from "@hono/zod-openapi";
import { MetadataResponseSchema, MetadataSchema } from "../../lib/metadata";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import {
  BicSchema,
  CountrySchema,
  ElectronicAddressResponseSchema,
  ElectronicAddressSchema,
  EmailSchema,
  IbanSchema,
  IcdSchemeSchema,
  PartyIdentifierResponseSchema,
  PartyIdentifierSchema,
  TaxRegistrationIdSchema,
  TextSchema as text,
  VatIdSchema,
} from "../../lib/schemas";
import { AddressViewSchema } from "../invoices/invoices.schemas";

/** A postal address as stated: every part but the country may be absent. */
export const PostalAddressSchema = z
  .strictObject({
    line1: text(200).nullable().optional(),
    line2: text(200).nullable().optional(),
    city: text(100).nullable().optional(),
    postal_code: text(20).nullable().optional(),
    region: text(100).nullable().optional(),
    country: CountrySchema.nullable().optional(),
  })
  .openapi("PostalAddress");

const supplierFields = {
  legal_name: text(200)
    .nullable()
    .optional()
    .openapi({ description: "The seller's registered name (BT-27)" }),
  vat_id: VatIdSchema.nullable().optional().openapi({ description: "BT-31" }),
  tax_registration_id: TaxRegistrationIdSchema.nullable().optional().openapi({ description: "BT-32" }),
  company_id: text(100).nullable().optional().openapi({ description: "BT-30" }),
  company_id_scheme: IcdSchemeSchema.nullable().optional().openapi({ description: "BT-30-1" }),
  identifier: PartyIdentifierSchema.nullable().optional().openapi({ description: "BT-29" }),
  electronic_address: ElectronicAddressSchema.nullable().optional().openapi({ description: "BT-34" }),
  email: EmailSchema.nullable().optional(),
  phone: text(50).nullable().optional(),
  address: PostalAddressSchema.nullable().optional(),
  iban: IbanSchema.nullable().optional(),
  bic: BicSchema.nullable().optional(),
};

export const CreateSupplierSchema = z
  .strictObject({
    name: text(200).openapi({ example: "Lieferant GmbH" }),
    ...supplierFields,
    metadata: MetadataSchema.optional(),
  })
  .openapi("CreateSupplier");

export const UpdateSupplierSchema = z
  .strictObject({
    name: text(200).optional(),
    ...supplierFields,
    metadata: MetadataSchema.nullable().optional(),
  })
  .openapi("UpdateSupplier");

export const SupplierSchema = z
  .object({
    id: z.string().openapi({ example: "sup_0123456789abcdefghijklmn" }),
    name: z.string(),
    legal_name: z.string().nullable(),
    vat_id: z.string().nullable(),
    tax_registration_id: z.string().nullable(),
    company_id: z.string().nullable(),
    company_id_scheme: z.string().nullable(),
    identifier: PartyIdentifierResponseSchema,
    electronic_address: ElectronicAddressResponseSchema,
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: AddressViewSchema.nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    metadata: MetadataResponseSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Supplier");

export const SupplierListQuerySchema = OffsetQuerySchema.extend({
  q: z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: "q", in: "query", description: "Part of the name, legal name or VAT id" } }),
});

export const SupplierListSchema = z
  .object({ data: z.array(SupplierSchema), meta: OffsetMetaSchema })
  .openapi("SupplierList");

// Request and response schemas of customers.
import { z } from "@hono/zod-openapi";
import { CUSTOMER_EINVOICE_PROFILES, EINVOICE_ATTACHMENTS, TAX_EXEMPT } from "../../db/schema/customers";
import { LOCALES } from "../../db/schema/identity";
import { MetadataFilterParam, MetadataResponseSchema, MetadataSchema } from "../../lib/metadata";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import {
  AdditionalIdentifiersResponseSchema,
  AdditionalIdentifiersSchema,
  CountrySchema,
  ElectronicAddressResponseSchema,
  ElectronicAddressSchema,
  EmailSchema,
  IbanSchema,
  IcdSchemeSchema,
  MAX_ADDITIONAL_IDENTIFIERS,
  PartyIdentifierResponseSchema,
  PartyIdentifierSchema,
  ReminderScheduleResponseSchema,
  ReminderScheduleSchema,
  TaxRegistrationIdSchema,
  TextSchema as text,
  VatIdSchema,
} from "../../lib/schemas";

const CustomerEmailSchema = EmailSchema.openapi({ example: "billing@example.com" });

export const AddressSchema = z
  .strictObject({
    line1: text(200).openapi({ example: "1 Main Street" }),
    line2: text(200).nullable().optional(),
    city: text(100).openapi({ example: "Berlin" }),
    postal_code: text(20).openapi({ example: "10115" }),
    region: text(100).nullable().optional().openapi({ description: "State, province or region" }),
    country: CountrySchema,
  })
  .openapi("Address");

/** The tax identity fields create and PATCH share (null clears on PATCH). */
const taxIdentity = {
  vat_id: VatIdSchema.nullable().optional(),
  buyer_reference: text(200).nullable().optional().openapi({
    description: "Default buyer reference (BT-10) of the customer's invoices, e.g. a Leitweg-ID",
  }),
  electronic_address: ElectronicAddressSchema.nullable().optional(),
  identifier: PartyIdentifierSchema.nullable().optional().openapi({
    description: "The buyer's identifier (BT-46), e.g. a GLN with scheme 0088; null clears it",
  }),
  company_id: text(100).nullable().optional().openapi({
    description: "The buyer's legal registration (BT-47), e.g. its company register number; null clears it",
  }),
  company_id_scheme: IcdSchemeSchema.nullable()
    .optional()
    .openapi({
      description:
        "The ISO 6523 ICD scheme of company_id (BT-47-1), e.g. 0106 (Dutch KVK); needs a company_id, and " +
        "clearing company_id clears it",
    }),
  phone: text(50)
    .nullable()
    .optional()
    .openapi({
      description:
        "The customer's contact phone (BT-42), stated when it is the seller of a self-billed invoice " +
        "(type_code 389; XRechnung needs it, BR-DE-2); null clears it",
    }),
  iban: IbanSchema.nullable()
    .optional()
    .openapi({
      description:
        "The customer's account (BT-84): where the organization pays a self-billed invoice (type_code " +
        "389), stated as its payment instructions (XRechnung needs them, BR-DE-1); null clears it",
    }),
  tax_registration_id: TaxRegistrationIdSchema.nullable()
    .optional()
    .openapi({
      description:
        "The customer's tax number (BT-32, e.g. a German Steuernummer), stated as the seller's when it is " +
        "the seller of a self-billed invoice (type_code 389); EN 16931 states none of a buyer. null clears it",
      example: "201/113/40209",
    }),
  additional_identifiers: AdditionalIdentifiersSchema.nullable()
    .optional()
    .openapi({
      description:
        `Further identifiers after \`identifier\`, at most ${MAX_ADDITIONAL_IDENTIFIERS}, each as identifier ` +
        "takes it: stated as the seller's (BT-29 is 0..n) when the customer is the seller of a self-billed " +
        "invoice (type_code 389), e.g. the organization's own supplier number and a GLN; a buyer states " +
        "one identifier (BT-46 is 0..1), so they are not stated on its other invoices. Need an identifier; " +
        "null or [] clears them",
    }),
  tax_exempt: z
    .enum(TAX_EXEMPT)
    .optional()
    .openapi({ description: "none (default); exempt; reverse: the buyer accounts for VAT (reverse charge)" }),
  reminder_schedule: ReminderScheduleSchema.nullable().optional().openapi({
    description:
      "Payment reminders for this customer's invoices, replacing the organization's; [] sends none; null uses the organization's",
  }),
  locale: z
    .enum(LOCALES)
    .nullable()
    .optional()
    .openapi({
      description:
        "The customer's language: its invoices, credit notes, quotes, pages and e-mails are written in it " +
        "unless the document sets its own `locale`. null (the default): the organization's",
      example: "fr",
    }),
  einvoice_attachment: z
    .enum(EINVOICE_ATTACHMENTS)
    .optional()
    .openapi({
      description:
        "What the invoice e-mail attaches besides the organization's `email_attachment` (the PDF unless " +
        "set otherwise): `none` (default) nothing more; `xml` the e-invoice XML as sent (UBL when ready, " +
        "else CII); `facturx` the Factur-X PDF as sent. An e-invoice that is not ready is left out",
    }),
  einvoice_profile: z
    .enum(CUSTOMER_EINVOICE_PROFILES)
    .nullable()
    .optional()
    .openapi({
      description:
        "The profile GET /einvoice declares for this customer's documents when the request names no " +
        "`profile`: `peppol` (Peppol BIS Billing 3.0, UBL only; the CII stays EN 16931), `en16931` " +
        "(EN 16931 alone, both syntaxes), `xrechnung` (XRechnung 3.0, both syntaxes, for German public " +
        "buyers: the Leitweg-ID goes as `buyer_reference`). With `xrechnung` the documents sent from then " +
        "on are XRechnung: readiness (`einvoice`) and the archived UBL and CII follow it, and send refuses " +
        "(422) an invoice whose XRechnung would fail its rules; the Factur-X stays EN 16931. " +
        "null (the default): UBL Peppol BIS, CII EN 16931",
    }),
};

export const CustomerSchema = z
  .object({
    id: z.string().openapi({ example: "cus_0123456789abcdefghijklmn" }),
    name: z.string(),
    email: z.string(),
    address: z.object({
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      postal_code: z.string(),
      region: z.string().nullable(),
      country: z.string(),
    }),
    vat_id: z.string().nullable(),
    buyer_reference: z.string().nullable(),
    electronic_address: ElectronicAddressResponseSchema,
    identifier: PartyIdentifierResponseSchema.openapi({ description: "BT-46" }),
    company_id: z.string().nullable().openapi({ description: "BT-47" }),
    company_id_scheme: z.string().nullable().openapi({ description: "BT-47-1 (ISO 6523 ICD)" }),
    phone: z.string().nullable().openapi({ description: "BT-42 of a self-billed invoice" }),
    iban: z.string().nullable().openapi({ description: "BT-84 of a self-billed invoice" }),
    tax_registration_id: z.string().nullable().openapi({ description: "BT-32 of a self-billed invoice" }),
    additional_identifiers: AdditionalIdentifiersResponseSchema.openapi({
      description: "Further BT-29 of a self-billed invoice, after identifier; [] none",
    }),
    tax_exempt: z.enum(TAX_EXEMPT),
    reminder_schedule: ReminderScheduleResponseSchema.nullable().openapi({
      description: "null: the organization's schedule applies",
    }),
    locale: z.enum(LOCALES).nullable().openapi({ description: "null: the organization's language applies" }),
    einvoice_attachment: z.enum(EINVOICE_ATTACHMENTS),
    einvoice_profile: z.enum(CUSTOMER_EINVOICE_PROFILES).nullable(),
    metadata: MetadataResponseSchema,
    archived: z.boolean().openapi({
      description: "Hidden from the list (unless ?archived=true) and refused on new invoices (422)",
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Customer");

export const CreateCustomerSchema = z
  .strictObject({
    name: text(200).openapi({ example: "Globex GmbH" }),
    email: CustomerEmailSchema,
    address: AddressSchema,
    ...taxIdentity,
    metadata: MetadataSchema.optional(),
  })
  .openapi("CreateCustomer");

export const UpdateCustomerSchema = z
  .strictObject({
    name: text(200).optional(),
    email: CustomerEmailSchema.optional(),
    address: AddressSchema.partial().optional(),
    ...taxIdentity,
    metadata: MetadataSchema.nullable().optional(),
    archived: z.boolean().optional().openapi({
      description: "true archives the customer (its invoices stay readable), false restores it",
    }),
  })
  .openapi("UpdateCustomer");

export const CustomerListQuerySchema = OffsetQuerySchema.extend({
  search: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: "search", in: "query" },
      description: "Matches name or e-mail, case-insensitively; % and _ are literal",
    }),
  metadata: MetadataFilterParam,
  archived: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true")
    .openapi({
      param: { name: "archived", in: "query" },
      description: "true: only archived customers; false or absent: only active ones",
    }),
});

export const CustomerListSchema = z
  .object({ data: z.array(CustomerSchema), meta: OffsetMetaSchema })
  .openapi("CustomerList");

// Request and response schemas of the caller's organization and its billing profile.
import { z } from "@hono/zod-openapi";
import { EMAIL_ATTACHMENTS, INVOICE_NUMBERING, LOCALES, TIERS } from "../../db/schema/identity";
import {
  contrastOnWhite,
  formatRatio,
  isHexColor,
  MIN_TEXT_CONTRAST,
  readableShade,
} from "../../lib/brand-color";
import { CurrencySchema } from "../../lib/money";
import { PAYMENT_REFERENCE_FORMATS } from "../../lib/payment-reference";
import {
  AdditionalIdentifiersResponseSchema,
  AdditionalIdentifiersSchema,
  BicSchema,
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
  TextSchema,
  VatIdSchema,
} from "../../lib/schemas";

const nullableText = (max: number) => TextSchema(max).nullable().optional();

/**
 * `#RRGGBB` that text can be set in on white: a lighter color is refused with its ratio and the
 * nearest darker shade that passes (not stored in its place: the organization picks its color).
 */
const BrandColorSchema = z
  .string()
  .superRefine((value, ctx) => {
    if (!isHexColor(value)) {
      ctx.addIssue({ code: "custom", message: "Must be a color as #RRGGBB, e.g. #0B4F8A" });
      return;
    }
    const ratio = contrastOnWhite(value);
    if (ratio < MIN_TEXT_CONTRAST) {
      ctx.addIssue({
        code: "custom",
        message:
          `Contrast against white is ${formatRatio(ratio)}; text needs at least ${MIN_TEXT_CONTRAST}:1 ` +
          `(WCAG 2 AA). A darker shade that passes: ${readableShade(value)}`,
      });
    }
  })
  .transform((value) => value.toUpperCase())
  .openapi({ type: "string", pattern: "^#[0-9A-Fa-f]{6}$", example: "#0B4F8A" });

/** A postal address as the organization's answers state it (its own, its tax representative's). */
const AddressResponseSchema = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
});

export const OrganizationProfileSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    tier: z.enum(TIERS),
    default_currency: z.string(),
    test_mode: z.boolean().openapi({
      description: "Created in test mode: its own clock (/v1/test-clock), no real e-mail or webhooks",
    }),
    legal_name: z.string().nullable(),
    trading_name: z.string().nullable(),
    address: AddressResponseSchema.nullable().openapi({ description: "Null until any part is set" }),
    vat_id: z.string().nullable(),
    tax_registration_id: z.string().nullable(),
    company_id: z.string().nullable(),
    company_id_scheme: z
      .string()
      .nullable()
      .openapi({ description: "ISO 6523 ICD scheme of company_id (BT-30-1)" }),
    seller_identifier: PartyIdentifierResponseSchema.openapi({ description: "Seller identifier (BT-29)" }),
    additional_seller_identifiers: AdditionalIdentifiersResponseSchema.openapi({
      description: "Further seller identifiers (BT-29), after seller_identifier; [] none",
    }),
    tax_representative: z
      .object({
        name: z.string(),
        vat_id: z.string(),
        address: AddressResponseSchema,
      })
      .nullable()
      .openapi({ description: "Seller tax representative (BG-11)" }),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    account_holder: z.string().nullable(),
    payment_terms_days: z.number().int().openapi({ description: "Effective value; 30 unless set" }),
    invoice_footer: z.string().nullable(),
    locale: z.enum(LOCALES).openapi({ description: "Effective value; en unless set" }),
    electronic_address: ElectronicAddressResponseSchema,
    invoice_numbering: z.enum(INVOICE_NUMBERING).openapi({
      description:
        "on_create: a draft is numbered as it is created; on_send: a draft has number null and " +
        "takes the next number when it is sent (deleted drafts leave no gap)",
    }),
    number_prefix: z.string().openapi({ description: "Prefix of new invoice numbers", example: "INV-" }),
    number_padding: z
      .number()
      .int()
      .openapi({ description: "Digits of new invoice numbers, zero-padded", example: 6 }),
    email_attachment: z.enum(EMAIL_ATTACHMENTS).openapi({ description: "Effective value; pdf unless set" }),
    brand_color: z.string().nullable().openapi({
      description: "Accent of the PDF, the hosted page and the e-mails (`#RRGGBB`); null: the default accent",
      example: "#0B4F8A",
    }),
    reminder_schedule: ReminderScheduleResponseSchema.openapi({
      description: "Payment reminders relative to the due date, ordered by offset ([]: none)",
    }),
    payment_reference_format: z.enum(PAYMENT_REFERENCE_FORMATS).openapi({
      description: "Effective value; rf unless set. See UpdateOrganizationProfile",
    }),
    cash_rounding: z.number().nullable().openapi({
      description: "Cash rounding of the amount due (e.g. 0.05); null: none. See UpdateOrganizationProfile",
      example: 0.05,
    }),
    accounting_currency: z.string().nullable().openapi({
      description: "The currency the VAT is accounted in (BT-6); null: none. See UpdateOrganizationProfile",
    }),
    inbound_email: z
      .string()
      .nullable()
      .openapi({
        description:
          'Read-only. E-mail bills here: each XML or PDF e-invoice attached becomes a bill (`source: "email"`). ' +
          "Null on a deployment that receives no e-mail. New address: POST /v1/organization/inbound-email/rotate",
        example: "bills+k3v9q2m8x4c7w1z5r6t0y2u8@bills.example.com",
      }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("OrganizationProfile");

const ProfileAddressSchema = z
  .strictObject({
    line1: nullableText(200).openapi({ example: "Friedrichstraße 1" }),
    line2: nullableText(200),
    city: nullableText(100).openapi({ example: "Berlin" }),
    postal_code: nullableText(20).openapi({ example: "10117" }),
    region: nullableText(100),
    country: CountrySchema.nullable().optional(),
  })
  .nullable()
  .optional()
  .openapi({ description: "Merged part by part; null clears a part, or the whole address" });

export const UpdateOrganizationProfileSchema = z
  .strictObject({
    name: TextSchema(200).optional(),
    default_currency: CurrencySchema.optional(),
    legal_name: nullableText(200).openapi({ example: "Acme Software GmbH" }),
    trading_name: nullableText(200),
    address: ProfileAddressSchema,
    vat_id: VatIdSchema.nullable().optional(),
    tax_registration_id: TaxRegistrationIdSchema.nullable().optional().openapi({
      description: "Local tax number (e.g. German Steuernummer)",
    }),
    company_id: nullableText(100).openapi({ description: "Company register number (BT-30)" }),
    company_id_scheme: IcdSchemeSchema.nullable()
      .optional()
      .openapi({
        description:
          "The ISO 6523 ICD scheme of company_id (BT-30-1), e.g. 0106 (Dutch KVK), 0184 (Danish CVR), " +
          "0007 (Swedish organisation number); needs a company_id, and clearing company_id clears it",
        example: "0106",
      }),
    seller_identifier: PartyIdentifierSchema.nullable()
      .optional()
      .openapi({
        description:
          "The seller's identifier (BT-29), e.g. a GLN with scheme 0088; with the company id or the VAT id, " +
          "one of the three identifies the seller (BR-CO-26). null clears it",
      }),
    additional_seller_identifiers: AdditionalIdentifiersSchema.nullable()
      .optional()
      .openapi({
        description:
          `Further seller identifiers (BT-29 is 0..n), at most ${MAX_ADDITIONAL_IDENTIFIERS}, each as ` +
          "seller_identifier takes it; written after it in UBL and CII. Need a seller_identifier; null or [] clears them",
      }),
    tax_representative: z
      .strictObject({
        name: TextSchema(200).openapi({ description: "BT-62 (BR-18)", example: "Tax Rep B.V." }),
        vat_id: VatIdSchema.openapi({ description: "BT-63 (BR-56)" }),
        address: z
          .strictObject({
            line1: nullableText(200),
            line2: nullableText(200),
            city: nullableText(100),
            postal_code: nullableText(20),
            region: nullableText(100),
            country: CountrySchema,
          })
          .openapi({ description: "BG-12; the country is required (BR-20)" }),
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "The seller's tax representative (BG-11), stated on e-invoices: name, VAT id and postal address " +
          "(replaced whole; null clears it)",
      }),
    email: EmailSchema.nullable().optional(),
    phone: nullableText(50),
    iban: IbanSchema.nullable().optional(),
    bic: BicSchema.nullable().optional(),
    account_holder: nullableText(200),
    payment_terms_days: z
      .number()
      .int({ message: "Must be a whole number of days" })
      .min(0)
      .max(365)
      .nullable()
      .optional()
      .openapi({ description: "Days from issue to due date; null restores the default 30" }),
    invoice_footer: nullableText(2000),
    locale: z.enum(LOCALES).nullable().optional().openapi({ description: "null restores the default en" }),
    electronic_address: ElectronicAddressSchema.nullable().optional(),
    invoice_numbering: z.enum(INVOICE_NUMBERING).optional().openapi({
      description: "When invoices take their number; applies to invoices created or sent from now on",
    }),
    number_prefix: z
      .string()
      .max(20)
      .regex(/^[A-Za-z0-9._/-]*$/, "Letters, digits and . _ / - only")
      .nullable()
      .optional()
      .openapi({
        description:
          "Prefix of new invoice numbers (may be empty); null restores INV-. Issued numbers keep theirs",
        example: "INV-",
      }),
    number_padding: z
      .number()
      .int({ message: "Must be a whole number of digits" })
      .min(1)
      .max(12)
      .nullable()
      .optional()
      .openapi({ description: "Digits of new invoice numbers (1..12, zero-padded); null restores 6" }),
    email_attachment: z
      .enum(EMAIL_ATTACHMENTS)
      .nullable()
      .optional()
      .openapi({
        description:
          "What the invoice e-mail (and its reminders) attaches: the archived document as sent. " +
          "`pdf` the invoice PDF; `facturx` the Factur-X PDF (PDF/A-3 with the CII XML); `ubl` the " +
          "UBL 2.1 (Peppol BIS 3.0) XML; `none` nothing (the e-mail links the hosted page either " +
          "way). When its syntax is not ready (`einvoice.syntaxes.ubl.ready` for `ubl`, " +
          "`einvoice.syntaxes.cii.ready` for `facturx`), the PDF goes instead. null restores the default `pdf`",
      }),
    brand_color: BrandColorSchema.nullable()
      .optional()
      .openapi({
        description:
          "The accent of the PDF, the hosted page and the e-mails, as #RRGGBB (stored upper case). It " +
          "colors text on white, so it needs a contrast of at least 4.5:1 against white (WCAG 2 AA): a " +
          "lighter color answers 422 naming its ratio and a darker shade of it that passes. null restores " +
          "the default accent",
      }),
    reminder_schedule: ReminderScheduleSchema.nullable()
      .optional()
      .openapi({
        description:
          "Payment reminders relative to each unpaid invoice's due date (negative: before it), e-mailed " +
          "by the hourly sweep; a customer's own reminder_schedule replaces it. null or [] sends none",
      }),
    payment_reference_format: z
      .enum(PAYMENT_REFERENCE_FORMATS)
      .nullable()
      .optional()
      .openapi({
        description:
          "The reference invoices issued from now on ask the payer to quote (`payment_reference`): " +
          "`rf` an ISO 11649 creditor reference from the invoice number (RF + 2 check digits + its " +
          "letters and digits), `number` the invoice number itself, `be_ogm` the Belgian structured " +
          "communication +++123/4567/89002+++ (the number's last 10 digits + mod-97 check). Issued " +
          "invoices keep theirs. null restores the default `rf`",
      }),
    cash_rounding: z
      .number()
      .nullable()
      .optional()
      .openapi({
        description:
          "Cash rounding (e.g. 0.05; > 0, at most 100, at most 4 decimals): the amount due of invoices " +
          "priced from now on (created, or their content changed while draft) is rounded half-up to a " +
          "multiple of it, the difference stated as the rounding amount (BT-114). It applies in a " +
          "currency only as a whole number of its minor units (0.05 rounds EUR, not JPY). null: none",
        example: 0.05,
      }),
    accounting_currency: CurrencySchema.nullable()
      .optional()
      .openapi({
        description:
          "The currency the seller keeps its VAT books in. An invoice issued in another currency states " +
          "its VAT total in this one too (BT-6, BT-111), converted at the invoice's `exchange_rate`, which " +
          "sending then requires. Invoices issued keep theirs. null: none",
        example: "EUR",
      }),
  })
  .openapi("UpdateOrganizationProfile");

export const LogoSchema = z
  .object({
    content_type: z.enum(["image/png", "image/jpeg"]),
    size: z.number().int().openapi({ description: "Bytes of the stored image (as GET serves it)" }),
    width: z
      .number()
      .int()
      .openapi({ description: "Pixels of the stored image (a PNG is at most 600 on its long side)" }),
    height: z.number().int().openapi({ description: "Pixels of the stored image" }),
  })
  .openapi("OrganizationLogo");

// Request and response schemas of quotes. Lines and discounts are the invoice body's own
// schemas: a quote is checked and priced exactly as POST /v1/invoices prices an invoice.
import { z } from "@hono/zod-openapi";
import { EMAIL_STATUSES } from "../../db/schema/emails";
import { LOCALES } from "../../db/schema/identity";
import { QUOTE_STATUSES } from "../../db/schema/quotes";
import { DocumentDiscountSchema, ItemInputSchema, MAX_DISCOUNTS, MAX_ITEMS } from "../../lib/document-input";
import { CurrencySchema } from "../../lib/money";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import { BusinessDateSchema, MultiLineText } from "../../lib/schemas";
import {
  DocumentAdjustmentViewSchema,
  InvoiceItemSchema,
  InvoiceSchema,
  TaxBreakdownSchema,
} from "../invoices/invoices.schemas";

const IdRef = z.string().min(1).max(64);

const quoteFields = {
  customer_id: IdRef,
  items: z.array(ItemInputSchema).min(1, { message: "At least one item" }).max(MAX_ITEMS),
  currency: CurrencySchema.optional().openapi({ description: "Default: the organization's currency" }),
  notes: MultiLineText({ max: 5000 }).nullable().optional(),
  discounts: z.array(DocumentDiscountSchema).max(MAX_DISCOUNTS).optional(),
  default_tax_rate_id: IdRef.nullable().optional(),
  expires_at: BusinessDateSchema.optional().openapi({
    description: "The last day the offer stands (today or later); default: 30 days from today",
  }),
  locale: z.enum(LOCALES).nullable().optional().openapi({
    description:
      "The quote's language. null (default): the customer's `locale`, else the organization's; fixed when it is sent",
    example: "fr",
  }),
};

export const CreateQuoteSchema = z.strictObject(quoteFields).openapi("CreateQuote");

export const UpdateQuoteSchema = z
  .strictObject({
    customer_id: quoteFields.customer_id.optional(),
    items: quoteFields.items.optional(),
    currency: quoteFields.currency,
    notes: quoteFields.notes,
    discounts: quoteFields.discounts,
    default_tax_rate_id: quoteFields.default_tax_rate_id,
    expires_at: quoteFields.expires_at,
    locale: quoteFields.locale,
  })
  .openapi("UpdateQuote");

export const QuoteSchema = z
  .object({
    id: z.string().openapi({ example: "quo_0123456789abcdefghijklmn" }),
    number: z.string().openapi({ example: "QT-000001" }),
    customer_id: z.string(),
    status: z.enum(QUOTE_STATUSES).openapi({
      description: "A sent quote past expires_at reads expired (and the sweep stores it)",
    }),
    currency: z.string(),
    notes: z.string().nullable(),
    locale: z
      .enum(LOCALES)
      .nullable()
      .openapi({
        description:
          "A draft: the language set on it, or null (the customer's, else the organization's, applies at send); " +
          "a sent quote: the language it was sent in",
      }),
    expires_at: z.string(),
    default_tax_rate_id: z.string().nullable(),
    items: z.array(InvoiceItemSchema),
    discounts: z.array(DocumentAdjustmentViewSchema),
    subtotal: z.number(),
    discount_total: z.number(),
    tax_exclusive_total: z.number(),
    tax_total: z.number(),
    rounding_amount: z.number(),
    total: z.number(),
    tax_breakdown: z.array(TaxBreakdownSchema),
    invoice_id: z.string().nullable().openapi({ description: "The invoice it converted into" }),
    sent_at: z.string().nullable(),
    accepted_at: z.string().nullable(),
    declined_at: z.string().nullable(),
    expired_at: z.string().nullable(),
    converted_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Quote");

export const QuoteListQuerySchema = OffsetQuerySchema.extend({
  status: z
    .enum(QUOTE_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
  customer_id: IdRef.optional().openapi({ param: { name: "customer_id", in: "query" } }),
});

export const QuoteListSchema = z
  .object({ data: z.array(QuoteSchema), meta: OffsetMetaSchema })
  .openapi("QuoteList");

export const QuoteConversionSchema = z
  .object({ invoice_id: z.string(), invoice: InvoiceSchema })
  .openapi("QuoteConversion");

export const QuoteEmailListSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        quote_id: z.string(),
        from: z.string(),
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        transport: z.string(),
        status: z.enum(EMAIL_STATUSES),
        created_at: z.string(),
      }),
    ),
  })
  .openapi("QuoteEmailList");

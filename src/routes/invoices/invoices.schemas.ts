// Request and response schemas of invoices and their e-mails.
import { z } from "@hono/zod-openapi";
import { EMAIL_KINDS, EMAIL_STATUSES } from "../../db/schema/emails";
import { INVOICE_STATUSES } from "../../db/schema/invoices";
import { CurrencySchema } from "../../lib/money";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import { DateSchema, MultiLineText, SingleLineText } from "../../lib/schemas";
import { MAX_ITEMS } from "../../services/invoices";

const IdRef = z.string().min(1).max(64);

export const ItemInputSchema = z
  .strictObject({
    product_id: IdRef.optional().openapi({
      description: "Fills description and unit_price from the product unless given",
    }),
    description: SingleLineText({ max: 500 }).optional(),
    quantity: z.number().gt(0, { message: "Must be greater than 0" }).openapi({
      example: 1.5,
      description: "> 0, at most 4 decimals",
    }),
    unit_price: z.number().min(0, { message: "Must be greater than or equal to 0" }).optional().openapi({
      example: 19.99,
      description: "Major units, at most the currency's minor-unit decimals",
    }),
  })
  .openapi("InvoiceItemInput");

const NotesSchema = MultiLineText({ max: 5000 }).nullable();

export const CreateInvoiceSchema = z
  .strictObject({
    customer_id: IdRef,
    items: z.array(ItemInputSchema).min(1, { message: "At least one item" }).max(MAX_ITEMS),
    due_date: DateSchema,
    notes: NotesSchema.optional(),
    currency: CurrencySchema.optional().openapi({ description: "Default: the organization's currency" }),
  })
  .openapi("CreateInvoice");

export const UpdateInvoiceSchema = z
  .strictObject({
    customer_id: IdRef.optional(),
    items: z.array(ItemInputSchema).min(1, { message: "At least one item" }).max(MAX_ITEMS).optional(),
    due_date: DateSchema.optional(),
    notes: NotesSchema.optional(),
    currency: CurrencySchema.optional(),
    status: z.enum(INVOICE_STATUSES).optional().openapi({
      description: "Only `paid` from sent or overdue; other moves answer 409",
    }),
  })
  .openapi("UpdateInvoice");

export const InvoiceItemSchema = z
  .object({
    id: z.string(),
    product_id: z.string().nullable(),
    description: z.string(),
    quantity: z.number(),
    unit_price: z.number(),
    amount: z.number().openapi({ description: "quantity x unit_price, rounded half-up to the minor unit" }),
  })
  .openapi("InvoiceItem");

export const InvoiceSchema = z
  .object({
    id: z.string().openapi({ example: "inv_0123456789abcdefghijklmn" }),
    number: z.string().openapi({ example: "INV-000001" }),
    customer_id: z.string(),
    status: z.enum(INVOICE_STATUSES),
    total: z.number().openapi({ example: 59.97 }),
    currency: z.string().openapi({ example: "USD" }),
    due_date: z.string(),
    notes: z.string().nullable(),
    items: z.array(InvoiceItemSchema),
    sent_at: z.string().nullable(),
    paid_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Invoice");

export const InvoiceListQuerySchema = OffsetQuerySchema.extend({
  status: z
    .enum(INVOICE_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
  customer_id: IdRef.optional().openapi({ param: { name: "customer_id", in: "query" } }),
});

export const InvoiceListSchema = z
  .object({ data: z.array(InvoiceSchema), meta: OffsetMetaSchema })
  .openapi("InvoiceList");

export const InvoiceEmailSchema = z
  .object({
    id: z.string(),
    invoice_id: z.string(),
    kind: z.enum(EMAIL_KINDS),
    from: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    transport: z.string(),
    status: z.enum(EMAIL_STATUSES),
    provider_message_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("InvoiceEmail");

export const InvoiceEmailListSchema = z
  .object({ data: z.array(InvoiceEmailSchema), meta: OffsetMetaSchema })
  .openapi("InvoiceEmailList");

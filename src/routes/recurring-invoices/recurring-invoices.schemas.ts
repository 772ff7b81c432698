// Request and response schemas of recurring invoices. Lines and discounts are the invoice
// body's own schemas (sub-items included): a template is checked exactly as POST /v1/invoices
// checks an invoice.
import { z } from "@hono/zod-openapi";
import { RECURRING_INTERVALS, RECURRING_STATUSES } from "../../db/schema/recurring";
import {
  DocumentDiscountSchema,
  InvoiceLineInputSchema,
  MAX_DISCOUNTS,
  MAX_ITEMS,
} from "../../lib/document-input";
import { CurrencySchema } from "../../lib/money";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import { BusinessDateSchema, MultiLineText } from "../../lib/schemas";

const IdRef = z.string().min(1).max(64);

const templateFields = {
  customer_id: IdRef,
  items: z.array(InvoiceLineInputSchema).min(1, { message: "At least one item" }).max(MAX_ITEMS),
  currency: CurrencySchema.optional().openapi({ description: "Default: the organization's currency" }),
  notes: MultiLineText({ max: 5000 }).nullable().optional(),
  discounts: z.array(DocumentDiscountSchema).max(MAX_DISCOUNTS).optional(),
  default_tax_rate_id: IdRef.nullable().optional(),
  payment_terms_days: z.number().int().min(0).max(365).nullable().optional().openapi({
    description:
      "Due this many days after each invoice is created; default: the organization's terms at send",
  }),
  interval: z.enum(RECURRING_INTERVALS),
  interval_count: z.number().int().min(1).max(365).openapi({ example: 1 }),
  start_date: BusinessDateSchema.openapi({
    description: "The anchor and first billing day (today or later, the organization's clock)",
  }),
  end_after: z.number().int().min(1).max(10_000).nullable().optional().openapi({
    description: "Stop after this many invoices",
  }),
  end_date: BusinessDateSchema.nullable()
    .optional()
    .openapi({ description: "No billing day after this date" }),
  auto_send: z.boolean().default(false).openapi({
    description: "Send each invoice as it is created (e-mail, hosted link); false: leave it a draft",
  }),
};

export const CreateRecurringInvoiceSchema = z.strictObject(templateFields).openapi("CreateRecurringInvoice");

export const UpdateRecurringInvoiceSchema = z
  .strictObject({
    customer_id: templateFields.customer_id.optional(),
    items: templateFields.items.optional(),
    currency: templateFields.currency,
    notes: templateFields.notes,
    discounts: templateFields.discounts,
    default_tax_rate_id: templateFields.default_tax_rate_id,
    payment_terms_days: templateFields.payment_terms_days,
    interval: templateFields.interval.optional(),
    interval_count: templateFields.interval_count.optional(),
    start_date: templateFields.start_date.optional(),
    end_after: templateFields.end_after,
    end_date: templateFields.end_date,
    auto_send: z.boolean().optional(),
  })
  .openapi("UpdateRecurringInvoice");

export const RecurringInvoiceSchema = z
  .object({
    id: z.string().openapi({ example: "rec_0123456789abcdefghijklmn" }),
    customer_id: z.string(),
    currency: z.string(),
    notes: z.string().nullable(),
    items: z.array(z.record(z.string(), z.unknown())).openapi({ description: "The lines as given" }),
    discounts: z.array(z.record(z.string(), z.unknown())),
    default_tax_rate_id: z.string().nullable(),
    payment_terms_days: z.number().nullable(),
    interval: z.enum(RECURRING_INTERVALS),
    interval_count: z.number(),
    start_date: z.string(),
    end_after: z.number().nullable(),
    end_date: z.string().nullable(),
    auto_send: z.boolean(),
    status: z.enum(RECURRING_STATUSES),
    pause_reason: z.string().nullable().openapi({
      description: "Set when a run could not make a valid invoice and paused the template",
    }),
    next_run_date: z
      .string()
      .nullable()
      .openapi({ description: "The next billing day; null once cancelled or completed" }),
    invoices_created: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("RecurringInvoice");

export const RecurringInvoiceListQuerySchema = OffsetQuerySchema.extend({
  status: z
    .enum(RECURRING_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
  customer_id: IdRef.optional().openapi({ param: { name: "customer_id", in: "query" } }),
});

export const RecurringInvoiceListSchema = z
  .object({ data: z.array(RecurringInvoiceSchema), meta: OffsetMetaSchema })
  .openapi("RecurringInvoiceList");

// Route descriptions and schemas of /v1/reports.
import { z } from "@hono/zod-openapi";
import { jsonResponse } from "../../lib/openapi";
import { DateSchema } from "../../lib/schemas";
import { memberRoute } from "../factories";

const tags = ["Reports"];

const TaxReportQuerySchema = z
  .object({
    from: DateSchema.openapi({ param: { name: "from", in: "query" } }),
    to: DateSchema.openapi({ param: { name: "to", in: "query" } }),
  })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["to"] });

const Figures = z.object({ taxable_amount: z.number(), tax_amount: z.number() });

const TaxReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    data: z.array(
      z.object({
        currency: z.string(),
        category: z.string().nullable(),
        percentage: z.number(),
        taxable_amount: z.number().openapi({ description: "Invoiced minus credited" }),
        tax_amount: z.number(),
        invoiced: Figures,
        credited: Figures,
        received: Figures.openapi({
          description:
            "Input VAT: the VAT breakdown of the bills approved or paid, by issue date, as their documents " +
            "state it; a supplier's credit note (381) taken off. Not part of taxable_amount and tax_amount",
        }),
      }),
    ),
  })
  .openapi("TaxReport");

const Aging = {
  currency: z.string(),
  current: z.number().openapi({ description: "Not yet due" }),
  days_1_30: z.number(),
  days_31_60: z.number(),
  days_61_90: z.number(),
  days_over_90: z.number(),
  total: z.number(),
};

const ReceivablesSchema = z
  .object({
    as_of: z.string(),
    data: z.array(z.object({ ...Aging, invoices: z.number().int() })),
    customers: z.array(
      z.object({ customer_id: z.string(), name: z.string(), ...Aging, invoices: z.number().int() }),
    ),
  })
  .openapi("ReceivablesReport");

const PayablesSchema = z
  .object({
    as_of: z.string(),
    data: z.array(z.object({ ...Aging, bills: z.number().int() })),
    suppliers: z.array(
      z.object({ supplier_id: z.string(), name: z.string(), ...Aging, bills: z.number().int() }),
    ),
  })
  .openapi("PayablesReport");

export const taxReport = memberRoute({
  method: "get",
  path: "/v1/reports/tax",
  operationId: "getTaxReport",
  tags,
  summary:
    "Taxable amount and tax per currency, VAT category and rate, by issue date: invoices minus credit notes",
  request: { query: TaxReportQuerySchema },
  responses: { 200: jsonResponse(TaxReportSchema, "The tax report") },
});

export const receivablesReport = memberRoute({
  method: "get",
  path: "/v1/reports/receivables",
  operationId: "getReceivablesReport",
  tags,
  summary: "Amount due on open invoices per currency and per customer, in aging buckets",
  responses: { 200: jsonResponse(ReceivablesSchema, "Receivables as of today (UTC)") },
});

export const payablesReport = memberRoute({
  method: "get",
  path: "/v1/reports/payables",
  operationId: "getPayablesReport",
  tags,
  summary: "Amount due on open bills per currency and per supplier, in aging buckets",
  description:
    "Open bills are received or approved with something due (BT-115 less what was paid); a bill that " +
    "states no due date is aged from its issue date. A supplier's credit note (381) is left out: the " +
    "supplier owes it. Shaped like GET /v1/reports/receivables.",
  responses: { 200: jsonResponse(PayablesSchema, "Payables as of today (UTC)") },
});

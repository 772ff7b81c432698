// Request and response schemas of bills.
import { z } from "@hono/zod-openapi";
import { PAYMENT_METHODS } from "../../db/schema/billing";
import { BILL_SOURCES, BILL_STATUSES } from "../../db/schema/bills";
import { MetadataResponseSchema } from "../../lib/metadata";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import { DateSchema, ReceivedAtSchema, SingleLineText } from "../../lib/schemas";

const amount = (description: string) => z.number().openapi({ description });
/** An amount as the document states it; null when it states none. */
const stated = (description: string) =>
  z
    .number()
    .nullable()
    .openapi({ description: `${description}; null: not stated` });
const text = z.string().nullable();

const PartySchema = z
  .object({
    name: z.string().openapi({ description: "BT-27 / BT-44" }),
    trading_name: text.openapi({ description: "BT-28 / BT-45" }),
    address: z.object({
      line1: text,
      line2: text,
      city: text,
      postal_code: text,
      region: text,
      country: z.string(),
    }),
    vat_id: text.openapi({ description: "BT-31 / BT-48" }),
    tax_registration_id: text.openapi({ description: "BT-32" }),
    company_id: text.openapi({ description: "BT-30 / BT-47" }),
    company_id_scheme: text,
    identifiers: z
      .array(z.object({ scheme: text, id: z.string() }))
      .openapi({ description: "BT-29 (0..n) / BT-46" }),
    electronic_address: z
      .object({ scheme: z.string(), id: z.string() })
      .nullable()
      .openapi({ description: "BT-34 / BT-49" }),
    contact: z.object({ name: text, email: text, phone: text }).nullable(),
  })
  .openapi("StatedParty", { description: "A party exactly as the received document states it" });

const ValidationIssueSchema = z.object({
  rule: z.string().openapi({ example: "BR-CO-15" }),
  message: z.string(),
});

export const BillSchema = z
  .object({
    id: z.string().openapi({ example: "bill_0123456789abcdefghijklmn" }),
    number: z.string().openapi({ description: "BT-1 as stated" }),
    type_code: z.string().openapi({ description: "BT-3 (UNCL 1001): 380 invoice, 381 credit note, ..." }),
    status: z.enum(BILL_STATUSES),
    source: z.enum(BILL_SOURCES),
    supplier_id: z.string(),
    seller: PartySchema,
    buyer: PartySchema,
    issue_date: z.string(),
    due_date: z.string().nullable(),
    currency: z.string(),
    items: z.array(
      z.object({
        id: z.string().openapi({ description: "BT-126" }),
        description: z.string().openapi({ description: "BT-153" }),
        quantity: z.number().openapi({ description: "BT-129" }),
        unit_code: z.string().openapi({ description: "BT-130" }),
        unit_price: z.number().openapi({ description: "BT-146" }),
        amount: z.number().openapi({ description: "BT-131, as stated" }),
        tax_category: text,
        tax_percentage: z.number().nullable(),
      }),
    ),
    subtotal: stated("BT-106"),
    discount_total: stated("BT-107"),
    charge_total: stated("BT-108"),
    tax_exclusive_total: stated("BT-109"),
    tax_total: stated("BT-110"),
    rounding_amount: stated("BT-114"),
    prepaid_amount: stated("BT-113"),
    total: stated("BT-112"),
    amount_paid: amount("What the payments recorded on the bill add up to"),
    amount_due: amount("BT-115 less amount_paid"),
    tax_breakdown: z.array(
      z.object({
        category: text,
        percentage: stated("BT-119"),
        taxable_amount: stated("BT-116"),
        tax_amount: stated("BT-117"),
        exemption_reason: text,
        exemption_reason_code: text,
      }),
    ),
    buyer_reference: text.openapi({ description: "BT-10" }),
    purchase_order: text.openapi({ description: "BT-13" }),
    preceding_invoice: z
      .object({ number: z.string(), issue_date: text })
      .nullable()
      .openapi({ description: "BG-3: the invoice a credit note (381) corrects, when stated" }),
    payment_reference: text.openapi({ description: "BT-83" }),
    payment: z
      .object({ means_code: z.string(), iban: text, bic: text, account_name: text })
      .nullable()
      .openapi({ description: "BG-16" }),
    payment_terms: text.openapi({ description: "BT-20" }),
    notes: z.array(z.object({ subject_code: text, text: z.string() })).openapi({ description: "BG-1" }),
    validation: z.object({
      valid: z.boolean(),
      profile: z.enum(["en16931", "peppol", "xrechnung"]),
      errors: z.array(ValidationIssueSchema),
      warnings: z.array(ValidationIssueSchema),
    }),
    original: z.object({
      syntax: z.enum(["ubl", "cii"]),
      container: z.enum(["xml", "pdf"]),
      customization_id: text.openapi({ description: "BT-24" }),
      filename: text,
      size: z.number().int(),
      sha256: z.string(),
    }),
    received_at: z.string(),
    approved_at: text,
    rejected_at: text,
    rejection_reason: text,
    paid_at: text,
    metadata: MetadataResponseSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Bill");

export const BillListQuerySchema = OffsetQuerySchema.extend({
  status: z
    .enum(BILL_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
  supplier_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ param: { name: "supplier_id", in: "query" } }),
  due_before: DateSchema.optional().openapi({
    param: {
      name: "due_before",
      in: "query",
      description: "Due before this day (bills without a due date left out)",
    },
  }),
  q: z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: "q", in: "query", description: "Part of the number or the seller's name" } }),
});

export const BillListSchema = z
  .object({ data: z.array(BillSchema), meta: OffsetMetaSchema })
  .openapi("BillList");

export const RejectBillSchema = z
  .strictObject({ reason: SingleLineText({ max: 500 }).openapi({ example: "Not ordered" }) })
  .openapi("RejectBill");

export const CreateBillPaymentSchema = z
  .strictObject({
    amount: z.number().gt(0, { message: "Must be greater than 0" }).openapi({ example: 119 }),
    paid_at: ReceivedAtSchema.optional().openapi({ description: "Default: now" }),
    method: z.enum(PAYMENT_METHODS),
    reference: SingleLineText({ max: 200 }).nullable().optional(),
  })
  .openapi("CreateBillPayment");

export const BillPaymentSchema = z
  .object({
    id: z.string().openapi({ example: "bpay_0123456789abcdefghijklmn" }),
    bill_id: z.string(),
    amount: z.number(),
    currency: z.string(),
    paid_at: z.string(),
    method: z.enum(PAYMENT_METHODS),
    reference: z.string().nullable(),
    bank_transaction_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("BillPayment");

export const RecordedBillPaymentSchema = z
  .object({ payment: BillPaymentSchema, bill: BillSchema })
  .openapi("RecordedBillPayment");

export const BillPaymentListSchema = z
  .object({ data: z.array(BillPaymentSchema) })
  .openapi("BillPaymentList");

// The lines and the document discounts and charges that invoices, recurring templates and quotes
// take, with their caps: declared once here, so the routes validate, the services price and a
// template stores one shape (the types below are derived from the schemas, never re-declared).
import { z } from "@hono/zod-openapi";
import { BusinessDateSchema, SingleLineText } from "./schemas";
import { UnitCodeSchema } from "./units";

/**
 * Lines of one invoice, quote, recurring template or credit note: 1,000 (utility, telecom and
 * wholesale invoices run to hundreds; EN 16931 sets no limit).
 */
export const MAX_ITEMS = 1000;
export const MAX_DISCOUNTS = 10;
export const MAX_LINE_CHARGES = 10;
/** A line's several discounts (`discounts`), as many as its charges. */
export const MAX_LINE_DISCOUNTS = 10;
export const MAX_CHARGES = 10;
/** Sub-invoice lines (BG-DEX-01): at most 3 levels below a line, at most 200 in one invoice. */
export const MAX_SUB_LINE_DEPTH = 3;
export const MAX_SUB_LINES = 200;

const IdRef = z.string().min(1).max(64);
const shortText = (max: number) => SingleLineText({ max });

/** The base of an allowance or charge (major units, at least 0; null or absent: none). */
const baseAmount = (description: string) =>
  z
    .number()
    .min(0, { message: "Must be greater than or equal to 0" })
    .nullable()
    .optional()
    .openapi({ description });

/**
 * The fields an invoice-level discount and charge share; `terms` names what differs between them
 * (the reason code list, how a bound one reads, the EN 16931 term of the base).
 */
const documentAdjustmentSchema = (terms: {
  reasonCode: string;
  reasonExample: string;
  bound: string;
  baseTerm: string;
}) =>
  z.strictObject({
    description: shortText(200).nullable().optional(),
    amount: z.number().min(0, { message: "Must be greater than or equal to 0" }).optional(),
    percentage: z.union([z.number(), z.string()]).optional(),
    reason_code: z.string().max(3).nullable().optional().openapi({
      description: terms.reasonCode,
      example: terms.reasonExample,
    }),
    tax_rate_id: IdRef.nullable()
      .optional()
      .openapi({
        description:
          `${terms.bound}: a percentage is of the lines at that rate (the base ${terms.baseTerm}). ` +
          "Absent or null: spread over the VAT rates pro rata, a percentage of all lines",
      }),
    base_amount: baseAmount(
      `With tax_rate_id. With a percentage: the base the percentage is of (${terms.baseTerm}), stated as ` +
        "given; default: the sum of the line net amounts at that rate. With an amount: the base the " +
        "amount was reckoned on, stated as given beside it (EN 16931 allows a base without a " +
        "percentage; Peppol does not, PEPPOL-EN16931-R042: its UBL then needs profile=en16931)",
    ),
  });

export const DocumentDiscountSchema = documentAdjustmentSchema({
  reasonCode: "UNCL 5189 allowance reason code (BT-98), e.g. 95 (discount)",
  reasonExample: "95",
  bound:
    "Binds the discount to one VAT rate (BG-20 at that rate); at a rate whose lines sum below zero " +
    "(correction lines) it reverses the original's and is stated in their sign (amount and base_amount given >= 0)",
  baseTerm: "BT-93",
}).openapi("InvoiceDiscount", {
  description:
    "An invoice-level discount: exactly one of amount or percentage (of the lines after line discounts)",
});

export const DocumentChargeSchema = documentAdjustmentSchema({
  reasonCode: "UNCL 7161 charge reason code (BT-105), e.g. FC (freight), ABL (packaging)",
  reasonExample: "FC",
  bound: "The charge's VAT rate (BG-21 at that rate)",
  baseTerm: "BT-100",
}).openapi("InvoiceCharge", {
  description:
    "An invoice-level charge (e.g. freight): exactly one of amount or percentage (of the lines after " +
    "line discounts)",
});

export const ServicePeriodSchema = z
  .strictObject({ start: BusinessDateSchema, end: BusinessDateSchema })
  .openapi("ServicePeriod");

/** The base of a line allowance's or charge's percentage (BT-137/BT-142). */
const lineBaseAmount = (term: string) =>
  baseAmount(
    `With percentage: the base it is of (${term}), major units; the amount is base x percentage, ` +
      "rounded half-up once. Default: the line amount (quantity x unit_price / base_quantity)",
  );

/** A line discount (BG-27): amount or percentage of the line amount, with its reason. */
export const ItemDiscountSchema = z
  .strictObject({
    amount: z.number().min(0, { message: "Must be greater than or equal to 0" }).optional(),
    percentage: z.union([z.number(), z.string()]).optional().openapi({ example: 10 }),
    description: shortText(200).nullable().optional().openapi({
      description: "The reason text (BT-139); default: Discount",
    }),
    reason_code: z.string().max(3).nullable().optional().openapi({
      description: "UNCL 5189 allowance reason code (BT-140), e.g. 95",
      example: "95",
    }),
    base_amount: lineBaseAmount("BT-137"),
  })
  .openapi("ItemDiscount", {
    description:
      "Exactly one of amount (major units) or percentage (0-100, of base_amount, else of quantity x " +
      "unit_price / base_quantity)",
  });

/** A line charge (BG-28). */
export const ItemChargeSchema = z
  .strictObject({
    description: shortText(200).nullable().optional().openapi({ description: "The reason text (BT-144)" }),
    amount: z.number().min(0, { message: "Must be greater than or equal to 0" }).optional(),
    percentage: z.union([z.number(), z.string()]).optional(),
    reason_code: z.string().max(3).nullable().optional().openapi({
      description: "UNCL 7161 charge reason code (BT-145), e.g. FC",
      example: "FC",
    }),
    base_amount: lineBaseAmount("BT-142"),
  })
  .openapi("ItemCharge", {
    description:
      "Exactly one of amount or percentage (of the line amount); a description or a reason_code (BR-44)",
  });

export const ItemInputSchema = z
  .strictObject({
    product_id: IdRef.optional().openapi({
      description: "Fills description and unit_price from the product unless given",
    }),
    description: SingleLineText({ max: 500 }).optional(),
    quantity: z
      .number()
      .refine((v) => v !== 0, { message: "Must not be 0" })
      .openapi({
        example: 1.5,
        description:
          "At most 4 decimals; not 0. Negative: a correction line (its discount and charges take its sign; the total may not go below 0)",
      }),
    unit_code: UnitCodeSchema.optional().openapi({
      description:
        "UN/ECE Recommendation 20 unit code of the quantity (BT-130), upper-case; default: the product's unit_code, else C62",
    }),
    unit_price: z.number().min(0, { message: "Must be greater than or equal to 0" }).optional().openapi({
      example: 19.99,
      description: "The net price (BT-146) in major units, at most 6 decimals",
    }),
    gross_price: z.number().min(0, { message: "Must be greater than or equal to 0" }).optional().openapi({
      description: "The gross price (BT-148), instead of unit_price: net = gross_price - price_discount",
    }),
    price_discount: z.number().min(0, { message: "Must be greater than or equal to 0" }).optional().openapi({
      description: "The price discount (BT-147), with gross_price",
    }),
    base_quantity: z.number().gt(0, { message: "Must be greater than 0" }).optional().openapi({
      description:
        "The quantity the price is for (BT-149, in unit_code); default 1: amount = quantity x price / base_quantity",
    }),
    amount: z
      .number()
      .optional()
      .openapi({
        example: 9223.92,
        description:
          "The line amount before its discount and charges, for a price billed with more decimals than unit_price " +
          "shows (e.g. 804878.94 kWh at 0.01146 billed 9223.92): must be what quantity x a price that rounds to " +
          "the net price / base_quantity gives (in the quantity's sign); default quantity x price / base_quantity. " +
          "Needs a tax-exclusive rate",
      }),
    tax_rate_id: IdRef.nullable().optional().openapi({
      description: "The line's tax rate; null: no tax; absent: the invoice's default_tax_rate_id",
    }),
    discount: ItemDiscountSchema.nullable().optional(),
    discounts: z
      .array(ItemDiscountSchema)
      .max(MAX_LINE_DISCOUNTS)
      .optional()
      .openapi({
        description:
          `Several line discounts (one BG-27 each, at most ${MAX_LINE_DISCOUNTS}), instead of discount: ` +
          "each as discount takes it; not both",
      }),
    charges: z.array(ItemChargeSchema).max(MAX_LINE_CHARGES).optional(),
    service_period: ServicePeriodSchema.nullable().optional().openapi({
      description: "The line's own period (BG-26)",
    }),
  })
  .openapi("InvoiceItemInput");

/** What every sub-item states (XRechnung extension BG-DEX-01); nested by explicit levels. */
const subItemFields = {
  description: SingleLineText({ max: 500 }),
  quantity: z
    .number()
    .refine((v) => v !== 0, { message: "Must not be 0" })
    .openapi({ description: "At most 4 decimals; not 0" }),
  unit_code: UnitCodeSchema.optional().openapi({
    description: "UN/ECE Recommendation 20 (BT-130); default C62",
  }),
  unit_price: z
    .number()
    .min(0, { message: "Must be greater than or equal to 0" })
    .optional()
    .openapi({
      description:
        "The net price (BT-146), at most 6 decimals. Required without sub_items; with them, optional: " +
        "their sum / quantity, and when given quantity x unit_price / base_quantity must be their sum",
    }),
  base_quantity: z.number().gt(0, { message: "Must be greater than 0" }).optional(),
};
const subItemList = <T extends z.ZodTypeAny>(item: T) =>
  z.array(item).min(1, { message: "At least one sub-item" }).max(MAX_SUB_LINES);
const SubItemInput3Schema = z.strictObject(subItemFields).openapi("InvoiceSubItemInput3");
const SubItemInput2Schema = z
  .strictObject({ ...subItemFields, sub_items: subItemList(SubItemInput3Schema).optional() })
  .openapi("InvoiceSubItemInput2");
const SubItemInputSchema = z
  .strictObject({ ...subItemFields, sub_items: subItemList(SubItemInput2Schema).optional() })
  .openapi("InvoiceSubItemInput", {
    description:
      "A sub-invoice line (XRechnung extension BG-DEX-01) of a grouped line, up to 3 levels deep, 200 in one " +
      "invoice: its amount is quantity x unit_price / base_quantity, rounded half-up, or the sum of its own sub_items",
  });

/** An invoice's line: an item, grouped positions (sub_items) allowed; recurring templates take it too. Quotes take ItemInputSchema. */
export const InvoiceLineInputSchema = ItemInputSchema.extend({
  sub_items: subItemList(SubItemInputSchema)
    .optional()
    .openapi({
      description:
        "The positions this line groups (sub-invoice lines, XRechnung extension BG-DEX-01): the line's net " +
        "amount is their sum (BR-DEX-02), so unit_price may be left out (their sum / quantity) and the line " +
        "takes no discount, charges or gross price; each takes the line's VAT. Only the line counts in the totals. " +
        "The XRechnung UBL writes them as cac:SubInvoiceLine and declares the XRechnung extension; the other " +
        "e-invoices (Peppol, EN 16931, every CII) write the line alone, with its full amount",
    }),
}).openapi("InvoiceLineInput");

/** An invoice line as given: POST /v1/invoices `items`, a recurring template's lines (stored as given). */
export type ItemInput = z.infer<typeof InvoiceLineInputSchema>;
/** A quote's line: an invoice line without sub-items. */
export type QuoteItemInput = z.infer<typeof ItemInputSchema>;
/** A sub-invoice line as given: it takes the VAT of its line, and has no discount or charges. */
export type SubItemInput = z.infer<typeof SubItemInputSchema>;
/** A line discount (BG-27) as given. */
export type ItemDiscountBody = z.infer<typeof ItemDiscountSchema>;
/** A line charge (BG-28) as given. */
export type LineChargeBody = z.infer<typeof ItemChargeSchema>;
/** An invoice-level discount (BG-20) as given. */
export type DocumentDiscountBody = z.infer<typeof DocumentDiscountSchema>;
/** An invoice-level charge (BG-21) as given. */
export type DocumentChargeBody = z.infer<typeof DocumentChargeSchema>;
/** What every allowance and charge states: `{ amount }` in major units or `{ percentage }`. */
export type DiscountBody = Pick<ItemDiscountBody, "amount" | "percentage">;

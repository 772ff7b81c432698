// Request and response schemas of tax rates.
import { z } from "@hono/zod-openapi";
import { TAX_CATEGORIES } from "../../db/schema/tax-rates";
import { parsePercentage } from "../../lib/money";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import { TextSchema } from "../../lib/schemas";

/**
 * A percentage given as a JSON number (19.5) or a decimal string ("19.5"), read as its decimal
 * digits (never float arithmetic) into an integer x 10^4.
 */
const PercentageSchema = z
  .union([z.number(), z.string()])
  .transform((value, ctx) => {
    const parsed = parsePercentage(value);
    if (parsed.ok) return Number(parsed.value);
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  })
  .openapi({
    example: 19,
    description: "0 to 100 with at most 4 decimals, as a JSON number or a decimal string",
  });

const ExemptionReasonSchema = TextSchema(500).nullable().optional().openapi({
  description: "Why no (or no local) VAT is charged (BT-120), e.g. Reverse charge",
});

const ExemptionReasonCodeSchema = z
  .string()
  .transform((code) => code.trim().toUpperCase())
  .refine((code) => /^VATEX-[A-Z0-9-]+$/.test(code) && code.length <= 50, {
    message: "Must be a VATEX code, e.g. VATEX-EU-AE",
  })
  .nullable()
  .optional()
  .openapi({ example: "VATEX-EU-AE", description: "Code of the CEF VATEX list (BT-121)" });

const CategorySchema = z.enum(TAX_CATEGORIES).openapi({
  description:
    "EN 16931 VAT category: S standard, Z zero rated, E exempt, AE reverse charge, K intra-community " +
    "supply, G export outside the EU, O outside the scope of VAT, L Canary Islands IGIC, M Ceuta and Melilla IPSI, " +
    "B Italian split payment (scissione dei pagamenti: the buyer pays the VAT to the state, so the amount due " +
    "excludes it; a domestic Italian invoice without standard-rated S lines, BR-B-01/BR-B-02)",
});

export const TaxRateSchema = z
  .object({
    id: z.string().openapi({ example: "txr_0123456789abcdefghijklmn" }),
    display_name: z.string(),
    percentage: z.number().openapi({ example: 19 }),
    inclusive: z.boolean(),
    category: z.enum(TAX_CATEGORIES),
    exemption_reason: z.string().nullable(),
    exemption_reason_code: z.string().nullable(),
    archived: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("TaxRate");

export const CreateTaxRateSchema = z
  .strictObject({
    display_name: TextSchema(100).openapi({ example: "VAT 19%" }),
    percentage: PercentageSchema,
    inclusive: z
      .boolean()
      .optional()
      .openapi({ description: "Prices already contain the tax (default false)" }),
    category: CategorySchema.optional().openapi({ description: "Default S" }),
    exemption_reason: ExemptionReasonSchema,
    exemption_reason_code: ExemptionReasonCodeSchema,
  })
  .openapi("CreateTaxRate");

export const UpdateTaxRateSchema = z
  .strictObject({
    display_name: TextSchema(100).optional(),
    percentage: PercentageSchema.optional(),
    inclusive: z.boolean().optional(),
    category: CategorySchema.optional(),
    exemption_reason: ExemptionReasonSchema,
    exemption_reason_code: ExemptionReasonCodeSchema,
    archived: z.boolean().optional().openapi({ description: "true archives the rate, false restores it" }),
  })
  .openapi("UpdateTaxRate");

export const TaxRateListQuerySchema = OffsetQuerySchema.extend({
  archived: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .openapi({
      param: { name: "archived", in: "query" },
      description: "Only archived (true) or only active (false) rates; both when absent",
    }),
});

export const TaxRateListSchema = z
  .object({ data: z.array(TaxRateSchema), meta: OffsetMetaSchema })
  .openapi("TaxRateList");

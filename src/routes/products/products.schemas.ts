// Request and response schemas of products.
import { z } from "@hono/zod-openapi";
import { MetadataFilterParam, MetadataResponseSchema, MetadataSchema } from "../../lib/metadata";
import { CurrencySchema } from "../../lib/money";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import { MultiLineText, SingleLineText } from "../../lib/schemas";
import { UnitCodeSchema } from "../../lib/units";

const text = (max: number) => SingleLineText({ max });
const DescriptionSchema = MultiLineText({ max: 2000 }).nullable();

export const PriceSchema = z.number().min(0, { message: "Must be greater than or equal to 0" }).openapi({
  example: 19.99,
  description: "Major units: the net price (BT-146) of the lines filled from the product, at most 6 decimals",
});

const BaseQuantitySchema = z.number().gt(0, { message: "Must be greater than 0" }).openapi({
  description: "The quantity the price is for (BT-149), in unit_code; default 1",
  example: 100,
});

export const ProductSchema = z
  .object({
    id: z.string().openapi({ example: "prod_0123456789abcdefghijklmn" }),
    name: z.string(),
    description: z.string().nullable(),
    price: z.number().openapi({ example: 19.99 }),
    currency: z.string().openapi({ example: "USD" }),
    unit: z.string().openapi({ example: "hour" }),
    unit_code: z.string().openapi({ example: "HUR", description: "UN/ECE Recommendation 20 unit code" }),
    base_quantity: z.number().optional().openapi({ description: "BT-149; absent: 1" }),
    metadata: MetadataResponseSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Product");

export const CreateProductSchema = z
  .strictObject({
    name: text(200).openapi({ example: "Consulting" }),
    description: DescriptionSchema.optional(),
    price: PriceSchema,
    currency: CurrencySchema.optional().openapi({ description: "Default: the organization's currency" }),
    unit: text(32).openapi({ example: "hour", description: "Free text, 1 to 32 characters" }),
    unit_code: UnitCodeSchema.optional().openapi({
      description:
        "UN/ECE Recommendation 20 unit code, upper-case (BT-130 of the lines filled from it); default C62",
    }),
    base_quantity: BaseQuantitySchema.optional(),
    metadata: MetadataSchema.optional(),
  })
  .openapi("CreateProduct");

export const UpdateProductSchema = z
  .strictObject({
    name: text(200).optional(),
    description: DescriptionSchema.optional(),
    price: PriceSchema.optional(),
    currency: CurrencySchema.optional(),
    unit: text(32).optional(),
    unit_code: UnitCodeSchema.optional(),
    base_quantity: BaseQuantitySchema.optional(),
    metadata: MetadataSchema.nullable().optional(),
  })
  .openapi("UpdateProduct");

export const ProductListQuerySchema = OffsetQuerySchema.extend({
  metadata: MetadataFilterParam,
  search: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: "search", in: "query" },
      description: "Matches name or description, case-insensitively; % and _ are literal",
    }),
});

export const ProductListSchema = z
  .object({ data: z.array(ProductSchema), meta: OffsetMetaSchema })
  .openapi("ProductList");

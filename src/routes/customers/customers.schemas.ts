// Request and response schemas of customers.
import { z } from "@hono/zod-openapi";
import { isCountryCode } from "../../lib/countries";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import { EmailSchema, SingleLineText } from "../../lib/schemas";

const text = (max: number) => SingleLineText({ max });

export const CountrySchema = z
  .string()
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode, { message: "Must be an ISO 3166-1 alpha-2 country code, e.g. DE" })
  .openapi({ example: "DE", description: "ISO 3166-1 alpha-2 (stored upper case)" });

const CustomerEmailSchema = EmailSchema.openapi({ example: "billing@example.com" });

export const AddressSchema = z
  .strictObject({
    line1: text(200).openapi({ example: "1 Main Street" }),
    city: text(100).openapi({ example: "Berlin" }),
    postal_code: text(20).openapi({ example: "10115" }),
    country: CountrySchema,
  })
  .openapi("Address");

export const CustomerSchema = z
  .object({
    id: z.string().openapi({ example: "cus_0123456789abcdefghijklmn" }),
    name: z.string(),
    email: z.string(),
    address: z.object({
      line1: z.string(),
      city: z.string(),
      postal_code: z.string(),
      country: z.string(),
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
  })
  .openapi("CreateCustomer");

export const UpdateCustomerSchema = z
  .strictObject({
    name: text(200).optional(),
    email: CustomerEmailSchema.optional(),
    address: AddressSchema.partial().optional(),
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
});

export const CustomerListSchema = z
  .object({ data: z.array(CustomerSchema), meta: OffsetMetaSchema })
  .openapi("CustomerList");

// Field schemas shared by several resources, so a date, an e-mail, a country or a VAT
// identifier is validated (and normalised) one way everywhere.
import { z } from "@hono/zod-openapi";
import { isCountryCode } from "./countries";
import { EAS_CODES } from "./eas";
import { parseIban } from "./iban";
import { parseVatId } from "./vat";

/** A real calendar date: 2026-02-30 is refused. */
export const DateSchema = z.iso
  .date({ error: "Must be a calendar date in the form YYYY-MM-DD" })
  .openapi({ example: "2026-12-31" });

export const EmailSchema = z
  .email({ message: "Must be a valid e-mail address" })
  .max(254)
  .openapi({ example: "ada@example.com" });

/** Trimmed text of 1..max characters. */
export const TextSchema = (max: number) =>
  z.string().trim().min(1, { message: "Must not be empty" }).max(max);

export const CountrySchema = z
  .string()
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode, { message: "Must be an ISO 3166-1 alpha-2 country code, e.g. DE" })
  .openapi({ example: "DE", description: "ISO 3166-1 alpha-2 (stored upper case)" });

/** A parser of src/lib as a zod string schema: its value when ok, its message as the issue. */
const parsedString = (
  parse: (input: string) => { ok: true; value: string } | { ok: false; message: string },
) =>
  z
    .string()
    .max(100)
    .transform((input, ctx) => {
      const result = parse(input);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    });

export const VatIdSchema = parsedString(parseVatId).openapi({
  example: "DE123456789",
  description:
    "VAT identifier with its country prefix (EL for Greece, XI for Northern Ireland), checked for the " +
    "country's shape; stored upper case without spaces, dots or hyphens (Swiss: CHE-123.456.789 MWST)",
});

export const IbanSchema = parsedString(parseIban).openapi({
  example: "DE89370400440532013000",
  description: "IBAN (length and mod-97 check digits verified); stored upper case without spaces",
});

export const BicSchema = z
  .string()
  .transform((bic) => bic.replace(/\s+/g, "").toUpperCase())
  .refine((bic) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic), {
    message: "Must be a BIC of 8 or 11 characters, e.g. COBADEFFXXX",
  })
  .openapi({ example: "COBADEFFXXX" });

/** An electronic address (EN 16931 BT-34/BT-49): an EAS scheme code and the identifier in it. */
export const ElectronicAddressSchema = z
  .strictObject({
    scheme: z
      .string()
      .transform((scheme) => scheme.trim().toUpperCase())
      .refine((scheme) => EAS_CODES.has(scheme), {
        message: "Must be a code of the EAS code list, e.g. 0088 (GLN), 0204 (Leitweg-ID), 9930 (DE VAT), EM",
      })
      .openapi({ example: "0204" }),
    id: TextSchema(100).openapi({ example: "04011000-12345-67" }),
  })
  .openapi({ description: "EAS scheme code and the identifier in that scheme" });

/** How an electronic address is answered (null when unset). */
export const ElectronicAddressResponseSchema = z
  .object({ scheme: z.string(), id: z.string() })
  .nullable()
  .openapi("ElectronicAddress");

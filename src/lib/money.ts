// Currency codes and their minor-unit exponents (ISO 4217), from the runtime's Intl data.
import { z } from "@hono/zod-openapi";

const supported = new Set(Intl.supportedValuesOf("currency"));

export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && supported.has(code);
}

/** Digits after the decimal point of the currency's minor unit: JPY 0, USD 2, KWD 3. */
export function currencyExponent(code: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

export const CurrencySchema = z
  .string()
  .refine(isCurrency, { message: "Must be an ISO 4217 currency code in upper case, e.g. USD" })
  .openapi({ example: "USD", description: "ISO 4217 code, upper case" });

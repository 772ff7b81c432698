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

// ---- Money: integer minor units, exact parsing, half-up line rounding, formatting. ----
// Amounts arrive as JSON numbers in major units (19.99). A JSON number already is a double, so
// we read the shortest decimal string that round-trips to it (`String(19.99)` is "19.99") and
// parse those digits: no float is ever multiplied or summed.

/** Quantities carry at most 4 decimals and are stored scaled by 10^4. */
export const QUANTITY_DECIMALS = 4;
export const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);

export type Parsed = { ok: true; value: bigint } | { ok: false; message: string };

/** The exact decimal a JSON number stands for, as integer digits and how many follow the point. */
function decimalOf(value: number): { digits: bigint; scale: number } | undefined {
  if (!Number.isFinite(value)) return undefined;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) return undefined;
  const [, sign, whole = "0", fraction = "", exponent = "0"] = match;
  let digits = whole + fraction;
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits += "0".repeat(-scale);
    scale = 0;
  }
  const magnitude = BigInt(digits);
  return { digits: sign ? -magnitude : magnitude, scale };
}

/** A number with at most `decimals` decimals, as an integer scaled by 10^decimals. */
function toScaled(value: number, decimals: number): bigint | undefined {
  const decimal = decimalOf(value);
  if (!decimal || decimal.scale > decimals) return undefined;
  return decimal.digits * 10n ** BigInt(decimals - decimal.scale);
}

/** A price or amount in major units of `currency`, as minor units; >= 0 and within the minor unit. */
export function parseAmount(value: number, currency: string): Parsed {
  const exponent = currencyExponent(currency);
  const minor = toScaled(value, exponent);
  if (minor === undefined) {
    return {
      ok: false,
      message:
        exponent === 0
          ? `${currency} has no minor unit: use a whole number`
          : `At most ${exponent} decimal${exponent === 1 ? "" : "s"} for ${currency}`,
    };
  }
  if (minor < 0n) return { ok: false, message: "Must be greater than or equal to 0" };
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, message: "Amount is too large" };
  return { ok: true, value: minor };
}

/** A quantity > 0 with at most 4 decimals, scaled by 10^4. */
export function parseQuantity(value: number): Parsed {
  const scaled = toScaled(value, QUANTITY_DECIMALS);
  if (scaled === undefined) return { ok: false, message: `At most ${QUANTITY_DECIMALS} decimals` };
  if (scaled <= 0n) return { ok: false, message: "Must be greater than 0" };
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, message: "Quantity is too large" };
  return { ok: true, value: scaled };
}

/** quantity x unit price, rounded half-up to the minor unit (both operands are >= 0). */
export function lineAmount(quantityScaled: bigint, unitPriceMinor: bigint): bigint {
  return (quantityScaled * unitPriceMinor + QUANTITY_SCALE / 2n) / QUANTITY_SCALE;
}

export function sumAmounts(amounts: readonly bigint[]): bigint {
  return amounts.reduce((sum, amount) => sum + amount, 0n);
}

/** Whether an amount can be stored as a D1 INTEGER and read back exactly by JavaScript. */
export function fitsStorage(minor: bigint): boolean {
  return minor >= BigInt(Number.MIN_SAFE_INTEGER) && minor <= BigInt(Number.MAX_SAFE_INTEGER);
}

/** Minor units of one currency re-expressed in another with the same major value, if exact. */
export function rescaleAmount(minor: bigint, from: string, to: string): bigint | undefined {
  const shift = currencyExponent(to) - currencyExponent(from);
  if (shift >= 0) return minor * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  return minor % divisor === 0n ? minor / divisor : undefined;
}

/** "59.97" for 5997 at exponent 2: the exact decimal text of a scaled integer. */
export function decimalString(scaled: bigint | number, decimals: number): string {
  const value = BigInt(scaled);
  const sign = value < 0n ? "-" : "";
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, "0");
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Minor units back to a JSON number in major units (5997 USD -> 59.97). */
export function toMajor(minor: bigint | number, currency: string): number {
  return Number(decimalString(minor, currencyExponent(currency)));
}

/** A stored scaled quantity back to a JSON number (15000 -> 1.5). */
export function quantityToNumber(scaled: bigint | number): number {
  return Number(decimalString(scaled, QUANTITY_DECIMALS));
}

/** Human text for e-mails: "USD 59.97", every minor digit shown. */
export function formatMoney(minor: bigint | number, currency: string): string {
  return `${currency} ${decimalString(minor, currencyExponent(currency))}`;
}

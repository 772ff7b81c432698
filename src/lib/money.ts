// Currency codes and their minor-unit exponents, from a fixed ISO 4217 table in this file.
// Not from Intl: Intl reports *display* digits (IQD 0 where ISO says 3, HUF/IDR/COP 0 where ISO
// says 2), lacks some active codes (CLF, UYW, VED, ...), and differs between runtime versions.
// Stored minor units must never be reinterpreted because the runtime's data changed.
import { z } from "@hono/zod-openapi";

/**
 * ISO 4217 list one, active codes (as of the 2025 amendments: XCG added, ANG withdrawn; ZWG
 * added, ZWL withdrawn), code -> minor-unit exponent. Includes the fund codes (BOV, CHE, CHW,
 * CLF, COU, MXV, USN, UYI), which have exponents of their own. Left out: the codes without a
 * minor unit ("N.A.": precious metals XAU/XAG/XPD/XPT, bond units XBA-XBD, XDR, XSU, XUA) and the
 * test/no-currency codes XTS/XXX, which cannot price an invoice line.
 */
// biome-ignore format: a table reads better by letter
const ISO_4217: Readonly<Record<string, number>> = {
  AED: 2, AFN: 2, ALL: 2, AMD: 2, AOA: 2, ARS: 2, AUD: 2, AWG: 2, AZN: 2,
  BAM: 2, BBD: 2, BDT: 2, BGN: 2, BHD: 3, BIF: 0, BMD: 2, BND: 2, BOB: 2, BOV: 2, BRL: 2,
  BSD: 2, BTN: 2, BWP: 2, BYN: 2, BZD: 2,
  CAD: 2, CDF: 2, CHE: 2, CHF: 2, CHW: 2, CLF: 4, CLP: 0, CNY: 2, COP: 2, COU: 2, CRC: 2,
  CUP: 2, CVE: 2, CZK: 2,
  DJF: 0, DKK: 2, DOP: 2, DZD: 2,
  EGP: 2, ERN: 2, ETB: 2, EUR: 2,
  FJD: 2, FKP: 2,
  GBP: 2, GEL: 2, GHS: 2, GIP: 2, GMD: 2, GNF: 0, GTQ: 2, GYD: 2,
  HKD: 2, HNL: 2, HTG: 2, HUF: 2,
  IDR: 2, ILS: 2, INR: 2, IQD: 3, IRR: 2, ISK: 0,
  JMD: 2, JOD: 3, JPY: 0,
  KES: 2, KGS: 2, KHR: 2, KMF: 0, KPW: 2, KRW: 0, KWD: 3, KYD: 2, KZT: 2,
  LAK: 2, LBP: 2, LKR: 2, LRD: 2, LSL: 2, LYD: 3,
  MAD: 2, MDL: 2, MGA: 2, MKD: 2, MMK: 2, MNT: 2, MOP: 2, MRU: 2, MUR: 2, MVR: 2, MWK: 2,
  MXN: 2, MXV: 2, MYR: 2, MZN: 2,
  NAD: 2, NGN: 2, NIO: 2, NOK: 2, NPR: 2, NZD: 2,
  OMR: 3,
  PAB: 2, PEN: 2, PGK: 2, PHP: 2, PKR: 2, PLN: 2, PYG: 0,
  QAR: 2,
  RON: 2, RSD: 2, RUB: 2, RWF: 0,
  SAR: 2, SBD: 2, SCR: 2, SDG: 2, SEK: 2, SGD: 2, SHP: 2, SLE: 2, SOS: 2, SRD: 2, SSP: 2,
  STN: 2, SVC: 2, SYP: 2, SZL: 2,
  THB: 2, TJS: 2, TMT: 2, TND: 3, TOP: 2, TRY: 2, TTD: 2, TWD: 2, TZS: 2,
  UAH: 2, UGX: 0, USD: 2, USN: 2, UYI: 0, UYU: 2, UYW: 4, UZS: 2,
  VED: 2, VES: 2, VND: 0, VUV: 0,
  WST: 2,
  XAF: 0, XCD: 2, XCG: 2, XOF: 0, XPF: 0,
  YER: 2,
  ZAR: 2, ZMW: 2, ZWG: 2,
};

/**
 * Codes withdrawn from list one that the former Intl-based check accepted: no longer accepted on
 * input, but rows already stored in them still read with their ISO exponent.
 */
const WITHDRAWN: Readonly<Record<string, number>> = { ANG: 2, CUC: 2, HRK: 2, SLL: 2, ZWL: 2 };

export function isCurrency(code: string): boolean {
  return Object.hasOwn(ISO_4217, code);
}

/** Digits after the decimal point of the currency's minor unit: JPY 0, USD 2, KWD 3, CLF 4. */
export function currencyExponent(code: string): number {
  const exponent = Object.hasOwn(ISO_4217, code)
    ? ISO_4217[code]
    : Object.hasOwn(WITHDRAWN, code)
      ? WITHDRAWN[code]
      : undefined;
  if (exponent === undefined) throw new RangeError(`Unknown currency ${code}`);
  return exponent;
}

/**
 * The decimals of the currency a received document states: its ISO 4217 exponent, 2 for a code
 * ISO 4217 does not list (the document is kept as stated; the rules flag the code, BR-CL-04).
 */
export const statedCurrencyDecimals = (code: string): number =>
  Object.hasOwn(ISO_4217, code) || Object.hasOwn(WITHDRAWN, code) ? currencyExponent(code) : 2;

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

/**
 * Amounts travel as JSON numbers, which are doubles: only decimals of at most 15 significant
 * digits are sure to survive the trip (print -> parse -> print) exactly. So every amount (unit
 * price, line amount, total), in minor units, is at most 15 digits, whatever the currency's
 * exponent; a quantity scaled by 10^4 too. Beyond: 422 on the field.
 */
export const MAX_SIGNIFICANT_DIGITS = 15;
export const MAX_AMOUNT_MINOR = 10n ** BigInt(MAX_SIGNIFICANT_DIGITS) - 1n;
const MAX_SCALED = MAX_AMOUNT_MINOR;
export const AMOUNT_TOO_LARGE = `Amount is too large: at most ${MAX_AMOUNT_MINOR} minor units (${MAX_SIGNIFICANT_DIGITS} digits)`;

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

/**
 * A cash-rounding increment (e.g. 0.05): > 0, at most 100, at most 4 decimals, as its x 10^4
 * integer. In a currency it applies only as a whole number of minor units (cashIncrementMinor).
 */
export function parseCashRounding(value: number): Parsed {
  const scaled = toScaled(value, 4);
  if (scaled === undefined) return { ok: false, message: "At most 4 decimals, e.g. 0.05" };
  if (scaled <= 0n || scaled > 1_000_000n)
    return { ok: false, message: "Must be greater than 0 and at most 100" };
  return { ok: true, value: scaled };
}

/** A cash-rounding increment (x 10^4) in minor units of `currency`; null when it is no whole number of them. */
export function cashIncrementMinor(scaled: bigint, currency: string): bigint | null {
  const numerator = scaled * 10n ** BigInt(currencyExponent(currency));
  return numerator % 10_000n === 0n && numerator > 0n ? numerator / 10_000n : null;
}

/**
 * The largest magnitude a stated rounding amount (BT-114) may have, in minor units of `currency`:
 * below one major unit (0.99 EUR, 0.999 KWD); a currency without minor units rounds to tens at
 * most (9 JPY), as one major unit would leave it no rounding at all.
 */
export function maxRoundingMinor(currency: string): bigint {
  const exponent = currencyExponent(currency);
  return exponent === 0 ? 9n : 10n ** BigInt(exponent) - 1n;
}

/** An amount with more decimals than `currency` has (its minor unit). */
function tooManyDecimals(currency: string): Parsed {
  const exponent = currencyExponent(currency);
  return {
    ok: false,
    message:
      exponent === 0
        ? `${currency} has no minor unit: use a whole number`
        : `At most ${exponent} decimal${exponent === 1 ? "" : "s"} for ${currency}`,
  };
}

/** A stated rounding amount (BT-114) in major units of `currency`, as minor units; either sign. */
export function parseRoundingAmount(value: number, currency: string): Parsed {
  const minor = toScaled(value, currencyExponent(currency));
  if (minor === undefined) return tooManyDecimals(currency);
  const max = maxRoundingMinor(currency);
  if (minor > max || minor < -max)
    return { ok: false, message: `Must be between -${toMajor(max, currency)} and ${toMajor(max, currency)}` };
  return { ok: true, value: minor };
}

/** A price or amount in major units of `currency`, as minor units; >= 0 and within the minor unit. */
export function parseAmount(value: number, currency: string): Parsed {
  const minor = toScaled(value, currencyExponent(currency));
  if (minor === undefined) return tooManyDecimals(currency);
  if (minor < 0n) return { ok: false, message: "Must be greater than or equal to 0" };
  if (!fitsAmount(minor)) return { ok: false, message: AMOUNT_TOO_LARGE };
  return { ok: true, value: minor };
}

/** An amount > 0 in major units with at most `decimals` decimals, as an integer x 10^decimals. */
export function parsePositiveAmountAt(value: number, decimals: number): Parsed {
  const scaled = toScaled(value, decimals);
  if (scaled === undefined) return { ok: false, message: `At most ${decimals} decimals` };
  if (scaled <= 0n) return { ok: false, message: "Must be greater than 0" };
  if (!fitsAmount(scaled)) return { ok: false, message: AMOUNT_TOO_LARGE };
  return { ok: true, value: scaled };
}

/**
 * A quantity > 0 with at most 4 decimals, scaled by 10^4. With `allowNegative` (invoice lines:
 * a correction line) any quantity but 0.
 */
export function parseQuantity(value: number, options: { allowNegative?: boolean } = {}): Parsed {
  const scaled = toScaled(value, QUANTITY_DECIMALS);
  if (scaled === undefined) return { ok: false, message: `At most ${QUANTITY_DECIMALS} decimals` };
  if (options.allowNegative && scaled === 0n) return { ok: false, message: "Must not be 0" };
  if (!options.allowNegative && scaled <= 0n) return { ok: false, message: "Must be greater than 0" };
  if (scaled > MAX_SCALED || -scaled > MAX_SCALED) {
    return { ok: false, message: `Quantity is too large: at most ${MAX_SIGNIFICANT_DIGITS} digits in all` };
  }
  return { ok: true, value: scaled };
}

/** a / b for b > 0, rounded half away from zero: a negative amount rounds as its opposite does. */
export function divideHalfAway(a: bigint, b: bigint): bigint {
  return a < 0n ? -((-a * 2n + b) / (2n * b)) : (a * 2n + b) / (2n * b);
}

/** quantity x unit price, rounded half-up to the minor unit (a negative quantity: symmetrically). */
export function lineAmount(quantityScaled: bigint, unitPriceMinor: bigint): bigint {
  return divideHalfAway(quantityScaled * unitPriceMinor, QUANTITY_SCALE);
}

/** Net and gross prices (BT-146, BT-148) carry at most 6 decimals: major units scaled by 10^6. */
export const PRICE_DECIMALS = 6;
export const PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS);

/**
 * A price in major units of `currency` with at most 6 decimals, scaled by 10^6; >= 0, and in
 * whole minor units at most MAX_AMOUNT_MINOR like every amount.
 */
export function parsePrice(value: number, currency: string): Parsed {
  const scaled = toScaled(value, PRICE_DECIMALS);
  if (scaled === undefined) return { ok: false, message: `At most ${PRICE_DECIMALS} decimals` };
  if (scaled < 0n) return { ok: false, message: "Must be greater than or equal to 0" };
  if (scaled > minorToPrice(MAX_AMOUNT_MINOR, currency)) return { ok: false, message: AMOUNT_TOO_LARGE };
  return { ok: true, value: scaled };
}

/** A price scaled by 10^6 in minor units of `currency`, when it has no finer digits. */
export function priceToMinor(priceScaled: bigint, currency: string): bigint | undefined {
  const divisor = 10n ** BigInt(PRICE_DECIMALS - currencyExponent(currency));
  return priceScaled % divisor === 0n ? priceScaled / divisor : undefined;
}

/** Decimal text ("12.5", "-3.000100") as an integer x 10^decimals; undefined when it has more. */
export function scaledFromText(text: string, decimals: number): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole = "0", fraction = ""] = match;
  const trimmed = fraction.replace(/0+$/, "");
  if (trimmed.length > decimals) return undefined;
  const magnitude = BigInt(whole + trimmed.padEnd(decimals, "0"));
  return sign ? -magnitude : magnitude;
}

/** Minor units of `currency` as a price x 10^6. */
export function minorToPrice(minor: bigint, currency: string): bigint {
  return minor * 10n ** BigInt(PRICE_DECIMALS - currencyExponent(currency));
}

/**
 * The line amount of EN 16931 (BT-129 x BT-146 / BT-149) in minor units of `currency`, rounded
 * once, half away from zero. Quantity and base quantity are x 10^4, the price x 10^6. For a base
 * quantity of 1 and a price in whole minor units it equals lineAmount.
 */
export function priceAmount(
  quantityScaled: bigint,
  priceScaled: bigint,
  baseQuantityScaled: bigint,
  currency: string,
): bigint {
  const exponentScale = 10n ** BigInt(currencyExponent(currency));
  return divideHalfAway(quantityScaled * priceScaled * exponentScale, baseQuantityScaled * PRICE_SCALE);
}

/** The decimals a price x 10^6 is shown with: its own, at least the currency's. */
export function shownPriceDecimals(priceScaled: bigint, currency: string): number {
  const fraction = (priceScaled < 0n ? -priceScaled : priceScaled) % PRICE_SCALE;
  const own =
    fraction === 0n ? 0 : fraction.toString().padStart(PRICE_DECIMALS, "0").replace(/0+$/, "").length;
  return Math.max(own, currencyExponent(currency));
}

/**
 * Whether a line amount (minor units, before the line's allowances and charges) is one that
 * quantity x a price which rounds to `priceScaled` at the decimals it is shown with, / base
 * quantity, gives, rounded half away from zero: the amount of a price billed with more decimals
 * than the documents show (an energy price per kWh shown to 4 decimals). `priceAmount` is the one
 * amount of the shown price itself; this is the range a stated amount may take (EN 16931 derives
 * BT-131 from the price but fixes no decimals for BT-146).
 *
 * Exact: with the true price T in [P - w/2, P + w/2) (w one unit of the shown last decimal) and
 * x = Q x T / B in minor units, some x rounds to A when [2A - 1, 2A + 1) meets [2x_lo, 2x_hi).
 */
export function amountFitsShownPrice(
  quantityScaled: bigint,
  priceScaled: bigint,
  baseQuantityScaled: bigint,
  amountMinor: bigint,
  currency: string,
): boolean {
  const negative = quantityScaled < 0n;
  if (negative ? amountMinor > 0n : amountMinor < 0n) return false;
  const quantity = negative ? -quantityScaled : quantityScaled;
  const amount = negative ? -amountMinor : amountMinor;
  const exponentScale = 10n ** BigInt(currencyExponent(currency));
  const unit = 10n ** BigInt(PRICE_DECIMALS - shownPriceDecimals(priceScaled, currency));
  const denominator = baseQuantityScaled * PRICE_SCALE;
  const low = quantity * (2n * priceScaled - unit) * exponentScale;
  const high = quantity * (2n * priceScaled + unit) * exponentScale;
  return low < (2n * amount + 1n) * denominator && (2n * amount - 1n) * denominator < high;
}

/**
 * Peppol's tolerance between a line's net amount and quantity x net price / base quantity (+ its
 * charges - its allowances): 0.02 in major units (PEPPOL-EN16931-R120). Whether `amountMinor`
 * lies within it of what the price gives.
 */
export function withinPeppolLineSlack(
  quantityScaled: bigint,
  priceScaled: bigint,
  baseQuantityScaled: bigint,
  amountMinor: bigint,
  currency: string,
): boolean {
  const exponentScale = 10n ** BigInt(currencyExponent(currency));
  const denominator = baseQuantityScaled * PRICE_SCALE;
  const gap = amountMinor * denominator - quantityScaled * priceScaled * exponentScale;
  return 100n * (gap < 0n ? -gap : gap) <= 2n * exponentScale * denominator;
}

export function sumAmounts(amounts: readonly bigint[]): bigint {
  return amounts.reduce((sum, amount) => sum + amount, 0n);
}

/** Whether an amount (unit price, line amount, total) is within 0..MAX_AMOUNT_MINOR minor units. */
export function fitsAmount(minor: bigint): boolean {
  return minor >= 0n && minor <= MAX_AMOUNT_MINOR;
}

/** Whether a signed amount (a correction line's) has at most MAX_SIGNIFICANT_DIGITS digits. */
export function fitsSignedAmount(minor: bigint): boolean {
  return minor <= MAX_AMOUNT_MINOR && -minor <= MAX_AMOUNT_MINOR;
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

/** Percentages carry at most 4 decimals and are stored scaled by 10^4 (19.5% -> 195000). */
export const PERCENT_DECIMALS = 4;

/**
 * A percentage from 0 to 100 with at most 4 decimals, given as a JSON number or a decimal string
 * ("19.5"), scaled by 10^4. Strings avoid any doubt about binary floating point.
 */
export function parsePercentage(value: number | string): Parsed {
  let scaled: bigint | undefined;
  if (typeof value === "string") {
    // Trailing zeros carry no precision: "8.50000" is 8.5.
    const match = /^(\d{1,3})(?:\.(\d{1,4})0*)?$/.exec(value.trim());
    if (match) scaled = BigInt(match[1] ?? "0") * 10_000n + BigInt((match[2] ?? "").padEnd(4, "0") || "0");
  } else {
    scaled = toScaled(value, PERCENT_DECIMALS);
  }
  if (scaled === undefined) {
    return {
      ok: false,
      message: `A percentage with at most ${PERCENT_DECIMALS} decimals, e.g. 19 or "7.25"`,
    };
  }
  if (scaled < 0n || scaled > 1_000_000n) return { ok: false, message: "Must be between 0 and 100" };
  return { ok: true, value: scaled };
}

/** A stored percentage (x 10^4) as the JSON number it stands for (190000 -> 19, 72500 -> 7.25). */
export function percentageToNumber(scaled: bigint | number): number {
  return Number(decimalString(scaled, PERCENT_DECIMALS));
}

/** Exchange rates (BT-6 conversions) carry at most 10 decimals: integers x 10^10 inside. */
export const EXCHANGE_RATE_DECIMALS = 10;

/**
 * An exchange rate, a JSON number or decimal text ("96.513748"), as an integer x 10^10; above 0,
 * at most 10 decimals and 15 significant digits.
 */
export function parseExchangeRate(value: number | string): Parsed {
  let scaled: bigint | undefined;
  if (typeof value === "string") {
    const match = /^(\d{1,15})(?:\.(\d{1,10})0*)?$/.exec(value.trim());
    if (match) {
      scaled =
        BigInt(match[1] ?? "0") * 10n ** BigInt(EXCHANGE_RATE_DECIMALS) +
        BigInt((match[2] ?? "").padEnd(EXCHANGE_RATE_DECIMALS, "0"));
    }
  } else {
    scaled = toScaled(value, EXCHANGE_RATE_DECIMALS);
  }
  if (scaled === undefined) {
    return {
      ok: false,
      message: `An exchange rate with at most ${EXCHANGE_RATE_DECIMALS} decimals, e.g. 11.2345 or "0.8571"`,
    };
  }
  if (scaled <= 0n) return { ok: false, message: "Must be above 0" };
  const significant = scaled.toString().replace(/0+$/, "").length;
  if (significant > MAX_SIGNIFICANT_DIGITS) {
    return { ok: false, message: `At most ${MAX_SIGNIFICANT_DIGITS} significant digits` };
  }
  return { ok: true, value: scaled };
}

/** A rate x 10^10 as its shortest decimal text (964_000_000_000 -> "96.4"). */
export function exchangeRateText(scaled: bigint): string {
  const text = decimalString(scaled, EXCHANGE_RATE_DECIMALS);
  return text.replace(/0+$/, "").replace(/\.$/, "");
}

/**
 * `minor` units of `from` converted at `rateScaled` (x 10^10: 1 `from` = rate `to`) into minor
 * units of `to`, rounded half away from zero once.
 */
export function convertMinor(minor: bigint, from: string, rateScaled: bigint, to: string): bigint {
  const numerator = minor * rateScaled * 10n ** BigInt(currencyExponent(to));
  const denominator = 10n ** BigInt(currencyExponent(from) + EXCHANGE_RATE_DECIMALS);
  const magnitude = ((numerator < 0n ? -numerator : numerator) * 2n + denominator) / (2n * denominator);
  return numerator < 0n ? -magnitude : magnitude;
}

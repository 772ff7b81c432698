// Exact decimal arithmetic on the amounts a received document states, as the official rules
// (XPath 2.0 xs:decimal) compute them: no float, no rounding but the rules' own
// `round(x * 100) div 100` (half towards positive infinity).
import { decimalString } from "../../../lib/money";

/** A decimal as an integer and a count of decimals: 12.50 is { units: 1250n, scale: 2 }. */
export interface Decimal {
  units: bigint;
  scale: number;
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

/** The decimal a text states ("12.5", "-3", "+0.10", ".5"), or null for none or anything else. */
export function parseDecimal(text: string | null | undefined): Decimal | null {
  if (text == null) return null;
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) return null;
  const [, sign, whole = "", fraction = ""] = match;
  const units = BigInt(`${whole}${fraction}` || "0");
  return { units: sign === "-" ? -units : units, scale: fraction.length };
}

/**
 * A stated decimal in the plain form the service's own parsers read ("+119." is "119", ".5" is
 * "0.5", blanks around it dropped), its value unchanged; the text itself where it is no decimal.
 */
export function plainDecimal(text: string): string {
  const stated = parseDecimal(text);
  return stated ? decimalString(stated.units, stated.scale) : text;
}

/** A stated amount, or 0 where none is stated (the rules' `sum()` of nothing). */
export const amountOrZero = (text: string | null | undefined): Decimal => parseDecimal(text) ?? ZERO;

/** Decimals written after the point ("1.500" has 3), as BR-DEC-* count them. */
export const decimalsOf = (text: string): number => {
  const at = text.indexOf(".");
  return at < 0 ? 0 : text.trim().length - at - 1;
};

/** The significant decimals of a stated amount ("+1.50" has 1, "119." none); 0 for none or no decimal. */
export function significantDecimals(text: string | null): number {
  const stated = parseDecimal(text);
  if (!stated || stated.units === 0n) return 0;
  let decimals = stated.scale;
  for (let units = stated.units; decimals > 0 && units % 10n === 0n; units /= 10n) decimals--;
  return decimals;
}

/** 10^n, for the scales amounts come in. */
const POWERS = Array.from({ length: 40 }, (_, n) => 10n ** BigInt(n));
const power = (n: number) => POWERS[n] ?? 10n ** BigInt(n);

const rescale = (d: Decimal, scale: number): bigint =>
  scale === d.scale ? d.units : d.units * power(scale - d.scale);

export function add(...terms: Decimal[]): Decimal {
  const scale = Math.max(0, ...terms.map((t) => t.scale));
  return { units: terms.reduce((sum, t) => sum + rescale(t, scale), 0n), scale };
}

export const negate = (d: Decimal): Decimal => ({ units: -d.units, scale: d.scale });
export const subtract = (a: Decimal, b: Decimal): Decimal => add(a, negate(b));
export const multiply = (a: Decimal, b: Decimal): Decimal => ({
  units: a.units * b.units,
  scale: a.scale + b.scale,
});
export const abs = (d: Decimal): Decimal => (d.units < 0n ? negate(d) : d);
/** d / 10^n, exactly. */
export const shift = (d: Decimal, n: number): Decimal => ({ units: d.units, scale: d.scale + n });

export function compare(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const equal = (a: Decimal, b: Decimal) => compare(a, b) === 0;
export const sum = (terms: readonly Decimal[]): Decimal => (terms.length ? add(...terms) : ZERO);

/** XPath round(): to `decimals` places, halves towards positive infinity. */
export function round(d: Decimal, decimals = 0): Decimal {
  if (d.scale <= decimals) return d;
  const divisor = power(d.scale - decimals);
  // floor((units + divisor / 2) / divisor), floor for negatives too
  const shifted = d.units * 2n + divisor;
  const twice = divisor * 2n;
  let quotient = shifted / twice;
  if (shifted % twice !== 0n && shifted < 0n) quotient -= 1n;
  return { units: quotient, scale: decimals };
}

/** The rules' `round(x * 10 * 10) div 100`. */
export const round2 = (d: Decimal) => round(d, 2);

/** |a - b| < 1: the rules' tolerance `a - 1 < b and a + 1 > b`. */
export const withinOne = (a: Decimal, b: Decimal) =>
  compare(subtract(a, { units: 1n, scale: 0 }), b) < 0 && compare(add(a, { units: 1n, scale: 0 }), b) > 0;

export const isZero = (d: Decimal) => d.units === 0n;
export const sign = (d: Decimal) => (d.units < 0n ? -1 : d.units > 0n ? 1 : 0);

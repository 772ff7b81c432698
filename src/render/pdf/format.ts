// Numbers and dates as the organization's locale writes them (Intl, available in workerd).
// Money is formatted from its exact decimal text, with the currency's own minor-unit digits,
// so no amount passes through a float.
import type { Locale } from "../../db/schema/identity";
import { currencyExponent, decimalString, PERCENT_DECIMALS, QUANTITY_DECIMALS } from "../../lib/money";

/** The exact decimal text Intl accepts as a number (ES2023 Intl.NumberFormat v3). */
type Decimal = Intl.StringNumericLiteral;

/** Narrow no-break spaces (French grouping) become plain no-break spaces: one glyph fewer to embed. */
const tidy = (text: string) => text.replace(/\u202f/g, "\u00a0");

export interface Formatter {
  money(minor: bigint | number): string;
  quantity(scaled: bigint | number): string;
  percent(scaled: bigint | number): string;
  date(isoDate: string): string;
}

/**
 * Building Intl formatters (locale data lookups) costs more than formatting a whole invoice, and
 * an isolate sees few (locale, currency) pairs: each is built once. Bounded all the same.
 */
const formatters = new Map<string, Formatter>();
const MAX_FORMATTERS = 256;

export function formatterFor(locale: Locale, currency: string): Formatter {
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = buildFormatter(locale, currency);
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value as string);
    formatters.set(key, formatter);
  }
  return formatter;
}

function buildFormatter(locale: Locale, currency: string): Formatter {
  const exponent = currencyExponent(currency);
  const money = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: QUANTITY_DECIMALS });
  const percent = new Intl.NumberFormat(locale, {
    style: "percent",
    maximumFractionDigits: PERCENT_DECIMALS,
  });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  return {
    money: (minor) => tidy(money.format(decimalString(minor, exponent) as Decimal)),
    quantity: (scaled) => tidy(quantity.format(decimalString(scaled, QUANTITY_DECIMALS) as Decimal)),
    // Stored x 10^4 of a percentage, so x 10^6 of the fraction Intl's percent style expects.
    percent: (scaled) => tidy(percent.format(decimalString(scaled, PERCENT_DECIMALS + 2) as Decimal)),
    date: (isoDate) => date.format(new Date(`${isoDate}T00:00:00Z`)),
  };
}

// Numbers and dates as the document's locale writes them (Intl, available in workerd), for every
// output. Money is formatted from its exact decimal text, with the currency's own minor-unit
// digits, so no amount passes through a float.

import { BoundedMap } from "../lib/bounded-map";
import {
  decimalString,
  EXCHANGE_RATE_DECIMALS,
  PERCENT_DECIMALS,
  PRICE_DECIMALS,
  QUANTITY_DECIMALS,
  statedCurrencyDecimals,
} from "../lib/money";
import { quantityWithUnit, unitLabel } from "../lib/units";
import type { Locale } from "./types";

/** The exact decimal text Intl accepts as a number (ES2023 Intl.NumberFormat v3). */
type Decimal = Intl.StringNumericLiteral;

/** Narrow no-break spaces (French grouping) become plain no-break spaces: one glyph fewer to embed. */
const tidy = (text: string) => text.replace(/\u202f/g, "\u00a0");

/**
 * A number as every output writes it: tidied, and below zero with the minus sign U+2212 where Intl
 * writes a hyphen-minus, so "−49,75 €" reads the same on the PDF, the page and in the e-mails.
 */
const numeric = (text: string) => tidy(text).replace("-", "\u2212");

export interface Formatter {
  /** An amount in the currency, below zero with the minus sign U+2212 ("−4,00 €"). */
  money(minor: bigint | number): string;
  /** An amount taken off: the amount below zero, its minus where the locale puts it ("−4,00 €",
   * "€ −4,00"); a negative one (the discount of a correction line, the document discounts
   * reversing a correction's) is added back, so it is written as the positive amount it is. */
  deduction(minor: bigint | number): string;
  /** A line's unit price: its stated price with up to 6 decimals where it has more than the currency. */
  unitPrice(line: { unitPriceMinor: number; statedPrice?: string }): string;
  /** A quantity stored x 10^4. */
  quantity(scaled: bigint | number): string;
  /** A quantity with its unit's short label in the locale ("2,5 Std."; none for C62). */
  quantityWithUnit(scaled: bigint | number, unitCode: string): string;
  /** A percentage stored x 10^4. */
  percent(scaled: bigint | number): string;
  /** YYYY-MM-DD, or an ISO timestamp (its UTC day), in the short form a table holds ("05.03.2031"). */
  date(isoDate: string): string;
  /** The same day written out ("5. März 2031"), for running text and the page. */
  longDate(isoDate: string): string;
  /** An exchange rate given as decimal text ("96.513748"), every decimal kept. */
  rate(text: string): string;
  /** An IBAN in groups of four, as it is printed for people ("DE89 3704 0044 ..."). */
  iban(iban: string): string;
  /** A count of things, grouped as the locale groups digits ("1,000", "1.000"). */
  count(n: number): string;
}

/**
 * Building Intl formatters (locale data lookups) costs more than formatting a whole invoice, and
 * an isolate sees few (locale, currency) pairs: each is built once. Bounded all the same.
 */
const formatters = new BoundedMap<string, Formatter>(256);

export function formatterFor(locale: Locale, currency: string): Formatter {
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = buildFormatter(locale, currency);
    formatters.set(key, formatter);
  }
  return formatter;
}

const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/**
 * Amounts in `currency` with these decimals. A received document may state a code Intl cannot
 * write as a currency ("EURO", none at all; it is kept as stated and the rules flag it): the
 * number, then the code as stated.
 */
function amountFormat(
  locale: Locale,
  currency: string,
  minimumFractionDigits: number,
  maximumFractionDigits: number,
) {
  const digits = { minimumFractionDigits, maximumFractionDigits };
  if (/^[A-Z]{3}$/.test(currency))
    return new Intl.NumberFormat(locale, { style: "currency", currency, ...digits });
  const number = new Intl.NumberFormat(locale, digits);
  const code = currency.trim();
  return {
    format: (value: Decimal) => (code ? `${number.format(value)}\u00a0${code}` : number.format(value)),
  };
}

function buildFormatter(locale: Locale, currency: string): Formatter {
  const exponent = statedCurrencyDecimals(currency);
  const money = amountFormat(locale, currency, exponent, exponent);
  const price = amountFormat(locale, currency, exponent, PRICE_DECIMALS);
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: QUANTITY_DECIMALS });
  const percent = new Intl.NumberFormat(locale, {
    style: "percent",
    maximumFractionDigits: PERCENT_DECIMALS,
  });
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: EXCHANGE_RATE_DECIMALS });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const formatQuantity = (scaled: bigint | number) =>
    numeric(quantity.format(decimalString(scaled, QUANTITY_DECIMALS) as Decimal));
  const formatMoney = (minor: bigint | number) =>
    numeric(money.format(decimalString(minor, exponent) as Decimal));
  return {
    money: formatMoney,
    deduction: (minor) => formatMoney(-BigInt(minor)),
    unitPrice: (line) =>
      line.statedPrice
        ? numeric(price.format(line.statedPrice as Decimal))
        : formatMoney(line.unitPriceMinor),
    quantity: formatQuantity,
    quantityWithUnit: (scaled, unitCode) =>
      quantityWithUnit(formatQuantity(scaled), unitLabel(unitCode, locale)),
    // Stored x 10^4 of a percentage, so x 10^6 of the fraction Intl's percent style expects.
    percent: (scaled) => numeric(percent.format(decimalString(scaled, PERCENT_DECIMALS + 2) as Decimal)),
    date: (iso) => tidy(date.format(day(iso))),
    longDate: (iso) => tidy(longDate.format(day(iso))),
    rate: (text) => numeric(rate.format(text as Decimal)),
    iban: (iban) => iban.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 "),
    count: (n) => numeric(quantity.format(n)),
  };
}

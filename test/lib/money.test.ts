import { describe, expect, it } from "vitest";
import {
  CurrencySchema,
  currencyExponent,
  decimalString,
  isCurrency,
  lineAmount,
  MAX_AMOUNT_MINOR,
  parseAmount,
  parseQuantity,
  rescaleAmount,
  sumAmounts,
  toMajor,
} from "../../src/lib/money";

const minor = (value: number, currency: string) => {
  const parsed = parseAmount(value, currency);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};
const qty = (value: number) => {
  const parsed = parseQuantity(value);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

describe("Money", () => {
  it("parses a JSON number's decimal text exactly, never through float multiplication", () => {
    expect(minor(19.99, "USD")).toBe(1999n); // 19.99 * 100 === 1998.9999999999998
    expect(minor(0.29, "USD")).toBe(29n); // 0.29 * 100 === 28.999999999999996
    expect(minor(1234, "JPY")).toBe(1234n);
    expect(minor(1.234, "KWD")).toBe(1234n);
    expect(parseAmount(1e21, "USD")).toMatchObject({ ok: false });
    expect(parseAmount(1.999, "USD")).toMatchObject({ ok: false });
    expect(parseAmount(0.5, "JPY")).toMatchObject({ ok: false });
    expect(parseAmount(1e-7, "USD")).toMatchObject({ ok: false });
    expect(parseAmount(-1, "USD")).toMatchObject({ ok: false });
  });

  it("takes quantities with up to 4 decimals, > 0", () => {
    expect(qty(1.5)).toBe(15000n);
    expect(qty(0.0001)).toBe(1n);
    expect(parseQuantity(0.00001)).toMatchObject({ ok: false });
    expect(parseQuantity(0)).toMatchObject({ ok: false });
    expect(parseQuantity(-2)).toMatchObject({ ok: false });
  });

  it("rounds each line half-up to the minor unit and sums integers", () => {
    expect(lineAmount(qty(3), minor(19.99, "USD"))).toBe(5997n);
    expect(lineAmount(qty(1.5), minor(33.33, "USD"))).toBe(5000n); // 49.995 -> 50.00
    expect(lineAmount(qty(0.3333), minor(0.01, "USD"))).toBe(0n); // 0.003333 -> 0.00
    expect(lineAmount(qty(0.5), minor(0.01, "USD"))).toBe(1n); // 0.005 -> 0.01
    expect(sumAmounts([minor(0.1, "USD"), minor(0.2, "USD")])).toBe(30n);
    expect(toMajor(30n, "USD")).toBe(0.3);
  });

  it("computes in BigInt where the product passes 2^53", () => {
    const price = minor(9007199254740.99, "USD");
    expect(price).toBe(900719925474099n);
    // 1000.5 x 900719925474099 cents: the product of the scaled integers is ~9e21, past 2^53.
    const amount = lineAmount(qty(1000.5), price);
    expect(amount).toBe(901170285436836050n); // exactly 900719925474099 * 1000.5, rounded half-up
    expect(amount > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it("formats minor units back to major units", () => {
    expect(decimalString(5997n, 2)).toBe("59.97");
    expect(decimalString(5n, 3)).toBe("0.005");
    expect(decimalString(1234n, 0)).toBe("1234");
    expect(toMajor(1234, "KWD")).toBe(1.234);
    expect(rescaleAmount(1999n, "USD", "JPY")).toBeUndefined();
    expect(rescaleAmount(1999n, "USD", "KWD")).toBe(19990n);
  });

  it("takes exponents from the ISO 4217 table, not from Intl's display digits", () => {
    expect(currencyExponent("IQD")).toBe(3); // Intl: 0
    expect(currencyExponent("HUF")).toBe(2); // Intl: 0
    expect(currencyExponent("IDR")).toBe(2);
    expect(currencyExponent("COP")).toBe(2);
    expect(currencyExponent("CLF")).toBe(4); // unknown to some Intl versions
    expect(currencyExponent("UYW")).toBe(4);
    expect(currencyExponent("UYI")).toBe(0);
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("KWD")).toBe(3);
    expect(currencyExponent("USD")).toBe(2);
    expect(currencyExponent("VED")).toBe(2);
    expect(minor(1.234, "IQD")).toBe(1234n);
    expect(minor(1.2345, "CLF")).toBe(12345n);
    expect(parseAmount(0.5, "UYI")).toMatchObject({ ok: false });
    expect(toMajor(12345n, "CLF")).toBe(1.2345);
  });

  it("accepts active codes only: unknown, lower-case, withdrawn and no-minor-unit codes are refused", () => {
    for (const code of ["USD", "EUR", "IQD", "CLF", "VED", "XCG", "ZWG", "XOF"])
      expect(isCurrency(code)).toBe(true);
    for (const code of [
      "usd",
      "ABC",
      "XXX",
      "XAU",
      "XDR",
      "HRK",
      "ZWL",
      "",
      "USDX",
      "toString",
      "__proto__",
    ]) {
      expect(isCurrency(code), code).toBe(false);
    }
    expect(CurrencySchema.safeParse("ABC").success).toBe(false);
    expect(CurrencySchema.safeParse("HUF").success).toBe(true);
    expect(() => currencyExponent("ABC")).toThrow(RangeError);
    // A withdrawn code still reads, for rows stored before it left the list.
    expect(currencyExponent("HRK")).toBe(2);
  });

  it("caps every amount at 15 digits of minor units, so JSON doubles carry it exactly", () => {
    expect(MAX_AMOUNT_MINOR).toBe(999_999_999_999_999n);
    expect(minor(9999999999999.99, "USD")).toBe(999_999_999_999_999n);
    expect(toMajor(999_999_999_999_999n, "USD")).toBe(9999999999999.99);
    expect(String(toMajor(999_999_999_999_999n, "USD"))).toBe("9999999999999.99");
    expect(parseAmount(10000000000000, "USD")).toMatchObject({ ok: false }); // 10^15 cents
    expect(minor(999999999999999, "JPY")).toBe(999_999_999_999_999n);
    expect(parseAmount(1000000000000000, "JPY")).toMatchObject({ ok: false });
    expect(minor(999999999999.999, "KWD")).toBe(999_999_999_999_999n);
    expect(parseAmount(1000000000000, "KWD")).toMatchObject({ ok: false });
    expect(qty(99999999999.9999)).toBe(999_999_999_999_999n);
    expect(parseQuantity(100000000000)).toMatchObject({ ok: false });
  });
});

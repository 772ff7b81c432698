import { describe, expect, it } from "vitest";
import { parseIban } from "../../src/lib/iban";

describe("parseIban", () => {
  it.each([
    ["DE89370400440532013000", "DE89370400440532013000"],
    ["de89 3704 0044 0532 0130 00", "DE89370400440532013000"],
    ["GB29NWBK60161331926819", "GB29NWBK60161331926819"],
    ["NO9386011117947", "NO9386011117947"],
    ["FR1420041010050500013M02606", "FR1420041010050500013M02606"],
    ["MT84MALT011000012345MTLCAST001S", "MT84MALT011000012345MTLCAST001S"],
  ])("accepts %s", (input, stored) => {
    expect(parseIban(input)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ["DE89370400440532013001", /check digits/],
    ["DE88370400440532013000", /check digits/],
    ["DE8937040044053201300", /DE IBAN has 22 characters/],
    ["US12345678901234", /does not issue IBANs/],
    ["DE89-3704-0044-0532-0130-00", /Must be an IBAN/],
    ["", /Must be an IBAN/],
  ])("refuses %s", (input, message) => {
    const result = parseIban(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

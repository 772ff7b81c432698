import { describe, expect, it } from "vitest";
import { parseVatId } from "../../src/lib/vat";

describe("parseVatId", () => {
  it.each([
    ["DE123456789", "DE123456789"],
    ["de 123.456.789", "DE123456789"],
    ["ATU12345678", "ATU12345678"],
    ["BE0123456789", "BE0123456789"],
    ["EL123456789", "EL123456789"],
    ["ESX1234567X", "ESX1234567X"],
    ["ES12345678Z", "ES12345678Z"],
    ["FR40123456789", "FR40123456789"],
    ["FRXA123456789", "FRXA123456789"],
    ["IE1234567T", "IE1234567T"],
    ["IE1234567TW", "IE1234567TW"],
    ["IT12345678901", "IT12345678901"],
    ["NL123456789B01", "NL123456789B01"],
    ["nl-1234.56789-b01", "NL123456789B01"],
    ["SE123456789701", "SE123456789701"],
    ["RO1234", "RO1234"],
    ["XI123456789", "XI123456789"],
    ["GB123456789", "GB123456789"],
    ["GBGD001", "GBGD001"],
    ["NO 123 456 789 MVA", "NO123456789MVA"],
    ["CHE-123.456.789 MWST", "CHE-123.456.789 MWST"],
    ["che123456789tva", "CHE-123.456.789 TVA"],
    ["CHE-123.456.789 IVA", "CHE-123.456.789 IVA"],
    ["CHE123456789", "CHE123456789"],
    ["AU51824753556", "AU51824753556"],
  ])("accepts %s as %s", (input, stored) => {
    expect(parseVatId(input)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ["DE12345678", /DE followed by 9 digits/],
    ["DE1234567890", /DE followed by 9 digits/],
    ["AT12345678", /ATU followed by 8 digits/],
    ["FRIO123456789", /FR followed by 2 check characters/],
    ["NL123456789001", /NL followed by 9 digits, B and 2 digits/],
    ["ES123456789", /ES followed by 9 characters/],
    ["SE123456789702", /ending in 01/],
    ["GR123456789", /prefix EL/],
    ["XI12345", /XI followed by/],
    ["NO123456789", /NO followed by 9 digits and MVA/],
    ["CHE-123.456.78 MWST", /Swiss/],
    ["CHE123456789VAT", /Swiss/],
    ["123456789", /country prefix/],
    ["ZZ123456789", /country prefix/],
    ["US1", /2 to 16/],
  ])("refuses %s", (input, message) => {
    const result = parseVatId(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

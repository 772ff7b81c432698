// Addresses as every output writes them (src/document/address.ts): the country's own layout, the
// country's name in the document's language. Runs in workerd, whose ICU names the countries.
import { describe, expect, it } from "vitest";
import { addressLines, countryName } from "../../src/document/address";

describe("addressLines", () => {
  it("lays out a US address as City, ST ZIP", () => {
    const lines = addressLines(
      {
        line1: "1 Market St",
        line2: "Suite 300",
        city: "San Francisco",
        region: "CA",
        postal_code: "94105",
        country: "US",
      },
      "en",
    );
    expect(lines).toEqual(["1 Market St", "Suite 300", "San Francisco, CA 94105", "United States"]);
  });

  it("puts a UK postcode on a line of its own", () => {
    const lines = addressLines(
      { line1: "10 Downing Street", city: "London", postal_code: "SW1A 2AA", country: "GB" },
      "en",
    );
    expect(lines).toEqual(["10 Downing Street", "London", "SW1A 2AA", "United Kingdom"]);
  });

  it("writes postcode and city for Germany and France, without a region the post does not use", () => {
    expect(
      addressLines(
        { line1: "Hauptstraße 5", city: "München", postal_code: "80331", region: "Bayern", country: "DE" },
        "de",
      ),
    ).toEqual(["Hauptstraße 5", "80331 München", "Deutschland"]);
    expect(
      addressLines({ line1: "12 Rue de la Paix", city: "Paris", postal_code: "75002", country: "fr" }, "fr"),
    ).toEqual(["12 Rue de la Paix", "75002 Paris", "France"]);
  });

  it("names the country in the document's language", () => {
    const us = { city: "Austin", region: "TX", postal_code: "78701", country: "US" };
    expect(addressLines(us, "de").at(-1)).toBe("Vereinigte Staaten");
    expect(addressLines(us, "fr").at(-1)).toBe("États-Unis");
    expect(addressLines(us, "nl").at(-1)).toBe("Verenigde Staten");
    expect(addressLines(us, "pl").at(-1)).toBe("Stany Zjednoczone");
  });

  it("keeps a postal code the country's format has no place for", () => {
    // Hong Kong's post uses no postal codes; one entered is still printed.
    expect(
      addressLines({ line1: "1 Queen's Road", city: "Central", postal_code: "999077", country: "HK" }, "en"),
    ).toEqual(["1 Queen's Road", "Central", "999077", "Hong Kong"]);
  });

  it("writes postcode and city without a country, and nothing without an address", () => {
    expect(addressLines({ line1: "1 Main Street", city: "Berlin", postal_code: "10115" }, "en")).toEqual([
      "1 Main Street",
      "10115 Berlin",
    ]);
    expect(addressLines(null, "en")).toEqual([]);
  });
});

describe("countryName", () => {
  it("shows a code Intl cannot name as it is", () => {
    expect(countryName("DE", "it")).toBe("Germania");
    expect(countryName("not-a-code", "en")).toBe("not-a-code");
  });
});

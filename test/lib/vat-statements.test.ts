import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/db/schema/identity";
import { TAX_CATEGORIES, type TaxCategory } from "../../src/db/schema/tax-rates";
import { taxWords, vatStatement, vatStatementLines } from "../../src/lib/vat-statements";

const entry = (category: TaxCategory | null, reason: string | null = null, code: string | null = null) => ({
  category,
  exemption_reason: reason,
  exemption_reason_code: code,
});

describe("vatStatement", () => {
  it.each([
    ["AE", "en", "Reverse charge: VAT to be accounted for by the recipient", "VATEX-EU-AE"],
    ["AE", "de", "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)", "VATEX-EU-AE"],
    ["AE", "fr", "Autoliquidation : TVA due par le preneur", "VATEX-EU-AE"],
    ["K", "en", "Intra-Community supply exempt from VAT (Article 138, Directive 2006/112/EC)", "VATEX-EU-IC"],
    ["K", "de", "Steuerfreie innergemeinschaftliche Lieferung (Art. 138 MwStSystRL)", "VATEX-EU-IC"],
    ["G", "en", "Export outside the EU, exempt from VAT (Article 146, Directive 2006/112/EC)", "VATEX-EU-G"],
    ["G", "de", "Steuerfreie Ausfuhrlieferung (Art. 146 MwStSystRL)", "VATEX-EU-G"],
    ["O", "en", "Not subject to VAT", "VATEX-EU-O"],
    ["O", "de", "Nicht steuerbar", "VATEX-EU-O"],
    ["O", "pl", "Niepodlegające opodatkowaniu VAT", "VATEX-EU-O"],
    ["E", "en", "Exempt from VAT", null],
    ["E", "it", "Esente IVA", null],
  ] as const)("states %s in %s with its standard code", (category, locale, text, code) => {
    expect(vatStatement(entry(category), locale)).toEqual({ text, code, line: text });
  });

  it("uses the rate's own reason and code, and prints the code after the text", () => {
    expect(vatStatement(entry("E", "Medical care, § 4 Nr. 14 UStG", "VATEX-EU-132-1B"), "de")).toEqual({
      text: "Medical care, § 4 Nr. 14 UStG",
      code: "VATEX-EU-132-1B",
      line: "Medical care, § 4 Nr. 14 UStG (VATEX-EU-132-1B)",
    });
    expect(vatStatement(entry("E", null, "VATEX-EU-132-1I"), "en")).toEqual({
      text: "Exempt from VAT",
      code: "VATEX-EU-132-1I",
      line: "Exempt from VAT (VATEX-EU-132-1I)",
    });
    expect(vatStatement(entry("AE", "Reverse charge"), "en")).toEqual({
      text: "Reverse charge",
      code: "VATEX-EU-AE",
      line: "Reverse charge",
    });
  });

  it("states nothing for taxed categories", () => {
    for (const category of ["S", "Z", "L", "M", "B", null] as const) {
      expect(vatStatement(entry(category), "en")).toBeNull();
    }
  });

  it("has a statement for every stated category in every document locale and Polish", () => {
    const stated = TAX_CATEGORIES.filter((c) => !["S", "Z", "L", "M", "B"].includes(c));
    for (const category of stated) {
      for (const locale of [...LOCALES, "pl"] as const) {
        expect(vatStatement(entry(category), locale)?.text).toMatch(/\S{3,}/);
      }
    }
  });
});

describe("vatStatementLines", () => {
  it("prints one line per distinct statement, in breakdown order", () => {
    const lines = vatStatementLines(
      [entry("S"), entry("AE"), entry("E", "Medical care"), entry("AE"), entry("E", "Education")],
      "en",
    );
    expect(lines).toEqual([
      "Reverse charge: VAT to be accounted for by the recipient",
      "Medical care",
      "Education",
    ]);
    expect(vatStatementLines([entry("S"), entry("Z")], "en")).toEqual([]);
  });
});

describe("taxWords", () => {
  it("says Sales tax for US sellers in English and Tax elsewhere without VAT", () => {
    expect(taxWords("US", "en").tax).toBe("Sales tax");
    expect(taxWords("US", "en").taxTotal).toBe("Sales tax total");
    expect(taxWords("us", "de").tax).toBe("Steuer");
    expect(taxWords("HK", "en").tax).toBe("Tax");
  });

  it("names VAT in the document's language: VAT, USt., TVA, IVA, BTW", () => {
    const words = (["en", "de", "fr", "es", "it", "nl", "pl"] as const).map((l) => taxWords("DE", l).tax);
    expect(words).toEqual(["VAT", "USt.", "TVA", "IVA", "IVA", "BTW", "VAT"]);
    expect(taxWords("GB", "en").tax).toBe("VAT");
    expect(taxWords("BE", "fr").tax).toBe("TVA");
    expect(taxWords("BE", "nl").tax).toBe("BTW");
    expect(taxWords(null, "de").tax).toBe("USt.");
  });

  it("says GST for sellers in GST countries in English and MWST for Swiss sellers in German", () => {
    expect(taxWords("AU", "en").tax).toBe("GST");
    expect(taxWords("AU", "de").tax).toBe("USt.");
    expect(taxWords("CH", "de").tax).toBe("MWST");
    expect(taxWords("CH", "fr").tax).toBe("TVA");
  });
});

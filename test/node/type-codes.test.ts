// What a document type code means (UNCL 1001, BT-3) is one table, src/lib/type-codes.ts
// (docs/invoices.md, "Document kind"): read src/ and fail on a type code literal anywhere else,
// and check the table's rows against each other.
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/db/schema/identity";
import { documentLabels } from "../../src/document/labels";
import { INVOICE_TYPE_CODES, TYPE_CODES, typeCodeHas, typeCodeRow } from "../../src/lib/type-codes";
import { type AllowedLine, linesMatching, staleEntries } from "./helpers/source-lines";

const TABLE = "src/lib/type-codes.ts";

/**
 * Literals that look like a type code but are not one; each with its reason. A line matches an
 * entry when it is in that file and contains the text.
 */
const ALLOWED: AllowedLine[] = [];

/** Every UNCL 1001 code in the table, and the common ones it does not (yet) take. */
const CODES = [...new Set<string>([...INVOICE_TYPE_CODES, "383", "386", "388", "393", "394", "395", "751"])];
const CODE = `(?:${CODES.join("|")})`;

/**
 * The shapes a type code literal takes: a string of the code alone (TypeScript, or a SQL literal in
 * a template), or a template literal of it compared. A code in prose ("type_code 384", a Markdown
 * `380` in a description) is not a literal.
 */
const LITERALS: RegExp[] = [new RegExp(`(["'])${CODE}\\1`), new RegExp(`(?:[!=]==?|\\bcase)\\s*\`${CODE}\``)];

/** Every line of src/ outside the table that holds a type code literal. */
const typeCodeLiterals = () => linesMatching(LITERALS, ALLOWED, (file) => file === TABLE);

describe("the type-code table", () => {
  it("is the only place in src/ that states a type code literal", () => {
    expect(typeCodeLiterals()).toEqual([]);
  });

  it("recognises the literal shapes it guards against", () => {
    const samples = [
      'if (doc.typeCode === "381") return;',
      "const credits = invoice.typeCode === '389';",
      'case "384":',
      'typeCode: "380",',
      'new Set(["387", "575", "204"])',
      "WHERE i.type_code = '381'",
      "AND type_code NOT IN ('381', '389')",
      "if (code !== `326`) x();",
    ];
    for (const sample of samples)
      expect(
        LITERALS.some((pattern) => pattern.test(sample)),
        sample,
      ).toBe(true);
    for (const sample of [
      '"A corrected invoice (type_code 384) cites the invoice it corrects"',
      '"UNCL 1001 document type (BT-3). `380` commercial invoice (default); `384` corrected invoice: " +',
      '"invoice, `204` payment valuation (EN 16931 takes them, XRechnung does not; Peppol takes 575 only)"',
      "c.body(null, 204)",
      'postal_code: "38100"',
    ])
      expect(
        LITERALS.some((pattern) => pattern.test(sample)),
        sample,
      ).toBe(false);
  });

  it("keeps each allow-list entry in use, so a stale one does not hide a new literal", () => {
    expect(staleEntries(ALLOWED)).toEqual([]);
  });

  it("has one row per code, in the order the API lists them", () => {
    expect(INVOICE_TYPE_CODES).toEqual(TYPE_CODES.map((row) => row.code));
    expect(new Set(INVOICE_TYPE_CODES).size).toBe(INVOICE_TYPE_CODES.length);
    expect(INVOICE_TYPE_CODES).toEqual([
      "380",
      "381",
      "384",
      "326",
      "389",
      "875",
      "876",
      "877",
      "387",
      "575",
      "204",
    ]);
  });

  it("titles every type in every locale's words", () => {
    for (const locale of LOCALES) {
      const labels = documentLabels(locale, null);
      for (const row of TYPE_CODES)
        expect(labels[row.title], `${locale} ${row.code} ${row.title}`).toMatch(/\S/);
    }
  });

  it("holds together: what the organization owes is what credits or is self-billed", () => {
    for (const row of TYPE_CODES) {
      expect(row.owedToCustomer, row.code).toBe(row.credits || row.selfBilled);
      if (row.citesRequired) expect(row.correctsCited, row.code).toBe(true);
      if (row.credits) expect(row.mayTotalBelowZero, row.code).toBe(false);
    }
    expect(typeCodeHas(null, "credits")).toBe(false);
    expect(typeCodeHas(undefined, "selfBilled")).toBe(false);
    expect(typeCodeRow("381").credits).toBe(true);
  });
});

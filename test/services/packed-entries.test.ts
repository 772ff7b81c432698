// A part of a bank statement held packed while the file is read (src/services/bank/packed-entries.ts):
// every entry comes back as it was pushed, texts of any length and any UTF-16 code units included,
// across growth of the store and its reuse for the next part.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StatementEntry } from "../../src/lib/bank-statement/types";
import { PackedEntries, PackedTexts } from "../../src/services/bank/packed-entries";

const text = fc.option(fc.string({ unit: "binary", maxLength: 40 }), { nil: null });
const entry: fc.Arbitrary<StatementEntry> = fc.record({
  bookingDate: text,
  valueDate: text,
  amountMinor: fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }),
  currency: fc.string({ maxLength: 3 }),
  counterpartyName: text,
  counterpartyIban: text,
  remittanceInformation: text,
  structuredReference: text,
  endToEndId: text,
  bankReference: text,
});

describe("packed entries", () => {
  it("gives back every entry as pushed, part after part", () => {
    const packed = new PackedEntries();
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), (entries) => {
        for (const e of entries) packed.push(e);
        expect(packed.length).toBe(entries.length);
        expect(entries.map((_, i) => packed.entry(i))).toEqual(entries);
        expect(entries.map((e, i) => packed.amountOf(i) === e.amountMinor)).not.toContain(false);
        packed.clear();
        expect(packed.length).toBe(0);
      }),
    );
  });

  it("holds thousands of entries and texts far longer than one decoding slice", () => {
    const packed = new PackedEntries();
    const long = `${"Rechnung RF18539007547034 ".repeat(3000)}\u{1F600}é`;
    const entries = Array.from(
      { length: 2500 },
      (_, i): StatementEntry => ({
        bookingDate: "2026-11-20",
        valueDate: i % 2 ? null : "2026-11-21",
        amountMinor: i - 1250,
        currency: "EUR",
        counterpartyName: `Müller ${i}`,
        counterpartyIban: null,
        remittanceInformation: i % 1000 === 7 ? long : `Order ${i}`,
        structuredReference: null,
        endToEndId: i % 3 ? `E2E-${i}` : null,
        bankReference: `REF-${i}`,
      }),
    );
    for (let round = 0; round < 2; round++) {
      for (const e of entries) packed.push(e);
      expect(entries.map((_, i) => packed.entry(i))).toEqual(entries);
      packed.clear();
    }
  });

  it("packs texts and nulls by their place", () => {
    const texts = new PackedTexts();
    const values = Array.from({ length: 3000 }, (_, i) => (i % 5 === 0 ? null : `key|ref:${i}#${i % 7}`));
    for (const v of values) texts.push(v);
    expect(values.map((_, i) => texts.at(i))).toEqual(values);
    texts.clear();
    texts.push("");
    expect(texts.at(0)).toBe("");
    expect(texts.length).toBe(1);
  });
});

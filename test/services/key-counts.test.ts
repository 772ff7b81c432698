// The numbering of a statement's dedupe keys (src/services/bank/dedupe.ts KeyCounts): each key
// counted as a Map of the keys would count it, repeats included, as the table grows.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeyCounts } from "../../src/services/bank/dedupe";

function reference(keys: readonly string[]) {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n;
  });
}

describe("KeyCounts", () => {
  it("counts keys as a Map of them would", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 12 }), { maxLength: 300 }), (keys) => {
        const counts = new KeyCounts();
        expect(keys.map((key) => counts.count(key))).toEqual(reference(keys));
        for (const key of keys) expect(counts.has(key)).toBe(true);
      }),
    );
  });

  it("keeps every count, repeats included, while it grows to 50,000 keys", () => {
    const keys = Array.from({ length: 60_000 }, (_, i) => `DE89370400440532013000|ref:${i % 50_000}`);
    const counts = new KeyCounts();
    expect(keys.map((key) => counts.count(key))).toEqual(reference(keys));
    expect(counts.has("DE89370400440532013000|ref:49999")).toBe(true);
    expect(counts.has("DE89370400440532013000|ref:50000")).toBe(false);
    expect(counts.count("DE89370400440532013000|ref:7")).toBe(3);
  });
});

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

/**
 * Any code point, lone surrogates included (a key is any JavaScript string). A unit of its own, not
 * fast-check's "binary": building that one's shrinking map of every code point took about 2 s.
 */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point));

/** Keys drawn from a few fixed ones as well, so that lists repeat keys. */
const key = fc.oneof(
  fc.constantFrom("", "a", "ref:1", "é", "\u{1F600}", "\uD800"),
  fc.string({ unit: anyCodePoint, maxLength: 12 }),
);

describe("KeyCounts", () => {
  it("counts keys as a Map of them would", () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 300 }), (keys) => {
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

  it("carries the counts of repeated keys over every growth of the table", () => {
    const counts = new KeyCounts();
    const early = Array.from({ length: 100 }, (_, i) => `early-${i}`);
    for (const key of early) counts.count(key);
    for (const key of early) expect(counts.count(key)).toBe(2);
    // Some 20,000 keys more: the table doubles several times.
    for (let i = 0; i < 20_000; i++) expect(counts.count(`later-${i}`)).toBe(1);
    for (const key of early) expect(counts.count(key)).toBe(3);
  });
});

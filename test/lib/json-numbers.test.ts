import { describe, expect, it } from "vitest";
import { underflowedNumberPaths } from "../../src/lib/json-numbers";

describe("underflowedNumberPaths", () => {
  it("names non-zero literals that JSON.parse reads as 0, by path", () => {
    expect(underflowedNumberPaths('{"a":1e-400,"b":[0,2.5e-999],"c":{"__proto__":-1E-500}}')).toEqual([
      "a",
      "b.1",
      "c.__proto__",
    ]);
    expect(underflowedNumberPaths("1e-400")).toEqual(["_"]);
  });

  it("leaves zeros, subnormals and malformed text alone", () => {
    expect(underflowedNumberPaths('{"a":0,"b":-0,"c":0.000,"d":0e-999,"e":5e-324,"f":"1e-400"}')).toEqual([]);
    expect(underflowedNumberPaths('{"a":1e-400')).toEqual([]);
  });

  it("finds a literal 1000 arrays deep, and never throws on deeper nesting", () => {
    const nested = (depth: number) => `${"[".repeat(depth)}1e-400${"]".repeat(depth)}`;
    expect(underflowedNumberPaths(nested(1000))).toEqual([`${"0.".repeat(1000)}`.slice(0, -1)]);
    // Past the reviver's recursion limit the scan gives up; such a body fails its schema anyway.
    expect(() => underflowedNumberPaths(nested(500_000))).not.toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { MAX_NAMED_NUMBERS, numberLiteralProblems, underflowedNumberPaths } from "../../src/lib/json-numbers";

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

describe("numberLiteralProblems", () => {
  it("names literals with more than 15 significant digits, whatever their leading or trailing zeros", () => {
    expect(
      numberLiteralProblems(
        '{"a":99.999999999999999,"b":[1,123456789012345678],"c":0.0000001234567890123456,"d":1e-400}',
      ),
    ).toEqual([
      { path: "a", problem: "too_precise" },
      { path: "b.1", problem: "too_precise" },
      { path: "c", problem: "too_precise" },
      { path: "d", problem: "underflow" },
    ]);
  });

  it("takes 15 significant digits, zeros that carry none and exponents", () => {
    expect(
      numberLiteralProblems(
        '{"a":999999999999999,"b":9999999999999.99,"c":10.500000000000000000,"d":100000000000000000000,"e":1.5e300,"f":-0.000001}',
      ),
    ).toEqual([]);
  });

  it("names the first 50 refused literals of a body that holds thousands of them nested deep", () => {
    const depth = 2000;
    const body = `${"[".repeat(depth)}${Array(20_000).fill("1e-400").join(",")}${"]".repeat(depth)}`;
    const problems = numberLiteralProblems(body);
    expect(problems).toHaveLength(MAX_NAMED_NUMBERS);
    expect(problems[0]).toEqual({ path: `${"0.".repeat(depth - 1)}0`, problem: "underflow" });
  });
});

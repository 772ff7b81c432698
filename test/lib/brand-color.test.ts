import { describe, expect, it } from "vitest";
import {
  brandColorOf,
  contrastOnWhite,
  contrastRatio,
  DEFAULT_BRAND_COLOR,
  formatRatio,
  MIN_TEXT_CONTRAST,
  readableShade,
  relativeLuminance,
} from "../../src/lib/brand-color";

describe("WCAG 2.x contrast", () => {
  it("gives black and white their luminances and 21:1", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#FFFFFF")).toBeCloseTo(1, 10);
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 10);
    expect(contrastRatio("#FFFFFF", "#000000")).toBeCloseTo(21, 10);
    expect(contrastOnWhite("#FFFFFF")).toBeCloseTo(1, 10);
  });

  it("matches the published ratios of well-known colors against white", () => {
    // The figures the WebAIM contrast checker prints for these colors.
    expect(contrastOnWhite("#767676")).toBeCloseTo(4.54, 2);
    expect(contrastOnWhite("#777777")).toBeCloseTo(4.48, 2);
    expect(contrastOnWhite("#FF0000")).toBeCloseTo(4.0, 2);
    expect(contrastOnWhite("#0000FF")).toBeCloseTo(8.59, 2);
    expect(contrastOnWhite("#008000")).toBeCloseTo(5.14, 2);
    // Lower and upper case are the same color.
    expect(contrastOnWhite("#0b4f8a")).toBe(contrastOnWhite("#0B4F8A"));
  });

  it("rounds a ratio down when it states it, so a failing color never reads as passing", () => {
    expect(formatRatio(contrastOnWhite("#777777"))).toBe("4.47:1");
    expect(formatRatio(4.4999)).toBe("4.49:1");
    expect(formatRatio(21)).toBe("21:1");
  });
});

describe("readableShade", () => {
  it("keeps a readable color (upper case)", () => {
    expect(readableShade("#0b4f8a")).toBe("#0B4F8A");
    expect(readableShade("#767676")).toBe("#767676");
  });

  it.each(["#FF0000", "#FFFF00", "#FFFFFF", "#777777", "#00AEEF", "#F5A623"])(
    "darkens %s just enough to reach 4.5:1, keeping its hue",
    (color) => {
      const shade = readableShade(color);
      expect(shade).toMatch(/^#[0-9A-F]{6}$/);
      expect(contrastOnWhite(shade)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // Just enough: one step lighter on the strongest channel would fail (or is the color itself).
      const value = Number.parseInt(shade.slice(1), 16);
      const channels = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
      expect(contrastOnWhite(shade)).toBeLessThan(4.7);
      // Same hue: the channels keep their order (a red stays red).
      const original = Number.parseInt(color.slice(1), 16);
      const before = [(original >> 16) & 0xff, (original >> 8) & 0xff, original & 0xff];
      const order = (c: number[]) => [0, 1, 2].sort((a, b) => (c[b] ?? 0) - (c[a] ?? 0) || a - b);
      if (new Set(before).size === 3) expect(order(channels)).toEqual(order(before));
    },
  );
});

describe("brandColorOf", () => {
  it("answers the stored color, a readable shade of an unreadable one, or the default", () => {
    expect(brandColorOf({ billingProfile: { brand_color: "#0B4F8A" } })).toBe("#0B4F8A");
    expect(
      contrastOnWhite(brandColorOf({ billingProfile: { brand_color: "#FFFF00" } })),
    ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(brandColorOf({ billingProfile: {} })).toBe(DEFAULT_BRAND_COLOR);
    expect(brandColorOf({ billingProfile: null })).toBe(DEFAULT_BRAND_COLOR);
    expect(brandColorOf({ billingProfile: { brand_color: "red" } })).toBe(DEFAULT_BRAND_COLOR);
    expect(contrastOnWhite(DEFAULT_BRAND_COLOR)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

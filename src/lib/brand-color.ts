// The organization's brand color (`#RRGGBB`) and its contrast against white under WCAG 2.x: the
// renderers set text and links in `brandColorOf(organization)`, which is always readable on white
// (at least 4.5:1, level AA for normal text). PATCH /v1/organization refuses a lighter color
// (naming its ratio and a darker shade of it that passes) rather than storing another color than
// the one asked for.

/** WCAG 2.x level AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;
/** The accent when the organization sets none: the hosted page's blue (8.4:1 on white). */
export const DEFAULT_BRAND_COLOR = "#0B4F8A";

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** sRGB channel (0..255) to linear light, as WCAG 2.x defines relative luminance. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (0 black .. 1 white) of `#RRGGBB`. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 (same) .. 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const contrastOnWhite = (hex: string): number => contrastRatio(hex, "#FFFFFF");

/** A ratio as people write it, rounded down so it never claims more than it is: 4.47 -> "4.47:1". */
export const formatRatio = (ratio: number): string => `${Math.floor(ratio * 100) / 100}:1`;

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`.toUpperCase();

/**
 * The lightest shade of `hex` (each channel scaled toward black by one factor, so the hue stays)
 * that reaches `MIN_TEXT_CONTRAST` on white; `hex` itself (upper case) when it already does.
 */
export function readableShade(hex: string): string {
  const color = hex.toUpperCase();
  if (contrastOnWhite(color) >= MIN_TEXT_CONTRAST) return color;
  const rgb = channels(color);
  const scaled = (factor: number) => toHex(rgb.map((c) => Math.floor(c * factor)));
  let [low, high] = [0, 1];
  // Contrast grows as the factor shrinks; 20 halvings leave the factor within a millionth.
  for (let i = 0; i < 20; i++) {
    const mid = (low + high) / 2;
    if (contrastOnWhite(scaled(mid)) >= MIN_TEXT_CONTRAST) low = mid;
    else high = mid;
  }
  return scaled(low);
}

/**
 * The color the renderers set brand text in: the organization's `brand_color` (stored only when
 * readable), a readable shade of it should a stored one not be, else the default accent.
 */
export function brandColorOf(organization: {
  billingProfile?: { brand_color?: string | null } | null;
}): string {
  const stored = organization.billingProfile?.brand_color;
  return stored && isHexColor(stored) ? readableShade(stored) : DEFAULT_BRAND_COLOR;
}

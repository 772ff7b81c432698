// A page's content stream, written as PDF operator text and compressed once. pdf-lib's drawing
// API builds an object per operator and per number (about ten operators for every string drawn,
// each wrapped in its own graphics state) and deflates the result with pako: most of a long
// invoice's CPU time. Here the page keeps one text object open while strings follow each other,
// sets a font, size or colour only when it changes, and the stream is deflated by the runtime's
// zlib (workerd's node:zlib under nodejs_compat; native code).
import { deflateSync } from "node:zlib";
import { type PDFContext, PDFName, type PDFPage, type PDFRef, type RGB, typedArrayFor } from "pdf-lib";
import type { DocumentFont } from "./fonts";

/**
 * zlib's default level, as pako's: the same sizes as before (level 1 would save ~0.8 ms of a
 * 200-line invoice for a file ~10% larger).
 */
const FLATE_LEVEL = 6;

export function flate(bytes: Uint8Array): Uint8Array {
  const out = deflateSync(bytes, { level: FLATE_LEVEL });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * Makes the document's `flateStream` (fonts, their ToUnicode maps, attachments) deflate with
 * the native zlib instead of pako. Same contract as pdf-lib's: a string is taken as one byte
 * per character, the result is a stream of the deflated bytes marked FlateDecode.
 */
export function useNativeFlate(context: PDFContext) {
  context.flateStream = (contents, dict = {}) =>
    context.stream(flate(typedArrayFor(contents)), { ...dict, Filter: "FlateDecode" });
}

/** A number as the content stream writes it: to a thousandth of a point, no exponent. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? "0" : String(rounded);
}

const colorOf = (color: RGB) => `${num(color.red)} ${num(color.green)} ${num(color.blue)}`;

/** The operators of one page, in drawing order. */
export class PageContent {
  private readonly parts: string[] = [];
  private inText = false;
  private font: DocumentFont | null = null;
  private size = 0;
  private fill = "";
  private stroke = "";
  private lineWidth = -1;
  private readonly fonts = new Set<DocumentFont>();
  private images = 0;

  constructor(private readonly page: PDFPage) {}

  private endText() {
    if (!this.inText) return;
    this.parts.push("ET");
    this.inText = false;
  }

  private fillColor(color: RGB) {
    const value = colorOf(color);
    if (value === this.fill) return;
    this.parts.push(`${value} rg`);
    this.fill = value;
  }

  private useFont(font: DocumentFont, size: number) {
    if (!this.fonts.has(font)) {
      this.fonts.add(font);
      this.page.node.setFontDictionary(PDFName.of(font.resource), font.pdf.ref);
    }
    if (font === this.font && size === this.size) return;
    this.parts.push(`/${font.resource} ${num(size)} Tf`);
    this.font = font;
    this.size = size;
  }

  /**
   * One line of text with its baseline starting at (x, y), `angle` radians counter-clockwise.
   * `hex` is the string's glyph codes in the font's subset (DocumentFont.encode).
   */
  text(font: DocumentFont, size: number, color: RGB, x: number, y: number, hex: string, angle = 0) {
    if (!this.inText) {
      this.parts.push("BT");
      this.inText = true;
    }
    this.fillColor(color);
    this.useFont(font, size);
    const matrix =
      angle === 0
        ? `1 0 0 1 ${num(x)} ${num(y)}`
        : // Full precision: a rotated word is large, a rounded cosine would show at its edges.
          `${Math.cos(angle)} ${Math.sin(angle)} ${-Math.sin(angle)} ${Math.cos(angle)} ${x} ${y}`;
    this.parts.push(`${matrix} Tm <${hex}> Tj`);
  }

  /** A filled rectangle. */
  rectangle(x: number, y: number, width: number, height: number, color: RGB) {
    this.endText();
    this.fillColor(color);
    this.parts.push(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  /** A straight line, butt caps. */
  line(x1: number, y1: number, x2: number, y2: number, thickness: number, color: RGB) {
    this.endText();
    const value = colorOf(color);
    if (value !== this.stroke) {
      this.parts.push(`${value} RG`);
      this.stroke = value;
    }
    if (thickness !== this.lineWidth) {
      this.parts.push(`${num(thickness)} w`);
      this.lineWidth = thickness;
    }
    this.parts.push(`${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  /** An image XObject scaled into the box with its lower-left corner at (x, y). */
  image(ref: PDFRef, x: number, y: number, width: number, height: number) {
    this.endText();
    const name = `Im${++this.images}`;
    this.page.node.setXObject(PDFName.of(name), ref);
    this.parts.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm /${name} Do Q`);
  }

  /**
   * Operators drawn in a graphics state of their own (q ... Q), outside any text object: what
   * they change (colour, matrix) does not outlive them.
   */
  isolated(operators: string) {
    this.endText();
    this.parts.push(`q\n${operators}\nQ`);
  }

  /** Writes the operators into the page as one deflated stream. */
  finish(context: PDFContext) {
    this.endText();
    const bytes = new TextEncoder().encode(this.parts.join("\n"));
    const stream = context.stream(flate(bytes), { Filter: "FlateDecode" });
    this.page.node.addContentStream(context.register(stream));
  }
}

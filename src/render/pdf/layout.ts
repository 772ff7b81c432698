// Page mechanics: the page size, a cursor that moves down the page and opens the next one when
// a block does not fit, text wrapping, and the parts every page carries (draft watermark,
// running header, footer text, "Page N of M").
import { type PDFDocument, type PDFRef, rgb } from "pdf-lib";
import { plainLineBreaks } from "../../lib/line-breaks";
import { PageContent } from "./content";
import type { DocumentFont, Fonts } from "./fonts";

export const A4: [number, number] = [595.28, 841.89];
export const LETTER: [number, number] = [612, 792];

/** North American sellers print on US Letter; everyone else on A4. */
export function pageSizeFor(country: string | null | undefined): [number, number] {
  return country === "US" || country === "CA" ? LETTER : A4;
}

export const INK = rgb(0.13, 0.13, 0.15);
export const MUTED = rgb(0.42, 0.42, 0.46);
export const RULE = rgb(0.82, 0.82, 0.85);
export const SHADE = rgb(0.94, 0.94, 0.96);
const WATERMARK = rgb(0.93, 0.93, 0.95);

/** What pdf-lib's drawText would clean or split: tabs, line breaks and the like. */
const CONTROL = /[\t\n\f\r\v\b\u0085\u2028\u2029]/;

export const MARGIN = 48;
const FOOTER_SIZE = 7.5;
const FOOTER_LEADING = 9.5;

export interface TextStyle {
  font?: DocumentFont;
  size?: number;
  color?: ReturnType<typeof rgb>;
}

/** Tabs and line breaks are layout, not glyphs: a tab prints as a space, lines are split. */
const paragraphs = (text: string) =>
  plainLineBreaks(text)
    .replace(/\t/g, " ")
    .split(/\r\n|\r|\n/);

/** Greedy word wrap to `width` points; a word wider than the line is broken between characters. */
export function wrapText(text: string, font: DocumentFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = font.widthOfTextAtSize(" ", size);
  for (const paragraph of paragraphs(text)) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(" ")) {
      let wordWidth = font.widthOfTextAtSize(word, size);
      let rest = word;
      if (wordWidth > width) {
        // Break the long word: fill the current line's remainder first, then whole lines.
        if (line) {
          lines.push(line);
          line = "";
          lineWidth = 0;
        }
        let piece = "";
        for (const char of rest) {
          if (piece && font.widthOfTextAtSize(piece + char, size) > width) {
            lines.push(piece);
            piece = "";
          }
          piece += char;
        }
        rest = piece;
        wordWidth = font.widthOfTextAtSize(rest, size);
      }
      if (line && lineWidth + space + wordWidth > width) {
        lines.push(line);
        line = rest;
        lineWidth = wordWidth;
      } else {
        line = line ? `${line} ${rest}` : rest;
        lineWidth = line === rest ? wordWidth : lineWidth + space + wordWidth;
      }
    }
    lines.push(line);
  }
  return lines;
}

export interface PageFrame {
  /** Big light word across each page (drafts). */
  watermark: string | null;
  /** Small line atop every page after the first (who and which document). */
  runningHeader: string;
  footer: string | null;
  pageLabel: (n: number, of: number) => string;
}

/** A cursor over the document's pages: `y` is the top of the next block, in PDF points. */
export class PageCursor {
  readonly pages: PageContent[] = [];
  /** The page being drawn. */
  page!: PageContent;
  y = 0;
  readonly width: number;
  readonly height: number;
  readonly left = MARGIN;
  readonly right: number;
  readonly top: number;
  /** Content stops here: below are the footer text and the page number. */
  readonly bottom: number;
  private readonly footerLines: string[];
  /** Runs on every page break (the lines table repeats its header). */
  onNewPage: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
    size: [number, number],
    private readonly frame: PageFrame,
  ) {
    [this.width, this.height] = size;
    this.right = this.width - MARGIN;
    this.top = this.height - MARGIN;
    this.footerLines = frame.footer
      ? wrapText(frame.footer, fonts.regular, FOOTER_SIZE, this.right - this.left)
      : [];
    this.bottom = MARGIN + 14 + this.footerLines.length * FOOTER_LEADING + (this.footerLines.length ? 8 : 0);
    this.addPage();
  }

  get contentWidth() {
    return this.right - this.left;
  }

  addPage() {
    this.page = new PageContent(this.doc.addPage([this.width, this.height]));
    this.pages.push(this.page);
    if (this.frame.watermark) this.drawWatermark(this.frame.watermark);
    this.y = this.top;
    if (this.pages.length > 1) {
      this.text(this.frame.runningHeader, this.left, this.y - 8, { size: 8, color: MUTED });
      this.y -= 26;
    }
    this.onNewPage?.();
  }

  /** Opens a new page unless `height` points still fit above the footer. */
  ensure(height: number) {
    if (this.y - height < this.bottom) this.addPage();
  }

  /**
   * Draws one line of text with its baseline at `y`. Text from the model arrives wrapped
   * (wrapText); a line break or tab left in a single-line value is drawn as pdf-lib drew it: a
   * tab as four spaces, each line 24 points under the one before (pdf-lib's default leading).
   */
  text(value: string, x: number, y: number, style: TextStyle = {}) {
    if (!value) return;
    const font = style.font ?? this.fonts.regular;
    const size = style.size ?? 9;
    const color = style.color ?? INK;
    if (!CONTROL.test(value)) {
      this.page.text(font, size, color, x, y, font.encode(value));
      return;
    }
    const lines = value
      .replace(/\t|\u0085|\u2028|\u2029/g, "    ")
      .replace(/[\b\v]/g, "")
      .split(/[\n\f\r\v]/);
    lines.forEach((line, i) => {
      if (line) this.page.text(font, size, color, x, y - i * 24, font.encode(line));
    });
  }

  /** Draws one line of text ending at `x`. */
  textRight(value: string, x: number, y: number, style: TextStyle = {}) {
    const font = style.font ?? this.fonts.regular;
    const width = font.widthOfTextAtSize(value, style.size ?? 9);
    this.text(value, x - width, y, style);
  }

  rule(y: number, from = this.left, to = this.right, thickness = 0.5, color = RULE) {
    this.page.line(from, y, to, y, thickness, color);
  }

  /** A filled rectangle with its lower-left corner at (x, y). */
  shade(x: number, y: number, width: number, height: number, color = SHADE) {
    this.page.rectangle(x, y, width, height, color);
  }

  /** An embedded image scaled into the box with its lower-left corner at (x, y). */
  image(ref: PDFRef, x: number, y: number, width: number, height: number) {
    this.page.image(ref, x, y, width, height);
  }

  /** Vector drawing given as content stream operators, in a graphics state of its own. */
  isolated(operators: string) {
    this.page.isolated(operators);
  }

  private drawWatermark(word: string) {
    const size = Math.min(this.width, this.height) / 4.2;
    const font = this.fonts.bold;
    const width = font.widthOfTextAtSize(word, size);
    // Rotated 45 degrees about its start: place the start so the word's middle is the page's.
    const half = width / 2 / Math.SQRT2;
    const x = this.width / 2 - half + size / 4;
    const y = this.height / 2 - half - size / 4;
    this.page.text(font, size, WATERMARK, x, y, font.encode(word), Math.PI / 4);
  }

  /** Footer text and "Page N of M" on every page, once the page count is known; then the pages are written. */
  finish() {
    const total = this.pages.length;
    this.pages.forEach((page, index) => {
      this.page = page;
      let y = MARGIN + 14 + (this.footerLines.length - 1) * FOOTER_LEADING + 4;
      for (const line of this.footerLines) {
        this.text(line, this.left, y, { size: FOOTER_SIZE, color: MUTED });
        y -= FOOTER_LEADING;
      }
      this.textRight(this.frame.pageLabel(index + 1, total), this.right, MARGIN, { size: 8, color: MUTED });
      page.finish(this.doc.context);
    });
  }
}

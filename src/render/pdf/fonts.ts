// The fonts every document embeds: DejaVu Sans and DejaVu Sans Bold, subset to the glyphs used,
// so Latin, Greek and Cyrillic names print (and extract) as text. The TTF bytes are bundled
// into the Worker by wrangler's `Data` rule for *.ttf (wrangler.toml). The names carry a fixed
// subset tag (pdf-lib would add a random suffix), so the same document renders the same bytes.
//
// Parsing a 700 KB TrueType file and warming its glyph and layout caches is most of the CPU
// time of a small PDF, so each font is parsed once per isolate and shared by every document:
// pdf-lib asks its registered "fontkit" to `create` the font, and gets the parsed one back. A
// document's subset is built from the glyphs that document used (pdf-lib keeps that list per
// embedder), so sharing the parsed font changes no output. fontkit's work is synchronous: no
// two documents use the font at the same instant.
//
// Shaping a string (fontkit's OpenType layout, GSUB and GPOS) is the other half. pdf-lib uses
// only the glyph list of a layout (it ignores the positions, so kerning never reaches the
// page), and for the scripts whose glyphs map one to one from characters (Latin, Greek,
// Cyrillic, punctuation, currency, without combining marks) that list is the cmap lookup:
// those strings skip the shaper. Anything else (combining marks, Arabic, Indic...) is shaped.
// The parsed font keeps the layouts of recent strings (bounded). Drawing does not lay unshaped
// strings out at all: DocumentFont measures them from per-character advances (font data, kept
// per isolate) and encodes them from the glyph codes the document's subset gave each character.
//
// Each subset the font creates encodes without fontkit's shared nextTick queue, which would
// mix up concurrent requests (see subset-encoder.ts).
import fontkit from "@pdf-lib/fontkit";
import regularBytes from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf";
import boldBytes from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf";
import type { PDFDocument, PDFFont, PDFHexString } from "pdf-lib";
import { BoundedMap } from "../../lib/bounded-map";
import { encodeWithoutNextTick } from "./subset-encoder";

export interface Fonts {
  regular: DocumentFont;
  bold: DocumentFont;
}

type ParsedFont = ReturnType<typeof fontkit.create>;
type Layout = ReturnType<ParsedFont["layout"]>;
const parsed = new Map<ArrayBuffer, ParsedFont>();

/** Strings whose layout a font remembers; the oldest is forgotten first. */
const LAYOUT_CACHE_SIZE = 4096;

/**
 * Characters that DejaVu maps to one glyph each with no substitution a reader would miss:
 * Latin (with IPA and spacing modifiers), Greek, Cyrillic, Latin/Greek extended, general
 * punctuation, super/subscripts, currency, letterlike symbols and number forms. Combining
 * marks (U+0300-036F, U+0483-0489) are outside it.
 */
function isUnshaped(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const simple =
      c <= 0x02ff ||
      (c >= 0x0370 && c <= 0x03ff) ||
      (c >= 0x0400 && c <= 0x0482) ||
      (c >= 0x048a && c <= 0x04ff) ||
      (c >= 0x1e00 && c <= 0x214f);
    if (!simple) return false;
  }
  return true;
}

function withFastLayout(font: ParsedFont): ParsedFont {
  const layouts = new BoundedMap<string, Layout>(LAYOUT_CACHE_SIZE);
  const layout = font.layout.bind(font);
  font.layout = (text, features) => {
    // Features are not part of the key: every document embeds these fonts without any.
    if (features && Object.keys(features).length > 0) return layout(text, features);
    let result = layouts.get(text);
    if (!result) {
      result = isUnshaped(text) ? ({ glyphs: font.glyphsForString(text) } as Layout) : layout(text);
      layouts.set(text, result);
    }
    return result;
  };
  return font;
}

/**
 * Advance widths of single characters (in 1/1000 em, as pdf-lib scales them), per parsed font:
 * font data, shared by every document. NaN until first asked.
 */
const advances = new WeakMap<ParsedFont, Float64Array>();
/** Characters below it can be unshaped (isUnshaped): the table's size. */
const UNSHAPED_END = 0x2150;

function advancesOf(font: ParsedFont): Float64Array {
  let table = advances.get(font);
  if (!table) {
    table = new Float64Array(UNSHAPED_END).fill(Number.NaN);
    advances.set(font, table);
  }
  return table;
}

/** The hex digits of a PDF hex string (`<0001002A>`). */
const hexDigits = (text: PDFHexString) => text.asString();

/**
 * One of a document's fonts: pdf-lib's font (which builds the subset and its ToUnicode map)
 * plus what drawing needs fast. Widths of unshaped strings add up the characters' advances
 * (the same sum pdf-lib computes from a layout); encoding remembers each character's glyph code
 * in this document's subset, so a string is encoded by lookups after its characters were seen
 * once. The codes are the document's own (its subset numbers glyphs in the order it met them).
 */
export class DocumentFont {
  private readonly advances: Float64Array;
  private readonly scale: number;
  private readonly codes = new Map<number, string>();

  constructor(
    readonly pdf: PDFFont,
    /** Its name in every page's font resources. */
    readonly resource: string,
    private readonly parsed: ParsedFont,
  ) {
    this.advances = advancesOf(parsed);
    this.scale = 1000 / parsed.unitsPerEm;
  }

  private advance(code: number): number {
    let width = this.advances[code] as number;
    if (Number.isNaN(width)) {
      width = this.parsed.glyphForCodePoint(code).advanceWidth * this.scale;
      this.advances[code] = width;
    }
    return width;
  }

  widthOfTextAtSize(text: string, size: number): number {
    if (!isUnshaped(text)) return this.pdf.widthOfTextAtSize(text, size);
    let total = 0;
    for (let i = 0; i < text.length; i++) total += this.advance(text.charCodeAt(i));
    return total * (size / 1000);
  }

  /** The text as glyph codes of this document's subset, in hex; the glyphs join the subset. */
  encode(text: string): string {
    if (!isUnshaped(text)) return hexDigits(this.pdf.encodeText(text));
    let hex = "";
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      let code = this.codes.get(char);
      if (code === undefined) {
        code = hexDigits(this.pdf.encodeText(text[i] as string));
        this.codes.set(char, code);
      }
      hex += code;
    }
    return hex;
  }
}

/** What the subset encoder reads of a glyph: its outline record, parsed from the glyf table. */
interface DecodableGlyph {
  _decode(): unknown;
}

/**
 * Keeps each glyph's parsed glyf record: fontkit's subset parses the outline of every glyph it
 * copies (to find a compound glyph's components), again for every document. The record is
 * font data and only read (these fonts have no variations that would rewrite it).
 */
function withDecodedGlyphsKept(font: ParsedFont): ParsedFont {
  const kept = new WeakSet<object>();
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && !kept.has(glyph)) {
      kept.add(glyph);
      const decodable = glyph as unknown as DecodableGlyph;
      const decode = decodable._decode.bind(glyph);
      let record: unknown;
      let decoded = false;
      decodable._decode = () => {
        if (!decoded) {
          record = decode();
          decoded = true;
        }
        return record;
      };
    }
    return glyph;
  };
  return font;
}

/**
 * fontkit keeps one glyph object per id, with the characters it was first asked for. A subset
 * that includes a composite glyph (Greek capital Epsilon is built on Latin E) asks for its
 * components by id alone, so with the font shared between documents a later document got a
 * Latin E without its character, and its ToUnicode map (text extraction, PDF/A) lost the letter.
 * A glyph asked for by character is given that character when it has none.
 */
function withCharactersKept(font: ParsedFont): ParsedFont {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters) => {
    const glyph = getGlyph(id, characters);
    if (glyph && characters && characters.length > 0 && glyph.codePoints.length === 0) {
      glyph.codePoints = characters;
    }
    return glyph;
  };
  return font;
}

/** fontkit, except that a font's bytes are parsed once per isolate. */
const cachingFontkit: typeof fontkit = {
  ...fontkit,
  create(data, postscriptName) {
    const key = (data as Uint8Array).buffer as ArrayBuffer;
    let font = parsed.get(key);
    if (!font) {
      font = withDecodedGlyphsKept(withFastLayout(withCharactersKept(fontkit.create(data, postscriptName))));
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => encodeWithoutNextTick(createSubset() as never);
      parsed.set(key, font);
    }
    return font;
  },
};

/** The font pdf-lib embeds for `font` (its embedder's fontkit font: the parsed one above). */
const parsedOf = (font: PDFFont) => (font as unknown as { embedder: { font: ParsedFont } }).embedder.font;

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(cachingFontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(regularBytes, { subset: true, customName: "AAAAAA+DejaVuSans" }),
    doc.embedFont(boldBytes, { subset: true, customName: "AAAAAB+DejaVuSans-Bold" }),
  ]);
  return {
    regular: new DocumentFont(regular, "F1", parsedOf(regular)),
    bold: new DocumentFont(bold, "F2", parsedOf(bold)),
  };
}

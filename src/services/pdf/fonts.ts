// The fonts every document embeds: DejaVu Sans and DejaVu Sans Bold, subset to the glyphs used,
// so Latin, Greek and Cyrillic names print (and extract) as text. The TTF bytes are bundled
// into the Worker by wrangler's `Data` rule for *.ttf (wrangler.toml).
import fontkit from "@pdf-lib/fontkit";
import regularBytes from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf";
import boldBytes from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf";
import type { PDFDocument, PDFFont } from "pdf-lib";

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(regularBytes, { subset: true }),
    doc.embedFont(boldBytes, { subset: true }),
  ]);
  return { regular, bold };
}

// Reads a Factur-X PDF back with pdf-lib's object model: the embedded files, the XMP packet, the
// output intents and the fonts. Works in workerd and in Node (the e-invoice validation test).
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  type PDFRawStream,
  type PDFRef,
  PDFStream,
} from "pdf-lib";

export interface EmbeddedFile {
  name: string;
  spec: PDFDict;
  stream: PDFRawStream;
  bytes: Uint8Array;
}

function streamBytes(stream: PDFRawStream): Uint8Array {
  return stream.dict.has(PDFName.of("Filter")) ? decodePDFRawStream(stream).decode() : stream.contents;
}

export function embeddedFiles(doc: PDFDocument): EmbeddedFile[] {
  const names = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  const pairs = tree?.lookupMaybe(PDFName.of("Names"), PDFArray);
  const files: EmbeddedFile[] = [];
  for (let i = 0; pairs && i < pairs.size(); i += 2) {
    const spec = pairs.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"), PDFStream) as PDFRawStream;
    files.push({ name: String(pairs.lookup(i)), spec, stream, bytes: streamBytes(stream) });
  }
  return files;
}

/** The XML embedded as factur-x.xml, as text. */
export function facturxXml(doc: PDFDocument): string {
  const file = embeddedFiles(doc).find(
    (f) => f.spec.lookup(PDFName.of("F"))?.toString() === "(factur-x.xml)",
  );
  if (!file) throw new Error("no factur-x.xml embedded");
  return new TextDecoder().decode(file.bytes);
}

export function xmpPacket(doc: PDFDocument): { text: string; filtered: boolean } {
  const stream = doc.catalog.lookup(PDFName.of("Metadata"), PDFStream) as PDFRawStream;
  return {
    text: new TextDecoder().decode(stream.contents),
    filtered: stream.dict.has(PDFName.of("Filter")),
  };
}

/** Every font dictionary the pages use, with whether its program is embedded. */
export function pageFonts(doc: PDFDocument): { name: string; embedded: boolean }[] {
  const fonts: { name: string; embedded: boolean }[] = [];
  for (const page of doc.getPages()) {
    const dict = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    for (const ref of dict?.values() ?? []) {
      const font = doc.context.lookup(ref as PDFRef | PDFObject, PDFDict);
      const descendants = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray);
      const cid = descendants ? descendants.lookup(0, PDFDict) : font;
      const descriptor = cid.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
      const embedded = Boolean(
        descriptor &&
          (descriptor.has(PDFName.of("FontFile")) ||
            descriptor.has(PDFName.of("FontFile2")) ||
            descriptor.has(PDFName.of("FontFile3"))),
      );
      fonts.push({ name: String(font.lookup(PDFName.of("BaseFont"))), embedded });
    }
  }
  return fonts;
}

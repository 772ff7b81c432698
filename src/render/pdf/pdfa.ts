// Factur-X / ZUGFeRD: the invoice PDF as PDF/A-3b with its CII XML embedded as `factur-x.xml`.
// What PDF/A-3b and Factur-X 1.0 ask of the file, beyond what every document already does
// (fonts embedded as subsets with ToUnicode maps, no encryption, no JavaScript):
// - an sRGB output intent (GTS_PDFA1) with the ICC profile embedded (sRGB2014.icc, published
//   by the International Color Consortium for free redistribution);
// - XMP metadata (uncompressed) that matches the Info dictionary, with PDF/A identification
//   (part 3, conformance B) and the Factur-X extension schema and its properties;
// - the XML as an associated file (catalog /AF, /AFRelationship /Alternative, MIME text/xml);
// - a file identifier in the trailer.
import { AFRelationship, type PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";
import { buildXml, el, type Node } from "../xml";
import { flate } from "./content";
import srgbProfile from "./sRGB2014.icc";

export const FACTURX_FILENAME = "factur-x.xml";
export const FACTURX_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";
/** The Factur-X profile the embedded CII conforms to (its guideline id is EN 16931's). */
export const FACTURX_CONFORMANCE = "EN 16931";

export interface FacturxMetadata {
  title: string;
  author: string;
  subject: string;
  creator: string;
  producer: string;
  /** When the document was issued: the file's creation and modification date, deterministic. */
  date: Date;
  /** The CII XML (EN 16931) to embed. */
  xml: string;
}

const RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";

/** XMP date: ISO 8601 in UTC to the second, the same instant the Info dictionary's D: date names. */
const xmpDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/** PDF dates carry seconds only: the Info dictionary and the XMP must name the same instant. */
const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

function description(namespaces: Record<string, string>, children: Node[]): Node {
  const attrs: Record<string, string> = { "rdf:about": "" };
  for (const [prefix, uri] of Object.entries(namespaces)) attrs[`xmlns:${prefix}`] = uri;
  return el("rdf:Description", children, attrs);
}

const resource = (children: Node[]) => el("rdf:li", children, { "rdf:parseType": "Resource" });

function extensionProperty(name: string, text: string): Node {
  return resource([
    el("pdfaProperty:name", name),
    el("pdfaProperty:valueType", "Text"),
    el("pdfaProperty:category", "external"),
    el("pdfaProperty:description", text),
  ]);
}

/** The XMP packet: PDF/A-3B identification, Dublin Core, PDF and XMP basics, Factur-X. */
export function facturxXmp(meta: FacturxMetadata): string {
  const date = xmpDate(meta.date);
  const rdf = el(
    "rdf:RDF",
    [
      description({ pdfaid: "http://www.aiim.org/pdfa/ns/id/" }, [
        el("pdfaid:part", "3"),
        el("pdfaid:conformance", "B"),
      ]),
      description({ dc: "http://purl.org/dc/elements/1.1/" }, [
        el("dc:format", "application/pdf"),
        el("dc:title", [el("rdf:Alt", [el("rdf:li", meta.title, { "xml:lang": "x-default" })])]),
        el("dc:creator", [el("rdf:Seq", [el("rdf:li", meta.author)])]),
        el("dc:description", [el("rdf:Alt", [el("rdf:li", meta.subject, { "xml:lang": "x-default" })])]),
      ]),
      description({ pdf: "http://ns.adobe.com/pdf/1.3/" }, [el("pdf:Producer", meta.producer)]),
      description({ xmp: "http://ns.adobe.com/xap/1.0/" }, [
        el("xmp:CreatorTool", meta.creator),
        el("xmp:CreateDate", date),
        el("xmp:ModifyDate", date),
        el("xmp:MetadataDate", date),
      ]),
      description(
        {
          pdfaExtension: "http://www.aiim.org/pdfa/ns/extension/",
          pdfaSchema: "http://www.aiim.org/pdfa/ns/schema#",
          pdfaProperty: "http://www.aiim.org/pdfa/ns/property#",
        },
        [
          el("pdfaExtension:schemas", [
            el("rdf:Bag", [
              resource([
                el("pdfaSchema:schema", "Factur-X PDFA Extension Schema"),
                el("pdfaSchema:namespaceURI", FACTURX_NAMESPACE),
                el("pdfaSchema:prefix", "fx"),
                el("pdfaSchema:property", [
                  el("rdf:Seq", [
                    extensionProperty("DocumentFileName", "The name of the embedded XML document"),
                    extensionProperty("DocumentType", "The type of the hybrid document in capital letters"),
                    extensionProperty("Version", "The actual version of the Factur-X XML schema"),
                    extensionProperty(
                      "ConformanceLevel",
                      "The conformance level of the embedded Factur-X data",
                    ),
                  ]),
                ]),
              ]),
            ]),
          ]),
        ],
      ),
      description({ fx: FACTURX_NAMESPACE }, [
        el("fx:DocumentType", "INVOICE"),
        el("fx:DocumentFileName", FACTURX_FILENAME),
        el("fx:Version", "1.0"),
        el("fx:ConformanceLevel", FACTURX_CONFORMANCE),
      ]),
    ],
    { "xmlns:rdf": RDF },
  );
  const body = buildXml(el("x:xmpmeta", [rdf], { "xmlns:x": "adobe:ns:meta/" }))
    // The packet wrapper replaces the XML declaration (XMP, part 1, 7.3).
    .replace(/^<\?xml[^>]*\?>\s*/, "");
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n${body}\n<?xpacket end="w"?>`;
}

let deflatedProfile: Uint8Array | undefined;

/** The ICC profile's deflated bytes: the same for every Factur-X, compressed once per isolate. */
function compressedProfile(): Uint8Array {
  deflatedProfile ??= flate(new Uint8Array(srgbProfile));
  return deflatedProfile;
}

/** A 16-byte file identifier derived from the embedded XML: the same invoice, the same id. */
async function fileIdentifier(xml: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(xml)));
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Turns a rendered document (not yet saved) into PDF/A-3b + Factur-X EN 16931. Call it after
 * every page is drawn and before `save()`; the drawing itself must use only embedded fonts and
 * RGB or gray colours (a CMYK image would need a CMYK output intent).
 */
export async function makeFacturx(doc: PDFDocument, meta: FacturxMetadata): Promise<void> {
  const date = toSecond(meta.date);
  const { context, catalog } = doc;

  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(meta.author);
  doc.setSubject(meta.subject);
  doc.setCreator(meta.creator);
  doc.setProducer(meta.producer);
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const xmlBytes = new TextEncoder().encode(meta.xml);
  await doc.attach(xmlBytes, FACTURX_FILENAME, {
    mimeType: "text/xml",
    description: `Factur-X ${FACTURX_CONFORMANCE} invoice data (UN/CEFACT CII)`,
    creationDate: date,
    modificationDate: date,
    afRelationship: AFRelationship.Alternative,
  });

  const profile = context.stream(compressedProfile(), { N: 3, Filter: "FlateDecode" });
  const intent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of("sRGB IEC61966-2.1"),
    Info: PDFString.of("sRGB IEC61966-2.1"),
    RegistryName: PDFString.of("http://www.color.org"),
    DestOutputProfile: context.register(profile),
  });
  catalog.set(PDFName.of("OutputIntents"), context.obj([context.register(intent)]));

  // XMP must stay uncompressed (PDF/A-3, 6.6.2.1): a plain stream, not a flate stream.
  const xmp = new TextEncoder().encode(facturxXmp({ ...meta, date }));
  const metadata = context.stream(xmp, { Type: "Metadata", Subtype: "XML", Length: xmp.length });
  catalog.set(PDFName.of("Metadata"), context.register(metadata));

  const id = PDFHexString.of(await fileIdentifier(meta.xml));
  context.trailerInfo.ID = context.obj([id, id]);
}

// Reading a received e-invoice: a UBL 2.1 Invoice or CreditNote, a UN/CEFACT CII
// CrossIndustryInvoice, or a PDF carrying one (Factur-X, ZUGFeRD 2.x), into the EN 16931 view
// every output of a bill reads. The XML is kept as received; nothing stated is recomputed.
import { CII_NAMESPACES, readCii } from "./cii";
import { embeddedFiles } from "./pdf";
import { InvalidEInvoice, type ReceivedDocument, type ReceivedEInvoice, type ReceivedSyntax } from "./types";
import { readUbl, UBL_NAMESPACES } from "./ubl";
import { readXml, type XmlElement } from "./xml";

export * from "./types";

/** The names Factur-X, ZUGFeRD 2.x and XRechnung give the embedded invoice, looked at first. */
const INVOICE_FILENAMES = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"];

/** The syntax and view of an invoice root; null for any other root. */
function invoiceOf(root: XmlElement): { syntax: ReceivedSyntax; document: () => ReceivedDocument } | null {
  if (root.uri === UBL_NAMESPACES.invoice && root.name === "Invoice")
    return { syntax: "ubl", document: () => readUbl(root, "invoice") };
  if (root.uri === UBL_NAMESPACES.credit_note && root.name === "CreditNote")
    return { syntax: "ubl", document: () => readUbl(root, "credit_note") };
  if (root.uri === CII_NAMESPACES.rsm && root.name === "CrossIndustryInvoice")
    return { syntax: "cii", document: () => readCii(root) };
  return null;
}

const describe = (root: XmlElement) =>
  `<${root.name.slice(0, 60)}>${root.uri ? ` in namespace ${root.uri.slice(0, 120)}` : " in no namespace"}`;

/** The e-invoice of an XML file, or why it is not one. */
function readInvoiceXml(
  xml: Uint8Array,
  filename: string | null,
  container: "xml" | "pdf",
): ReceivedEInvoice {
  const root = readXml(xml);
  const invoice = invoiceOf(root);
  if (!invoice) {
    throw new InvalidEInvoice(
      `the root ${describe(root)} is not a UBL 2.1 Invoice or CreditNote or a UN/CEFACT CrossIndustryInvoice`,
    );
  }
  return { syntax: invoice.syntax, container, xml, filename, document: invoice.document() };
}

/** Whether the bytes open like XML: a byte order mark, white space, then `<`. */
const looksLikeXml = (bytes: Uint8Array) =>
  /^(\uFEFF|\xEF\xBB\xBF|\xFE\xFF|\xFF\xFE)?\s*</.test(String.fromCharCode(...bytes.subarray(0, 64)));

/**
 * The invoice XML a PDF carries: the file named as Factur-X, ZUGFeRD or XRechnung name it (whose
 * refusal is the answer), else the first embedded file whose root is an invoice.
 */
function readInvoicePdf(pdf: Uint8Array): ReceivedEInvoice {
  const files = embeddedFiles(pdf);
  const named = (file: { filename: string | null }) =>
    INVOICE_FILENAMES.includes(file.filename?.toLowerCase() ?? "");
  for (const file of [...files.filter(named), ...files.filter((file) => !named(file))]) {
    const bytes = file.bytes();
    if (named(file)) return readInvoiceXml(bytes, file.filename, "pdf");
    if (!looksLikeXml(bytes)) continue;
    try {
      return readInvoiceXml(bytes, file.filename, "pdf");
    } catch (error) {
      if (!(error instanceof InvalidEInvoice)) throw error;
    }
  }
  throw new InvalidEInvoice(
    files.length === 0
      ? "the PDF carries no embedded file (a Factur-X or ZUGFeRD PDF embeds its invoice XML)"
      : "no file the PDF carries is an invoice XML (UBL or CII)",
  );
}

/** The e-invoice in `bytes`, received as XML or as a PDF; throws InvalidEInvoice for anything else. */
const PDF_SIGNATURE = "%PDF-";

/** Whether a file given without a usable media type is taken for a PDF: it starts with `%PDF-`. */
export function startsAsPdf(bytes: Uint8Array): boolean {
  if (bytes.byteLength < PDF_SIGNATURE.length) return false;
  for (let i = 0; i < PDF_SIGNATURE.length; i++) if (bytes[i] !== PDF_SIGNATURE.charCodeAt(i)) return false;
  return true;
}

export function readEInvoice(bytes: Uint8Array, mediaType: "xml" | "pdf"): ReceivedEInvoice {
  return mediaType === "pdf" ? readInvoicePdf(bytes) : readInvoiceXml(bytes, null, "xml");
}

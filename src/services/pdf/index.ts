// Invoice and credit-note PDFs, rendered inside the Worker (pdf-lib + fontkit; no browser, no
// external service) from the issued-document model: GET /v1/invoices/{id}/pdf and
// GET /v1/credit-notes/{id}/pdf (served from the archive once issued, src/services/archive/).

import type { IssuedDocument } from "../../document/model";
import { contentDisposition, downloadFilename } from "../../lib/http-files";
import { drawDocumentPdf } from "../../render/pdf/document";
import type { PrintableLogo } from "../logo/normalize";

/** `pdf`: the printable document; `facturx`: the same as PDF/A-3b with the CII XML embedded. */
export const PDF_FORMATS = ["pdf", "facturx"] as const;
export type PdfFormat = (typeof PDF_FORMATS)[number];

export interface RenderedPdf {
  bytes: Uint8Array;
  filename: string;
}

/** The document's file name: its number (a draft numbered at send: its id), no path segments. */
export const pdfFilename = (doc: IssuedDocument, id: string) =>
  downloadFilename(`${doc.number ?? `draft-${id}`}.pdf`);

/**
 * A document drawn once: its PDF and, from the same drawing, its Factur-X around `cii` (the one
 * archived with it, so the embedded XML is byte for byte the CII download), dated by the
 * document's issue date.
 */
export interface DocumentPdfs {
  pdf: RenderedPdf;
  facturx(cii: string): Promise<RenderedPdf>;
}

export async function documentPdfs(
  doc: IssuedDocument,
  id: string,
  logo: PrintableLogo | null,
): Promise<DocumentPdfs> {
  const drawn = await drawDocumentPdf(doc, logo);
  const filename = pdfFilename(doc, id);
  const date = new Date(`${doc.issueDate ?? "1970-01-01"}T00:00:00Z`);
  return {
    pdf: { bytes: drawn.pdf, filename },
    facturx: async (cii) => ({ bytes: await drawn.facturx({ xml: cii, date }), filename }),
  };
}

/** The response for a rendered PDF: shown inline, named after the document's number. */
export function pdfResponse(pdf: RenderedPdf): Response {
  return new Response(pdf.bytes, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(pdf.filename, "inline"),
      "Content-Length": String(pdf.bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}

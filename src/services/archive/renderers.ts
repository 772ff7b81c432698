// The renderer registry: each kind of archived document, per document type, and how it is
// produced.
import type { Db } from "../../db/client";
import type { ArchivedDocumentType, ArchiveKind } from "../../db/schema/archives";
import type { Organization } from "../../db/schema/identity";
import { utf8 } from "../../lib/encoding";
import { creditNoteEInvoice, type EInvoiceFile, invoiceEInvoice } from "../einvoice";
import { type RenderedPdf, renderCreditNotePdf, renderInvoicePdf } from "../pdf";

export interface RenderContext {
  db: Db;
  bucket: R2Bucket;
  organization: Organization;
}

export interface RenderedFile {
  bytes: Uint8Array<ArrayBuffer>;
  filename: string;
  contentType: string;
}

export type Renderer = (context: RenderContext, id: string) => Promise<RenderedFile>;

export const PDF_TYPE = "application/pdf";
export const XML_TYPE = "application/xml; charset=utf-8";

const pdfFile = (pdf: RenderedPdf): RenderedFile => ({
  bytes: new Uint8Array(pdf.bytes),
  filename: pdf.filename,
  contentType: PDF_TYPE,
});

const xmlFile = (file: EInvoiceFile): RenderedFile => ({
  bytes: utf8(file.xml),
  filename: file.filename,
  contentType: XML_TYPE,
});

const RENDERERS: Record<ArchivedDocumentType, Partial<Record<ArchiveKind, Renderer>>> = {
  invoice: {
    pdf: async ({ db, bucket, organization }, id) =>
      pdfFile(await renderInvoicePdf(db, bucket, organization, id)),
    ubl: async ({ db, organization }, id) => xmlFile(await invoiceEInvoice(db, organization.id, id, "ubl")),
    cii: async ({ db, organization }, id) => xmlFile(await invoiceEInvoice(db, organization.id, id, "cii")),
    facturx: async ({ db, bucket, organization }, id) =>
      pdfFile(await renderInvoicePdf(db, bucket, organization, id, "facturx")),
  },
  credit_note: {
    pdf: async ({ db, bucket, organization }, id) =>
      pdfFile(await renderCreditNotePdf(db, bucket, organization, id)),
    ubl: async ({ db, organization }, id) =>
      xmlFile(await creditNoteEInvoice(db, organization.id, id, "ubl")),
    cii: async ({ db, organization }, id) =>
      xmlFile(await creditNoteEInvoice(db, organization.id, id, "cii")),
    facturx: async ({ db, bucket, organization }, id) =>
      pdfFile(await renderCreditNotePdf(db, bucket, organization, id, "facturx")),
  },
};

export function rendererOf(type: ArchivedDocumentType, kind: ArchiveKind): Renderer {
  const renderer = RENDERERS[type][kind];
  if (!renderer) throw new Error(`no ${kind} renderer for a ${type}`);
  return renderer;
}

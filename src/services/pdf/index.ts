// Invoice and credit-note PDFs, rendered inside the Worker (pdf-lib + fontkit; no browser, no
// external service): GET /v1/invoices/{id}/pdf and GET /v1/credit-notes/{id}/pdf.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Organization } from "../../db/schema/identity";
import { invoices } from "../../db/schema/invoices";
import { contentDisposition, downloadFilename } from "../../lib/http-files";
import { renderDocumentPdf } from "../../render/pdf/document";
import { creditNoteModel, invoiceModel } from "../../render/pdf/model";
import { findCustomer } from "../customers";
import { creditNoteEInvoice, invoiceEInvoice } from "../einvoice";
import { loadCreditNote } from "../invoices/credit-notes";
import { numberOf } from "../invoices/numbering";
import { loadInvoice } from "../invoices/read";
import { findPrintableLogo } from "../logo";

/** `pdf`: the printable document; `facturx`: the same as PDF/A-3b with the CII XML embedded. */
export const PDF_FORMATS = ["pdf", "facturx"] as const;
export type PdfFormat = (typeof PDF_FORMATS)[number];

export interface RenderedPdf {
  bytes: Uint8Array;
  filename: string;
}

/** The document's number as a file name (no path segments: a prefix may hold `/`). */
const pdfFilename = (number: string) => downloadFilename(`${number}.pdf`);

/** The instant that dates a Factur-X file: when it was sent, else the start of its issue date. */
function issuedAt(sentAt: string | null, issueDate: string | null): Date {
  return new Date(sentAt ?? `${issueDate ?? "1970-01-01"}T00:00:00Z`);
}

export async function renderInvoicePdf(
  db: Db,
  bucket: R2Bucket,
  organization: Organization,
  id: string,
  format: PdfFormat = "pdf",
): Promise<RenderedPdf> {
  // Factur-X: the CII first, which refuses a draft (409) and a missing EN 16931 field (422).
  const cii = format === "facturx" ? await invoiceEInvoice(db, organization.id, id, "cii") : null;
  const { invoice, items } = await loadInvoice(db, organization.id, id);
  const [customer, logo] = await Promise.all([
    invoice.buyer ? undefined : findCustomer(db, organization.id, invoice.customerId),
    findPrintableLogo(bucket, organization.id),
  ]);
  const model = invoiceModel(invoice, items, organization, customer);
  // A draft numbered at send has no number yet: its file is named after its id.
  const name = numberOf(invoice) ?? `draft-${invoice.id}`;
  const facturx = cii ? { xml: cii.xml, date: issuedAt(invoice.sentAt, invoice.issueDate) } : undefined;
  return { bytes: await renderDocumentPdf(model, logo, { facturx }), filename: pdfFilename(name) };
}

export async function renderCreditNotePdf(
  db: Db,
  bucket: R2Bucket,
  organization: Organization,
  id: string,
  format: PdfFormat = "pdf",
): Promise<RenderedPdf> {
  const cii = format === "facturx" ? await creditNoteEInvoice(db, organization.id, id, "cii") : null;
  const { note, items } = await loadCreditNote(db, organization.id, id);
  const [[invoice], customer, logo] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, note.invoiceId), eq(invoices.organizationId, organization.id))),
    findCustomer(db, organization.id, note.customerId),
    findPrintableLogo(bucket, organization.id),
  ]);
  if (!invoice) throw new Error(`credit note ${id} refers to a missing invoice`);
  const model = creditNoteModel(note, items, invoice, organization, customer);
  const facturx = cii ? { xml: cii.xml, date: new Date(note.createdAt) } : undefined;
  return { bytes: await renderDocumentPdf(model, logo, { facturx }), filename: pdfFilename(note.number) };
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

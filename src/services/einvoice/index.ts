// E-invoices of issued invoices and credit notes: EN 16931 in UBL 2.1 (Peppol BIS Billing 3.0)
// or UN/CEFACT CII D16B. GET /v1/invoices/{id}/einvoice and /v1/credit-notes/{id}/einvoice.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CreditNote, CreditNoteItem } from "../../db/schema/billing";
import { type Invoice, invoices } from "../../db/schema/invoices";
import { conflict, validationError } from "../../lib/errors";
import { contentDisposition, downloadFilename } from "../../lib/http-files";
import { renderCii } from "../../render/einvoice/cii";
import { creditNoteDocument, type EDocument, invoiceDocument } from "../../render/einvoice/model";
import { renderUbl } from "../../render/einvoice/ubl";
import { loadCreditNote } from "../invoices/credit-notes";
import { invoiceEInvoiceMissing, loadInvoice } from "../invoices/read";
import { isIssued } from "../lifecycle";
import { type EInvoiceSyntax, einvoiceMissing } from "./readiness";

export { EINVOICE_SYNTAXES, type EInvoiceSyntax, einvoiceMissing } from "./readiness";

/** What the credit note's e-invoice in `syntax` lacks, keyed by API field path (the 422 details of its GET /einvoice). */
export function creditNoteEInvoiceMissing(
  note: CreditNote,
  items: readonly CreditNoteItem[],
  invoice: Invoice,
  syntax: EInvoiceSyntax,
) {
  const buyer = note.buyer ?? invoice.buyer;
  return einvoiceMissing(
    {
      currency: note.currency,
      seller: note.seller ?? invoice.seller,
      buyer,
      lines: items.map((item) => ({ category: item.taxCategory, percentScaled: item.taxPercentScaled })),
      breakdown: note.totalsDetail.breakdown,
      buyerReference: invoice.buyerReference ?? buyer?.buyer_reference ?? null,
      purchaseOrder: invoice.purchaseOrder,
      deliveryDate: invoice.deliveryDate,
      servicePeriod: Boolean(invoice.servicePeriodStart && invoice.servicePeriodEnd),
      // NL-R-007 asks for payment means only of what the buyer pays: a credit note pays the buyer.
      payableMinor: 0,
    },
    syntax,
  );
}

export interface EInvoiceFile {
  filename: string;
  xml: string;
}

/** The download: `application/xml; charset=utf-8`, attachment named after the document number. */
export function xmlResponse(file: EInvoiceFile): Response {
  return new Response(file.xml, {
    status: 200,
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": contentDisposition(file.filename),
    },
  });
}

function render(doc: EDocument, syntax: EInvoiceSyntax): EInvoiceFile {
  return {
    filename: downloadFilename(`${doc.number}.xml`),
    xml: syntax === "cii" ? renderCii(doc) : renderUbl(doc),
  };
}

function refuseIfMissing(missing: Record<string, string>) {
  if (Object.keys(missing).length > 0) {
    throw validationError(missing, "The e-invoice cannot be produced: EN 16931 needs the fields in details");
  }
}

/**
 * Draft: 409 `invoice_not_issued`; something the syntax's rules need is missing: 422 naming each
 * field (the UBL's Peppol endpoints are not asked of the CII).
 */
export async function invoiceEInvoice(db: Db, organizationId: string, id: string, syntax: EInvoiceSyntax) {
  const { invoice, items } = await loadInvoice(db, organizationId, id);
  if (!isIssued(invoice.status) || !invoice.issueDate || !invoice.seller || !invoice.buyer) {
    throw conflict("invoice_not_issued", "A draft has no e-invoice: send it first");
  }
  refuseIfMissing(invoiceEInvoiceMissing(invoice, items, syntax));
  return render(invoiceDocument(invoice, items), syntax);
}

export async function creditNoteEInvoice(db: Db, organizationId: string, id: string, syntax: EInvoiceSyntax) {
  const { note, items } = await loadCreditNote(db, organizationId, id);
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, note.invoiceId), eq(invoices.organizationId, organizationId)));
  if (!invoice) throw new Error(`credit note ${id} refers to a missing invoice`);
  if (!(note.seller ?? invoice.seller) || !(note.buyer ?? invoice.buyer)) {
    throw conflict("invoice_not_issued", "The credited invoice was never issued");
  }
  refuseIfMissing(creditNoteEInvoiceMissing(note, items, invoice, syntax));
  return render(creditNoteDocument(note, items, invoice), syntax);
}

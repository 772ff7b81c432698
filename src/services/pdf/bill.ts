// A bill's readable PDF (GET /v1/bills/{id}/pdf): its stored received document drawn by the same
// renderer as the organization's own invoices, in the organization's language, with how it was
// received and the verdict of the rules (src/document/bill.ts). A bill received as a PDF
// (Factur-X, ZUGFeRD) is its own readable form: the route answers the original instead.
import type { Bill } from "../../db/schema/bills";
import { billDocument } from "../../document/bill";
import type { Locale } from "../../document/types";
import { downloadFilename } from "../../lib/http-files";
import { renderDocumentPdf } from "../../render/pdf/document";
import type { RenderedPdf } from ".";

/** Whether the bill came as a PDF, which is answered as received rather than drawn again. */
export const billIsPdf = (bill: Pick<Bill, "container">) => bill.container === "pdf";

export async function billPdf(bill: Bill, locale: Locale): Promise<RenderedPdf> {
  const model = billDocument(
    bill.document,
    {
      syntax: bill.syntax,
      container: bill.container,
      customizationId: bill.customizationId,
      receivedAt: bill.receivedAt,
      validation: bill.validation,
    },
    locale,
  );
  return {
    bytes: await renderDocumentPdf(model, null),
    filename: downloadFilename(`${bill.number || bill.id}.pdf`),
  };
}

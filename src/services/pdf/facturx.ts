// Factur-X / ZUGFeRD: the invoice PDF as PDF/A-3b with its CII XML embedded. Built in another
// branch; this placeholder keeps the signature the archive's renderer registry calls.
import type { Db } from "../../db/client";
import type { Organization } from "../../db/schema/identity";
import type { RenderedPdf } from "./index";

export async function renderInvoiceFacturx(
  _db: Db,
  _bucket: R2Bucket,
  _organization: Organization,
  _id: string,
): Promise<RenderedPdf> {
  throw new Error("Factur-X rendering is not built in this branch");
}

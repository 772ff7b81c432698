// XRechnung 3.0 (KoSIT xrechnung-schematron 2.5.0) on a received document's EN 16931 view: the
// BR-DE-* rules the view can be held to. An XRechnung is also held to the Peppol rules KoSIT
// merges into it (peppol.ts, XRECHNUNG_PEPPOL_RULES).
import { statedTypeCodeRow, TYPE_CODES } from "../../../lib/type-codes";
import { skontoProblem, xrechnungSellerTaxIdMissing } from "../../cius";
import { XRECHNUNG_EXTENSION_ID, XRECHNUNG_SPECIFICATION_ID } from "../../einvoice";
import type { ReceivedDocument } from "../types";
import { present } from "./en16931";
import type { Fail } from "./rules";

/** BR-DE-17 (advice): the type codes XRechnung takes. */
const XRECHNUNG_TYPE_CODES: ReadonlySet<string> = new Set(
  TYPE_CODES.filter((row) => row.xrechnung).map((row) => row.code),
);

export function xrechnungRules(doc: ReceivedDocument, fail: Fail, advise: Fail) {
  const { seller, buyer } = doc;
  if (!doc.paymentMeans) fail("BR-DE-1", "XRechnung needs payment instructions (BG-16)");
  if (!seller.contact) fail("BR-DE-2", "XRechnung needs the seller's contact (BG-6)");
  if (!present(seller.address.city)) fail("BR-DE-3", "XRechnung needs the seller's city (BT-37)");
  if (!present(seller.address.postalCode)) fail("BR-DE-4", "XRechnung needs the seller's post code (BT-38)");
  if (seller.contact) {
    if (!present(seller.contact.name)) fail("BR-DE-5", "XRechnung needs the seller's contact point (BT-41)");
    if (!present(seller.contact.phone)) fail("BR-DE-6", "XRechnung needs the seller's contact phone (BT-42)");
    if (!present(seller.contact.email))
      fail("BR-DE-7", "XRechnung needs the seller's contact e-mail (BT-43)");
  }
  if (!present(buyer.address.city)) fail("BR-DE-8", "XRechnung needs the buyer's city (BT-52)");
  if (!present(buyer.address.postalCode)) fail("BR-DE-9", "XRechnung needs the buyer's post code (BT-53)");
  if (doc.subtotals.some((s) => !present(s.tax.percent)))
    fail("BR-DE-14", "XRechnung needs a rate in every VAT breakdown (BT-119)");
  if (!present(doc.buyerReference)) fail("BR-DE-15", "XRechnung needs the buyer reference (BT-10)");
  const categories = [
    ...doc.lines.map((l) => l.tax.category),
    ...doc.allowances.map((a) => a.tax.category),
    ...doc.charges.map((c) => c.tax.category),
  ];
  const stated = {
    vatId: present(seller.vatId),
    taxRegistrationId: present(seller.taxRegistrationId),
    taxRepresentative: Boolean(doc.taxRepresentative),
  };
  if (xrechnungSellerTaxIdMissing(categories, stated))
    fail(
      "BR-DE-16",
      "XRechnung needs the seller's VAT id or tax number, or a tax representative, for this VAT category",
    );
  // The view keeps BT-20 trimmed, so the line break BR-DE-18 asks after the last Skonto line is
  // not there to read: the terms are checked as if it followed.
  const terms = skontoProblem(doc.paymentTerms && `${doc.paymentTerms}\n`);
  if (terms) fail("BR-DE-18", terms);
  const means = doc.paymentMeans;
  if (means && (means.code === "30" || means.code === "58") && !present(means.iban))
    fail("BR-DE-23-a", "A credit transfer (30, 58) states the account it pays into (BG-17)");

  if (!XRECHNUNG_TYPE_CODES.has(doc.typeCode.trim()))
    advise("BR-DE-17", `XRechnung does not list type code ${doc.typeCode}`);
  const id = doc.customizationId?.trim();
  if (id !== XRECHNUNG_SPECIFICATION_ID && id !== XRECHNUNG_EXTENSION_ID)
    advise("BR-DE-21", "The specification identifier (BT-24) is not XRechnung 3.0's");
  if (statedTypeCodeRow(doc.typeCode)?.citesRequired && doc.preceding.length === 0)
    advise("BR-DE-26", "A corrected invoice (384) should cite the invoice it corrects (BG-3)");
}

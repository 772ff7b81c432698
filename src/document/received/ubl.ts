// UBL 2.1 Invoice and CreditNote read into the EN 16931 view, at the paths the outgoing writer
// (src/render/einvoice/ubl.ts) and the EN 16931 UBL syntax binding give each business term, for
// every profile (EN 16931, Peppol BIS 3.0, XRechnung 3.0 and its extension's sub-invoice lines).
// Elements the view has no term for are ignored.
import type { EAddress, EIdentifier, EParty, ETaxRepresentative } from "../einvoice";
import { bindingOf, contactOf, endpointOf, identifierOf, legalIdOf, payeeOf } from "./binding";
import type {
  ReceivedDocument,
  ReceivedLine,
  ReceivedPaymentMeans,
  ReceivedPeriod,
  ReceivedSubLine,
} from "./types";
import { pathReader, type XmlElement } from "./xml";

export const UBL_NAMESPACES = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  credit_note: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
} as const;

const read = pathReader(UBL_NAMESPACES);
const { all, one, text } = read;
const { taxOf, lineAdjustments, documentAdjustments } = bindingOf(read, {
  adjustment: {
    indicator: "cbc:ChargeIndicator",
    reason: "cbc:AllowanceChargeReason",
    reasonCode: "cbc:AllowanceChargeReasonCode",
    amount: "cbc:Amount",
    percent: "cbc:MultiplierFactorNumeric",
    base: "cbc:BaseAmount",
    tax: "cac:TaxCategory",
  },
  tax: { category: "cbc:ID", percent: "cbc:Percent" },
});

/** The SEPA creditor identifier (BT-90) is written as a party identification with this scheme. */
const CREDITOR_ID_SCHEME = "SEPA";

/** BT-21 in UBL: a note opening with `#CODE#` states its subject code (Peppol and XRechnung). */
const SUBJECT_CODE = /^#([A-Za-z0-9]{1,6})#/;

function noteOf(note: string) {
  const coded = SUBJECT_CODE.exec(note);
  return coded?.[1]
    ? { subjectCode: coded[1], text: note.slice(coded[0].length) }
    : { subjectCode: null, text: note };
}

function addressOf(address: XmlElement | undefined): EAddress {
  return {
    line1: text(address, "cbc:StreetName"),
    line2: text(address, "cbc:AdditionalStreetName"),
    city: text(address, "cbc:CityName"),
    postalCode: text(address, "cbc:PostalZone"),
    region: text(address, "cbc:CountrySubentity"),
    country: text(address, "cac:Country/cbc:IdentificationCode") ?? "",
  };
}

/** The party's tax registrations: its VAT id (scheme VAT, BT-31/BT-48/BT-63), else the other (BT-32). */
function taxSchemes(party: XmlElement | undefined) {
  const schemes = all(party, "cac:PartyTaxScheme");
  const vat = schemes.find((s) => text(s, "cac:TaxScheme/cbc:ID") === "VAT");
  const other = schemes.find((s) => s !== vat);
  return { vatId: text(vat, "cbc:CompanyID"), taxRegistrationId: text(other, "cbc:CompanyID") };
}

/** The party identifications (BT-29, BT-46, BT-60) but the SEPA creditor identifier. */
const partyIdentifiers = (party: XmlElement | undefined) =>
  all(party, "cac:PartyIdentification/cbc:ID")
    .map(identifierOf)
    .filter((i): i is EIdentifier => i !== null && i.scheme !== CREDITOR_ID_SCHEME);

function partyOf(party: XmlElement | undefined): EParty {
  const contact = one(party, "cac:Contact");
  return {
    name: text(party, "cac:PartyLegalEntity/cbc:RegistrationName") ?? "",
    tradingName: text(party, "cac:PartyName/cbc:Name"),
    address: addressOf(one(party, "cac:PostalAddress")),
    ...taxSchemes(party),
    ...legalIdOf(one(party, "cac:PartyLegalEntity/cbc:CompanyID")),
    identifiers: partyIdentifiers(party),
    endpoint: endpointOf(one(party, "cbc:EndpointID")),
    contact: contactOf(
      text(contact, "cbc:Name"),
      text(contact, "cbc:Telephone"),
      text(contact, "cbc:ElectronicMail"),
    ),
  };
}

function taxRepresentativeOf(party: XmlElement | undefined): ETaxRepresentative | null {
  if (!party) return null;
  return {
    name: text(party, "cac:PartyName/cbc:Name") ?? "",
    vatId: taxSchemes(party).vatId ?? "",
    address: addressOf(one(party, "cac:PostalAddress")),
  };
}

const periodOf = (period: XmlElement | undefined): ReceivedPeriod | null =>
  period ? { start: text(period, "cbc:StartDate"), end: text(period, "cbc:EndDate") } : null;

/** The terms a line (BG-25) and a sub-invoice line (BG-DEX-01) both state. */
function lineTermsOf(line: XmlElement, quantityName: string) {
  const quantity = one(line, quantityName);
  return {
    id: text(line, "cbc:ID") ?? "",
    name: text(line, "cac:Item/cbc:Name") ?? "",
    quantity: quantity?.text ?? "",
    unitCode: quantity?.attributes.unitCode ?? "",
    price: text(line, "cac:Price/cbc:PriceAmount") ?? "",
    net: text(line, "cbc:LineExtensionAmount") ?? "",
    baseQuantity: text(line, "cac:Price/cbc:BaseQuantity"),
    tax: taxOf(one(line, "cac:Item/cac:ClassifiedTaxCategory")),
    subLines: all(line, "cac:SubInvoiceLine").map(subLineOf),
  };
}

const subLineOf = (line: XmlElement): ReceivedSubLine => lineTermsOf(line, "cbc:InvoicedQuantity");

function lineOf(line: XmlElement, credit: boolean): ReceivedLine {
  const priceDiscount = one(line, "cac:Price/cac:AllowanceCharge");
  return {
    ...lineTermsOf(line, credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity"),
    ...lineAdjustments(all(line, "cac:AllowanceCharge")),
    period: periodOf(one(line, "cac:InvoicePeriod")),
    grossPrice: text(priceDiscount, "cbc:BaseAmount"),
    priceDiscount: text(priceDiscount, "cbc:Amount"),
  };
}

function paymentMeansOf(means: XmlElement | undefined): ReceivedPaymentMeans | null {
  if (!means) return null;
  const account = one(means, "cac:PayeeFinancialAccount");
  return {
    code: text(means, "cbc:PaymentMeansCode") ?? "",
    iban: text(account, "cbc:ID"),
    accountName: text(account, "cbc:Name"),
    bic: text(account, "cac:FinancialInstitutionBranch/cbc:ID"),
    reference: text(means, "cbc:PaymentID"),
  };
}

/** The UBL Invoice or CreditNote `root` in the EN 16931 view. */
export function readUbl(root: XmlElement, kind: "invoice" | "credit_note"): ReceivedDocument {
  const credit = kind === "credit_note";
  const currency = text(root, "cbc:DocumentCurrencyCode") ?? "";
  const taxCurrency = text(root, "cbc:TaxCurrencyCode");
  // BT-110 is the TaxTotal in the document's currency (the one with the breakdown), BT-111 the
  // other, in the VAT accounting currency.
  const taxTotals = all(root, "cac:TaxTotal");
  const inCurrency = (total: XmlElement, code: string | null) =>
    one(total, "cbc:TaxAmount")?.attributes.currencyID === code;
  const taxTotal =
    taxTotals.find((t) => one(t, "cac:TaxSubtotal")) ??
    taxTotals.find((t) => inCurrency(t, currency)) ??
    taxTotals[0];
  const otherTotal = taxCurrency
    ? taxTotals.find((t) => t !== taxTotal && inCurrency(t, taxCurrency))
    : undefined;
  const totals = one(root, "cac:LegalMonetaryTotal");
  const delivery = one(root, "cac:Delivery");
  const paymentMeans = one(root, "cac:PaymentMeans");
  const payee = one(root, "cac:PayeeParty");
  const paymentTerms = all(root, "cac:PaymentTerms/cbc:Note").map((n) => n.text);
  return {
    kind,
    typeCode: text(root, credit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode") ?? "",
    number: text(root, "cbc:ID") ?? "",
    issueDate: text(root, "cbc:IssueDate") ?? "",
    // BT-9: a CreditNote states its due date in its payment means.
    dueDate: text(root, "cbc:DueDate") ?? text(paymentMeans, "cbc:PaymentDueDate"),
    currency,
    taxCurrency: taxCurrency ? { code: taxCurrency, taxTotal: text(otherTotal, "cbc:TaxAmount") } : null,
    notes: all(root, "cbc:Note")
      .filter((n) => n.text)
      .map((n) => noteOf(n.text)),
    buyerReference: text(root, "cbc:BuyerReference"),
    purchaseOrder: text(root, "cac:OrderReference/cbc:ID"),
    period: periodOf(one(root, "cac:InvoicePeriod")),
    deliveryDate: text(delivery, "cbc:ActualDeliveryDate"),
    deliverToCountry: text(delivery, "cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode"),
    preceding: all(root, "cac:BillingReference/cac:InvoiceDocumentReference").map((reference) => ({
      number: text(reference, "cbc:ID") ?? "",
      issueDate: text(reference, "cbc:IssueDate"),
    })),
    seller: partyOf(one(root, "cac:AccountingSupplierParty/cac:Party")),
    buyer: partyOf(one(root, "cac:AccountingCustomerParty/cac:Party")),
    payee: payee
      ? payeeOf(
          text(payee, "cac:PartyName/cbc:Name"),
          partyIdentifiers(payee),
          one(payee, "cac:PartyLegalEntity/cbc:CompanyID"),
        )
      : null,
    taxRepresentative: taxRepresentativeOf(one(root, "cac:TaxRepresentativeParty")),
    lines: all(root, credit ? "cac:CreditNoteLine" : "cac:InvoiceLine").map((line) => lineOf(line, credit)),
    ...documentAdjustments(all(root, "cac:AllowanceCharge")),
    subtotals: all(taxTotal, "cac:TaxSubtotal").map((subtotal) => {
      const category = one(subtotal, "cac:TaxCategory");
      return {
        tax: taxOf(category),
        taxable: text(subtotal, "cbc:TaxableAmount") ?? "",
        amount: text(subtotal, "cbc:TaxAmount") ?? "",
        exemptionReason: text(category, "cbc:TaxExemptionReason"),
        exemptionCode: text(category, "cbc:TaxExemptionReasonCode"),
      };
    }),
    totals: {
      lineExtension: text(totals, "cbc:LineExtensionAmount"),
      allowanceTotal: text(totals, "cbc:AllowanceTotalAmount"),
      chargeTotal: text(totals, "cbc:ChargeTotalAmount"),
      taxExclusive: text(totals, "cbc:TaxExclusiveAmount"),
      taxTotal: text(taxTotal, "cbc:TaxAmount"),
      taxInclusive: text(totals, "cbc:TaxInclusiveAmount"),
      prepaid: text(totals, "cbc:PrepaidAmount"),
      rounding: text(totals, "cbc:PayableRoundingAmount"),
      payable: text(totals, "cbc:PayableAmount"),
    },
    paymentTerms: paymentTerms.length > 0 ? paymentTerms.join("\n") : null,
    paymentMeans: paymentMeansOf(paymentMeans),
    customizationId: text(root, "cbc:CustomizationID"),
    profileId: text(root, "cbc:ProfileID"),
  };
}

// UN/CEFACT Cross Industry Invoice (D16B: Factur-X / ZUGFeRD 2.x, XRechnung CII) read into the
// EN 16931 view, at the paths the outgoing writer (src/render/einvoice/cii.ts) and the EN 16931
// CII syntax binding give each business term, for every profile (MINIMUM to EXTENDED, XRechnung).
// Elements the view has no term for are ignored; an EXTENDED document's detail lines are read as
// lines like the others (CII states no sub-invoice lines of XRechnung's extension).
import type { EAddress, EIdentifier, EParty, ETaxRepresentative } from "../einvoice";
import { bindingOf, contactOf, endpointOf, identifierOf, legalIdOf, payeeOf } from "./binding";
import { statesCredit } from "./credits";
import type { ReceivedDocument, ReceivedLine, ReceivedPaymentMeans, ReceivedPeriod } from "./types";
import { pathReader, type XmlElement } from "./xml";

export const CII_NAMESPACES = {
  rsm: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  udt: "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
  qdt: "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
} as const;

const read = pathReader(CII_NAMESPACES);
const { all, one, text } = read;
const { taxOf, lineAdjustments, documentAdjustments } = bindingOf(read, {
  adjustment: {
    indicator: "ram:ChargeIndicator/udt:Indicator",
    reason: "ram:Reason",
    reasonCode: "ram:ReasonCode",
    amount: "ram:ActualAmount",
    percent: "ram:CalculationPercent",
    base: "ram:BasisAmount",
    tax: "ram:CategoryTradeTax",
  },
  tax: { category: "ram:CategoryCode", percent: "ram:RateApplicablePercent" },
});

/** A date-time element's date: format 102 (YYYYMMDD) as YYYY-MM-DD, another format as written. */
function dateOf(element: XmlElement | undefined): string | null {
  const stated = element?.children.find(
    (child) =>
      child.name === "DateTimeString" &&
      (child.uri === CII_NAMESPACES.udt || child.uri === CII_NAMESPACES.qdt),
  );
  const value = stated?.text;
  if (!value) return null;
  const format = stated.attributes.format ?? "102";
  return format === "102" && /^\d{8}$/.test(value)
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
    : value;
}

/** BT-29 / BT-46 / BT-60: ram:ID (no scheme) and ram:GlobalID (an ICD scheme), in document order. */
const partyIdentifiers = (party: XmlElement | undefined) =>
  (party?.children ?? [])
    .filter((c) => c.uri === CII_NAMESPACES.ram && (c.name === "ID" || c.name === "GlobalID"))
    .map(identifierOf)
    .filter((i): i is EIdentifier => i !== null);

function addressOf(address: XmlElement | undefined): EAddress {
  return {
    line1: text(address, "ram:LineOne"),
    line2: text(address, "ram:LineTwo"),
    city: text(address, "ram:CityName"),
    postalCode: text(address, "ram:PostcodeCode"),
    region: text(address, "ram:CountrySubDivisionName"),
    country: text(address, "ram:CountryID") ?? "",
  };
}

/** A tax registration by its scheme: VA the VAT id (BT-31, BT-48, BT-63), FC the other (BT-32). */
const registration = (party: XmlElement | undefined, scheme: "VA" | "FC") =>
  all(party, "ram:SpecifiedTaxRegistration/ram:ID").find((id) => id.attributes.schemeID === scheme)?.text ||
  null;

function partyOf(party: XmlElement | undefined): EParty {
  const legal = one(party, "ram:SpecifiedLegalOrganization");
  const contact = one(party, "ram:DefinedTradeContact");
  return {
    name: text(party, "ram:Name") ?? "",
    tradingName: text(legal, "ram:TradingBusinessName"),
    address: addressOf(one(party, "ram:PostalTradeAddress")),
    vatId: registration(party, "VA"),
    taxRegistrationId: registration(party, "FC"),
    ...legalIdOf(one(legal, "ram:ID")),
    identifiers: partyIdentifiers(party),
    endpoint: endpointOf(one(party, "ram:URIUniversalCommunication/ram:URIID")),
    contact: contactOf(
      text(contact, "ram:PersonName") ?? text(contact, "ram:DepartmentName"),
      text(contact, "ram:TelephoneUniversalCommunication/ram:CompleteNumber"),
      text(contact, "ram:EmailURIUniversalCommunication/ram:URIID"),
    ),
  };
}

function taxRepresentativeOf(party: XmlElement | undefined): ETaxRepresentative | null {
  if (!party) return null;
  return {
    name: text(party, "ram:Name") ?? "",
    vatId: registration(party, "VA") ?? "",
    address: addressOf(one(party, "ram:PostalTradeAddress")),
  };
}

const periodOf = (period: XmlElement | undefined): ReceivedPeriod | null =>
  period
    ? { start: dateOf(one(period, "ram:StartDateTime")), end: dateOf(one(period, "ram:EndDateTime")) }
    : null;

function lineOf(item: XmlElement): ReceivedLine {
  const agreement = one(item, "ram:SpecifiedLineTradeAgreement");
  const gross = one(agreement, "ram:GrossPriceProductTradePrice");
  const net = one(agreement, "ram:NetPriceProductTradePrice");
  const settlement = one(item, "ram:SpecifiedLineTradeSettlement");
  const quantity = one(item, "ram:SpecifiedLineTradeDelivery/ram:BilledQuantity");
  return {
    id: text(item, "ram:AssociatedDocumentLineDocument/ram:LineID") ?? "",
    name: text(item, "ram:SpecifiedTradeProduct/ram:Name") ?? "",
    quantity: quantity?.text ?? "",
    unitCode: quantity?.attributes.unitCode ?? "",
    price: text(net, "ram:ChargeAmount") ?? "",
    net: text(settlement, "ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount") ?? "",
    ...lineAdjustments(all(settlement, "ram:SpecifiedTradeAllowanceCharge")),
    period: periodOf(one(settlement, "ram:BillingSpecifiedPeriod")),
    // BT-149 is stated with the net price, or with the gross price only.
    baseQuantity: text(net, "ram:BasisQuantity") ?? text(gross, "ram:BasisQuantity"),
    grossPrice: text(gross, "ram:ChargeAmount"),
    priceDiscount: text(gross, "ram:AppliedTradeAllowanceCharge/ram:ActualAmount"),
    tax: taxOf(one(settlement, "ram:ApplicableTradeTax")),
    subLines: [],
  };
}

function paymentMeansOf(settlement: XmlElement | undefined): ReceivedPaymentMeans | null {
  const means = one(settlement, "ram:SpecifiedTradeSettlementPaymentMeans");
  if (!means) return null;
  const account = one(means, "ram:PayeePartyCreditorFinancialAccount");
  return {
    code: text(means, "ram:TypeCode") ?? "",
    iban: text(account, "ram:IBANID") ?? text(account, "ram:ProprietaryID"),
    accountName: text(account, "ram:AccountName"),
    bic: text(means, "ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID"),
    reference: text(settlement, "ram:PaymentReference"),
  };
}

/** The CrossIndustryInvoice `root` in the EN 16931 view. */
export function readCii(root: XmlElement): ReceivedDocument {
  const context = one(root, "rsm:ExchangedDocumentContext");
  const exchanged = one(root, "rsm:ExchangedDocument");
  const transaction = one(root, "rsm:SupplyChainTradeTransaction");
  const agreement = one(transaction, "ram:ApplicableHeaderTradeAgreement");
  const delivery = one(transaction, "ram:ApplicableHeaderTradeDelivery");
  const settlement = one(transaction, "ram:ApplicableHeaderTradeSettlement");
  const summation = one(settlement, "ram:SpecifiedTradeSettlementHeaderMonetarySummation");
  const currency = text(settlement, "ram:InvoiceCurrencyCode") ?? "";
  const taxCurrency = text(settlement, "ram:TaxCurrencyCode");
  // BT-110 is the VAT total in the document's currency (or the one without a currency), BT-111
  // the one in the VAT accounting currency.
  const taxTotals = all(summation, "ram:TaxTotalAmount");
  const taxTotal =
    taxTotals.find((t) => t.attributes.currencyID === currency) ??
    taxTotals.find((t) => !t.attributes.currencyID) ??
    (taxCurrency ? undefined : taxTotals[0]);
  const otherTotal = taxCurrency
    ? taxTotals.find((t) => t !== taxTotal && t.attributes.currencyID === taxCurrency)
    : undefined;
  const terms = all(settlement, "ram:SpecifiedTradePaymentTerms");
  const descriptions = terms.flatMap((t) => all(t, "ram:Description").map((d) => d.text)).filter(Boolean);
  const dueDate = terms.map((t) => dateOf(one(t, "ram:DueDateDateTime"))).find((d) => d !== null) ?? null;
  const payee = one(settlement, "ram:PayeeTradeParty");
  const typeCode = text(exchanged, "ram:TypeCode") ?? "";
  return {
    kind: statesCredit(typeCode) ? "credit_note" : "invoice",
    typeCode,
    number: text(exchanged, "ram:ID") ?? "",
    issueDate: dateOf(one(exchanged, "ram:IssueDateTime")) ?? "",
    dueDate,
    currency,
    taxCurrency: taxCurrency && otherTotal ? { code: taxCurrency, taxTotal: otherTotal.text } : null,
    notes: all(exchanged, "ram:IncludedNote")
      .map((note) => ({
        subjectCode: text(note, "ram:SubjectCode"),
        text: all(note, "ram:Content")
          .map((c) => c.text)
          .join("\n"),
      }))
      .filter((note) => note.text),
    buyerReference: text(agreement, "ram:BuyerReference"),
    purchaseOrder: text(agreement, "ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID"),
    period: periodOf(one(settlement, "ram:BillingSpecifiedPeriod")),
    deliveryDate: dateOf(one(delivery, "ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime")),
    deliverToCountry: text(delivery, "ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID"),
    preceding: all(settlement, "ram:InvoiceReferencedDocument").map((reference) => ({
      number: text(reference, "ram:IssuerAssignedID") ?? "",
      issueDate: dateOf(one(reference, "ram:FormattedIssueDateTime")),
    })),
    seller: partyOf(one(agreement, "ram:SellerTradeParty")),
    buyer: partyOf(one(agreement, "ram:BuyerTradeParty")),
    payee: payee
      ? payeeOf(
          text(payee, "ram:Name"),
          partyIdentifiers(payee),
          one(payee, "ram:SpecifiedLegalOrganization/ram:ID"),
        )
      : null,
    taxRepresentative: taxRepresentativeOf(one(agreement, "ram:SellerTaxRepresentativeTradeParty")),
    lines: all(transaction, "ram:IncludedSupplyChainTradeLineItem").map(lineOf),
    ...documentAdjustments(all(settlement, "ram:SpecifiedTradeAllowanceCharge")),
    subtotals: all(settlement, "ram:ApplicableTradeTax").map((tax) => ({
      tax: taxOf(tax),
      taxable: text(tax, "ram:BasisAmount") ?? "",
      amount: text(tax, "ram:CalculatedAmount") ?? "",
      exemptionReason: text(tax, "ram:ExemptionReason"),
      exemptionCode: text(tax, "ram:ExemptionReasonCode"),
    })),
    totals: {
      lineExtension: text(summation, "ram:LineTotalAmount"),
      allowanceTotal: text(summation, "ram:AllowanceTotalAmount"),
      chargeTotal: text(summation, "ram:ChargeTotalAmount"),
      taxExclusive: text(summation, "ram:TaxBasisTotalAmount"),
      taxTotal: taxTotal?.text || null,
      taxInclusive: text(summation, "ram:GrandTotalAmount"),
      prepaid: text(summation, "ram:TotalPrepaidAmount"),
      rounding: text(summation, "ram:RoundingAmount"),
      payable: text(summation, "ram:DuePayableAmount"),
    },
    paymentTerms: descriptions.length > 0 ? descriptions.join("\n") : null,
    paymentMeans: paymentMeansOf(settlement),
    customizationId: text(context, "ram:GuidelineSpecifiedDocumentContextParameter/ram:ID"),
    profileId: text(context, "ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID"),
  };
}

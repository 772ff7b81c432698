// UN/CEFACT Cross Industry Invoice D16B (the XML inside Factur-X / ZUGFeRD), EN 16931 profile.
// Element order as the D16B schema lists it.
import { buildXml, el, type Node, opt } from "../xml";
import {
  type EAddress,
  type EAllowance,
  type EDocument,
  type EIdentifier,
  type ELine,
  type ELineAdjustment,
  type EParty,
  type EPayee,
  type EProfile,
  type ETax,
  type ETaxRepresentative,
  PEPPOL_BILLING_PROCESS_ID,
  XRECHNUNG_SPECIFICATION_ID,
} from "./model";

export const CII_GUIDELINE_ID = "urn:cen.eu:en16931:2017";

/** The profiles a CII declares: EN 16931 (BT-24 alone) or XRechnung 3.0 (with Peppol's BT-23, as KoSIT writes it). */
export type CiiProfile = Exclude<EProfile, "peppol">;

const NS = {
  rsm: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  qdt: "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  udt: "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/** YYYY-MM-DD -> format 102 (YYYYMMDD). */
const date102 = (name: string, date: string, type: "udt" | "qdt" = "udt") =>
  el(name, [el(`${type}:DateTimeString`, date.replaceAll("-", ""), { format: "102" })]);

function address(a: EAddress): Node {
  return el("ram:PostalTradeAddress", [
    opt("ram:PostcodeCode", a.postalCode),
    opt("ram:LineOne", a.line1),
    opt("ram:LineTwo", a.line2),
    opt("ram:CityName", a.city),
    el("ram:CountryID", a.country),
    opt("ram:CountrySubDivisionName", a.region),
  ]);
}

/** BT-29 / BT-46 / BT-60: ram:GlobalID with its ICD scheme, or ram:ID when none is stated. */
const partyId = (identifier: EIdentifier | null) =>
  identifier
    ? identifier.scheme
      ? el("ram:GlobalID", identifier.id, { schemeID: identifier.scheme })
      : el("ram:ID", identifier.id)
    : null;

/** BT-30 / BT-47 / BT-61 with its ICD scheme when one is stated. */
const legalId = (id: string | null, scheme: string | null) =>
  id ? el("ram:ID", id, scheme ? { schemeID: scheme } : undefined) : null;

function party(p: EParty, role: string): Node {
  return el(role, [
    // The D16B schema lists every ram:ID before the ram:GlobalIDs: those without a scheme first.
    ...p.identifiers.filter((i) => !i.scheme).map(partyId),
    ...p.identifiers.filter((i) => i.scheme).map(partyId),
    el("ram:Name", p.name),
    p.companyId || p.tradingName
      ? el("ram:SpecifiedLegalOrganization", [
          legalId(p.companyId, p.companyIdScheme),
          opt("ram:TradingBusinessName", p.tradingName),
        ])
      : null,
    p.contact
      ? el("ram:DefinedTradeContact", [
          opt("ram:PersonName", p.contact.name),
          p.contact.phone
            ? el("ram:TelephoneUniversalCommunication", [el("ram:CompleteNumber", p.contact.phone)])
            : null,
          p.contact.email
            ? el("ram:EmailURIUniversalCommunication", [el("ram:URIID", p.contact.email)])
            : null,
        ])
      : null,
    address(p.address),
    p.endpoint
      ? el("ram:URIUniversalCommunication", [el("ram:URIID", p.endpoint.id, { schemeID: p.endpoint.scheme })])
      : null,
    p.vatId ? el("ram:SpecifiedTaxRegistration", [el("ram:ID", p.vatId, { schemeID: "VA" })]) : null,
    p.taxRegistrationId
      ? el("ram:SpecifiedTaxRegistration", [el("ram:ID", p.taxRegistrationId, { schemeID: "FC" })])
      : null,
  ]);
}

/** BG-10: the payee (ram:PayeeTradeParty). */
const payeeParty = (payee: EPayee) =>
  el("ram:PayeeTradeParty", [
    partyId(payee.identifier),
    el("ram:Name", payee.name),
    payee.companyId
      ? el("ram:SpecifiedLegalOrganization", [legalId(payee.companyId, payee.companyIdScheme)])
      : null,
  ]);

/** BG-11: the seller's tax representative (ram:SellerTaxRepresentativeTradeParty). */
const taxRepresentativeParty = (representative: ETaxRepresentative) =>
  el("ram:SellerTaxRepresentativeTradeParty", [
    el("ram:Name", representative.name),
    address(representative.address),
    el("ram:SpecifiedTaxRegistration", [el("ram:ID", representative.vatId, { schemeID: "VA" })]),
  ]);

const lineTax = (tax: ETax) =>
  el("ram:ApplicableTradeTax", [
    el("ram:TypeCode", "VAT"),
    opt("ram:CategoryCode", tax.category),
    opt("ram:RateApplicablePercent", tax.percent),
  ]);

/** BT-149 with its unit (BT-150), when the price is for another quantity than 1. */
const basisQuantity = (line: ELine) =>
  line.baseQuantity ? el("ram:BasisQuantity", line.baseQuantity, { unitCode: line.unitCode }) : null;

/** A document-level allowance or charge (BG-20/BG-21), or with no tax a line's (BG-27/BG-28), in
 * the D16B schema's order. */
function allowanceCharge(a: EAllowance | ELineAdjustment, charge: boolean): Node {
  return el("ram:SpecifiedTradeAllowanceCharge", [
    el("ram:ChargeIndicator", [el("udt:Indicator", charge ? "true" : "false")]),
    opt("ram:CalculationPercent", a.percent),
    opt("ram:BasisAmount", a.base),
    el("ram:ActualAmount", a.amount),
    opt("ram:ReasonCode", a.reasonCode),
    opt("ram:Reason", a.reason),
    "tax" in a
      ? el("ram:CategoryTradeTax", [
          el("ram:TypeCode", "VAT"),
          opt("ram:CategoryCode", a.tax.category),
          opt("ram:RateApplicablePercent", a.tax.percent),
        ])
      : null,
  ]);
}

export function renderCii(doc: EDocument, profile: CiiProfile = "en16931"): string {
  const lines = doc.lines.map((line) =>
    el("ram:IncludedSupplyChainTradeLineItem", [
      el("ram:AssociatedDocumentLineDocument", [el("ram:LineID", line.id)]),
      el("ram:SpecifiedTradeProduct", [el("ram:Name", line.name)]),
      el("ram:SpecifiedLineTradeAgreement", [
        line.grossPrice
          ? el("ram:GrossPriceProductTradePrice", [
              el("ram:ChargeAmount", line.grossPrice),
              basisQuantity(line),
              line.priceDiscount
                ? el("ram:AppliedTradeAllowanceCharge", [
                    el("ram:ChargeIndicator", [el("udt:Indicator", "false")]),
                    el("ram:ActualAmount", line.priceDiscount),
                  ])
                : null,
            ])
          : null,
        el("ram:NetPriceProductTradePrice", [el("ram:ChargeAmount", line.price), basisQuantity(line)]),
      ]),
      el("ram:SpecifiedLineTradeDelivery", [
        el("ram:BilledQuantity", line.quantity, { unitCode: line.unitCode }),
      ]),
      el("ram:SpecifiedLineTradeSettlement", [
        lineTax(line.tax),
        line.period
          ? el("ram:BillingSpecifiedPeriod", [
              date102("ram:StartDateTime", line.period.start),
              date102("ram:EndDateTime", line.period.end),
            ])
          : null,
        ...line.allowances.map((a) => allowanceCharge(a, false)),
        ...line.charges.map((c) => allowanceCharge(c, true)),
        el("ram:SpecifiedTradeSettlementLineMonetarySummation", [el("ram:LineTotalAmount", line.net)]),
      ]),
    ]),
  );
  const agreement = el("ram:ApplicableHeaderTradeAgreement", [
    opt("ram:BuyerReference", doc.buyerReference),
    party(doc.seller, "ram:SellerTradeParty"),
    party(doc.buyer, "ram:BuyerTradeParty"),
    doc.taxRepresentative ? taxRepresentativeParty(doc.taxRepresentative) : null,
    doc.purchaseOrder
      ? el("ram:BuyerOrderReferencedDocument", [el("ram:IssuerAssignedID", doc.purchaseOrder)])
      : null,
  ]);
  const delivery = el("ram:ApplicableHeaderTradeDelivery", [
    doc.deliverToCountry
      ? el("ram:ShipToTradeParty", [
          el("ram:PostalTradeAddress", [el("ram:CountryID", doc.deliverToCountry)]),
        ])
      : null,
    doc.deliveryDate
      ? el("ram:ActualDeliverySupplyChainEvent", [date102("ram:OccurrenceDateTime", doc.deliveryDate)])
      : null,
  ]);
  const t = doc.totals;
  const settlement = el("ram:ApplicableHeaderTradeSettlement", [
    doc.paymentMeans?.iban ? opt("ram:PaymentReference", doc.paymentMeans.reference) : null,
    opt("ram:TaxCurrencyCode", doc.taxCurrency?.code),
    el("ram:InvoiceCurrencyCode", doc.currency),
    doc.payee ? payeeParty(doc.payee) : null,
    doc.paymentMeans
      ? el("ram:SpecifiedTradeSettlementPaymentMeans", [
          el("ram:TypeCode", doc.paymentMeans.code),
          doc.paymentMeans.iban
            ? el("ram:PayeePartyCreditorFinancialAccount", [
                el("ram:IBANID", doc.paymentMeans.iban),
                opt("ram:AccountName", doc.paymentMeans.accountName),
              ])
            : null,
          doc.paymentMeans.bic
            ? el("ram:PayeeSpecifiedCreditorFinancialInstitution", [el("ram:BICID", doc.paymentMeans.bic)])
            : null,
        ])
      : null,
    ...doc.subtotals.map((s) =>
      el("ram:ApplicableTradeTax", [
        el("ram:CalculatedAmount", s.amount),
        el("ram:TypeCode", "VAT"),
        opt("ram:ExemptionReason", s.exemptionReason),
        el("ram:BasisAmount", s.taxable),
        opt("ram:CategoryCode", s.tax.category),
        opt("ram:ExemptionReasonCode", s.exemptionCode),
        opt("ram:RateApplicablePercent", s.tax.percent),
      ]),
    ),
    doc.period
      ? el("ram:BillingSpecifiedPeriod", [
          date102("ram:StartDateTime", doc.period.start),
          date102("ram:EndDateTime", doc.period.end),
        ])
      : null,
    ...doc.allowances.map((a) => allowanceCharge(a, false)),
    ...doc.charges.map((c) => allowanceCharge(c, true)),
    doc.paymentTerms || doc.dueDate
      ? el("ram:SpecifiedTradePaymentTerms", [
          opt("ram:Description", doc.paymentTerms),
          doc.dueDate ? date102("ram:DueDateDateTime", doc.dueDate) : null,
        ])
      : null,
    el("ram:SpecifiedTradeSettlementHeaderMonetarySummation", [
      el("ram:LineTotalAmount", t.lineExtension),
      opt("ram:ChargeTotalAmount", t.chargeTotal),
      el("ram:AllowanceTotalAmount", t.allowanceTotal),
      el("ram:TaxBasisTotalAmount", t.taxExclusive),
      el("ram:TaxTotalAmount", t.taxTotal, { currencyID: doc.currency }),
      doc.taxCurrency
        ? el("ram:TaxTotalAmount", doc.taxCurrency.taxTotal, { currencyID: doc.taxCurrency.code })
        : null,
      el("ram:RoundingAmount", t.rounding),
      el("ram:GrandTotalAmount", t.taxInclusive),
      el("ram:TotalPrepaidAmount", t.prepaid),
      el("ram:DuePayableAmount", t.payable),
    ]),
    // The CII schema (D16B) holds one InvoiceReferencedDocument in the header settlement, so BG-3
    // (0..n in EN 16931) is the first cited invoice there; the UBL, PDF, page and e-mail state all.
    ...doc.preceding
      .slice(0, 1)
      .map((cited) =>
        el("ram:InvoiceReferencedDocument", [
          el("ram:IssuerAssignedID", cited.number),
          cited.issueDate ? date102("ram:FormattedIssueDateTime", cited.issueDate, "qdt") : null,
        ]),
      ),
  ]);
  return buildXml(
    el(
      "rsm:CrossIndustryInvoice",
      [
        el("rsm:ExchangedDocumentContext", [
          profile === "xrechnung"
            ? el("ram:BusinessProcessSpecifiedDocumentContextParameter", [
                el("ram:ID", PEPPOL_BILLING_PROCESS_ID),
              ])
            : null,
          el("ram:GuidelineSpecifiedDocumentContextParameter", [
            el("ram:ID", profile === "xrechnung" ? XRECHNUNG_SPECIFICATION_ID : CII_GUIDELINE_ID),
          ]),
        ]),
        el("rsm:ExchangedDocument", [
          el("ram:ID", doc.number),
          el("ram:TypeCode", doc.typeCode),
          date102("ram:IssueDateTime", doc.issueDate),
          doc.note
            ? el("ram:IncludedNote", [
                el("ram:Content", doc.note),
                opt("ram:SubjectCode", doc.noteSubjectCode),
              ])
            : null,
        ]),
        el("rsm:SupplyChainTradeTransaction", [...lines, agreement, delivery, settlement]),
      ],
      { "xmlns:rsm": NS.rsm, "xmlns:qdt": NS.qdt, "xmlns:ram": NS.ram, "xmlns:udt": NS.udt },
    ),
  );
}

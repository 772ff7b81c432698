// UBL 2.1 Invoice / CreditNote, declaring Peppol BIS Billing 3.0 (a CIUS of EN 16931) or EN 16931
// alone. Element order as the UBL schema and the Peppol syntax binding list them.
import { buildXml, el, type Node, opt } from "../xml";
import type { EAddress, EDocument, EParty, ETax } from "./model";

export const UBL_CUSTOMIZATION_ID =
  "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const UBL_PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
/** EN 16931 alone: the core specification, with no business process (BT-23 is optional). */
export const EN16931_CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017";

/** The rule set the UBL declares (BT-24, and Peppol's BT-23). */
export type UblProfile = "peppol" | "en16931";

const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  credit_note: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

function address(a: EAddress): Node {
  return el("cac:PostalAddress", [
    opt("cbc:StreetName", a.line1),
    opt("cbc:AdditionalStreetName", a.line2),
    opt("cbc:CityName", a.city),
    opt("cbc:PostalZone", a.postalCode),
    opt("cbc:CountrySubentity", a.region),
    el("cac:Country", [el("cbc:IdentificationCode", a.country)]),
  ]);
}

function party(p: EParty, role: "cac:AccountingSupplierParty" | "cac:AccountingCustomerParty"): Node {
  return el(role, [
    el("cac:Party", [
      p.endpoint ? el("cbc:EndpointID", p.endpoint.id, { schemeID: p.endpoint.scheme }) : null,
      p.tradingName ? el("cac:PartyName", [el("cbc:Name", p.tradingName)]) : null,
      address(p.address),
      p.vatId
        ? el("cac:PartyTaxScheme", [el("cbc:CompanyID", p.vatId), el("cac:TaxScheme", [el("cbc:ID", "VAT")])])
        : null,
      p.taxRegistrationId
        ? el("cac:PartyTaxScheme", [
            el("cbc:CompanyID", p.taxRegistrationId),
            el("cac:TaxScheme", [el("cbc:ID", "FC")]),
          ])
        : null,
      el("cac:PartyLegalEntity", [el("cbc:RegistrationName", p.name), opt("cbc:CompanyID", p.companyId)]),
      p.contact
        ? el("cac:Contact", [
            opt("cbc:Name", p.contact.name),
            opt("cbc:Telephone", p.contact.phone),
            opt("cbc:ElectronicMail", p.contact.email),
          ])
        : null,
    ]),
  ]);
}

function taxCategory(
  name: string,
  tax: ETax,
  exemption?: { reason: string | null; code: string | null },
): Node {
  return el(name, [
    opt("cbc:ID", tax.category),
    opt("cbc:Percent", tax.percent),
    opt("cbc:TaxExemptionReasonCode", exemption?.code),
    opt("cbc:TaxExemptionReason", exemption?.reason),
    el("cac:TaxScheme", [el("cbc:ID", "VAT")]),
  ]);
}

export function renderUbl(doc: EDocument, profile: UblProfile = "peppol"): string {
  const credit = doc.kind === "credit_note";
  const cur = { currencyID: doc.currency };
  const root = credit ? "CreditNote" : "Invoice";
  const children: (Node | null)[] = [
    el("cbc:CustomizationID", profile === "peppol" ? UBL_CUSTOMIZATION_ID : EN16931_CUSTOMIZATION_ID),
    profile === "peppol" ? el("cbc:ProfileID", UBL_PROFILE_ID) : null,
    el("cbc:ID", doc.number),
    el("cbc:IssueDate", doc.issueDate),
    credit ? null : opt("cbc:DueDate", doc.dueDate),
    el(credit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", doc.typeCode),
    opt("cbc:Note", doc.note && doc.noteSubjectCode ? `#${doc.noteSubjectCode}#${doc.note}` : doc.note),
    el("cbc:DocumentCurrencyCode", doc.currency),
    doc.taxCurrency ? el("cbc:TaxCurrencyCode", doc.taxCurrency.code) : null,
    opt("cbc:BuyerReference", doc.buyerReference),
    doc.period
      ? el("cac:InvoicePeriod", [el("cbc:StartDate", doc.period.start), el("cbc:EndDate", doc.period.end)])
      : null,
    doc.purchaseOrder ? el("cac:OrderReference", [el("cbc:ID", doc.purchaseOrder)]) : null,
    doc.preceding
      ? el("cac:BillingReference", [
          el("cac:InvoiceDocumentReference", [
            el("cbc:ID", doc.preceding.number),
            opt("cbc:IssueDate", doc.preceding.issueDate),
          ]),
        ])
      : null,
    party(doc.seller, "cac:AccountingSupplierParty"),
    party(doc.buyer, "cac:AccountingCustomerParty"),
    doc.deliveryDate || doc.deliverToCountry
      ? el("cac:Delivery", [
          opt("cbc:ActualDeliveryDate", doc.deliveryDate),
          doc.deliverToCountry
            ? el("cac:DeliveryLocation", [
                el("cac:Address", [el("cac:Country", [el("cbc:IdentificationCode", doc.deliverToCountry)])]),
              ])
            : null,
        ])
      : null,
    doc.paymentMeans
      ? el("cac:PaymentMeans", [
          el("cbc:PaymentMeansCode", doc.paymentMeans.code),
          doc.paymentMeans.iban ? opt("cbc:PaymentID", doc.paymentMeans.reference) : null,
          doc.paymentMeans.iban
            ? el("cac:PayeeFinancialAccount", [
                el("cbc:ID", doc.paymentMeans.iban),
                opt("cbc:Name", doc.paymentMeans.accountName),
                doc.paymentMeans.bic
                  ? el("cac:FinancialInstitutionBranch", [el("cbc:ID", doc.paymentMeans.bic)])
                  : null,
              ])
            : null,
        ])
      : null,
    doc.paymentTerms ? el("cac:PaymentTerms", [el("cbc:Note", doc.paymentTerms)]) : null,
    ...doc.allowances.map((a) =>
      el("cac:AllowanceCharge", [
        el("cbc:ChargeIndicator", "false"),
        el("cbc:AllowanceChargeReason", a.reason),
        el("cbc:Amount", a.amount, cur),
        taxCategory("cac:TaxCategory", a.tax),
      ]),
    ),
    el("cac:TaxTotal", [
      el("cbc:TaxAmount", doc.totals.taxTotal, cur),
      ...doc.subtotals.map((s) =>
        el("cac:TaxSubtotal", [
          el("cbc:TaxableAmount", s.taxable, cur),
          el("cbc:TaxAmount", s.amount, cur),
          taxCategory("cac:TaxCategory", s.tax, { reason: s.exemptionReason, code: s.exemptionCode }),
        ]),
      ),
    ]),
    // BT-111: a second TaxTotal with the VAT total alone, in the VAT accounting currency.
    doc.taxCurrency
      ? el("cac:TaxTotal", [
          el("cbc:TaxAmount", doc.taxCurrency.taxTotal, { currencyID: doc.taxCurrency.code }),
        ])
      : null,
    el("cac:LegalMonetaryTotal", [
      el("cbc:LineExtensionAmount", doc.totals.lineExtension, cur),
      el("cbc:TaxExclusiveAmount", doc.totals.taxExclusive, cur),
      el("cbc:TaxInclusiveAmount", doc.totals.taxInclusive, cur),
      el("cbc:AllowanceTotalAmount", doc.totals.allowanceTotal, cur),
      el("cbc:PrepaidAmount", doc.totals.prepaid, cur),
      el("cbc:PayableRoundingAmount", doc.totals.rounding, cur),
      el("cbc:PayableAmount", doc.totals.payable, cur),
    ]),
    ...doc.lines.map((line) =>
      el(credit ? "cac:CreditNoteLine" : "cac:InvoiceLine", [
        el("cbc:ID", line.id),
        el(credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", line.quantity, {
          unitCode: line.unitCode,
        }),
        el("cbc:LineExtensionAmount", line.net, cur),
        line.allowance
          ? el("cac:AllowanceCharge", [
              el("cbc:ChargeIndicator", "false"),
              el("cbc:AllowanceChargeReason", "Discount"),
              el("cbc:Amount", line.allowance, cur),
            ])
          : null,
        el("cac:Item", [el("cbc:Name", line.name), taxCategory("cac:ClassifiedTaxCategory", line.tax)]),
        el("cac:Price", [el("cbc:PriceAmount", line.price, cur)]),
      ]),
    ),
  ];
  return buildXml(el(root, children, { xmlns: NS[doc.kind], "xmlns:cac": NS.cac, "xmlns:cbc": NS.cbc }));
}

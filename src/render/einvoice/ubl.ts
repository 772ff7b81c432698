// UBL 2.1 Invoice / CreditNote, declaring Peppol BIS Billing 3.0 or XRechnung 3.0 (CIUS of EN 16931)
// or EN 16931 alone. Element order as the UBL schema and the Peppol syntax binding list them.
import { PEPPOL_SPECIFICATION_ID } from "../../document/einvoice";
import { buildXml, el, type Node, opt } from "../xml";
import {
  carriesSubLines,
  type EAddress,
  type EAllowance,
  type EDocument,
  type EIdentifier,
  type ELineAdjustment,
  type EParty,
  type EPayee,
  type EProfile,
  type ESubLine,
  type ETax,
  type ETaxRepresentative,
  PEPPOL_BILLING_PROCESS_ID,
  XRECHNUNG_EXTENSION_ID,
  XRECHNUNG_SPECIFICATION_ID,
} from "./model";

export const UBL_CUSTOMIZATION_ID = PEPPOL_SPECIFICATION_ID;
export const UBL_PROFILE_ID = PEPPOL_BILLING_PROCESS_ID;
/** EN 16931 alone: the core specification, with no business process (BT-23 is optional). */
export const EN16931_CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017";
export const XRECHNUNG_CUSTOMIZATION_ID = XRECHNUNG_SPECIFICATION_ID;

/** The rule set the UBL declares (BT-24, and the business process BT-23 of Peppol and XRechnung). */
export type UblProfile = EProfile;

const CUSTOMIZATION_IDS: Record<UblProfile, string> = {
  peppol: UBL_CUSTOMIZATION_ID,
  xrechnung: XRECHNUNG_CUSTOMIZATION_ID,
  en16931: EN16931_CUSTOMIZATION_ID,
};

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

/** BT-29 / BT-46 / BT-60: the identifier, with its ICD scheme when one is stated. */
const partyIdentification = (identifier: EIdentifier) =>
  el("cac:PartyIdentification", [
    el("cbc:ID", identifier.id, identifier.scheme ? { schemeID: identifier.scheme } : undefined),
  ]);

/** BT-30 / BT-47 / BT-61 with its ICD scheme (BT-30-1 ...) when one is stated. */
const companyId = (id: string | null, scheme: string | null) =>
  id ? el("cbc:CompanyID", id, scheme ? { schemeID: scheme } : undefined) : null;

/** BG-10: the payee (UBL cac:PayeeParty). */
function payeeParty(payee: EPayee): Node {
  return el("cac:PayeeParty", [
    payee.identifier ? partyIdentification(payee.identifier) : null,
    el("cac:PartyName", [el("cbc:Name", payee.name)]),
    payee.companyId ? el("cac:PartyLegalEntity", [companyId(payee.companyId, payee.companyIdScheme)]) : null,
  ]);
}

/** BG-11: the seller's tax representative (UBL cac:TaxRepresentativeParty). */
function taxRepresentativeParty(representative: ETaxRepresentative): Node {
  return el("cac:TaxRepresentativeParty", [
    el("cac:PartyName", [el("cbc:Name", representative.name)]),
    address(representative.address),
    el("cac:PartyTaxScheme", [
      el("cbc:CompanyID", representative.vatId),
      el("cac:TaxScheme", [el("cbc:ID", "VAT")]),
    ]),
  ]);
}

function party(p: EParty, role: "cac:AccountingSupplierParty" | "cac:AccountingCustomerParty"): Node {
  return el(role, [
    el("cac:Party", [
      p.endpoint ? el("cbc:EndpointID", p.endpoint.id, { schemeID: p.endpoint.scheme }) : null,
      ...p.identifiers.map(partyIdentification),
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
      el("cac:PartyLegalEntity", [
        el("cbc:RegistrationName", p.name),
        companyId(p.companyId, p.companyIdScheme),
      ]),
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

/** A document-level allowance or charge (BG-20/BG-21), or with no tax a line's (BG-27/BG-28), in
 * the UBL schema's order. */
function allowanceCharge(
  a: EAllowance | ELineAdjustment,
  charge: boolean,
  cur: { currencyID: string },
): Node {
  return el("cac:AllowanceCharge", [
    el("cbc:ChargeIndicator", charge ? "true" : "false"),
    opt("cbc:AllowanceChargeReasonCode", a.reasonCode),
    opt("cbc:AllowanceChargeReason", a.reason),
    opt("cbc:MultiplierFactorNumeric", a.percent),
    el("cbc:Amount", a.amount, cur),
    a.base ? el("cbc:BaseAmount", a.base, cur) : null,
    "tax" in a ? taxCategory("cac:TaxCategory", a.tax) : null,
  ]);
}

/** A sub-invoice line (BG-DEX-01) and its own, in the order UBL 2.1 gives an InvoiceLine's elements. */
function subInvoiceLine(line: ESubLine, cur: { currencyID: string }): Node {
  return el("cac:SubInvoiceLine", [
    el("cbc:ID", line.id),
    el("cbc:InvoicedQuantity", line.quantity, { unitCode: line.unitCode }),
    el("cbc:LineExtensionAmount", line.net, cur),
    el("cac:Item", [el("cbc:Name", line.name), taxCategory("cac:ClassifiedTaxCategory", line.tax)]),
    el("cac:Price", [
      el("cbc:PriceAmount", line.price, cur),
      line.baseQuantity ? el("cbc:BaseQuantity", line.baseQuantity, { unitCode: line.unitCode }) : null,
    ]),
    ...line.subLines.map((sub) => subInvoiceLine(sub, cur)),
  ]);
}

export function renderUbl(doc: EDocument, profile: UblProfile = "peppol"): string {
  const credit = doc.kind === "credit_note";
  const cur = { currencyID: doc.currency };
  const root = credit ? "CreditNote" : "Invoice";
  // Sub-invoice lines make the document one of XRechnung's extension (BT-24 says so).
  const subLines = carriesSubLines(doc, "ubl", profile);
  const children: (Node | null)[] = [
    el("cbc:CustomizationID", subLines ? XRECHNUNG_EXTENSION_ID : CUSTOMIZATION_IDS[profile]),
    profile === "en16931" ? null : el("cbc:ProfileID", UBL_PROFILE_ID),
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
    ...doc.preceding.map((cited) =>
      el("cac:BillingReference", [
        el("cac:InvoiceDocumentReference", [
          el("cbc:ID", cited.number),
          opt("cbc:IssueDate", cited.issueDate),
        ]),
      ]),
    ),
    party(doc.seller, "cac:AccountingSupplierParty"),
    party(doc.buyer, "cac:AccountingCustomerParty"),
    doc.payee ? payeeParty(doc.payee) : null,
    doc.taxRepresentative ? taxRepresentativeParty(doc.taxRepresentative) : null,
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
    ...doc.allowances.map((a) => allowanceCharge(a, false, cur)),
    ...doc.charges.map((c) => allowanceCharge(c, true, cur)),
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
      opt("cbc:ChargeTotalAmount", doc.totals.chargeTotal, cur),
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
        line.period
          ? el("cac:InvoicePeriod", [
              el("cbc:StartDate", line.period.start),
              el("cbc:EndDate", line.period.end),
            ])
          : null,
        ...line.allowances.map((a) => allowanceCharge(a, false, cur)),
        ...line.charges.map((c) => allowanceCharge(c, true, cur)),
        el("cac:Item", [el("cbc:Name", line.name), taxCategory("cac:ClassifiedTaxCategory", line.tax)]),
        el("cac:Price", [
          el("cbc:PriceAmount", line.price, cur),
          line.baseQuantity ? el("cbc:BaseQuantity", line.baseQuantity, { unitCode: line.unitCode }) : null,
          line.grossPrice
            ? el("cac:AllowanceCharge", [
                el("cbc:ChargeIndicator", "false"),
                el("cbc:Amount", line.priceDiscount ?? "0", cur),
                el("cbc:BaseAmount", line.grossPrice, cur),
              ])
            : null,
        ]),
        ...(subLines ? line.subLines.map((sub) => subInvoiceLine(sub, cur)) : []),
      ]),
    ),
  ];
  return buildXml(el(root, children, { xmlns: NS[doc.kind], "xmlns:cac": NS.cac, "xmlns:cbc": NS.cbc }));
}

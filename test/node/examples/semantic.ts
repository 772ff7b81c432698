// Reads an EN 16931 document, UBL 2.1 (Invoice or CreditNote) or UN/CEFACT CII D16B, into the
// business terms the official-examples harness compares (test/node/official-examples.test.ts):
// one shape for both syntaxes, so an original in one syntax is compared with the API's document in
// either. Amounts stay decimal strings (normalized: "100.00" and "100" are the same amount).
import { XMLParser } from "fast-xml-parser";

export interface Allowance {
  charge: boolean;
  amount: string;
  base: string | null;
  percentage: string | null;
  reason: string | null;
  reasonCode: string | null;
  category: string | null;
  rate: string | null;
}

export interface Identifier {
  id: string;
  scheme: string | null;
}

export interface Party {
  name: string | null;
  vatId: string | null;
  taxRegistrationId: string | null;
  legalId: Identifier | null;
  identifiers: Identifier[];
  endpoint: Identifier | null;
  country: string | null;
  hasAddressLine: boolean;
  city: string | null;
  postalCode: string | null;
}

/** BG-10: the payee. */
export interface PayeeParty {
  name: string | null;
  identifiers: Identifier[];
  legalId: Identifier | null;
}

/** BG-11: the seller's tax representative. */
export interface TaxRepresentativeParty {
  name: string | null;
  vatId: string | null;
  line1: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
}

export interface Line {
  id: string;
  name: string | null;
  quantity: string;
  unitCode: string | null;
  net: string;
  price: string;
  baseQuantity: string | null;
  grossPrice: string | null;
  priceDiscount: string | null;
  category: string | null;
  rate: string | null;
  allowances: Allowance[];
  period: { start: string | null; end: string | null } | null;
  /** Sub-invoice lines (XRechnung extension BG-DEX-01, UBL only); CII carries none. */
  subLines: SubLine[];
}

/** A sub-invoice line (BG-DEX-01), nested. */
export interface SubLine {
  name: string | null;
  quantity: string;
  unitCode: string | null;
  net: string;
  price: string;
  baseQuantity: string | null;
  category: string | null;
  rate: string | null;
  /** Allowances, charges or a gross price on the sub-line: the API gives a sub-line none. */
  adjusted: boolean;
  subLines: SubLine[];
}

export interface Breakdown {
  category: string;
  rate: string | null;
  taxable: string;
  tax: string;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

export interface SemanticDocument {
  syntax: "ubl" | "cii";
  kind: "invoice" | "credit_note";
  customization: string | null;
  typeCode: string | null;
  number: string | null;
  issueDate: string | null;
  currency: string | null;
  taxCurrency: string | null;
  buyerReference: string | null;
  purchaseOrder: string | null;
  preceding: { number: string; issueDate: string | null }[];
  period: { start: string | null; end: string | null } | null;
  deliveryDate: string | null;
  seller: Party;
  buyer: Party;
  hasPayee: boolean;
  hasTaxRepresentative: boolean;
  payee: PayeeParty | null;
  taxRepresentative: TaxRepresentativeParty | null;
  allowances: Allowance[];
  totals: {
    lineTotal: string | null;
    allowanceTotal: string;
    chargeTotal: string;
    taxExclusive: string | null;
    taxTotal: string | null;
    taxTotalInTaxCurrency: string | null;
    taxInclusive: string | null;
    prepaid: string;
    rounding: string;
    payable: string | null;
  };
  breakdown: Breakdown[];
  lines: Line[];
  hasPaymentMeans: boolean;
  ibans: string[];
}

type XNode = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  alwaysCreateTextNode: true,
  isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
  trimValues: true,
  processEntities: true,
});

/** The child elements at a slash-separated path. */
function all(node: XNode | undefined, path: string): XNode[] {
  let nodes: XNode[] = node ? [node] : [];
  for (const step of path.split("/")) {
    nodes = nodes.flatMap((n) => (Array.isArray(n[step]) ? (n[step] as XNode[]) : []));
  }
  return nodes;
}

const one = (node: XNode | undefined, path: string): XNode | undefined => all(node, path)[0];

function textOf(node: XNode | undefined): string | null {
  if (!node) return null;
  const value = node["#text"];
  return typeof value === "string" ? value : value === undefined ? null : String(value);
}

const text = (node: XNode | undefined, path: string): string | null => textOf(one(node, path));

function attr(node: XNode | undefined, name: string): string | null {
  const value = node?.[`@${name}`];
  return typeof value === "string" ? value : null;
}

/** A decimal as written, without a leading "+", trailing zeros or a negative zero. */
export function decimal(value: string | null): string | null {
  if (value === null) return null;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value.trim();
  const [, sign, whole = "", fraction = ""] = match;
  const int = whole.replace(/^0+(?=\d)/, "") || "0";
  const frac = fraction.replace(/0+$/, "");
  const body = frac ? `${int}.${frac}` : int;
  return sign === "-" && body !== "0" ? `-${body}` : body;
}

/**
 * A party's name (BT-27, BT-44, BT-59, BT-62) with each run of white space read as one space. These
 * names are EN 16931 Text, with no line structure of their own, and the API keeps them on one line;
 * an example that wraps a long name across lines of its XML (sample-discount-price.xml's buyer,
 * "... ZA DISTRIBUCIJU I" + newline + indentation + "OPSKRBU ...") states the name its words make,
 * as the reader already takes the name without the indentation around it (`trimValues`). Read
 * alike from the original and the rebuild, so a name still compares word for word.
 */
const nameText = (node: XNode | undefined, path: string) => text(node, path)?.replace(/\s+/g, " ") ?? null;

const amount = (node: XNode | undefined, path: string) => decimal(text(node, path));
const zeroIfAbsent = (value: string | null) => value ?? "0";

/** CII dates are written YYYYMMDD (format 102). */
function ciiDate(node: XNode | undefined): string | null {
  const value = text(node, "DateTimeString");
  if (!value) return null;
  return /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;
}

function identifier(node: XNode | undefined): Identifier | null {
  const id = textOf(node);
  return id === null ? null : { id, scheme: attr(node, "schemeID") };
}

export function readDocument(xml: string): SemanticDocument {
  const root = parser.parse(xml) as XNode;
  if (root.Invoice) return readUbl(one(root, "Invoice")!, "invoice");
  if (root.CreditNote) return readUbl(one(root, "CreditNote")!, "credit_note");
  if (root.CrossIndustryInvoice) return readCii(one(root, "CrossIndustryInvoice")!);
  throw new Error(`Not an EN 16931 document: root ${Object.keys(root).join(", ")}`);
}

// ---- UBL ----

function ublParty(party: XNode | undefined): Party {
  const taxSchemes = all(party, "PartyTaxScheme");
  const scheme = (n: XNode) => text(n, "TaxScheme/ID");
  const vat = taxSchemes.find((n) => scheme(n) === "VAT");
  const other = taxSchemes.find((n) => scheme(n) !== "VAT");
  return {
    name: nameText(party, "PartyLegalEntity/RegistrationName"),
    vatId: text(vat, "CompanyID"),
    taxRegistrationId: text(other, "CompanyID"),
    legalId: identifier(one(party, "PartyLegalEntity/CompanyID")),
    // A PartyIdentification with scheme SEPA is the creditor identifier BT-90, not BT-29/BT-46.
    identifiers: all(party, "PartyIdentification/ID")
      .map(identifier)
      .filter((i): i is Identifier => i !== null && i.scheme !== "SEPA"),
    endpoint: identifier(one(party, "EndpointID")),
    country: text(party, "PostalAddress/Country/IdentificationCode"),
    hasAddressLine: text(party, "PostalAddress/StreetName") !== null,
    city: text(party, "PostalAddress/CityName"),
    postalCode: text(party, "PostalAddress/PostalZone"),
  };
}

function ublPayee(payee: XNode | undefined): PayeeParty | null {
  if (!payee) return null;
  return {
    name: nameText(payee, "PartyName/Name"),
    // A PartyIdentification with scheme SEPA is the creditor identifier BT-90, not BT-60.
    identifiers: all(payee, "PartyIdentification/ID")
      .map(identifier)
      .filter((i): i is Identifier => i !== null && i.scheme !== "SEPA"),
    legalId: identifier(one(payee, "PartyLegalEntity/CompanyID")),
  };
}

function ublTaxRepresentative(party: XNode | undefined): TaxRepresentativeParty | null {
  if (!party) return null;
  const vat = all(party, "PartyTaxScheme").find((n) => text(n, "TaxScheme/ID") === "VAT");
  return {
    name: nameText(party, "PartyName/Name"),
    vatId: text(vat, "CompanyID"),
    line1: text(party, "PostalAddress/StreetName"),
    city: text(party, "PostalAddress/CityName"),
    postalCode: text(party, "PostalAddress/PostalZone"),
    country: text(party, "PostalAddress/Country/IdentificationCode"),
  };
}

function ublAllowance(node: XNode): Allowance {
  return {
    charge: text(node, "ChargeIndicator")?.trim() === "true",
    amount: amount(node, "Amount") ?? "",
    base: amount(node, "BaseAmount"),
    percentage: amount(node, "MultiplierFactorNumeric"),
    reason: text(node, "AllowanceChargeReason"),
    reasonCode: text(node, "AllowanceChargeReasonCode"),
    category: text(node, "TaxCategory/ID"),
    rate: amount(node, "TaxCategory/Percent"),
  };
}

function ublPeriod(node: XNode | undefined) {
  return node ? { start: text(node, "StartDate"), end: text(node, "EndDate") } : null;
}

function ublLine(line: XNode, credit: boolean): Line {
  const quantity = one(line, credit ? "CreditedQuantity" : "InvoicedQuantity");
  return {
    id: text(line, "ID") ?? "",
    name: text(line, "Item/Name"),
    quantity: decimal(textOf(quantity)) ?? "",
    unitCode: attr(quantity, "unitCode"),
    net: amount(line, "LineExtensionAmount") ?? "",
    price: amount(line, "Price/PriceAmount") ?? "",
    baseQuantity: amount(line, "Price/BaseQuantity"),
    grossPrice: amount(line, "Price/AllowanceCharge/BaseAmount"),
    priceDiscount: amount(line, "Price/AllowanceCharge/Amount"),
    category: text(line, "Item/ClassifiedTaxCategory/ID"),
    rate: amount(line, "Item/ClassifiedTaxCategory/Percent"),
    allowances: all(line, "AllowanceCharge").map(ublAllowance),
    period: ublPeriod(one(line, "InvoicePeriod")),
    subLines: all(line, "SubInvoiceLine").map(ublSubLine),
  };
}

function ublSubLine(line: XNode): SubLine {
  const quantity = one(line, "InvoicedQuantity");
  return {
    name: text(line, "Item/Name"),
    quantity: decimal(textOf(quantity)) ?? "",
    unitCode: attr(quantity, "unitCode"),
    net: amount(line, "LineExtensionAmount") ?? "",
    price: amount(line, "Price/PriceAmount") ?? "",
    baseQuantity: amount(line, "Price/BaseQuantity"),
    category: text(line, "Item/ClassifiedTaxCategory/ID"),
    rate: amount(line, "Item/ClassifiedTaxCategory/Percent"),
    adjusted: all(line, "AllowanceCharge").length > 0 || all(line, "Price/AllowanceCharge").length > 0,
    subLines: all(line, "SubInvoiceLine").map(ublSubLine),
  };
}

function readUbl(doc: XNode, kind: "invoice" | "credit_note"): SemanticDocument {
  const credit = kind === "credit_note";
  const currency = text(doc, "DocumentCurrencyCode");
  const taxTotals = all(doc, "TaxTotal");
  const inCurrency = (n: XNode, c: string | null) => attr(one(n, "TaxAmount"), "currencyID") === c;
  const taxTotal = taxTotals.find((n) => inCurrency(n, currency)) ?? taxTotals[0];
  const taxCurrency = text(doc, "TaxCurrencyCode");
  const otherTotal = taxCurrency
    ? taxTotals.find((n) => n !== taxTotal && inCurrency(n, taxCurrency))
    : undefined;
  const totals = one(doc, "LegalMonetaryTotal");
  return {
    syntax: "ubl",
    kind,
    customization: text(doc, "CustomizationID"),
    typeCode: text(doc, credit ? "CreditNoteTypeCode" : "InvoiceTypeCode"),
    number: text(doc, "ID"),
    issueDate: text(doc, "IssueDate"),
    currency,
    taxCurrency,
    buyerReference: text(doc, "BuyerReference"),
    purchaseOrder: text(doc, "OrderReference/ID"),
    preceding: all(doc, "BillingReference/InvoiceDocumentReference").map((n) => ({
      number: text(n, "ID") ?? "",
      issueDate: text(n, "IssueDate"),
    })),
    period: ublPeriod(one(doc, "InvoicePeriod")),
    deliveryDate: text(doc, "Delivery/ActualDeliveryDate"),
    seller: ublParty(one(doc, "AccountingSupplierParty/Party")),
    buyer: ublParty(one(doc, "AccountingCustomerParty/Party")),
    hasPayee: one(doc, "PayeeParty") !== undefined,
    hasTaxRepresentative: one(doc, "TaxRepresentativeParty") !== undefined,
    payee: ublPayee(one(doc, "PayeeParty")),
    taxRepresentative: ublTaxRepresentative(one(doc, "TaxRepresentativeParty")),
    allowances: all(doc, "AllowanceCharge").map(ublAllowance),
    totals: {
      lineTotal: amount(totals, "LineExtensionAmount"),
      allowanceTotal: zeroIfAbsent(amount(totals, "AllowanceTotalAmount")),
      chargeTotal: zeroIfAbsent(amount(totals, "ChargeTotalAmount")),
      taxExclusive: amount(totals, "TaxExclusiveAmount"),
      taxTotal: amount(taxTotal, "TaxAmount"),
      taxTotalInTaxCurrency: otherTotal ? amount(otherTotal, "TaxAmount") : null,
      taxInclusive: amount(totals, "TaxInclusiveAmount"),
      prepaid: zeroIfAbsent(amount(totals, "PrepaidAmount")),
      rounding: zeroIfAbsent(amount(totals, "PayableRoundingAmount")),
      payable: amount(totals, "PayableAmount"),
    },
    breakdown: all(taxTotal, "TaxSubtotal").map((s) => ({
      category: text(s, "TaxCategory/ID") ?? "",
      rate: amount(s, "TaxCategory/Percent"),
      taxable: amount(s, "TaxableAmount") ?? "",
      tax: amount(s, "TaxAmount") ?? "",
      exemptionReason: text(s, "TaxCategory/TaxExemptionReason"),
      exemptionReasonCode: text(s, "TaxCategory/TaxExemptionReasonCode"),
    })),
    lines: all(doc, credit ? "CreditNoteLine" : "InvoiceLine").map((l) => ublLine(l, credit)),
    hasPaymentMeans: one(doc, "PaymentMeans") !== undefined,
    ibans: all(doc, "PaymentMeans/PayeeFinancialAccount/ID").map((n) => textOf(n) ?? ""),
  };
}

// ---- CII ----

function ciiParty(party: XNode | undefined): Party {
  const registrations = all(party, "SpecifiedTaxRegistration/ID");
  const byScheme = (s: string) => textOf(registrations.find((n) => attr(n, "schemeID") === s));
  return {
    name: nameText(party, "Name"),
    vatId: byScheme("VA"),
    taxRegistrationId: byScheme("FC"),
    legalId: identifier(one(party, "SpecifiedLegalOrganization/ID")),
    identifiers: [...all(party, "ID"), ...all(party, "GlobalID")]
      .map(identifier)
      .filter((i): i is Identifier => i !== null),
    endpoint: identifier(one(party, "URIUniversalCommunication/URIID")),
    country: text(party, "PostalTradeAddress/CountryID"),
    hasAddressLine: text(party, "PostalTradeAddress/LineOne") !== null,
    city: text(party, "PostalTradeAddress/CityName"),
    postalCode: text(party, "PostalTradeAddress/PostcodeCode"),
  };
}

function ciiPayee(payee: XNode | undefined): PayeeParty | null {
  if (!payee) return null;
  return {
    name: nameText(payee, "Name"),
    identifiers: [...all(payee, "ID"), ...all(payee, "GlobalID")]
      .map(identifier)
      .filter((i): i is Identifier => i !== null),
    legalId: identifier(one(payee, "SpecifiedLegalOrganization/ID")),
  };
}

function ciiTaxRepresentative(party: XNode | undefined): TaxRepresentativeParty | null {
  if (!party) return null;
  const registrations = all(party, "SpecifiedTaxRegistration/ID");
  return {
    name: nameText(party, "Name"),
    vatId: textOf(registrations.find((n) => attr(n, "schemeID") === "VA")),
    line1: text(party, "PostalTradeAddress/LineOne"),
    city: text(party, "PostalTradeAddress/CityName"),
    postalCode: text(party, "PostalTradeAddress/PostcodeCode"),
    country: text(party, "PostalTradeAddress/CountryID"),
  };
}

function ciiAllowance(node: XNode): Allowance {
  return {
    charge: text(node, "ChargeIndicator/Indicator")?.trim() === "true",
    amount: amount(node, "ActualAmount") ?? "",
    base: amount(node, "BasisAmount"),
    percentage: amount(node, "CalculationPercent"),
    reason: text(node, "Reason"),
    reasonCode: text(node, "ReasonCode"),
    category: text(node, "CategoryTradeTax/CategoryCode"),
    rate: amount(node, "CategoryTradeTax/RateApplicablePercent"),
  };
}

function ciiPeriod(node: XNode | undefined) {
  return node ? { start: ciiDate(one(node, "StartDateTime")), end: ciiDate(one(node, "EndDateTime")) } : null;
}

function ciiLine(item: XNode): Line {
  const agreement = one(item, "SpecifiedLineTradeAgreement");
  const settlement = one(item, "SpecifiedLineTradeSettlement");
  const quantity = one(item, "SpecifiedLineTradeDelivery/BilledQuantity");
  const gross = one(agreement, "GrossPriceProductTradePrice");
  return {
    id: text(item, "AssociatedDocumentLineDocument/LineID") ?? "",
    name: text(item, "SpecifiedTradeProduct/Name"),
    quantity: decimal(textOf(quantity)) ?? "",
    unitCode: attr(quantity, "unitCode"),
    net: amount(settlement, "SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount") ?? "",
    price: amount(agreement, "NetPriceProductTradePrice/ChargeAmount") ?? "",
    baseQuantity:
      amount(agreement, "NetPriceProductTradePrice/BasisQuantity") ?? amount(gross, "BasisQuantity"),
    grossPrice: amount(gross, "ChargeAmount"),
    priceDiscount: amount(gross, "AppliedTradeAllowanceCharge/ActualAmount"),
    category: text(settlement, "ApplicableTradeTax/CategoryCode"),
    rate: amount(settlement, "ApplicableTradeTax/RateApplicablePercent"),
    allowances: all(settlement, "SpecifiedTradeAllowanceCharge").map(ciiAllowance),
    period: ciiPeriod(one(settlement, "BillingSpecifiedPeriod")),
    subLines: [],
  };
}

function readCii(doc: XNode): SemanticDocument {
  const exchanged = one(doc, "ExchangedDocument");
  const transaction = one(doc, "SupplyChainTradeTransaction");
  const agreement = one(transaction, "ApplicableHeaderTradeAgreement");
  const delivery = one(transaction, "ApplicableHeaderTradeDelivery");
  const settlement = one(transaction, "ApplicableHeaderTradeSettlement");
  const summation = one(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation");
  const currency = text(settlement, "InvoiceCurrencyCode");
  const taxCurrency = text(settlement, "TaxCurrencyCode");
  const taxTotals = all(summation, "TaxTotalAmount");
  const taxTotal = taxTotals.find((n) => attr(n, "currencyID") === currency) ?? taxTotals[0];
  const otherTotal = taxCurrency
    ? taxTotals.find((n) => n !== taxTotal && attr(n, "currencyID") === taxCurrency)
    : undefined;
  const typeCode = text(exchanged, "TypeCode");
  const preceding = all(settlement, "InvoiceReferencedDocument").map((n) => ({
    number: text(n, "IssuerAssignedID") ?? "",
    issueDate: ciiDate(one(n, "FormattedIssueDateTime")),
  }));
  return {
    syntax: "cii",
    kind: typeCode === "381" ? "credit_note" : "invoice",
    customization: text(doc, "ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID"),
    typeCode,
    number: text(exchanged, "ID"),
    issueDate: ciiDate(one(exchanged, "IssueDateTime")),
    currency,
    taxCurrency,
    buyerReference: text(agreement, "BuyerReference"),
    purchaseOrder: text(agreement, "BuyerOrderReferencedDocument/IssuerAssignedID"),
    preceding,
    period: ciiPeriod(one(settlement, "BillingSpecifiedPeriod")),
    deliveryDate: ciiDate(one(delivery, "ActualDeliverySupplyChainEvent/OccurrenceDateTime")),
    seller: ciiParty(one(agreement, "SellerTradeParty")),
    buyer: ciiParty(one(agreement, "BuyerTradeParty")),
    hasPayee: one(settlement, "PayeeTradeParty") !== undefined,
    hasTaxRepresentative: one(agreement, "SellerTaxRepresentativeTradeParty") !== undefined,
    payee: ciiPayee(one(settlement, "PayeeTradeParty")),
    taxRepresentative: ciiTaxRepresentative(one(agreement, "SellerTaxRepresentativeTradeParty")),
    allowances: all(settlement, "SpecifiedTradeAllowanceCharge").map(ciiAllowance),
    totals: {
      lineTotal: amount(summation, "LineTotalAmount"),
      allowanceTotal: zeroIfAbsent(amount(summation, "AllowanceTotalAmount")),
      chargeTotal: zeroIfAbsent(amount(summation, "ChargeTotalAmount")),
      taxExclusive: amount(summation, "TaxBasisTotalAmount"),
      taxTotal: decimal(textOf(taxTotal)),
      taxTotalInTaxCurrency: decimal(textOf(otherTotal)),
      taxInclusive: amount(summation, "GrandTotalAmount"),
      prepaid: zeroIfAbsent(amount(summation, "TotalPrepaidAmount")),
      rounding: zeroIfAbsent(amount(summation, "RoundingAmount")),
      payable: amount(summation, "DuePayableAmount"),
    },
    breakdown: all(settlement, "ApplicableTradeTax").map((t) => ({
      category: text(t, "CategoryCode") ?? "",
      rate: amount(t, "RateApplicablePercent"),
      taxable: amount(t, "BasisAmount") ?? "",
      tax: amount(t, "CalculatedAmount") ?? "",
      exemptionReason: text(t, "ExemptionReason"),
      exemptionReasonCode: text(t, "ExemptionReasonCode"),
    })),
    lines: all(transaction, "IncludedSupplyChainTradeLineItem").map(ciiLine),
    hasPaymentMeans: one(settlement, "SpecifiedTradeSettlementPaymentMeans") !== undefined,
    ibans: all(
      settlement,
      "SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/IBANID",
    ).map((n) => textOf(n) ?? ""),
  };
}

// Mutated official examples for test/node/received-validation.test.ts: each a string edit of a
// valid corpus file that breaks named rules (a wrong total, a missing VAT id, a bad code, a
// missing buyer reference for XRechnung, ...). The official rules decide which rules each one
// breaks; the test holds the Worker's validation to the same verdict.

const XR_UBL = "xrechnung-testsuite/src/test/business-cases/standard/01.01a-INVOICE_ubl.xml";
const XR_CII = "xrechnung-testsuite/src/test/business-cases/standard/01.01a-INVOICE_uncefact.xml";
const PEPPOL_UBL = "cen-tc434/ubl/examples/BIS3_Invoice_positive.XML";
const EN_CII = "ferd-zugferd/2.3/EN16931_Einfach.xml";

export interface Mutation {
  name: string;
  /** The corpus file it edits, relative to test/einvoice-examples/. */
  base: string;
  edit: (xml: string) => string;
}

/** Replaces the first match of `pattern` (every match with `all`); throws when there is none. */
function replace(pattern: RegExp | string, replacement: string, all = false) {
  return (xml: string) => {
    const regex =
      typeof pattern === "string"
        ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), all ? "g" : "")
        : pattern;
    if (!regex.test(xml)) throw new Error(`mutation pattern not found: ${pattern}`);
    regex.lastIndex = 0;
    return xml.replace(regex, replacement);
  };
}

/** Applies edits in order. */
const edits =
  (...steps: ((xml: string) => string)[]) =>
  (xml: string) =>
    steps.reduce((text, step) => step(text), xml);

/** The part of a UBL document from its first invoice line on, edited alone. */
const inFirstLine = (edit: (xml: string) => string) => (xml: string) => {
  const at = xml.indexOf("<cac:InvoiceLine>");
  if (at < 0) throw new Error("no invoice line");
  return xml.slice(0, at) + edit(xml.slice(at));
};

/** The part of a CII document from its first trade line item on (the lines), edited alone. */
const inCiiLines = (edit: (xml: string) => string) => (xml: string) => {
  const at = xml.indexOf("<ram:IncludedSupplyChainTradeLineItem>");
  const end = xml.indexOf("<ram:ApplicableHeaderTradeAgreement>");
  return xml.slice(0, at) + edit(xml.slice(at, end)) + xml.slice(end);
};

const xrechnungUbl: Mutation[] = [
  [
    "wrong total with VAT",
    replace(
      '<cbc:TaxInclusiveAmount currencyID="EUR">336.9<',
      '<cbc:TaxInclusiveAmount currencyID="EUR">337.9<',
    ),
  ],
  [
    "wrong amount due",
    replace('<cbc:PayableAmount currencyID="EUR">336.9<', '<cbc:PayableAmount currencyID="EUR">300.00<'),
  ],
  [
    "wrong sum of line amounts",
    replace(
      '<cbc:LineExtensionAmount currencyID="EUR">314.86<',
      '<cbc:LineExtensionAmount currencyID="EUR">314.80<',
    ),
  ],
  ["missing buyer reference", replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, "")],
  ["missing seller VAT id", replace(/<cac:PartyTaxScheme>[\s\S]*?<\/cac:PartyTaxScheme>/, "")],
  ["bad currency code", replace("EUR", "EUX", true)],
  ["bad unit code", replace('unitCode="XPP"', 'unitCode="XPPQ"')],
  ["bad seller country code", replace("<cbc:IdentificationCode>DE<", "<cbc:IdentificationCode>XX<")],
  ["missing seller name", replace(/<cbc:RegistrationName>\[Seller name\]<\/cbc:RegistrationName>/, "")],
  [
    "wrong VAT amount in the breakdown",
    replace(
      /(<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="EUR">314.86<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="EUR">)22.04/,
      "$125.04",
    ),
  ],
  ["missing seller city", replace("<cbc:CityName>[Seller city]</cbc:CityName>", "")],
  [
    "missing seller post code",
    replace(
      /(<cbc:CityName>\[Seller city\]<\/cbc:CityName>\s*)<cbc:PostalZone>12345<\/cbc:PostalZone>/,
      "$1",
    ),
  ],
  ["missing seller contact phone", replace(/<cbc:Telephone>[^<]*<\/cbc:Telephone>/, "")],
  ["missing seller contact e-mail", replace(/<cbc:ElectronicMail>[^<]*<\/cbc:ElectronicMail>/, "")],
  ["missing seller contact", replace(/<cac:Contact>[\s\S]*?<\/cac:Contact>/, "")],
  ["missing payment instructions", replace(/<cac:PaymentMeans>[\s\S]*?<\/cac:PaymentMeans>/, "")],
  ["missing buyer city", replace("<cbc:CityName>[Buyer city]</cbc:CityName>", "")],
  [
    "missing buyer post code",
    replace(/(<cbc:CityName>\[Buyer city\]<\/cbc:CityName>\s*)<cbc:PostalZone>12345<\/cbc:PostalZone>/, "$1"),
  ],
  ["malformed Skonto line", replace("Zahlbar sofort ohne Abzug.", "#SKONTO#TAGE=14#PROZENT=2#")],
  [
    "missing buyer electronic address",
    replace(/<cbc:EndpointID schemeID="EM">buyer@info.de<\/cbc:EndpointID>/, ""),
  ],
  [
    "missing seller electronic address",
    replace(/<cbc:EndpointID schemeID="EM">seller@email.de<\/cbc:EndpointID>/, ""),
  ],
  ["missing business process", replace(/<cbc:ProfileID>[^<]*<\/cbc:ProfileID>/, "")],
  [
    "credit transfer without an account",
    replace(/<cac:PayeeFinancialAccount>[\s\S]*?<\/cac:PayeeFinancialAccount>/, ""),
  ],
  ["bad type code", replace("<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>999<")],
  ["bad note subject code", replace("#ADU#", "#QQQ#")],
  ["bad electronic address scheme", replace('schemeID="EM">buyer@info.de', 'schemeID="QQ">buyer@info.de')],
  ["missing specification identifier", replace(/<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/, "")],
  ["VAT breakdown without a rate", replace(/(<cac:TaxSubtotal>[\s\S]*?)<cbc:Percent>7<\/cbc:Percent>/, "$1")],
].map(([name, edit]) => ({ name: `XRechnung UBL: ${name}`, base: XR_UBL, edit })) as Mutation[];

const xrechnungCii: Mutation[] = [
  ["missing buyer reference", replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, "")],
  [
    "missing buyer post code",
    replace(/<ram:PostcodeCode>12345<\/ram:PostcodeCode>(\s*<ram:LineOne>\[Buyer)/, "$1"),
  ],
  ["wrong amount due", replace("<ram:DuePayableAmount>336.9<", "<ram:DuePayableAmount>330.00<")],
  ["bad note subject code", replace("<ram:SubjectCode>ADU<", "<ram:SubjectCode>QQQ<")],
].map(([name, edit]) => ({ name: `XRechnung CII: ${name}`, base: XR_CII, edit })) as Mutation[];

const peppolUbl: Mutation[] = [
  [
    "neither buyer reference nor order reference",
    edits(
      replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, ""),
      replace(/<cac:OrderReference>[\s\S]*?<\/cac:OrderReference>/, ""),
    ),
  ],
  [
    "two notes between non-German parties",
    replace("<cbc:Note>text</cbc:Note>", "<cbc:Note>text</cbc:Note><cbc:Note>more</cbc:Note>"),
  ],
  [
    "electronic address scheme outside Peppol's list",
    replace('<cbc:EndpointID schemeID="0184">DK12345678', '<cbc:EndpointID schemeID="EM">DK12345678'),
  ],
  [
    "line period before the invoice period",
    inFirstLine(replace("<cbc:StartDate>2018-09-01<", "<cbc:StartDate>2018-08-01<")),
  ],
  [
    "line period after the invoice period",
    inFirstLine(replace("<cbc:EndDate>2018-09-30<", "<cbc:EndDate>2018-10-30<")),
  ],
  [
    "line amount other than quantity x price",
    inFirstLine(
      replace('<cbc:InvoicedQuantity unitCode="KWH">1<', '<cbc:InvoicedQuantity unitCode="KWH">2<'),
    ),
  ],
  [
    "partial invoice between Danish parties",
    replace("<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>326<"),
  ],
  ["type code outside billing process 01", replace("<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>202<")],
  [
    "VAT id without a country prefix",
    replace("<cbc:CompanyID>DK12345678</cbc:CompanyID>", "<cbc:CompanyID>12345678</cbc:CompanyID>"),
  ],
  [
    "malformed business process",
    replace("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0", "urn:fdc:peppol.eu:2017:poacc:billing:1:1.0"),
  ],
  [
    "GLN with a wrong check digit",
    replace('<cbc:EndpointID schemeID="0184">DK12345678', '<cbc:EndpointID schemeID="0088">4000001123453'),
  ],
  [
    "exemption code on standard rate",
    replace(
      /(<cac:TaxSubtotal>[\s\S]*?<cbc:Percent>25<\/cbc:Percent>)/,
      "$1<cbc:TaxExemptionReasonCode>VATEX-EU-IC</cbc:TaxExemptionReasonCode>",
    ),
  ],
  [
    "wrong VAT total",
    replace(
      '<cbc:TaxAmount currencyID="DKK">156435.89</cbc:TaxAmount>\n    <cac:TaxSubtotal>',
      '<cbc:TaxAmount currencyID="DKK">156435.00</cbc:TaxAmount>\n    <cac:TaxSubtotal>',
    ),
  ],
  [
    "amount with three decimals",
    replace(
      '<cbc:PayableAmount currencyID="DKK">782179.43<',
      '<cbc:PayableAmount currencyID="DKK">782179.430<',
    ),
  ],
  ["issue date that is no day", replace("<cbc:IssueDate>2019-01-25<", "<cbc:IssueDate>2019-02-30<")],
  ["due date not written YYYY-MM-DD", replace("<cbc:DueDate>2019-02-24<", "<cbc:DueDate>24.02.2019<")],
  [
    "invoicing period ending before it starts",
    replace("<cbc:EndDate>2018-09-30<", "<cbc:EndDate>2018-08-30<"),
  ],
  [
    "negative net price",
    inFirstLine(replace(/<cbc:PriceAmount currencyID="DKK">/, '<cbc:PriceAmount currencyID="DKK">-')),
  ],
  [
    "missing line VAT category",
    inFirstLine(replace(/<cac:ClassifiedTaxCategory>[\s\S]*?<\/cac:ClassifiedTaxCategory>/, "")),
  ],
].map(([name, edit]) => ({ name: `Peppol UBL: ${name}`, base: PEPPOL_UBL, edit })) as Mutation[];

const en16931Cii: Mutation[] = [
  ["wrong grand total", replace("<ram:GrandTotalAmount>529.87<", "<ram:GrandTotalAmount>530.87<")],
  ["wrong VAT total", replace(">56.87</ram:TaxTotalAmount>", ">50.00</ram:TaxTotalAmount>")],
  [
    "missing seller VAT id and tax number",
    replace(
      /<ram:SpecifiedTaxRegistration>[\s\S]*?<\/ram:SpecifiedTaxRegistration>\s*<ram:SpecifiedTaxRegistration>[\s\S]*?<\/ram:SpecifiedTaxRegistration>/,
      "",
    ),
  ],
  ["bad currency code", replace("EUR", "EUX", true)],
  ["bad unit code", replace('unitCode="H87"', 'unitCode="QQQ"')],
  ["bad seller country code", replace("<ram:CountryID>DE<", "<ram:CountryID>QQ<")],
  ["missing seller name", replace("<ram:Name>Lieferant GmbH</ram:Name>", "")],
  ["wrong taxable amount in the breakdown", replace("<ram:BasisAmount>275.00<", "<ram:BasisAmount>270.00<")],
  ["bad line VAT category code", inCiiLines(replace("<ram:CategoryCode>S<", "<ram:CategoryCode>X<"))],
  [
    "line amount with three decimals",
    replace("<ram:LineTotalAmount>198.00<", "<ram:LineTotalAmount>198.001<"),
  ],
  ["bad type code", replace("<ram:TypeCode>380<", "<ram:TypeCode>999<")],
  ["missing item name", replace("<ram:Name>Joghurt Banane</ram:Name>", "")],
  [
    "negative net price",
    replace(/(<ram:NetPriceProductTradePrice>\s*<ram:ChargeAmount>)9.9000/, "$1-9.9000"),
  ],
  ["wrong amount due", replace("<ram:DuePayableAmount>529.87<", "<ram:DuePayableAmount>500.00<")],
  [
    "exemption reason on standard rate",
    replace(
      "<ram:BasisAmount>275.00</ram:BasisAmount>",
      "<ram:ExemptionReason>frei</ram:ExemptionReason><ram:BasisAmount>275.00</ram:BasisAmount>",
    ),
  ],
  [
    "seller identifier scheme outside ISO 6523",
    replace('<ram:GlobalID schemeID="0088">', '<ram:GlobalID schemeID="9999">'),
  ],
  ["missing buyer name", replace("<ram:Name>Kunden AG Mitte</ram:Name>", "")],
  [
    "missing buyer country",
    replace(/(<ram:CityName>Frankfurt<\/ram:CityName>\s*)<ram:CountryID>DE<\/ram:CountryID>/, "$1"),
  ],
  ["missing invoice number", replace(/(<rsm:ExchangedDocument>\s*)<ram:ID>[^<]*<\/ram:ID>/, "$1")],
  ["wrong sum of line amounts", replace("<ram:LineTotalAmount>473.00<", "<ram:LineTotalAmount>470.00<")],
  [
    "zero rate on a standard rated line",
    inCiiLines(replace("<ram:RateApplicablePercent>19.00<", "<ram:RateApplicablePercent>0<")),
  ],
].map(([name, edit]) => ({ name: `EN 16931 CII: ${name}`, base: EN_CII, edit })) as Mutation[];

/** An XRechnung with a document-level charge and allowance (both exempt, E). */
const XR_ADJUSTED = "xrechnung-testsuite/src/test/business-cases/standard/02.01a-INVOICE_ubl.xml";

const adjustments: Mutation[] = (
  [
    [
      "document allowance without reason or code",
      edits(
        replace("<cbc:AllowanceChargeReasonCode>102</cbc:AllowanceChargeReasonCode>", ""),
        replace("<cbc:AllowanceChargeReason>Fixed long term</cbc:AllowanceChargeReason>", ""),
      ),
    ],
    [
      "bad charge reason code",
      replace("<cbc:AllowanceChargeReasonCode>TAC<", "<cbc:AllowanceChargeReasonCode>QQQ<"),
    ],
    [
      "bad allowance reason code",
      replace("<cbc:AllowanceChargeReasonCode>102<", "<cbc:AllowanceChargeReasonCode>999<"),
    ],
    [
      "document charge with three decimals",
      replace(
        '<cbc:Amount currencyID="EUR">0</cbc:Amount>',
        '<cbc:Amount currencyID="EUR">0.000</cbc:Amount>',
      ),
    ],
  ] as const
).map(([name, edit]) => ({ name: `XRechnung UBL adjusted: ${name}`, base: XR_ADJUSTED, edit }));

export const MUTATIONS: readonly Mutation[] = [
  ...xrechnungUbl,
  ...xrechnungCii,
  ...peppolUbl,
  ...en16931Cii,
  ...adjustments,
];

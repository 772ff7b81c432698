// The EN 16931 view of a document: its business terms (BT/BG) as decimal text, the view the
// outgoing UBL and CII writers write and a received e-invoice is read into, and the identifiers of
// the rule sets (BT-23, BT-24) a document declares.
import type { TaxCategory } from "./types";

/**
 * The rule set a document declares (BT-24) and is held to: Peppol BIS Billing 3.0 (UBL only),
 * XRechnung 3.0 or EN 16931 alone. The view differs only where a CIUS asks for more (XRechnung:
 * a rate in each breakdown entry); the renderers write the identifiers.
 */
export type EProfile = "peppol" | "xrechnung" | "en16931";

/** BT-24 of Peppol BIS Billing 3.0, in UBL and CII alike. */
export const PEPPOL_SPECIFICATION_ID =
  "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
/** BT-24 of XRechnung 3.0, as KoSIT's rules expect it (BR-DE-21), in UBL and CII alike. */
export const XRECHNUNG_SPECIFICATION_ID =
  "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0";
/** BT-23, Peppol's billing process: Peppol BIS declares it, XRechnung too (PEPPOL-EN16931-R001, merged by KoSIT). */
export const PEPPOL_BILLING_PROCESS_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

export interface EAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postalCode: string | null;
  region: string | null;
  country: string;
}

export interface EParty {
  /** BT-27 / BT-44 */
  name: string;
  /** BT-28 */
  tradingName: string | null;
  address: EAddress;
  /** BT-31 / BT-48 */
  vatId: string | null;
  /** BT-32 */
  taxRegistrationId: string | null;
  /** BT-30 / BT-47 */
  companyId: string | null;
  /** BT-30-1 / BT-47-1: the ISO 6523 ICD scheme of the company id; null: none stated. */
  companyIdScheme: string | null;
  /** BT-29 (0..n) / BT-46: the party's identifiers in order, each's scheme null when none is stated. */
  identifiers: EIdentifier[];
  /** BT-34 / BT-49 */
  endpoint: { scheme: string; id: string } | null;
  /** BG-6 / BG-9: contact point (BT-41), phone, e-mail */
  contact: { name: string | null; email: string | null; phone: string | null } | null;
}

export interface EIdentifier {
  scheme: string | null;
  id: string;
}

/** BG-10: the payee, when it is not the seller. */
export interface EPayee {
  /** BT-59 */
  name: string;
  /** BT-60 */
  identifier: EIdentifier | null;
  /** BT-61, BT-61-1 */
  companyId: string | null;
  companyIdScheme: string | null;
}

/** BG-11: the seller's tax representative. */
export interface ETaxRepresentative {
  /** BT-62 */
  name: string;
  /** BT-63 */
  vatId: string;
  /** BG-12 */
  address: EAddress;
}

export interface ETax {
  /** null: the line has no tax rate (BR-CO-04 refuses it; readiness names it, the XML omits it). */
  category: TaxCategory | null;
  /** "19", "7.25"; null for category O (no rate). */
  percent: string | null;
}

export interface ELine {
  id: string;
  name: string;
  /** BT-129, decimal text */
  quantity: string;
  /** BT-130, UN/ECE Rec. 20 */
  unitCode: string;
  /** BT-146, decimal text (may have more decimals than the currency) */
  price: string;
  /** BT-131 */
  net: string;
  /** BG-27: the line's discount, or each of its several, net of VAT */
  allowances: ELineAdjustment[];
  /** BG-28: line charges */
  charges: ELineAdjustment[];
  /** BG-26 */
  period: { start: string; end: string } | null;
  /** BT-149, decimal text; null: 1, not written */
  baseQuantity: string | null;
  /** BT-148 and BT-147, decimal text; null: no gross price stated */
  grossPrice: string | null;
  priceDiscount: string | null;
  tax: ETax;
  /**
   * Sub-invoice lines (XRechnung extension BG-DEX-01), nested; empty: none. Only the XRechnung
   * UBL of an invoice writes them (`carriesSubLines`); every other document writes the line alone.
   */
  subLines: ESubLine[];
}

/** A sub-invoice line (BG-DEX-01): its id is its line's, dotted ("1.2.3"); the line's VAT (BR-DEX-03). */
export interface ESubLine
  extends Pick<ELine, "id" | "name" | "quantity" | "unitCode" | "price" | "net" | "baseQuantity" | "tax"> {
  subLines: ESubLine[];
}

/** BT-24 of an XRechnung using the extension (sub-invoice lines): the CIUS, conformant to KoSIT's extension. */
export const XRECHNUNG_EXTENSION_ID = `${XRECHNUNG_SPECIFICATION_ID}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`;

/**
 * Whether a document is written with its sub-invoice lines: XRechnung's extension defines them
 * for the UBL Invoice (cac:SubInvoiceLine) only; KoSIT does not support them in CII (BR-DEX-15),
 * and Peppol BIS and EN 16931 have none.
 */
export const carriesSubLines = (doc: EDocument, syntax: "ubl" | "cii", profile: EProfile) =>
  syntax === "ubl" &&
  profile === "xrechnung" &&
  doc.kind === "invoice" &&
  doc.lines.some((l) => l.subLines.length > 0);

/** A line allowance (BG-27) or charge (BG-28). */
export interface ELineAdjustment {
  /** BT-139 / BT-144 */
  reason: string | null;
  /** BT-140 (UNCL 5189) / BT-145 (UNCL 7161) */
  reasonCode: string | null;
  /** BT-136 / BT-141 */
  amount: string;
  /** BT-138 / BT-143 and BT-137 / BT-142, for a percentage */
  percent: string | null;
  base: string | null;
}

/** A document-level allowance (BG-20) or charge (BG-21). */
export interface EAllowance {
  /** BT-97 / BT-104; null when only a reason code is given. */
  reason: string | null;
  /** BT-98 / BT-105 */
  reasonCode: string | null;
  amount: string;
  /** BT-93 / BT-100 and BT-94 / BT-101, as decimal text; null when the amount was given. */
  base: string | null;
  percent: string | null;
  tax: ETax;
}

export interface ESubtotal {
  tax: ETax;
  taxable: string;
  amount: string;
  exemptionReason: string | null;
  exemptionCode: string | null;
}

export interface EDocument {
  /** The UBL root: a CreditNote for type code 381, else an Invoice. */
  kind: "invoice" | "credit_note";
  /** BT-3, UNCL 1001. */
  typeCode: string;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  /** BT-6 and BT-111: the VAT accounting currency and the VAT total in it. */
  taxCurrency: { code: string; taxTotal: string } | null;
  note: string | null;
  /**
   * BT-21, the note's subject code: AAI (general information) when the note holds a `#`, so no
   * `#...#` in it is read as a subject code (UBL writes BT-21 as a `#CODE#` prefix; BR-CL-08).
   */
  noteSubjectCode: string | null;
  buyerReference: string | null;
  purchaseOrder: string | null;
  period: { start: string; end: string } | null;
  deliveryDate: string | null;
  /** BT-80, given for intra-community supplies (BR-IC-12). */
  deliverToCountry: string | null;
  /** BG-3, in order (0..n). */
  preceding: readonly { number: string; issueDate: string | null }[];
  seller: EParty;
  buyer: EParty;
  /** BG-10, null when the seller is paid. */
  payee: EPayee | null;
  /** BG-11, null when the seller has none. */
  taxRepresentative: ETaxRepresentative | null;
  lines: ELine[];
  allowances: EAllowance[];
  charges: EAllowance[];
  subtotals: ESubtotal[];
  totals: {
    lineExtension: string;
    allowanceTotal: string;
    /** BT-108, written only when the document has charges. */
    chargeTotal: string | null;
    taxExclusive: string;
    taxTotal: string;
    taxInclusive: string;
    prepaid: string;
    rounding: string;
    payable: string;
  };
  paymentTerms: string | null;
  /** BG-16: 58 SEPA credit transfer, 30 credit transfer (with the seller's account), 1 not defined (credit notes). */
  paymentMeans: {
    code: "58" | "30" | "42" | "1";
    iban: string | null;
    accountName: string | null;
    bic: string | null;
    /** BT-83: the remittance reference the payer quotes (the invoice's payment_reference). */
    reference: string | null;
  } | null;
}

/** UNCL 4451 "AAI", general information: the subject of a free-text note. */
export const GENERAL_INFORMATION = "AAI";

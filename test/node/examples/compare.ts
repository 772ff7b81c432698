// Field-by-field comparison of an official example with the API's rebuild of it (both read by
// semantic.ts, in either syntax): each difference is one line "BT-x <what>: expected <original>,
// got <rebuilt>". Compared: the specification identifier BT-24, the document type and currency,
// every amount (totals BT-106..BT-115, each VAT breakdown BT-116..BT-121, each line's quantity,
// unit, net amount, price, base quantity, gross price, price discount, category, rate, period,
// allowances and charges, document allowances), the references BT-10, BT-13, BT-25 and BT-26, the periods
// and delivery date, the parties' names and identifiers. Not compared, because the API assigns
// them: the number BT-1, the issue date BT-2, the due date BT-9 and the line ids BT-126; nor the
// texts and details the API does not carry yet (notes, addresses, contacts, payment instructions).
import { LOCALES } from "../../../src/db/schema/identity";
import type { TaxCategory } from "../../../src/db/schema/tax-rates";
import { vatStatement } from "../../../src/lib/vat-statements";
import type {
  Allowance,
  Identifier,
  Party,
  PayeeParty,
  SemanticDocument,
  SubLine,
  TaxRepresentativeParty,
} from "./semantic";
import {
  PEPPOL_SPECIFICATION,
  type Supplied,
  ublProfileOf,
  XRECHNUNG_EXTENSION,
  XRECHNUNG_SPECIFICATION,
} from "./translate";

type Value = string | null | undefined;

function show(value: Value): string {
  return value === null || value === undefined ? "(none)" : JSON.stringify(value);
}

class Differences {
  readonly list: string[] = [];
  check(label: string, expected: Value, actual: Value) {
    if ((expected ?? null) !== (actual ?? null))
      this.list.push(`${label}: expected ${show(expected)}, got ${show(actual)}`);
  }
}

/**
 * A VAT id compared as the id it is: the API stores it without the spaces, dots and hyphens some
 * examples write ("NL8200.98.395.B.01" is NL820098395B01, the form VIES checks).
 */
const vatId = (value: string | null) => (value === null ? null : value.replace(/[\s.-]/g, "").toUpperCase());

/**
 * The VATEX code a category implies (CEF VATEX list): the API states it when the rate gives none
 * (src/lib/vat-statements.ts), and for these categories it says nothing the category does not.
 */
const IMPLIED_VATEX: Record<string, string> = {
  O: "VATEX-EU-O",
  AE: "VATEX-EU-AE",
  K: "VATEX-EU-IC",
  G: "VATEX-EU-G",
};

/** The statement the API states for a category when a rate gives no reason text, in any locale. */
const customaryStatements = (category: string): string[] =>
  LOCALES.flatMap(
    (locale) =>
      vatStatement(
        { category: category as TaxCategory, exemption_reason: null, exemption_reason_code: null },
        locale,
      )?.text ?? [],
  );

/**
 * The VAT accounting currency BT-6 where it says something: EN 16931 uses it "when the VAT
 * accounting currency code differs from the Invoice currency code" (BT-6, with BT-111 by BR-53), so
 * a document naming its own invoice currency there (CEN sample-discount-price.xml: EUR and EUR)
 * states what a document without one states. The API writes BT-6 only when it differs.
 */
const accountingCurrency = (doc: SemanticDocument) =>
  doc.taxCurrency === doc.currency ? null : doc.taxCurrency;

const id = (i: Identifier | null) => (i ? (i.scheme ? `${i.scheme}:${i.id}` : i.id) : null);
/**
 * A party's identifiers, sorted: EN 16931 gives their order no meaning (BT-29 is 0..n), and CII
 * writes those without a scheme (ram:ID) before the others (ram:GlobalID), as D16B orders them.
 */
const ids = (list: Identifier[]) =>
  list
    .map(id)
    .sort((a, b) => ((a ?? "") < (b ?? "") ? -1 : (a ?? "") > (b ?? "") ? 1 : 0))
    .join(", ") || null;

function compareParty(d: Differences, role: "seller" | "buyer", a: Party, b: Party, skipEndpoint: boolean) {
  const t =
    role === "seller"
      ? { name: "BT-27", vat: "BT-31", legal: "BT-30", ident: "BT-29", end: "BT-34" }
      : { name: "BT-44", vat: "BT-48", legal: "BT-47", ident: "BT-46", end: "BT-49" };
  d.check(`${t.name} ${role} name`, a.name, b.name);
  d.check(`${t.vat} ${role} VAT id`, vatId(a.vatId), vatId(b.vatId));
  if (role === "seller") d.check(`BT-32 seller tax registration`, a.taxRegistrationId, b.taxRegistrationId);
  d.check(`${t.legal} ${role} legal registration`, id(a.legalId), id(b.legalId));
  d.check(`${t.ident} ${role} identifiers`, ids(a.identifiers), ids(b.identifiers));
  if (!skipEndpoint) d.check(`${t.end} ${role} endpoint`, id(a.endpoint), id(b.endpoint));
}

function comparePayee(d: Differences, a: PayeeParty | null, b: PayeeParty | null) {
  d.check("BG-10 payee", a ? "present" : null, b ? "present" : null);
  if (!a || !b) return;
  d.check("BT-59 payee name", a.name, b.name);
  d.check("BT-60 payee identifiers", ids(a.identifiers), ids(b.identifiers));
  d.check("BT-61 payee legal registration", id(a.legalId), id(b.legalId));
}

function compareTaxRepresentative(
  d: Differences,
  a: TaxRepresentativeParty | null,
  b: TaxRepresentativeParty | null,
) {
  d.check("BG-11 seller tax representative", a ? "present" : null, b ? "present" : null);
  if (!a || !b) return;
  d.check("BT-62 tax representative name", a.name, b.name);
  d.check("BT-63 tax representative VAT id", a.vatId, b.vatId);
  d.check("BT-69 tax representative country", a.country, b.country);
}

function compareAllowances(d: Differences, label: string, a: Allowance[], b: Allowance[], withTax: boolean) {
  d.check(`${label} count`, String(a.length), String(b.length));
  a.forEach((x, i) => {
    const y = b[i];
    if (!y) return;
    const l = `${label} ${i + 1}`;
    d.check(`${l} charge indicator`, String(x.charge), String(y.charge));
    d.check(`${l} amount`, x.amount, y.amount);
    d.check(`${l} base amount`, x.base, y.base);
    d.check(`${l} percentage`, x.percentage, y.percentage);
    d.check(`${l} reason`, x.reason, y.reason);
    d.check(`${l} reason code`, x.reasonCode, y.reasonCode);
    if (withTax) {
      d.check(`${l} VAT category`, x.category, y.category);
      d.check(`${l} VAT rate`, x.rate, y.rate);
    }
  });
}

/** Allowances before charges, then by rate, amount and reason: an order both sides share. */
function canonicalOrder(list: readonly Allowance[]): Allowance[] {
  const key = (a: Allowance) =>
    [a.charge ? "1" : "0", a.category ?? "", a.rate ?? "", a.amount, a.reasonCode ?? "", a.reason ?? ""].join(
      "\u0000",
    );
  return [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The differences between an original and its rebuild; empty when it reproduces. */
export function compareDocuments(
  original: SemanticDocument,
  rebuilt: SemanticDocument,
  supplied: readonly Supplied[],
): string[] {
  const d = new Differences();
  // BT-24, the specification the document declares and is held to. Not for a Peppol BIS original
  // rebuilt in CII, nor one whose endpoints Peppol refuses (the API writes Peppol BIS in UBL only
  // and asks for the rest in EN 16931: translate.ts `ublProfileOf`).
  const peppol = original.customization === PEPPOL_SPECIFICATION;
  // The extension's sub-invoice lines exist in UBL only (KoSIT's CII does not support them,
  // BR-DEX-15): a rebuilt CII writes the lines alone and declares XRechnung itself.
  const extensionInCii = original.customization === XRECHNUNG_EXTENSION && rebuilt.syntax === "cii";
  if (!peppol || (ublProfileOf(original) === "peppol" && rebuilt.syntax === "ubl"))
    d.check(
      "BT-24 specification identifier",
      extensionInCii ? XRECHNUNG_SPECIFICATION : original.customization,
      rebuilt.customization,
    );
  d.check("BT-3 type code", original.typeCode, rebuilt.typeCode);
  d.check("BT-5 currency", original.currency, rebuilt.currency);
  d.check("BT-6 VAT accounting currency", accountingCurrency(original), accountingCurrency(rebuilt));
  if (!supplied.includes("buyer reference BT-10"))
    d.check("BT-10 buyer reference", original.buyerReference, rebuilt.buyerReference);
  d.check("BT-13 purchase order", original.purchaseOrder, rebuilt.purchaseOrder);
  d.check(
    "BT-25 preceding invoice",
    original.preceding.map((p) => p.number).join(", ") || null,
    rebuilt.preceding.map((p) => p.number).join(", ") || null,
  );
  d.check(
    "BT-26 preceding invoice issue date",
    original.preceding.map((p) => p.issueDate ?? "-").join(", ") || null,
    rebuilt.preceding.map((p) => p.issueDate ?? "-").join(", ") || null,
  );
  d.check("BT-73 period start", original.period?.start, rebuilt.period?.start);
  d.check("BT-74 period end", original.period?.end, rebuilt.period?.end);
  d.check("BT-72 delivery date", original.deliveryDate, rebuilt.deliveryDate);
  compareParty(d, "seller", original.seller, rebuilt.seller, supplied.includes("seller endpoint BT-34"));
  compareParty(d, "buyer", original.buyer, rebuilt.buyer, supplied.includes("buyer endpoint BT-49"));
  comparePayee(d, original.payee, rebuilt.payee);
  compareTaxRepresentative(d, original.taxRepresentative, rebuilt.taxRepresentative);

  const t = original.totals;
  const u = rebuilt.totals;
  d.check("BT-106 sum of line net amounts", t.lineTotal, u.lineTotal);
  d.check("BT-107 sum of allowances", t.allowanceTotal, u.allowanceTotal);
  d.check("BT-108 sum of charges", t.chargeTotal, u.chargeTotal);
  d.check("BT-109 total without VAT", t.taxExclusive, u.taxExclusive);
  // BT-110 is optional (0..1) and is the sum of the breakdown's VAT (BR-CO-14): an original without
  // it whose breakdown has no VAT states the total the rebuild writes as 0 (UBL requires one).
  const noVat = original.breakdown.every((b) => Number(b.tax) === 0);
  d.check("BT-110 VAT total", t.taxTotal ?? (noVat ? "0" : null), u.taxTotal);
  d.check("BT-111 VAT total in accounting currency", t.taxTotalInTaxCurrency, u.taxTotalInTaxCurrency);
  d.check("BT-112 total with VAT", t.taxInclusive, u.taxInclusive);
  d.check("BT-113 prepaid", t.prepaid, u.prepaid);
  d.check("BT-114 rounding", t.rounding, u.rounding);
  d.check("BT-115 amount due", t.payable, u.payable);

  // A breakdown of category O carries no rate: EN 16931 asks every breakdown for one "except if the
  // invoice is not subject to VAT" (BR-48), and category O has none (BR-O-05..07 forbid it on its
  // lines, allowances and charges). An original that writes 0 there and a rebuild that writes none
  // state the same breakdown.
  const key = (b: { category: string; rate: string | null }) =>
    `${b.category} ${b.category === "O" ? "-" : (b.rate ?? "-")}`;
  const rebuiltBreakdown = new Map(rebuilt.breakdown.map((b) => [key(b), b]));
  d.check(
    "BG-23 VAT breakdown",
    original.breakdown.map(key).sort().join(", "),
    rebuilt.breakdown.map(key).sort().join(", "),
  );
  for (const b of original.breakdown) {
    const r = rebuiltBreakdown.get(key(b));
    if (!r) continue;
    d.check(`BT-116 taxable amount (${key(b)})`, b.taxable, r.taxable);
    d.check(`BT-117 VAT amount (${key(b)})`, b.tax, r.tax);
    // An example that gives only the code (BT-121): the API states its category's statement as
    // the text too (src/lib/vat-statements.ts: the legal mention every output prints).
    const customary =
      b.exemptionReason === null &&
      b.exemptionReasonCode !== null &&
      r.exemptionReason !== null &&
      customaryStatements(b.category).includes(r.exemptionReason);
    if (!customary) d.check(`BT-120 exemption reason (${key(b)})`, b.exemptionReason, r.exemptionReason);
    const implied = b.exemptionReasonCode === null && r.exemptionReasonCode === IMPLIED_VATEX[b.category];
    if (!implied)
      d.check(`BT-121 exemption reason code (${key(b)})`, b.exemptionReasonCode, r.exemptionReasonCode);
  }

  // EN 16931 gives the order of document allowances and charges no meaning: both lists are
  // compared in one canonical order, every field exactly.
  compareAllowances(
    d,
    "BG-20/21 document allowance or charge",
    canonicalOrder(original.allowances),
    canonicalOrder(rebuilt.allowances),
    true,
  );

  d.check("BG-25 line count", String(original.lines.length), String(rebuilt.lines.length));
  original.lines.forEach((line, i) => {
    const r = rebuilt.lines[i];
    if (!r) return;
    const l = `line ${i + 1}`;
    d.check(`BT-129 ${l} quantity`, line.quantity, r.quantity);
    d.check(`BT-130 ${l} unit`, line.unitCode, r.unitCode);
    d.check(`BT-131 ${l} net amount`, line.net, r.net);
    d.check(`BT-146 ${l} net price`, line.price, r.price);
    d.check(`BT-149 ${l} base quantity`, line.baseQuantity ?? "1", r.baseQuantity ?? "1");
    d.check(`BT-148 ${l} gross price`, line.grossPrice, r.grossPrice);
    // A gross price without a price discount (CII may leave it out) has a discount of 0.
    if (line.grossPrice !== null || r.grossPrice !== null)
      d.check(`BT-147 ${l} price discount`, line.priceDiscount ?? "0", r.priceDiscount ?? "0");
    d.check(`BT-134 ${l} period start`, line.period?.start, r.period?.start);
    d.check(`BT-135 ${l} period end`, line.period?.end, r.period?.end);
    d.check(`BT-151 ${l} VAT category`, line.category, r.category);
    d.check(`BT-152 ${l} VAT rate`, line.rate, r.rate);
    d.check(`BT-153 ${l} item name`, line.name, r.name);
    // As at document level, the order of a line's allowances and charges has no meaning.
    compareAllowances(
      d,
      `BG-27/28 ${l} allowance or charge`,
      canonicalOrder(line.allowances),
      canonicalOrder(r.allowances),
      false,
    );
    if (original.syntax === "ubl" && rebuilt.syntax === "ubl")
      compareSubLines(d, l, line.subLines, r.subLines);
  });
  return d.list;
}

/** Sub-invoice lines (BG-DEX-01), level by level; their ids (BT-126) are the API's. */
function compareSubLines(d: Differences, label: string, a: readonly SubLine[], b: readonly SubLine[]) {
  d.check(`BG-DEX-01 ${label} sub-line count`, String(a.length), String(b.length));
  a.forEach((x, i) => {
    const y = b[i];
    if (!y) return;
    const l = `${label}.${i + 1}`;
    d.check(`BT-129 ${l} quantity`, x.quantity, y.quantity);
    d.check(`BT-130 ${l} unit`, x.unitCode, y.unitCode);
    d.check(`BT-131 ${l} net amount`, x.net, y.net);
    // A grouping sub-line without a price (KoSIT 04.04a) states one of its sum / quantity: the
    // API writes it (for quantity 1, its net amount).
    const price = x.price === "" && x.subLines.length > 0 && x.quantity === "1" ? x.net : x.price;
    d.check(`BT-146 ${l} net price`, price, y.price);
    d.check(`BT-149 ${l} base quantity`, x.baseQuantity ?? "1", y.baseQuantity ?? "1");
    d.check(`BT-151 ${l} VAT category`, x.category, y.category);
    d.check(`BT-152 ${l} VAT rate`, x.rate, y.rate);
    d.check(`BT-153 ${l} item name`, x.name, y.name);
    compareSubLines(d, l, x.subLines, y.subLines);
  });
}

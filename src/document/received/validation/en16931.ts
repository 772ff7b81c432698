// The EN 16931 business rules (CEN/TC 434 validation artefacts 1.3.16) on a received document's
// EN 16931 view: presence (BR-01..BR-65), the stated amounts against each other (BR-CO-*), the
// VAT categories (BR-S/Z/E/AE/IC/G/O/AF/AG/B-*), decimals (BR-DEC-*) and the code lists of the
// codes the view keeps (BR-CL-*). Each failure carries the official rule id. Amounts are compared
// as the rules compare them (exact decimals, their own rounding and tolerances); none is replaced.
import { ALLOWANCE_REASON_CODES, CHARGE_REASON_CODES } from "../../../lib/allowance-charge-codes";
import { EAS_CODES } from "../../../lib/eas";
import { ICD_CODES } from "../../../lib/icd";
import { UNIT_CODES } from "../../../lib/unit-codes";
import { VATEX_CODES } from "../../../lib/vatex";
import { TAX_CATEGORIES } from "../../types";
import type { ELineAdjustment, EParty, ReceivedDocument, ReceivedEInvoice, ReceivedTax } from "../types";
import {
  CII_COUNTRY_CODES,
  CII_NOTE_SUBJECT_CODES,
  CURRENCY_CODES,
  PAYMENT_MEANS_CODES,
  UBL_COUNTRY_CODES,
  UBL_CREDIT_NOTE_TYPE_CODES,
  UBL_INVOICE_TYPE_CODES,
  UBL_NOTE_SUBJECT_CODES,
} from "./code-lists";
import {
  abs,
  add,
  amountOrZero,
  compare,
  type Decimal,
  decimalsOf,
  equal,
  isZero,
  multiply,
  parseDecimal,
  round,
  round2,
  shift,
  subtract,
  sum,
  withinOne,
  ZERO,
} from "./decimal";
import type { Fail } from "./rules";

/** The VAT category codes of UNCL 5305 that EN 16931 knows (BR-CL-17, BR-CL-18): the model's. */
export const VAT_CATEGORY_CODES: ReadonlySet<string> = new Set(TAX_CATEGORIES);

/** BR-CL-01 in CII: the invoice and the credit note codes alike. */
export const CII_TYPE_CODES: ReadonlySet<string> = new Set([
  ...UBL_INVOICE_TYPE_CODES,
  ...UBL_CREDIT_NOTE_TYPE_CODES,
]);

/** BR-CO-09: a VAT id starts with a country code, or EL for Greece. */
export const VAT_PREFIXES = {
  ubl: new Set([...UBL_COUNTRY_CODES, "EL"]),
  cii: new Set([...CII_COUNTRY_CODES, "EL"]),
} as const;

export const present = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

const amount = amountOrZero;

/** Where a VAT category is stated: a line (BT-151), an allowance (BT-95) or a charge (BT-102). */
interface Taxed {
  where: "line" | "allowance" | "charge";
  tax: ReceivedTax;
  /** Its rate (BT-152, BT-96, BT-103), read once. */
  rate: Decimal | null;
  /** The amount it adds to its category's taxable amount: + line net, + charge, - allowance. */
  signed: Decimal;
}

function taxedItems(doc: ReceivedDocument): Taxed[] {
  return [
    ...doc.lines.map((l) => taxed("line", l.tax, amount(l.net))),
    ...doc.allowances.map((a) => taxed("allowance", a.tax, subtract(ZERO, amount(a.amount)))),
    ...doc.charges.map((c) => taxed("charge", c.tax, amount(c.amount))),
  ];
}

const taxed = (where: Taxed["where"], tax: ReceivedTax, signed: Decimal): Taxed => ({
  where,
  tax,
  rate: parseDecimal(tax.percent),
  signed,
});

/** The items of each category, in order. */
function byCategory(items: readonly Taxed[]): Map<string | null, Taxed[]> {
  const groups = new Map<string | null, Taxed[]>();
  for (const item of items) {
    const group = groups.get(item.tax.category);
    if (group) group.push(item);
    else groups.set(item.tax.category, [item]);
  }
  return groups;
}

/** The id each VAT category's rules carry: BR-S-*, BR-IC-* for K, BR-AF-* for L, BR-AG-* for M. */
const CATEGORY_RULE: Record<string, string> = {
  S: "S",
  Z: "Z",
  E: "E",
  AE: "AE",
  K: "IC",
  G: "G",
  O: "O",
  L: "AF",
  M: "AG",
};

/** What a VAT category asks of the parties, the rates and the breakdown. */
const CATEGORY_TERMS: Record<
  string,
  {
    /** -02..-04: the seller's (or its tax representative's) VAT id or tax registration, the buyer's ids. */
    parties: (doc: ReceivedDocument) => boolean;
    /** -05..-07: the rate a line, allowance or charge of the category states. */
    rate: (percent: Decimal | null) => boolean;
    /** -08: the taxable amount per rate within 1 (S, L, M), else per category exactly. */
    perRate: boolean;
    /** -10: an exemption reason or code is required (true) or refused (false). */
    exemption: boolean;
  }
> = (() => {
  const sellerTaxId = (doc: ReceivedDocument) =>
    present(doc.seller.vatId) ||
    present(doc.seller.taxRegistrationId) ||
    present(doc.taxRepresentative?.vatId);
  const sellerVatId = (doc: ReceivedDocument) =>
    present(doc.seller.vatId) || present(doc.taxRepresentative?.vatId);
  const positive = (p: Decimal | null) => p !== null && compare(p, ZERO) > 0;
  const zero = (p: Decimal | null) => p !== null && isZero(p);
  const nonNegative = (p: Decimal | null) => p !== null && compare(p, ZERO) >= 0;
  return {
    S: { parties: sellerTaxId, rate: positive, perRate: true, exemption: false },
    Z: { parties: sellerTaxId, rate: zero, perRate: false, exemption: false },
    E: { parties: sellerTaxId, rate: zero, perRate: false, exemption: true },
    AE: {
      parties: (doc) => sellerTaxId(doc) && (present(doc.buyer.vatId) || present(doc.buyer.companyId)),
      rate: zero,
      perRate: false,
      exemption: true,
    },
    K: {
      parties: (doc) => sellerVatId(doc) && present(doc.buyer.vatId),
      rate: zero,
      perRate: false,
      exemption: true,
    },
    G: { parties: sellerVatId, rate: zero, perRate: false, exemption: true },
    O: {
      parties: (doc) => !sellerVatId(doc) && !present(doc.buyer.vatId),
      rate: (p) => p === null,
      perRate: false,
      exemption: true,
    },
    L: { parties: sellerTaxId, rate: nonNegative, perRate: true, exemption: false },
    M: { parties: sellerTaxId, rate: nonNegative, perRate: true, exemption: false },
  };
})();

const WHERE_RULE = { line: ["02", "05"], allowance: ["03", "06"], charge: ["04", "07"] } as const;

function categoryRules(doc: ReceivedDocument, fail: Fail) {
  const items = taxedItems(doc);
  const groups = byCategory(items);
  for (const [category, terms] of Object.entries(CATEGORY_TERMS)) {
    const id = `BR-${CATEGORY_RULE[category]}`;
    const mine = groups.get(category) ?? [];
    const entries = doc.subtotals.filter((s) => s.tax.category === category);
    // -01: the category's items have a breakdown entry (one, for the categories without rates).
    const ok01 = terms.perRate
      ? mine.length > 0 === entries.length > 0
      : mine.length === 0 || entries.length === 1;
    if (!ok01)
      fail(`${id}-01`, `VAT category ${category} is stated but its VAT breakdown is not as required`);
    for (const where of ["line", "allowance", "charge"] as const) {
      const stated = mine.filter((item) => item.where === where);
      if (stated.length === 0) continue;
      const [partiesRule, rateRule] = WHERE_RULE[where];
      if (!terms.parties(doc))
        fail(
          `${id}-${partiesRule}`,
          `A ${where} of VAT category ${category} lacks the VAT identifiers the category requires, or states ones it refuses`,
        );
      if (stated.some((item) => !terms.rate(item.rate)))
        fail(
          `${id}-${rateRule}`,
          `A ${where} of VAT category ${category} states a VAT rate the category does not allow`,
        );
    }
    for (const entry of entries) {
      const taxable = amount(entry.taxable);
      if (terms.perRate) {
        const rate = entry.tax.percent;
        const percent = parseDecimal(rate);
        if (percent) {
          const atRate = mine.filter((item) => item.rate !== null && equal(item.rate, percent));
          if (atRate.length === 0 || !withinOne(taxable, sum(atRate.map((item) => item.signed))))
            fail(
              `${id}-08`,
              `The VAT breakdown of category ${category} at ${rate}% does not match its lines, allowances and charges`,
            );
        }
        const expected = percent ? round2(shift(multiply(abs(taxable), percent), 2)) : null;
        if (!expected || !withinOne(abs(amount(entry.amount)), expected))
          fail(`${id}-09`, `The VAT amount of category ${category} is not its taxable amount times its rate`);
      } else {
        if (doc.lines.length > 0 && !equal(taxable, sum(mine.map((item) => item.signed))))
          fail(
            `${id}-08`,
            `The VAT breakdown of category ${category} does not match its lines, allowances and charges`,
          );
        if (!isZero(amount(entry.amount)))
          fail(`${id}-09`, `The VAT amount of category ${category} must be 0`);
      }
      const exempt = present(entry.exemptionReason) || present(entry.exemptionCode);
      if (exempt !== terms.exemption)
        fail(
          `${id}-10`,
          terms.exemption
            ? `VAT category ${category} needs an exemption reason or code`
            : `VAT category ${category} takes no exemption reason`,
        );
    }
  }
  // Not subject to VAT (O) stands alone.
  if (doc.subtotals.some((s) => s.tax.category === "O")) {
    if (doc.subtotals.some((s) => s.tax.category !== "O"))
      fail("BR-O-11", "A document not subject to VAT (O) has no other VAT breakdown");
    if (doc.lines.some((l) => l.tax.category !== "O"))
      fail("BR-O-12", "A document not subject to VAT (O) has no line of another category");
    if (doc.allowances.some((a) => a.tax.category !== "O"))
      fail("BR-O-13", "A document not subject to VAT (O) has no allowance of another category");
    if (doc.charges.some((c) => c.tax.category !== "O"))
      fail("BR-O-14", "A document not subject to VAT (O) has no charge of another category");
  }
  const categories = new Set([
    ...items.map((i) => i.tax.category),
    ...doc.subtotals.map((s) => s.tax.category),
  ]);
  if (categories.has("B")) {
    const countries = [
      doc.seller.address.country,
      doc.buyer.address.country,
      doc.taxRepresentative?.address.country,
      doc.deliverToCountry,
    ];
    if (countries.some((c) => present(c) && c !== "IT"))
      fail("BR-B-01", "Split payment (B) is for domestic Italian invoices");
    if (categories.has("S"))
      fail("BR-B-02", "A document with split payment (B) has no standard rated (S) VAT");
  }
  if (doc.subtotals.some((s) => s.tax.category === "K")) {
    if (!present(doc.deliveryDate) && !doc.period)
      fail("BR-IC-11", "An intra-community supply (K) states the delivery date or the invoicing period");
    if (!present(doc.deliverToCountry))
      fail("BR-IC-12", "An intra-community supply (K) states the deliver-to country");
  }
}

/** BR-DEC-*: an amount with more than 2 decimals. */
function decimals(fail: Fail, rule: string, text: string | null | undefined, term: string) {
  if (present(text) && decimalsOf(text) > 2) fail(rule, `${term} has more than 2 decimals`);
}

function totalsRules(doc: ReceivedDocument, syntax: "ubl" | "cii", fail: Fail) {
  const t = doc.totals;
  for (const [rule, text, term] of [
    ["BR-12", t.lineExtension, "BT-106"],
    ["BR-13", t.taxExclusive, "BT-109"],
    ["BR-14", t.taxInclusive, "BT-112"],
    ["BR-15", t.payable, "BT-115"],
  ] as const) {
    if (!present(text)) fail(rule, `The document has no ${term}`);
  }
  const lineSum = round2(sum(doc.lines.map((l) => amount(l.net))));
  if (present(t.lineExtension) && !equal(amount(t.lineExtension), lineSum))
    fail("BR-CO-10", "Sum of line net amounts (BT-106) is not the sum of the lines' net amounts (BT-131)");
  const allowances = round2(sum(doc.allowances.map((a) => amount(a.amount))));
  if (present(t.allowanceTotal) ? !equal(amount(t.allowanceTotal), allowances) : doc.allowances.length > 0)
    fail("BR-CO-11", "Sum of allowances (BT-107) is not the sum of the document allowances (BT-92)");
  const charges = round2(sum(doc.charges.map((c) => amount(c.amount))));
  if (present(t.chargeTotal) ? !equal(amount(t.chargeTotal), charges) : doc.charges.length > 0)
    fail("BR-CO-12", "Sum of charges (BT-108) is not the sum of the document charges (BT-99)");
  const exclusive = round2(
    subtract(add(amount(t.lineExtension), amount(t.chargeTotal)), amount(t.allowanceTotal)),
  );
  if (!equal(amount(t.taxExclusive), exclusive))
    fail("BR-CO-13", "Total without VAT (BT-109) is not BT-106 - BT-107 + BT-108");
  if (
    doc.subtotals.length > 0 &&
    !equal(amount(t.taxTotal), round2(sum(doc.subtotals.map((s) => amount(s.amount)))))
  )
    fail("BR-CO-14", "Total VAT (BT-110) is not the sum of the breakdown's VAT amounts (BT-117)");
  // A CII may leave BT-110 out when there is no VAT (BT-112 = BT-109); a UBL states it once.
  const inclusive = amount(t.taxInclusive);
  const vatAdds = present(t.taxTotal)
    ? equal(inclusive, round2(add(amount(t.taxExclusive), amount(t.taxTotal))))
    : syntax === "cii" && equal(inclusive, amount(t.taxExclusive));
  if (!vatAdds) fail("BR-CO-15", "Total with VAT (BT-112) is not BT-109 + BT-110");
  const due = round2(subtract(amount(t.payable), amount(t.rounding)));
  if (!equal(due, round2(subtract(amount(t.taxInclusive), amount(t.prepaid)))))
    fail("BR-CO-16", "Amount due (BT-115) is not BT-112 - BT-113 + BT-114");
  if (doc.subtotals.length === 0) fail("BR-CO-18", "The document has no VAT breakdown (BG-23)");
  for (const entry of doc.subtotals) {
    const tax = amount(entry.amount);
    const percent = parseDecimal(entry.tax.percent);
    const ok =
      percent === null || isZero(round(percent))
        ? isZero(round(tax))
        : withinOne(abs(tax), round2(shift(multiply(abs(amount(entry.taxable)), percent), 2)));
    if (!ok)
      fail(
        "BR-CO-17",
        `The VAT amount at ${entry.tax.percent ?? "no"}% is not the taxable amount times the rate`,
      );
    if (!present(entry.taxable)) fail("BR-45", "A VAT breakdown has no taxable amount (BT-116)");
    if (!present(entry.amount)) fail("BR-46", "A VAT breakdown has no VAT amount (BT-117)");
    if (!entry.tax.category) fail("BR-47", "A VAT breakdown has no VAT category (BT-118)");
    if (entry.tax.percent === null && entry.tax.category !== "O")
      fail("BR-48", "A VAT breakdown has no VAT rate (BT-119)");
    decimals(fail, "BR-DEC-19", entry.taxable, "A VAT category taxable amount (BT-116)");
    decimals(fail, "BR-DEC-20", entry.amount, "A VAT category tax amount (BT-117)");
  }
  for (const [rule, text, term] of [
    ["BR-DEC-09", t.lineExtension, "BT-106"],
    ["BR-DEC-10", t.allowanceTotal, "BT-107"],
    ["BR-DEC-11", t.chargeTotal, "BT-108"],
    ["BR-DEC-12", t.taxExclusive, "BT-109"],
    ["BR-DEC-13", t.taxTotal, "BT-110"],
    ["BR-DEC-14", t.taxInclusive, "BT-112"],
    ["BR-DEC-15", doc.taxCurrency?.taxTotal, "BT-111"],
    ["BR-DEC-16", t.prepaid, "BT-113"],
    ["BR-DEC-17", t.rounding, "BT-114"],
    ["BR-DEC-18", t.payable, "BT-115"],
  ] as const) {
    decimals(fail, rule, text, term);
  }
}

/** The rules an allowance or charge is held to, by where it stands. */
interface AdjustmentRules {
  amount: string;
  /** The document's allowances and charges state a VAT category; a line's take the line's. */
  category?: string;
  reason: string;
  reasonOrCode: string;
  amountDecimals: string;
  baseDecimals: string;
}

/** BR-31..38, BR-41..44, BR-CO-21..24, BR-DEC-01/02/05/06/24/25/27/28. */
function adjustmentRules(
  list: readonly (ELineAdjustment & { tax?: ReceivedTax })[],
  what: keyof typeof ADJUSTMENT_RULES,
  fail: Fail,
) {
  const rules: AdjustmentRules = ADJUSTMENT_RULES[what];
  for (const a of list) {
    if (!present(a.amount)) fail(rules.amount, `A ${what} has no amount`);
    if (rules.category && !a.tax?.category) fail(rules.category, `A ${what} has no VAT category`);
    if (!present(a.reason) && !present(a.reasonCode)) {
      fail(rules.reason, `A ${what} has neither a reason nor a reason code`);
      fail(rules.reasonOrCode, `A ${what} has neither a reason nor a reason code`);
    }
    decimals(fail, rules.amountDecimals, a.amount, `A ${what} amount`);
    decimals(fail, rules.baseDecimals, a.base, `A ${what} base amount`);
  }
}

/** Which rules each kind of allowance or charge answers to. */
const ADJUSTMENT_RULES = {
  "document allowance": {
    amount: "BR-31",
    category: "BR-32",
    reason: "BR-33",
    reasonOrCode: "BR-CO-21",
    amountDecimals: "BR-DEC-01",
    baseDecimals: "BR-DEC-02",
  },
  "document charge": {
    amount: "BR-36",
    category: "BR-37",
    reason: "BR-38",
    reasonOrCode: "BR-CO-22",
    amountDecimals: "BR-DEC-05",
    baseDecimals: "BR-DEC-06",
  },
  "line allowance": {
    amount: "BR-41",
    reason: "BR-42",
    reasonOrCode: "BR-CO-23",
    amountDecimals: "BR-DEC-24",
    baseDecimals: "BR-DEC-25",
  },
  "line charge": {
    amount: "BR-43",
    reason: "BR-44",
    reasonOrCode: "BR-CO-24",
    amountDecimals: "BR-DEC-27",
    baseDecimals: "BR-DEC-28",
  },
} as const satisfies Record<string, AdjustmentRules>;

function documentAdjustmentRules(doc: ReceivedDocument, fail: Fail) {
  adjustmentRules(doc.allowances, "document allowance", fail);
  adjustmentRules(doc.charges, "document charge", fail);
}

function lineRules(doc: ReceivedDocument, fail: Fail) {
  if (doc.lines.length === 0) fail("BR-16", "The document has no line (BG-25)");
  for (const line of doc.lines) {
    if (!present(line.id)) fail("BR-21", "A line has no identifier (BT-126)");
    if (!present(line.quantity)) fail("BR-22", `Line ${line.id} has no quantity (BT-129)`);
    if (!present(line.unitCode)) fail("BR-23", `Line ${line.id} has no unit of measure (BT-130)`);
    if (!present(line.net)) fail("BR-24", `Line ${line.id} has no net amount (BT-131)`);
    if (!present(line.name)) fail("BR-25", `Line ${line.id} has no item name (BT-153)`);
    const price = parseDecimal(line.price);
    if (!present(line.price)) fail("BR-26", `Line ${line.id} has no net price (BT-146)`);
    if (!price || price.units < 0n) fail("BR-27", `Line ${line.id}: the net price (BT-146) is negative`);
    const gross = parseDecimal(line.grossPrice);
    if (gross && gross.units < 0n) fail("BR-28", `Line ${line.id}: the gross price (BT-148) is negative`);
    if (!line.tax.category) fail("BR-CO-04", `Line ${line.id} has no VAT category (BT-151)`);
    decimals(fail, "BR-DEC-23", line.net, `Line ${line.id}'s net amount (BT-131)`);
    if (line.period) {
      if (!present(line.period.start) && !present(line.period.end))
        fail("BR-CO-20", `Line ${line.id}'s period has neither start nor end`);
      else if (present(line.period.start) && present(line.period.end) && line.period.end < line.period.start)
        fail("BR-30", `Line ${line.id}'s period ends before it starts`);
    }
    adjustmentRules(line.allowances, "line allowance", fail);
    adjustmentRules(line.charges, "line charge", fail);
  }
}

function partyRules(doc: ReceivedDocument, fail: Fail) {
  const { seller, buyer } = doc;
  if (!present(seller.name)) fail("BR-06", "The seller's name (BT-27) is missing");
  if (!present(buyer.name)) fail("BR-07", "The buyer's name (BT-44) is missing");
  if (!present(seller.address.country)) fail("BR-09", "The seller's country (BT-40) is missing");
  if (!present(buyer.address.country)) fail("BR-11", "The buyer's country (BT-55) is missing");
  if (seller.endpoint && !present(seller.endpoint.scheme))
    fail("BR-62", "The seller's electronic address (BT-34) has no scheme");
  if (buyer.endpoint && !present(buyer.endpoint.scheme))
    fail("BR-63", "The buyer's electronic address (BT-49) has no scheme");
  const identified =
    present(seller.vatId) ||
    present(seller.companyId) ||
    seller.identifiers.some((i) => present(i.id) && i.scheme !== "SEPA");
  if (!identified)
    fail("BR-CO-26", "The seller states no identifier, legal registration or VAT id (BT-29, BT-30, BT-31)");
  const payee = doc.payee;
  if (payee && !present(payee.name)) fail("BR-17", "The payee (BG-10) has no name (BT-59)");
  const representative = doc.taxRepresentative;
  if (representative) {
    if (!present(representative.name)) fail("BR-18", "The seller's tax representative has no name (BT-62)");
    if (!present(representative.address.country))
      fail("BR-20", "The tax representative's address has no country (BT-69)");
    if (!present(representative.vatId))
      fail("BR-56", "The seller's tax representative has no VAT id (BT-63)");
  }
}

function documentRules(doc: ReceivedDocument, fail: Fail) {
  if (!present(doc.customizationId)) fail("BR-01", "The document has no specification identifier (BT-24)");
  if (!present(doc.number)) fail("BR-02", "The document has no number (BT-1)");
  if (!present(doc.issueDate)) fail("BR-03", "The document has no issue date (BT-2)");
  if (!present(doc.typeCode)) fail("BR-04", "The document has no type code (BT-3)");
  if (!present(doc.currency)) fail("BR-05", "The document has no currency (BT-5)");
  // BT-111 in the document's own currency is BT-110.
  const inTaxCurrency =
    doc.taxCurrency?.code === doc.currency ? doc.totals.taxTotal : doc.taxCurrency?.taxTotal;
  if (doc.taxCurrency && !present(inTaxCurrency))
    fail("BR-53", "A VAT accounting currency (BT-6) is stated without the VAT total in it (BT-111)");
  if (doc.period) {
    if (!present(doc.period.start) && !present(doc.period.end))
      fail("BR-CO-19", "The invoicing period has neither start nor end");
    else if (present(doc.period.start) && present(doc.period.end) && doc.period.end < doc.period.start)
      fail("BR-29", "The invoicing period ends before it starts");
  }
  for (const preceding of doc.preceding) {
    if (!present(preceding.number))
      fail("BR-55", "A preceding invoice reference (BG-3) has no number (BT-25)");
  }
  const means = doc.paymentMeans;
  if (means) {
    if (!present(means.code))
      fail("BR-49", "A payment instruction (BG-16) has no payment means code (BT-81)");
    if ((means.code === "30" || means.code === "58") && !present(means.iban))
      fail("BR-61", "A credit transfer (BT-81 30 or 58) states the payment account (BT-84)");
  }
}

function codeListRules(received: ReceivedEInvoice, fail: Fail) {
  const doc = received.document;
  const ubl = received.syntax === "ubl";
  const typeCodes = ubl
    ? doc.kind === "credit_note"
      ? UBL_CREDIT_NOTE_TYPE_CODES
      : UBL_INVOICE_TYPE_CODES
    : CII_TYPE_CODES;
  const listed = (list: ReadonlySet<string>, code: string | null | undefined) =>
    !present(code) || list.has(code.trim());
  if (!listed(typeCodes, doc.typeCode))
    fail("BR-CL-01", `Type code ${doc.typeCode} is not in UNTDID 1001 for this document`);
  // The amounts are stated in the document's currency (and BT-111 in the VAT accounting one).
  const currencies = [doc.currency, doc.taxCurrency?.code];
  if (currencies.some((c) => !listed(CURRENCY_CODES, c)))
    fail("BR-CL-03", "An amount's currency is not an ISO 4217 code");
  if (!listed(CURRENCY_CODES, doc.currency))
    fail("BR-CL-04", `Currency ${doc.currency} is not an ISO 4217 code`);
  if (doc.taxCurrency && !listed(CURRENCY_CODES, doc.taxCurrency.code))
    fail("BR-CL-05", `VAT accounting currency ${doc.taxCurrency.code} is not an ISO 4217 code`);
  const subjects = ubl ? UBL_NOTE_SUBJECT_CODES : CII_NOTE_SUBJECT_CODES;
  if (doc.notes.some((n) => !listed(subjects, n.subjectCode)))
    fail("BR-CL-08", "A note's subject code is not in UNCL 4451");
  const parties: EParty[] = [doc.seller, doc.buyer];
  // The UBL rule takes SEPA (a bank assigned creditor identifier, BT-90) from the seller and the
  // payee beside the ICD codes.
  const schemes = (identifiers: readonly { scheme: string | null }[], sepa: boolean) =>
    identifiers.flatMap((i) => (present(i.scheme) && !(sepa && i.scheme === "SEPA") ? [i.scheme] : []));
  const identifierSchemes = [
    ...schemes(doc.seller.identifiers, ubl),
    ...schemes(doc.buyer.identifiers, false),
    ...schemes(doc.payee?.identifier ? [doc.payee.identifier] : [], ubl),
  ];
  if (identifierSchemes.some((scheme) => !ICD_CODES.has(scheme)))
    fail("BR-CL-10", "An identifier's scheme is not in the ISO 6523 ICD list");
  const registrationSchemes = [...parties.map((p) => p.companyIdScheme), doc.payee?.companyIdScheme];
  if (registrationSchemes.some((s) => present(s) && !ICD_CODES.has(s)))
    fail("BR-CL-11", "A legal registration's scheme is not in the ISO 6523 ICD list");
  const countries = ubl ? UBL_COUNTRY_CODES : CII_COUNTRY_CODES;
  const stated = [
    doc.seller.address.country,
    doc.buyer.address.country,
    doc.taxRepresentative?.address.country,
    doc.deliverToCountry,
  ];
  if (stated.some((c) => !listed(countries, c))) fail("BR-CL-14", "A country code is not in ISO 3166-1");
  if (doc.paymentMeans && !listed(PAYMENT_MEANS_CODES, doc.paymentMeans.code))
    fail("BR-CL-16", `Payment means code ${doc.paymentMeans.code} is not in UNCL 4461`);
  const documentCategories = [...doc.subtotals, ...doc.allowances, ...doc.charges].map((x) => x.tax.category);
  if (documentCategories.some((c) => !listed(VAT_CATEGORY_CODES, c)))
    fail("BR-CL-17", "A VAT category code is not in UNCL 5305");
  if (doc.lines.some((l) => !listed(VAT_CATEGORY_CODES, l.tax.category)))
    fail("BR-CL-18", "A line's VAT category code is not in UNCL 5305");
  const allowanceCodes = [...doc.allowances, ...doc.lines.flatMap((l) => l.allowances)].map(
    (a) => a.reasonCode,
  );
  if (allowanceCodes.some((c) => !listed(ALLOWANCE_REASON_CODES, c)))
    fail("BR-CL-19", "An allowance reason code is not in UNCL 5189");
  const chargeCodes = [...doc.charges, ...doc.lines.flatMap((l) => l.charges)].map((c) => c.reasonCode);
  if (chargeCodes.some((c) => !listed(CHARGE_REASON_CODES, c)))
    fail("BR-CL-20", "A charge reason code is not in UNCL 7161");
  // Read in upper case, as the rule reads it.
  if (doc.subtotals.some((s) => !listed(VATEX_CODES, s.exemptionCode?.toUpperCase())))
    fail("BR-CL-22", "An exemption reason code is not in the VATEX list");
  if (doc.lines.some((l) => !listed(UNIT_CODES, l.unitCode)))
    fail("BR-CL-23", "A unit code is not in UN/ECE Recommendation 20/21");
  if (parties.some((p) => p.endpoint && present(p.endpoint.scheme) && !EAS_CODES.has(p.endpoint.scheme)))
    fail("BR-CL-25", "An electronic address scheme is not in the CEF EAS list");
  const prefixes = VAT_PREFIXES[received.syntax];
  const vatIds = [doc.seller.vatId, doc.buyer.vatId, doc.taxRepresentative?.vatId];
  if (vatIds.some((v) => present(v) && !prefixes.has(v.slice(0, 2))))
    fail("BR-CO-09", "A VAT id does not start with a country prefix");
}

/** Every EN 16931 rule the view can be held to, in the order of the rule files. */
export function en16931Rules(received: ReceivedEInvoice, fail: Fail) {
  const doc = received.document;
  documentRules(doc, fail);
  partyRules(doc, fail);
  lineRules(doc, fail);
  documentAdjustmentRules(doc, fail);
  totalsRules(doc, received.syntax, fail);
  categoryRules(doc, fail);
  codeListRules(received, fail);
}

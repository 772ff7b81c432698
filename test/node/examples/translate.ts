// Turns an official example (read by semantic.ts) into the API requests that rebuild it: the
// organization profile, its tax rates, the customer and the invoice. What the API cannot express
// yet is named instead ("cannot express: <reason>"), one reason per missing capability, so the
// list of examples left out (test/einvoice-examples/NOT-EXPRESSIBLE.md) says what to build next.
import { TAX_CATEGORIES } from "../../../src/db/schema/tax-rates";
import { MAX_SUB_LINE_DEPTH, MAX_SUB_LINES } from "../../../src/lib/document-input";
import { ACCEPTED_EAS_SCHEMES, PEPPOL_EAS_CODES, peppolEndpointIdProblem } from "../../../src/lib/eas";
import { ICD_CODES } from "../../../src/lib/icd";
import {
  convertMinor,
  currencyExponent,
  decimalString,
  EXCHANGE_RATE_DECIMALS,
  exchangeRateText,
} from "../../../src/lib/money";
import { parseVatId } from "../../../src/lib/vat";
import { daysAfter, documentDay } from "../document-day";
import type { Allowance, Identifier, Line, Party, SemanticDocument, SubLine } from "./semantic";

/** A field the API needs but the example lacks: the translator fills it in, and the comparison
 * leaves that field out (it is the translator's, not the example's). */
export type Supplied = "seller endpoint BT-34" | "buyer endpoint BT-49" | "buyer reference BT-10";

export interface TaxRateRequest {
  key: string;
  body: Record<string, unknown>;
}

/**
 * A VAT id of the example that is malformed for its country (the API refuses it on input, on
 * purpose: src/lib/vat.ts) and the well-formed one of the same country the harness gives instead.
 */
export interface VatIdSubstitute {
  original: string;
  substitute: string;
}

export interface Plan {
  /** The example's malformed VAT ids and what stands for them; empty: none. */
  vatSubstitutes: VatIdSubstitute[];
  currency: string;
  organization: Record<string, unknown>;
  taxRates: TaxRateRequest[];
  customer: Record<string, unknown>;
  /** The invoice body, given the ids of the created tax rates (by key) and of the customer. */
  invoice: (rateIds: ReadonlyMap<string, string>, customerId: string) => Record<string, unknown>;
  supplied: Supplied[];
  /** The profile of the UBL download: the one the example declares (BT-24), Peppol BIS turned
   * into `en16931` where the example's endpoints are outside Peppol's EAS list (e.g. `EM`). */
  ublProfile: "peppol" | "en16931" | "xrechnung";
  /** The profile of the CII download: XRechnung where the example declares it, else EN 16931
   * (the API writes Peppol BIS in UBL only). */
  ciiProfile: "en16931" | "xrechnung";
}

export type Translation = { ok: true; plan: Plan } | { ok: false; reasons: string[] };

/** BT-24 of XRechnung 3.0 (the CIUS; its extension is `${XRECHNUNG}#conformant#...extension...`). */
export const XRECHNUNG_SPECIFICATION =
  "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0";
/** BT-24 of EN 16931 itself; every CIUS's begins with it. */
const EN16931_SPECIFICATION = "urn:cen.eu:en16931:2017";
/** BT-24 of Peppol BIS Billing 3.0. */
export const PEPPOL_SPECIFICATION =
  "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";

/** BT-24 of XRechnung 3.0's extension (KoSIT): the API declares it in a UBL with sub-invoice lines. */
export const XRECHNUNG_EXTENSION = `${XRECHNUNG_SPECIFICATION}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`;

/** Whether the example has sub-invoice lines (BG-DEX-01). */
export const hasSubLines = (doc: SemanticDocument) => doc.lines.some((line) => line.subLines.length > 0);

/** The profile the example declares (BT-24), as the API names it; the extension is XRechnung's. */
export function declaredProfileOf(doc: SemanticDocument): "peppol" | "en16931" | "xrechnung" {
  if (doc.customization === XRECHNUNG_SPECIFICATION || doc.customization === XRECHNUNG_EXTENSION)
    return "xrechnung";
  if (doc.customization === PEPPOL_SPECIFICATION) return "peppol";
  return "en16931";
}

/** Every identifier the example states with a scheme: endpoints, party identifiers, legal registrations. */
function schemedIdentifiers(doc: SemanticDocument): Identifier[] {
  const parties = [doc.seller, doc.buyer];
  return [
    ...parties.flatMap((party) => [party.endpoint, party.legalId, ...party.identifiers]),
    ...(doc.payee ? [doc.payee.legalId, ...doc.payee.identifiers] : []),
  ].filter((identifier): identifier is Identifier => Boolean(identifier?.scheme));
}

/** The profile the rebuilt UBL is asked in: the example's own, except where the example itself is
 * no Peppol BIS document: endpoints outside Peppol's EAS list (e.g. `EM`, PEPPOL-EN16931-CL008),
 * where EN 16931 alone takes any of the CEF list (docs/einvoicing.md), or identifiers in a format
 * Peppol refuses for their scheme (PEPPOL-COMMON-R040..R050, e.g. issue116.xml's Swedish
 * organisation numbers fail the Luhn check of R049), which EN 16931 alone does not check. */
export function ublProfileOf(doc: SemanticDocument): Plan["ublProfile"] {
  const declared = declaredProfileOf(doc);
  if (declared !== "peppol") return declared;
  const outsidePeppol =
    [doc.seller.endpoint, doc.buyer.endpoint].some(
      (endpoint) => endpoint?.scheme && !PEPPOL_EAS_CODES.has(endpoint.scheme),
    ) || schemedIdentifiers(doc).some(({ scheme, id }) => peppolEndpointIdProblem(scheme!, id) !== undefined);
  // Peppol BIS Billing has no self-billing, hire invoice or payment valuation (389, 387, 204:
  // PEPPOL-EN16931-P0100), and allows 326 and 384 only
  // between two German parties (P0112).
  const kindOutsidePeppol =
    doc.typeCode === "389" ||
    doc.typeCode === "387" ||
    doc.typeCode === "204" ||
    ((doc.typeCode === "326" || doc.typeCode === "384") &&
      !(doc.seller.country === "DE" && doc.buyer.country === "DE"));
  return outsidePeppol || kindOutsidePeppol ? "en16931" : "peppol";
}

/** The type codes an invoice may state (`type_code`); a credit note (381) is one of them. */
const TYPE_CODES = new Set(["380", "381", "384", "326", "389", "875", "876", "877", "387", "575", "204"]);

/** The Factur-X profiles other than EN 16931 that declare themselves EN 16931 compliant or conformant. */
const FACTURX_PROFILE = /#(?:compliant|conformant)#urn:factur-x\.eu:1p0:(basic|extended)$/;

/** Minor units of a decimal text amount in `currency`. */
function minorOf(amount: string, currency: string): bigint {
  const exponent = currencyExponent(currency);
  const [whole = "0", fraction = ""] = amount.replace("-", "").split(".");
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, "0") || "0");
  return amount.startsWith("-") ? -minor : minor;
}

/**
 * The exchange rate (x 10^10) that converts the example's VAT total (BT-110) into its VAT total in
 * the accounting currency (BT-111) exactly as the API rounds (half-up, once); null when none does.
 * The examples state no rate (EN 16931 has no business term for it): any rate that gives BT-111 is theirs.
 */
export function exchangeRateOf(doc: SemanticDocument): bigint | null {
  const { taxTotal, taxTotalInTaxCurrency } = doc.totals;
  if (!doc.currency || !doc.taxCurrency || taxTotal === null || taxTotalInTaxCurrency === null) return null;
  const from = minorOf(taxTotal, doc.currency);
  const to = minorOf(taxTotalInTaxCurrency, doc.taxCurrency);
  const scale = 10n ** BigInt(EXCHANGE_RATE_DECIMALS);
  if (from === 0n) return to === 0n ? scale : null;
  const shift = currencyExponent(doc.currency) - currencyExponent(doc.taxCurrency);
  const numerator = (to < 0n ? -to : to) * scale * 10n ** BigInt(Math.max(shift, 0));
  const denominator = (from < 0n ? -from : from) * 10n ** BigInt(Math.max(-shift, 0));
  const rate = (numerator * 2n + denominator) / (2n * denominator);
  return rate > 0n && convertMinor(from, doc.currency, rate, doc.taxCurrency) === to ? rate : null;
}

// The API's input limits (src/services/invoices/pricing/, src/lib/money.ts).
const MAX_ITEMS = 100;
const MAX_DISCOUNTS = 10;
const MAX_CHARGES = 10;
/** Cash-rounding increments an organization may set that the translator tries (BT-114). */
const CASH_ROUNDINGS = ["0.05", "0.1", "0.25", "0.5", "1"];
const QUANTITY_DECIMALS = 4;
const PRICE_DECIMALS = 6;
const MAX_LINE_CHARGES = 10;
const MAX_LINE_DISCOUNTS = 10;
/** Further seller identifiers the organization may state after its seller_identifier (BT-29). */
const MAX_ADDITIONAL_SELLER_IDENTIFIERS = 5;
/** An endpoint in a scheme without check digits, for parties the example gives none. */
const PLACEHOLDER_ENDPOINT = { scheme: "0060", id: "999999999" };
/** The account the seller's payment instructions use (payment means are not compared). */
const PLACEHOLDER_IBAN = "DE89370400440532013000";
const PLACEHOLDER_BIC = "COBADEFFXXX";

const decimals = (value: string) => (value.split(".")[1] ?? "").length;
const negative = (value: string) => value.startsWith("-");
const isZero = (value: string | null) => value === null || value === "0";
const rateKey = (category: string | null, rate: string | null) => `${category ?? "?"}:${rate ?? "0"}`;
const num = (value: string) => Number(value);

/**
 * The line amount the API computes (quantity x net price / base quantity, half away from zero to
 * the currency's minor unit), as a decimal of `exponent` digits: what a percentage's base must be.
 */
function apiLineAmount(line: Pick<Line, "quantity" | "price" | "baseQuantity">, exponent: number): string {
  const q = scaled(line.quantity, PRICE_DECIMALS);
  const p = scaled(line.price, PRICE_DECIMALS);
  const base = scaled(line.baseQuantity ?? "1", PRICE_DECIMALS);
  const unit = 10n ** BigInt(PRICE_DECIMALS - exponent);
  const numerator = q * p;
  const denominator = base * unit;
  const half = (n: bigint) => (n * 2n + denominator) / (2n * denominator);
  const minor = numerator < 0n ? -half(-numerator) : half(numerator);
  const text = (minor < 0n ? -minor : minor).toString().padStart(exponent + 1, "0");
  const body = exponent === 0 ? text : `${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
  return decimalOf(`${minor < 0n ? "-" : ""}${body}`);
}
/** As semantic.ts normalizes: no trailing zeros. */
const decimalOf = (value: string) => {
  const [whole = "0", fraction = ""] = value.split(".");
  const frac = fraction.replace(/0+$/, "");
  const body = frac ? `${whole}.${frac}` : whole;
  return body === "-0" ? "0" : body;
};

/**
 * The example's line amount before its allowances and charges (BT-131 - charges + allowances),
 * as decimal text.
 */
function exampleLineAmount(line: Line, exponent: number): bigint {
  const adjustments = line.allowances.reduce(
    (sum, a) => sum + (a.charge ? 1n : -1n) * scaled(a.amount || "0", exponent),
    0n,
  );
  return scaled(line.net, exponent) - adjustments;
}

/**
 * Whether some price that rounds to the example's net price BT-146 (at its decimals, at least the
 * currency's) gives the example's line amount: quantity x price / base quantity, half away from
 * zero. Such a line states its `amount` (the API checks the same, src/lib/money.ts; this is the
 * harness's own reckoning). With the true price in [p - u/2, p + u/2), u one unit of the price's
 * last decimal: does quantity x that range / base meet [amount - 1/2, amount + 1/2) minor units?
 */
function fitsRoundedPrice(line: Line, exponent: number): boolean {
  const amount = exampleLineAmount(line, exponent);
  const negative = line.quantity.startsWith("-");
  if (negative ? amount > 0n : amount < 0n) return false;
  // The API takes a stated amount only of a price shown with more decimals than the currency has.
  if (decimals(decimalOf(line.price)) <= exponent) return false;
  const d = Math.max(decimals(decimalOf(line.price)), exponent);
  const q = scaled(line.quantity.replace(/^-/, ""), QUANTITY_DECIMALS);
  const b = scaled(line.baseQuantity ?? "1", QUANTITY_DECIMALS);
  const p2 = 2n * scaled(line.price, d); // 2 x price x 10^d
  const a2 = 2n * (negative ? -amount : amount); // 2 x amount in minor units
  const e = 10n ** BigInt(exponent);
  const dd = 10n ** BigInt(d);
  return q * (p2 - 1n) * e < (a2 + 1n) * b * dd && (a2 - 1n) * b * dd < q * (p2 + 1n) * e;
}

/** The `amount` a line states: its own where the price alone does not give it. */
function statedAmount(line: Line, exponent: number): number | undefined {
  if (line.net === "" || line.quantity === "" || line.price === "") return undefined;
  const amount = exampleLineAmount(line, exponent);
  if (amount === scaled(apiLineAmount(line, exponent), exponent)) return undefined;
  return fitsRoundedPrice(line, exponent) ? Number(decimalOf(decimalText(amount, exponent))) : undefined;
}

/** The line amount the API takes a percentage of: the stated one, else quantity x price / base. */
function lineAmountOf(line: Line, exponent: number): string {
  const stated = statedAmount(line, exponent);
  return stated !== undefined ? decimalOf(String(stated)) : apiLineAmount(line, exponent);
}

const decimalText = (minor: bigint, exponent: number) => {
  const text = (minor < 0n ? -minor : minor).toString().padStart(exponent + 1, "0");
  const body = exponent === 0 ? text : `${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
  return `${minor < 0n ? "-" : ""}${body}`;
};

/**
 * Why the example's line net amount BT-131 is not the one EN 16931 defines, which the API computes
 * and no request states: quantity x net price / base quantity (BT-129 x BT-146 / BT-149), plus the
 * line charges, minus the line allowances (EN 16931-1, 6.4, "Invoice line net amount"), rounded to
 * the currency's minor unit (ISO 4217, src/lib/money.ts `currencyExponent`). Null when it is.
 * Some examples round the line amount to whole units of a currency of two decimals (the HUF example:
 * 64 l at 36109 per 100 l is 23109.76, written 23110); EN 16931 allows that many decimals (BR-DEC-23
 * allows up to 2) but defines no such rounding, so the API keeps the 2 decimals ISO 4217 gives HUF.
 * Others state an amount the price does not give (CEN guide example 3: 2 at 800 written 400), or
 * one a cent away from it (KoSIT 03.01a: 245 at 0.1973 written 48.33).
 */
function lineNetReason(line: Line, currency: string, exponent: number): string | null {
  if (line.net === "" || line.quantity === "" || line.price === "") return null;
  // A quantity, price or base quantity the API cannot take has its own reason (lineReasons).
  if (
    decimals(line.quantity) > QUANTITY_DECIMALS ||
    decimals(line.price) > PRICE_DECIMALS ||
    decimals(line.baseQuantity ?? "1") > QUANTITY_DECIMALS
  )
    return null;
  const adjustments = line.allowances.reduce(
    (sum, a) => sum + (a.charge ? 1n : -1n) * scaled(a.amount || "0", exponent),
    0n,
  );
  const stated = scaled(line.net, exponent);
  const amount = scaled(apiLineAmount(line, exponent), exponent);
  if (amount + adjustments === stated) return null;
  // A price billed with more decimals than it shows: the line states its amount.
  if (fitsRoundedPrice(line, exponent)) return null;
  // Several CEN CII examples write the net price again as its base quantity (CII example 8 and 9,
  // CII business example 01: "ChargeAmount 49, BasisQuantity 49") and the line amount as if the
  // base were 1.
  const unbased = scaled(apiLineAmount({ ...line, baseQuantity: null }, exponent), exponent);
  if (line.baseQuantity !== null && line.baseQuantity !== "1" && unbased + adjustments === stated)
    return "line net amount BT-131 of quantity x net price, not divided by the price base quantity BT-149";
  if (exponent > 0) {
    const unit = 10n ** BigInt(exponent);
    const whole = (((amount < 0n ? -amount : amount) * 2n + unit) / (2n * unit)) * unit;
    if ((amount < 0n ? -whole : whole) + adjustments === stated)
      return `line net amount BT-131 rounded to whole units of ${currency} (ISO 4217 gives it ${exponent} decimals, the API keeps them)`;
  }
  return "line net amount BT-131 other than quantity x net price / base quantity + line charges - line allowances";
}

/** Why the API cannot rebuild this line as it is; empty when it can. */
function lineReasons(line: Line, currency: string, exponent: number): string[] {
  const reasons: string[] = [];
  // The API's item descriptions are one line of text.
  if (line.name?.includes("\n")) reasons.push("item name BT-153 over several lines");
  if (isZero(line.quantity)) reasons.push("zero quantity");
  else if (decimals(line.quantity) > QUANTITY_DECIMALS) reasons.push("quantity with more than 4 decimals");
  if (negative(line.price)) reasons.push("negative price BT-146");
  else if (decimals(line.price) > PRICE_DECIMALS)
    reasons.push(`net price with more than ${PRICE_DECIMALS} decimals BT-146`);
  if (line.baseQuantity !== null && (negative(line.baseQuantity) || isZero(line.baseQuantity)))
    reasons.push("price base quantity BT-149 not above 0");
  else if (line.baseQuantity !== null && decimals(line.baseQuantity) > QUANTITY_DECIMALS)
    reasons.push("price base quantity BT-149 with more than 4 decimals");
  if (line.grossPrice !== null) {
    const gross = line.grossPrice;
    const cut = line.priceDiscount ?? "0";
    if (
      negative(gross) ||
      negative(cut) ||
      decimals(gross) > PRICE_DECIMALS ||
      decimals(cut) > PRICE_DECIMALS
    )
      reasons.push("gross price or price discount outside 0 and 6 decimals BT-147/BT-148");
    else if (
      scaled(gross, PRICE_DECIMALS) - scaled(cut, PRICE_DECIMALS) !==
      scaled(line.price, PRICE_DECIMALS)
    )
      reasons.push("net price other than gross price - price discount BT-146/BT-147/BT-148");
  } else if (!isZero(line.priceDiscount)) {
    reasons.push("price discount without gross price BT-147");
  }
  const charges = line.allowances.filter((a) => a.charge);
  const allowances = line.allowances.filter((a) => !a.charge);
  if (charges.length > MAX_LINE_CHARGES) reasons.push(`more than ${MAX_LINE_CHARGES} line charges`);
  if (allowances.length > MAX_LINE_DISCOUNTS) reasons.push(`more than ${MAX_LINE_DISCOUNTS} line allowances`);
  for (const a of line.allowances) {
    if (negative(a.amount)) reasons.push("negative line allowance or charge amount BT-136/BT-141");
    else if (decimals(a.amount) > exponent)
      reasons.push("line allowance or charge amount with more decimals than the currency");
    // The API states a base with a percentage, the amount computed from them (the line amount
    // when no base_amount is given).
    if (a.base !== null && a.percentage === null)
      reasons.push("line allowance or charge base without percentage BT-137/BT-142");
    else if (a.base !== null && !givenAsPercentage(a, exponent))
      reasons.push(
        "line allowance or charge amount other than base x percentage BT-136..BT-138/BT-141..BT-143",
      );
    if (a.base === null && a.percentage !== null)
      reasons.push("line allowance or charge percentage without base BT-138/BT-143");
    if (a.reason === null && a.reasonCode === null) reasons.push("line allowance or charge without reason");
  }
  if (negative(line.quantity) && line.allowances.length > 0)
    reasons.push("allowance or charge on a line with a negative quantity (the API takes them in its sign)");
  if (line.period && (!line.period.start || !line.period.end))
    reasons.push("line period with one date BG-26");
  // A return written as a positive quantity and price with a negative net amount (CEN example 1):
  // the API's net amount is quantity x price, so no request states it.
  if (negative(line.net) && !negative(line.quantity) && !negative(line.price) && line.allowances.length === 0)
    reasons.push("negative line net amount of a positive quantity and price BT-131");
  else {
    const reason = lineNetReason(line, currency, exponent);
    if (reason) reasons.push(reason);
  }
  if (line.subLines.length > 0) reasons.push(...subLineReasons(line, exponent));
  return reasons;
}

/** Why the API cannot state a line's sub-invoice lines (BG-DEX-01) as the example has them. */
function subLineReasons(line: Line, exponent: number): string[] {
  const reasons: string[] = [];
  if (line.allowances.length > 0 || line.grossPrice !== null)
    reasons.push("allowance, charge or gross price on a line with sub-invoice lines");
  let count = 0;
  // `depth`: the level of the parent's sub-lines (1: directly under the line).
  const walk = (parent: { net: string; subLines: SubLine[] }, depth: number) => {
    if (parent.subLines.length === 0) return;
    if (depth > MAX_SUB_LINE_DEPTH) reasons.push("sub-invoice lines nested deeper than 3 levels");
    const sum = parent.subLines.reduce((total, sub) => total + scaled(sub.net || "0", exponent), 0n);
    if (sum !== scaled(parent.net || "0", exponent))
      reasons.push("line net amount BT-131 other than the sum of its sub-invoice lines (BR-DEX-02)");
    for (const sub of parent.subLines) {
      count++;
      if (sub.adjusted) reasons.push("allowance, charge or gross price on a sub-invoice line");
      if (sub.price === "" && sub.subLines.length === 0) reasons.push("sub-invoice line without a price");
      // The API prices a grouping sub-line as quantity x price = the sum of its own (KoSIT 04.03a
      // groups under sub-lines that state no quantity).
      if (Number(sub.quantity) === 0) reasons.push("sub-invoice line without a quantity, or with 0");
      if (sub.name?.includes("\n")) reasons.push("item name BT-153 over several lines");
      if (sub.category !== line.category || sub.rate !== line.rate)
        reasons.push("sub-invoice line VAT other than its line's BG-DEX-06");
      if (decimals(sub.quantity) > QUANTITY_DECIMALS || decimals(sub.price) > PRICE_DECIMALS)
        reasons.push("sub-invoice line quantity or price with more decimals than the API takes");
      else if (sub.price !== "" && sub.subLines.length === 0 && apiLineAmount(sub, exponent) !== sub.net)
        reasons.push("sub-invoice line net amount BT-131 other than quantity x net price / base quantity");
      walk(sub, depth + 1);
    }
  };
  walk(line, 1);
  if (count > MAX_SUB_LINES) reasons.push("more than 200 sub-invoice lines");
  return reasons;
}

/** The sub_items of a line, as the API takes them. */
function subItemsOf(lines: readonly SubLine[]): Record<string, unknown>[] {
  return lines.map((sub) => ({
    description: sub.name ?? "Item",
    quantity: num(sub.quantity),
    unit_code: sub.unitCode ?? undefined,
    // A grouping sub-line may state no price (KoSIT 04.04a): the API derives it from the sum.
    ...(sub.price !== "" ? { unit_price: num(sub.price) } : {}),
    ...(sub.baseQuantity !== null && sub.baseQuantity !== "1"
      ? { base_quantity: num(sub.baseQuantity) }
      : {}),
    ...(sub.subLines.length > 0 ? { sub_items: subItemsOf(sub.subLines) } : {}),
  }));
}

/** A scheme the API takes: none, or an ISO 6523 ICD code (src/lib/icd.ts). */
const icdOrNone = (identifier: Identifier | null | undefined) =>
  !identifier?.scheme || ICD_CODES.has(identifier.scheme);

/** Why the API cannot state a party's identifiers (BT-29/BT-46/BT-60) and legal registration. */
function identifierReasons(
  identifiers: Identifier[],
  legalId: Identifier | null,
  terms: { who: string; ident: string; legal: string; more: number },
): string[] {
  const reasons: string[] = [];
  if (identifiers.length > 1 + terms.more)
    reasons.push(
      `several ${terms.who} identifiers ${terms.ident}${terms.more ? ` (more than ${1 + terms.more})` : ""}`,
    );
  if (!identifiers.every(icdOrNone))
    reasons.push(`${terms.who} identifier scheme outside ISO 6523 ${terms.ident}`);
  if (!icdOrNone(legalId))
    reasons.push(`${terms.who} legal registration scheme outside ISO 6523 ${terms.legal}`);
  return reasons;
}

function partyReasons(party: Party, role: "seller" | "buyer"): string[] {
  // The API takes the schemes of the EAS list (and Peppol's withdrawn ones it still reads).
  const endpoint =
    party.endpoint?.scheme && !ACCEPTED_EAS_SCHEMES.has(party.endpoint.scheme)
      ? [
          `${role} electronic address scheme outside the EAS list ${role === "seller" ? "BT-34-1" : "BT-49-1"}`,
        ]
      : [];
  return [...endpoint, ...identifierPartyReasons(party, role)];
}

function identifierPartyReasons(party: Party, role: "seller" | "buyer"): string[] {
  return role === "seller"
    ? identifierReasons(party.identifiers, party.legalId, {
        who: "seller",
        ident: "BT-29",
        legal: "BT-30-1",
        more: MAX_ADDITIONAL_SELLER_IDENTIFIERS,
      })
    : identifierReasons(party.identifiers, party.legalId, {
        who: "buyer",
        ident: "BT-46",
        legal: "BT-47-1",
        more: 0,
      });
}

/** An identifier as the API takes it: `{ scheme, id }`, null scheme when none is stated. */
const identifierBody = (identifier: Identifier | undefined) =>
  identifier ? { scheme: identifier.scheme, id: identifier.id } : null;

/** Exact decimal arithmetic on amounts as text, in units of 10^-scale. */
function scaled(value: string, scale: number): bigint {
  const [whole = "0", fraction = ""] = value.replace(/^-/, "").split(".");
  const units =
    BigInt(whole) * 10n ** BigInt(scale) + BigInt((fraction + "0".repeat(scale)).slice(0, scale) || "0");
  return value.startsWith("-") ? -units : units;
}

/** Whether any line has an allowance's VAT category and rate. */
const hasLinesAtRate = (doc: SemanticDocument, a: Allowance) =>
  doc.lines.some((line) => rateKey(line.category, line.rate) === rateKey(a.category, a.rate));

/** The sum of the line net amounts at an allowance's rate: the base the API states (BT-93/BT-100). */
function linesAtRate(doc: SemanticDocument, a: Allowance, exponent: number): bigint {
  return doc.lines
    .filter((l) => rateKey(l.category, l.rate) === rateKey(a.category, a.rate))
    .reduce((sum, l) => sum + scaled(l.net, exponent), 0n);
}

/** Whether any line at an allowance's rate takes something back (a correction line). */
const correctedAtRate = (doc: SemanticDocument, a: Allowance) =>
  doc.lines.some((l) => rateKey(l.category, l.rate) === rateKey(a.category, a.rate) && negative(l.net));

/**
 * Whether the API states the allowance in the sign of its rate's lines: a document allowance bound
 * to a rate whose lines sum below zero reverses the original's (the API takes its amount and base
 * as their magnitude and states them negative).
 */
const reversesCorrection = (doc: SemanticDocument, a: Allowance, exponent: number) =>
  !a.charge && a.category !== null && linesAtRate(doc, a, exponent) < 0n;

/** A decimal's magnitude. */
const unsigned = (value: string) => value.replace(/^-/, "");

/** Whether the API gives the allowance or charge as its percentage (with a base unless the base
 * is its rate's lines): amount = base x percentage / 100, half-up, as the API computes it. */
function givenAsPercentage(a: Allowance, exponent: number): boolean {
  if (a.percentage === null || a.base === null) return false;
  const product = scaled(a.base, exponent) * scaled(a.percentage, 4);
  const divisor = 1_000_000n;
  return scaled(a.amount, exponent) === (product * 2n + divisor) / (2n * divisor);
}

function allowanceReasons(doc: SemanticDocument, exponent: number): string[] {
  const reasons: string[] = [];
  const allowances = doc.allowances.filter((a) => !a.charge);
  const charges = doc.allowances.filter((a) => a.charge);
  if (allowances.length > MAX_DISCOUNTS) reasons.push(`more than ${MAX_DISCOUNTS} document allowances`);
  if (charges.length > MAX_CHARGES) reasons.push(`more than ${MAX_CHARGES} document charges`);
  for (const a of doc.allowances) {
    // The API's reasons are one line of text, as every description it takes.
    if (a.reason?.includes("\n")) reasons.push("allowance or charge reason BT-97/BT-104 over several lines");
    if (a.category === null) reasons.push("document allowance or charge without VAT category BT-95/BT-102");
    else if (!doc.breakdown.some((b) => rateKey(b.category, b.rate) === rateKey(a.category, a.rate)))
      reasons.push("document allowance or charge at a rate outside the VAT breakdown");
    // The API states a base and percentage together, the amount computed from them, or an amount
    // beside the base it was reckoned on (no percentage).
    if (a.percentage !== null && !givenAsPercentage(a, exponent))
      reasons.push("document allowance or charge amount other than base x percentage BT-92..BT-94");
    // Beside correction lines the API takes an allowance bound to a rate whose lines all bill, or
    // one whose lines sum below zero, which it states in their sign; a charge as given (>= 0).
    if (a.category === null) continue;
    const amount = scaled(a.amount, exponent);
    if (a.charge) {
      if (amount < 0n) reasons.push("negative document charge amount BT-99");
    } else if (reversesCorrection(doc, a, exponent)) {
      if (amount > 0n)
        reasons.push(
          "document allowance adding to a rate whose lines sum below zero BT-92 (the API states it in their sign)",
        );
    } else if (correctedAtRate(doc, a)) {
      reasons.push(
        "document allowance at a rate whose correction lines and billed lines sum to 0 or more BT-92",
      );
    } else if (amount < 0n)
      reasons.push("negative document allowance amount at a rate whose lines bill BT-92");
  }
  return reasons;
}

/**
 * How the API gives the example's rounding BT-114: the organization's cash rounding where one
 * gives it, else the invoice's `rounding_amount` as stated; or the reason neither can.
 */
function cashRoundingOf(
  doc: SemanticDocument,
  exponent: number,
): { increment: string | null } | { stated: string } | { reason: string } {
  const rounding = doc.totals.rounding;
  if (isZero(rounding)) return { increment: null };
  const inclusive = doc.totals.taxInclusive;
  if (inclusive === null) return { reason: "rounding BT-114 without a tax-inclusive total" };
  const due = scaled(inclusive, exponent) - scaled(doc.totals.prepaid, exponent);
  for (const increment of CASH_ROUNDINGS) {
    const step = scaled(increment, exponent);
    if (step === 0n) continue;
    const rounded = ((due * 2n + step) / (2n * step)) * step;
    if (rounded - due === scaled(rounding, exponent)) return { increment };
  }
  // A stated rounding is below one major unit (a currency without minor units: below 10).
  const limit = exponent === 0 ? 10n : 10n ** BigInt(exponent);
  const stated = scaled(rounding, exponent);
  if (stated >= limit || stated <= -limit) return { reason: "rounding BT-114 of one major unit or more" };
  return { stated: rounding };
}

/**
 * The VAT of the example's split-payment entries (category B, in minor units): the API states it
 * in BT-113 beside the invoice's own prepaid amount, so the request's prepaid amount is the rest.
 */
function splitPaymentOf(doc: SemanticDocument, exponent: number): bigint {
  return doc.breakdown.reduce((sum, b) => (b.category === "B" ? sum + scaled(b.tax, exponent) : sum), 0n);
}

/** The invoice's own prepaid amount: BT-113 less the split payment VAT the API adds to it. */
function ownPrepaid(doc: SemanticDocument, exponent: number): bigint {
  return scaled(doc.totals.prepaid, exponent) - splitPaymentOf(doc, exponent);
}

/** The reasons the API cannot rebuild this example, sorted; empty when it can. */
export function cannotExpress(doc: SemanticDocument): string[] {
  const reasons = new Set<string>();
  const add = (list: string[]) => {
    for (const r of list) reasons.add(r);
  };
  const currency = doc.currency ?? "";
  let exponent = 2;
  try {
    exponent = currencyExponent(currency);
  } catch {
    reasons.add(`currency ${currency}`);
  }
  // The API declares the extension exactly when a document has sub-invoice lines (the one part of
  // it the API offers): any other use of it (identifier schemes XR01..03, third-party payments) is not.
  if (doc.customization === XRECHNUNG_EXTENSION) {
    if (!hasSubLines(doc)) reasons.add("XRechnung extension BT-24 without sub-invoice lines");
  } else if (doc.customization?.startsWith(`${XRECHNUNG_SPECIFICATION}#conformant#`))
    reasons.add("XRechnung specification conformant to other than its 3.0 extension BT-24");
  else if (/kosit/.test(doc.customization ?? "") && doc.customization !== XRECHNUNG_SPECIFICATION)
    reasons.add("XRechnung version other than 3.0 BT-24");
  // Factur-X's BASIC (a subset of EN 16931) and EXTENDED (an extension) profiles: the API writes
  // the EN 16931 profile, which states the same business terms under its own identifier.
  else if (FACTURX_PROFILE.test(doc.customization ?? ""))
    reasons.add(
      `Factur-X profile ${FACTURX_PROFILE.exec(doc.customization ?? "")?.[1]?.toUpperCase()} BT-24`,
    );
  // A specification outside EN 16931 and its CIUS (CEN CII business example 02: ZUGFeRD 1.0
  // "comfort", whose documents the API does not write).
  else if (doc.customization !== null && !doc.customization.startsWith(EN16931_SPECIFICATION))
    reasons.add("specification identifier BT-24 outside EN 16931 and its CIUS");
  if (!TYPE_CODES.has(doc.typeCode ?? "")) reasons.add(`type code ${doc.typeCode}`);
  // A corrected invoice cites the one it corrects (the API asks for it; XRechnung's BR-DE-26 wants it):
  // FeRD's EN16931_Rechnungskorrektur names it in a note only.
  if (doc.typeCode === "384" && doc.preceding.length === 0)
    reasons.add("corrected invoice (384) without the invoice it corrects BT-25");
  const categories = new Set<string>([
    ...doc.lines.map((line) => line.category ?? ""),
    ...doc.breakdown.map((b) => b.category),
    ...doc.allowances.map((a) => a.category ?? ""),
  ]);
  for (const category of categories)
    if (category && !(TAX_CATEGORIES as readonly string[]).includes(category))
      reasons.add(`VAT category ${category} BT-118`);
  if (doc.taxCurrency && doc.taxCurrency !== doc.currency) {
    try {
      if (exchangeRateOf(doc) === null)
        reasons.add("VAT total in accounting currency no rate reproduces BT-111");
    } catch {
      reasons.add(`currency ${doc.taxCurrency}`);
    }
  }
  // An amount due below zero (KoSIT 03.01a: an energy bill whose advance payments exceed the
  // consumption) is a prepaid amount above the total, which the API takes: it owes the rest back;
  // so does a total below zero on a corrected invoice (384). Any other document below zero (CEN's
  // BIS3_Invoice_negativ: a 380 of one line of -1) the API refuses: a plain invoice keeps its total
  // at 0 or more (one negative line is 422 on its quantity), a credit note gives money back.
  if (doc.totals.taxInclusive !== null && negative(doc.totals.taxInclusive) && doc.typeCode !== "384")
    reasons.add("invoice total below zero BT-112 on other than a corrected invoice (384)");
  const cash = cashRoundingOf(doc, exponent);
  if ("reason" in cash) reasons.add(cash.reason);
  if (ownPrepaid(doc, exponent) < 0n)
    reasons.add(
      "prepaid amount BT-113 below the VAT of split payment BT-118 = B, which the API states in it",
    );
  const { taxInclusive, prepaid, rounding, payable } = doc.totals;
  // The API's amount due is always BT-112 - BT-113 + BT-114 (BR-CO-16); some examples' is not.
  if (
    taxInclusive !== null &&
    payable !== null &&
    scaled(taxInclusive, exponent) - scaled(prepaid, exponent) + scaled(rounding, exponent) !==
      scaled(payable, exponent)
  )
    reasons.add("amount due BT-115 other than BT-112 - BT-113 + BT-114");
  if (doc.payee) {
    if (!doc.payee.name) reasons.add("payee without a name BG-10");
    add(
      identifierReasons(doc.payee.identifiers, doc.payee.legalId, {
        who: "payee",
        ident: "BT-60",
        legal: "BT-61-1",
        more: 0,
      }),
    );
  }
  if (
    doc.taxRepresentative &&
    (!doc.taxRepresentative.name || !doc.taxRepresentative.vatId || !doc.taxRepresentative.country)
  )
    reasons.add("seller tax representative without name, VAT id or country BG-11");
  if (doc.period && (!doc.period.start || !doc.period.end)) reasons.add("invoice period with one date BG-14");
  if (doc.lines.length > MAX_ITEMS) reasons.add(`more than ${MAX_ITEMS} lines`);
  add(allowanceReasons(doc, exponent));
  add(partyReasons(doc.seller, "seller"));
  add(partyReasons(doc.buyer, "buyer"));
  for (const line of doc.lines) add(lineReasons(line, currency, exponent));
  for (const b of doc.breakdown) {
    if (b.exemptionReasonCode && !/^VATEX-[A-Z0-9-]+$/i.test(b.exemptionReasonCode))
      reasons.add("exemption reason code outside the VATEX list BT-121");
  }
  return [...reasons].sort();
}

/**
 * A line allowance or charge as the API takes it: its percentage when it states one (with its base
 * where that is not the line amount the API computes), else its amount.
 */
function lineAdjustment(line: Line, exponent: number) {
  return (a: Allowance) => ({
    ...(a.percentage !== null
      ? {
          percentage: a.percentage,
          ...(a.base !== null && a.base !== lineAmountOf(line, exponent) ? { base_amount: num(a.base) } : {}),
        }
      : { amount: num(a.amount) }),
    ...(a.reason !== null ? { description: a.reason } : {}),
    ...(a.reasonCode !== null ? { reason_code: a.reasonCode } : {}),
  });
}

/** A line's allowances: one as `discount` (as before several existed), more as `discounts`. */
function lineDiscounts(line: Line, exponent: number) {
  const allowances = line.allowances.filter((a) => !a.charge).map(lineAdjustment(line, exponent));
  return allowances.length > 1 ? { discounts: allowances } : { discount: allowances[0] };
}

/** The price terms of a line: the net price, or the gross price and price discount; its base quantity. */
function linePrice(line: Line, exponent: number) {
  const amount = statedAmount(line, exponent);
  return {
    ...(amount !== undefined ? { amount } : {}),
    ...(line.grossPrice !== null
      ? {
          gross_price: num(line.grossPrice),
          ...(line.priceDiscount !== null ? { price_discount: num(line.priceDiscount) } : {}),
        }
      : { unit_price: num(line.price) }),
    ...(line.baseQuantity !== null && line.baseQuantity !== "1"
      ? { base_quantity: num(line.baseQuantity) }
      : {}),
  };
}

/** The invoice's `discounts` and `charges` for the example's document allowances and charges. */
function adjustments(doc: SemanticDocument, rateIds: ReadonlyMap<string, string>, exponent: number) {
  const body = (a: Allowance) => {
    // One that reverses a correction's is given as its magnitude: the API states it in the lines' sign.
    const given = (value: string) => num(reversesCorrection(doc, a, exponent) ? unsigned(value) : value);
    return {
      description: a.reason,
      reason_code: a.reasonCode,
      tax_rate_id: rateIds.get(rateKey(a.category, a.rate)),
      ...(givenAsPercentage(a, exponent)
        ? {
            percentage: a.percentage,
            // The default base is the lines at the rate: give one only where the example's differs,
            // or where no line has the rate (the API then asks for it).
            ...(scaled(a.base ?? "0", exponent) === linesAtRate(doc, a, exponent) && hasLinesAtRate(doc, a)
              ? {}
              : { base_amount: given(a.base ?? "0") }),
          }
        : { amount: given(a.amount), ...(a.base !== null ? { base_amount: given(a.base) } : {}) }),
    };
  };
  const charges = doc.allowances.filter((a) => a.charge).map(body);
  return {
    discounts: doc.allowances.filter((a) => !a.charge).map(body),
    ...(charges.length > 0 ? { charges } : {}),
  };
}

/** The invoice's kind fields: its type code, the invoice it cites, its VAT accounting currency. */
function kindOf(doc: SemanticDocument): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (doc.typeCode && doc.typeCode !== "380") fields.type_code = doc.typeCode;
  const cite = (p: SemanticDocument["preceding"][number]) => ({ number: p.number, issue_date: p.issueDate });
  if (doc.preceding.length > 1) fields.preceding_invoices = doc.preceding.map(cite);
  else if (doc.preceding[0]) fields.preceding_invoice = cite(doc.preceding[0]);
  const rate = exchangeRateOf(doc);
  if (doc.taxCurrency && doc.taxCurrency !== doc.currency && rate !== null) {
    fields.tax_currency = doc.taxCurrency;
    // The examples state no rate, day or source (no business term holds them): these are the harness's.
    fields.exchange_rate = {
      rate: exchangeRateText(rate),
      date: doc.issueDate ?? "2020-01-01",
      source: "example",
    };
  }
  return fields;
}

/** The API requests that rebuild the example, or the reasons they cannot. */
/** Digits the substitutes are made of, one rotation per malformed id of a document. */
const SUBSTITUTE_DIGITS = "1234567891234";

/**
 * The example with each VAT id malformed for its country (see VatIdSubstitute) replaced by a
 * well-formed one of the same country: the first shape src/lib/vat.ts takes, digits distinct per
 * id. The comparison reads the original through the same replacement, so everything else about
 * the parties is compared as the example states it.
 */
export function withWellFormedVatIds(doc: SemanticDocument): {
  doc: SemanticDocument;
  substitutes: VatIdSubstitute[];
} {
  const substitutes: VatIdSubstitute[] = [];
  // A substitute must not be an id the document states elsewhere, or two parties would merge.
  const compact = (id: string) => id.replace(/[\s.-]/g, "").toUpperCase();
  const stated = new Set(
    [doc.seller.vatId, doc.buyer.vatId, doc.taxRepresentative?.vatId].flatMap((id) =>
      id ? [compact(id)] : [],
    ),
  );
  const fix = (id: string | null): string | null => {
    if (id === null || parseVatId(id).ok) return id;
    const known = substitutes.find((s) => s.original === id);
    if (known) return known.substitute;
    const prefix = id
      .replace(/[\s.-]/g, "")
      .slice(0, 2)
      .toUpperCase();
    const k = substitutes.length;
    const digits = (n: number) => (SUBSTITUTE_DIGITS.slice(k) + SUBSTITUTE_DIGITS).slice(0, n);
    const candidates = [
      `${prefix}${digits(9)}`,
      `${prefix}${digits(8)}`,
      `${prefix}U${digits(8)}`,
      `${prefix}${digits(9)}B01`,
      `${prefix}${digits(9)}MVA`,
      `${prefix}${digits(10)}`,
      `${prefix}${digits(11)}`,
      `${prefix}${digits(12)}`,
    ];
    const substitute = candidates.find((c) => parseVatId(c).ok && !stated.has(c));
    if (!substitute) return id; // the API's refusal is then the answer
    substitutes.push({ original: id, substitute });
    return substitute;
  };
  const party = (p: Party): Party => ({ ...p, vatId: fix(p.vatId) });
  const fixed: SemanticDocument = {
    ...doc,
    seller: party(doc.seller),
    buyer: party(doc.buyer),
    taxRepresentative: doc.taxRepresentative
      ? { ...doc.taxRepresentative, vatId: fix(doc.taxRepresentative.vatId) }
      : null,
  };
  return { doc: fixed, substitutes };
}

export function translate(example: SemanticDocument): Translation {
  const { doc, substitutes: vatSubstitutes } = withWellFormedVatIds(example);
  const reasons = cannotExpress(doc);
  if (reasons.length > 0) return { ok: false, reasons: [...new Set(reasons)].sort() };
  const currency = doc.currency!;
  // A self-billed invoice (389) is issued by its buyer: the organization is the example's buyer,
  // the customer its seller (the API states them back as seller BG-4 and buyer BG-7).
  const selfBilled = doc.typeCode === "389";
  const seller = selfBilled ? doc.buyer : doc.seller;
  const buyer = selfBilled ? doc.seller : doc.buyer;
  // Peppol needs both endpoints (PEPPOL-EN16931-R020, R010) and a buyer reference or an order
  // reference (PEPPOL-EN16931-R003); XRechnung both endpoints and a buyer reference (BR-DE-15).
  const xrechnung = declaredProfileOf(doc) === "xrechnung";
  const needsBuyerReference = doc.buyerReference === null && (xrechnung || doc.purchaseOrder === null);
  const supplied: Supplied[] = [
    ...(doc.seller.endpoint ? [] : ["seller endpoint BT-34" as const]),
    ...(doc.buyer.endpoint ? [] : ["buyer endpoint BT-49" as const]),
    ...(needsBuyerReference ? ["buyer reference BT-10" as const] : []),
  ];
  const endpoint = (party: Party) =>
    party.endpoint ? { scheme: party.endpoint.scheme, id: party.endpoint.id } : PLACEHOLDER_ENDPOINT;
  const sellerEndpoint = endpoint(seller);
  const buyerEndpoint = endpoint(buyer);
  const buyerReference = needsBuyerReference ? "n/a" : doc.buyerReference;

  // What the API (or the national rules it checks in advance) needs and the example may lack
  // is filled in; none of it is compared (addresses, contacts, payment instructions).
  const organization: Record<string, unknown> = {
    legal_name: seller.name,
    address: {
      line1: "Street 1",
      city: seller.city ?? "City",
      postal_code: seller.postalCode ?? "00000",
      country: seller.country,
    },
    vat_id: seller.vatId,
    tax_registration_id: seller.taxRegistrationId,
    company_id: seller.legalId?.id ?? null,
    company_id_scheme: seller.legalId?.scheme ?? null,
    seller_identifier: identifierBody(seller.identifiers[0]),
    ...(seller.identifiers.length > 1
      ? { additional_seller_identifiers: seller.identifiers.slice(1).map(identifierBody) }
      : {}),
    tax_representative: doc.taxRepresentative
      ? {
          name: doc.taxRepresentative.name,
          vat_id: doc.taxRepresentative.vatId,
          address: {
            line1: doc.taxRepresentative.line1,
            city: doc.taxRepresentative.city,
            postal_code: doc.taxRepresentative.postalCode,
            country: doc.taxRepresentative.country,
          },
        }
      : null,
    email: "seller@example.com",
    phone: "+49 30 1234567",
    iban: PLACEHOLDER_IBAN,
    bic: PLACEHOLDER_BIC,
    electronic_address: sellerEndpoint,
  };
  const exponent = currencyExponent(currency);
  const cash = cashRoundingOf(doc, exponent);
  if ("increment" in cash && cash.increment !== null) organization.cash_rounding = num(cash.increment);
  const roundingAmount = "stated" in cash ? num(cash.stated) : undefined;

  const taxRates = new Map<string, TaxRateRequest>();
  for (const b of doc.breakdown) {
    const key = rateKey(b.category, b.rate);
    taxRates.set(key, {
      key,
      body: {
        display_name: `${b.category} ${b.rate ?? 0}%`,
        percentage: b.rate ?? "0",
        category: b.category,
        exemption_reason: b.exemptionReason,
        exemption_reason_code: b.exemptionReasonCode,
      },
    });
  }

  const customer: Record<string, unknown> = {
    name: buyer.name ?? "Buyer",
    email: "buyer@example.com",
    address: {
      line1: "Street 1",
      city: buyer.city ?? "City",
      postal_code: buyer.postalCode ?? "00000",
      country: buyer.country,
    },
    vat_id: buyer.vatId,
    electronic_address: buyerEndpoint,
    // The customer's default: its invoices are sent, archived and downloaded as XRechnung.
    ...(xrechnung ? { einvoice_profile: "xrechnung" } : {}),
    identifier: identifierBody(buyer.identifiers[0]),
    company_id: buyer.legalId?.id ?? null,
    company_id_scheme: buyer.legalId?.scheme ?? null,
    // The seller of a self-billed invoice is the customer: its contact phone and account, supplied
    // as the organization's are (XRechnung asks them of a seller, BR-DE-2, BR-DE-1), and its tax
    // number (BT-32) and further identifiers (BT-29), stated as the seller's.
    ...(selfBilled
      ? {
          phone: organization.phone,
          iban: PLACEHOLDER_IBAN,
          tax_registration_id: buyer.taxRegistrationId,
          additional_identifiers: buyer.identifiers.slice(1).map(identifierBody),
        }
      : {}),
  };

  const invoice = (rateIds: ReadonlyMap<string, string>, customerId: string) => ({
    customer_id: customerId,
    currency,
    // A year after the day the rebuild is dated (its organization's test clock, rebuild.ts).
    due_date: daysAfter(documentDay(), 365),
    buyer_reference: buyerReference,
    purchase_order: doc.purchaseOrder,
    service_period:
      doc.period?.start && doc.period.end ? { start: doc.period.start, end: doc.period.end } : null,
    delivery_date: doc.deliveryDate,
    ...kindOf(doc),
    payee: doc.payee
      ? {
          name: doc.payee.name,
          identifier: identifierBody(doc.payee.identifiers[0]),
          company_id: doc.payee.legalId?.id ?? null,
          company_id_scheme: doc.payee.legalId?.scheme ?? null,
        }
      : null,
    // Each allowance and charge bound to its rate; a percentage where the API states the same base.
    ...adjustments(doc, rateIds, exponent),
    prepaid_amount:
      ownPrepaid(doc, exponent) === 0n ? undefined : num(decimalString(ownPrepaid(doc, exponent), exponent)),
    rounding_amount: roundingAmount,
    items: doc.lines.map((line) => ({
      description: line.name ?? "Item",
      quantity: num(line.quantity),
      unit_code: line.unitCode ?? undefined,
      ...linePrice(line, exponent),
      tax_rate_id: rateIds.get(rateKey(line.category, line.rate)) ?? null,
      ...lineDiscounts(line, exponent),
      charges: line.allowances.filter((a) => a.charge).map(lineAdjustment(line, exponent)),
      service_period:
        line.period?.start && line.period.end
          ? { start: line.period.start, end: line.period.end }
          : undefined,
      ...(line.subLines.length > 0 ? { sub_items: subItemsOf(line.subLines) } : {}),
    })),
  });

  return {
    ok: true,
    plan: {
      currency,
      organization,
      taxRates: [...taxRates.values()],
      customer,
      invoice,
      supplied,
      vatSubstitutes,
      ublProfile: ublProfileOf(doc),
      ciiProfile: xrechnung ? "xrechnung" : "en16931",
    },
  };
}

// Turns an official example (read by semantic.ts) into the API requests that rebuild it: the
// organization profile, its tax rates, the customer and the invoice. What the API cannot express
// yet is named instead ("cannot express: <reason>"), one reason per missing capability, so the
// list of examples left out (test/einvoice-examples/NOT-EXPRESSIBLE.md) says what to build next.
import { PEPPOL_EAS_CODES } from "../../../src/lib/eas";
import {
  convertMinor,
  currencyExponent,
  EXCHANGE_RATE_DECIMALS,
  exchangeRateText,
} from "../../../src/lib/money";
import type { Allowance, Line, Party, SemanticDocument } from "./semantic";

/** A field the API needs but the example lacks: the translator fills it in, and the comparison
 * leaves that field out (it is the translator's, not the example's). */
export type Supplied = "seller endpoint BT-34" | "buyer endpoint BT-49" | "buyer reference BT-10";

export interface TaxRateRequest {
  key: string;
  body: Record<string, unknown>;
}

export interface Plan {
  currency: string;
  organization: Record<string, unknown>;
  taxRates: TaxRateRequest[];
  customer: Record<string, unknown>;
  /** The invoice body, given the ids of the created tax rates (by key) and of the customer. */
  invoice: (rateIds: ReadonlyMap<string, string>, customerId: string) => Record<string, unknown>;
  supplied: Supplied[];
  /** The profile of the UBL download: `peppol` (the default), or `en16931` where the example's
   * endpoints are outside Peppol's EAS list (e.g. `EM`), which EN 16931 alone accepts. */
  ublProfile: "peppol" | "en16931";
}

export type Translation = { ok: true; plan: Plan } | { ok: false; reasons: string[] };

/** The profile the rebuilt UBL is asked in: Peppol BIS refuses endpoints outside its EAS list (e.g.
 * `EM`, PEPPOL-EN16931-CL008), EN 16931 alone takes any of the CEF list (docs/einvoicing.md). */
export function ublProfileOf(doc: SemanticDocument): Plan["ublProfile"] {
  const outsidePeppol = [doc.seller.endpoint, doc.buyer.endpoint].some(
    (endpoint) => endpoint?.scheme && !PEPPOL_EAS_CODES.has(endpoint.scheme),
  );
  // Peppol BIS Billing has no self-billing (PEPPOL-EN16931-P0100), and allows 326 and 384 only
  // between two German parties (P0112).
  const kindOutsidePeppol =
    doc.typeCode === "389" ||
    ((doc.typeCode === "326" || doc.typeCode === "384") &&
      !(doc.seller.country === "DE" && doc.buyer.country === "DE"));
  return outsidePeppol || kindOutsidePeppol ? "en16931" : "peppol";
}

/** The type codes an invoice may state (`type_code`); a credit note (381) is one of them. */
const TYPE_CODES = new Set(["380", "381", "384", "326", "389"]);

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

// The API's input limits (src/services/invoices/pricing.ts, src/lib/money.ts).
const MAX_ITEMS = 100;
const MAX_DISCOUNTS = 10;
const QUANTITY_DECIMALS = 4;
/** An endpoint in a scheme without check digits, for parties the example gives none. */
const PLACEHOLDER_ENDPOINT = { scheme: "0060", id: "999999999" };
/** IBAN the seller's payment instructions use (payment means are not compared). */
const PLACEHOLDER_IBAN = "DE89370400440532013000";

const decimals = (value: string) => (value.split(".")[1] ?? "").length;
const negative = (value: string) => value.startsWith("-");
const isZero = (value: string | null) => value === null || value === "0";
const rateKey = (category: string | null, rate: string | null) => `${category ?? "?"}:${rate ?? "0"}`;
const num = (value: string) => Number(value);

/** Why the API cannot rebuild this line as it is; empty when it can. */
function lineReasons(line: Line, exponent: number): string[] {
  const reasons: string[] = [];
  if (negative(line.quantity)) reasons.push("negative quantity");
  else if (isZero(line.quantity)) reasons.push("zero quantity");
  else if (decimals(line.quantity) > QUANTITY_DECIMALS) reasons.push("quantity with more than 4 decimals");
  if (negative(line.price)) reasons.push("negative price BT-146");
  else if (decimals(line.price) > exponent)
    reasons.push(`net price with more than ${exponent} decimals BT-146`);
  if (line.baseQuantity !== null && line.baseQuantity !== "1") reasons.push("price base quantity BT-149");
  const discounted =
    !isZero(line.priceDiscount) || (line.grossPrice !== null && line.grossPrice !== line.price);
  if (discounted) reasons.push("gross price and price discount BT-147/BT-148");
  if (line.allowances.some((a) => a.charge)) reasons.push("line charge BG-28");
  const allowances = line.allowances.filter((a) => !a.charge);
  if (allowances.length > 1) reasons.push("several allowances on one line BG-27");
  if (allowances.some((a) => a.base !== null || a.percentage !== null))
    reasons.push("line allowance percentage and base BT-137/BT-138");
  if (allowances.some((a) => (a.reason !== null && a.reason !== "Discount") || a.reasonCode !== null))
    reasons.push("line allowance reason BT-139/BT-140 (the API writes 'Discount')");
  if (line.period) reasons.push("line period BG-26");
  if (line.subLines > 0) reasons.push("sub-invoice lines (XRechnung extension)");
  return reasons;
}

function partyReasons(party: Party, role: "seller" | "buyer"): string[] {
  const reasons: string[] = [];
  if (role === "seller") {
    if (party.identifiers.length > 0) reasons.push("seller identifier BT-29");
    if (party.legalId?.scheme) reasons.push("seller legal registration scheme BT-30-1");
  } else {
    if (party.identifiers.length > 0) reasons.push("buyer identifier BT-46");
    if (party.legalId) reasons.push("buyer legal registration BT-47");
  }
  return reasons;
}

function allowanceReasons(doc: SemanticDocument): string[] {
  const reasons: string[] = [];
  if (doc.allowances.some((a) => a.charge)) reasons.push("document-level charge BG-21");
  const allowances = doc.allowances.filter((a) => !a.charge);
  if (allowances.length === 0) return reasons;
  const lineRates = new Set(doc.lines.map((l) => rateKey(l.category, l.rate)));
  // The API spreads a document discount over the VAT rates of the lines; an example binds each
  // allowance to one rate, which only agrees when the lines have one rate, that one.
  if (lineRates.size > 1 || allowances.some((a) => !lineRates.has(rateKey(a.category, a.rate))))
    reasons.push("document allowance bound to one of several VAT rates BG-20");
  if (allowances.some((a) => a.reasonCode !== null)) reasons.push("document allowance reason code BT-98");
  if (allowances.some((a) => a.base !== null || a.percentage !== null))
    reasons.push("document allowance percentage and base BT-93/BT-94");
  if (allowances.length > MAX_DISCOUNTS) reasons.push(`more than ${MAX_DISCOUNTS} document allowances`);
  return reasons;
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
  if (!TYPE_CODES.has(doc.typeCode ?? "")) reasons.add(`type code ${doc.typeCode}`);
  if (doc.preceding.length > 1) reasons.add("several preceding invoices BG-3");
  if (doc.taxCurrency && doc.taxCurrency !== doc.currency) {
    try {
      if (exchangeRateOf(doc) === null)
        reasons.add("VAT total in accounting currency no rate reproduces BT-111");
    } catch {
      reasons.add(`currency ${doc.taxCurrency}`);
    }
  }
  if (!isZero(doc.totals.prepaid)) reasons.add("prepaid amount BT-113");
  if (!isZero(doc.totals.rounding)) reasons.add("rounding BT-114");
  if (doc.hasPayee) reasons.add("payee BG-10");
  if (doc.hasTaxRepresentative) reasons.add("seller tax representative BG-11");
  if (doc.period && (!doc.period.start || !doc.period.end)) reasons.add("invoice period with one date BG-14");
  if (doc.lines.length > MAX_ITEMS) reasons.add(`more than ${MAX_ITEMS} lines`);
  add(allowanceReasons(doc));
  add(partyReasons(doc.seller, "seller"));
  add(partyReasons(doc.buyer, "buyer"));
  for (const line of doc.lines) add(lineReasons(line, exponent));
  for (const b of doc.breakdown) {
    if (b.exemptionReasonCode && !/^VATEX-[A-Z0-9-]+$/i.test(b.exemptionReasonCode))
      reasons.add("exemption reason code outside the VATEX list BT-121");
  }
  return [...reasons].sort();
}

function lineDiscount(allowances: Allowance[]) {
  const allowance = allowances.find((a) => !a.charge);
  return allowance ? { amount: num(allowance.amount) } : undefined;
}

/** The invoice's kind fields: its type code, the invoice it cites, its VAT accounting currency. */
function kindOf(doc: SemanticDocument): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (doc.typeCode && doc.typeCode !== "380") fields.type_code = doc.typeCode;
  const preceding = doc.preceding[0];
  if (preceding) fields.preceding_invoice = { number: preceding.number, issue_date: preceding.issueDate };
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
export function translate(doc: SemanticDocument): Translation {
  const reasons = cannotExpress(doc);
  if (reasons.length > 0) return { ok: false, reasons: [...new Set(reasons)].sort() };
  const currency = doc.currency!;
  // A self-billed invoice (389) is issued by its buyer: the organization is the example's buyer,
  // the customer its seller (the API states them back as seller BG-4 and buyer BG-7).
  const selfBilled = doc.typeCode === "389";
  const seller = selfBilled ? doc.buyer : doc.seller;
  const buyer = selfBilled ? doc.seller : doc.buyer;
  // Peppol needs both endpoints (PEPPOL-EN16931-R020, R010) and a buyer reference or an order
  // reference (PEPPOL-EN16931-R003).
  const needsBuyerReference = doc.buyerReference === null && doc.purchaseOrder === null;
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
    email: "seller@example.com",
    phone: "+49 30 1234567",
    iban: PLACEHOLDER_IBAN,
    electronic_address: sellerEndpoint,
  };

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
  };

  const invoice = (rateIds: ReadonlyMap<string, string>, customerId: string) => ({
    customer_id: customerId,
    currency,
    due_date: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    buyer_reference: buyerReference,
    purchase_order: doc.purchaseOrder,
    service_period:
      doc.period?.start && doc.period.end ? { start: doc.period.start, end: doc.period.end } : null,
    delivery_date: doc.deliveryDate,
    ...kindOf(doc),
    discounts: doc.allowances.map((a) => ({ description: a.reason, amount: num(a.amount) })),
    items: doc.lines.map((line) => ({
      description: line.name ?? "Item",
      quantity: num(line.quantity),
      unit_code: line.unitCode ?? undefined,
      unit_price: num(line.price),
      tax_rate_id: rateIds.get(rateKey(line.category, line.rate)) ?? null,
      discount: lineDiscount(line.allowances),
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
      ublProfile: ublProfileOf(doc),
    },
  };
}

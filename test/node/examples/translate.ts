// Turns an official example (read by semantic.ts) into the API requests that rebuild it: the
// organization profile, its tax rates, the customer and the invoice. What the API cannot express
// yet is named instead ("cannot express: <reason>"), one reason per missing capability, so the
// list of examples left out (test/einvoice-examples/NOT-EXPRESSIBLE.md) says what to build next.
import { PEPPOL_EAS_CODES } from "../../../src/lib/eas";
import { ICD_CODES } from "../../../src/lib/icd";
import { currencyExponent } from "../../../src/lib/money";
import type { Allowance, Identifier, Line, Party, SemanticDocument } from "./semantic";

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
  /** The original declares Peppol BIS: its rebuild must meet it. One made for EN 16931 alone (or a
   * CIUS of it) that Peppol's national rules refuse, e.g. a Dutch seller's legal registration
   * without the KVK/OIN scheme (NL-R-003), is asked in `en16931` once the API says its Peppol UBL
   * is not ready. */
  declaresPeppol: boolean;
}

export type Translation = { ok: true; plan: Plan } | { ok: false; reasons: string[] };

/** The profile the rebuilt UBL is asked in: Peppol BIS refuses endpoints outside its EAS list (e.g.
 * `EM`, PEPPOL-EN16931-CL008), EN 16931 alone takes any of the CEF list (docs/einvoicing.md). */
export function ublProfileOf(doc: SemanticDocument): Plan["ublProfile"] {
  const outsidePeppol = [doc.seller.endpoint, doc.buyer.endpoint].some(
    (endpoint) => endpoint?.scheme && !PEPPOL_EAS_CODES.has(endpoint.scheme),
  );
  return outsidePeppol ? "en16931" : "peppol";
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
  // A return written as a positive quantity and price with a negative net amount (CEN example 1):
  // the API's net amount is quantity x price, so no request states it.
  if (negative(line.net) && !negative(line.quantity) && !negative(line.price) && line.allowances.length === 0)
    reasons.push("negative line net amount of a positive quantity and price BT-131");
  if (line.subLines > 0) reasons.push("sub-invoice lines (XRechnung extension)");
  return reasons;
}

/** A scheme the API takes: none, or an ISO 6523 ICD code (src/lib/icd.ts). */
const icdOrNone = (identifier: Identifier | null | undefined) =>
  !identifier?.scheme || ICD_CODES.has(identifier.scheme);

/** Why the API cannot state a party's identifiers (BT-29/BT-46/BT-60) and legal registration. */
function identifierReasons(
  identifiers: Identifier[],
  legalId: Identifier | null,
  terms: { who: string; ident: string; legal: string },
): string[] {
  const reasons: string[] = [];
  if (identifiers.length > 1) reasons.push(`several ${terms.who} identifiers ${terms.ident}`);
  if (!identifiers.every(icdOrNone))
    reasons.push(`${terms.who} identifier scheme outside ISO 6523 ${terms.ident}`);
  if (!icdOrNone(legalId))
    reasons.push(`${terms.who} legal registration scheme outside ISO 6523 ${terms.legal}`);
  return reasons;
}

function partyReasons(party: Party, role: "seller" | "buyer"): string[] {
  return role === "seller"
    ? identifierReasons(party.identifiers, party.legalId, { who: "seller", ident: "BT-29", legal: "BT-30-1" })
    : identifierReasons(party.identifiers, party.legalId, { who: "buyer", ident: "BT-46", legal: "BT-47-1" });
}

/** An identifier as the API takes it: `{ scheme, id }`, null scheme when none is stated. */
const identifierBody = (identifier: Identifier | undefined) =>
  identifier ? { scheme: identifier.scheme, id: identifier.id } : null;

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
  if (doc.kind === "credit_note") reasons.add("credit note 381 of an invoice the API did not issue");
  else if (doc.typeCode !== "380") reasons.add(`type code ${doc.typeCode}`);
  if (doc.preceding.length > 0 && doc.kind === "invoice") reasons.add("preceding invoice reference BT-25");
  if (doc.taxCurrency && doc.taxCurrency !== doc.currency) reasons.add("VAT accounting currency BT-6");
  if (!isZero(doc.totals.prepaid)) reasons.add("prepaid amount BT-113");
  if (!isZero(doc.totals.rounding)) reasons.add("rounding BT-114");
  if (doc.payee) {
    if (!doc.payee.name) reasons.add("payee without a name BG-10");
    add(
      identifierReasons(doc.payee.identifiers, doc.payee.legalId, {
        who: "payee",
        ident: "BT-60",
        legal: "BT-61-1",
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

/** The API requests that rebuild the example, or the reasons they cannot. */
export function translate(doc: SemanticDocument): Translation {
  const reasons = cannotExpress(doc);
  if (reasons.length > 0) return { ok: false, reasons: [...new Set(reasons)].sort() };
  const currency = doc.currency!;
  const seller = doc.seller;
  const buyer = doc.buyer;
  // Peppol needs both endpoints (PEPPOL-EN16931-R020, R010) and a buyer reference or an order
  // reference (PEPPOL-EN16931-R003).
  const needsBuyerReference = doc.buyerReference === null && doc.purchaseOrder === null;
  const supplied: Supplied[] = [
    ...(seller.endpoint ? [] : ["seller endpoint BT-34" as const]),
    ...(buyer.endpoint ? [] : ["buyer endpoint BT-49" as const]),
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
    identifier: identifierBody(buyer.identifiers[0]),
    company_id: buyer.legalId?.id ?? null,
    company_id_scheme: buyer.legalId?.scheme ?? null,
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
    payee: doc.payee
      ? {
          name: doc.payee.name,
          identifier: identifierBody(doc.payee.identifiers[0]),
          company_id: doc.payee.legalId?.id ?? null,
          company_id_scheme: doc.payee.legalId?.scheme ?? null,
        }
      : null,
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
      declaresPeppol: doc.customization?.includes("peppol") ?? false,
    },
  };
}

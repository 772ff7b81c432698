// "Ready" is the truth about the XML: for hundreds of generated issued invoices (the stored rows:
// an Invoice with its seller and buyer snapshots, its InvoiceItem rows), the service's readiness
// answer must agree with the official rules, syntax by syntax: syntaxes.ubl.ready exactly when the
// UBL passes EN 16931 + Peppol BIS 3.0 (what it declares) with zero fatal rules,
// syntaxes.cii.ready exactly when the CII passes EN 16931, ready exactly when both do; for one
// document in ten, the UBL in profile en16931 is producible exactly when it passes EN 16931; for
// another one in ten, made for a buyer who takes XRechnung, both syntaxes are XRechnung and each
// is ready exactly when it passes EN 16931 + XRechnung (with the Peppol rules KoSIT merges). Documents
// that are not ready are rendered anyway (the refusal is the download's, not the renderer's) and
// must then fail. One fixed seed, and a random one named in the test title; replay a failure with
// EINVOICE_PROPERTY_SEED=<seed>. Node only (SaxonJS); the rules are test/einvoice-rules/.

import { describe, expect, it } from "vitest";
import type { CreditNote, CreditNoteItem } from "../../src/db/schema/billing";
import type { Invoice, InvoiceItem, PartySnapshot, SellerSnapshot } from "../../src/db/schema/invoices";
import type { TaxCategory } from "../../src/db/schema/tax-rates";
import { currencyExponent, QUANTITY_SCALE } from "../../src/lib/money";
import { renderCii } from "../../src/render/einvoice/cii";
import { en16931Document } from "../../src/render/einvoice/model";
import { renderUbl } from "../../src/render/einvoice/ubl";
import { documentEInvoiceMissing, documentProfile, einvoiceReadiness } from "../../src/services/einvoice";
import { PLAIN_KIND } from "../../src/services/invoices/kind";
import {
  itemRows,
  type PricedLine,
  storedLineTax,
  totalsColumns,
  totalsOf,
} from "../../src/services/invoices/pricing";
import { serializeInvoice } from "../../src/services/invoices/read";
import { computeTotals, type LineTax } from "../../src/services/invoices/totals";
import { issuedCreditNote, issuedInvoice } from "../../src/services/issued-document/build";
import { missingRuleSets, validateEInvoice } from "../einvoice-rules/validate.mjs";

interface SyntaxAnswer {
  ready: boolean;
  missing: string[];
}

interface Readiness {
  ready: boolean;
  syntaxes: Record<"ubl" | "cii", SyntaxAnswer>;
}

/**
 * The one call into the service: its readiness answer for the stored rows of an issued invoice
 * (or of a credit note of it: what its GET /einvoice would refuse), and its UBL and CII of them,
 * rendered whatever readiness says.
 */
function service(
  invoice: Invoice,
  items: InvoiceItem[],
  credit?: { note: CreditNote; items: CreditNoteItem[] },
): { readiness: Readiness; xml: Record<"ubl" | "cii", string>; ublEn16931: () => UblEn16931 } {
  // The issued-document model of the rows, as frozen at issue; every output is written from it.
  const doc = credit
    ? issuedCreditNote(credit.note, credit.items, invoice, null, undefined)
    : issuedInvoice(invoice, items, null, undefined);
  const view = en16931Document(doc);
  // In the profile the document declares: XRechnung (both syntaxes) for a buyer who took it.
  const xrechnung = documentProfile("ubl", doc.buyer) === "xrechnung";
  const xrechnungView = xrechnung ? en16931Document(doc, "xrechnung") : view;
  const xml = xrechnung
    ? { ubl: renderUbl(xrechnungView, "xrechnung"), cii: renderCii(xrechnungView, "xrechnung") }
    : { ubl: renderUbl(view), cii: renderCii(view) };
  // The UBL in profile en16931 (GET /einvoice?syntax=ubl&profile=en16931) and what it refuses.
  const ublEn16931 = () => ({
    ready: Object.keys(documentEInvoiceMissing(doc, "ubl", "en16931")).length === 0,
    xml: renderUbl(view, "en16931"),
  });
  // An invoice: the API's answer (its JSON's `einvoice`); a credit note: what its GET /einvoice
  // refuses, read from its model as the credit note's e-mail reads it.
  const readiness = credit ? einvoiceReadiness(doc) : serializeInvoice(invoice, items).einvoice;
  return { readiness, xml, ublEn16931 };
}

interface UblEn16931 {
  ready: boolean;
  xml: string;
}

/** One document in this many also has its UBL in profile en16931 checked (the run stays short). */
const EN16931_UBL_EVERY = 10;
/**
 * One document in this many is made for a buyer who takes XRechnung (its snapshot says so): its
 * readiness, UBL and CII are XRechnung's instead of the defaults, so it costs no more validations.
 * By position, another one than the en16931 UBL's.
 */
const XRECHNUNG_EVERY = 10;
const XRECHNUNG_AT = 5;

/** Documents of the fixed seed, and of a seed replayed with EINVOICE_PROPERTY_SEED. */
const DOCUMENTS = Number(process.env.EINVOICE_PROPERTY_DOCUMENTS) || 100;
/**
 * Documents of a run's random seed: new ones every run, so the coverage grows run by run. Fewer
 * than the fixed seed's, whose verdicts are recorded: each of these is run through the rules
 * (about 75 ms of CPU). A seed generates its documents in order, so replaying one with
 * DOCUMENTS reaches the same documents and more.
 */
const RANDOM_DOCUMENTS = Number(process.env.EINVOICE_PROPERTY_DOCUMENTS) || 50;
const FIXED_SEED = 20_261_125;

// ---- A small seeded PRNG (mulberry32) and the choices made with it -------------------------

type Random = () => number;

function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: Random, options: readonly T[]): T =>
  options[Math.floor(random() * options.length)] as T;
const chance = (random: Random, p: number) => random() < p;
const maybe = <T>(random: Random, p: number, value: T): T | null => (chance(random, p) ? value : null);

// ---- Parties --------------------------------------------------------------------------------

/** Countries with a VAT id of the shape input accepts (src/lib/vat.ts). */
const COUNTRIES: Record<string, { vatId: string; city: string; postal: string }> = {
  DE: { vatId: "DE123456789", city: "Berlin", postal: "10115" },
  FR: { vatId: "FR12345678901", city: "Paris", postal: "75001" },
  NL: { vatId: "NL123456789B01", city: "Amsterdam", postal: "1011 AB" },
  BE: { vatId: "BE0123456789", city: "Bruxelles", postal: "1000" },
  AT: { vatId: "ATU12345678", city: "Wien", postal: "1010" },
  IT: { vatId: "IT12345678901", city: "Milano", postal: "20121" },
  ES: { vatId: "ESA1234567B", city: "Madrid", postal: "28001" },
  PL: { vatId: "PL1234567890", city: "Łódź", postal: "90-001" },
  NO: { vatId: "NO923609016MVA", city: "Oslo", postal: "0150" },
  DK: { vatId: "DK12345678", city: "København", postal: "1050" },
  SE: { vatId: "SE123456789701", city: "Stockholm", postal: "111 22" },
  GR: { vatId: "EL123456789", city: "Αθήνα", postal: "105 57" },
  US: { vatId: "US123456789", city: "Austin", postal: "78701" },
};

/** Endpoints Peppol accepts: schemes of its list, identifiers with valid check digits. */
const GOOD_ENDPOINTS = [
  { scheme: "0088", id: "4000001123452" },
  { scheme: "9930", id: "DE123456789" },
  { scheme: "0204", id: "991-01234-44" },
  { scheme: "0060", id: "123456789" },
  { scheme: "0208", id: "0403170701" },
  { scheme: "0192", id: "923609016" },
  { scheme: "0007", id: "5560360793" },
  { scheme: "0184", id: "DK12345678" },
  { scheme: "0151", id: "51824753556" },
];

/** Check digits that fail, CEF-only schemes (EM, AN), and the withdrawn 9901 input still accepts. */
const BAD_ENDPOINTS = [
  { scheme: "0088", id: "4000001123453" },
  { scheme: "0208", id: "0123456789" },
  { scheme: "0192", id: "123456789" },
  { scheme: "EM", id: "einvoice@example.com" },
  { scheme: "AN", id: "AN-12345" },
  { scheme: "9901", id: "12345678901" },
];

/**
 * One document's dice: a "clean" document has each field present almost always (so enough
 * documents are valid), any other one drops fields and picks bad values often.
 */
interface Dice {
  random: Random;
  clean: boolean;
}

/** Whether a field that should be there is: `p` for an ordinary document, 97% for a clean one. */
const has = (dice: Dice, p: number) => chance(dice.random, dice.clean ? 0.97 : p);
const given = <T>(dice: Dice, p: number, value: T): T | null => (has(dice, p) ? value : null);

function address(dice: Dice, country: string) {
  const { random } = dice;
  const place = COUNTRIES[country] ?? COUNTRIES.DE!;
  const complete = has(dice, 0.75);
  const keep = (p: number) => complete || chance(random, p);
  return {
    line1: keep(0.6)
      ? pick(random, ["Hauptstraße 5", "1 Main Street", "Rue de l'Église 3", "Via Roma 1"])
      : null,
    line2: maybe(random, 0.2, "Building B"),
    city: keep(0.6) ? place.city : null,
    postal_code: keep(0.6) ? place.postal : null,
    region: maybe(random, 0.1, "Region"),
    country: keep(0.8) ? country : null,
  };
}

function endpoint(dice: Dice) {
  if (!has(dice, 0.7)) return null;
  return pick(dice.random, has(dice, 0.5) ? GOOD_ENDPOINTS : BAD_ENDPOINTS);
}

function seller(dice: Dice): SellerSnapshot {
  const { random } = dice;
  const country = pick(random, Object.keys(COUNTRIES));
  return {
    name: pick(random, ["Acme GmbH", "Müller & Søn Handels GmbH", "Société Dupont SARL", "Ελληνική ΑΕ"]),
    legal_name: maybe(random, 0.5, "Acme Holding GmbH"),
    trading_name: maybe(random, 0.3, "Acme Shop"),
    address: address(dice, country),
    vat_id: has(dice, 0.95) ? given(dice, 0.7, COUNTRIES[country]!.vatId) : "NO123456789MVA",
    tax_registration_id: maybe(random, 0.2, pick(random, ["201/123/45678", "RSSMRA85T10A562S"])),
    company_id: maybe(random, 0.4, pick(random, ["HRB 12345", "5560360793"])),
    email: given(dice, 0.8, "billing@seller.example"),
    phone: given(dice, 0.7, "+49 30 123456"),
    iban: given(dice, 0.75, "DE89370400440532013000"),
    bic: maybe(random, 0.4, "COBADEFFXXX"),
    account_holder: maybe(random, 0.4, "Acme GmbH"),
    locale: pick(random, ["en", "de", "fr", "nl", "it", "es"] as const),
    electronic_address: endpoint(dice),
    ...sellerIdentifiers(dice),
  };
}

function sellerIdentifiers(dice: Dice) {
  const { identifier, ...registration } = identifiers(dice.random);
  const representative = maybe(dice.random, 0.1, taxRepresentative(dice));
  return {
    ...(identifier ? { seller_identifier: identifier } : {}),
    // Now and then a registration with its scheme replaces the company id drawn above.
    ...registration,
    ...(representative ? { tax_representative: representative } : {}),
  };
}

// ---- Identifiers (BT-29, BT-30-1, BT-46, BT-47, BG-10, BG-11) -------------------------------

/** Identifiers with and without a scheme, with valid and failing check digits. */
const IDENTIFIERS = [
  { scheme: "0088", id: "4000001123452" },
  { scheme: "0088", id: "4000001123453" },
  { scheme: null, id: "PARTY-1" },
];
/** Legal registrations: Dutch KVK, Danish CVR (valid and not), Swedish, German, none. */
const REGISTRATIONS = [
  { id: "32081330", scheme: "0106" },
  { id: "DK12345678", scheme: "0184" },
  { id: "HRB 12345", scheme: "0184" },
  { id: "5560360793", scheme: "0007" },
  { id: "HRB 12345", scheme: "0204" },
  { id: "12345678", scheme: null },
];

/** The identifiers a party may state besides its VAT id, each now and then (cheap: no extra documents). */
function identifiers(random: Random) {
  const registration = maybe(random, 0.3, pick(random, REGISTRATIONS));
  return {
    identifier: maybe(random, 0.2, pick(random, IDENTIFIERS)),
    ...(registration ? { company_id: registration.id, company_id_scheme: registration.scheme } : {}),
  };
}

function taxRepresentative(dice: Dice) {
  const country = pick(dice.random, ["NL", "DE", "FR"]);
  // Input requires the representative's country (BR-20).
  return {
    name: "Fiscal Rep",
    vat_id: COUNTRIES[country]!.vatId,
    address: { ...address(dice, country), country },
  };
}

function payee(random: Random, seller: SellerSnapshot) {
  const ids = identifiers(random);
  return {
    name: pick(random, ["Factoring Bank AG", "Factoring Bank AG", seller.name]),
    identifier: ids.identifier,
    company_id: ids.company_id ?? null,
    company_id_scheme: ids.company_id_scheme ?? null,
  };
}

function buyer(dice: Dice): PartySnapshot {
  const { random } = dice;
  const country = pick(random, Object.keys(COUNTRIES));
  return {
    name: pick(random, ["Globex Corporation", "Kowalski & Syn Sp. z o.o.", "Ünal Ticaret", "ООО Ромашка"]),
    email: maybe(random, 0.7, "ap@buyer.example"),
    address: address(dice, country),
    vat_id: given(dice, 0.6, COUNTRIES[country]!.vatId),
    buyer_reference: given(dice, 0.4, "REF-1"),
    electronic_address: endpoint(dice),
    tax_exempt: pick(random, ["none", "none", "reverse", "exempt"]),
    ...identifiers(random),
  };
}

// ---- Lines ----------------------------------------------------------------------------------

interface RateChoice {
  category: TaxCategory;
  percent: number;
}

/** Rates as input accepts them (src/services/tax-rates.ts), a rate below 0.5% among them. */
const RATES: readonly RateChoice[] = [
  { category: "S", percent: 19 },
  { category: "S", percent: 7 },
  { category: "S", percent: 21 },
  { category: "S", percent: 5.5 },
  { category: "S", percent: 0.25 },
  { category: "Z", percent: 0 },
  { category: "E", percent: 0 },
  { category: "AE", percent: 0 },
  { category: "K", percent: 0 },
  { category: "G", percent: 0 },
  { category: "O", percent: 0 },
  { category: "L", percent: 7 },
  { category: "M", percent: 4 },
  { category: "B", percent: 22 },
];

const STATED: readonly TaxCategory[] = ["E", "AE", "K", "G", "O"];

/** Codes a rate of each category may carry: its own, one Peppol binds to another category, an unknown one. */
const EXEMPTION_CODES: Partial<Record<TaxCategory, string[]>> = {
  E: ["VATEX-EU-132", "VATEX-EU-132-1I", "VATEX-EU-D", "VATEX-EU-IC", "VATEX-EU-999"],
  AE: ["VATEX-EU-AE", "VATEX-EU-AE", "VATEX-FR-AE", "VATEX-EU-G"],
  K: ["VATEX-EU-IC", "VATEX-EU-IC", "VATEX-EU-G"],
  G: ["VATEX-EU-G", "VATEX-EU-G", "VATEX-EU-O"],
  O: ["VATEX-EU-O", "VATEX-EU-O", "VATEX-XX-O"],
};

function lineTax(random: Random, rate: RateChoice, index: number, inclusive: boolean): LineTax {
  const stated = STATED.includes(rate.category);
  return {
    rateId: `txr_${rate.category}_${rate.percent}_${index}`,
    category: rate.category,
    percentScaled: Math.round(rate.percent * 10_000),
    inclusive: inclusive && rate.category === "S",
    exemptionReason: stated ? maybe(random, 0.6, `Exempt, case ${index}`) : null,
    exemptionReasonCode: stated
      ? maybe(random, 0.5, pick(random, EXEMPTION_CODES[rate.category] ?? []))
      : null,
  };
}

const CURRENCIES = ["EUR", "EUR", "EUR", "USD", "GBP", "CHF", "SEK", "JPY", "PLN"];

function lines(dice: Dice, currency: string): PricedLine[] {
  const { random } = dice;
  const exponent = currencyExponent(currency);
  const inclusive = chance(random, 0.2);
  const rates = Array.from({ length: pick(random, [1, 1, 1, 2, 2, 3]) }, (_, i) =>
    has(dice, 0.96) ? lineTax(random, pick(random, RATES), i, inclusive) : null,
  );
  return Array.from({ length: pick(random, [1, 1, 2, 2, 3, 5]) }, (_, i) => {
    const quantity = pick(random, [1, 1, 2, 3, 1.5, 0.3333, 12.25, 100]);
    const price = BigInt(Math.floor(random() * 10 ** (exponent + pick(random, [1, 2, 3, 4])))) + 1n;
    const discountKind = pick(random, [null, null, null, "amount", "percentage"] as const);
    return {
      productId: null,
      description: pick(random, ["Consulting", "Widget & Co. <v2>", "Übersetzung", "Ремонт", "Hosting"]),
      quantity: BigInt(Math.round(quantity * Number(QUANTITY_SCALE))),
      unitCode: pick(random, ["C62", "C62", "HUR", "KGM", "DAY"]),
      unitPriceMinor: price,
      discount:
        discountKind === "amount"
          ? { kind: "amount", value: Number(price / 4n) }
          : discountKind === "percentage"
            ? { kind: "percentage", value: pick(random, [50_000, 100_000, 125_000]) }
            : null,
      tax: rates[i % rates.length] ?? null,
      taxFromDefault: false,
    } satisfies PricedLine;
  });
}

// ---- The stored rows of an issued invoice ---------------------------------------------------

const NOTES = [
  null,
  null,
  "Thank you for your business.",
  "Order #4711# shipped",
  "#ABC# not a code",
  "50% #1",
];

function generatedInvoice(random: Random, index: number): { invoice: Invoice; items: InvoiceItem[] } | null {
  const dice = { random, clean: chance(random, 0.5) };
  const currency = has(dice, 0.9) ? pick(random, CURRENCIES) : "KWD";
  const priced = lines(dice, currency);
  const discounts = chance(random, 0.25)
    ? [
        {
          description: maybe(random, 0.5, "Loyalty"),
          discount: chance(random, 0.5)
            ? { kind: "percentage" as const, value: 50_000 }
            : { kind: "amount" as const, value: 10 ** currencyExponent(currency) },
        },
      ]
    : [];
  let totals: ReturnType<typeof totalsOf>;
  try {
    totals = totalsOf(priced, discounts);
  } catch {
    return null; // input would refuse it (a discount larger than the line, mixed inclusive rates)
  }
  const id = `inv_property_${index}`;
  const items = itemRows("org_property", id, priced, totals);
  const columns = totalsColumns(totals);
  const servicePeriod = chance(random, 0.3);
  // Unpaid, half paid, or paid in full: payments after issue change no e-invoice (it states the
  // invoice as issued), so readiness must not move with them either.
  const paid = pick(random, [0, 0, 0, Math.floor(columns.totalMinor / 2), columns.totalMinor]);
  const sellerParty = seller(dice);
  const invoice: Invoice = {
    id,
    organizationId: "org_property",
    customerId: "cus_property",
    locale: null,
    paymentReferenceFormat: "rf",
    ...PLAIN_KIND,
    number: `INV-${String(index).padStart(6, "0")}`,
    status: "sent",
    statedRoundingMinor: null,
    splitPaymentCreditedMinor: 0,
    currency,
    dueDate: "2026-12-31",
    dueDateDefaulted: false,
    notes: pick(random, NOTES),
    sentAt: "2026-11-25T10:00:00.000Z",
    paidAt: null,
    voidedAt: null,
    issueDate: "2026-11-25",
    defaultTaxRateId: null,
    ignoreTaxExempt: false,
    discounts,
    charges: [],
    servicePeriodStart: servicePeriod ? "2026-10-01" : null,
    servicePeriodEnd: servicePeriod ? "2026-10-31" : null,
    deliveryDate: maybe(random, 0.3, "2026-11-20"),
    purchaseOrder: maybe(random, 0.3, "PO-77"),
    buyerReference: given(dice, 0.3, "LEITWEG-1"),
    paymentTerms: maybe(random, 0.3, "Net 30"),
    payee: maybe(random, 0.15, payee(random, sellerParty)),
    ...columns,
    amountPaidMinor: paid,
    amountCreditedMinor: 0,
    seller: sellerParty,
    buyer: buyer(dice),
    hostedTokenHash: null,
    hostedTokenSealed: null,
    hostedLinkCreatedAt: null,
    viewedAt: null,
    recurringInvoiceId: null,
    recurringRunIndex: null,
    version: 1,
    metadata: null,
    createdAt: "2026-11-25T09:00:00.000Z",
    updatedAt: "2026-11-25T10:00:00.000Z",
  };
  return { invoice, items };
}

/**
 * A credit note of the whole invoice, as its stored rows: the invoice's lines (nets without VAT
 * from the totals engine that priced them) and totals, the reason as its note.
 */
function fullCreditNote(
  random: Random,
  invoice: Invoice,
  items: readonly InvoiceItem[],
): { note: CreditNote; items: CreditNoteItem[] } {
  const computed = computeTotals(
    items.map((item) => ({
      amountMinor: BigInt(item.amountMinor),
      discount: item.discount,
      tax: storedLineTax(item),
    })),
    invoice.discounts,
  );
  if (!computed.ok) throw new Error("the generated invoice no longer prices");
  const id = invoice.id.replace("inv_", "cn_");
  return {
    note: {
      id,
      locale: null,
      organizationId: invoice.organizationId,
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      number: invoice.number.replace("INV", "CN"),
      reason: pick(random, ["Returned goods", "Credit #7# of the order", "Wrong price"]),
      currency: invoice.currency,
      issueDate: "2026-11-26",
      subtotalMinor: invoice.subtotalMinor,
      discountTotalMinor: invoice.discountTotalMinor,
      taxExclusiveMinor: invoice.taxExclusiveMinor,
      taxTotalMinor: invoice.taxTotalMinor,
      roundingMinor: invoice.roundingMinor,
      totalMinor: invoice.totalMinor,
      totalsDetail: invoice.totalsDetail,
      refundAmountMinor: 0,
      refundMethod: null,
      refundReference: null,
      voids: true,
      seller: invoice.seller,
      buyer: invoice.buyer,
      metadata: null,
      createdAt: "2026-11-26T09:00:00.000Z",
    },
    items: items.map((item, position) => ({
      id: `${id}_${position}`,
      creditNoteId: id,
      organizationId: item.organizationId,
      position,
      invoiceItemId: item.id,
      description: item.description,
      quantity: item.quantity,
      unitCode: item.unitCode,
      unitPriceMinor: item.unitPriceMinor,
      netMinor: item.netMinor,
      netOfTaxMinor: Number(computed.totals.lines[position]?.netOfTaxMinor ?? 0n),
      taxRateId: item.taxRateId,
      taxCategory: item.taxCategory,
      taxPercentScaled: item.taxPercentScaled,
      taxInclusive: item.taxInclusive,
      taxExemptionReason: item.taxExemptionReason,
      taxExemptionReasonCode: item.taxExemptionReasonCode,
    })),
  };
}

// ---- The property ---------------------------------------------------------------------------

/** Whether the XML passes the rules it declares; stops at the first failing rule set. */
const validity = new Map<string, Promise<boolean>>();
function isValid(xml: string, recorded: boolean): Promise<boolean> {
  let valid = validity.get(xml);
  if (!valid) {
    valid = validateEInvoice(xml, { failFast: true, recorded }).then((r) => r.valid);
    validity.set(xml, valid);
  }
  return valid;
}

/** Every fatal rule the XML fires, for the report of a mismatch. */
async function fatalRules(xml: string): Promise<string> {
  const { fatal } = await validateEInvoice(xml);
  return fatal.map((f) => `${f.id}: ${f.text}`).join(" | ") || "none";
}

/** `coverage`: the fixed seed's documents, the same every run, so this cannot flake (a random
 * seed's may, by chance, reach one side only): also assert that the documents reach both sides of
 * the equivalence, and read their verdicts from the recorded ones (validate.mjs). */
async function checkSeed(seed: number, coverage: boolean, count = DOCUMENTS) {
  const random = mulberry32(seed);
  const mismatches: string[] = [];
  let documents = 0;
  const valid = { ubl: 0, cii: 0, ublEn16931: 0, xrechnung: 0 };
  const cpu = process.cpuUsage();
  for (let index = 0; documents < count; index++) {
    const rows = generatedInvoice(random, index);
    if (!rows) continue;
    documents++;
    // The buyer took XRechnung (as the snapshot of a customer with `einvoice_profile` says); by
    // position, so the documents generated stay the same.
    const xrechnung = documents % XRECHNUNG_EVERY === XRECHNUNG_AT;
    if (xrechnung && rows.invoice.buyer)
      rows.invoice.buyer = { ...rows.invoice.buyer, einvoice_profile: "xrechnung" };
    // One document in five is a credit note of the whole invoice instead.
    const credit = chance(random, 0.2) ? fullCreditNote(random, rows.invoice, rows.items) : undefined;
    const { readiness, xml, ublEn16931 } = service(rows.invoice, rows.items, credit);
    const ubl = await isValid(xml.ubl, coverage);
    const cii = await isValid(xml.cii, coverage);
    valid.ubl += Number(ubl);
    valid.cii += Number(cii);
    if (xrechnung) valid.xrechnung += Number(ubl && cii);
    const { syntaxes } = readiness;
    // By position, not by the generator: the documents generated stay the same.
    const en16931 = documents % EN16931_UBL_EVERY === 0 ? ublEn16931() : null;
    const en16931Valid = en16931 ? await isValid(en16931.xml, coverage) : null;
    if (en16931Valid) valid.ublEn16931++;
    const problems = [
      syntaxes.ubl.ready !== ubl ? `ubl: ready ${syntaxes.ubl.ready}, valid ${ubl}` : null,
      syntaxes.cii.ready !== cii ? `cii: ready ${syntaxes.cii.ready}, valid ${cii}` : null,
      readiness.ready !== (ubl && cii) ? `ready ${readiness.ready}, both valid ${ubl && cii}` : null,
      en16931 && en16931.ready !== en16931Valid
        ? `ubl en16931: ready ${en16931.ready}, valid ${en16931Valid}`
        : null,
    ].filter(Boolean);
    if (problems.length > 0) {
      mismatches.push(
        [
          `seed ${seed}, document ${index}${credit ? " (credit note)" : ""}${xrechnung ? " (XRechnung)" : ""}: ${problems.join("; ")}`,
          `  readiness: ${JSON.stringify(readiness)}`,
          `  ubl fatal: ${await fatalRules(xml.ubl)}`,
          `  cii fatal: ${await fatalRules(xml.cii)}`,
          ...(en16931 ? [`  ubl en16931 fatal: ${await fatalRules(en16931.xml)}`] : []),
        ].join("\n"),
      );
    }
  }
  expect(mismatches, mismatches.join("\n\n")).toEqual([]);
  if (coverage) {
    // The generator reaches both sides of the equivalence in each syntax, not just one.
    for (const syntax of ["ubl", "cii"] as const) {
      expect(valid[syntax], `${syntax}: valid documents of ${documents}`).toBeGreaterThan(documents / 10);
      expect(valid[syntax], `${syntax}: valid documents of ${documents}`).toBeLessThan(documents * 0.9);
    }
    const xrechnungDocuments = Math.floor(documents / XRECHNUNG_EVERY);
    expect(valid.xrechnung, `valid XRechnung of ${xrechnungDocuments}`).toBeGreaterThan(0);
    expect(valid.xrechnung, `valid XRechnung of ${xrechnungDocuments}`).toBeLessThan(xrechnungDocuments);
  }
  const { user, system } = process.cpuUsage(cpu);
  console.log(
    `seed ${seed}: ${documents} documents, valid UBL ${valid.ubl}, valid CII ${valid.cii}, ` +
      `valid EN 16931 UBL ${valid.ublEn16931} of ${Math.ceil(documents / EN16931_UBL_EVERY)}, ` +
      `valid XRechnung (both) ${valid.xrechnung} of ${Math.floor(documents / XRECHNUNG_EVERY)}; ` +
      `CPU ${((user + system) / 1000 / documents).toFixed(1)} ms per document`,
  );
}

const replayedSeed = Number(process.env.EINVOICE_PROPERTY_SEED);
const randomSeed = replayedSeed || Math.floor(Math.random() * 2 ** 31);

describe("einvoice.ready holds exactly when the XML passes its declared rules", () => {
  it("has the official rules", () => {
    expect(missingRuleSets()).toEqual([]);
  });

  it(`fixed seed ${FIXED_SEED}`, () => checkSeed(FIXED_SEED, true));

  it(`random seed ${randomSeed} (replay: EINVOICE_PROPERTY_SEED=${randomSeed})`, () =>
    checkSeed(randomSeed, false, replayedSeed ? DOCUMENTS : RANDOM_DOCUMENTS));
});

// Document-level amounts through the API (EN 16931 BG-20, BG-21, BT-113, BT-114): invoice
// `charges`, discounts bound to one rate with a UNCL 5189 reason code, `prepaid_amount` and the
// organization's `cash_rounding`; what the invoice answers, what it asks to be paid everywhere
// (amount_due, the move to paid, the hosted page), what UBL and CII state, and the 422s.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { camt053 } from "../helpers/bank-statements";
import { createCustomer, SELLER } from "../helpers/factories";
import { createTaxRate, draft, get, post, send, standardRate } from "./billing/helpers";

const BUYER = {
  name: "Kunde AG",
  address: { line1: "Marktplatz 1", city: "Köln", postal_code: "50667", country: "DE" },
  buyer_reference: "REF-1",
  electronic_address: { scheme: "9930", id: "DE987654321" },
};

async function sellerOrg(profile: Record<string, unknown> = {}) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: { ...SELLER, ...profile },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return org;
}

async function twoRates(org: TestOrg) {
  return { full: await standardRate(org, 19), reduced: await standardRate(org, 7) };
}

const einvoice = async (org: TestOrg, id: string, syntax: "ubl" | "cii") => {
  const res = await get(org, `/v1/invoices/${id}/einvoice?syntax=${syntax}`);
  expect(res.status, String(res.body)).toBe(200);
  // Without the indentation between elements, so a test reads one element sequence.
  return String(res.body).replace(/>\s+</g, "><");
};

const create = (org: TestOrg, body: Record<string, unknown>) => post(org, "/v1/invoices", body);

describe("invoice charges and bound discounts", () => {
  it("prices a freight charge and a discount bound to 7%, answers them and states them in UBL and CII", async () => {
    const org = await sellerOrg();
    const { full, reduced } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [
        { description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id },
        { description: "Buch", quantity: 2, unit_price: 25, tax_rate_id: reduced.id },
      ],
      discounts: [{ description: "Treue", percentage: 10, reason_code: "95", tax_rate_id: reduced.id }],
      charges: [{ description: "Fracht", amount: 12.5, reason_code: "FC", tax_rate_id: full.id }],
    });
    expect(invoice).toMatchObject({
      subtotal: 150,
      discount_total: 5,
      charge_total: 12.5,
      tax_exclusive_total: 157.5,
      // 19% of 112.50 = 21.375 -> 21.38; 7% of 45.00 = 3.15
      tax_total: 24.53,
      total: 182.03,
      prepaid_amount: 0,
      amount_due: 182.03,
      discounts: [{ description: "Treue", percentage: 10, reason_code: "95", tax_rate_id: reduced.id }],
      charges: [{ description: "Fracht", amount: 12.5, reason_code: "FC", tax_rate_id: full.id }],
      tax_breakdown: [
        expect.objectContaining({ percentage: 19, taxable_amount: 112.5, tax_amount: 21.38 }),
        expect.objectContaining({ percentage: 7, taxable_amount: 45, tax_amount: 3.15 }),
      ],
    });

    await send(org, invoice.id);
    const ubl = await einvoice(org, invoice.id, "ubl");
    expect(ubl).toContain(
      "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>" +
        "<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>" +
        "<cbc:AllowanceChargeReason>Treue</cbc:AllowanceChargeReason>" +
        "<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>" +
        '<cbc:Amount currencyID="EUR">5.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">50.00</cbc:BaseAmount>' +
        "<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>7</cbc:Percent>",
    );
    expect(ubl).toContain(
      "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>" +
        "<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>" +
        "<cbc:AllowanceChargeReason>Fracht</cbc:AllowanceChargeReason>" +
        '<cbc:Amount currencyID="EUR">12.50</cbc:Amount>' +
        "<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>",
    );
    expect(ubl).toContain(
      '<cbc:AllowanceTotalAmount currencyID="EUR">5.00</cbc:AllowanceTotalAmount>' +
        '<cbc:ChargeTotalAmount currencyID="EUR">12.50</cbc:ChargeTotalAmount>',
    );
    const cii = await einvoice(org, invoice.id, "cii");
    expect(cii).toContain(
      "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator>" +
        "<ram:ActualAmount>12.50</ram:ActualAmount><ram:ReasonCode>FC</ram:ReasonCode><ram:Reason>Fracht</ram:Reason>",
    );
    expect(cii).toContain(
      "<ram:CalculationPercent>10</ram:CalculationPercent><ram:BasisAmount>50.00</ram:BasisAmount>" +
        "<ram:ActualAmount>5.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode>",
    );
    expect(cii).toContain(
      "<ram:LineTotalAmount>150.00</ram:LineTotalAmount><ram:ChargeTotalAmount>12.50</ram:ChargeTotalAmount>" +
        "<ram:AllowanceTotalAmount>5.00</ram:AllowanceTotalAmount><ram:TaxBasisTotalAmount>157.50</ram:TaxBasisTotalAmount>",
    );
  });

  it("writes no ChargeTotalAmount and no reason code for an invoice with none", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id }],
      discounts: [{ description: "Promo", amount: 10 }],
    });
    expect(invoice.discounts).toEqual([
      { description: "Promo", amount: 10, reason_code: null, tax_rate_id: null },
    ]);
    expect(invoice).toMatchObject({ charges: [], charge_total: 0, prepaid_amount: 0 });
    await send(org, invoice.id);
    const ubl = await einvoice(org, invoice.id, "ubl");
    expect(ubl).not.toContain("ChargeTotalAmount");
    expect(ubl).not.toContain("AllowanceChargeReasonCode>");
    expect(ubl).toContain(
      "<cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Promo</cbc:AllowanceChargeReason>" +
        '<cbc:Amount currencyID="EUR">10.00</cbc:Amount><cac:TaxCategory>',
    );
  });

  it("states a bound amount's base without a percentage (BT-100 alone) in EN 16931, and names it for Peppol (R042)", async () => {
    const org = await sellerOrg();
    const { full, reduced } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [
        { description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id },
        { description: "Buch", quantity: 5, unit_price: 27.46, tax_rate_id: reduced.id },
      ],
      charges: [{ description: "Versandkosten", amount: 5.8, base_amount: 137.3, tax_rate_id: reduced.id }],
    });
    expect(invoice.charges).toEqual([
      {
        description: "Versandkosten",
        amount: 5.8,
        reason_code: null,
        tax_rate_id: reduced.id,
        base_amount: 137.3,
      },
    ]);
    // The amount is what was given, not a percentage of the base: 137.30 + 5.80 at 7%.
    expect(invoice).toMatchObject({ charge_total: 5.8, tax_exclusive_total: 243.1 });
    const sent = await send(org, invoice.id);
    expect(sent.einvoice.syntaxes.cii).toEqual({ ready: true, missing: [] });
    expect(sent.einvoice.syntaxes.ubl.missing).toEqual(["charges"]);
    const refused = expectError(await get(org, `/v1/invoices/${sent.id}/einvoice`), 422, "validation_error");
    expect(refused.details?.charges).toMatch(/PEPPOL-EN16931-R042/);

    const cii = await einvoice(org, sent.id, "cii");
    expect(cii).toContain("<ram:ActualAmount>5.80</ram:ActualAmount><ram:Reason>Versandkosten</ram:Reason>");
    expect(cii).toContain("<ram:BasisAmount>137.30</ram:BasisAmount>");
    expect(cii).not.toContain("<ram:CalculationPercent>");
    const res = await get(org, `/v1/invoices/${sent.id}/einvoice?syntax=ubl&profile=en16931`);
    expect(res.status).toBe(200);
    const ubl = String(res.body).replace(/>\s+</g, "><");
    expect(ubl).toContain('<cbc:BaseAmount currencyID="EUR">137.30</cbc:BaseAmount>');
    expect(ubl).not.toContain("<cbc:MultiplierFactorNumeric>");

    // A line's allowance still states its base only with a percentage.
    const line = await create(org, {
      customer_id: customer.id,
      items: [
        {
          description: "Beratung",
          quantity: 1,
          unit_price: 100,
          tax_rate_id: full.id,
          charges: [{ description: "Eilzuschlag", amount: 5, base_amount: 100 }],
        },
      ],
    });
    expect(expectError(line, 422, "validation_error").details).toMatchObject({
      "items.0.charges.0.base_amount": "A base_amount goes with a percentage",
    });
  });

  it("holds an XRechnung buyer's invoice with a base without a percentage to R042: named in missing, refused at send", async () => {
    const org = await sellerOrg();
    const { full, reduced } = await twoRates(org);
    // KoSIT's XRechnung merges PEPPOL-EN16931-R042 into its UBL and CII rules.
    const customer = await createCustomer(org, {
      name: "Stadt Köln",
      address: { line1: "Marktplatz 1", city: "Köln", postal_code: "50667", country: "DE" },
      buyer_reference: "04011000-12345-67",
      electronic_address: { scheme: "0204", id: "04011000-12345-67" },
      einvoice_profile: "xrechnung",
    });
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Buch", quantity: 5, unit_price: 27.46, tax_rate_id: reduced.id }],
      discounts: [{ description: "Treue", amount: 3, base_amount: 137.3, tax_rate_id: reduced.id }],
      charges: [{ description: "Versandkosten", amount: 5.8, base_amount: 137.3, tax_rate_id: reduced.id }],
    });
    expect(invoice.einvoice.missing).toEqual(["discounts", "charges"]);
    expect(invoice.einvoice.syntaxes.cii.missing).toEqual(["discounts", "charges"]);
    const refused = expectError(await post(org, `/v1/invoices/${invoice.id}/send`), 422, "validation_error");
    expect(refused.details).toEqual({
      discounts: expect.stringMatching(/PEPPOL-EN16931-R042/),
      charges: expect.stringMatching(/PEPPOL-EN16931-R042/),
    });
    expect((await get(org, `/v1/invoices/${invoice.id}`)).body.status).toBe("draft");
    // With a percentage of the base it is XRechnung.
    const percentaged = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id }],
      charges: [{ description: "Versandkosten", percentage: 5, base_amount: 100, tax_rate_id: full.id }],
    });
    expect(percentaged.einvoice.missing).toEqual([]);
  });

  it("refuses a bound amount's base_amount at a tax-inclusive rate (a gross base beside a net amount)", async () => {
    const org = await sellerOrg();
    const gross = await standardRate(org, 19, true);
    const customer = await createCustomer(org, BUYER);
    const res = await create(org, {
      customer_id: customer.id,
      items: [{ description: "Buch", quantity: 1, unit_price: 119, tax_rate_id: gross.id }],
      discounts: [{ description: "Treue", amount: 11.9, base_amount: 119, tax_rate_id: gross.id }],
      charges: [{ description: "Versand", amount: 5.95, base_amount: 119, tax_rate_id: gross.id }],
    });
    expect(expectError(res, 422, "validation_error").details).toEqual({
      "discounts.0.base_amount": "A base_amount beside an amount needs a tax-exclusive rate",
      "charges.0.base_amount": "A base_amount beside an amount needs a tax-exclusive rate",
    });
    // Without the base, or with a percentage of it, the inclusive rate takes it as before.
    const plain = await create(org, {
      customer_id: customer.id,
      items: [{ description: "Buch", quantity: 1, unit_price: 119, tax_rate_id: gross.id }],
      discounts: [{ description: "Treue", amount: 11.9, tax_rate_id: gross.id }],
      charges: [{ description: "Versand", percentage: 5, base_amount: 119, tax_rate_id: gross.id }],
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
  });

  it("answers 422 naming each bad field", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const items = [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id }];
    const res = await create(org, {
      customer_id: customer.id,
      items,
      discounts: [
        { amount: 1, reason_code: "FC" },
        { amount: 1, base_amount: 50, tax_rate_id: full.id },
        { percentage: 10, base_amount: 50 },
      ],
      charges: [
        { amount: 1, reason_code: "95" },
        { amount: 1, tax_rate_id: "txr_missing" },
        { description: "Both", amount: 1, percentage: 5 },
      ],
    });
    const error = expectError(res, 422, "validation_error");
    // A bound amount may state the base it was reckoned on (base-without-percentage test below).
    expect(error.details).not.toHaveProperty(["discounts.1.base_amount"]);
    expect(error.details).toMatchObject({
      "discounts.0.reason_code": expect.stringContaining("UNCL 5189"),
      "discounts.2.base_amount": "A base_amount goes with a tax_rate_id (one VAT rate)",
      "charges.0.reason_code": expect.stringContaining("UNCL 7161"),
      "charges.1.tax_rate_id": "No such tax rate",
      "charges.2": "Give exactly one of amount or percentage",
    });

    const tooMany = await create(org, {
      customer_id: customer.id,
      items,
      charges: Array.from({ length: 11 }, () => ({ amount: 1 })),
    });
    expect(Object.keys(expectError(tooMany, 422, "validation_error").details ?? {})).toEqual(["charges"]);

    // Above the total where the organization pays (a 380 takes it and owes the rest back:
    // test/routes/prepaid-above-total.test.ts).
    const prepaid = await create(org, {
      customer_id: customer.id,
      items,
      type_code: "389",
      prepaid_amount: 119.01,
    });
    expect(expectError(prepaid, 422, "validation_error").details).toEqual({
      prepaid_amount: "The prepaid amount is larger than the invoice total",
    });
    const decimals = await create(org, { customer_id: customer.id, items, prepaid_amount: 1.001 });
    expect(Object.keys(expectError(decimals, 422, "validation_error").details ?? {})).toEqual([
      "prepaid_amount",
    ]);

    // A percentage bound to a rate no line has would be of nothing: it needs its base.
    const reduced = await standardRate(org, 7);
    const unbased = await create(org, {
      customer_id: customer.id,
      items,
      discounts: [{ percentage: 10, tax_rate_id: reduced.id }],
      charges: [{ description: "Pfand", percentage: 5, tax_rate_id: reduced.id }],
    });
    expect(expectError(unbased, 422, "validation_error").details).toEqual({
      "discounts.0.base_amount": "No line has this VAT rate: a percentage at it needs base_amount",
      "charges.0.base_amount": "No line has this VAT rate: a percentage at it needs base_amount",
    });
    // Beside correction lines a charge names its rate: spread pro rata it would be negative at a
    // rate the corrections outweigh (and refund VAT on freight).
    const corrected = await create(org, {
      customer_id: customer.id,
      items: [...items, { description: "Retoure", quantity: -1, unit_price: 30, tax_rate_id: reduced.id }],
      charges: [{ description: "Fracht", amount: 10 }],
    });
    expect(expectError(corrected, 422, "validation_error").details).toEqual({
      "charges.0.tax_rate_id":
        "A charge beside correction lines (negative amounts) must name its VAT rate: give tax_rate_id",
    });

    const list = await get(org, "/v1/invoices");
    expect(list.body.data).toEqual([]);
  });

  it("refuses a charge or discount bound to a standard rate for a reverse-charge customer, at create and at send", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const reverse = await createTaxRate(org, {
      percentage: 0,
      category: "AE",
      exemption_reason_code: "VATEX-EU-AE",
    });
    const customer = await createCustomer(org, { ...BUYER, tax_exempt: "reverse" });
    const items = [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: reverse.id }];
    const refused = await create(org, {
      customer_id: customer.id,
      items,
      discounts: [{ amount: 1, tax_rate_id: full.id }],
      charges: [{ description: "Fracht", amount: 10, tax_rate_id: full.id }],
    });
    const reason =
      "The customer is reverse charge (tax_exempt: reverse): use a rate of category AE, or set ignore_tax_exempt";
    expect(expectError(refused, 422, "validation_error").details).toEqual({
      "discounts.0.tax_rate_id": reason,
      "charges.0.tax_rate_id": reason,
    });
    // A draft priced before the customer became reverse charge is refused at send.
    const other = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: other.id,
      items,
      charges: [{ description: "Fracht", amount: 10, tax_rate_id: full.id }],
    });
    const changed = await api("PATCH", `/v1/customers/${other.id}`, {
      token: org.owner.key,
      body: { tax_exempt: "reverse" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const sent = await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key });
    expect(expectError(sent, 422, "validation_error").details).toEqual({ "charges.0.tax_rate_id": reason });
  });

  it("re-prices a draft's charges on PATCH and keeps them when other fields change", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id }],
      charges: [{ description: "Verpackung", percentage: 5, reason_code: "ABL" }],
    });
    expect(invoice).toMatchObject({ charge_total: 5, total: 124.95 });
    const patched = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: full.id }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ charge_total: 10, total: 249.9 });
    const cleared = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { charges: [] },
    });
    expect(cleared.body).toMatchObject({ charges: [], charge_total: 0, total: 238 });
  });
});

describe("readiness of bound allowances and charges", () => {
  it("holds a charge at a rate no line has to its category's rules, naming charges", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const outside = await createTaxRate(org, {
      percentage: 0,
      category: "O",
      exemption_reason: "Not subject to VAT",
    });
    const customer = await createCustomer(org, BUYER);
    const items = [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id }];
    const plain = await draft(org, { customer_id: customer.id, items });
    expect(plain.einvoice.missing).toEqual([]);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items,
      charges: [{ description: "Gebühr", amount: 5, tax_rate_id: outside.id }],
    });
    // BR-O-11: category O cannot share an invoice with other categories; the charge brings O in.
    expect(invoice.einvoice.missing).toContain("charges");
    const ubl = await get(org, `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`);
    expect(ubl.status).toBe(409);
  });
});

describe("credit notes of an invoice with charges", () => {
  it("credits a line together with the charge at its rate, down to nothing due", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 2, unit_price: 50, tax_rate_id: full.id }],
      charges: [{ description: "Anfahrt", amount: 10, reason_code: "ZZZ", tax_rate_id: full.id }],
    });
    expect(invoice).toMatchObject({ tax_exclusive_total: 110, total: 130.9 });
    const sent = await send(org, invoice.id);
    const half = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Eine Stunde weniger",
      lines: [{ invoice_item_id: sent.items[0].id, quantity: 1 }],
    });
    expect(half.status, JSON.stringify(half.body)).toBe(201);
    expect(half.body).toMatchObject({ tax_exclusive_total: 55, total: 65.45 });
    const rest = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Storno",
      lines: [{ invoice_item_id: sent.items[0].id, quantity: 1 }],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body).toMatchObject({ total: 65.45 });
    const after = await get(org, `/v1/invoices/${invoice.id}`);
    expect(after.body).toMatchObject({ status: "void", amount_credited: 130.9, amount_due: 0 });
  });
});

describe("prepaid amount and cash rounding: the amount due everywhere", () => {
  it("asks for total - prepaid in amount_due, UBL, CII, the move to paid and the hosted page", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id }],
      prepaid_amount: 50,
    });
    expect(invoice).toMatchObject({ total: 119, prepaid_amount: 50, amount_due: 69 });
    const sent = await send(org, invoice.id);
    expect(sent.amount_due).toBe(69);

    const ubl = await einvoice(org, invoice.id, "ubl");
    expect(ubl).toContain(
      '<cbc:TaxInclusiveAmount currencyID="EUR">119.00</cbc:TaxInclusiveAmount>' +
        '<cbc:AllowanceTotalAmount currencyID="EUR">0.00</cbc:AllowanceTotalAmount>' +
        '<cbc:PrepaidAmount currencyID="EUR">50.00</cbc:PrepaidAmount>' +
        '<cbc:PayableRoundingAmount currencyID="EUR">0.00</cbc:PayableRoundingAmount>' +
        '<cbc:PayableAmount currencyID="EUR">69.00</cbc:PayableAmount>',
    );
    const cii = await einvoice(org, invoice.id, "cii");
    expect(cii).toContain(
      "<ram:TotalPrepaidAmount>50.00</ram:TotalPrepaidAmount><ram:DuePayableAmount>69.00</ram:DuePayableAmount>",
    );

    const hosted = await api("GET", new URL(sent.hosted_url).pathname);
    expect(hosted.status).toBe(200);
    expect(String(hosted.body)).toContain("69.00");

    const paid = await post(org, `/v1/invoices/${invoice.id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", amount_paid: 69, amount_due: 0 });
  });

  it("matches a transfer of the amount due (not the total) from a bank statement", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id }],
      prepaid_amount: 19,
    });
    const sent = await send(org, invoice.id);
    const statement = camt053([
      { amount: 100, name: "Kunde AG", structured: sent.payment_reference, bankRef: "P-1" },
    ]);
    const imported = await api("POST", "/v1/bank-statements", {
      token: org.owner.key,
      rawBody: statement,
      headers: { "Content-Type": "application/xml" },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ matched: 1, suggested: 0, unmatched: 0 });
    const after = await get(org, `/v1/invoices/${invoice.id}`);
    expect(after.body).toMatchObject({ status: "paid", amount_paid: 100, amount_due: 0 });
  });

  it("settles an invoice prepaid in full as it is sent", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id }],
      prepaid_amount: 119,
    });
    expect(invoice).toMatchObject({ total: 119, amount_due: 0 });
    const sent = await send(org, invoice.id);
    expect(sent).toMatchObject({ status: "paid", amount_paid: 0, amount_due: 0 });
  });

  it("rounds the amount due to the organization's cash_rounding, and not where the currency cannot", async () => {
    const org = await sellerOrg({ cash_rounding: 0.05 });
    const profile = await get(org, "/v1/organization");
    expect(profile.body.cash_rounding).toBe(0.05);
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    // 10.33 + 19% (1.96) = 12.29 -> 12.30
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Kaffee", quantity: 1, unit_price: 10.33, tax_rate_id: full.id }],
    });
    expect(invoice).toMatchObject({ tax_total: 1.96, rounding_amount: 0.01, total: 12.3, amount_due: 12.3 });
    await send(org, invoice.id);
    const ubl = await einvoice(org, invoice.id, "ubl");
    expect(ubl).toContain(
      '<cbc:TaxInclusiveAmount currencyID="EUR">12.29</cbc:TaxInclusiveAmount>' +
        '<cbc:AllowanceTotalAmount currencyID="EUR">0.00</cbc:AllowanceTotalAmount>' +
        '<cbc:PrepaidAmount currencyID="EUR">0.00</cbc:PrepaidAmount>' +
        '<cbc:PayableRoundingAmount currencyID="EUR">0.01</cbc:PayableRoundingAmount>' +
        '<cbc:PayableAmount currencyID="EUR">12.30</cbc:PayableAmount>',
    );

    const yen = await draft(org, {
      customer_id: customer.id,
      currency: "JPY",
      items: [{ description: "Kaffee", quantity: 1, unit_price: 1033 }],
    });
    expect(yen).toMatchObject({ rounding_amount: 0, total: 1033 });

    const bad = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { cash_rounding: 0.00001 },
    });
    expect(expectError(bad, 422, "validation_error").details).toEqual({
      cash_rounding: expect.stringContaining("4 decimals"),
    });
    const removed = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { cash_rounding: null },
    });
    expect(removed.body.cash_rounding).toBeNull();
  });
});

describe("a stated rounding amount (BT-114)", () => {
  const patch = (org: TestOrg, id: string, body: Record<string, unknown>) =>
    api("PATCH", `/v1/invoices/${id}`, { token: org.owner.key, body });

  it("replaces the organization's cash rounding, is answered as stated and written in UBL and CII", async () => {
    const org = await sellerOrg({ cash_rounding: 0.05 });
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const body = {
      customer_id: customer.id,
      // 10.00 + 19% = 11.90: the cash rounding leaves it, the seller's books say 11.91
      items: [{ description: "Beratung", quantity: 1, unit_price: 10, tax_rate_id: full.id }],
      rounding_amount: 0.01,
    };
    const invoice = await draft(org, body);
    expect(invoice).toMatchObject({ tax_total: 1.9, rounding_amount: 0.01, total: 11.91, amount_due: 11.91 });

    // The invoice read back and sent again is the same document.
    const again = await draft(org, { ...body, rounding_amount: invoice.rounding_amount });
    expect(again).toMatchObject({ rounding_amount: 0.01, total: 11.91 });

    const lowered = await patch(org, invoice.id, { rounding_amount: -0.02 });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body).toMatchObject({ rounding_amount: -0.02, total: 11.88, amount_due: 11.88 });
    // Other fields change, the stated rounding stays.
    const noted = await patch(org, invoice.id, { purchase_order: "PO-7" });
    expect(noted.body).toMatchObject({ rounding_amount: -0.02, total: 11.88 });
    // null: back to the organization's cash rounding (11.90 is a multiple of 0.05).
    const cleared = await patch(org, invoice.id, { rounding_amount: null });
    expect(cleared.body).toMatchObject({ rounding_amount: 0, total: 11.9 });
    const restated = await patch(org, invoice.id, { rounding_amount: 0.01 });
    expect(restated.body).toMatchObject({ rounding_amount: 0.01, total: 11.91 });

    const sent = await send(org, invoice.id);
    expect(sent).toMatchObject({ rounding_amount: 0.01, total: 11.91, amount_due: 11.91 });
    const ubl = await einvoice(org, invoice.id, "ubl");
    expect(ubl).toContain(
      '<cbc:TaxInclusiveAmount currencyID="EUR">11.90</cbc:TaxInclusiveAmount>' +
        '<cbc:AllowanceTotalAmount currencyID="EUR">0.00</cbc:AllowanceTotalAmount>' +
        '<cbc:PrepaidAmount currencyID="EUR">0.00</cbc:PrepaidAmount>' +
        '<cbc:PayableRoundingAmount currencyID="EUR">0.01</cbc:PayableRoundingAmount>' +
        '<cbc:PayableAmount currencyID="EUR">11.91</cbc:PayableAmount>',
    );
    const cii = await einvoice(org, invoice.id, "cii");
    expect(cii).toContain(
      "<ram:RoundingAmount>0.01</ram:RoundingAmount><ram:GrandTotalAmount>11.90</ram:GrandTotalAmount>",
    );
    expect(cii).toContain("<ram:DuePayableAmount>11.91</ram:DuePayableAmount>");
    const hosted = await api("GET", new URL(sent.hosted_url).pathname);
    expect(String(hosted.body)).toContain("11.91");

    const edit = await patch(org, invoice.id, { rounding_amount: 0 });
    expect(expectError(edit, 409, "conflict").details).toMatchObject({ fields: ["rounding_amount"] });
  });

  it("replaces the cent of tax-inclusive prices too: the read-back rounding gives the same invoice", async () => {
    const org = await sellerOrg();
    const inclusive = await standardRate(org, 19, true);
    const customer = await createCustomer(org, BUYER);
    // 10.05 gross at 19%: net 8.45 + VAT 1.61 = 10.06, the cent -0.01 keeps the total at 10.05.
    const body = {
      customer_id: customer.id,
      items: [{ description: "Kaffee", quantity: 1, unit_price: 10.05, tax_rate_id: inclusive.id }],
    };
    const computed = await draft(org, body);
    expect(computed).toMatchObject({
      tax_exclusive_total: 8.45,
      tax_total: 1.61,
      rounding_amount: -0.01,
      total: 10.05,
    });
    const stated = await draft(org, { ...body, rounding_amount: computed.rounding_amount });
    expect(stated).toMatchObject({
      tax_exclusive_total: 8.45,
      tax_total: 1.61,
      rounding_amount: -0.01,
      total: 10.05,
    });
    const none = await draft(org, { ...body, rounding_amount: 0 });
    expect(none).toMatchObject({ rounding_amount: 0, total: 10.06, amount_due: 10.06 });
  });

  it("answers 422 naming rounding_amount for a bad rounding, and rescales or refuses it on a new currency", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const items = [{ description: "Beratung", quantity: 1, unit_price: 10, tax_rate_id: full.id }];
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await create(org, { customer_id: customer.id, items, ...body });
      expect(expectError(res, 422, "validation_error").details).toEqual({
        rounding_amount: expect.stringContaining(message),
      });
    };
    await refused({ rounding_amount: 1 }, "between -0.99 and 0.99");
    await refused({ rounding_amount: -0.995 }, "At most 2 decimals");
    await refused({ currency: "JPY", rounding_amount: 10 }, "between -9 and 9");
    await refused({ currency: "JPY", rounding_amount: 0.5 }, "whole number");
    await refused({ rounding_amount: "0.01" }, "number");
    const tiny = await create(org, {
      customer_id: customer.id,
      items: [{ description: "Stift", quantity: 1, unit_price: 0.3 }],
      rounding_amount: -0.5,
    });
    expect(expectError(tiny, 422, "validation_error").details).toEqual({
      rounding_amount: "The rounding would take the total below zero",
    });

    const yen = await draft(org, {
      customer_id: customer.id,
      currency: "JPY",
      items: [{ description: "Kaffee", quantity: 1, unit_price: 1033 }],
      rounding_amount: -3,
    });
    expect(yen).toMatchObject({ rounding_amount: -3, total: 1030 });

    const euro = await draft(org, { customer_id: customer.id, items, rounding_amount: 0.01 });
    const dollars = await api("PATCH", `/v1/invoices/${euro.id}`, {
      token: org.owner.key,
      body: { currency: "USD" },
    });
    expect(dollars.body).toMatchObject({ currency: "USD", rounding_amount: 0.01, total: 11.91 });
    const toYen = await api("PATCH", `/v1/invoices/${euro.id}`, {
      token: org.owner.key,
      body: { currency: "JPY" },
    });
    expect(expectError(toYen, 422, "validation_error").details).toEqual({
      currency: expect.stringContaining("give rounding_amount"),
    });
    const toYenStated = await api("PATCH", `/v1/invoices/${euro.id}`, {
      token: org.owner.key,
      body: { currency: "JPY", rounding_amount: null },
    });
    expect(toYenStated.status, JSON.stringify(toYenStated.body)).toBe(200);
    expect(toYenStated.body).toMatchObject({ currency: "JPY", rounding_amount: 0 });
    // 3 JPY is no rounding in EUR (3.00): refused on the currency, not carried over.
    const backToEuro = await api("PATCH", `/v1/invoices/${yen.id}`, {
      token: org.owner.key,
      body: { currency: "EUR" },
    });
    expect(expectError(backToEuro, 422, "validation_error").details).toEqual({
      currency: expect.stringContaining("give rounding_amount"),
    });
  });
});

describe("split payment (VAT category B): the buyer pays the VAT to the state", () => {
  // An Italian seller and an Italian public body (CEN example FT G2G_TD01).
  const ITALIAN_SELLER = {
    legal_name: "Azienda Unita Sanitaria Locale di Reggio Emilia",
    address: { line1: "Via Amendola 2", city: "Reggio Emilia", postal_code: "42100", country: "IT" },
    vat_id: "IT01598570354",
    electronic_address: { scheme: "0201", id: "UF6WX8" },
  };
  const PUBLIC_BUYER = {
    name: "Azienda USL di Modena",
    address: {
      line1: "Via San Giovanni del Cantone 23",
      city: "Modena",
      postal_code: "41121",
      country: "IT",
    },
    vat_id: "IT02241850367",
    buyer_reference: "110#2020-02-05#ABCDEF",
    electronic_address: { scheme: "0201", id: "UFLCTZ" },
  };
  const splitRate = (org: TestOrg) =>
    createTaxRate(org, { display_name: "IVA 22% scissione", percentage: 22, category: "B" });
  const items = (rateId: string) => [
    {
      description: "EBIXA 5MG/EROGAZIONE SOL. ORALE 50 ML",
      quantity: 20,
      unit_price: 62.3,
      tax_rate_id: rateId,
    },
  ];

  it("asks for the net amount: split_payment_amount, BT-113 in UBL and CII, the page, the PDF and the move to paid", async () => {
    const org = await sellerOrg(ITALIAN_SELLER);
    const split = await splitRate(org);
    const customer = await createCustomer(org, PUBLIC_BUYER);
    const invoice = await draft(org, { customer_id: customer.id, items: items(split.id), locale: "it" });
    // 20 x 62.30 = 1246.00 + 22% = 274.12: the buyer pays 1246.00, the VAT to the state.
    expect(invoice).toMatchObject({
      tax_total: 274.12,
      total: 1520.12,
      prepaid_amount: 0,
      split_payment_amount: 274.12,
      amount_due: 1246,
    });
    expect(invoice.einvoice.missing).toEqual([]);
    expect(invoice.tax_breakdown[0]).toMatchObject({ category: "B", tax_amount: 274.12 });

    // The customer's own prepaid amount stays what it stated; the documents add the two.
    const prepaid = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { prepaid_amount: 200 },
    });
    expect(prepaid.body).toMatchObject({
      prepaid_amount: 200,
      split_payment_amount: 274.12,
      amount_due: 1046,
    });
    const sent = await send(org, invoice.id);
    expect(sent).toMatchObject({ prepaid_amount: 200, split_payment_amount: 274.12, amount_due: 1046 });

    const ubl = await einvoice(org, invoice.id, "ubl");
    expect(ubl).toContain(
      '<cbc:TaxInclusiveAmount currencyID="EUR">1520.12</cbc:TaxInclusiveAmount>' +
        '<cbc:AllowanceTotalAmount currencyID="EUR">0.00</cbc:AllowanceTotalAmount>' +
        '<cbc:PrepaidAmount currencyID="EUR">474.12</cbc:PrepaidAmount>' +
        '<cbc:PayableRoundingAmount currencyID="EUR">0.00</cbc:PayableRoundingAmount>' +
        '<cbc:PayableAmount currencyID="EUR">1046.00</cbc:PayableAmount>',
    );
    expect(ubl).toContain("<cac:TaxCategory><cbc:ID>B</cbc:ID><cbc:Percent>22</cbc:Percent>");
    const cii = await einvoice(org, invoice.id, "cii");
    expect(cii).toContain(
      "<ram:TotalPrepaidAmount>474.12</ram:TotalPrepaidAmount><ram:DuePayableAmount>1046.00</ram:DuePayableAmount>",
    );

    const label = "IVA versata dal committente (scissione dei pagamenti)";
    const hosted = String((await api("GET", new URL(sent.hosted_url).pathname)).body);
    expect(hosted).toContain(label);
    expect(hosted).toMatch(/−274,12/);
    const pdf = await api("GET", `/v1/invoices/${invoice.id}/pdf`, { token: org.owner.key });
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.raw.arrayBuffer())), {
      mergePages: true,
    });
    const pdfText = String(text).replace(/[\u00a0\u202f]/g, " ");
    // The label wraps in the totals' column: its words, beside the amount.
    expect(pdfText.replace(/\s+/g, " ")).toContain(
      "IVA versata dal committente −274,12 € (scissione dei pagamenti)",
    );
    expect(pdfText).toContain("Importo dovuto 1046,00");

    const email = await get(org, `/v1/invoices/${invoice.id}/email-preview`);
    expect(email.status).toBe(200);
    expect(email.body.text).toContain(label);
    expect(email.body.text).toMatch(/−274,12/);
    expect(email.body.html).toContain(label);

    const paid = await post(org, `/v1/invoices/${invoice.id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", amount_paid: 1046, amount_due: 0 });
  });

  it("answers without split_payment_amount where no line is of category B", async () => {
    const org = await sellerOrg();
    const { full } = await twoRates(org);
    const customer = await createCustomer(org, BUYER);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: full.id }],
    });
    expect(invoice).not.toHaveProperty("split_payment_amount");
    expect(invoice).toMatchObject({ total: 119, amount_due: 119 });
  });

  it("holds a prepaid amount to what the buyer pays the seller", async () => {
    const org = await sellerOrg(ITALIAN_SELLER);
    const split = await splitRate(org);
    const customer = await createCustomer(org, PUBLIC_BUYER);
    const over = await create(org, {
      customer_id: customer.id,
      items: items(split.id),
      prepaid_amount: 1246.01,
    });
    expect(expectError(over, 422, "validation_error").details).toEqual({
      prepaid_amount: expect.stringContaining("split payment"),
    });
    const whole = await draft(org, {
      customer_id: customer.id,
      items: items(split.id),
      prepaid_amount: 1246,
    });
    expect(whole).toMatchObject({ amount_due: 0, split_payment_amount: 274.12 });
  });

  it("credits the split-payment VAT with the lines, taking only the net off amount_due and refunding no VAT", async () => {
    const org = await sellerOrg(ITALIAN_SELLER);
    const split = await splitRate(org);
    const customer = await createCustomer(org, PUBLIC_BUYER);
    const invoice = await draft(org, { customer_id: customer.id, items: items(split.id) });
    await send(org, invoice.id);

    // Half the units: 623.00 + 137.06 VAT; the buyer owes the seller 623.00 less.
    const half = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Reso",
      lines: [{ invoice_item_id: invoice.items[0].id, quantity: 10 }],
    });
    expect(half.status, JSON.stringify(half.body)).toBe(201);
    expect(half.body).toMatchObject({
      total: 760.06,
      split_payment_amount: 137.06,
      refund_amount: 0,
    });
    expect((await get(org, `/v1/invoices/${invoice.id}`)).body).toMatchObject({
      status: "sent",
      amount_credited: 760.06,
      amount_due: 623,
    });
    // The note's e-mail states the split VAT it credits but asks nothing: no "Amount due" row.
    const noteMail = await get(org, `/v1/credit-notes/${half.body.id}/email-preview`);
    expect(noteMail.status).toBe(200);
    const noteText = (noteMail.body as { text: string }).text;
    expect(noteText).toMatch(/137[.,]06/);
    expect(noteText).not.toMatch(/Amount due|Importo dovuto/);
    const noteUbl = await get(org, `/v1/credit-notes/${half.body.id}/einvoice?syntax=ubl`);
    expect(noteUbl.status).toBe(200);
    expect(String(noteUbl.body).replace(/>\s+</g, "><")).toContain(
      '<cbc:PrepaidAmount currencyID="EUR">137.06</cbc:PrepaidAmount>' +
        '<cbc:PayableRoundingAmount currencyID="EUR">0.00</cbc:PayableRoundingAmount>' +
        '<cbc:PayableAmount currencyID="EUR">623.00</cbc:PayableAmount>',
    );

    // The buyer pays the rest (623.00); crediting the other half then refunds 623.00, no VAT.
    const paid = await post(org, `/v1/invoices/${invoice.id}/pay`);
    expect(paid.body).toMatchObject({ status: "paid", amount_paid: 623, amount_due: 0 });
    const rest = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Reso",
      lines: [{ invoice_item_id: invoice.items[0].id, quantity: 10 }],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body).toMatchObject({
      total: 760.06,
      split_payment_amount: 137.06,
      refund_amount: 623,
    });
    expect((await get(org, `/v1/invoices/${invoice.id}`)).body).toMatchObject({
      amount_credited: 1520.12,
      amount_paid: 0,
      amount_due: 0,
    });

    // A void credits the whole total, VAT included, and leaves nothing due.
    const other = await draft(org, { customer_id: customer.id, items: items(split.id) });
    await send(org, other.id);
    const voided = await post(org, `/v1/invoices/${other.id}/void`, {});
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: "void", amount_credited: 1520.12, amount_due: 0 });
    const notes = await get(org, `/v1/invoices/${other.id}/credit-notes`);
    expect(notes.body.data[0]).toMatchObject({
      total: 1520.12,
      split_payment_amount: 274.12,
      refund_amount: 0,
    });
  });

  it("holds split payment to domestic Italian invoices without standard-rated lines (BR-B-01, BR-B-02)", async () => {
    const org = await sellerOrg(ITALIAN_SELLER);
    const split = await splitRate(org);
    const standard = await standardRate(org, 22);
    const italian = await createCustomer(org, PUBLIC_BUYER);
    const german = await createCustomer(org, { ...BUYER, vat_id: "DE987654321" });

    const abroad = await draft(org, { customer_id: german.id, items: items(split.id) });
    expect(abroad.einvoice.missing).toContain("customer.address.country");
    const mixed = await draft(org, {
      customer_id: italian.id,
      items: [
        ...items(split.id),
        { description: "Consegna", quantity: 1, unit_price: 10, tax_rate_id: standard.id },
      ],
    });
    expect(mixed.einvoice.missing).toEqual(["items.1.tax_rate_id"]);
    await send(org, mixed.id);
    const ubl = await get(org, `/v1/invoices/${mixed.id}/einvoice?syntax=ubl`);
    expect(ubl.status).toBe(422);
    expect(JSON.stringify(ubl.body)).toContain("BR-B-02");

    const germanSeller = await sellerOrg();
    const rate = await splitRate(germanSeller);
    const buyer = await createCustomer(germanSeller, PUBLIC_BUYER);
    const fromGermany = await draft(germanSeller, { customer_id: buyer.id, items: items(rate.id) });
    expect(fromGermany.einvoice.missing).toContain("organization.address.country");
  });
});

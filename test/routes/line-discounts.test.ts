// Several discounts on one line (items `discounts`, one BG-27 each) and the stated base of a line
// discount's or charge's percentage (`base_amount`, BT-137/BT-142): priced once by the totals
// engine, answered and stored, written into UBL and CII from the frozen model, listed on the PDF,
// the hosted page and the e-mail; what is refused, with the field named.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, expectError } from "../helpers/api";
import { createRaw, draft, get, readyOrg, send, standardRate, einvoiceXml as xml } from "./billing/helpers";

const refusal = (res: Awaited<ReturnType<typeof api>>) =>
  expectError(res, 422, "validation_error").details ?? {};

/** 30 x 100.00 = 3000.00; 10 % of 2000.00 and 50.00 off; 5 % of 1000.00 added: 2800.00. */
const TWO_DISCOUNTS_AND_A_BASED_CHARGE = {
  description: "Vehicle lease",
  quantity: 30,
  unit_price: 100,
  discounts: [
    { description: "Fixed long term", reason_code: "102", percentage: 10, base_amount: 2000 },
    { description: "Loyalty", amount: 50 },
  ],
  charges: [{ description: "Testing", reason_code: "TAC", percentage: 5, base_amount: 1000 }],
};

const EXPECTED_LINE = {
  amount: 3000,
  discount: null,
  discount_amount: 250,
  discounts: [
    {
      description: "Fixed long term",
      reason_code: "102",
      percentage: 10,
      base_amount: 2000,
      discount_amount: 200,
    },
    { description: "Loyalty", reason_code: null, amount: 50, discount_amount: 50 },
  ],
  charges: [
    { description: "Testing", reason_code: "TAC", percentage: 5, base_amount: 1000, charge_amount: 50 },
  ],
  net_amount: 2800,
};

describe("several discounts on one line, and the base of a line discount or charge", () => {
  it("prices each discount and a based charge once, answers and stores them, and writes each BG-27/BG-28", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [
        { ...TWO_DISCOUNTS_AND_A_BASED_CHARGE, tax_rate_id: rate },
        {
          description: "Plain",
          quantity: 1,
          unit_price: 100,
          tax_rate_id: rate,
          discount: { percentage: 10 },
        },
      ],
    });
    expect(created.items[0]).toMatchObject(EXPECTED_LINE);
    // A line with the one discount answers as it always did: no discounts, no base.
    expect(created.items[1]).toMatchObject({
      discount: { percentage: 10 },
      discount_amount: 10,
      net_amount: 90,
    });
    expect(created.items[1]).not.toHaveProperty("discounts");
    expect(created.items[1].discount).not.toHaveProperty("base_amount");
    expect(created).toMatchObject({ subtotal: 2890, tax_total: 549.1, total: 3439.1 });
    const stored = await get(org, `/v1/invoices/${created.id}`);
    expect(stored.body.items[0]).toMatchObject(EXPECTED_LINE);

    await send(org, created.id);
    const ubl = await xml(org, created.id, "ubl");
    expect(ubl).toContain(
      '<cbc:LineExtensionAmount currencyID="EUR">2800.00</cbc:LineExtensionAmount>' +
        "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>" +
        "<cbc:AllowanceChargeReasonCode>102</cbc:AllowanceChargeReasonCode>" +
        "<cbc:AllowanceChargeReason>Fixed long term</cbc:AllowanceChargeReason>" +
        "<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>" +
        '<cbc:Amount currencyID="EUR">200.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">2000.00</cbc:BaseAmount>' +
        "</cac:AllowanceCharge>" +
        "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>" +
        '<cbc:AllowanceChargeReason>Loyalty</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">50.00</cbc:Amount>' +
        "</cac:AllowanceCharge>" +
        "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>" +
        "<cbc:AllowanceChargeReasonCode>TAC</cbc:AllowanceChargeReasonCode>" +
        "<cbc:AllowanceChargeReason>Testing</cbc:AllowanceChargeReason>" +
        "<cbc:MultiplierFactorNumeric>5</cbc:MultiplierFactorNumeric>" +
        '<cbc:Amount currencyID="EUR">50.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">1000.00</cbc:BaseAmount>' +
        "</cac:AllowanceCharge><cac:Item>",
    );
    const cii = await xml(org, created.id, "cii");
    expect(cii).toContain(
      "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>" +
        "<ram:CalculationPercent>10</ram:CalculationPercent><ram:BasisAmount>2000.00</ram:BasisAmount>" +
        "<ram:ActualAmount>200.00</ram:ActualAmount><ram:ReasonCode>102</ram:ReasonCode><ram:Reason>Fixed long term</ram:Reason>" +
        "</ram:SpecifiedTradeAllowanceCharge>" +
        "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>" +
        "<ram:ActualAmount>50.00</ram:ActualAmount><ram:Reason>Loyalty</ram:Reason></ram:SpecifiedTradeAllowanceCharge>" +
        "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator>" +
        "<ram:CalculationPercent>5</ram:CalculationPercent><ram:BasisAmount>1000.00</ram:BasisAmount>" +
        "<ram:ActualAmount>50.00</ram:ActualAmount><ram:ReasonCode>TAC</ram:ReasonCode><ram:Reason>Testing</ram:Reason>" +
        "</ram:SpecifiedTradeAllowanceCharge>" +
        "<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>2800.00</ram:LineTotalAmount>",
    );
    // The old-style line keeps its one allowance, "Discount" of the line amount.
    expect(ubl).toContain(
      "<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason>" +
        '<cbc:Amount currencyID="EUR">10.00</cbc:Amount></cac:AllowanceCharge>',
    );

    // The PDF, the hosted page and the e-mail list each discount under the line, as its charges.
    const pdf = await api("GET", `/v1/invoices/${created.id}/pdf`, { token: org.owner.key });
    expect(pdf.status).toBe(200);
    const proxy = await getDocumentProxy(new Uint8Array(await pdf.raw.arrayBuffer()));
    const pdfText = String((await extractText(proxy, { mergePages: true })).text).replace(/\s+/g, " ");
    const sent = await get(org, `/v1/invoices/${created.id}`);
    const token = new URL(sent.body.hosted_url).pathname.split("/").pop();
    const page = await api("GET", `/i/${token}`);
    expect(page.status).toBe(200);
    const preview = await get(org, `/v1/invoices/${created.id}/email-preview`);
    const { text, html } = preview.body as { text: string; html: string };
    for (const output of [pdfText, page.body as string, text, html]) {
      expect(output).toMatch(/Fixed long term:?\s*−€200\.00/);
      expect(output).toMatch(/Loyalty:?\s*−€50\.00/);
      expect(output).toMatch(/Testing:?\s*\+€50\.00/);
    }
  });

  it("states a discount without a reason in the document's language: a German invoice says Rabatt", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      locale: "de",
      items: [
        {
          description: "Teile",
          quantity: 2,
          unit_price: 50,
          tax_rate_id: rate,
          discount: { percentage: 10 },
        },
      ],
    });
    await send(org, created.id);
    expect(await xml(org, created.id, "ubl")).toContain(
      "<cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason>" +
        '<cbc:Amount currencyID="EUR">10.00</cbc:Amount>',
    );
    expect(await xml(org, created.id, "cii")).toContain(
      "<ram:ActualAmount>10.00</ram:ActualAmount><ram:Reason>Rabatt</ram:Reason>",
    );
  });

  it("takes a base for the one discount too, and keeps discounts and bases through a quote and its conversion", async () => {
    const { org, rate, customer } = await readyOrg();
    const based = await draft(org, {
      customer_id: customer,
      items: [
        {
          description: "Parts",
          quantity: 2,
          unit_price: 50,
          tax_rate_id: rate,
          discount: { percentage: 12.5, base_amount: 80 },
        },
      ],
    });
    // 12.5 % of 80.00 = 10.00, not of the line amount 100.00.
    expect(based.items[0]).toMatchObject({
      discount: { percentage: 12.5, base_amount: 80 },
      discount_amount: 10,
      net_amount: 90,
    });
    await send(org, based.id);
    expect(await xml(org, based.id, "ubl")).toContain(
      "<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason>" +
        "<cbc:MultiplierFactorNumeric>12.5</cbc:MultiplierFactorNumeric>" +
        '<cbc:Amount currencyID="EUR">10.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">80.00</cbc:BaseAmount>',
    );

    const quote = await api("POST", "/v1/quotes", {
      token: org.owner.key,
      body: { customer_id: customer, items: [{ ...TWO_DISCOUNTS_AND_A_BASED_CHARGE, tax_rate_id: rate }] },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    expect(quote.body.items[0]).toMatchObject(EXPECTED_LINE);
    // Re-priced for a document discount, the stored line keeps its discounts and bases.
    const edited = await api("PATCH", `/v1/quotes/${quote.body.id}`, {
      token: org.owner.key,
      body: { discounts: [{ description: "Once", amount: 1 }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.items[0]).toMatchObject(EXPECTED_LINE);
    const sentQuote = await api("POST", `/v1/quotes/${quote.body.id}/send`, { token: org.owner.key });
    expect(sentQuote.status, JSON.stringify(sentQuote.body)).toBe(200);
    const converted = await api("POST", `/v1/quotes/${quote.body.id}/convert`, { token: org.owner.key });
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    expect(converted.body.invoice.items[0]).toMatchObject(EXPECTED_LINE);
    // A change of currency re-expresses the amounts and bases given.
    const usd = await api("PATCH", `/v1/invoices/${converted.body.invoice_id}`, {
      token: org.owner.key,
      body: { currency: "USD" },
    });
    expect(usd.status, JSON.stringify(usd.body)).toBe(200);
    expect(usd.body.items[0]).toMatchObject(EXPECTED_LINE);
  });

  it("refuses discount and discounts together, and each wrong discount or base by its path, storing nothing", async () => {
    const { org, rate, customer } = await readyOrg();
    const line = { description: "x", quantity: 1, unit_price: 100, tax_rate_id: rate };
    expect(
      refusal(
        await createRaw(org, customer, [
          { ...line, discount: { amount: 1 }, discounts: [{ amount: 2, description: "b" }] },
        ]),
      ),
    ).toEqual({ "items.0.discounts": "Give discount or discounts, not both" });
    expect(
      refusal(
        await createRaw(org, customer, [
          {
            ...line,
            discounts: [
              { percentage: 5, reason_code: "ZZZ" },
              { amount: 5, base_amount: 50 },
              { amount: 1, percentage: 1 },
            ],
          },
        ]),
      ),
    ).toEqual({
      "items.0.discounts.0.reason_code": "Not a UNCL 5189 allowance reason code allowed by EN 16931",
      "items.0.discounts.1.base_amount": "A base_amount goes with a percentage",
      "items.0.discounts.2": "Give exactly one of amount or percentage",
    });
    expect(
      refusal(
        await createRaw(org, customer, [
          { ...line, discounts: Array.from({ length: 11 }, () => ({ amount: 1 })) },
        ]),
      ),
    ).toHaveProperty(["items.0.discounts"]);
    expect(
      refusal(
        await createRaw(org, customer, [
          { ...line, discounts: [{ amount: 60 }, { percentage: 50, base_amount: 100 }] },
        ]),
      ),
    ).toEqual({ "items.0.discounts": "The discounts are larger than the line amount" });
    expect(
      refusal(
        await createRaw(org, customer, [
          { ...line, quantity: 2 },
          {
            ...line,
            quantity: -1,
            charges: [{ description: "c", percentage: 10, base_amount: 50 }],
          },
        ]),
      ),
    ).toEqual({
      "items.1.charges.0.base_amount": "A correction line (negative quantity) takes no base_amount",
    });
    expect(
      refusal(
        await createRaw(org, customer, [
          { ...line, charges: [{ description: "c", percentage: 10, base_amount: -5 }] },
        ]),
      ),
    ).toHaveProperty(["items.0.charges.0.base_amount"]);
    const inclusive = (await standardRate(org, 19, true)).id;
    expect(
      refusal(
        await createRaw(org, customer, [
          { ...line, tax_rate_id: inclusive, discounts: [{ amount: 1, description: "a" }] },
        ]),
      ),
    ).toEqual({
      "items.0.tax_rate_id": "Several line discounts and a discount's base_amount need a tax-exclusive rate",
    });
    // A refused edit leaves the draft as it was.
    const kept = await draft(org, { customer_id: customer, items: [TWO_DISCOUNTS_AND_A_BASED_CHARGE] });
    const refused = await api("PATCH", `/v1/invoices/${kept.id}`, {
      token: org.owner.key,
      body: { items: [{ ...TWO_DISCOUNTS_AND_A_BASED_CHARGE, discount: { amount: 1 } }] },
    });
    expect(refusal(refused)).toEqual({ "items.0.discounts": "Give discount or discounts, not both" });
    const after = await get(org, `/v1/invoices/${kept.id}`);
    expect(after.body.items[0]).toMatchObject(EXPECTED_LINE);
    const list = await get(org, "/v1/invoices");
    expect(list.body.data).toHaveLength(1);
  });
});

// Line terms of EN 16931: net prices with up to 6 decimals and a base quantity (BG-29),
// gross price and price discount, line charges (BG-28) and discount reasons (BG-27), correction
// lines with negative quantities, and the line's own period (BG-26): priced once by the totals
// engine, answered by the API and written into UBL and CII from the frozen model.
import { describe, expect, it } from "vitest";
import { api, expectError } from "../helpers/api";
import { createRaw, draft, get, readyOrg, send, standardRate, einvoiceXml as xml } from "./billing/helpers";

function refusal(res: Awaited<ReturnType<typeof api>>) {
  return expectError(res, 422, "validation_error").details ?? {};
}

describe("invoice line terms", () => {
  it("prices a 6-decimal net price per base quantity once, and writes BaseQuantity in UBL and CII", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [
        // 1234 kWh at 0.123456 EUR per kWh: 152.344704, rounded once to 152.34.
        { description: "Energy", quantity: 1234, unit_code: "KWH", unit_price: 0.123456, tax_rate_id: rate },
        // 250 sheets at 12.50 per 100 sheets: 31.25.
        { description: "Paper", quantity: 250, unit_price: 12.5, base_quantity: 100, tax_rate_id: rate },
      ],
    });
    expect(created.items[0]).toMatchObject({ unit_price: 0.123456, amount: 152.34, net_amount: 152.34 });
    expect(created.items[1]).toMatchObject({ unit_price: 12.5, base_quantity: 100, amount: 31.25 });
    expect(created).toMatchObject({ subtotal: 183.59, tax_total: 34.88, total: 218.47 });
    await send(org, created.id);
    const ubl = await xml(org, created.id, "ubl");
    expect(ubl).toContain('<cbc:InvoicedQuantity unitCode="KWH">1234</cbc:InvoicedQuantity>');
    expect(ubl).toContain(
      '<cac:Price><cbc:PriceAmount currencyID="EUR">0.123456</cbc:PriceAmount></cac:Price>',
    );
    expect(ubl).toContain(
      '<cac:Price><cbc:PriceAmount currencyID="EUR">12.50</cbc:PriceAmount><cbc:BaseQuantity unitCode="C62">100</cbc:BaseQuantity></cac:Price>',
    );
    const cii = await xml(org, created.id, "cii");
    expect(cii).toContain(
      '<ram:NetPriceProductTradePrice><ram:ChargeAmount>12.50</ram:ChargeAmount><ram:BasisQuantity unitCode="C62">100</ram:BasisQuantity></ram:NetPriceProductTradePrice>',
    );
  });

  it("fills a line from a product priced with 6 decimals per base quantity", async () => {
    const { org, rate, customer } = await readyOrg();
    const product = await api("POST", "/v1/products", {
      token: org.owner.key,
      body: { name: "Screws", price: 4.123456, currency: "EUR", unit: "piece", base_quantity: 1000 },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    expect(product.body).toMatchObject({ price: 4.123456, base_quantity: 1000 });
    const created = await draft(org, {
      customer_id: customer,
      items: [{ product_id: product.body.id, quantity: 2500, tax_rate_id: rate }],
    });
    // 2500 x 4.123456 / 1000 = 10.30864: 10.31.
    expect(created.items[0]).toMatchObject({ unit_price: 4.123456, base_quantity: 1000, amount: 10.31 });
    const plain = await api("POST", "/v1/products", {
      token: org.owner.key,
      body: { name: "Plain", price: 4.5, currency: "EUR", unit: "piece" },
    });
    expect(plain.body).not.toHaveProperty("base_quantity");
    expect(plain.body.price).toBe(4.5);
  });

  it("keeps line terms through a quote and its conversion into an invoice", async () => {
    const { org, rate, customer } = await readyOrg();
    const item = {
      description: "Paper",
      quantity: 250,
      unit_price: 0.0125,
      base_quantity: 10,
      tax_rate_id: rate,
      discount: { amount: 0.05, reason_code: "95" },
      charges: [{ description: "Packing", amount: 1 }],
      service_period: { start: "2026-10-01", end: "2026-10-31" },
    };
    const quote = await api("POST", "/v1/quotes", {
      token: org.owner.key,
      body: { customer_id: customer, items: [item] },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    // 250 x 0.0125 / 10 = 0.3125 -> 0.31; - 0.05 + 1 = 1.26.
    const terms = {
      unit_price: 0.0125,
      base_quantity: 10,
      amount: 0.31,
      discount: { amount: 0.05, reason_code: "95" },
      charges: [{ description: "Packing", reason_code: null, amount: 1, charge_amount: 1 }],
      service_period: { start: "2026-10-01", end: "2026-10-31" },
      net_amount: 1.26,
    };
    expect(quote.body.items[0]).toMatchObject(terms);
    // Editing only the document discounts re-prices the stored lines: every term stays.
    const edited = await api("PATCH", `/v1/quotes/${quote.body.id}`, {
      token: org.owner.key,
      body: { discounts: [{ description: "Loyalty", amount: 0.01 }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.items[0]).toMatchObject(terms);
    const gross = await api("POST", "/v1/quotes", {
      token: org.owner.key,
      body: {
        customer_id: customer,
        items: [
          { description: "Ink", quantity: 2, gross_price: 10.123456, price_discount: 1, tax_rate_id: rate },
        ],
      },
    });
    expect(gross.status, JSON.stringify(gross.body)).toBe(201);
    const regrossed = await api("PATCH", `/v1/quotes/${gross.body.id}`, {
      token: org.owner.key,
      body: { discounts: [] },
    });
    expect(regrossed.body.items[0]).toMatchObject({
      gross_price: 10.123456,
      price_discount: 1,
      amount: 18.25,
    });
    await api("PATCH", `/v1/quotes/${quote.body.id}`, { token: org.owner.key, body: { discounts: [] } });
    for (const step of ["send", "accept"]) {
      const res = await api("POST", `/v1/quotes/${quote.body.id}/${step}`, { token: org.owner.key });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const converted = await api("POST", `/v1/quotes/${quote.body.id}/convert`, { token: org.owner.key });
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    expect(converted.body.invoice.items[0]).toMatchObject(terms);
    expect(converted.body.invoice.total).toBe(quote.body.total);
  });

  it("takes gross_price and price_discount instead of unit_price, and refuses both or an inconsistent pair", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [
        { description: "Chair", quantity: 3, gross_price: 120, price_discount: 20.5, tax_rate_id: rate },
      ],
    });
    expect(created.items[0]).toMatchObject({
      unit_price: 99.5,
      gross_price: 120,
      price_discount: 20.5,
      amount: 298.5,
    });
    await send(org, created.id);
    expect(await xml(org, created.id, "ubl")).toContain(
      '<cac:Price><cbc:PriceAmount currencyID="EUR">99.50</cbc:PriceAmount><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">20.50</cbc:Amount><cbc:BaseAmount currencyID="EUR">120.00</cbc:BaseAmount></cac:AllowanceCharge></cac:Price>',
    );
    expect(await xml(org, created.id, "cii")).toContain(
      "<ram:GrossPriceProductTradePrice><ram:ChargeAmount>120.00</ram:ChargeAmount><ram:AppliedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>20.50</ram:ActualAmount></ram:AppliedTradeAllowanceCharge></ram:GrossPriceProductTradePrice><ram:NetPriceProductTradePrice><ram:ChargeAmount>99.50</ram:ChargeAmount></ram:NetPriceProductTradePrice>",
    );

    const both = await createRaw(org, customer, [
      { description: "x", quantity: 1, unit_price: 5, gross_price: 6, price_discount: 1 },
    ]);
    expect(refusal(both)).toHaveProperty(["items.0.unit_price"]);
    const above = await createRaw(org, customer, [
      { description: "x", quantity: 1, gross_price: 6, price_discount: 7 },
    ]);
    expect(refusal(above)).toEqual({
      "items.0.price_discount": "The price discount is larger than the gross price",
    });
    const seven = await createRaw(org, customer, [{ description: "x", quantity: 1, unit_price: 0.1234567 }]);
    expect(refusal(seven)).toEqual({ "items.0.unit_price": "At most 6 decimals" });
  });

  it("adds line charges and states discount reasons with their codes and percentage base", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [
        {
          description: "Crate",
          quantity: 2,
          unit_price: 50,
          tax_rate_id: rate,
          discount: { percentage: 10, description: "Volume", reason_code: "95" },
          charges: [
            { description: "Packing", amount: 4, reason_code: "ABL" },
            { reason_code: "FC", percentage: 5 },
          ],
        },
      ],
    });
    // 100 - 10 (10 %) + 4 + 5 (5 % of 100) = 99.
    expect(created.items[0]).toMatchObject({
      amount: 100,
      discount: { percentage: 10, description: "Volume", reason_code: "95" },
      discount_amount: 10,
      charges: [
        { description: "Packing", reason_code: "ABL", amount: 4, charge_amount: 4 },
        { description: null, reason_code: "FC", percentage: 5, charge_amount: 5 },
      ],
      net_amount: 99,
    });
    expect(created).toMatchObject({ subtotal: 99, tax_total: 18.81, total: 117.81 });
    await send(org, created.id);
    const ubl = await xml(org, created.id, "ubl");
    expect(ubl).toContain(
      '<cbc:LineExtensionAmount currencyID="EUR">99.00</cbc:LineExtensionAmount><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Volume</cbc:AllowanceChargeReason><cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">10.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">100.00</cbc:BaseAmount></cac:AllowanceCharge><cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>ABL</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Packing</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">4.00</cbc:Amount></cac:AllowanceCharge><cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode><cbc:MultiplierFactorNumeric>5</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">5.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">100.00</cbc:BaseAmount></cac:AllowanceCharge><cac:Item>',
    );
    const cii = await xml(org, created.id, "cii");
    expect(cii).toContain(
      "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:CalculationPercent>10</ram:CalculationPercent><ram:BasisAmount>100.00</ram:BasisAmount><ram:ActualAmount>10.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>Volume</ram:Reason></ram:SpecifiedTradeAllowanceCharge>",
    );
    expect(cii).toContain("<ram:LineTotalAmount>99.00</ram:LineTotalAmount>");
    // The page lists the line's charges under it, styled by its stylesheet: its CSP allows no
    // style attribute, so one would be ignored and the facts run into the description.
    const token = new URL((await get(org, `/v1/invoices/${created.id}`)).body.hosted_url).pathname
      .split("/")
      .pop();
    const page = String((await api("GET", `/i/${token}`)).body);
    expect(page).toContain('<small class="line-fact">Packing: +€4.00</small>');
    expect(page).not.toContain(' style="');
  });

  it("refuses unknown reason codes and a charge without reason, naming the field", async () => {
    const { org, customer } = await readyOrg();
    const res = await createRaw(org, customer, [
      {
        description: "x",
        quantity: 1,
        unit_price: 10,
        discount: { amount: 1, reason_code: "FC" },
        charges: [{ description: "ok", amount: 1 }, { amount: 1, reason_code: "95" }, { amount: 1 }],
      },
    ]);
    expect(refusal(res)).toEqual({
      "items.0.discount.reason_code": "Not a UNCL 5189 allowance reason code allowed by EN 16931",
      "items.0.charges.1.reason_code": "Not a UNCL 7161 charge reason code allowed by EN 16931",
      "items.0.charges.2.description": "Give a description or a reason_code (BR-44)",
    });
  });

  it("keeps the old 'Discount' reason for a discount given without one", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [
        { description: "x", quantity: 1, unit_price: 10, tax_rate_id: rate, discount: { percentage: 10 } },
      ],
    });
    expect(created.items[0].discount).toEqual({ percentage: 10 });
    expect(created.items[0]).not.toHaveProperty("charges");
    await send(org, created.id);
    expect(await xml(org, created.id, "ubl")).toContain(
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">1.00</cbc:Amount></cac:AllowanceCharge>',
    );
  });

  it("takes correction lines with negative quantities, with signed totals and breakdown", async () => {
    const { org, rate, customer } = await readyOrg();
    const reduced = (await standardRate(org, 7)).id;
    const created = await draft(org, {
      customer_id: customer,
      items: [
        { description: "Delivered", quantity: 10, unit_price: 20, tax_rate_id: rate },
        {
          description: "Returned",
          quantity: -2,
          unit_price: 20,
          tax_rate_id: rate,
          discount: { percentage: 10 },
        },
        { description: "Book", quantity: 1, unit_price: 10, tax_rate_id: reduced },
        { description: "Book returned", quantity: -1, unit_price: 10.004, tax_rate_id: reduced },
      ],
    });
    // -40 less 10 % of -40 = -36; -10.004 rounds to -10.00 (as +10.004 rounds to 10.00).
    expect(created.items[1]).toMatchObject({
      quantity: -2,
      amount: -40,
      discount_amount: -4,
      net_amount: -36,
    });
    expect(created.items[3]).toMatchObject({ quantity: -1, unit_price: 10.004, amount: -10 });
    expect(created.tax_breakdown).toMatchObject([
      { percentage: 19, taxable_amount: 164, tax_amount: 31.16 },
      { percentage: 7, taxable_amount: 0, tax_amount: 0 },
    ]);
    expect(created).toMatchObject({ subtotal: 164, tax_total: 31.16, total: 195.16 });
    await send(org, created.id);
    const ubl = await xml(org, created.id, "ubl");
    expect(ubl).toContain(
      '<cbc:InvoicedQuantity unitCode="C62">-2</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">-36.00</cbc:LineExtensionAmount>',
    );
    expect(ubl).toContain('<cbc:Amount currencyID="EUR">-4.00</cbc:Amount>');
    expect(await xml(org, created.id, "cii")).toContain(
      '<ram:BilledQuantity unitCode="C62">-2</ram:BilledQuantity>',
    );
    // The page and the e-mail write the correction line's discount of -4.00 as the 4.00 it adds
    // back, as the PDF does, never as a deduction of a negative amount ("−-4.00").
    const sent = await get(org, `/v1/invoices/${created.id}`);
    const token = new URL((sent.body as { hosted_url: string }).hosted_url).pathname.split("/").pop();
    const page = await api("GET", `/i/${token}`);
    expect(page.status).toBe(200);
    const preview = await get(org, `/v1/invoices/${created.id}/email-preview`);
    const { text, html } = preview.body as { text: string; html: string };
    for (const output of [page.body as string, text, html]) {
      expect(output).not.toMatch(/−\s?-/);
      expect(output).toMatch(/>€4\.00<|€4\.00/);
    }
  });

  it("refuses a total below zero on a self-billed invoice, invoice discounts beside correction lines, and quantity 0", async () => {
    const { org, customer } = await readyOrg();
    const lines = [
      { description: "a", quantity: 1, unit_price: 10 },
      { description: "b", quantity: -2, unit_price: 10 },
    ];
    // A corrected invoice (384) may total below zero and owe back (negative-invoice.test.ts); a
    // plain one keeps the answer it always had, and one the organization pays (389) too.
    const owing = await createRaw(org, customer, lines, {
      type_code: "384",
      preceding_invoice: { number: "A-1" },
    });
    expect(owing.status, JSON.stringify(owing.body)).toBe(201);
    expect(owing.body).toMatchObject({ total: -10, amount_due: -10 });
    expect(refusal(await createRaw(org, customer, lines, { type_code: "389" }))).toEqual({
      "items.1.quantity":
        "The total would be below zero: correction lines may reduce it to 0 at most (issue a credit note instead)",
    });
    const below = await createRaw(org, customer, lines);
    expect(refusal(below)).toEqual({
      "items.1.quantity":
        "The total would be below zero: correction lines may reduce it to 0 at most (issue a credit note instead)",
    });
    const discounted = await createRaw(
      org,
      customer,
      [
        { description: "a", quantity: 2, unit_price: 10 },
        { description: "b", quantity: -1, unit_price: 10 },
      ],
      { discounts: [{ percentage: 5 }] },
    );
    expect(refusal(discounted)).toHaveProperty(["discounts"]);
    const zero = await createRaw(org, customer, [{ description: "a", quantity: 0, unit_price: 10 }]);
    expect(refusal(zero)).toHaveProperty(["items.0.quantity"]);
  });

  it("keeps line terms through updates, and refuses them with a tax-inclusive rate however it is reached", async () => {
    const { org, customer } = await readyOrg();
    const exclusive = (await standardRate(org, 19)).id;
    const inclusive = (await standardRate(org, 19, true)).id;
    const created = await draft(org, {
      customer_id: customer,
      default_tax_rate_id: exclusive,
      items: [
        {
          description: "Paper",
          quantity: 250,
          unit_price: 12.5,
          base_quantity: 100,
          charges: [{ description: "Packing", amount: 2 }],
        },
      ],
    });
    expect(created).toMatchObject({ subtotal: 33.25, total: 39.57 });
    const patch = (body: Record<string, unknown>) =>
      api("PATCH", `/v1/invoices/${created.id}`, { token: org.owner.key, body });
    const noted = await patch({ notes: "Thanks" });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body).toMatchObject({ subtotal: 33.25, total: 39.57 });
    expect(noted.body.items[0]).toMatchObject({ base_quantity: 100, amount: 31.25, net_amount: 33.25 });
    const kwd = await patch({ currency: "KWD" });
    expect(kwd.status, JSON.stringify(kwd.body)).toBe(200);
    expect(kwd.body.items[0]).toMatchObject({ unit_price: 12.5, base_quantity: 100, amount: 31.25 });
    expect(refusal(await patch({ default_tax_rate_id: inclusive }))).toEqual({
      "items.0.tax_rate_id":
        "Price details (more decimals, gross price, base quantity) and line charges need a tax-exclusive rate",
    });
    const direct = await createRaw(org, customer, [
      { description: "x", quantity: 1, unit_price: 0.123456, tax_rate_id: inclusive },
      { description: "y", quantity: -1, unit_price: 0.1, tax_rate_id: inclusive },
    ]);
    expect(refusal(direct)).toEqual({
      "items.0.tax_rate_id":
        "Price details (more decimals, gross price, base quantity) and line charges need a tax-exclusive rate",
      "items.1.quantity": "A correction line (negative quantity) needs a tax-exclusive rate",
    });
  });

  it("states a line's own period, validated like the invoice's", async () => {
    const { org, rate, customer } = await readyOrg();
    const backwards = await createRaw(org, customer, [
      {
        description: "x",
        quantity: 1,
        unit_price: 10,
        service_period: { start: "2026-10-31", end: "2026-10-01" },
      },
    ]);
    expect(refusal(backwards)).toEqual({ "items.0.service_period.end": "Must not be before start" });
    const created = await draft(org, {
      customer_id: customer,
      items: [
        {
          description: "Hosting",
          quantity: 1,
          unit_price: 10,
          tax_rate_id: rate,
          service_period: { start: "2026-10-01", end: "2026-10-31" },
        },
      ],
    });
    expect(created.items[0].service_period).toEqual({ start: "2026-10-01", end: "2026-10-31" });
    await send(org, created.id);
    expect(await xml(org, created.id, "ubl")).toContain(
      '<cbc:LineExtensionAmount currencyID="EUR">10.00</cbc:LineExtensionAmount><cac:InvoicePeriod><cbc:StartDate>2026-10-01</cbc:StartDate><cbc:EndDate>2026-10-31</cbc:EndDate></cac:InvoicePeriod>',
    );
    expect(await xml(org, created.id, "cii")).toContain(
      '<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20261001</udt:DateTimeString></ram:StartDateTime>',
    );
  });
});

// A line amount stated beside its price: a price billed with more decimals than the
// documents show (energy per kWh shown to 5 decimals) gives an amount quantity x the shown price
// does not. The item states `amount`; the API takes it only where a price that rounds to the shown
// one gives it, prices everything after it from it (discount percentages, totals, credit notes),
// writes it as BT-131 beside the shown price, and holds a Peppol UBL to Peppol's 0.02 (R120).
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../helpers/api";
import { createCustomer } from "../helpers/factories";
import {
  createRaw,
  draft,
  get,
  post,
  readyOrg,
  send,
  standardRate,
  einvoiceXml as xml,
} from "./billing/helpers";

// 804878.94 kWh at 0.01146 EUR shown, billed 9223.92 (the price billed was 0.01146000292 to
// 0.01146001534): the shown price alone gives 9223.91.
const ENERGY = { description: "Arbeitspreis", quantity: 804878.94, unit_code: "KWH", unit_price: 0.01146 };

describe("a stated line amount", () => {
  it("takes the amount a rounded price gives, totals it, and writes it beside the shown price", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [
        { ...ENERGY, amount: 9223.92, tax_rate_id: rate },
        { description: "Grundpreis", quantity: 1, unit_price: 10, tax_rate_id: rate },
      ],
    });
    expect(created.items[0]).toMatchObject({ unit_price: 0.01146, amount: 9223.92, net_amount: 9223.92 });
    expect(created).toMatchObject({ subtotal: 9233.92, tax_total: 1754.44, total: 10988.36 });
    const sent = await send(org, created.id);
    // Within Peppol's 0.02 of 804878.94 x 0.01146 = 9223.9126...: ready in both syntaxes.
    expect(sent.einvoice).toMatchObject({ ready: true, missing: [] });
    const ubl = await xml(org, created.id, "ubl");
    expect(ubl).toContain('<cbc:LineExtensionAmount currencyID="EUR">9223.92</cbc:LineExtensionAmount>');
    expect(ubl).toContain(
      '<cac:Price><cbc:PriceAmount currencyID="EUR">0.01146</cbc:PriceAmount></cac:Price>',
    );
    const cii = await xml(org, created.id, "cii");
    expect(cii).toContain("<ram:ChargeAmount>0.01146</ram:ChargeAmount>");
    expect(cii).toContain("<ram:LineTotalAmount>9223.92</ram:LineTotalAmount>");
    const read = await get(org, `/v1/invoices/${created.id}`);
    expect(read.body).toMatchObject({ items: [{ amount: 9223.92 }, { amount: 10 }], total: 10988.36 });
  });

  it("refuses an amount no price that rounds to the shown one gives, or that the currency cannot hold", async () => {
    const { org, rate, customer } = await readyOrg();
    const far = await createRaw(org, customer, [
      { description: "Licence", quantity: 2, unit_price: 800, amount: 400, tax_rate_id: rate },
    ]);
    const details = expectError(far, 422, "validation_error").details ?? {};
    expect(details["items.0.amount"]).toMatch(/quantity x unit_price gives 1600\.00$/);
    // 0.01146 stands for 0.011455 up to 0.011465: 9219.89 to 9227.94 for this quantity.
    for (const amount of [9219.88, 9227.95]) {
      const edge = await createRaw(org, customer, [{ ...ENERGY, amount, tax_rate_id: rate }]);
      expect(Object.keys(expectError(edge, 422, "validation_error").details ?? {})).toEqual([
        "items.0.amount",
      ]);
    }
    for (const amount of [9219.89, 9227.94]) {
      const inside = await createRaw(org, customer, [{ ...ENERGY, amount, tax_rate_id: rate }]);
      expect(inside.status, JSON.stringify(inside.body)).toBe(201);
      expect(inside.body).toMatchObject({ items: [{ amount }] });
      await api("DELETE", `/v1/invoices/${(inside.body as { id: string }).id}`, { token: org.owner.key });
    }
    // A price at the currency's decimals is no rounded price: 1000000 at 0.00 or 10000 at 2.50.
    for (const item of [
      { description: "Free", quantity: 1000000, unit_price: 0, amount: 4999.99 },
      { description: "Bags", quantity: 10000, unit_price: 2.5, amount: 25049.99 },
    ]) {
      const whole = await createRaw(org, customer, [{ ...item, tax_rate_id: rate }]);
      expect(expectError(whole, 422, "validation_error").details?.["items.0.amount"]).toMatch(
        /^A stated amount needs a net price with more decimals than EUR has/,
      );
    }
    const decimals = await createRaw(org, customer, [{ ...ENERGY, amount: 9223.915, tax_rate_id: rate }]);
    expect(expectError(decimals, 422, "validation_error").details).toEqual({
      "items.0.amount": "At most 2 decimals for EUR",
    });
    const sign = await createRaw(org, customer, [
      { description: "Return", quantity: -3, unit_price: 10, amount: 30, tax_rate_id: rate },
      { description: "Goods", quantity: 10, unit_price: 10, tax_rate_id: rate },
    ]);
    expect(Object.keys(expectError(sign, 422, "validation_error").details ?? {})).toEqual(["items.0.amount"]);
    const inclusive = await standardRate(org, 19, true);
    const gross = await createRaw(org, customer, [{ ...ENERGY, amount: 9223.92, tax_rate_id: inclusive.id }]);
    expect(expectError(gross, 422, "validation_error").details).toEqual({
      "items.0.amount": "A stated amount needs a tax-exclusive rate",
    });
    // Nothing was stored by the refusals.
    const list = await get(org, "/v1/invoices");
    expect((list.body as { data: unknown[] }).data).toHaveLength(0);
  });

  it("holds a Peppol UBL to 0.02 of quantity x price (PEPPOL-EN16931-R120); the CII has no such rule", async () => {
    const { org, rate, customer } = await readyOrg();
    // 10000 at 0.0123 shown: 123.00; a price of 0.01233 (shown 0.0123) gives 123.30.
    const created = await draft(org, {
      customer_id: customer,
      items: [
        { description: "Minutes", quantity: 10000, unit_price: 0.0123, amount: 123.3, tax_rate_id: rate },
      ],
    });
    expect(created.items[0]).toMatchObject({ amount: 123.3 });
    const sent = await send(org, created.id);
    expect(sent.einvoice.syntaxes).toEqual({
      ubl: { ready: false, missing: ["items.0.amount"] },
      cii: { ready: true, missing: [] },
    });
  });

  it("prices a line discount on the stated amount, and a credit note of the whole line gives it all back", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [{ ...ENERGY, amount: 9223.92, discount: { percentage: 10 }, tax_rate_id: rate }],
    });
    expect(created.items[0]).toMatchObject({ amount: 9223.92, discount_amount: 922.39, net_amount: 8301.53 });
    expect(created).toMatchObject({ subtotal: 8301.53, tax_total: 1577.29, total: 9878.82 });
    const sent = await send(org, created.id);
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: created.id,
      reason: "Ablesefehler",
      lines: [{ invoice_item_id: sent.items[0].id, quantity: 804878.94 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ total: 9878.82 });
    const after = await get(org, `/v1/invoices/${created.id}`);
    expect(after.body).toMatchObject({ amount_credited: 9878.82, amount_due: 0 });
  });

  it("keeps the stated amount through a quote's edit and its conversion into an invoice", async () => {
    const { org, rate, customer } = await readyOrg();
    const quote = await post(org, "/v1/quotes", {
      customer_id: customer,
      items: [{ ...ENERGY, amount: 9223.92, tax_rate_id: rate }],
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const id = (quote.body as { id: string }).id;
    const edited = await api("PATCH", `/v1/quotes/${id}`, {
      token: org.owner.key,
      // A new discount re-prices the stored lines as the bodies that gave them.
      body: { discounts: [{ amount: 0.92 }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      items: [{ amount: 9223.92 }],
      subtotal: 9223.92,
      discount_total: 0.92,
    });
    expect((await post(org, `/v1/quotes/${id}/send`)).status).toBe(200);
    expect((await post(org, `/v1/quotes/${id}/accept`)).status).toBe(200);
    const converted = await post(org, `/v1/quotes/${id}/convert`);
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    expect((converted.body as { invoice: unknown }).invoice).toMatchObject({
      items: [{ unit_price: 0.01146, amount: 9223.92 }],
      subtotal: 9223.92,
      discount_total: 0.92,
    });
  });

  it("takes a correction line's amount in its sign, a base quantity, and a currency without minor units", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [
        { ...ENERGY, amount: 9223.92, tax_rate_id: rate },
        // -245 at 0.1973 gives -48.34; a price of 0.19727 gives -48.33.
        { description: "Korrektur", quantity: -245, unit_price: 0.1973, amount: -48.33, tax_rate_id: rate },
        // 21000 at 32.916 per 10 gives 69123.60; the shown price's last decimal is worth 1.05 here.
        {
          description: "Wasser",
          quantity: 21000,
          unit_price: 32.916,
          base_quantity: 10,
          amount: 69124.1,
          tax_rate_id: rate,
        },
      ],
    });
    expect(created.items.map((i: { amount: number }) => i.amount)).toEqual([9223.92, -48.33, 69124.1]);
    expect(created).toMatchObject({ subtotal: 78299.69 });
    const yen = await createOrg({ currency: "JPY" });
    const yenRate = await standardRate(yen, 10);
    const yenCustomer = await createCustomer(yen);
    // 1000 at 12.3 JPY shown (more decimals than JPY has) gives 12300; the prices that round to
    // 12.3 give 12250 up to 12350.
    const res = await api("POST", "/v1/invoices", {
      token: yen.owner.key,
      body: {
        customer_id: yenCustomer.id,
        currency: "JPY",
        items: [
          { description: "Units", quantity: 1000, unit_price: 12.3, amount: 12350, tax_rate_id: yenRate.id },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ items: [{ amount: 12350 }], subtotal: 12350 });
    const over = await api("POST", "/v1/invoices", {
      token: yen.owner.key,
      body: {
        customer_id: yenCustomer.id,
        currency: "JPY",
        items: [
          { description: "Units", quantity: 1000, unit_price: 12.3, amount: 12351, tax_rate_id: yenRate.id },
        ],
      },
    });
    expect(Object.keys(expectError(over, 422, "validation_error").details ?? {})).toEqual(["items.0.amount"]);
  });

  it("reads back items that sent again as they are price the same: an amount the price gives states nothing", async () => {
    const { org, rate, customer } = await readyOrg();
    const inclusive = await standardRate(org, 19, true);
    const roundTrip = async (items: unknown[]) => {
      const created = await draft(org, { customer_id: customer, items });
      const again = created.items.map((i: Record<string, unknown>) => ({
        description: i.description,
        quantity: i.quantity,
        unit_code: i.unit_code,
        unit_price: i.unit_price,
        amount: i.amount,
        tax_rate_id: i.tax_rate_id,
      }));
      const res = await api("PATCH", `/v1/invoices/${created.id}`, {
        token: org.owner.key,
        body: { items: again },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ subtotal: created.subtotal, total: created.total });
      return res.body as { items: { amount: number }[] };
    };
    const stated = await roundTrip([
      { ...ENERGY, amount: 9223.92, tax_rate_id: rate },
      { description: "Grundpreis", quantity: 3, unit_price: 11.9, tax_rate_id: rate },
    ]);
    expect(stated.items.map((i) => i.amount)).toEqual([9223.92, 35.7]);
    // A tax-inclusive line takes no stated amount, but its own amount sent back is no statement.
    const gross = await roundTrip([
      { description: "Brutto", quantity: 3, unit_price: 11.9, tax_rate_id: inclusive.id },
    ]);
    expect(gross.items.map((i) => i.amount)).toEqual([35.7]);
  });

  it("re-checks the amount when the invoice changes currency", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [{ ...ENERGY, amount: 9223.92, tax_rate_id: rate }],
    });
    const yen = await api("PATCH", `/v1/invoices/${created.id}`, {
      token: org.owner.key,
      body: { currency: "JPY" },
    });
    expect(Object.keys(expectError(yen, 422, "validation_error").details ?? {})).toEqual(["currency"]);
    const read = await get(org, `/v1/invoices/${created.id}`);
    expect(read.body).toMatchObject({ currency: "EUR", items: [{ amount: 9223.92 }] });
  });
});

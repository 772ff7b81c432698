// The tax and receivables reports agree with the sums over invoices and credit notes.
import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../../src/lib/clock";
import { api, createOrg, expectError } from "../../helpers/api";
import { createTaxRate, get, post, sentInvoice, standardRate } from "./helpers";

describe("tax report", () => {
  it("sums taxable amount and tax per currency, category and rate: invoices minus credit notes", async () => {
    const org = await createOrg({ currency: "EUR" });
    const [vat19, vat7] = [await standardRate(org, 19), await standardRate(org, 7)];
    const invoices = [];
    for (let i = 1; i <= 4; i++) {
      invoices.push(
        await sentInvoice(org, {
          items: [
            { description: "A", quantity: i, unit_price: 10.01, tax_rate_id: vat19.id },
            { description: "B", quantity: 1, unit_price: 3.33 * i, tax_rate_id: vat7.id },
          ],
        }),
      );
    }
    const usd = await sentInvoice(org, {
      currency: "USD",
      items: [{ description: "C", quantity: 1, unit_price: 5, tax_rate_id: vat19.id }],
    });
    const note = (
      await post(org, "/v1/credit-notes", { invoice_id: invoices[0]!.id, reason: "x", amount: 5 })
    ).body;
    const today = new Date().toISOString().slice(0, 10);
    const res = await get(org, `/v1/reports/tax?from=${today}&to=${today}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    // The expected figures, summed in the test from what the invoices and the note say.
    const expected = new Map<string, { taxable: number; tax: number }>();
    const add = (
      currency: string,
      b: { category: string; percentage: number; taxable_amount: number; tax_amount: number },
      sign: number,
    ) => {
      const key = `${currency}|${b.category}|${b.percentage}`;
      const sum = expected.get(key) ?? { taxable: 0, tax: 0 };
      sum.taxable = Math.round((sum.taxable + sign * b.taxable_amount) * 100) / 100;
      sum.tax = Math.round((sum.tax + sign * b.tax_amount) * 100) / 100;
      expected.set(key, sum);
    };
    for (const inv of [...invoices, usd]) for (const b of inv.tax_breakdown) add(inv.currency, b, 1);
    for (const b of note.tax_breakdown) add("EUR", b, -1);
    const actual = new Map(
      res.body.data.map(
        (row: {
          currency: string;
          category: string;
          percentage: number;
          taxable_amount: number;
          tax_amount: number;
        }) => [
          `${row.currency}|${row.category}|${row.percentage}`,
          { taxable: row.taxable_amount, tax: row.tax_amount },
        ],
      ),
    );
    expect(actual).toEqual(expected);

    const before = await get(org, "/v1/reports/tax?from=2000-01-01&to=2000-12-31");
    expect(before.body.data).toEqual([]);
    expectError(await get(org, "/v1/reports/tax?from=2026-02-01&to=2026-01-01"), 400, "invalid_request");
  });
});

describe("receivables report", () => {
  it("buckets what is due by days past the due date, per currency and per customer", async () => {
    const org = await createOrg();
    const items = (price: number) => [{ description: "Work", quantity: 1, unit_price: price }];
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const current = await sentInvoice(org, { items: items(100), due_date: day(5) });
    await sentInvoice(org, { items: items(200), due_date: day(-10), customer_id: current.customer_id });
    await sentInvoice(org, { items: items(300), due_date: day(-45) });
    await sentInvoice(org, { items: items(400), due_date: day(-75) });
    const old = await sentInvoice(org, { items: items(500), due_date: day(-120) });
    await post(org, `/v1/invoices/${old.id}/payments`, { amount: 100 });
    const paid = await sentInvoice(org, { items: items(999), due_date: day(-10) });
    await post(org, `/v1/invoices/${paid.id}/pay`);

    const res = await get(org, "/v1/reports/receivables");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        currency: "USD",
        current: 100,
        days_1_30: 200,
        days_31_60: 300,
        days_61_90: 400,
        days_over_90: 400,
        total: 1400,
        invoices: 5,
      },
    ]);
    const first = res.body.customers.find(
      (c: { customer_id: string }) => c.customer_id === current.customer_id,
    );
    expect(first).toMatchObject({ current: 100, days_1_30: 200, total: 300, invoices: 2 });
    expect(res.body.customers).toHaveLength(4);
    // Another organization sees none of it.
    const other = await createOrg();
    expect((await api("GET", "/v1/reports/receivables", { token: other.owner.key })).body.data).toEqual([]);
    setClockForTests();
  });

  it("counts what a credit note refunded of the prepaid amount, as amount_due does", async () => {
    const org = await createOrg({ currency: "EUR" });
    const split = await createTaxRate(org, { percentage: 22, category: "B" });
    const vat19 = await standardRate(org, 19);
    // 100.00 at 22% B (the buyer pays the 22.00 VAT to the state) and a correction of -50.00 at
    // 19% (-9.50): total 62.50, prepaid 10.00, so the buyer pays the seller 30.50.
    const invoice = await sentInvoice(org, {
      items: [
        { description: "Service", quantity: 1, unit_price: 100, tax_rate_id: split.id },
        { description: "Correction", quantity: -0.5, unit_price: 100, tax_rate_id: vat19.id },
      ],
      prepaid_amount: 10,
    });
    expect(invoice).toMatchObject({ total: 62.5, split_payment_amount: 22, amount_due: 30.5 });
    // Half the service (50.00 + 11.00 B VAT) takes 50.00 off the 30.50 asked: the note refunds
    // the 10.00 prepaid and leaves the customer 9.50 to get back; nothing was paid, so it stays sent.
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Half the service",
      lines: [{ invoice_item_id: invoice.items[0].id, quantity: 0.5 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const after = (await get(org, `/v1/invoices/${invoice.id}`)).body;
    expect(after).toMatchObject({ status: "sent", amount_credited: 61, amount_paid: 0, amount_due: -9.5 });

    const res = await get(org, "/v1/reports/receivables");
    expect(res.status).toBe(200);
    // Not -19.50: the 10.00 prepaid that the note refunded is no longer the customer's credit.
    expect(res.body.data).toEqual([
      {
        currency: "EUR",
        current: -9.5,
        days_1_30: 0,
        days_31_60: 0,
        days_61_90: 0,
        days_over_90: 0,
        total: -9.5,
        invoices: 1,
      },
    ]);
    expect(res.body.customers).toMatchObject([
      { customer_id: invoice.customer_id, total: -9.5, invoices: 1 },
    ]);
  });
});

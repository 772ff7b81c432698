// Extra decimals: a money field with more decimals than its currency
// allows is 422 naming the field, and a JSON number with more than 15 significant digits
// (which JSON.parse would approximate: 99.999999999999999 reads as 100) is refused, never
// stored rounded.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, createInvoice, dueIn } from "../helpers/factories";

const raw = (org: TestOrg, method: string, path: string, json: string) =>
  api(method, path, { token: org.owner.key, headers: { "Content-Type": "application/json" }, rawBody: json });

function refused(res: Awaited<ReturnType<typeof api>>) {
  return expectError(res, 422, "validation_error").details ?? {};
}

describe("money precision", () => {
  it("refuses a payment of 99.999999999999999 instead of storing 100.00", async () => {
    const org = await createOrg({ currency: "EUR" });
    const invoice = await createInvoice(org, {
      items: [{ description: "Work", quantity: 1, unit_price: 200 }],
    });
    expect((await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key })).status).toBe(200);
    const details = refused(
      await raw(org, "POST", `/v1/invoices/${invoice.id}/payments`, '{"amount":99.999999999999999}'),
    );
    expect(details).toEqual({ amount: "More than 15 significant digits: the number would be read rounded" });
    expect(
      refused(await raw(org, "POST", `/v1/invoices/${invoice.id}/payments`, '{"amount":10.005}')),
    ).toEqual({
      amount: "At most 2 decimals for EUR",
    });
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: org.owner.key });
    expect(read.body).toMatchObject({ amount_paid: 0, amount_due: 200 });
    const paid = await raw(org, "POST", `/v1/invoices/${invoice.id}/payments`, '{"amount":99.99}');
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.amount).toBe(99.99);
  });

  it("refuses a seventh decimal in prices and a third on a EUR invoice in discounts and credit notes, however it is written", async () => {
    const org = await createOrg({ currency: "EUR" });
    const customer = await createCustomer(org);
    const invoiceBody = (item: string, extra = "") =>
      `{"customer_id":"${customer.id}","due_date":"${dueIn(30)}","items":[${item}]${extra}}`;
    const cases: [string, string][] = [
      // A unit price is the net price (BT-146): up to 6 decimals, whatever the currency.
      [invoiceBody('{"description":"a","quantity":1,"unit_price":10.0000005}'), "items.0.unit_price"],
      [
        invoiceBody('{"description":"a","quantity":1,"unit_price":10.0000000000000001}'),
        "items.0.unit_price",
      ],
      [invoiceBody('{"description":"a","quantity":1.00000000000000001,"unit_price":10}'), "items.0.quantity"],
      [
        invoiceBody('{"description":"a","quantity":1,"unit_price":10,"discount":{"amount":1.001}}'),
        "items.0.discount",
      ],
      [
        invoiceBody('{"description":"a","quantity":1,"unit_price":10}', ',"discounts":[{"amount":0.125}]'),
        "discounts.0",
      ],
    ];
    for (const [body, field] of cases) {
      const details = refused(await raw(org, "POST", "/v1/invoices", body));
      expect(
        Object.keys(details).some((key) => key.startsWith(field)),
        `${field}: ${JSON.stringify(details)}`,
      ).toBe(true);
    }
    const list = await api("GET", "/v1/invoices", { token: org.owner.key });
    expect(list.body.meta.total).toBe(0);

    const invoice = await createInvoice(org, {
      customer_id: customer.id,
      items: [{ description: "Work", quantity: 1, unit_price: 100 }],
    });
    expect((await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key })).status).toBe(200);
    for (const amount of ["11.905", "11.900000000000000001"]) {
      const details = refused(
        await raw(
          org,
          "POST",
          "/v1/credit-notes",
          `{"invoice_id":"${invoice.id}","reason":"r","amount":${amount}}`,
        ),
      );
      expect(Object.keys(details)).toEqual(["amount"]);
    }
  });

  it("takes every decimal a currency has (KWD 3, JPY 0) and 15 significant digits", async () => {
    const kwd = await createOrg({ currency: "KWD" });
    const three = await createInvoice(kwd, { items: [{ description: "a", quantity: 1, unit_price: 1.005 }] });
    expect(three.total).toBe(1.005);
    const jpy = await createOrg({ currency: "JPY" });
    const customer = await createCustomer(jpy);
    const body = `{"customer_id":"${customer.id}","due_date":"${dueIn(30)}","items":[{"description":"a","quantity":1,"unit_price":100.0000005}]}`;
    expect(Object.keys(refused(await raw(jpy, "POST", "/v1/invoices", body)))).toEqual([
      "items.0.unit_price",
    ]);
    const usd = await createOrg();
    const big = await createInvoice(usd, {
      items: [{ description: "a", quantity: 1, unit_price: 9999999999999.99 }],
    });
    expect(big.total).toBe(9999999999999.99);
  });
});

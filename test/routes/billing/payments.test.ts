// The payments ledger: partial payments, the one that settles, overpayment, reversal, the
// interface document's /pay, and concurrency.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../../helpers/api";
import { d1Of } from "../../helpers/db";
import { get, post, sentInvoice, standardRate } from "./helpers";

const lines = [{ description: "Work", quantity: 1, unit_price: 100 }];

describe("payments", () => {
  it("partial payments lower amount_due; the last one makes the invoice paid with its received_at", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org, { items: lines });
    const first = await post(org, `/v1/invoices/${invoice.id}/payments`, {
      amount: 30,
      method: "bank_transfer",
      reference: "TX-1",
      received_at: "2026-11-01",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      id: expect.stringMatching(/^pay_/),
      invoice_id: invoice.id,
      amount: 30,
      currency: "USD",
      method: "bank_transfer",
      reference: "TX-1",
      received_at: "2026-11-01T00:00:00.000Z",
      reversed_at: null,
    });
    let read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ status: "sent", amount_paid: 30, amount_due: 70, paid_at: null });

    expectError(
      await post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 70.01 }),
      422,
      "validation_error",
    );
    const last = await post(org, `/v1/invoices/${invoice.id}/payments`, {
      amount: 70,
      received_at: "2026-11-05T09:30:00Z",
    });
    expect(last.status).toBe(201);
    read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({
      status: "paid",
      amount_paid: 100,
      amount_due: 0,
      paid_at: "2026-11-05T09:30:00.000Z",
    });
    expectError(await post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 1 }), 409, "conflict");

    const list = await get(org, `/v1/invoices/${invoice.id}/payments`);
    expect(list.body.meta.total).toBe(2);
    expect(list.body.data.map((p: { amount: number }) => p.amount)).toEqual([30, 70]);
  });

  it("a reversal is kept as reversed and reopens a paid invoice", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org, { items: lines });
    const payment = (await post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 100 })).body;
    const reversed = await api("DELETE", `/v1/invoices/${invoice.id}/payments/${payment.id}`, {
      token: org.owner.key,
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body.reversed_at).toEqual(expect.any(String));
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ status: "sent", amount_paid: 0, amount_due: 100, paid_at: null });
    const list = await get(org, `/v1/invoices/${invoice.id}/payments`);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: payment.id, reversed_at: expect.any(String) }),
    ]);
    expectError(
      await api("DELETE", `/v1/invoices/${invoice.id}/payments/${payment.id}`, { token: org.owner.key }),
      409,
      "conflict",
    );
    const events = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT type FROM webhook_events WHERE organization_id = ? AND type LIKE 'invoice.pa%' ORDER BY created_at, rowid",
      )
      .bind(org.organizationId)
      .all<{ type: string }>();
    expect(events.results.map((e) => e.type)).toEqual([
      "invoice.payment_recorded",
      "invoice.paid",
      "invoice.payment_reversed",
    ]);
  });

  it("POST /pay and PATCH status paid record one payment of what is due", async () => {
    const org = await createOrg();
    const vat = await standardRate(org, 20);
    const invoice = await sentInvoice(org, { items: lines, default_tax_rate_id: vat.id });
    await post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 20 });
    const paid = await post(org, `/v1/invoices/${invoice.id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", total: 120, amount_paid: 120, amount_due: 0 });
    const list = await get(org, `/v1/invoices/${invoice.id}/payments`);
    expect(list.body.data.map((p: { amount: number }) => p.amount)).toEqual([20, 100]);

    const other = await sentInvoice(org, { items: lines });
    const patched = await api("PATCH", `/v1/invoices/${other.id}`, {
      token: org.owner.key,
      body: { status: "paid" },
    });
    expect(patched.body).toMatchObject({ status: "paid", amount_paid: 100 });
    expect((await get(org, `/v1/invoices/${other.id}/payments`)).body.meta.total).toBe(1);
  });

  it("refuses payments on drafts and on another organization's invoice", async () => {
    const org = await createOrg();
    const created = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: {
        customer_id: (await sentInvoice(org, { items: lines })).customer_id,
        items: lines,
        due_date: "2030-01-01",
      },
    });
    expectError(await post(org, `/v1/invoices/${created.body.id}/payments`, { amount: 1 }), 409, "conflict");
    const other = await createOrg();
    expectError(
      await post(other, `/v1/invoices/${created.body.id}/payments`, { amount: 1 }),
      404,
      "not_found",
    );
    expectError(
      await post(org, `/v1/invoices/${created.body.id}/payments`, { amount: 0 }),
      422,
      "validation_error",
    );
  });

  it("20 concurrent partial payments never overpay", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org, { items: lines });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 6 })),
    );
    const accepted = results.filter((r) => r.status === 201).length;
    for (const r of results) expect([201, 409, 422]).toContain(r.status);
    // 16 x 6 = 96 fits in 100; a 17th would overpay, and four more are asked for.
    expect(accepted).toBeLessThanOrEqual(16);
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body.amount_paid).toBe(accepted * 6);
    expect(read.body.amount_due).toBe(100 - accepted * 6);
    const ledger = await (await d1Of(org.organizationId))
      .prepare("SELECT SUM(amount_minor) AS s, COUNT(*) AS n FROM payments WHERE invoice_id = ?")
      .bind(invoice.id)
      .first<{ s: number; n: number }>();
    expect(ledger).toEqual({ s: accepted * 600, n: accepted });
  });
});

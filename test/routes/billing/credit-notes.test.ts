// Credit notes and void: lines or an amount, tax with the credited lines' rates, the cap at the
// invoice total, refunds on paid invoices, numbering under concurrency.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../../helpers/api";
import { d1Of } from "../../helpers/db";
import { draft, get, post, sentInvoice, standardRate } from "./helpers";

describe("credit notes", () => {
  it("copies the credited line's unit code; a credit of an amount counts in C62", async () => {
    const org = await createOrg({ currency: "EUR" });
    const invoice = await sentInvoice(org, {
      items: [
        { description: "Consulting", quantity: 10, unit_price: 100, unit_code: "HUR" },
        { description: "Fuel", quantity: 40, unit_price: 2, unit_code: "LTR" },
      ],
    });
    const byLines = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Two hours less, some fuel",
      lines: [
        { invoice_item_id: invoice.items[0].id, quantity: 2 },
        { invoice_item_id: invoice.items[1].id, amount: 10 },
      ],
    });
    expect(byLines.status, JSON.stringify(byLines.body)).toBe(201);
    expect(byLines.body.items.map((item: { unit_code: string }) => item.unit_code)).toEqual(["HUR", "LTR"]);
    const { results } = await (await d1Of(org.organizationId))
      .prepare("SELECT unit_code FROM credit_note_items WHERE credit_note_id = ? ORDER BY position")
      .bind(byLines.body.id)
      .all<{ unit_code: string }>();
    expect(results.map((row) => row.unit_code)).toEqual(["HUR", "LTR"]);

    const byAmount = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Goodwill",
      amount: 5,
    });
    expect(byAmount.status, JSON.stringify(byAmount.body)).toBe(201);
    expect(byAmount.body.items.map((item: { unit_code: string }) => item.unit_code)).toEqual(["C62"]);
  });

  it("credits lines by quantity and by amount, with the lines' rates", async () => {
    const org = await createOrg({ currency: "EUR" });
    const [vat19, vat7] = [await standardRate(org, 19), await standardRate(org, 7)];
    const invoice = await sentInvoice(org, {
      items: [
        { description: "Seats", quantity: 10, unit_price: 10, tax_rate_id: vat19.id },
        { description: "Books", quantity: 2, unit_price: 25, tax_rate_id: vat7.id },
      ],
    });
    // 100 + 19 + 50 + 3.50 = 172.50
    expect(invoice.total).toBe(172.5);
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Two seats returned, one book damaged",
      lines: [
        { invoice_item_id: invoice.items[0].id, quantity: 2 },
        { invoice_item_id: invoice.items[1].id, amount: 10 },
      ],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    // 20 at 19% = 3.80 tax; 10 at 7% = 0.70 tax; total 34.50.
    expect(note.body).toMatchObject({
      id: expect.stringMatching(/^cn_/),
      number: "CN-000001",
      invoice_id: invoice.id,
      subtotal: 30,
      tax_total: 4.5,
      total: 34.5,
      refund_amount: 0,
      tax_breakdown: [
        { category: "S", percentage: 19, taxable_amount: 20, tax_amount: 3.8 },
        { category: "S", percentage: 7, taxable_amount: 10, tax_amount: 0.7 },
      ],
    });
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ status: "sent", amount_credited: 34.5, amount_due: 138 });
    expectError(
      await post(org, "/v1/credit-notes", {
        invoice_id: invoice.id,
        reason: "too many",
        lines: [{ invoice_item_id: invoice.items[0].id, quantity: 9 }],
      }),
      422,
      "validation_error",
    );
    const list = await get(org, `/v1/invoices/${invoice.id}/credit-notes`);
    expect(list.body.data.map((n: { number: string }) => n.number)).toEqual(["CN-000001"]);
    expect((await get(org, `/v1/credit-notes/${note.body.id}`)).body.number).toBe("CN-000001");
    expect((await get(org, `/v1/credit-notes?customer_id=${invoice.customer_id}`)).body.meta.total).toBe(1);
  });

  it("an amount is spread over the rates and never exceeds what is left to credit", async () => {
    const org = await createOrg({ currency: "EUR" });
    const vat19 = await standardRate(org, 19);
    const invoice = await sentInvoice(org, {
      default_tax_rate_id: vat19.id,
      items: [{ description: "Work", quantity: 1, unit_price: 100 }],
    });
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Goodwill",
      amount: 11.9,
    });
    expect(note.body).toMatchObject({ total: 11.9, tax_exclusive_total: 10, tax_total: 1.9 });
    const tooMuch = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "x",
      amount: 107.11,
    });
    expect(expectError(tooMuch, 422, "validation_error").details).toHaveProperty("amount");
  });

  it("on a paid invoice the credit is a refund, and the invoice stays paid", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org, {
      items: [{ description: "Work", quantity: 1, unit_price: 100 }],
    });
    await post(org, `/v1/invoices/${invoice.id}/pay`);
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Refund",
      amount: 40,
      refund_method: "bank_transfer",
      refund_reference: "RF-9",
    });
    expect(note.body).toMatchObject({
      total: 40,
      refund_amount: 40,
      refund_method: "bank_transfer",
      refund_reference: "RF-9",
    });
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ status: "paid", amount_paid: 60, amount_credited: 40, amount_due: 0 });
  });

  it("refuses drafts, unknown invoices and other organizations' invoices", async () => {
    const org = await createOrg();
    const created = await draft(org, { items: [{ description: "Work", quantity: 1, unit_price: 100 }] });
    expectError(
      await post(org, "/v1/credit-notes", { invoice_id: created.id, reason: "x", amount: 1 }),
      409,
      "conflict",
    );
    const other = await createOrg();
    const res = await post(other, "/v1/credit-notes", { invoice_id: created.id, reason: "x", amount: 1 });
    expect(expectError(res, 422, "validation_error").details).toHaveProperty("invoice_id");
    expectError(await get(other, `/v1/invoices/${created.id}/credit-notes`), 404, "not_found");
    const both = await post(org, "/v1/credit-notes", { invoice_id: created.id, reason: "x" });
    expectError(both, 422, "validation_error");
  });

  // 20 notes of 7 that race for one invoice of 100: at most 14 fit, so six or more must be refused.
  // Every request is in flight at once; 50 cost three times the CPU and proved no more. Seconds at
  // a high load average, where the suite must stay green too (hence the timeout).
  it("20 concurrent credit notes never credit more than the total; numbers have no gap or duplicate", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org, {
      items: [{ description: "Work", quantity: 1, unit_price: 100 }],
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(org, "/v1/credit-notes", { invoice_id: invoice.id, reason: "part", amount: 7 }),
      ),
    );
    for (const r of results) expect([201, 409, 422]).toContain(r.status);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeLessThanOrEqual(14);
    const numbers = created.map((r) => r.body.number as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: created.length }, (_, i) => `CN-${String(i + 1).padStart(6, "0")}`),
    );
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body.amount_credited).toBe(created.length * 7);
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT COUNT(*) AS n, SUM(total_minor) AS s FROM credit_notes WHERE invoice_id = ?")
      .bind(invoice.id)
      .first<{ n: number; s: number }>();
    expect(stored).toEqual({ n: created.length, s: created.length * 700 });
  }, 120_000);
});

describe("credit notes by line, to the last cent", () => {
  it("three line notes of 0.03 at 19% credit exactly the 0.11 invoiced, and the invoice ends void", async () => {
    const org = await createOrg({ currency: "EUR" });
    const vat = await standardRate(org, 19);
    const line = { description: "Tiny", quantity: 1, unit_price: 0.03 };
    const invoice = await sentInvoice(org, { default_tax_rate_id: vat.id, items: [line, line, line] });
    // Tax on the sum: 0.09 x 19% = 0.0171 -> 0.02; total 0.11.
    expect(invoice).toMatchObject({ tax_total: 0.02, total: 0.11 });
    const totals = [];
    for (const item of invoice.items) {
      const note = await post(org, "/v1/credit-notes", {
        invoice_id: invoice.id,
        reason: "returned",
        lines: [{ invoice_item_id: item.id, quantity: 1 }],
      });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      totals.push(note.body.total);
    }
    // A note's VAT is rounded on what the notes credit of the rate together: 0.0057 -> 0.01,
    // 0.0114 -> 0.01 (0.00 more), 0.0171 -> 0.02 (0.01 more): 0.02, as invoiced.
    expect(totals).toEqual([0.04, 0.03, 0.04]);
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ amount_credited: 0.11, amount_due: 0, status: "void" });
    const today = new Date().toISOString().slice(0, 10);
    const report = await get(org, `/v1/reports/tax?from=${today}&to=${today}`);
    expect(report.body.data).toEqual([
      expect.objectContaining({ category: "S", percentage: 19, taxable_amount: 0, tax_amount: 0 }),
    ]);
  });

  it("thirds of a line's quantity credit all of it: the share that completes the quantity takes the last cent", async () => {
    const org = await createOrg({ currency: "EUR" });
    const vat = await standardRate(org, 19);
    // 3 at 33.333333 is 99.999999 -> 100.00; a third of it is 33.33, and three thirds 99.99: the
    // third one takes the 33.34 left.
    const invoice = await sentInvoice(org, {
      default_tax_rate_id: vat.id,
      items: [{ description: "Work", quantity: 3, unit_price: 33.333333 }],
    });
    expect(invoice).toMatchObject({ subtotal: 100, total: 119 });
    const totals = [];
    for (let i = 0; i < 3; i++) {
      const note = await post(org, "/v1/credit-notes", {
        invoice_id: invoice.id,
        reason: "returned",
        lines: [{ invoice_item_id: invoice.items[0].id, quantity: 1 }],
      });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      totals.push(note.body.tax_exclusive_total);
    }
    expect(totals).toEqual([33.33, 33.33, 33.34]);
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ amount_credited: 119, amount_due: 0, status: "void" });
  });

  it("credits every unit of a line one by one, its VAT rounded on the notes together (4 x 10.03 at 19%)", async () => {
    const org = await createOrg({ currency: "EUR" });
    const vat = await standardRate(org, 19);
    const invoice = await sentInvoice(org, {
      default_tax_rate_id: vat.id,
      items: [{ description: "Unit", quantity: 4, unit_price: 10.03 }],
    });
    // 40.12 x 19% = 7.6228 -> 7.62; a unit alone owes 1.9057 -> 1.91, four of them 7.64.
    expect(invoice).toMatchObject({ tax_total: 7.62, total: 47.74 });
    const taxes = [];
    for (let i = 0; i < 4; i++) {
      const note = await post(org, "/v1/credit-notes", {
        invoice_id: invoice.id,
        reason: "returned",
        lines: [{ invoice_item_id: invoice.items[0].id, quantity: 1 }],
      });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      taxes.push(note.body.tax_total);
    }
    // 10.03 -> 1.91, 20.06 -> 3.81, 30.09 -> 5.72, 40.12 -> 7.62.
    expect(taxes).toEqual([1.91, 1.9, 1.91, 1.9]);
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ amount_credited: 47.74, amount_due: 0, status: "void" });
    const today = new Date().toISOString().slice(0, 10);
    const report = await get(org, `/v1/reports/tax?from=${today}&to=${today}`);
    expect(report.body.data).toEqual([
      expect.objectContaining({ category: "S", percentage: 19, taxable_amount: 0, tax_amount: 0 }),
    ]);
  });

  it("a line credited by amount has only the rest of its value left", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org, {
      items: [{ description: "Work", quantity: 1, unit_price: 100 }],
    });
    const id = invoice.items[0].id;
    expect(
      (
        await post(org, "/v1/credit-notes", {
          invoice_id: invoice.id,
          reason: "a",
          lines: [{ invoice_item_id: id, amount: 10 }],
        })
      ).status,
    ).toBe(201);
    const half = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "b",
      lines: [{ invoice_item_id: id, quantity: 0.5 }],
    });
    expect(half.status, JSON.stringify(half.body)).toBe(201);
    expect(half.body.total).toBe(50);
    const tooMuch = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "c",
      lines: [{ invoice_item_id: id, quantity: 0.5 }],
    });
    expect(expectError(tooMuch, 422, "validation_error").details).toHaveProperty(["lines.0.quantity"]);
  });

  it("line notes cannot take a rate beyond what an amount note left of it", async () => {
    const org = await createOrg({ currency: "EUR" });
    const [vat19, vat7] = [await standardRate(org, 19), await standardRate(org, 7)];
    const invoice = await sentInvoice(org, {
      items: [
        { description: "A", quantity: 1, unit_price: 100, tax_rate_id: vat19.id },
        { description: "B", quantity: 1, unit_price: 100, tax_rate_id: vat7.id },
      ],
    });
    // 113.00 over 119.00 and 107.00 leaves about 59.50 of the 19% part.
    expect(
      (await post(org, "/v1/credit-notes", { invoice_id: invoice.id, reason: "a", amount: 113 })).status,
    ).toBe(201);
    const res = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "b",
      lines: [{ invoice_item_id: invoice.items[0].id, quantity: 0.9 }],
    });
    expect(expectError(res, 422, "validation_error").details).toHaveProperty("lines");
  });
});

describe("void", () => {
  it("a void racing a payment: never both", async () => {
    const org = await createOrg();
    for (let round = 0; round < 4; round++) {
      const invoice = await sentInvoice(org, {
        items: [{ description: "Work", quantity: 1, unit_price: 100 }],
      });
      const [voided, paid] = await Promise.all([
        post(org, `/v1/invoices/${invoice.id}/void`),
        post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 40 }),
      ]);
      expect([voided.status, paid.status].sort()).toEqual(voided.status === 200 ? [200, 409] : [201, 409]);
      const read = await get(org, `/v1/invoices/${invoice.id}`);
      if (voided.status === 200) expect(read.body).toMatchObject({ status: "void", amount_paid: 0 });
      else expect(read.body).toMatchObject({ status: "sent", amount_paid: 40, amount_credited: 0 });
    }
  });

  it("voids a sent invoice with a full credit note; the status is terminal", async () => {
    const org = await createOrg({ currency: "EUR" });
    const gross = await standardRate(org, 19, true);
    const line = { description: "Ticket", quantity: 1, unit_price: 9.99, tax_rate_id: gross.id };
    const invoice = await sentInvoice(org, { items: [line, line, line] });
    const voided = await post(org, `/v1/invoices/${invoice.id}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({
      status: "void",
      amount_credited: 29.97,
      amount_due: 0,
      voided_at: expect.any(String),
    });
    const notes = await get(org, `/v1/invoices/${invoice.id}/credit-notes`);
    // The note takes exactly the invoice's taxable amount and tax: they net to zero in the tax report.
    expect(notes.body.data).toEqual([
      expect.objectContaining({
        total: 29.97,
        tax_exclusive_total: 25.18,
        tax_total: 4.78,
        voids_invoice: true,
      }),
    ]);
    expect((await get(org, "/v1/invoices?status=void")).body.data.map((i: { id: string }) => i.id)).toEqual([
      invoice.id,
    ]);
    expectError(await post(org, `/v1/invoices/${invoice.id}/void`), 409, "conflict");
    expectError(await post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 1 }), 409, "conflict");
    expectError(await api("DELETE", `/v1/invoices/${invoice.id}`, { token: org.owner.key }), 409, "conflict");
    expectError(await post(org, `/v1/invoices/${invoice.id}/send`), 409, "conflict");
  });

  it("refuses to void an invoice with payments, a paid one and a draft", async () => {
    const org = await createOrg();
    const items = [{ description: "Work", quantity: 1, unit_price: 100 }];
    const partly = await sentInvoice(org, { items });
    await post(org, `/v1/invoices/${partly.id}/payments`, { amount: 10 });
    const res = await post(org, `/v1/invoices/${partly.id}/void`);
    expect(expectError(res, 409, "conflict").details).toMatchObject({ reason: "invoice_has_payments" });
    const created = await draft(org, { items });
    expectError(await post(org, `/v1/invoices/${created.id}/void`), 409, "conflict");
  });
});

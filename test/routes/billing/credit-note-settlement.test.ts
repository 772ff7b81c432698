// Credit notes and void where the invoice asks for something other than its tax breakdown: a
// prepaid amount (BT-113), cash rounding (BT-114), and the type codes whose amount the
// organization owes its customer (381, 389), which are neither credited nor voided.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../../helpers/api";
import { createCustomer, SELLER } from "../../helpers/factories";
import { draft, get, post, send, standardRate } from "./helpers";

async function sellerOrg(profile: Record<string, unknown> = {}) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: { ...SELLER, ...profile },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org);
  return { org, rate, customer };
}

type Setup = Awaited<ReturnType<typeof sellerOrg>>;

/** A sent invoice of one line at 19%. */
async function sentOne(setup: Setup, unitPrice: number, extra: Record<string, unknown> = {}) {
  const created = await draft(setup.org, {
    customer_id: setup.customer.id,
    items: [{ description: "Work", quantity: 1, unit_price: unitPrice, tax_rate_id: setup.rate.id }],
    ...extra,
  });
  return send(setup.org, created.id);
}

const invoiceOf = async (org: TestOrg, id: string) => (await get(org, `/v1/invoices/${id}`)).body;

async function taxToday(org: TestOrg, day: string) {
  const report = await get(org, `/v1/reports/tax?from=${day}&to=${day}`);
  expect(report.status).toBe(200);
  return report.body.data.map((row: Record<string, any>) => ({
    taxable_amount: row.taxable_amount,
    tax_amount: row.tax_amount,
  }));
}

describe("what the organization owes its customer (381, 389) is neither credited nor voided", () => {
  it("refuses void and credit notes of a 381 with 409, and its tax report stays one credit", async () => {
    const setup = await sellerOrg();
    const credit = await sentOne(setup, 100, { type_code: "381", preceding_invoice: { number: "EXT-1" } });
    expect(await taxToday(setup.org, credit.issue_date)).toEqual([{ taxable_amount: -100, tax_amount: -19 }]);

    const voided = expectError(await post(setup.org, `/v1/invoices/${credit.id}/void`, {}), 409, "conflict");
    expect(voided.details).toMatchObject({ reason: "invoice_type_not_creditable", type_code: "381" });
    expect(voided.message).toMatch(/381/);
    const noted = expectError(
      await post(setup.org, "/v1/credit-notes", { invoice_id: credit.id, reason: "x", amount: 119 }),
      409,
      "conflict",
    );
    expect(noted.details).toMatchObject({ reason: "invoice_type_not_creditable", type_code: "381" });

    expect(await invoiceOf(setup.org, credit.id)).toMatchObject({ status: "sent", amount_credited: 0 });
    expect(await taxToday(setup.org, credit.issue_date)).toEqual([{ taxable_amount: -100, tax_amount: -19 }]);
  });

  it("refuses void and credit notes of a self-billed invoice (389), left out of the tax report", async () => {
    const setup = await sellerOrg();
    const bought = await sentOne(setup, 100, { type_code: "389" });
    const noted = expectError(
      await post(setup.org, "/v1/credit-notes", { invoice_id: bought.id, reason: "x", amount: 50 }),
      409,
      "conflict",
    );
    expect(noted.details).toMatchObject({ reason: "invoice_type_not_creditable", type_code: "389" });
    expectError(await post(setup.org, `/v1/invoices/${bought.id}/void`, {}), 409, "conflict");
    expect(await taxToday(setup.org, bought.issue_date)).toEqual([]);
  });
});

describe("a prepaid invoice", () => {
  it("credited in full refunds the prepaid amount; amount_paid never goes below 0", async () => {
    const setup = await sellerOrg();
    const invoice = await sentOne(setup, 100, { prepaid_amount: 50 });
    expect(invoice).toMatchObject({ total: 119, prepaid_amount: 50, amount_due: 69 });
    const note = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Cancelled",
      amount: 119,
      refund_method: "bank_transfer",
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ total: 119, refund_amount: 50, refund_method: "bank_transfer" });
    expect(await invoiceOf(setup.org, invoice.id)).toMatchObject({
      status: "void",
      amount_paid: 0,
      amount_credited: 119,
      amount_due: 0,
    });
    expect(await taxToday(setup.org, invoice.issue_date)).toEqual([{ taxable_amount: 0, tax_amount: 0 }]);
    // The hosted page's balance adds up: 69.00 asked, 119.00 credited, 50.00 refunded, 0 left; no payment.
    const url = invoice.hosted_url as string;
    const page = await api("GET", `/i/${url.slice(url.lastIndexOf("/") + 1)}`);
    const [, panel = ""] = (page.body as string).split('<section class="balance"');
    const row = (label: string, value: string) =>
      `<th scope="row">${label}</th><td class="num">${value}</td>`;
    expect(panel).toContain(row("Amount due", "€69.00"));
    expect(panel).toContain(row("Credited", "−€119.00"));
    expect(panel).toContain(row("Refunded", "+€50.00"));
    expect(panel).toContain(`<tr class="grand">${row("Amount due", "€0.00")}</tr>`);
    expect(panel).not.toContain(row("Paid", "−€50.00"));
  });

  it("credited for what is due is settled by the prepayment (paid); a later note refunds from it", async () => {
    const setup = await sellerOrg();
    const invoice = await sentOne(setup, 100, { prepaid_amount: 50 });
    const first = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "x",
      amount: 69,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.refund_amount).toBe(0);
    expect(await invoiceOf(setup.org, invoice.id)).toMatchObject({
      status: "paid",
      amount_paid: 0,
      amount_credited: 69,
      amount_due: 0,
    });
    const rest = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "y",
      amount: 50,
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.refund_amount).toBe(50);
    expect(await invoiceOf(setup.org, invoice.id)).toMatchObject({
      amount_paid: 0,
      amount_credited: 119,
      amount_due: 0,
    });
  });

  it("prepaid and paid in part: the refund takes the payments first, then the prepayment", async () => {
    const setup = await sellerOrg();
    const invoice = await sentOne(setup, 100, { prepaid_amount: 50 });
    const paid = await post(setup.org, `/v1/invoices/${invoice.id}/payments`, { amount: 20 });
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
    const note = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "x",
      amount: 119,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.refund_amount).toBe(70);
    // Everything credited and every payment refunded: void, as an invoice without a prepayment.
    expect(await invoiceOf(setup.org, invoice.id)).toMatchObject({
      status: "void",
      amount_paid: 0,
      amount_credited: 119,
      amount_due: 0,
    });
  });

  it("is not voided: 409 pointing at a credit note, which records the refund", async () => {
    const setup = await sellerOrg();
    const invoice = await sentOne(setup, 100, { prepaid_amount: 50 });
    const refused = expectError(
      await post(setup.org, `/v1/invoices/${invoice.id}/void`, {}),
      409,
      "conflict",
    );
    expect(refused.details).toMatchObject({
      reason: "invoice_has_prepaid_amount",
      prepaid_amount: 50,
      currency: "EUR",
      hint: "POST /v1/credit-notes",
    });
    expect(refused.message).toContain("POST /v1/credit-notes");
    expect(await invoiceOf(setup.org, invoice.id)).toMatchObject({ status: "sent", amount_credited: 0 });
    expect(await taxToday(setup.org, invoice.issue_date)).toEqual([{ taxable_amount: 100, tax_amount: 19 }]);
  });
});

describe("cash rounding (0.05)", () => {
  // 10.07 + 19% = 11.98, rounded up to 12.00; 10.06 + 19% = 11.97, rounded down to 11.95.
  for (const [price, total, rounding] of [
    [10.07, 12, 0.02],
    [10.06, 11.95, -0.02],
  ] as const) {
    it(`voids an invoice of ${price} (total ${total}): the note takes the rounding, the report nets to 0`, async () => {
      const setup = await sellerOrg({ cash_rounding: 0.05 });
      const invoice = await sentOne(setup, price);
      expect(invoice).toMatchObject({ total, rounding_amount: rounding });
      const voided = await post(setup.org, `/v1/invoices/${invoice.id}/void`, {});
      expect(voided.status, JSON.stringify(voided.body)).toBe(200);
      expect(voided.body).toMatchObject({ status: "void", amount_credited: total, amount_due: 0 });
      const [note] = (await get(setup.org, `/v1/invoices/${invoice.id}/credit-notes`)).body.data;
      expect(note).toMatchObject({
        total,
        rounding_amount: rounding,
        tax_exclusive_total: price,
        tax_total: 1.91,
      });
      expect(await taxToday(setup.org, invoice.issue_date)).toEqual([{ taxable_amount: 0, tax_amount: 0 }]);
    });

    it(`credits the whole line of an invoice of ${price}: the invoice is finished, nothing left due`, async () => {
      const setup = await sellerOrg({ cash_rounding: 0.05 });
      const invoice = await sentOne(setup, price);
      const note = await post(setup.org, "/v1/credit-notes", {
        invoice_id: invoice.id,
        reason: "Returned",
        lines: [{ invoice_item_id: invoice.items[0].id, quantity: 1 }],
      });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      expect(note.body).toMatchObject({ total, rounding_amount: rounding, refund_amount: 0 });
      expect(await invoiceOf(setup.org, invoice.id)).toMatchObject({
        status: "void",
        amount_credited: total,
        amount_due: 0,
      });
    });
  }

  it("a partial credit takes no rounding; the note that finishes the invoice settles it", async () => {
    const setup = await sellerOrg({ cash_rounding: 0.05 });
    const invoice = await sentOne(setup, 10.07);
    const part = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "x",
      amount: 5.95,
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body).toMatchObject({ total: 5.95, rounding_amount: 0 });
    // 6.03 of the breakdown is left, and 6.05 of the total: the rest is credited with its rounding.
    const rest = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "y",
      amount: 6.05,
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body).toMatchObject({ total: 6.05, rounding_amount: 0.02 });
    expect(await invoiceOf(setup.org, invoice.id)).toMatchObject({ status: "void", amount_due: 0 });
    expect(await taxToday(setup.org, invoice.issue_date)).toEqual([{ taxable_amount: 0, tax_amount: 0 }]);
    // Nothing is left: one cent more is refused.
    const more = await post(setup.org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "z",
      amount: 0.01,
    });
    expect(more.status).toBe(409);
  });

  it("takes a prepaid amount equal to the rounded total (12.00 on 11.98); above it, rounds what is owed back", async () => {
    const setup = await sellerOrg({ cash_rounding: 0.05 });
    const res = await post(setup.org, "/v1/invoices", {
      customer_id: setup.customer.id,
      items: [{ description: "Work", quantity: 1, unit_price: 10.07, tax_rate_id: setup.rate.id }],
      prepaid_amount: 12,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ total: 12, prepaid_amount: 12, amount_due: 0, rounding_amount: 0.02 });
    const above = await post(setup.org, "/v1/invoices", {
      customer_id: setup.customer.id,
      items: [{ description: "Work", quantity: 1, unit_price: 10.07, tax_rate_id: setup.rate.id }],
      prepaid_amount: 12.05,
    });
    // 11.98 - 12.05 = -0.07 owed back, rounded to -0.05 (the rounding 0.02 as before).
    expect(above.status, JSON.stringify(above.body)).toBe(201);
    expect(above.body).toMatchObject({
      total: 12,
      prepaid_amount: 12.05,
      amount_due: -0.05,
      rounding_amount: 0.02,
    });
  });
});

// Random invoices through the API, then random payments, credit notes and reversals: after every
// step the figures an invoice reads must still add up.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api, createOrg, type TestOrg } from "../../helpers/api";
import { createCustomer } from "../../helpers/factories";
import { get, post, standardRate } from "./helpers";

const cents = (value: number) => Math.round(value * 100);

/** The figures add up; `issued`: and the status is the one they call for (a draft has none yet). */
function expectConsistent(invoice: Record<string, any>, issued = true) {
  const figures = [
    "subtotal",
    "discount_total",
    "tax_exclusive_total",
    "tax_total",
    "rounding_amount",
    "total",
    "amount_paid",
    "amount_credited",
    "amount_due",
  ];
  // Every figure is a whole number of cents (the JSON number is exact in major units).
  for (const name of figures) expect(Number.isInteger(cents(invoice[name])), name).toBe(true);
  expect(cents(invoice.total)).toBe(
    cents(invoice.tax_exclusive_total) + cents(invoice.tax_total) + cents(invoice.rounding_amount),
  );
  expect(cents(invoice.amount_due)).toBe(
    cents(invoice.total) - cents(invoice.amount_paid) - cents(invoice.amount_credited),
  );
  expect(invoice.amount_due).toBeGreaterThanOrEqual(0);
  const taxable = invoice.tax_breakdown.reduce((sum: number, b: any) => sum + cents(b.taxable_amount), 0);
  expect(taxable).toBe(cents(invoice.tax_exclusive_total));
  if (!issued) return;
  // Nothing due (a total that rounds to 0 too: 0.25 x 0.01 at 19 %) is settled once sent.
  if (invoice.amount_due === 0) expect(["paid", "void"]).toContain(invoice.status);
  else expect(["sent", "overdue"]).toContain(invoice.status);
}

describe("invoice invariants under random operations", () => {
  it("total = tax_exclusive + tax + rounding and amount_due = total - paid - credited >= 0, always", async () => {
    const org: TestOrg = await createOrg({ currency: "EUR" });
    const customer = await createCustomer(org);
    const rates = {
      exclusive: [await standardRate(org, 19), await standardRate(org, 7)],
      inclusive: [await standardRate(org, 19, true), await standardRate(org, 7, true)],
    };
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 40 }).map((q) => q / 4),
      unit_price: fc.integer({ min: 1, max: 50_000 }).map((c) => c / 100),
      rate: fc.integer({ min: 0, max: 2 }),
      discount: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
    });
    const op = fc.record({
      kind: fc.constantFrom("pay", "credit", "credit_line", "reverse"),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    });

    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.option(fc.integer({ min: 1, max: 25 }), { nil: null }),
        fc.array(op, { minLength: 1, maxLength: 6 }),
        async (inclusive, lines, invoiceDiscount, ops) => {
          const set = inclusive ? rates.inclusive : rates.exclusive;
          const created = await post(org, "/v1/invoices", {
            customer_id: customer.id,
            due_date: "2030-01-01",
            ...(invoiceDiscount ? { discounts: [{ percentage: invoiceDiscount }] } : {}),
            items: lines.map((l, i) => ({
              description: `Line ${i}`,
              quantity: l.quantity,
              unit_price: l.unit_price,
              tax_rate_id: l.rate === 2 ? null : set[l.rate]?.id,
              ...(l.discount ? { discount: { percentage: l.discount } } : {}),
            })),
          });
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          expectConsistent(created.body, false);
          const id = created.body.id as string;
          expect((await post(org, `/v1/invoices/${id}/send`)).status).toBe(200);
          const payments: string[] = [];
          for (const step of ops) {
            const invoice = (await get(org, `/v1/invoices/${id}`)).body;
            expectConsistent(invoice);
            const amount = Math.max(0.01, Math.floor(invoice.amount_due * step.share * 100) / 100);
            if (step.kind === "pay" && invoice.amount_due > 0) {
              const res = await post(org, `/v1/invoices/${id}/payments`, { amount });
              expect(res.status, JSON.stringify(res.body)).toBe(201);
              payments.push(res.body.id);
            } else if (step.kind === "credit" && invoice.status !== "void") {
              const left = cents(invoice.total) - cents(invoice.amount_credited);
              if (left <= 0) continue;
              const credit = Math.max(1, Math.floor(left * step.share)) / 100;
              const res = await post(org, "/v1/credit-notes", {
                invoice_id: id,
                reason: "random",
                amount: credit,
              });
              expect(res.status, JSON.stringify(res.body)).toBe(201);
              expect(cents(res.body.total)).toBe(cents(credit));
            } else if (step.kind === "credit_line" && invoice.status !== "void") {
              // A share of one line; refused (422) once the line or its rate has nothing left.
              const item =
                invoice.items[Math.floor(step.share * invoice.items.length) % invoice.items.length];
              const quantity = Math.max(0.0001, Math.floor(item.quantity * step.share * 10_000) / 10_000);
              const res = await post(org, "/v1/credit-notes", {
                invoice_id: id,
                reason: "line",
                lines: [{ invoice_item_id: item.id, quantity }],
              });
              expect([201, 422], JSON.stringify(res.body)).toContain(res.status);
            } else if (step.kind === "reverse" && payments.length > 0) {
              const paymentId = payments.pop() as string;
              const res = await api("DELETE", `/v1/invoices/${id}/payments/${paymentId}`, {
                token: org.owner.key,
              });
              // A payment a credit note already refunded cannot be reversed.
              expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
            }
          }
          expectConsistent((await get(org, `/v1/invoices/${id}`)).body);
        },
      ),
      {
        numRuns: 12,
        // Found by a random run (seed -93121725): a line of 0.25 x 0.01 at 19 % is 0.00, and so is
        // the invoice, which its send settles at once.
        examples: [
          [
            false,
            [{ quantity: 0.25, unit_price: 0.01, rate: 0, discount: null }],
            null,
            [{ kind: "pay", share: 0.01 }],
          ],
        ],
      },
    );
  });
});

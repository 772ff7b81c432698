// What an invoice answers as amount_due (src/services/invoices/amount-due.ts amountDueMinor):
// payable - paid - credited, a credit balance below 0 when more was paid than is due (a card
// payment beyond the amount due), but never below 0 because a credit note refunded a prepaid
// amount; below 0 on an invoice whose prepaid amount is above its total (it owes back), and more
// so by its credits. Its SQL reading (amountDueSql), and customerMayPay's, give the same answers
// in D1 for any running sums.
import { env } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { INVOICE_STATUSES, type InvoiceStatus } from "../../src/db/schema/invoices";
import { INVOICE_TYPE_CODES, type InvoiceTypeCode } from "../../src/lib/type-codes";
import {
  amountDueMinor,
  amountDueSql,
  customerMayPay,
  customerMayPaySql,
  type PayableFacts,
} from "../../src/services/invoices/amount-due";
import { effectiveInvoiceStatus, isOpen } from "../../src/services/lifecycle";

const invoice = (
  total: number,
  prepaid: number,
  paid: number,
  credited: number,
  split = 0,
  splitCredited = 0,
) => ({
  totalMinor: total,
  prepaidMinor: prepaid,
  splitPaymentMinor: split,
  splitPaymentCreditedMinor: splitCredited,
  amountPaidMinor: paid,
  amountCreditedMinor: credited,
});

describe("amount due", () => {
  it("is payable - paid - credited", () => {
    expect(amountDueMinor(invoice(11900, 0, 4000, 1900))).toBe(6000);
    expect(amountDueMinor(invoice(11900, 5000, 0, 0))).toBe(6900);
  });

  it("shows an overpayment as a credit balance, as it always did", () => {
    expect(amountDueMinor(invoice(11900, 0, 12000, 0))).toBe(-100);
    // A credit note of the whole invoice then refunds the whole 120.00 (amount_paid goes to 0).
    expect(amountDueMinor(invoice(11900, 0, 0, 11900))).toBe(0);
  });

  it("is 0, not negative, once a credit note refunded the prepaid amount", () => {
    // Total 119, prepaid 50, credited in full: the 50 prepaid are refunded by the note.
    expect(amountDueMinor(invoice(11900, 5000, 0, 11900))).toBe(0);
    expect(amountDueMinor(invoice(11900, 5000, 0, 9000))).toBe(0);
    // Overpaid as well: the overpayment stays a credit balance.
    expect(amountDueMinor(invoice(11900, 5000, 7000, 0))).toBe(-100);
  });

  it("is below 0 on an invoice whose prepaid amount is above its total, and its credits add to it", () => {
    // Total 119, prepaid 150: 31 owed back; a credit note of 50 owes 81 back, of everything 150.
    expect(amountDueMinor(invoice(11900, 15000, 0, 0))).toBe(-3100);
    expect(amountDueMinor(invoice(11900, 15000, 0, 5000))).toBe(-8100);
    expect(amountDueMinor(invoice(11900, 15000, 0, 11900))).toBe(-15000);
  });

  it("leaves out the VAT the buyer pays to the state under split payment", () => {
    // Net 1246.00 + 22% VAT 274.12 (category B): the buyer pays the seller 1246.00.
    expect(amountDueMinor(invoice(152012, 0, 0, 0, 27412))).toBe(124600);
    expect(amountDueMinor(invoice(152012, 24600, 100000, 0, 27412))).toBe(0);
  });

  it("counts a credit note of a split-payment invoice without the split-payment VAT it credits", () => {
    // A note of 760.06 (623.00 + 137.06 B VAT) takes 623.00 off what the buyer pays the seller.
    expect(amountDueMinor(invoice(152012, 0, 0, 76006, 27412, 13706))).toBe(62300);
    // Credited in full: nothing due; paid in full beforehand, the note refunded the payment.
    expect(amountDueMinor(invoice(152012, 0, 0, 152012, 27412, 27412))).toBe(0);
    // With a prepaid amount of 200.00, credited in full: the prepaid amount is refunded too.
    expect(amountDueMinor(invoice(152012, 20000, 0, 152012, 27412, 27412))).toBe(0);
  });
});

/** Running sums, status and type code as any stored row may hold them (totals below 0 included). */
const storedRow: fc.Arbitrary<PayableFacts> = fc
  .record({
    totalMinor: fc.integer({ min: -2_000_000, max: 2_000_000 }),
    prepaidMinor: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000 })),
    splitPaymentMinor: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500_000 })),
    splitShare: fc.double({ min: 0, max: 1, noNaN: true }),
    amountPaidMinor: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000 })),
    amountCreditedMinor: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000 })),
    status: fc.constantFrom<InvoiceStatus>(...INVOICE_STATUSES),
    typeCode: fc.constantFrom<InvoiceTypeCode>(...INVOICE_TYPE_CODES),
  })
  .map(({ splitShare, ...row }) => ({
    ...row,
    splitPaymentCreditedMinor: Math.floor(row.splitPaymentMinor * splitShare),
  }));

/** `select` over `rows` in D1, as a table named `invoices` holding exactly those rows, in order. */
async function inD1<T>(rows: readonly PayableFacts[], select: (table: string) => SQL) {
  const literal = (row: PayableFacts, n: number) =>
    sql.raw(
      `(${n}, ${row.totalMinor}, ${row.prepaidMinor}, ${row.splitPaymentMinor}, ` +
        `${row.splitPaymentCreditedMinor}, ${row.amountPaidMinor}, ${row.amountCreditedMinor}, ` +
        `'${row.status}', '${row.typeCode}')`,
    );
  const result = await createDb(env.DB).all<{ value: T }>(sql`
    WITH invoices (n, total_minor, prepaid_minor, split_payment_minor, split_payment_credited_minor,
      amount_paid_minor, amount_credited_minor, status, type_code) AS (VALUES ${sql.join(rows.map(literal), sql`, `)})
    SELECT ${select("invoices")} AS value FROM invoices ORDER BY n`);
  return result.map((row) => row.value);
}

describe("the SQL reading of the amount due and of customerMayPay", () => {
  it("gives in D1 what the TypeScript gives, for any running sums", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(storedRow, { minLength: 1, maxLength: 80 }), async (rows) => {
        expect(await inD1<number>(rows, amountDueSql)).toEqual(rows.map(amountDueMinor));
        const mayPay = await inD1<number>(rows, customerMayPaySql);
        expect(mayPay.map(Boolean)).toEqual(rows.map(customerMayPay));
      }),
      { numRuns: 40 },
    );
  });

  it("counts a prepaid amount credit notes refunded, as the TypeScript does", async () => {
    // Total 119, prepaid 50, credited 90 (40 of it refunded the prepaid amount): nothing due.
    const refunded: PayableFacts = {
      ...invoice(11900, 5000, 0, 9000),
      status: "paid",
      typeCode: "380",
    };
    expect(await inD1<number>([refunded], amountDueSql)).toEqual([0]);
  });

  it("reads the stored status: open exactly when the status reads report is", () => {
    for (const status of INVOICE_STATUSES) {
      for (const typeCode of INVOICE_TYPE_CODES) {
        for (const dueDate of ["2000-01-01", "2999-01-01"]) {
          expect(isOpen(effectiveInvoiceStatus({ status, dueDate, typeCode }, "2026-06-01")), status).toBe(
            isOpen(status),
          );
        }
      }
    }
  });
});

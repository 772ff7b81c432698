// What an invoice answers as amount_due (src/services/invoices/read.ts amountDueMinor): payable -
// paid - credited, a credit balance below 0 when more was paid than is due (a card payment
// beyond the amount due), but never below 0 because a credit note refunded a prepaid amount; below
// 0 on an invoice whose prepaid amount is above its total (it owes back), and more so by its credits.
import { describe, expect, it } from "vitest";
import { amountDueMinor } from "../../src/services/invoices/read";

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

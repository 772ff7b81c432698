// What happened to an issued invoice after issue, shown beside its frozen model and never written
// into it: the payments received (not reversed), the credit notes that correct it, what is left to
// pay, the status in words and, while something is due, the EPC QR code for that balance.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { creditNotes, payments } from "../../db/schema/billing";
import type { Invoice } from "../../db/schema/invoices";
import type { InvoiceStanding, IssuedDocument, LiveBalance, StandingStatus } from "../../document/model";
import {
  amountDueMinor,
  creditedOffPayableMinor,
  customerMayPay,
  type InvoiceSums,
  refundedPrepaidMinor,
} from "../invoices/amount-due";
import { effectiveStatus } from "../invoices/read";
import { invoiceMay } from "../lifecycle";
import { transferQrPayload } from "./build";

export type { InvoiceStanding, StandingStatus } from "../../document/model";

/** The totals of the balance from the invoice's running sums: what the e-mails state. */
export function balanceOf(
  invoice: InvoiceSums,
): Pick<LiveBalance, "paidMinor" | "creditedMinor" | "dueMinor"> {
  return {
    paidMinor: invoice.amountPaidMinor,
    creditedMinor: creditedOffPayableMinor(invoice),
    dueMinor: amountDueMinor(invoice),
  };
}

/** The live balance of an issued invoice, with the payments and credit notes it is made of. */
export async function invoiceStanding(
  db: Db,
  invoice: Invoice,
  model: IssuedDocument | Promise<IssuedDocument>,
  today: string,
): Promise<InvoiceStanding> {
  // The payments and credit notes in one round trip, while the caller's model is read.
  const [[received, notes], doc] = await Promise.all([
    db.batch([
      db
        .select({
          receivedAt: payments.receivedAt,
          amountMinor: payments.amountMinor,
          method: payments.method,
          reference: payments.reference,
        })
        .from(payments)
        .where(
          and(
            eq(payments.organizationId, invoice.organizationId),
            eq(payments.invoiceId, invoice.id),
            isNull(payments.reversedAt),
          ),
        )
        .orderBy(asc(payments.receivedAt), asc(payments.id)),
      db
        .select({
          number: creditNotes.number,
          issueDate: creditNotes.issueDate,
          amountMinor: creditNotes.totalMinor,
        })
        .from(creditNotes)
        .where(
          and(eq(creditNotes.organizationId, invoice.organizationId), eq(creditNotes.invoiceId, invoice.id)),
        )
        .orderBy(asc(creditNotes.createdAt), asc(creditNotes.id)),
    ]),
    model,
  ]);
  const balance = balanceOf(invoice);
  const receivedMinor = received.reduce((sum, payment) => sum + payment.amountMinor, 0);
  const status = effectiveStatus(invoice, today) as StandingStatus;
  const acceptsPayment = customerMayPay(invoice);
  return {
    payments: received,
    creditNotes: notes,
    ...balance,
    refundedMinor: receivedMinor - balance.paidMinor + refundedPrepaidMinor(invoice),
    receivedMinor,
    status,
    acceptsPayment,
    epcPayload:
      acceptsPayment && doc.payment ? transferQrPayload(doc.payment, doc.currency, balance.dueMinor) : null,
    // Only a paid invoice reopens (a reversal): the status that has a payment date to state.
    paidAt: invoiceMay("reopen", status) ? invoice.paidAt : null,
  };
}

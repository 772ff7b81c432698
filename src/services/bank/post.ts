// The writes of a match, shared by the import's automatic matches and a person's: one payment
// per allocation through the payments ledger (method bank_transfer, linked to the transaction),
// the rest as the customer's credit, the counterparty's account learned for that customer.
import type { Db } from "../../db/client";
import { versionGuard } from "../../db/guards";
import { type BankTransaction, customerBankAccounts, customerCredits } from "../../db/schema/bank";
import { type Invoice, type InvoiceItem, invoices } from "../../db/schema/invoices";
import { prefixedId } from "../../lib/ids";
import type { Statement } from "../invoices/common";
import { paymentStatements } from "../invoices/payments";
import type { TransactionLinks } from "./read";

/**
 * When a payment posted from a bank transaction was made and the reference it carries, for an
 * invoice's payment and a bill's alike: the booking date (else now), and the structured
 * reference, end-to-end id or bank reference.
 */
export function postedPaymentTerms(
  transaction: Pick<BankTransaction, "bookingDate" | "structuredReference" | "endToEndId" | "bankReference">,
  at: string,
) {
  return {
    receivedAt: transaction.bookingDate ? `${transaction.bookingDate}T00:00:00.000Z` : at,
    reference:
      (transaction.structuredReference ?? transaction.endToEndId ?? transaction.bankReference)?.slice(
        0,
        200,
      ) ?? null,
  };
}

/** The invoices a batch of matches touches: their current rows, guarded at the version first read. */
export class InvoiceLedger {
  private readonly current = new Map<string, Invoice>();
  private readonly guarded = new Set<string>();

  constructor(private readonly items: Map<string, InvoiceItem[]>) {}

  statements(
    db: Db,
    organizationId: string,
    transaction: Pick<
      BankTransaction,
      "id" | "bookingDate" | "structuredReference" | "endToEndId" | "bankReference" | "counterpartyIban"
    >,
    allocations: { invoice: Invoice; amountMinor: number }[],
    credit: { customerId: string; amountMinor: number; currency: string } | null,
    at: string,
  ) {
    const statements: Statement[] = [];
    const eventIds: string[] = [];
    const links: TransactionLinks = { allocations: [], credit: null };
    const { receivedAt, reference } = postedPaymentTerms(transaction, at);
    for (const allocation of allocations) {
      const invoice = this.current.get(allocation.invoice.id) ?? allocation.invoice;
      if (!this.guarded.has(invoice.id)) {
        // The invoice as it was read: a concurrent payment fails the whole batch (and nothing is written).
        statements.push(versionGuard(db, invoices, invoice.id, invoice.version));
        this.guarded.add(invoice.id);
      }
      const plan = paymentStatements(
        db,
        invoice,
        this.items.get(invoice.id) ?? [],
        {
          amountMinor: allocation.amountMinor,
          receivedAt,
          method: "bank_transfer",
          reference,
          bankTransactionId: transaction.id,
        },
        at,
      );
      this.current.set(invoice.id, plan.next);
      statements.push(...plan.statements);
      eventIds.push(...plan.eventIds);
      links.allocations.push({
        invoiceId: invoice.id,
        billId: null,
        amountMinor: allocation.amountMinor,
        paymentId: plan.row.id,
      });
    }
    if (credit && credit.amountMinor > 0) {
      statements.push(
        db.insert(customerCredits).values({
          id: prefixedId("ccr"),
          organizationId,
          customerId: credit.customerId,
          bankTransactionId: transaction.id,
          amountMinor: credit.amountMinor,
          currency: credit.currency,
          createdAt: at,
          reversedAt: null,
        }),
      );
      links.credit = { customerId: credit.customerId, amountMinor: credit.amountMinor };
    }
    const customersPaid = new Set(allocations.map((a) => a.invoice.customerId));
    if (transaction.counterpartyIban) {
      for (const customerId of customersPaid) {
        statements.push(
          db
            .insert(customerBankAccounts)
            .values({
              organizationId,
              iban: transaction.counterpartyIban,
              customerId,
              learnedFrom: transaction.id,
              createdAt: at,
            })
            .onConflictDoNothing(),
        );
      }
    }
    return { statements, eventIds, links };
  }
}

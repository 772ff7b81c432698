// Working a bill: approve, reject (with a reason), and pay it, in part or in full. Each move is a
// transition of BILL_TRANSITIONS (src/services/lifecycle.ts) and holds the bill's version guard,
// so concurrent moves are checked against each other: one wins, the other gets 409.
import { and, asc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { isGuardFailure, versionGuard } from "../../db/guards";
import { getOwned } from "../../db/owned";
import type { PaymentMethod } from "../../db/schema/billing";
import { type Bill, type BillPayment, billPayments, bills } from "../../db/schema/bills";
import { nowIso, timestampOf } from "../../lib/clock";
import { conflict, validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { decimalString, parsePositiveAmountAt } from "../../lib/money";
import { type EventType, recordEvent } from "../events";
import { BILL_TRANSITIONS, type BillTransition, billGuardHolds, billMay } from "../lifecycle";
import { billTaxLineChanges } from "../reports/tax-lines";
import { amountDueMinor } from "./amounts";
import { serializeBill, serializeBillPayment } from "./serialize";

type Statement = BatchItem<"sqlite">;

export function getBill(db: Db, organizationId: string, id: string): Promise<Bill> {
  return getOwned(db, bills, "Bill", organizationId, id);
}

/** 409 `invalid_transition` (with the bill's status) unless the bill may make the transition. */
function assertMay(bill: Bill, transition: BillTransition) {
  if (!billMay(transition, bill.status)) {
    throw conflict("invalid_transition", `A ${bill.status} bill cannot be ${transition.replace("_", " ")}d`);
  }
}

/** The statements that write `next` over `bill` (read at its version) and record `events`. */
function writeStatements(db: Db, bill: Bill, next: Bill, events: readonly EventType[]) {
  const recorded = events.map((type) =>
    recordEvent(db, {
      organizationId: bill.organizationId,
      type,
      object: serializeBill(next),
      at: next.updatedAt,
    }),
  );
  // The original's envelope (its wrapped key) is the key rotation's to write, never a move's.
  const {
    id: _id,
    organizationId: _org,
    createdAt: _created,
    wrappedKey: _wrappedKey,
    keyVersion: _keyVersion,
    noncePrefix: _noncePrefix,
    ...changes
  } = next;
  const statements: Statement[] = [
    db
      .update(bills)
      .set(changes)
      .where(and(eq(bills.id, bill.id), eq(bills.organizationId, bill.organizationId))),
    // Accepted as owed, or no longer: its VAT breakdown joins or leaves the tax report.
    ...billTaxLineChanges(db, bill, next),
    ...recorded.flatMap((e) => e.statements),
  ];
  return { statements, eventIds: recorded.map((e) => e.id) };
}

async function commit(db: Db, bill: Bill, statements: Statement[]) {
  try {
    await db.batch([versionGuard(db, bills, bill.id, bill.version), ...statements] as [
      Statement,
      ...Statement[],
    ]);
  } catch (error) {
    if (isGuardFailure(error, bills)) {
      throw conflict("concurrent_update", "The bill changed while this request ran; retry");
    }
    throw error;
  }
}

async function move(db: Db, bill: Bill, transition: "approve" | "reject", changes: Partial<Bill>) {
  const at = nowIso();
  const next: Bill = {
    ...bill,
    ...changes,
    status: BILL_TRANSITIONS[transition].to,
    version: bill.version + 1,
    updatedAt: at,
  };
  const plan = writeStatements(db, bill, next, BILL_TRANSITIONS[transition].events);
  await commit(db, bill, plan.statements);
  return { bill: next, eventIds: plan.eventIds };
}

export async function approveBill(db: Db, organizationId: string, id: string) {
  const bill = await getBill(db, organizationId, id);
  assertMay(bill, "approve");
  return move(db, bill, "approve", { approvedAt: nowIso() });
}

export async function rejectBill(db: Db, organizationId: string, id: string, reason: string) {
  const bill = await getBill(db, organizationId, id);
  assertMay(bill, "reject");
  if (!billGuardHolds("reject", bill)) {
    throw conflict("bill_has_payments", "A bill with payments cannot be rejected");
  }
  return move(db, bill, "reject", { rejectedAt: nowIso(), rejectionReason: reason });
}

export interface BillPaymentInput {
  amount: number;
  paid_at?: string;
  method: PaymentMethod;
  reference?: string | null;
}

/**
 * The statements that record a payment of `amountMinor` (at the bill's scale) on an open bill read
 * at its version (the caller commits them behind the version guard), the bill after them and its
 * events: `bill.paid` when nothing is left due. Bank matches settle bills through this too.
 */
export function billPaymentStatements(
  db: Db,
  bill: Bill,
  payment: {
    amountMinor: number;
    paidAt: string;
    method: PaymentMethod;
    reference: string | null;
    bankTransactionId?: string | null;
  },
  at: string,
) {
  const row: BillPayment = {
    id: prefixedId("bpay"),
    organizationId: bill.organizationId,
    billId: bill.id,
    amountMinor: payment.amountMinor,
    paidAt: payment.paidAt,
    method: payment.method,
    reference: payment.reference,
    bankTransactionId: payment.bankTransactionId ?? null,
    createdAt: at,
  };
  const paid: Bill = {
    ...bill,
    amountPaidMinor: bill.amountPaidMinor + payment.amountMinor,
    version: bill.version + 1,
    updatedAt: at,
  };
  const settles = billGuardHolds("pay", paid);
  const next: Bill = settles ? { ...paid, status: BILL_TRANSITIONS.pay.to, paidAt: payment.paidAt } : paid;
  const plan = writeStatements(db, bill, next, settles ? BILL_TRANSITIONS.pay.events : []);
  return {
    row,
    next,
    statements: [db.insert(billPayments).values(row), ...plan.statements],
    eventIds: plan.eventIds,
  };
}

/** POST /v1/bills/{id}/payments: at most the amount due (422 beyond it); `paid` once nothing is due. */
export async function recordBillPayment(db: Db, organizationId: string, id: string, input: BillPaymentInput) {
  const bill = await getBill(db, organizationId, id);
  if (!billMay("record_payment", bill.status)) {
    throw conflict("invalid_transition", `A ${bill.status} bill takes no payments`);
  }
  const parsed = parsePositiveAmountAt(input.amount, bill.amountScale);
  if (!parsed.ok) throw validationError({ amount: parsed.message });
  const due = amountDueMinor(bill);
  if (parsed.value > BigInt(due)) {
    throw validationError(
      { amount: `More than the amount due (${bill.currency} ${decimalString(due, bill.amountScale)})` },
      "The payment exceeds the amount due",
    );
  }
  const plan = billPaymentStatements(
    db,
    bill,
    {
      amountMinor: Number(parsed.value),
      paidAt: timestampOf(input.paid_at),
      method: input.method,
      reference: input.reference ?? null,
    },
    nowIso(),
  );
  await commit(db, bill, plan.statements);
  return { payment: serializeBillPayment(plan.row, bill), bill: plan.next, eventIds: plan.eventIds };
}

export async function listBillPayments(db: Db, organizationId: string, id: string) {
  const bill = await getBill(db, organizationId, id);
  const rows = await db
    .select()
    .from(billPayments)
    .where(and(eq(billPayments.billId, id), eq(billPayments.organizationId, organizationId)))
    .orderBy(asc(billPayments.createdAt), asc(billPayments.id));
  return rows.map((row) => serializeBillPayment(row, bill));
}

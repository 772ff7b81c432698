// Matching bank debits (money paid out) against the organization's open bills, as credits are
// matched against invoices (match.ts): a debit whose references name open bills, by the payment
// reference their documents state (BT-83) or by their numbers, settles them when it also pays
// exactly what they owe or goes to their suppliers' account (the supplier's IBAN, or the one the
// bill states, BT-84). Less than they owe is a partial payment; what a debit pays beyond them is
// left unallocated. Each allocation is a payment of the bill (src/services/bills), so its amount
// paid, status and `bill.paid` event are those of a payment recorded by hand.

import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { versionGuard } from "../../db/guards";
import { type Bill, bills, suppliers } from "../../db/schema/bills";
import type { StatementEntry } from "../../lib/bank-statement/types";
import { compactIban } from "../../lib/iban";
import { currencyExponent } from "../../lib/money";
import { referenceKey } from "../../lib/payment-reference";
import { amountDueMinor, billPaymentStatements, openBillsWhere } from "../bills";
import type { Statement } from "../invoices/common";
import { postedPaymentTerms } from "./post";
import type { TransactionLinks } from "./read";
import { entryReferenceKeys, MIN_NUMBER_KEY } from "./references";

/** What matching reads of an open bill: not its document (the one term it needs is extracted). */
const OPEN_BILL_COLUMNS = {
  id: bills.id,
  supplierId: bills.supplierId,
  number: bills.number,
  currency: bills.currency,
  amountScale: bills.amountScale,
  payableMinor: bills.payableMinor,
  amountPaidMinor: bills.amountPaidMinor,
  version: bills.version,
  /** BT-83: the remittance reference the supplier asks its payer to quote. */
  reference: sql<string | null>`json_extract(${bills.document}, '$.paymentMeans.reference')`,
  /** BT-84: the account the bill asks to be paid into. */
  statedIban: sql<string | null>`json_extract(${bills.document}, '$.paymentMeans.iban')`,
  supplierIban: suppliers.iban,
};
export type OpenBillRow = Pick<
  Bill,
  "id" | "supplierId" | "number" | "currency" | "amountScale" | "payableMinor" | "amountPaidMinor" | "version"
> & { reference: string | null; statedIban: string | null; supplierIban: string | null };

export interface OpenBill {
  /** As read when the import began: its `version` guards the payments posted from the match. */
  bill: OpenBillRow;
  /** What is still owed, at the bill's amount scale (the bills service's definition). */
  dueMinor: number;
}

export interface BillAllocation {
  bill: OpenBill;
  /** At the bill's amount scale. */
  amountMinor: number;
}

export interface BillMatch {
  rule: "bill_reference" | "bill_number";
  allocations: BillAllocation[];
}

const ibanOf = (iban: string | null) => (iban ? compactIban(iban) : null);

export class BillMatcher {
  private readonly byKey = new Map<string, OpenBill[]>();

  constructor(readonly open: OpenBill[]) {
    for (const entry of open) {
      const keys = new Set<string>();
      if (entry.bill.reference) keys.add(referenceKey(entry.bill.reference));
      const numberKey = referenceKey(entry.bill.number);
      if (numberKey.length >= MIN_NUMBER_KEY) keys.add(numberKey);
      for (const key of keys) this.byKey.set(key, [...(this.byKey.get(key) ?? []), entry]);
    }
  }

  /** The organization's open bills: received or approved, owed by it (not a credit note), something due. */
  static async load(db: Db, organizationId: string): Promise<BillMatcher> {
    const rows = await db
      .select(OPEN_BILL_COLUMNS)
      .from(bills)
      .innerJoin(suppliers, eq(suppliers.id, bills.supplierId))
      .where(openBillsWhere(organizationId));
    return new BillMatcher(rows.map((bill) => ({ bill, dueMinor: amountDueMinor(bill) })));
  }

  /**
   * The bills a debit pays, booked against their amounts due; null when it names none for sure
   * (then it stays an ignored debit, as before bills existed).
   */
  match(entry: StatementEntry): BillMatch | null {
    if (entry.amountMinor >= 0 || this.open.length === 0) return null;
    const found: OpenBill[] = [];
    let byReference = false;
    for (const key of entryReferenceKeys(entry)) {
      const candidates = (this.byKey.get(key) ?? []).filter(
        (o) => o.bill.currency === entry.currency && o.dueMinor > 0,
      );
      // A key two open bills share names neither.
      const [only] = candidates;
      if (candidates.length !== 1 || !only || found.includes(only)) continue;
      found.push(only);
      if (key !== referenceKey(only.bill.number)) byReference = true;
    }
    if (found.length === 0) return null;
    // Everything at the finest scale among the bills and the bank's minor unit, exactly.
    const exponent = currencyExponent(entry.currency);
    const scale = Math.max(exponent, ...found.map((o) => o.bill.amountScale));
    const at = (minor: number, from: number) => BigInt(minor) * 10n ** BigInt(scale - from);
    const paid = at(-entry.amountMinor, exponent);
    const owed = found.reduce((sum, o) => sum + at(o.dueMinor, o.bill.amountScale), 0n);
    const iban = ibanOf(entry.counterpartyIban);
    const toSupplier =
      iban !== null &&
      found.every((o) => ibanOf(o.bill.supplierIban) === iban || ibanOf(o.bill.statedIban) === iban);
    if (paid !== owed && !toSupplier) return null;
    let remaining = paid;
    const allocations: BillAllocation[] = [];
    for (const open of found) {
      const unit = 10n ** BigInt(scale - open.bill.amountScale);
      // Whole units of the bill's scale: a finer rest stays unallocated.
      const amount = remaining / unit < BigInt(open.dueMinor) ? remaining / unit : BigInt(open.dueMinor);
      if (amount <= 0n) break;
      allocations.push({ bill: open, amountMinor: Number(amount) });
      remaining -= amount * unit;
    }
    for (const allocation of allocations) allocation.bill.dueMinor -= allocation.amountMinor;
    return { rule: byReference ? "bill_reference" : "bill_number", allocations };
  }
}

/** The bills a batch of matches pays: their current rows, guarded at the version first read. */
export class BillLedger {
  private readonly current = new Map<string, Bill>();
  private readonly guarded = new Set<string>();

  constructor(rows: readonly Bill[]) {
    this.add(rows);
  }

  /** Bills read since (a statement read in parts reads the bills each part matches). */
  add(rows: readonly Bill[]) {
    for (const row of rows) if (!this.current.has(row.id)) this.current.set(row.id, row);
  }

  has(id: string): boolean {
    return this.current.has(id);
  }

  /** The whole row of a matched bill, as matching read it; undefined when it changed since. */
  asMatched(open: OpenBillRow): Bill | undefined {
    const bill = this.current.get(open.id);
    return bill && (this.guarded.has(bill.id) || bill.version === open.version) ? bill : undefined;
  }

  statements(
    db: Db,
    transaction: Pick<
      StatementEntry,
      "bookingDate" | "structuredReference" | "endToEndId" | "bankReference"
    > & {
      id: string;
    },
    allocations: readonly { bill: Bill; amountMinor: number }[],
    at: string,
  ) {
    const statements: Statement[] = [];
    const eventIds: string[] = [];
    const links: TransactionLinks["allocations"] = [];
    const { receivedAt: paidAt, reference } = postedPaymentTerms(transaction, at);
    for (const allocation of allocations) {
      const bill = this.current.get(allocation.bill.id) ?? allocation.bill;
      if (!this.guarded.has(bill.id)) {
        // The bill as it was read: a concurrent payment fails the whole batch.
        statements.push(versionGuard(db, bills, bill.id, bill.version));
        this.guarded.add(bill.id);
      }
      const plan = billPaymentStatements(
        db,
        bill,
        {
          amountMinor: allocation.amountMinor,
          paidAt,
          method: "bank_transfer",
          reference,
          bankTransactionId: transaction.id,
        },
        at,
      );
      this.current.set(bill.id, plan.next);
      statements.push(...plan.statements);
      eventIds.push(...plan.eventIds);
      links.push({
        invoiceId: null,
        billId: bill.id,
        amountMinor: allocation.amountMinor,
        amountScale: bill.amountScale,
        paymentId: plan.row.id,
      });
    }
    return { statements, eventIds, links };
  }
}

/** The bills of these ids (the ones matched), whole. */
export async function billsByIds(db: Db, organizationId: string, ids: readonly string[]): Promise<Bill[]> {
  if (ids.length === 0) return [];
  const json = JSON.stringify(ids);
  return db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.organizationId, organizationId),
        sql`${bills.id} IN (SELECT value FROM json_each(${json}))`,
      ),
    );
}

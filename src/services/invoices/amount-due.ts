// What an invoice still asks of its customer (the amount due) and whether the customer may pay it
// now, each written once as terms over the invoice's stored running sums and read two ways: on a
// row (`amountDueMinor`, `customerMayPay`) and as SQL for the sweeps and reports that select or
// add up by it (`amountDueSql`, `customerMayPaySql`). Each term carries both readings, so a term
// added here changes both and they cannot drift apart (docs/invoices.md, "Totals").
import { type SQL, sql } from "drizzle-orm";
import { type Invoice, type InvoiceStatus, invoices } from "../../db/schema/invoices";
import { type InvoiceTypeCode, OWED_TO_CUSTOMER } from "../../lib/type-codes";
import { invoiceStatesFor, sqlStatusIn } from "../lifecycle";

/** The stored running sums the amount due is made of. */
export type InvoiceSums = Pick<
  Invoice,
  | "totalMinor"
  | "prepaidMinor"
  | "splitPaymentMinor"
  | "splitPaymentCreditedMinor"
  | "amountPaidMinor"
  | "amountCreditedMinor"
>;

/** A figure of the running sums: its value on a row, and the same as SQL over a table's columns. */
interface Term {
  of: (row: InvoiceSums) => number;
  /** `table`: the name or alias the query gives the invoices table. */
  sql: (table: string) => SQL;
}

const columnOf = (table: string, column: keyof typeof invoices.$inferSelect) =>
  sql`${sql.identifier(table)}.${sql.identifier(invoices[column].name)}`;

const stored = (column: keyof InvoiceSums): Term => ({
  of: (row) => row[column],
  sql: (table) => columnOf(table, column),
});

const ZERO: Term = { of: () => 0, sql: () => sql`0` };

const difference = (from: Term, ...less: Term[]): Term => ({
  of: (row) => less.reduce((value, term) => value - term.of(row), from.of(row)),
  sql: (table) =>
    sql`(${sql.join(
      [from, ...less].map((term) => term.sql(table)),
      sql` - `,
    )})`,
});

const sum = (...terms: Term[]): Term => ({
  of: (row) => terms.reduce((value, term) => value + term.of(row), 0),
  sql: (table) =>
    sql`(${sql.join(
      terms.map((term) => term.sql(table)),
      sql` + `,
    )})`,
});

const least = (a: Term, b: Term): Term => ({
  of: (row) => Math.min(a.of(row), b.of(row)),
  sql: (table) => sql`min(${a.sql(table)}, ${b.sql(table)})`,
});

const greatest = (a: Term, b: Term): Term => ({
  of: (row) => Math.max(a.of(row), b.of(row)),
  sql: (table) => sql`max(${a.sql(table)}, ${b.sql(table)})`,
});

/** `value`, or 0 where `test` is below 0. */
const zeroWhereNegative = (test: Term, value: Term): Term => ({
  of: (row) => (test.of(row) < 0 ? 0 : value.of(row)),
  sql: (table) => sql`(CASE WHEN ${test.sql(table)} < 0 THEN 0 ELSE ${value.sql(table)} END)`,
});

/**
 * What the invoice asks to be paid as issued (BT-115): its total (with the rounding) less what was
 * prepaid before issue and the VAT the buyer pays to the state under split payment.
 */
const payable = difference(stored("totalMinor"), stored("prepaidMinor"), stored("splitPaymentMinor"));

/**
 * What the credit notes took off what the buyer pays the seller: their totals, less the
 * split-payment VAT they credit (the buyer owed that to the state, never to the seller).
 */
const creditedOffPayable = difference(stored("amountCreditedMinor"), stored("splitPaymentCreditedMinor"));

/**
 * The prepaid amount credit notes refunded: credits beyond the payable amount, up to all of it. A
 * note beyond what is due refunds what was paid, then what was prepaid (which the invoice keeps
 * stating). An invoice that owes back refunds nothing by its notes: each is owed back on top.
 */
const refundedPrepaid = zeroWhereNegative(
  payable,
  least(stored("prepaidMinor"), greatest(ZERO, difference(creditedOffPayable, payable))),
);

/**
 * payable - paid - credited + the prepaid amount refunded: what the customer still owes. Below 0
 * it is a credit balance (more was paid than is due) or what an invoice that owes back owes its
 * customer; a refunded prepaid amount never takes it below 0.
 */
const amountDue = sum(difference(payable, stored("amountPaidMinor"), creditedOffPayable), refundedPrepaid);

export const payableMinor = payable.of;

/**
 * The invoice owes its customer money back as issued: its prepaid amount is above its total, so
 * its payable amount (BT-115) is below 0. It asks for nothing: settled as it is sent, never
 * reminded nor a receivable, and its credit notes add to what it owes back.
 */
export const owesBack = (row: InvoiceSums) => payableMinor(row) < 0;

export const creditedOffPayableMinor = creditedOffPayable.of;

export const refundedPrepaidMinor = refundedPrepaid.of;

export const amountDueMinor = amountDue.of;

/** The amount due over the columns of `table` (the invoices table's name or alias in the query). */
export const amountDueSql = (table = "invoices") => amountDue.sql(table);

/** What decides whether the customer may pay now: the sums, the stored status and the type code. */
export type PayableFacts = InvoiceSums & Pick<Invoice, "status" | "typeCode">;

/** A condition on an invoice: whether a row meets it, and the same as SQL over a table's columns. */
interface Condition {
  holds(row: PayableFacts): boolean;
  sql(table: string): SQL;
}

const statusIn = (states: readonly InvoiceStatus[]): Condition => ({
  holds: (row) => states.includes(row.status),
  sql: (table) => sqlStatusIn(columnOf(table, "status"), states),
});

const typeCodeNotIn = (codes: readonly InvoiceTypeCode[]): Condition => ({
  holds: (row) => !codes.includes(row.typeCode),
  sql: (table) =>
    sql`${columnOf(table, "typeCode")} NOT IN (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )})`,
});

const positive = (term: Term): Condition => ({
  holds: (row) => term.of(row) > 0,
  sql: (table) => sql`${term.sql(table)} > 0`,
});

const all = (...conditions: Condition[]): Condition => ({
  holds: (row) => conditions.every((condition) => condition.holds(row)),
  sql: (table) =>
    sql`(${sql.join(
      conditions.map((condition) => condition.sql(table)),
      sql` AND `,
    )})`,
});

/**
 * The customer may pay the invoice now: it is open (it takes payments: sent or overdue), the
 * customer owes it (not what the organization owes its customer, a 381 or 389), and something is
 * due (an invoice that owes back, or is paid in full or beyond, asks nothing). The stored status
 * decides: the status reads report differs from it only by a sent invoice past its due date
 * reading overdue, and both are open.
 */
const mayPay = all(
  statusIn(invoiceStatesFor("record_payment")),
  typeCodeNotIn(OWED_TO_CUSTOMER),
  positive(amountDue),
);

/** The hosted page's Pay now and EPC QR code, the checkout, the reminders and bank matching ask this. */
export const customerMayPay = (invoice: PayableFacts) => mayPay.holds(invoice);

/** customerMayPay over the columns of `table` (the invoices table's name or alias in the query). */
export const customerMayPaySql = (table = "invoices") => mayPay.sql(table);

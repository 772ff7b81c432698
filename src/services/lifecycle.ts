// The lifecycle of invoices, credit notes and quotes in one table: the states, each transition
// with the roles that may make it, the states it starts from, its guard and the event it records.
// Services, routes and sweeps ask this module; no other file compares a status string
// (test/node/lifecycle.test.ts holds that).
import { and, eq, inArray, ne, not, notInArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Bill, BillStatus } from "../db/schema/bills";
import { ROLES, type Role } from "../db/schema/identity";
import { type Invoice, type InvoiceStatus, invoices } from "../db/schema/invoices";
import { type Quote, type QuoteStatus, quotes } from "../db/schema/quotes";
import { utcDate } from "../lib/clock";
import { type InvoiceTypeCode, OWED_TO_CUSTOMER, typeCodeRow } from "../lib/type-codes";
import type { EventType } from "./events";

/** Who may make a transition: `[]` is the system alone (a sweep or a side effect of another). */
const EVERY_ROLE = ROLES;
const MANAGERS = ["owner", "admin"] as const satisfies readonly Role[];
const SYSTEM = [] as const satisfies readonly Role[];

export interface Transition<S extends string, R> {
  /** The states it may start from (the effective status, overdue and expired included). */
  from: readonly S[];
  /** The state it ends in; null when the state stays. */
  to: S | null;
  roles: readonly Role[];
  /** What must hold besides the from-state, in words (the docs' table) and as a check. */
  rule: string;
  guard: (row: R, today: string) => boolean;
  /** The events it records, in order (the existing event types). */
  events: readonly EventType[];
  /** The endpoint that makes it, named when a PATCH tries to make it instead. */
  endpoint?: string;
}

/** What an invoice's guards read: the stored row, and its payments not reversed. */
export type InvoiceFacts = Pick<Invoice, "totalMinor" | "amountPaidMinor" | "dueDate"> & {
  livePayments?: number;
};

const always = () => true;

const invoiceTransition = <const F extends readonly InvoiceStatus[], const T extends InvoiceStatus | null>(
  t: Omit<Transition<InvoiceStatus, InvoiceFacts>, "from" | "to" | "guard"> & {
    from: F;
    to: T;
    guard?: Transition<InvoiceStatus, InvoiceFacts>["guard"];
  },
) => ({ guard: always, ...t });

export const INVOICE_TRANSITIONS = {
  edit: invoiceTransition({
    from: ["draft"],
    to: null,
    roles: EVERY_ROLE,
    rule: "content (lines, customer, dates, discounts) changes in a draft only; notes also once sent, metadata always",
    events: ["invoice.updated"],
  }),
  delete: invoiceTransition({
    from: ["draft"],
    to: null,
    roles: EVERY_ROLE,
    rule: "an issued invoice is corrected by a credit note, never deleted",
    events: ["invoice.deleted"],
  }),
  send: invoiceTransition({
    from: ["draft"],
    to: "sent",
    roles: EVERY_ROLE,
    rule: "the customer's tax status still fits; a total of 0 is paid as it is issued (and records invoice.paid)",
    events: ["invoice.sent"],
    endpoint: "POST /v1/invoices/{id}/send",
  }),
  resend: invoiceTransition({
    from: ["sent", "overdue"],
    to: null,
    roles: EVERY_ROLE,
    rule: "no e-mail of the invoice in flight; sends a reminder once the invoice e-mail went out",
    events: [],
  }),
  record_payment: invoiceTransition({
    from: ["sent", "overdue"],
    to: null,
    roles: EVERY_ROLE,
    rule: "at most the amount due",
    events: ["invoice.payment_recorded"],
  }),
  pay: invoiceTransition({
    from: ["sent", "overdue"],
    to: "paid",
    roles: EVERY_ROLE,
    rule: "the payment (or PATCH status paid) leaves nothing due",
    events: ["invoice.paid"],
  }),
  reopen: invoiceTransition({
    from: ["paid"],
    to: "sent",
    roles: EVERY_ROLE,
    rule: "a payment reversal, or a provider's refund, leaves an amount due; past the due date it reads overdue",
    events: ["invoice.payment_reversed", "invoice.updated"],
  }),
  mark_overdue: invoiceTransition({
    from: ["sent"],
    to: "overdue",
    roles: SYSTEM,
    rule: "the due date (UTC) has passed; the overdue sweep",
    guard: (row, today) => row.dueDate < today,
    events: ["invoice.overdue"],
  }),
  remind: invoiceTransition({
    from: ["sent", "overdue"],
    to: null,
    roles: SYSTEM,
    rule: "a step of the reminder schedule falls due; the reminder sweep",
    events: [],
  }),
  credit: invoiceTransition({
    from: ["sent", "overdue", "paid"],
    to: null,
    roles: EVERY_ROLE,
    rule: "at most what is still creditable; crediting all that is due settles it (paid, or void if nothing was paid)",
    events: ["credit_note.created"],
  }),
  void: invoiceTransition({
    from: ["sent", "overdue"],
    to: "void",
    roles: MANAGERS,
    rule: "no payments (none recorded and not reversed): an invoice with payments is corrected by a credit note",
    guard: (row) => row.amountPaidMinor === 0 && (row.livePayments ?? 0) === 0,
    events: ["credit_note.created", "invoice.voided"],
    endpoint: "POST /v1/invoices/{id}/void",
  }),
} as const;

export type InvoiceTransition = keyof typeof INVOICE_TRANSITIONS;

/** Credit notes have no stored status: one is issued as it is created and stays issued. */
export const CREDIT_NOTE_STATES = ["issued"] as const;
export const CREDIT_NOTE_TRANSITIONS = {
  issue: {
    from: [],
    to: "issued",
    roles: EVERY_ROLE,
    rule: "its invoice may be credited (INVOICE_TRANSITIONS.credit)",
    guard: always,
    events: ["credit_note.created"],
  },
} as const satisfies Record<string, Transition<"issued", unknown>>;

const quoteTransition = <const F extends readonly QuoteStatus[], const T extends QuoteStatus | null>(
  t: Omit<Transition<QuoteStatus, Quote>, "from" | "to" | "guard"> & {
    from: F;
    to: T;
    guard?: Transition<QuoteStatus, Quote>["guard"];
  },
) => ({ guard: always, ...t });

export const QUOTE_TRANSITIONS = {
  edit: quoteTransition({
    from: ["draft"],
    to: null,
    roles: EVERY_ROLE,
    rule: "a quote changes as a draft only",
    events: ["quote.updated"],
  }),
  delete: quoteTransition({
    from: ["draft"],
    to: null,
    roles: EVERY_ROLE,
    rule: "a quote is deleted as a draft only",
    events: ["quote.deleted"],
  }),
  send: quoteTransition({
    from: ["draft"],
    to: "sent",
    roles: EVERY_ROLE,
    rule: "its expiry day has not passed (else 422 on expires_at)",
    guard: (row, today) => row.expiresAt >= today,
    events: ["quote.sent"],
  }),
  resend: quoteTransition({
    from: ["sent"],
    to: null,
    roles: EVERY_ROLE,
    rule: "e-mails the quote again",
    events: [],
  }),
  accept: quoteTransition({
    from: ["sent"],
    to: "accepted",
    roles: EVERY_ROLE,
    rule: "not expired (409 quote_expired: a sent quote past its expiry day reads expired)",
    events: ["quote.accepted"],
  }),
  decline: quoteTransition({
    from: ["sent"],
    to: "declined",
    roles: EVERY_ROLE,
    rule: "not expired (409 quote_expired)",
    events: ["quote.declined"],
  }),
  expire: quoteTransition({
    from: ["sent"],
    to: "expired",
    roles: SYSTEM,
    rule: "its expiry day (UTC) has passed; the quote sweep",
    guard: (row, today) => row.expiresAt < today,
    events: ["quote.expired"],
  }),
  convert: quoteTransition({
    from: ["accepted", "sent"],
    to: "converted",
    roles: EVERY_ROLE,
    rule: "not converted before; creates a draft invoice with the quote's lines",
    events: ["quote.converted"],
  }),
} as const;

export type QuoteTransition = keyof typeof QUOTE_TRANSITIONS;

/** What a bill's guards read: what it asks to be paid (BT-115) and what was paid of it. */
export type BillFacts = Pick<Bill, "payableMinor" | "amountPaidMinor">;

const billTransition = <const F extends readonly BillStatus[], const T extends BillStatus | null>(
  t: Omit<Transition<BillStatus, BillFacts>, "from" | "to" | "guard"> & {
    from: F;
    to: T;
    guard?: Transition<BillStatus, BillFacts>["guard"];
  },
) => ({ guard: always, ...t });

/** A bill: an e-invoice received from a supplier (src/services/bills). */
export const BILL_TRANSITIONS = {
  receive: billTransition({
    from: [],
    to: "received",
    roles: EVERY_ROLE,
    rule: "an e-invoice read and stored as received; one that asks nothing to be paid (BT-115 <= 0) is paid at once (and records bill.paid)",
    events: ["bill.received"],
    endpoint: "POST /v1/bills",
  }),
  approve: billTransition({
    from: ["received"],
    to: "approved",
    roles: EVERY_ROLE,
    rule: "the organization accepts the bill as owed",
    events: ["bill.approved"],
    endpoint: "POST /v1/bills/{id}/approve",
  }),
  reject: billTransition({
    from: ["received", "approved"],
    to: "rejected",
    roles: EVERY_ROLE,
    rule: "with a reason; no payment recorded on it",
    guard: (row) => row.amountPaidMinor === 0,
    events: ["bill.rejected"],
    endpoint: "POST /v1/bills/{id}/reject",
  }),
  record_payment: billTransition({
    from: ["received", "approved"],
    to: null,
    roles: EVERY_ROLE,
    rule: "at most the amount due (BT-115 less what was paid)",
    events: [],
  }),
  pay: billTransition({
    from: ["received", "approved"],
    to: "paid",
    roles: EVERY_ROLE,
    rule: "the payment (or bank match) leaves nothing due",
    guard: (row) => row.amountPaidMinor >= row.payableMinor,
    events: ["bill.paid"],
    endpoint: "POST /v1/bills/{id}/payments",
  }),
} as const;

export type BillTransition = keyof typeof BILL_TRANSITIONS;

/** May a bill in `status` make `transition`? The from-states only. */
export function billMay(transition: BillTransition, status: BillStatus): boolean {
  return (BILL_TRANSITIONS[transition].from as readonly BillStatus[]).includes(status);
}

/** Does the bill transition's guard hold for this row (the from-state checked apart)? */
export const billGuardHolds = (transition: BillTransition, row: BillFacts) =>
  BILL_TRANSITIONS[transition].guard(row, utcDate());

/** Open: received or approved, and so payable; payments and bank matches settle it. */
export const isOpenBill = (status: BillStatus) => billMay("record_payment", status);

/** The stored states a bill transition starts from. */
export const billStatesFor = (transition: BillTransition): readonly BillStatus[] =>
  BILL_TRANSITIONS[transition].from;

/** May an invoice in `status` (its effective status) make `transition`? The from-states only. */
export function invoiceMay(transition: InvoiceTransition, status: InvoiceStatus): boolean {
  return (INVOICE_TRANSITIONS[transition].from as readonly InvoiceStatus[]).includes(status);
}

/** May a quote in `status` (its effective status) make `transition`? The from-states only. */
export function quoteMay(transition: QuoteTransition, status: QuoteStatus): boolean {
  return (QUOTE_TRANSITIONS[transition].from as readonly QuoteStatus[]).includes(status);
}

/** Does the transition's guard hold for this row (the from-state checked apart)? */
export function invoiceGuardHolds(
  transition: InvoiceTransition,
  row: InvoiceFacts,
  today = utcDate(),
): boolean {
  return INVOICE_TRANSITIONS[transition].guard(row, today);
}

export function quoteGuardHolds(transition: QuoteTransition, row: Quote, today = utcDate()): boolean {
  return QUOTE_TRANSITIONS[transition].guard(row, today);
}

/** The endpoint that makes the move into `status`, for a PATCH that tries it instead. */
export function invoiceEndpointInto(status: InvoiceStatus): string | undefined {
  return Object.values(INVOICE_TRANSITIONS).find((t) => t.to === status && "endpoint" in t)?.endpoint;
}

// Invoice states as the rest of the code asks about them.

/** The status every read reports: a sent invoice whose due date (UTC) has passed is overdue. */
export function effectiveInvoiceStatus(
  row: Pick<Invoice, "status" | "dueDate" | "typeCode">,
  today = utcDate(),
): InvoiceStatus {
  const { to } = INVOICE_TRANSITIONS.mark_overdue;
  return invoiceMay("mark_overdue", row.status) && row.dueDate < today && fallsDue(row.typeCode)
    ? to
    : row.status;
}

/**
 * Whether an invoice of this type falls due: the customer owes it. What the organization owes its
 * customer (src/lib/type-codes.ts `owedToCustomer`: a credit note of an invoice issued elsewhere,
 * 381, and a self-billed invoice, 389, where the organization is the buyer) is never a
 * receivable, reminded or overdue.
 */
const fallsDue = (typeCode: InvoiceTypeCode) => !typeCodeRow(typeCode).owedToCustomer;

/** Type codes (those the table flags, `typeCodesWith`) as a SQL list of bound parameters: `(?, ?)`. */
export const sqlTypeCodes = (codes: readonly InvoiceTypeCode[]) =>
  sql`(${sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  )})`;

/** `fallsDue` in SQL, of the type code in `column` (by default the invoice's own). */
export const sqlFallsDue = (column: SQLWrapper = invoices.typeCode) =>
  sql`${column} NOT IN ${sqlTypeCodes(OWED_TO_CUSTOMER)}`;

/** Issued: sent to the customer at some point (it has a number, parties, a hosted page). */
export const isIssued = (status: InvoiceStatus) => !invoiceMay("send", status);

/** Open: issued and awaiting payment (sent or overdue) — receivable, remindable, payable. */
export const isOpen = (status: InvoiceStatus) => invoiceMay("record_payment", status);

/** Closed: paid or void; only metadata changes. */
export const isClosed = (status: InvoiceStatus) => isIssued(status) && !isOpen(status);

/** The status a paid invoice returns to when a reversal leaves something due. */
export const reopenedStatus = (row: Pick<Invoice, "dueDate" | "typeCode">, today = utcDate()) =>
  effectiveInvoiceStatus(
    { status: INVOICE_TRANSITIONS.reopen.to, dueDate: row.dueDate, typeCode: row.typeCode },
    today,
  );

/** The status of a quote every read reports: a sent quote past its expiry day (UTC) is expired. */
export function effectiveQuoteStatus(
  row: Pick<Quote, "status" | "expiresAt">,
  today = utcDate(),
): QuoteStatus {
  const { to } = QUOTE_TRANSITIONS.expire;
  return quoteMay("expire", row.status) && row.expiresAt < today ? to : row.status;
}

/** The reason a refused quote transition gives: `quote_expired` once it has expired, else generic. */
export const quoteRefusalReason = (status: QuoteStatus) =>
  status === QUOTE_TRANSITIONS.expire.to ? "quote_expired" : "invalid_transition";

// List filters: a status the API reports, as a WHERE clause over stored states.

/** How a list query reads (src/services/invoices/read.ts): its sort decides the index. */
export type FilterUse = "page" | "count" | "walk";

/** A column hidden from the planner (unary +): tested per row, never chosen as the index to seek. */
const hide = (column: SQLWrapper) => sql`+${column}`;

/**
 * The SQL twin of effectiveInvoiceStatus, so a list filtered by status agrees with what reads report.
 * Three spellings of the same filter, so that no query sorts in a temp B-tree:
 * - `page` (ORDER BY created_at DESC, id DESC): `sent` hides due_date from the planner (unary +)
 *   so it walks (organization_id, status, created_at, id, due_date) in order instead of taking a
 *   due_date range and sorting it; `overdue` (two stored states) walks the default-order index
 *   (organization_id, created_at, id, status, due_date) and tests status and due date from the
 *   index entry, reading only matching rows.
 * - `count`: ranges of the covering (organization_id, status, due_date) index; `overdue` as
 *   `status IN ('overdue', 'sent')` so it reads those two ranges, not the whole organization.
 * - `walk` (another sort: due_date, total): every column hidden, tested on the rows the sort's
 *   index yields in order.
 */
export function invoiceStatusWhere(status: InvoiceStatus, today: string, use: FilterUse): SQL | undefined {
  const col = (column: SQLWrapper) => (use === "walk" ? hide(column) : sql`${column}`);
  switch (status) {
    case "sent":
      // Past its due date, only what the organization owes its customer (381, 389) is still sent.
      return use === "count"
        ? and(eq(invoices.status, "sent"), or(sql`${invoices.dueDate} >= ${today}`, not(sqlFallsDue())))
        : and(
            sql`${col(invoices.status)} = 'sent'`,
            or(sql`${hide(invoices.dueDate)} >= ${today}`, not(sqlFallsDue())),
          );
    case "overdue": {
      const overdue = or(
        sql`${col(invoices.status)} = 'overdue'`,
        and(sql`${col(invoices.status)} = 'sent'`, sql`${col(invoices.dueDate)} < ${today}`, sqlFallsDue()),
      );
      return use === "count" ? and(inArray(invoices.status, ["overdue", "sent"]), overdue) : overdue;
    }
    default:
      return sql`${col(invoices.status)} = ${status}`;
  }
}

/**
 * The filter is the stored status alone (invoiceStatusWhere's plain equality): every status but
 * the two a due date tells apart, so its invoices can be counted by stored status.
 */
export const invoiceStatusReadsAsStored = (status: InvoiceStatus) =>
  status !== "sent" && status !== "overdue";

/** The SQL twin of effectiveQuoteStatus: `expired` and `sent` are told apart by the expiry day. */
export function quoteStatusWhere(status: QuoteStatus, today: string): SQL {
  if (status === "expired") {
    return sql`(${quotes.status} = 'expired' OR (${quotes.status} = 'sent' AND ${quotes.expiresAt} < ${today}))`;
  }
  if (status === "sent") return sql`(${quotes.status} = 'sent' AND ${quotes.expiresAt} >= ${today})`;
  return eq(quotes.status, status);
}

// SQL: the same from-states, for WHERE clauses and compare-and-set updates.

/** `column` is one of `states` (an equality for one state, so the planner takes the same index). */
export function statusIn(column: SQLWrapper & Parameters<typeof eq>[0], states: readonly string[]): SQL {
  return states.length === 1 ? eq(column, states[0]) : inArray(column, [...states]);
}

/** `column` is none of `states`. */
export function statusNotIn(column: SQLWrapper & Parameters<typeof ne>[0], states: readonly string[]): SQL {
  return states.length === 1 ? ne(column, states[0]) : notInArray(column, [...states]);
}

/**
 * The states as SQL literals, `'sent'` or `('sent', 'overdue')`, for raw SQL text: inlined, not
 * bound, so the planner matches them against the partial indexes written the same way. Only
 * the table's own constants come here.
 */
export const sqlState = (state: InvoiceStatus | QuoteStatus) => sql.raw(`'${state}'`);
export const sqlStates = (states: readonly (InvoiceStatus | QuoteStatus)[]) =>
  sql.raw(`(${states.map((state) => `'${state}'`).join(", ")})`);

/** `column IN ('a', 'b')` (or `= 'a'`) in raw SQL; `column` is a Drizzle column or `sql.raw("i.status")`. */
export const sqlStatusIn = (column: SQLWrapper, states: readonly (InvoiceStatus | QuoteStatus)[]) =>
  states.length === 1 ? sql`${column} = ${sqlState(states[0]!)}` : sql`${column} IN ${sqlStates(states)}`;

/** The stored states a transition starts from (overdue is stored by the sweep, or read from sent). */
export const invoiceStatesFor = (transition: InvoiceTransition): readonly InvoiceStatus[] =>
  INVOICE_TRANSITIONS[transition].from;

export const quoteStatesFor = (transition: QuoteTransition): readonly QuoteStatus[] =>
  QUOTE_TRANSITIONS[transition].from;

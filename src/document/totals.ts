// The totals block of a document, row by row: which rows, in which order, with which label, sign
// and emphasis. The PDF, the hosted page and the e-mails lay these rows out and decide nothing
// about them. The rules are written down in docs/pdf.md, "Totals".

import { asksPayment, balanceFigure, owesBack, payableFigure } from "./facts";
import type { Formatter } from "./format";
import type { Labels } from "./labels";
import type { IssuedDocument, LiveBalance } from "./model";

export type TotalsRowKind =
  | "subtotal"
  | "discounts"
  | "charges"
  | "taxExclusiveTotal"
  | "taxTotal"
  | "rounding"
  | "total"
  | "prepaid"
  | "splitPayment"
  /** "Amount due", or "To be refunded" on an invoice that owes back. */
  | "payable"
  /** A credit note's part paid back to the customer. */
  | "refunded"
  /** Live, beside the document: paid, credited and refunded since issue, and what is left. */
  | "paid"
  | "credited"
  | "refundedSince"
  | "balance";

export interface TotalsRow {
  kind: TotalsRowKind;
  label: string;
  /** The figure as written, its sign included: "−49,75 €", "+20,00 €", "914,02 €". */
  amount: string;
  /** The value written, in minor units: below 0 for what is taken off. */
  amountMinor: number;
  /** The sign written before the figure: "−" (U+2212) taken off, "+" added back, "" none. */
  sign: "−" | "+" | "";
  /** `total`: the document's total; `due`: what it asks or owes (amount due, balance); else none. */
  emphasis: "total" | "due" | null;
}

/** The live figures a balance is written from (the e-mails' reminders and receipts, the page's panel). */
export type BalanceFigures = Pick<LiveBalance, "paidMinor" | "creditedMinor" | "dueMinor"> & {
  /** Paid back to the customer since issue; absent or 0: no row. */
  refundedMinor?: number;
};

/**
 * Whether the totals end with what the document asks ("Amount due", "To be refunded") below the
 * total: when a prepaid amount or split payment makes it differ, and always on an invoice that
 * owes back, whose total below zero is not what it says it refunds. Never on a credit note (nor a
 * 381), which asks nothing: its split-payment VAT is shown as credited, with no "Amount due".
 */
const showsPayable = (doc: Pick<IssuedDocument, "kind" | "typeCode" | "totals">) =>
  asksPayment(doc) && (doc.totals.payableMinor !== doc.totals.grandTotalMinor || owesBack(doc));

function row(
  kind: TotalsRowKind,
  label: string,
  amountMinor: number,
  f: Formatter,
  options: { plus?: boolean; emphasis?: TotalsRow["emphasis"] } = {},
): TotalsRow {
  const plus = options.plus === true && amountMinor > 0;
  return {
    kind,
    label,
    amount: plus ? `+${f.money(amountMinor)}` : f.money(amountMinor),
    amountMinor,
    sign: amountMinor < 0 ? "−" : plus ? "+" : "",
    emphasis: options.emphasis ?? null,
  };
}

/**
 * The totals as issued: subtotal, discounts and charges (when any), total excl. VAT, the VAT total,
 * rounding (when any), the total; then what is deducted from it (prepaid, split-payment VAT), the
 * amount due when it differs from the total (or "To be refunded" on an invoice that owes back),
 * and a credit note's refunded part.
 */
export function totalsRows(
  doc: Pick<IssuedDocument, "kind" | "typeCode" | "totals" | "refundMinor">,
  t: Labels,
  f: Formatter,
): TotalsRow[] {
  const { totals } = doc;
  const rows = [row("subtotal", t.subtotal, totals.lineTotalMinor, f)];
  if (totals.allowanceTotalMinor) rows.push(row("discounts", t.discounts, -totals.allowanceTotalMinor, f));
  if (totals.chargeTotalMinor) rows.push(row("charges", t.charges, totals.chargeTotalMinor, f));
  rows.push(
    row("taxExclusiveTotal", t.taxExclusiveTotal, totals.taxExclusiveMinor, f),
    row("taxTotal", t.taxTotal, totals.taxMinor, f),
  );
  if (totals.roundingMinor) rows.push(row("rounding", t.rounding, totals.roundingMinor, f));
  rows.push(row("total", t.total, totals.grandTotalMinor, f, { emphasis: "total" }));
  if (totals.prepaidMinor) rows.push(row("prepaid", t.prepaid, -totals.prepaidMinor, f));
  if (totals.splitPaymentMinor) rows.push(row("splitPayment", t.splitPayment, -totals.splitPaymentMinor, f));
  if (showsPayable(doc)) {
    const payable = payableFigure(doc, t);
    rows.push(row("payable", payable.label, payable.amountMinor, f, { emphasis: "due" }));
  }
  if (doc.refundMinor) rows.push(row("refunded", t.refunded, doc.refundMinor, f));
  return rows;
}

/**
 * What a live balance starts from: the last figure the totals ask (the amount due when shown, else
 * the total), as a plain row, since there it is the start of a sum and not its result.
 */
export function balanceOpening(
  doc: Pick<IssuedDocument, "kind" | "typeCode" | "totals" | "refundMinor">,
  t: Labels,
  f: Formatter,
): TotalsRow {
  const asked = totalsRows(doc, t, f).findLast((candidate) => candidate.emphasis !== null);
  return { ...(asked as TotalsRow), emphasis: null };
}

/**
 * What happened since issue and what is left: paid and credited (when not 0), refunded back to the
 * customer (when given and not 0), then the balance ("Amount due", or "To be refunded" on an
 * invoice that owes back, to which a credit adds).
 */
export function balanceRows(
  doc: Pick<IssuedDocument, "kind" | "totals">,
  balance: BalanceFigures,
  t: Labels,
  f: Formatter,
): TotalsRow[] {
  const rows: TotalsRow[] = [];
  if (balance.paidMinor) rows.push(row("paid", t.paid, -balance.paidMinor, f));
  if (balance.creditedMinor) {
    // A credit lowers what is due, or adds to what an invoice that owes back refunds.
    const credited = owesBack(doc) ? balance.creditedMinor : -balance.creditedMinor;
    rows.push(row("credited", t.credited, credited, f, { plus: true }));
  }
  if (balance.refundedMinor) {
    rows.push(row("refundedSince", t.refunded, balance.refundedMinor, f, { plus: true }));
  }
  const left = balanceFigure(doc, balance.dueMinor, t);
  rows.push(row("balance", left.label, left.amountMinor, f, { emphasis: "due" }));
  return rows;
}

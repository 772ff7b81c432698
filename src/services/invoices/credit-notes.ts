// Credit notes: the only way to correct an issued invoice. A note credits invoice lines (by
// quantity or amount) or a single amount spread over the invoice's VAT breakdown; its tax is
// computed with the credited lines' rates. The total credited never exceeds the invoice total.
// On an unpaid invoice a note lowers the amount due; past what is due it is refunded
// (refund_amount: what was paid, then what was prepaid). Void is a credit note of everything
// still due. An invoice the organization owes its customer (381, 389) is neither credited nor
// voided; cash rounding is settled by the note that credits the last of the breakdown.
import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batchableRun } from "../../db/client";
import { versionGuard } from "../../db/guards";
import { pageOfDocuments } from "../../db/pages";
import {
  type CreditNote,
  type CreditNoteItem,
  creditNoteItems,
  creditNotes,
  type PaymentMethod,
  payments,
} from "../../db/schema/billing";
import type { Locale } from "../../db/schema/identity";
import { type Invoice, type InvoiceItem, invoices, type TaxBreakdownEntry } from "../../db/schema/invoices";
import { nowIso, utcDate } from "../../lib/clock";
import { ApiError, conflict, notFound, validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { createdMetadata, type Metadata, type MetadataInput, metadataOf } from "../../lib/metadata";
import {
  formatMoney,
  parseAmount,
  parseQuantity,
  percentageToNumber,
  quantityToNumber,
  toMajor,
} from "../../lib/money";
import { typeCodeRow } from "../../lib/type-codes";
import { DEFAULT_UNIT_CODE } from "../../lib/units";
import { documentLocale } from "../document-locale";
import { type KeepAnswer, noKeptAnswer } from "../idempotency";
import { INVOICE_TRANSITIONS, invoiceGuardHolds, invoiceMay, isIssued, isOpen } from "../lifecycle";
import { metadataMatches, writeMetadataEntries } from "../metadata";
import { numberTakenInBatch } from "../number-in-batch";
import { creditNoteTaxLines } from "../reports/tax-lines";
import { commit, event, type Statement, withRetry } from "./common";
import { OWED_TO_CUSTOMER } from "./kind";
import { type PricedLine, storedLineTax, totalsOf } from "./pricing";
import {
  amountDueMinor,
  documentTotalsView,
  effectiveStatus,
  invoiceReads,
  owesBack,
  serializeInvoice,
} from "./read";
import {
  apportion,
  documentDiscountShares,
  type LineTotals,
  mulDivHalfUp,
  PERCENT_SCALE,
  splitPaymentOf,
  type Totals,
} from "./totals";

/** A row binds one value per column of credit_note_items; D1 allows 100 bound parameters per statement. */
const ROWS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(creditNoteItems)).length);

export interface CreditNoteInput {
  invoice_id: string;
  reason: string;
  lines?: { invoice_item_id: string; quantity?: number; amount?: number }[];
  amount?: number;
  refund_method?: PaymentMethod | null;
  refund_reference?: string | null;
  /** Default: the language of the invoice it corrects. */
  locale?: Locale | null;
  metadata?: MetadataInput;
}

export function serializeCreditNote(row: CreditNote, items: readonly CreditNoteItem[]) {
  const money = (minor: number) => toMajor(minor, row.currency);
  return {
    id: row.id,
    number: row.number,
    invoice_id: row.invoiceId,
    customer_id: row.customerId,
    reason: row.reason,
    currency: row.currency,
    locale: row.locale,
    issue_date: row.issueDate,
    items: items.map((item) => ({
      id: item.id,
      invoice_item_id: item.invoiceItemId,
      description: item.description,
      quantity: quantityToNumber(item.quantity),
      unit_code: item.unitCode,
      unit_price: money(item.unitPriceMinor),
      amount: money(item.netMinor),
      net_amount: money(item.netOfTaxMinor),
      tax_rate_id: item.taxRateId,
    })),
    ...documentTotalsView(row),
    // Only on a note of split-payment lines, so every other answer stays as it was.
    ...splitPaymentView(row),
    refund_amount: money(row.refundAmountMinor),
    refund_method: row.refundMethod,
    refund_reference: row.refundReference,
    voids_invoice: row.voids,
    metadata: metadataOf(row.metadata),
    seller: row.seller,
    buyer: row.buyer,
    created_at: row.createdAt,
  };
}

export type CreditNoteView = ReturnType<typeof serializeCreditNote>;

/** A note's split-payment VAT (its category B entries' tax), where it has any. */
function splitPaymentView(row: Pick<CreditNote, "totalsDetail" | "currency">) {
  const split = splitPaymentOf(row.totalsDetail.breakdown);
  return split !== 0n ? { split_payment_amount: toMajor(split, row.currency) } : {};
}

const entryKey = (e: Pick<TaxBreakdownEntry, "category" | "percent_scaled">) =>
  `${e.category}:${e.percent_scaled}`;

/** The reads of what earlier notes of the invoice credited, as items of the batch that loads it. */
function creditedReads(db: Db, organizationId: string, invoiceId: string) {
  const notesOfInvoice = and(
    eq(creditNotes.invoiceId, invoiceId),
    eq(creditNotes.organizationId, organizationId),
  );
  return [
    db
      .select({ id: creditNotes.id, detail: creditNotes.totalsDetail })
      .from(creditNotes)
      .where(notesOfInvoice),
    db
      .select({
        invoiceItemId: creditNoteItems.invoiceItemId,
        quantity: creditNoteItems.quantity,
        netMinor: creditNoteItems.netMinor,
      })
      .from(creditNoteItems)
      // The notes by a subquery, not a list of their ids: an invoice of 1,000 lines may have more
      // notes than D1 binds parameters in one statement.
      .where(
        inArray(
          creditNoteItems.creditNoteId,
          db.select({ id: creditNotes.id }).from(creditNotes).where(notesOfInvoice),
        ),
      ),
  ] as const;
}

/** What earlier notes of the invoice credited: per breakdown entry, and per invoice line. */
function creditedSoFar(
  notes: readonly { detail: CreditNote["totalsDetail"] }[],
  items: readonly Pick<CreditNoteItem, "invoiceItemId" | "quantity" | "netMinor">[],
) {
  const byEntry = new Map<string, { gross: bigint; taxable: bigint; tax: bigint }>();
  for (const note of notes) {
    for (const entry of note.detail.breakdown) {
      const sum = byEntry.get(entryKey(entry)) ?? { gross: 0n, taxable: 0n, tax: 0n };
      sum.gross += BigInt(entry.gross_minor);
      sum.taxable += BigInt(entry.taxable_minor);
      sum.tax += BigInt(entry.tax_minor);
      byEntry.set(entryKey(entry), sum);
    }
  }
  const byLine = new Map<string, LineCredits>();
  for (const item of items) {
    if (!item.invoiceItemId) continue;
    const line = byLine.get(item.invoiceItemId) ?? { amount: 0n, parts: [] };
    line.amount += BigInt(item.netMinor);
    line.parts.push({ quantity: BigInt(item.quantity), amount: BigInt(item.netMinor) });
    byLine.set(item.invoiceItemId, line);
  }
  return { byEntry, byLine };
}

type Credited = ReturnType<typeof creditedSoFar>;

/** What earlier notes credited of one invoice line: the sum, and each credit's quantity and amount. */
interface LineCredits {
  amount: bigint;
  parts: { quantity: bigint; amount: bigint }[];
}

/**
 * The quantity earlier notes credited of a line, when each was a share of its quantity (its amount
 * is that share of the line's worth, rounded); null when one was an amount of its own choosing.
 */
function creditedQuantity(credits: LineCredits | undefined, worth: bigint, lineQuantity: bigint) {
  let quantity = 0n;
  for (const part of credits?.parts ?? []) {
    if (part.amount !== mulDivHalfUp(worth, part.quantity, lineQuantity)) return null;
    quantity += part.quantity;
  }
  return quantity;
}

interface CreditLine extends PricedLine {
  invoiceItemId: string | null;
  /** The credited amount in the line's price basis. */
  amountMinor: bigint;
}

const lineKey = (tax: { category: string; percentScaled: number } | null) =>
  tax ? `${tax.category}:${tax.percentScaled}` : "null:0";

/**
 * Lines credited by quantity or amount, each within the value its invoice line has left (after
 * its discounts and earlier notes). A quantity credits that share of the line's value; the one
 * that takes the last of it (within a cent of rounding) takes exactly what is left. Also answers
 * which breakdown entries this note credits to their end.
 */
function creditedLines(
  invoice: Invoice,
  items: readonly InvoiceItem[],
  requested: NonNullable<CreditNoteInput["lines"]>,
  byLine: Map<string, LineCredits>,
): { lines: CreditLine[]; finished: Set<string> } {
  const shares = documentDiscountShares(
    items.map((item) => ({ netMinor: BigInt(item.netMinor), tax: storedLineTax(item) })),
    invoice.discounts,
    invoice.charges,
  );
  const effective = items.map((item, i) => BigInt(item.netMinor) - (shares[i] ?? 0n));
  const taken = new Map(items.map((item) => [item.id, byLine.get(item.id)?.amount ?? 0n]));
  // The quantity credited so far per line, while every credit of it was a share of its quantity.
  const takenQuantity = new Map(
    items.map((item, i) => [
      item.id,
      creditedQuantity(byLine.get(item.id), effective[i] ?? 0n, BigInt(item.quantity)),
    ]),
  );
  const errors: Record<string, string> = {};
  const lines = requested.flatMap((line, index): CreditLine[] => {
    const path = `lines.${index}`;
    const position = items.findIndex((item) => item.id === line.invoice_item_id);
    const item = items[position];
    if (!item) {
      errors[`${path}.invoice_item_id`] = "No such line on this invoice";
      return [];
    }
    if (item.quantity < 0) {
      errors[`${path}.invoice_item_id`] = "A correction line (negative quantity) cannot be credited";
      return [];
    }
    if ((line.quantity === undefined) === (line.amount === undefined)) {
      errors[path] = "Give exactly one of quantity or amount";
      return [];
    }
    const worth = effective[position] ?? 0n;
    const left = worth - (taken.get(item.id) ?? 0n);
    const field = `${path}.${line.quantity !== undefined ? "quantity" : "amount"}`;
    let quantity = 10_000n;
    let amount: bigint;
    if (line.quantity !== undefined) {
      const parsed = parseQuantity(line.quantity);
      if (!parsed.ok || parsed.value > BigInt(item.quantity)) {
        errors[field] = parsed.ok
          ? `More than the line's quantity (${quantityToNumber(item.quantity)})`
          : parsed.message;
        return [];
      }
      quantity = parsed.value;
      amount = mulDivHalfUp(worth, quantity, BigInt(item.quantity));
      const before = takenQuantity.get(item.id);
      // The share that completes the line's quantity takes exactly what is left: shares rounded
      // one by one may leave a cent above or below it (3 x 1/3 of 8342.77 is 8342.76).
      if (before != null && before + quantity === BigInt(item.quantity)) amount = left;
      // Rounding of earlier partial credits may leave a cent less than the share: take what is left.
      else if (amount > left && amount - left <= 1n) amount = left;
      takenQuantity.set(item.id, before == null ? null : before + quantity);
    } else {
      const parsed = parseAmount(line.amount as number, invoice.currency);
      if (!parsed.ok || parsed.value === 0n) {
        errors[field] = parsed.ok ? "Must be greater than 0" : parsed.message;
        return [];
      }
      amount = parsed.value;
      // An amount of the user's choosing: the line's quantity no longer tells what is left.
      takenQuantity.set(item.id, null);
    }
    if (amount > left || amount <= 0n) {
      errors[field] =
        `More than the line has left to credit (${formatMoney(left > 0n ? left : 0n, invoice.currency)})`;
      return [];
    }
    taken.set(item.id, (taken.get(item.id) ?? 0n) + amount);
    return [
      {
        invoiceItemId: item.id,
        productId: item.productId,
        description: item.description,
        quantity,
        unitCode: item.unitCode,
        unitPriceMinor: mulDivHalfUp(amount, 10_000n, quantity),
        amountMinor: amount,
        discount: null,
        tax: storedLineTax(item),
        taxFromDefault: false,
      },
    ];
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  // An entry is finished when every invoice line of it has nothing left after this note.
  const finished = new Set<string>();
  const credited = new Set(lines.map((line) => lineKey(line.tax)));
  for (const key of credited) {
    const done = items.every(
      (item, i) => lineKey(storedLineTax(item)) !== key || (taken.get(item.id) ?? 0n) >= (effective[i] ?? 0n),
    );
    if (done) finished.add(key);
  }
  return { lines, finished };
}

/**
 * A single amount (what the customer gets back, tax included) spread over the invoice's VAT
 * breakdown pro rata to what each entry has left; each entry's share is split into net and tax
 * at its rate, as an inclusive price.
 */
function amountLines(
  invoice: Invoice,
  amount: bigint,
  reason: string,
  byEntry: Map<string, { gross: bigint; taxable: bigint; tax: bigint }>,
): CreditLine[] {
  const entries = invoice.totalsDetail.breakdown;
  const left = entries.map((e) => {
    const rest = BigInt(e.gross_minor) - (byEntry.get(entryKey(e))?.gross ?? 0n);
    return rest > 0n ? rest : 0n;
  });
  const split = apportion(amount, left);
  return entries.flatMap((entry, g): CreditLine[] => {
    const share = split[g] ?? 0n;
    if (share === 0n) return [];
    return [
      {
        invoiceItemId: null,
        productId: null,
        description: reason,
        quantity: 10_000n,
        unitCode: DEFAULT_UNIT_CODE,
        unitPriceMinor: share,
        amountMinor: share,
        discount: null,
        tax: entry.category
          ? {
              rateId: entry.tax_rate_id,
              category: entry.category,
              percentScaled: entry.percent_scaled,
              inclusive: true,
              exemptionReason: entry.exemption_reason,
              exemptionReasonCode: entry.exemption_reason_code,
            }
          : null,
        taxFromDefault: false,
      },
    ];
  });
}

/**
 * A line note's VAT at an exclusive rate, rounded on what the invoice's notes credit of the rate
 * together: the VAT of all of them (earlier taxable + this note's) less what earlier notes took.
 * Rounded note by note, shares of one rate drift a cent each (three notes of 10.03 at 19% take
 * 1.91 each where 30.09 owes 5.72), so the last could not be credited and the VAT credited could
 * pass the VAT invoiced. A note of an amount keeps its gross (the amount asked) as computed.
 */
function cumulativeTax(
  entry: TaxBreakdownEntry,
  earlier: { taxable: bigint; tax: bigint },
  field: string,
): TaxBreakdownEntry {
  if (field !== "lines" || entry.inclusive) return entry;
  const taxable = BigInt(entry.taxable_minor);
  const tax =
    mulDivHalfUp(earlier.taxable + taxable, BigInt(entry.percent_scaled), PERCENT_SCALE) - earlier.tax;
  if (tax < 0n) return entry;
  return { ...entry, tax_minor: Number(tax), gross_minor: Number(taxable + tax) };
}

/**
 * Holds each breakdown entry of the note to what the invoice's entry has left, so the notes of an
 * invoice never credit a rate beyond what it invoiced. An entry the note takes to its end (its
 * gross reaches what is left, or every line of it is credited in full) takes exactly the
 * remaining taxable amount, tax and gross: an invoice credited in full nets to zero in the tax
 * report, whatever the rounding of earlier partial notes. Beyond rounding (a cent per line of the
 * note): 422.
 */
function settleEntries(
  totals: Totals,
  lines: readonly CreditLine[],
  invoice: Invoice,
  byEntry: Map<string, { gross: bigint; taxable: bigint; tax: bigint }>,
  finished: Set<string>,
  field: string,
): Omit<Totals, "lines"> & { lines: (LineTotals & { amountMinor: bigint })[] } {
  const noteLines = totals.lines.map((line, i) => ({ ...line, amountMinor: lines[i]?.amountMinor ?? 0n }));
  const breakdown = totals.detail.breakdown.map((computed) => {
    const key = entryKey(computed);
    const invoiced = invoice.totalsDetail.breakdown.find((e) => entryKey(e) === key);
    const earlier = byEntry.get(key) ?? { gross: 0n, taxable: 0n, tax: 0n };
    const entry = cumulativeTax(computed, earlier, field);
    const left = {
      gross: BigInt(invoiced?.gross_minor ?? 0) - earlier.gross,
      taxable: BigInt(invoiced?.taxable_minor ?? 0) - earlier.taxable,
      tax: BigInt(invoiced?.tax_minor ?? 0) - earlier.tax,
    };
    const members = lines.flatMap((line, i) => (lineKey(line.tax) === key ? [i] : []));
    const gross = BigInt(entry.gross_minor);
    if (gross > left.gross + BigInt(members.length) || left.gross <= 0n) {
      throw validationError({
        [field]: `More than the ${entry.category ?? "untaxed"} ${percentageToNumber(entry.percent_scaled)}% part of the invoice has left to credit (${formatMoney(left.gross > 0n ? left.gross : 0n, invoice.currency)})`,
      });
    }
    if (gross < left.gross && !finished.has(key)) return entry;
    // The last line of the entry carries the difference, so line nets still add up (BR-CO-10).
    const last = noteLines[members.at(-1) ?? -1];
    if (last) {
      last.netOfTaxMinor += left.taxable - BigInt(entry.taxable_minor);
      last.amountMinor += entry.inclusive ? left.gross - gross : left.taxable - BigInt(entry.taxable_minor);
    }
    return {
      ...entry,
      taxable_minor: Number(left.taxable),
      tax_minor: Number(left.tax),
      gross_minor: Number(left.gross),
    };
  });
  const sum = (f: (e: TaxBreakdownEntry) => number) => breakdown.reduce((s, e) => s + BigInt(f(e)), 0n);
  const taxExclusive = sum((e) => e.taxable_minor);
  const taxTotal = sum((e) => e.tax_minor);
  // The note that leaves nothing of the invoice's breakdown also takes its cash rounding.
  const finishes = invoice.totalsDetail.breakdown.every((invoiced) => {
    const key = entryKey(invoiced);
    const credited =
      (byEntry.get(key)?.gross ?? 0n) + BigInt(breakdown.find((e) => entryKey(e) === key)?.gross_minor ?? 0);
    return credited >= BigInt(invoiced.gross_minor);
  });
  const total = sum((e) => e.gross_minor) + (finishes ? cashRoundingOf(invoice) : 0n);
  return {
    ...totals,
    lines: noteLines,
    subtotal: taxExclusive,
    taxExclusive,
    taxTotal,
    total,
    rounding: total - taxExclusive - taxTotal,
    // The note's split-payment VAT as settled (its B entries' tax, held to what the invoice has left).
    splitPayment: splitPaymentOf(breakdown),
    payable: total - splitPaymentOf(breakdown),
    detail: { ...totals.detail, breakdown },
  };
}

/**
 * The invoice's cash rounding (the part of BT-114 beyond the inclusive-price cent): its total less
 * its breakdown's. The breakdown is what is credited; the rounding goes with the note that
 * credits the last of it. 0 without cash rounding.
 */
const cashRoundingOf = (invoice: Invoice) =>
  invoice.totalsDetail.breakdown.reduce(
    (rest, e) => rest - BigInt(e.gross_minor),
    BigInt(invoice.totalMinor),
  );

/** What the invoice's breakdown entries have left to credit, tax included. */
function breakdownLeft(
  invoice: Invoice,
  byEntry: Map<string, { gross: bigint; taxable: bigint; tax: bigint }>,
): bigint {
  return invoice.totalsDetail.breakdown.reduce((sum, e) => {
    const rest = BigInt(e.gross_minor) - (byEntry.get(entryKey(e))?.gross ?? 0n);
    return rest > 0n ? sum + rest : sum;
  }, 0n);
}

/**
 * Neither credited nor voided: what the organization owes its customer (kind.ts). A 381 is itself
 * a credit (of an invoice issued elsewhere; a mistaken one is offset by an invoice), and a 389 is
 * the organization's purchase, whose VAT was never its output tax.
 */
function notCreditable(invoice: Invoice): ApiError {
  const what = typeCodeRow(invoice.typeCode).credits
    ? "is itself a credit note (type_code 381) of an invoice issued elsewhere: it is not credited or " +
      "voided; to take it back, issue an invoice (type_code 380) for the amount"
    : "is self-billed (type_code 389), the organization's purchase: it is not credited or voided " +
      "here; the supplier's correction is an invoice of its own";
  return new ApiError("conflict", `The invoice ${what}`, {
    details: { reason: "invoice_type_not_creditable", type_code: invoice.typeCode },
  });
}

/**
 * Voiding refused: the invoice states a prepaid amount (BT-113), money the customer paid before
 * it. As with payments, the correction is a credit note, which records the refund.
 */
function hasPrepaidAmount(invoice: Invoice): ApiError {
  const prepaid = formatMoney(invoice.prepaidMinor, invoice.currency);
  return new ApiError(
    "conflict",
    `The invoice states a prepaid amount (${prepaid}) and cannot be voided: issue a credit note ` +
      "of its total instead (POST /v1/credit-notes), which refunds the prepaid amount",
    {
      details: {
        reason: "invoice_has_prepaid_amount",
        prepaid_amount: toMajor(invoice.prepaidMinor, invoice.currency),
        currency: invoice.currency,
        hint: "POST /v1/credit-notes",
      },
    },
  );
}

export interface IssuedCreditNote {
  creditNote: ReturnType<typeof serializeCreditNote>;
  invoice: ReturnType<typeof serializeInvoice>;
  eventIds: string[];
}

/** `keep`: the request's Idempotency-Key completes in the note's batch (docs/idempotency.md). */
export async function createCreditNote(
  db: Db,
  organizationId: string,
  input: CreditNoteInput,
  keep: KeepAnswer<IssuedCreditNote> = noKeptAnswer,
): Promise<IssuedCreditNote> {
  return withRetry(() => createOnce(db, organizationId, input, { voids: false }, keep));
}

/**
 * Voids a sent or overdue invoice without payments: a credit note of everything still due, and
 * the invoice moves to `void` (terminal). Deleting stays for drafts only.
 */
export async function voidInvoice(
  db: Db,
  organizationId: string,
  id: string,
  reason?: string,
  keep: KeepAnswer<IssuedCreditNote> = noKeptAnswer,
): Promise<IssuedCreditNote> {
  return withRetry(() =>
    createOnce(db, organizationId, { invoice_id: id, reason: reason ?? "" }, { voids: true }, keep),
  );
}

/**
 * Voiding refused: the invoice has payments (recorded and not reversed). Money was received, so
 * the correction is a credit note, which also records the refund; or reverse the payments first.
 */
function hasPayments(invoice: Invoice, livePayments: number): ApiError {
  const paid = formatMoney(invoice.amountPaidMinor, invoice.currency);
  return new ApiError(
    "conflict",
    `The invoice has payments (${paid} paid) and cannot be voided: issue a credit note instead ` +
      "(POST /v1/credit-notes), or reverse the payments first",
    {
      details: {
        reason: "invoice_has_payments",
        amount_paid: toMajor(invoice.amountPaidMinor, invoice.currency),
        currency: invoice.currency,
        payments: livePayments,
        hint: "POST /v1/credit-notes",
      },
    },
  );
}

/**
 * One attempt at a credit note (or a void) against the invoice as read now, committed under its
 * version guard: every check below holds against whatever committed before (a payment racing a
 * void makes the void retry, and then refuse).
 */
async function createOnce(
  db: Db,
  organizationId: string,
  input: CreditNoteInput,
  options: { voids: boolean },
  keep: KeepAnswer<IssuedCreditNote>,
): Promise<IssuedCreditNote> {
  const { invoice, items, credited } = await loadInvoiceToCredit(
    db,
    organizationId,
    input.invoice_id,
    options,
  );
  const status = effectiveStatus(invoice);
  refuseUncreditable(invoice, status, input, options);
  let amountMinor: bigint | undefined;
  if (options.voids) {
    amountMinor = await amountToVoid(db, invoice, status);
    input = { ...input, reason: input.reason || `Void of invoice ${invoice.number}` };
  }
  const { lines, totals } = creditedTotals(invoice, items, credited, input, amountMinor, options);

  const at = nowIso();
  const today = utcDate();
  const settled = invoiceAfterCredit(invoice, status, totals, options, at);
  const note = creditNoteRow(organizationId, invoice, input, totals, settled, at, today);
  const noteItems = creditNoteItemRows(organizationId, note.id, lines, totals);
  return commitCreditNote(db, { organizationId, invoice, items, note, noteItems, settled, at, today }, keep);
}

/**
 * The invoice a note credits, its lines and what its earlier notes credited, in one batch; one
 * that does not exist is a 422 on invoice_id, or 404 for a void.
 */
async function loadInvoiceToCredit(
  db: Db,
  organizationId: string,
  invoiceId: string,
  options: { voids: boolean },
): Promise<{ invoice: Invoice; items: InvoiceItem[]; credited: Credited }> {
  const [[invoice], items, notes, noteItems] = await db.batch([
    ...invoiceReads(db, organizationId, invoiceId),
    ...creditedReads(db, organizationId, invoiceId),
  ]);
  if (!invoice) {
    if (options.voids) throw notFound("Invoice");
    throw validationError({ invoice_id: "No such invoice" });
  }
  return { invoice, items, credited: creditedSoFar(notes, noteItems) };
}

/**
 * What no credit note (nor void) is made of: a draft, an invoice its lifecycle does not let be
 * credited, one the organization owes its customer, one totalling below zero; and a refund stated
 * on a note of an invoice that owes back.
 */
function refuseUncreditable(
  invoice: Invoice,
  status: ReturnType<typeof effectiveStatus>,
  input: CreditNoteInput,
  options: { voids: boolean },
): void {
  if (!isIssued(status)) {
    throw conflict(
      "invoice_not_sent",
      options.voids ? "A draft is not voided but deleted" : "A draft is edited or deleted, not credited",
    );
  }
  // Issued but not creditable: void.
  if (!invoiceMay("credit", status)) throw conflict(`invoice_${status}`, `The invoice is ${status}`);
  if (OWED_TO_CUSTOMER.includes(invoice.typeCode)) throw notCreditable(invoice);
  // A total below zero (correction lines that take back more than it bills) credits already.
  if (invoice.totalMinor < 0) {
    throw conflict(
      "invoice_total_below_zero",
      "The invoice's total is below zero: it bills nothing to credit; a further correction is an invoice of its own",
    );
  }
  // Its notes refund nothing (invoiceAfterCredit): how a refund is made is not theirs to say.
  if (owesBack(invoice)) {
    const refundFields = (["refund_method", "refund_reference"] as const).filter(
      (field) => input[field] !== undefined && input[field] !== null,
    );
    if (refundFields.length > 0) {
      throw validationError(
        Object.fromEntries(
          refundFields.map((field) => [
            field,
            "A credit note of an invoice that owes back refunds nothing itself: what it credits is " +
              "added to what the invoice owes back, refunded as the invoice's payment terms say",
          ]),
        ),
      );
    }
  }
}

/**
 * What a void credits, once the invoice may be voided (not paid, no live payments, no prepaid
 * amount): everything left of the total. Without payments or a prepaid amount that is what is
 * due, but for the split-payment VAT, which the void credits too.
 */
async function amountToVoid(
  db: Db,
  invoice: Invoice,
  status: ReturnType<typeof effectiveStatus>,
): Promise<bigint> {
  // Creditable but not voidable: paid.
  if (!invoiceMay("void", status)) {
    throw conflict(`invoice_${status}`, `A ${status} invoice is corrected by a credit note`);
  }
  const [live] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), sql`${payments.reversedAt} IS NULL`));
  if (!invoiceGuardHolds("void", { ...invoice, livePayments: live?.n ?? 0 })) {
    throw hasPayments(invoice, live?.n ?? 0);
  }
  if (invoice.prepaidMinor > 0) throw hasPrepaidAmount(invoice);
  return BigInt(invoice.totalMinor - invoice.amountCreditedMinor);
}

/**
 * The note's lines and totals: the invoice lines it names, or one amount (`amountMinor` for a
 * void, else `input.amount`) spread over the breakdown; settled against what earlier notes
 * credited, and never more than the invoice has left to credit.
 */
function creditedTotals(
  invoice: Invoice,
  items: readonly InvoiceItem[],
  { byEntry, byLine }: Credited,
  input: CreditNoteInput,
  amountMinor: bigint | undefined,
  options: { voids: boolean },
) {
  const creditable = BigInt(invoice.totalMinor - invoice.amountCreditedMinor);
  let lines: CreditLine[];
  let finished = new Set<string>();
  const field = input.lines ? "lines" : "amount";
  if (input.lines) {
    ({ lines, finished } = creditedLines(invoice, items, input.lines, byLine));
  } else {
    const amount = amountToCredit(invoice, input, amountMinor, options, creditable, byEntry);
    lines = amountLines(invoice, amount, input.reason, byEntry);
  }
  const totals = settleEntries(
    totalsOf(
      lines.map((line) => ({ ...line, unitPriceMinor: line.amountMinor, quantity: 10_000n })),
      [],
    ),
    lines,
    invoice,
    byEntry,
    finished,
    field,
  );
  if (totals.total > creditable) {
    throw validationError({
      [field]: `More than the invoice has left to credit (${formatMoney(creditable, invoice.currency)})`,
    });
  }
  return { lines, totals };
}

/**
 * The single amount a note credits (a void's, else the one given): more than 0, at most what is
 * left to credit; with cash rounding, the rest of the breakdown when it takes the last of it.
 */
function amountToCredit(
  invoice: Invoice,
  input: CreditNoteInput,
  amountMinor: bigint | undefined,
  options: { voids: boolean },
  creditable: bigint,
  byEntry: Map<string, { gross: bigint; taxable: bigint; tax: bigint }>,
): bigint {
  let amount = amountMinor;
  if (amount === undefined) {
    const parsed = parseAmount(input.amount as number, invoice.currency);
    if (!parsed.ok) throw validationError({ amount: parsed.message });
    amount = parsed.value;
  }
  if (amount === 0n && options.voids) {
    // Nothing is due (credited to zero already): there is nothing to void.
    throw conflict("nothing_to_credit", "Nothing is left due on this invoice");
  }
  if (amount === 0n) throw validationError({ amount: "Must be greater than 0" });
  if (amount > creditable) {
    throw validationError({
      amount: `More than the invoice has left to credit (${formatMoney(creditable, invoice.currency)})`,
    });
  }
  // With cash rounding, what is left of the total (or more than the breakdown has left) is the
  // rest of the breakdown, and the note takes the rounding with it (settleEntries).
  const rounding = cashRoundingOf(invoice);
  if (rounding !== 0n && (amount === creditable || amount > breakdownLeft(invoice, byEntry))) {
    amount = creditable - rounding;
  }
  return amount;
}

type CreditedTotals = ReturnType<typeof creditedTotals>["totals"];

/** The invoice once the note is made, what the note refunds, and whether it voids or pays it. */
interface SettledInvoice {
  next: Invoice;
  refund: number;
  voids: boolean;
  pays: boolean;
}

/**
 * What the note does to the invoice: credited and split-payment credited grow, a refund comes off
 * what was paid, and an open invoice with nothing left due is voided or paid.
 */
function invoiceAfterCredit(
  invoice: Invoice,
  status: ReturnType<typeof effectiveStatus>,
  totals: CreditedTotals,
  options: { voids: boolean },
  at: string,
): SettledInvoice {
  const total = Number(totals.total);
  const due = amountDueMinor(invoice);
  // The note's split-payment VAT was the buyer's to pay the state, not the seller: it takes only
  // the rest off what is due.
  const split = Number(totals.splitPayment);
  // Past what is due the customer gets money back: what it paid, then what it prepaid (BT-113,
  // which the invoice keeps stating), so amount_paid never goes below 0. An invoice that owes back
  // (prepaid above its total) refunds nothing here: the note adds to what it owes (amount_due).
  const refund = owesBack(invoice) ? 0 : Math.max(0, total - split - due);
  const next: Invoice = {
    ...invoice,
    amountCreditedMinor: invoice.amountCreditedMinor + total,
    splitPaymentCreditedMinor: invoice.splitPaymentCreditedMinor + split,
    amountPaidMinor: invoice.amountPaidMinor - Math.min(refund, invoice.amountPaidMinor),
    version: invoice.version + 1,
    updatedAt: at,
  };
  // Nothing left due on an open invoice: void when credited in full with nothing paid, else
  // settled (paid): by payments or by the prepaid amount.
  const settles = isOpen(status) && amountDueMinor(next) === 0;
  const voids =
    settles &&
    (options.voids || (next.amountPaidMinor === 0 && next.amountCreditedMinor === next.totalMinor));
  const pays = settles && !voids;
  if (voids) Object.assign(next, { status: INVOICE_TRANSITIONS.void.to, voidedAt: at });
  if (pays) Object.assign(next, { status: INVOICE_TRANSITIONS.pay.to, paidAt: at });
  return { next, refund, voids, pays };
}

/** The note as stored, its number left for the batch to take. */
function creditNoteRow(
  organizationId: string,
  invoice: Invoice,
  input: CreditNoteInput,
  totals: CreditedTotals,
  { refund, voids }: SettledInvoice,
  at: string,
  today: string,
): CreditNote {
  return {
    id: prefixedId("cn"),
    organizationId,
    invoiceId: invoice.id,
    customerId: invoice.customerId,
    number: "",
    reason: input.reason,
    currency: invoice.currency,
    // Issued now, so its language is fixed now: its own, else the invoice's as that was issued.
    locale: documentLocale(input.locale, invoice.locale, invoice.seller?.locale),
    issueDate: today,
    subtotalMinor: Number(totals.subtotal),
    discountTotalMinor: Number(totals.discountTotal),
    taxExclusiveMinor: Number(totals.taxExclusive),
    taxTotalMinor: Number(totals.taxTotal),
    roundingMinor: Number(totals.rounding),
    totalMinor: Number(totals.total),
    totalsDetail: totals.detail,
    refundAmountMinor: refund,
    refundMethod: refund > 0 ? (input.refund_method ?? null) : null,
    refundReference: refund > 0 ? (input.refund_reference ?? null) : null,
    voids,
    seller: invoice.seller,
    buyer: invoice.buyer,
    metadata: createdMetadata(input.metadata),
    createdAt: at,
  };
}

/** The note's lines as stored, each with its credited net and the tax terms of its rate. */
function creditNoteItemRows(
  organizationId: string,
  creditNoteId: string,
  lines: readonly CreditLine[],
  totals: CreditedTotals,
): CreditNoteItem[] {
  return lines.map((line, position) => ({
    id: prefixedId("cni"),
    creditNoteId,
    organizationId,
    position,
    invoiceItemId: line.invoiceItemId,
    description: line.description,
    quantity: Number(line.quantity),
    unitCode: line.unitCode,
    unitPriceMinor: Number(line.unitPriceMinor),
    netMinor: Number(totals.lines[position]?.amountMinor ?? line.amountMinor),
    netOfTaxMinor: Number(totals.lines[position]?.netOfTaxMinor ?? line.amountMinor),
    taxRateId: line.tax?.rateId ?? null,
    taxCategory: line.tax?.category ?? null,
    taxPercentScaled: line.tax ? line.tax.percentScaled : null,
    taxInclusive: line.tax ? line.tax.inclusive : null,
    taxExemptionReason: line.tax?.exemptionReason ?? null,
    taxExemptionReasonCode: line.tax?.exemptionReasonCode ?? null,
  }));
}

/**
 * Commits the note in one batch under the invoice's version guard: the number, the note and its
 * lines, its metadata, the invoice's new figures and state, the events (credit_note.created, and
 * invoice.voided or invoice.paid) and the kept answer. Answers the note with the number it took.
 */
async function commitCreditNote(
  db: Db,
  made: {
    organizationId: string;
    invoice: Invoice;
    items: readonly InvoiceItem[];
    note: CreditNote;
    noteItems: CreditNoteItem[];
    settled: SettledInvoice;
    at: string;
    today: string;
  },
  keep: KeepAnswer<IssuedCreditNote>,
): Promise<IssuedCreditNote> {
  const { organizationId, invoice, items, note, noteItems, at, today } = made;
  const { next, voids, pays } = made.settled;
  const id = note.id;
  const created = event(db, organizationId, "credit_note.created", serializeCreditNote(note, noteItems), at);
  const recorded = [created];
  if (voids) {
    recorded.push(event(db, organizationId, "invoice.voided", serializeInvoice(next, items, today), at));
  } else if (pays) {
    recorded.push(event(db, organizationId, "invoice.paid", serializeInvoice(next, items, today), at));
  }
  const { number: _number, ...columns } = note;
  // The answer as it will be, its number standing in until the batch takes it.
  const number = numberTakenInBatch(creditNotes, id);
  const kept = keep(
    db,
    {
      creditNote: serializeCreditNote({ ...note, number: number.placeholder }, noteItems),
      invoice: serializeInvoice(next, items, today),
      eventIds: recorded.map((e) => e.id),
    },
    number.filled,
  );
  const inserts: Statement[] = [];
  for (let i = 0; i < noteItems.length; i += ROWS_PER_INSERT) {
    inserts.push(db.insert(creditNoteItems).values(noteItems.slice(i, i + ROWS_PER_INSERT)));
  }
  // The version guard makes concurrent notes (and payments) of one invoice take turns, so the
  // creditable total holds; the number is taken in the same batch, so a refused note takes none.
  const results = await commit(
    db,
    [
      versionGuard(db, invoices, invoice.id, invoice.version),
      batchableRun(
        db,
        sql`UPDATE organizations SET credit_note_sequence = credit_note_sequence + 1 WHERE id = ${organizationId}`,
      ),
      db.insert(creditNotes).values({
        ...columns,
        number: sql`(SELECT printf('CN-%06d', credit_note_sequence) FROM organizations WHERE id = ${organizationId})`,
      }),
      ...inserts,
      creditNoteTaxLines(db, id),
      ...writeMetadataEntries(
        db,
        { organizationId, objectType: "credit_note", objectId: id },
        note.metadata,
        { replace: false },
      ),
      db
        .update(invoices)
        .set({
          amountCreditedMinor: next.amountCreditedMinor,
          splitPaymentCreditedMinor: next.splitPaymentCreditedMinor,
          amountPaidMinor: next.amountPaidMinor,
          status: next.status,
          paidAt: next.paidAt,
          voidedAt: next.voidedAt,
          version: next.version,
          updatedAt: at,
        })
        .where(eq(invoices.id, invoice.id)),
      ...recorded.flatMap((e) => e.statements),
      number.fillEvents(db, [created.id]),
      ...kept,
      db.select({ number: creditNotes.number }).from(creditNotes).where(eq(creditNotes.id, id)),
    ],
    invoice.id,
  );
  const [stored] = results.at(-1) as { number: string }[];
  const view = serializeCreditNote({ ...note, number: stored?.number ?? "" }, noteItems);
  return {
    creditNote: view,
    invoice: serializeInvoice(next, items, today),
    eventIds: recorded.map((e) => e.id),
  };
}

export async function loadCreditNote(db: Db, organizationId: string, id: string) {
  const [[note], items] = await db.batch([
    db
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.id, id), eq(creditNotes.organizationId, organizationId))),
    db
      .select()
      .from(creditNoteItems)
      .where(and(eq(creditNoteItems.creditNoteId, id), eq(creditNoteItems.organizationId, organizationId)))
      .orderBy(asc(creditNoteItems.position)),
  ]);
  if (!note) throw notFound("Credit note");
  return { note, items };
}

/** Newest first, optionally of one invoice or one customer; items of the page in one query. */
export async function listCreditNotes(
  db: Db,
  organizationId: string,
  query: { invoice_id?: string; customer_id?: string; metadata?: Metadata; limit: number; offset: number },
) {
  const where = and(
    eq(creditNotes.organizationId, organizationId),
    metadataMatches(creditNotes.id, organizationId, "credit_note", query.metadata),
    query.invoice_id ? eq(creditNotes.invoiceId, query.invoice_id) : undefined,
    query.customer_id ? eq(creditNotes.customerId, query.customer_id) : undefined,
  );
  const { rows, total, linesOf } = await pageOfDocuments(db, {
    table: creditNotes,
    where,
    order: [desc(creditNotes.createdAt), desc(creditNotes.id)],
    limit: query.limit,
    offset: query.offset,
    lines: {
      table: creditNoteItems,
      document: creditNoteItems.creditNoteId,
      position: creditNoteItems.position,
    },
  });
  return { data: rows.map((row) => serializeCreditNote(row, linesOf(row.id))), total };
}

/** The invoice must exist in the organization (404 otherwise) for its list of notes. */
export async function listInvoiceCreditNotes(
  db: Db,
  organizationId: string,
  invoiceId: string,
  page: { limit: number; offset: number },
) {
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.organizationId, organizationId)));
  if (!invoice) throw notFound("Invoice");
  return listCreditNotes(db, organizationId, { ...page, invoice_id: invoiceId });
}

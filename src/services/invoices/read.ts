// Reading invoices: the status every read reports, the JSON an invoice answers with, one
// invoice with its lines, and the list (filters, sorts, offset or keyset pages).
import { and, asc, count, desc, eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pageOfDocuments } from "../../db/pages";
import { inBatch, preparedQuery } from "../../db/prepared";
import { customers } from "../../db/schema/customers";
import { invoiceCounts } from "../../db/schema/invoice-counts";
import {
  type DocumentDiscount,
  type Invoice,
  type InvoiceItem,
  type InvoiceStatus,
  invoiceItems,
  invoices,
  type LineCharge,
  type LineDiscount,
  type SubLine,
  type TaxBreakdownEntry,
} from "../../db/schema/invoices";
import type { Quote, QuoteLine } from "../../db/schema/quotes";
import { utcDate } from "../../lib/clock";
import type { QuoteItemInput } from "../../lib/document-input";
import { fromBase64Url, toBase64Url } from "../../lib/encoding";
import { ApiError, notFound } from "../../lib/errors";
import { type Metadata, metadataOf } from "../../lib/metadata";
import { percentageToNumber, quantityToNumber, toMajor } from "../../lib/money";
import { DEFAULT_UNIT_CODE } from "../../lib/units";
import { type EInvoiceReadiness, einvoiceReadiness } from "../einvoice";
import { issuedInvoice, type StoredTotals } from "../issued-document/build";
import {
  effectiveInvoiceStatus,
  type FilterUse,
  invoiceStatusReadsAsStored,
  invoiceStatusWhere,
  isIssued,
} from "../lifecycle";
import { metadataMatches } from "../metadata";
import { amountDueMinor } from "./amount-due";
import { scoped } from "./common";
import { type DraftIssue, draftIssues } from "./issue";
import { kindView } from "./kind";
import { numberOf, paymentReferenceOf, UNNUMBERED } from "./numbering";

// The amount due is defined once, in TypeScript and SQL alike (amount-due.ts); readers of invoices
// find it here too.
export {
  amountDueMinor,
  creditedOffPayableMinor,
  owesBack,
  payableMinor,
  refundedPrepaidMinor,
} from "./amount-due";

/** The status every read reports: a sent invoice whose due date (UTC) has passed is overdue. */
export const effectiveStatus = effectiveInvoiceStatus;

/** A discount as the API shows it: `{ amount }` in major units or `{ percentage }`. */
export function discountView(discount: Invoice["discounts"][number]["discount"] | null, currency: string) {
  if (!discount) return null;
  return discount.kind === "amount"
    ? { amount: toMajor(discount.value, currency) }
    : { percentage: percentageToNumber(discount.value) };
}

/**
 * A line's price terms, charges and period (gross_price ... service_period), only those it has:
 * a line priced the old way reads as it always did.
 */
type StoredLine = Pick<
  InvoiceItem,
  | "discount"
  | "discountReason"
  | "discountReasonCode"
  | "discounts"
  | "priceDetail"
  | "charges"
  | "servicePeriodStart"
  | "servicePeriodEnd"
> & { subLines?: SubLine[] | null };

/** Sub-invoice lines (BG-DEX-01) as the answer gives them, nested as they were given. */
export type SubItemView = {
  description: string;
  quantity: number;
  unit_code: string;
  unit_price: number;
  base_quantity: number;
  amount: number;
  sub_items?: SubItemView[];
};

function subItemsView(lines: readonly SubLine[], currency: string): SubItemView[] {
  return lines.map((line) => ({
    description: line.description,
    quantity: quantityToNumber(line.quantity),
    unit_code: line.unitCode,
    unit_price: Number(line.price),
    base_quantity: quantityToNumber(line.baseQuantity),
    amount: toMajor(line.amountMinor, currency),
    ...(line.subLines ? { sub_items: subItemsView(line.subLines, currency) } : {}),
  }));
}

/** A line of an invoice or a quote as the API answers it. */
export function lineView(item: QuoteLine, currency: string) {
  const money = (minor: number) => toMajor(minor, currency);
  return {
    id: item.id,
    product_id: item.productId,
    description: item.description,
    quantity: quantityToNumber(item.quantity),
    unit_code: item.unitCode ?? DEFAULT_UNIT_CODE,
    unit_price: money(item.unitPriceMinor),
    amount: money(item.amountMinor),
    tax_rate_id: item.taxRateId,
    discount: itemDiscountView(item, currency),
    discount_amount: money(item.discountMinor),
    net_amount: money(item.netMinor),
    ...lineTermsView(item, currency),
  };
}

/** A quote's or a credit note's totals as the API answers them, its tax breakdown last. */
export function documentTotalsView(row: StoredTotals & Pick<Quote, "currency" | "totalsDetail">) {
  const money = (minor: number) => toMajor(minor, row.currency);
  return {
    subtotal: money(row.subtotalMinor),
    discount_total: money(row.discountTotalMinor),
    tax_exclusive_total: money(row.taxExclusiveMinor),
    tax_total: money(row.taxTotalMinor),
    rounding_amount: money(row.roundingMinor),
    total: money(row.totalMinor),
    tax_breakdown: breakdownView(row.totalsDetail.breakdown, row.currency),
  };
}

/** The base a line allowance's or charge's percentage was given (BT-137/BT-142), only where it was. */
const baseView = (baseMinor: number | undefined, currency: string) =>
  baseMinor !== undefined ? { base_amount: toMajor(baseMinor, currency) } : {};

/** A line's discount with its reason, code and base where it has them. */
export function itemDiscountView(item: StoredLine, currency: string) {
  if (!item.discount) return null;
  return {
    ...discountView(item.discount, currency),
    ...(item.discountReason ? { description: item.discountReason } : {}),
    ...(item.discountReasonCode ? { reason_code: item.discountReasonCode } : {}),
    ...baseView(item.discount.baseMinor, currency),
  };
}

/** A line charge as the body that gives it (the answer adds what it came to, `charge_amount`). */
const lineChargeBody = (c: LineCharge, currency: string) => ({
  description: c.description,
  reason_code: c.reasonCode,
  ...discountView(c.charge, currency),
  ...baseView(c.baseMinor, currency),
});

/** One of a line's several discounts as the body that gives it (the answer adds `discount_amount`). */
const lineDiscountBody = (d: LineDiscount, currency: string) => ({
  description: d.description,
  reason_code: d.reasonCode,
  ...discountView(d.discount, currency),
  ...baseView(d.baseMinor, currency),
});

export function lineTermsView(item: StoredLine, currency: string) {
  const detail = item.priceDetail;
  return {
    ...(detail
      ? { unit_price: Number(detail.net), base_quantity: quantityToNumber(detail.baseQuantity) }
      : {}),
    ...(detail?.gross != null ? { gross_price: Number(detail.gross) } : {}),
    ...(detail?.discount != null ? { price_discount: Number(detail.discount) } : {}),
    ...(item.discounts?.length
      ? {
          discounts: item.discounts.map((d) => ({
            ...lineDiscountBody(d, currency),
            discount_amount: toMajor(d.amountMinor, currency),
          })),
        }
      : {}),
    ...(item.charges?.length
      ? {
          charges: item.charges.map((c) => ({
            ...lineChargeBody(c, currency),
            charge_amount: toMajor(c.amountMinor, currency),
          })),
        }
      : {}),
    ...(item.servicePeriodStart && item.servicePeriodEnd
      ? { service_period: { start: item.servicePeriodStart, end: item.servicePeriodEnd } }
      : {}),
    ...(item.subLines ? { sub_items: subItemsView(item.subLines, currency) } : {}),
  };
}

/**
 * A stored line as the item body that gives it again, every term it has included (re-pricing a
 * quote whose lines were not given anew must not lose its price detail, charges or period).
 */
export function itemInputOf(line: QuoteLine, currency: string): QuoteItemInput {
  const detail = line.priceDetail;
  const price =
    detail?.gross != null
      ? { gross_price: Number(detail.gross), price_discount: Number(detail.discount ?? 0) }
      : { unit_price: detail ? Number(detail.net) : toMajor(line.unitPriceMinor, currency) };
  return {
    ...(line.productId ? { product_id: line.productId } : {}),
    description: line.description,
    quantity: quantityToNumber(line.quantity),
    unit_code: line.unitCode ?? DEFAULT_UNIT_CODE,
    ...price,
    // Always stated: a line from a product must keep the base it was priced with, not take the
    // product's current one.
    base_quantity: detail ? quantityToNumber(detail.baseQuantity) : 1,
    ...(detail?.amount !== undefined ? { amount: Number(detail.amount) } : {}),
    ...(line.taxFromDefault ? {} : { tax_rate_id: line.taxRateId }),
    discount: itemDiscountView(line, currency),
    ...(line.discounts?.length
      ? { discounts: line.discounts.map((d) => lineDiscountBody(d, currency)) }
      : {}),
    ...(line.charges?.length ? { charges: line.charges.map((c) => lineChargeBody(c, currency)) } : {}),
    ...(line.servicePeriodStart && line.servicePeriodEnd
      ? { service_period: { start: line.servicePeriodStart, end: line.servicePeriodEnd } }
      : {}),
  };
}

export function breakdownView(breakdown: readonly TaxBreakdownEntry[], currency: string) {
  return breakdown.map((entry) => ({
    tax_rate_id: entry.tax_rate_id,
    category: entry.category,
    percentage: percentageToNumber(entry.percent_scaled),
    taxable_amount: toMajor(entry.taxable_minor, currency),
    tax_amount: toMajor(entry.tax_minor, currency),
    exemption_reason: entry.exemption_reason,
    exemption_reason_code: entry.exemption_reason_code,
  }));
}

/** An invoice-level discount as the API shows it (and as a body that gives it again). */
export function documentDiscountView(d: DocumentDiscount, currency: string) {
  return {
    description: d.description,
    ...discountView(d.discount, currency),
    reason_code: d.reasonCode ?? null,
    tax_rate_id: d.tax?.rateId ?? null,
    ...(d.baseMinor !== undefined ? { base_amount: toMajor(d.baseMinor, currency) } : {}),
  };
}

/**
 * The e-invoice readiness of an invoice (`einvoiceReadiness`) from one model: issued, the one its
 * snapshots make (what it froze at issue); a draft, the one its send would issue (`draft.doc`),
 * with what send refuses. A draft cannot be told without it: its parties are not on the row.
 */
function invoiceReadiness(row: Invoice, items: readonly InvoiceItem[], draft: DraftIssue | undefined) {
  if (isIssued(row.status)) return einvoiceReadiness(issuedInvoice(row, items, null, undefined));
  if (!draft) throw new Error(`invoice ${row.id}: a draft's readiness needs the model its send would issue`);
  let readiness = draftReadiness.get(draft);
  if (!readiness) {
    readiness = einvoiceReadiness(draft.doc, draft.refusals, draft.network);
    draftReadiness.set(draft, readiness);
  }
  return readiness;
}

/**
 * A draft's readiness, told once per DraftIssue: a write answers the draft and records it in its
 * event from the same DraftIssue, and the readiness is a pure function of it. Read-only.
 */
const draftReadiness = new WeakMap<DraftIssue, EInvoiceReadiness>();

/** The invoice's JSON; a draft's is read with its DraftIssue (its `einvoice`, its VAT currency). */
export function serializeInvoice(
  row: Invoice,
  items: readonly InvoiceItem[],
  today = utcDate(),
  draft?: DraftIssue,
) {
  const money = (minor: number) => toMajor(minor, row.currency);
  return {
    id: row.id,
    number: numberOf(row),
    customer_id: row.customerId,
    status: effectiveStatus(row, today),
    total: money(row.totalMinor),
    currency: row.currency,
    due_date: row.dueDate,
    notes: row.notes,
    metadata: metadataOf(row.metadata),
    items: items.map((item) => lineView(item, row.currency)),
    sent_at: row.sentAt,
    paid_at: row.paidAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    issue_date: row.issueDate,
    voided_at: row.voidedAt,
    default_tax_rate_id: row.defaultTaxRateId,
    ignore_tax_exempt: row.ignoreTaxExempt,
    discounts: row.discounts.map((d) => documentDiscountView(d, row.currency)),
    charges: row.charges.map((c) => ({
      description: c.description,
      ...discountView(c.charge, row.currency),
      reason_code: c.reasonCode ?? null,
      tax_rate_id: c.tax?.rateId ?? null,
      ...(c.baseMinor !== undefined ? { base_amount: money(c.baseMinor) } : {}),
    })),
    service_period:
      row.servicePeriodStart && row.servicePeriodEnd
        ? { start: row.servicePeriodStart, end: row.servicePeriodEnd }
        : null,
    delivery_date: row.deliveryDate,
    purchase_order: row.purchaseOrder,
    buyer_reference: row.buyerReference,
    payment_terms: row.paymentTerms,
    payee: row.payee ?? null,
    locale: row.locale,
    subtotal: money(row.subtotalMinor),
    discount_total: money(row.discountTotalMinor),
    charge_total: money(row.chargeTotalMinor),
    tax_exclusive_total: money(row.taxExclusiveMinor),
    tax_total: money(row.taxTotalMinor),
    rounding_amount: money(row.roundingMinor),
    prepaid_amount: money(row.prepaidMinor),
    // Only on an invoice with split-payment lines, so every other answer stays as it was.
    ...(row.splitPaymentMinor !== 0 ? { split_payment_amount: money(row.splitPaymentMinor) } : {}),
    amount_paid: money(row.amountPaidMinor),
    amount_credited: money(row.amountCreditedMinor),
    amount_due: money(amountDueMinor(row)),
    payment_reference: paymentReferenceOf(row),
    tax_breakdown: breakdownView(row.totalsDetail.breakdown, row.currency),
    seller: row.seller,
    buyer: row.buyer,
    /** Filled in by the route (withHostedUrls): the token is sealed under the master key. */
    hosted_url: null as string | null,
    viewed_at: row.viewedAt,
    recurring_invoice_id: row.recurringInvoiceId,
    ...kindView(row, draft?.taxCurrency ?? row.taxCurrency),
    einvoice: invoiceReadiness(row, items, draft),
  };
}

export type InvoiceView = ReturnType<typeof serializeInvoice>;

/** An invoice and its items, built once per isolate: most invoice requests read them first. */
const invoiceRow = preparedQuery((db) =>
  db
    .select()
    .from(invoices)
    .where(scoped(sql.placeholder("organizationId"), sql.placeholder("id")))
    .prepare(),
);
const invoiceItemRows = preparedQuery((db) =>
  db
    .select()
    .from(invoiceItems)
    .where(
      and(
        eq(invoiceItems.invoiceId, sql.placeholder("id")),
        eq(invoiceItems.organizationId, sql.placeholder("organizationId")),
      ),
    )
    .orderBy(asc(invoiceItems.position))
    .prepare(),
);

/** The invoice's row and its items, as items of a batch that reads them (with more). */
export function invoiceReads(db: Db, organizationId: string, id: string) {
  return [
    invoiceRowRead(db, organizationId, id),
    inBatch(invoiceItemRows(db), { organizationId, id }),
  ] as const;
}

/** The invoice's row, as an item of a batch that reads it (with more). */
export function invoiceRowRead(db: Db, organizationId: string, id: string) {
  return inBatch(invoiceRow(db), { organizationId, id });
}

export async function loadInvoice(db: Db, organizationId: string, id: string) {
  const [[invoice], items] = await db.batch(invoiceReads(db, organizationId, id));
  if (!invoice) throw notFound("Invoice");
  return { invoice, items };
}

/** The customer an invoice names, by the invoice: read in the same batch as the invoice. */
const customerOfInvoiceRow = preparedQuery((db) =>
  db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, sql.placeholder("organizationId")),
        inArray(
          customers.id,
          db
            .select({ id: invoices.customerId })
            .from(invoices)
            .where(
              and(
                eq(invoices.id, sql.placeholder("id")),
                eq(invoices.organizationId, sql.placeholder("organizationId")),
              ),
            ),
        ),
      ),
    )
    .prepare(),
);

/** An invoice, its lines and its customer (undefined when the row is gone), in one round trip. */
export async function loadInvoiceWithCustomer(db: Db, organizationId: string, id: string) {
  const [[invoice], items, [customer]] = await db.batch([
    ...invoiceReads(db, organizationId, id),
    inBatch(customerOfInvoiceRow(db), { organizationId, id }),
  ]);
  if (!invoice) throw notFound("Invoice");
  return { invoice, items, customer };
}

/** A column hidden from the planner (unary +): tested per row, never chosen as the index to seek. */
const hide = (column: SQLWrapper) => sql`+${column}`;

export const INVOICE_SORTS = [
  "created_at",
  "-created_at",
  "due_date",
  "-due_date",
  "total",
  "-total",
] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/** The column of each sort key; each has an index (organization_id, column, id) walked in order. */
const SORT_COLUMNS = {
  created_at: invoices.createdAt,
  due_date: invoices.dueDate,
  total: invoices.totalMinor,
} as const;
type SortKey = keyof typeof SORT_COLUMNS;

export interface InvoiceListQuery {
  status?: InvoiceStatus;
  customer_id?: string;
  created_gte?: string;
  created_lt?: string;
  due_date_gte?: string;
  due_date_lt?: string;
  issue_date_gte?: string;
  issue_date_lt?: string;
  number?: string;
  recurring_invoice_id?: string;
  metadata?: Metadata;
  sort?: InvoiceSort;
  cursor?: string;
  limit: number;
  offset: number;
}

/** A keyset cursor: the sort it belongs to and the last row's sort value and id. */
interface ListCursor {
  sort: InvoiceSort;
  key: string | number;
  id: string;
}

export function encodeCursor(cursor: ListCursor): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify([cursor.sort, cursor.key, cursor.id])));
}

/** 400 unless the cursor is one this list issued for the same sort. */
function decodeCursor(text: string, sort: InvoiceSort): ListCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(fromBase64Url(text)));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || typeof parsed[2] !== "string") {
    throw invalidQuery("cursor", "Not a cursor of this list");
  }
  const [cursorSort, key, id] = parsed as [unknown, unknown, string];
  if (cursorSort !== sort) {
    throw invalidQuery("cursor", `The cursor belongs to sort=${String(cursorSort)}, not sort=${sort}`);
  }
  const keyType = sort.endsWith("total") ? "number" : "string";
  if (typeof key !== keyType) throw invalidQuery("cursor", "Not a cursor of this list");
  return { sort, key: key as string | number, id };
}

const invalidQuery = (param: string, message: string) =>
  new ApiError("invalid_request", message, { details: { [param]: message } });

/**
 * The list's WHERE. Organization first, then each filter; the sort's own column is left visible
 * (its index serves the range and the order), every other range is hidden from the planner in
 * the page query so it walks the sort's index in order. `number` is an exact match on the
 * partial unique index (at most one row: nothing to sort).
 */
function listWhere(
  organizationId: string,
  query: InvoiceListQuery,
  key: SortKey,
  today: string,
  use: FilterUse,
) {
  const range = (column: SQLWrapper, gte: string | undefined, lt: string | undefined, own: boolean) => {
    const target = use === "count" || own ? sql`${column}` : hide(column);
    return and(
      gte === undefined ? undefined : sql`${target} >= ${gte}`,
      lt === undefined ? undefined : sql`${target} < ${lt}`,
    );
  };
  const walk = use !== "count" && key !== "created_at";
  return and(
    eq(invoices.organizationId, organizationId),
    query.status ? invoiceStatusWhere(query.status, today, walk ? "walk" : use) : undefined,
    query.customer_id
      ? sql`${walk ? hide(invoices.customerId) : sql`${invoices.customerId}`} = ${query.customer_id}`
      : undefined,
    query.recurring_invoice_id
      ? sql`${walk ? hide(invoices.recurringInvoiceId) : sql`${invoices.recurringInvoiceId}`} = ${query.recurring_invoice_id}`
      : undefined,
    range(invoices.createdAt, query.created_gte, query.created_lt, key === "created_at"),
    range(invoices.dueDate, query.due_date_gte, query.due_date_lt, key === "due_date"),
    range(invoices.issueDate, query.issue_date_gte, query.issue_date_lt, false),
    query.number === undefined
      ? undefined
      : and(eq(invoices.number, query.number), sql`${invoices.number} <> ${UNNUMBERED}`),
    metadataMatches(invoices.id, organizationId, "invoice", query.metadata),
  );
}

/**
 * The list's total: kept per stored status (invoice_counts) when the filter is at most a status
 * that reads as stored, one lookup however many invoices match; else a count over the indexes.
 */
function countOf(db: Db, organizationId: string, query: InvoiceListQuery, key: SortKey, today: string) {
  const { status, limit: _limit, offset: _offset, sort: _sort, cursor: _cursor, metadata, ...others } = query;
  const filtered =
    Object.values(others).some((value) => value !== undefined) ||
    Object.keys(metadata ?? {}).length > 0 ||
    (status !== undefined && !invoiceStatusReadsAsStored(status));
  if (filtered) {
    return db
      .select({ n: count() })
      .from(invoices)
      .where(listWhere(organizationId, query, key, today, "count"));
  }
  return db
    .select({ n: sql<number>`coalesce(sum(${invoiceCounts.count}), 0)` })
    .from(invoiceCounts)
    .where(
      and(
        eq(invoiceCounts.organizationId, organizationId),
        status === undefined ? undefined : eq(invoiceCounts.status, status),
      ),
    );
}

/**
 * One page in the requested order (newest first by default). One batch, one round trip: the
 * page, its total, and the items of every invoice on the page in a single query (not one per
 * invoice). Offset pages as always; with `cursor`, the rows after the cursor's (key, id) in the
 * same order (keyset: stable while rows are added). `next_cursor` continues after the page's
 * last row, or is null on the last page.
 */
export async function listInvoices(db: Db, organizationId: string, query: InvoiceListQuery) {
  const today = utcDate();
  const sort = query.sort ?? "-created_at";
  const key = sort.replace("-", "") as SortKey;
  const descending = sort.startsWith("-");
  const column = SORT_COLUMNS[key];
  if (query.cursor !== undefined && query.offset > 0) {
    throw invalidQuery("cursor", "Use either cursor or offset");
  }
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, sort);
  const where = and(
    listWhere(organizationId, query, key, today, "page"),
    after
      ? descending
        ? sql`(${column}, ${invoices.id}) < (${after.key}, ${after.id})`
        : sql`(${column}, ${invoices.id}) > (${after.key}, ${after.id})`
      : undefined,
  );
  const { rows, total, linesOf } = await pageOfDocuments(db, {
    table: invoices,
    where,
    order: descending ? [desc(column), desc(invoices.id)] : [asc(column), asc(invoices.id)],
    limit: query.limit,
    offset: query.offset,
    lines: { table: invoiceItems, document: invoiceItems.invoiceId, position: invoiceItems.position },
    total: countOf(db, organizationId, query, key, today),
  });
  const drafts = await draftIssues(
    db,
    organizationId,
    rows.map((invoice) => ({ invoice, items: linesOf(invoice.id) })),
    today,
  );
  const last = rows.length === query.limit ? rows.at(-1) : undefined;
  const keyOf = (row: Invoice) =>
    key === "created_at" ? row.createdAt : key === "due_date" ? row.dueDate : row.totalMinor;
  return {
    data: rows.map((row) => serializeInvoice(row, linesOf(row.id), today, drafts.get(row.id))),
    total,
    nextCursor: last ? encodeCursor({ sort, key: keyOf(last), id: last.id }) : null,
    /** The rows as read, for what the serializer cannot fill in (the sealed hosted links). */
    rows,
  };
}

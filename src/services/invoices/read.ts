// Reading invoices: the status every read reports, the JSON an invoice answers with, one
// invoice with its lines, and the newest-first list.
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  type Invoice,
  type InvoiceItem,
  type InvoiceStatus,
  invoiceItems,
  invoices,
  type TaxBreakdownEntry,
} from "../../db/schema/invoices";
import { utcDate } from "../../lib/clock";
import { notFound } from "../../lib/errors";
import { percentageToNumber, quantityToNumber, toMajor } from "../../lib/money";
import { einvoiceMissing } from "../einvoice/readiness";
import { scoped } from "./common";

/** The status every read reports: a sent invoice whose due date (UTC) has passed is overdue. */
export function effectiveStatus(row: Pick<Invoice, "status" | "dueDate">, today = utcDate()): InvoiceStatus {
  return row.status === "sent" && row.dueDate < today ? "overdue" : row.status;
}

/** A discount as the API shows it: `{ amount }` in major units or `{ percentage }`. */
export function discountView(discount: Invoice["discounts"][number]["discount"] | null, currency: string) {
  if (!discount) return null;
  return discount.kind === "amount"
    ? { amount: toMajor(discount.value, currency) }
    : { percentage: percentageToNumber(discount.value) };
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

/** total - paid - credited: what the customer still owes (never below zero by construction). */
export const amountDueMinor = (
  row: Pick<Invoice, "totalMinor" | "amountPaidMinor" | "amountCreditedMinor">,
) => row.totalMinor - row.amountPaidMinor - row.amountCreditedMinor;

/**
 * Whether the e-invoice can be produced, and what it lacks (API field paths). Issued: from the
 * snapshots, exactly what GET /einvoice checks. Draft: never ready (409), and what it lacks is
 * read from the invoice alone (lines, references): the seller and buyer are only fixed at send,
 * and every answer of a draft must say the same without reading the organization and customer.
 */
export function einvoiceReadiness(row: Invoice, items: readonly InvoiceItem[]) {
  const missing = Object.keys(invoiceEInvoiceMissing(row, items));
  return { ready: row.status !== "draft" && missing.length === 0, missing };
}

/** What the invoice's e-invoice lacks, keyed by API field path (the 422 details of GET /einvoice). */
export function invoiceEInvoiceMissing(row: Invoice, items: readonly InvoiceItem[]): Record<string, string> {
  return einvoiceMissing({
    currency: row.currency,
    seller: row.seller,
    buyer: row.buyer,
    lines: items.map((item) => ({ category: item.taxCategory })),
    buyerReference: row.buyerReference ?? row.buyer?.buyer_reference ?? null,
    purchaseOrder: row.purchaseOrder,
    deliveryDate: row.deliveryDate,
    servicePeriod: Boolean(row.servicePeriodStart && row.servicePeriodEnd),
  });
}

export function serializeInvoice(row: Invoice, items: readonly InvoiceItem[], today = utcDate()) {
  const money = (minor: number) => toMajor(minor, row.currency);
  return {
    id: row.id,
    number: row.number,
    customer_id: row.customerId,
    status: effectiveStatus(row, today),
    total: money(row.totalMinor),
    currency: row.currency,
    due_date: row.dueDate,
    notes: row.notes,
    items: items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      description: item.description,
      quantity: quantityToNumber(item.quantity),
      unit_price: money(item.unitPriceMinor),
      amount: money(item.amountMinor),
      tax_rate_id: item.taxRateId,
      discount: discountView(item.discount, row.currency),
      discount_amount: money(item.discountMinor),
      net_amount: money(item.netMinor),
    })),
    sent_at: row.sentAt,
    paid_at: row.paidAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    issue_date: row.issueDate,
    voided_at: row.voidedAt,
    default_tax_rate_id: row.defaultTaxRateId,
    ignore_tax_exempt: row.ignoreTaxExempt,
    discounts: row.discounts.map((d) => ({
      description: d.description,
      ...discountView(d.discount, row.currency),
    })),
    service_period:
      row.servicePeriodStart && row.servicePeriodEnd
        ? { start: row.servicePeriodStart, end: row.servicePeriodEnd }
        : null,
    delivery_date: row.deliveryDate,
    purchase_order: row.purchaseOrder,
    buyer_reference: row.buyerReference,
    payment_terms: row.paymentTerms,
    subtotal: money(row.subtotalMinor),
    discount_total: money(row.discountTotalMinor),
    tax_exclusive_total: money(row.taxExclusiveMinor),
    tax_total: money(row.taxTotalMinor),
    rounding_amount: money(row.roundingMinor),
    amount_paid: money(row.amountPaidMinor),
    amount_credited: money(row.amountCreditedMinor),
    amount_due: money(amountDueMinor(row)),
    tax_breakdown: breakdownView(row.totalsDetail.breakdown, row.currency),
    seller: row.seller,
    buyer: row.buyer,
    /** Filled in by the route (withHostedUrls): the token is sealed under the master key. */
    hosted_url: null as string | null,
    viewed_at: row.viewedAt,
    recurring_invoice_id: row.recurringInvoiceId,
    einvoice: einvoiceReadiness(row, items),
  };
}

export type InvoiceView = ReturnType<typeof serializeInvoice>;

export async function loadInvoice(db: Db, organizationId: string, id: string) {
  const [[invoice], items] = await db.batch([
    db.select().from(invoices).where(scoped(organizationId, id)),
    db
      .select()
      .from(invoiceItems)
      .where(and(eq(invoiceItems.invoiceId, id), eq(invoiceItems.organizationId, organizationId)))
      .orderBy(asc(invoiceItems.position)),
  ]);
  if (!invoice) throw notFound("Invoice");
  return { invoice, items };
}

/**
 * The SQL twin of effectiveStatus, so a list filtered by status agrees with what reads report.
 * Two spellings of the same filter, one per query, so that neither sorts in a temp B-tree:
 * - `page` (ORDER BY created_at DESC, id DESC): `sent` hides due_date from the planner (unary +)
 *   so it walks (organization_id, status, created_at, id, due_date) in order instead of taking a
 *   due_date range and sorting it; `overdue` (two stored states) walks the default-order index
 *   (organization_id, created_at, id, status, due_date) and tests status and due date from the
 *   index entry, reading only matching rows.
 * - `count`: ranges of the covering (organization_id, status, due_date) index; `overdue` as
 *   `status IN ('overdue', 'sent')` so it reads those two ranges, not the whole organization.
 */
function statusFilter(status: InvoiceStatus, today: string, use: "page" | "count"): SQL | undefined {
  switch (status) {
    case "sent":
      return use === "page"
        ? and(eq(invoices.status, "sent"), sql`+${invoices.dueDate} >= ${today}`)
        : and(eq(invoices.status, "sent"), sql`${invoices.dueDate} >= ${today}`);
    case "overdue": {
      const overdue = or(
        eq(invoices.status, "overdue"),
        and(eq(invoices.status, "sent"), sql`${invoices.dueDate} < ${today}`),
      );
      return use === "page" ? overdue : and(inArray(invoices.status, ["overdue", "sent"]), overdue);
    }
    default:
      return eq(invoices.status, status);
  }
}

/**
 * Newest first. One batch, one round trip: the page, its total, and the items of every invoice
 * on the page in a single query (not one per invoice).
 */
export async function listInvoices(
  db: Db,
  organizationId: string,
  query: {
    status?: InvoiceStatus;
    customer_id?: string;
    recurring_invoice_id?: string;
    limit: number;
    offset: number;
  },
) {
  const today = utcDate();
  const filter = (use: "page" | "count") =>
    and(
      eq(invoices.organizationId, organizationId),
      query.status ? statusFilter(query.status, today, use) : undefined,
      query.customer_id ? eq(invoices.customerId, query.customer_id) : undefined,
      query.recurring_invoice_id ? eq(invoices.recurringInvoiceId, query.recurring_invoice_id) : undefined,
    );
  const where = filter("page");
  const order = [desc(invoices.createdAt), desc(invoices.id)];
  const pageIds = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const [rows, [total], items] = await db.batch([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(invoices).where(filter("count")),
    db
      .select()
      .from(invoiceItems)
      .where(inArray(invoiceItems.invoiceId, pageIds))
      .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position)),
  ]);
  const itemsByInvoice = new Map<string, InvoiceItem[]>();
  for (const item of items) {
    const list = itemsByInvoice.get(item.invoiceId) ?? [];
    list.push(item);
    itemsByInvoice.set(item.invoiceId, list);
  }
  return {
    data: rows.map((row) => serializeInvoice(row, itemsByInvoice.get(row.id) ?? [], today)),
    total: total?.n ?? 0,
    /** The rows as read, for what the serializer cannot fill in (the sealed hosted links). */
    rows,
  };
}

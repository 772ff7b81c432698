// Invoices: pricing lines through the Money module, number issuance, the status lifecycle
// (draft -> sent -> paid, sent -> overdue -> paid), sending by e-mail and the overdue sweep.
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { batchableRun, type Db } from "../db/client";
import { isForeignKeyFailure, isGuardFailure } from "../db/guards";
import { invoiceEmails } from "../db/schema/emails";
import {
  type Invoice,
  type InvoiceItem,
  type InvoiceStatus,
  invoiceItems,
  invoices,
} from "../db/schema/invoices";
import { webhookEvents } from "../db/schema/webhooks";
import { now, nowIso, utcDate } from "../lib/clock";
import { ApiError, conflict, notFound, validationError } from "../lib/errors";
import { prefixedId } from "../lib/ids";
import { logError } from "../lib/log";
import {
  AMOUNT_TOO_LARGE,
  fitsAmount,
  lineAmount,
  parseAmount,
  parseQuantity,
  quantityToNumber,
  rescaleAmount,
  sumAmounts,
  toMajor,
} from "../lib/money";
import { findCustomer } from "./customers";
import type { EmailSender } from "./email";
import { renderInvoiceEmail } from "./email/render";
import { type EventType, recordEvent } from "./events";
import { findProducts } from "./products";

type Statement = BatchItem<"sqlite">;

export const MAX_ITEMS = 100;
/** invoice_items binds 9 values per row; D1 allows 100 bound parameters per statement. */
const ITEM_ROWS_PER_INSERT = Math.floor(100 / 9);

export interface ItemInput {
  product_id?: string;
  description?: string;
  quantity: number;
  unit_price?: number;
}

export interface InvoiceInput {
  customer_id: string;
  items: ItemInput[];
  due_date: string;
  notes?: string | null;
  currency?: string;
}

export interface InvoicePatch {
  customer_id?: string;
  items?: ItemInput[];
  due_date?: string;
  notes?: string | null;
  currency?: string;
  status?: InvoiceStatus;
}

export interface Organization {
  id: string;
  name: string;
  defaultCurrency: string;
}

// ---- reading ----

/** The status every read reports: a sent invoice whose due date (UTC) has passed is overdue. */
export function effectiveStatus(row: Pick<Invoice, "status" | "dueDate">, today = utcDate()): InvoiceStatus {
  return row.status === "sent" && row.dueDate < today ? "overdue" : row.status;
}

export function serializeInvoice(row: Invoice, items: readonly InvoiceItem[], today = utcDate()) {
  return {
    id: row.id,
    number: row.number,
    customer_id: row.customerId,
    status: effectiveStatus(row, today),
    total: toMajor(row.totalMinor, row.currency),
    currency: row.currency,
    due_date: row.dueDate,
    notes: row.notes,
    items: items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      description: item.description,
      quantity: quantityToNumber(item.quantity),
      unit_price: toMajor(item.unitPriceMinor, row.currency),
      amount: toMajor(item.amountMinor, row.currency),
    })),
    sent_at: row.sentAt,
    paid_at: row.paidAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export type InvoiceView = ReturnType<typeof serializeInvoice>;

const scoped = (organizationId: string, id: string) =>
  and(eq(invoices.id, id), eq(invoices.organizationId, organizationId));

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
  query: { status?: InvoiceStatus; customer_id?: string; limit: number; offset: number },
) {
  const today = utcDate();
  const filter = (use: "page" | "count") =>
    and(
      eq(invoices.organizationId, organizationId),
      query.status ? statusFilter(query.status, today, use) : undefined,
      query.customer_id ? eq(invoices.customerId, query.customer_id) : undefined,
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
  };
}

// ---- pricing ----

interface PricedLine {
  productId: string | null;
  description: string;
  quantity: bigint;
  unitPriceMinor: bigint;
  amountMinor: bigint;
}

/**
 * Validates and prices the lines in `currency`: products fill description and unit price when
 * not given; amounts are computed in BigInt and must fit a safe integer. Errors name the field
 * path (`items.0.unit_price`).
 */
async function priceLines(db: Db, organizationId: string, currency: string, items: readonly ItemInput[]) {
  const productIds = items.flatMap((item) => (item.product_id ? [item.product_id] : []));
  const found = new Map((await findProducts(db, organizationId, productIds)).map((p) => [p.id, p]));
  const errors: Record<string, string> = {};
  const lines: PricedLine[] = [];
  items.forEach((item, index) => {
    const path = `items.${index}`;
    const product = item.product_id ? found.get(item.product_id) : undefined;
    if (item.product_id && !product) errors[`${path}.product_id`] = "No such product";

    const description = item.description ?? product?.name;
    if (description === undefined && !item.product_id) {
      errors[`${path}.description`] = "Required unless product_id is given";
    }

    const quantity = parseQuantity(item.quantity);
    if (!quantity.ok) errors[`${path}.quantity`] = quantity.message;

    let unitPrice: bigint | undefined;
    if (item.unit_price !== undefined) {
      const parsed = parseAmount(item.unit_price, currency);
      if (parsed.ok) unitPrice = parsed.value;
      else errors[`${path}.unit_price`] = parsed.message;
    } else if (product) {
      const rescaled = product.currency === currency ? BigInt(product.priceMinor) : undefined;
      if (rescaled === undefined) {
        errors[`${path}.product_id`] =
          `The product is priced in ${product.currency}, the invoice in ${currency}; give unit_price`;
      }
      unitPrice = rescaled;
    } else if (!item.product_id) {
      errors[`${path}.unit_price`] = "Required unless product_id is given";
    }

    if (quantity.ok && unitPrice !== undefined && description !== undefined) {
      const amount = lineAmount(quantity.value, unitPrice);
      if (!fitsAmount(amount)) errors[`${path}.amount`] = `The line amount is too large. ${AMOUNT_TOO_LARGE}`;
      lines.push({
        productId: item.product_id ?? null,
        description,
        quantity: quantity.value,
        unitPriceMinor: unitPrice,
        amountMinor: amount,
      });
    }
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const total = sumAmounts(lines.map((line) => line.amountMinor));
  if (!fitsAmount(total))
    throw validationError({ items: `The invoice total is too large. ${AMOUNT_TOO_LARGE}` });
  return { lines, total };
}

function itemRows(organizationId: string, invoiceId: string, lines: readonly PricedLine[]): InvoiceItem[] {
  return lines.map((line, position) => ({
    id: prefixedId("item"),
    invoiceId,
    organizationId,
    position,
    productId: line.productId,
    description: line.description,
    quantity: Number(line.quantity),
    unitPriceMinor: Number(line.unitPriceMinor),
    amountMinor: Number(line.amountMinor),
    discount: null,
    discountMinor: 0,
    netMinor: Number(line.amountMinor),
    taxRateId: null,
    taxCategory: null,
    taxPercentScaled: null,
    taxInclusive: null,
    taxExemptionReason: null,
    taxExemptionReasonCode: null,
  }));
}

/** Multi-row inserts of at most 11 rows, so no statement binds more than 100 parameters. */
function insertItems(db: Db, rows: readonly InvoiceItem[]): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += ITEM_ROWS_PER_INSERT) {
    statements.push(db.insert(invoiceItems).values(rows.slice(i, i + ITEM_ROWS_PER_INSERT)));
  }
  return statements;
}

async function assertCustomer(db: Db, organizationId: string, customerId: string) {
  const customer = await findCustomer(db, organizationId, customerId);
  if (!customer) throw validationError({ customer_id: "No such customer" });
  return customer;
}

// ---- writing ----

/**
 * Fails the whole batch (NOT NULL on invoices.id) unless the invoice still has the version it
 * was read at: a concurrent change makes this change, and its event, not happen at all.
 */
function versionGuard(db: Db, id: string, version: number): Statement {
  return batchableRun(
    db,
    sql`
    INSERT INTO invoices (id)
    SELECT NULL WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE id = ${id} AND version = ${version})`,
  );
}

/**
 * Runs a guarded batch. Guard failure: 404 if the invoice was deleted meanwhile, else 409
 * `concurrent_update`. A foreign key failure means the customer was deleted after the check
 * (only a PATCH that sets customer_id writes one): 422 on `customer_id`.
 */
async function commit(db: Db, statements: Statement[], id?: string): Promise<void> {
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (isGuardFailure(error, invoices)) {
      const [still] = id
        ? await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id))
        : [1];
      if (!still) throw notFound("Invoice");
      throw conflict("concurrent_update", "The invoice changed while this request ran; retry");
    }
    if (isForeignKeyFailure(error)) throw validationError({ customer_id: "No such customer" });
    throw error;
  }
}

function event(db: Db, organizationId: string, type: EventType, object: InvoiceView, at: string) {
  return recordEvent(db, { organizationId, type, object, at });
}

/**
 * One batch: bump the organization's sequence, insert the invoice numbered from it
 * (INSERT ... SELECT reads the bumped value inside the same transaction, so concurrent creates
 * get distinct, consecutive numbers), its items, and the event with the issued number.
 */
export async function createInvoice(db: Db, organization: Organization, input: InvoiceInput) {
  const currency = input.currency ?? organization.defaultCurrency;
  await assertCustomer(db, organization.id, input.customer_id);
  const { lines, total } = await priceLines(db, organization.id, currency, input.items);
  const at = nowIso();
  const id = prefixedId("inv");
  const items = itemRows(organization.id, id, lines);
  const draft: Invoice = {
    id,
    organizationId: organization.id,
    customerId: input.customer_id,
    number: "",
    status: "draft",
    currency,
    totalMinor: Number(total),
    dueDate: input.due_date,
    notes: input.notes ?? null,
    sentAt: null,
    paidAt: null,
    version: 0,
    createdAt: at,
    updatedAt: at,
    dueDateDefaulted: false,
    voidedAt: null,
    issueDate: null,
    defaultTaxRateId: null,
    ignoreTaxExempt: false,
    discounts: [],
    servicePeriodStart: null,
    servicePeriodEnd: null,
    deliveryDate: null,
    purchaseOrder: null,
    buyerReference: null,
    paymentTerms: null,
    subtotalMinor: Number(total),
    discountTotalMinor: 0,
    taxExclusiveMinor: Number(total),
    taxTotalMinor: 0,
    roundingMinor: 0,
    amountPaidMinor: 0,
    amountCreditedMinor: 0,
    totalsDetail: { breakdown: [], allowances: [] },
    seller: null,
    buyer: null,
  };
  const recorded = event(db, organization.id, "invoice.created", serializeInvoice(draft, items), at);
  const [, , ...rest] = await db
    .batch([
      batchableRun(
        db,
        sql`UPDATE organizations SET invoice_sequence = invoice_sequence + 1 WHERE id = ${organization.id}`,
      ),
      batchableRun(
        db,
        sql`
        INSERT INTO invoices
          (id, organization_id, customer_id, number, status, currency, total_minor, due_date, notes,
           version, created_at, updated_at)
        SELECT ${id}, id, ${draft.customerId}, printf('INV-%06d', invoice_sequence), 'draft', ${currency},
               ${draft.totalMinor}, ${draft.dueDate}, ${draft.notes}, 0, ${at}, ${at}
        FROM organizations WHERE id = ${organization.id}`,
      ),
      ...insertItems(db, items),
      ...recorded.statements,
      // The event was built before the number existed: fill it in, still inside the batch.
      db
        .update(webhookEvents)
        .set({
          payload: sql`json_set(${webhookEvents.payload}, '$.data.object.number',
            (SELECT number FROM invoices WHERE id = ${id}))`,
        })
        .where(eq(webhookEvents.id, recorded.id)),
      db.select().from(invoices).where(eq(invoices.id, id)),
    ])
    .catch((error: unknown) => {
      // The customer was deleted after the check: its foreign key refuses the insert.
      if (isForeignKeyFailure(error)) {
        throw validationError({ customer_id: "No such customer" });
      }
      throw error;
    });
  const created = rest.at(-1) as Invoice[];
  const invoice = created[0];
  if (!invoice) throw new Error("invoice insert returned no row");
  return { invoice: serializeInvoice(invoice, items), eventIds: [recorded.id] };
}

const CONTENT_FIELDS = ["customer_id", "items", "due_date", "currency"] as const;

/**
 * Draft: everything editable. Sent/overdue: only notes and the move to paid. Paid: read-only.
 * `status` moves only sent/overdue -> paid here; draft -> sent is POST /send.
 */
export async function updateInvoice(db: Db, organizationId: string, id: string, patch: InvoicePatch) {
  const { invoice, items } = await loadInvoice(db, organizationId, id);
  const today = utcDate();
  const status = effectiveStatus(invoice, today);
  if (status === "paid") throw conflict("invoice_paid", "A paid invoice is read-only");

  const movesToPaid = patch.status !== undefined && patch.status !== status;
  if (movesToPaid && !(patch.status === "paid" && (status === "sent" || status === "overdue"))) {
    throw new ApiError("conflict", `An invoice cannot move from ${status} to ${patch.status} here`, {
      details: {
        reason: "invalid_transition",
        from: status,
        to: patch.status,
        ...(patch.status === "sent" ? { hint: "POST /v1/invoices/{id}/send" } : {}),
      },
    });
  }
  const contentChanges = CONTENT_FIELDS.filter((field) => patch[field] !== undefined);
  if (status !== "draft" && contentChanges.length > 0) {
    throw new ApiError(
      "conflict",
      `Only notes and the move to paid can change once an invoice is ${status}`,
      {
        details: { reason: "invoice_not_editable", status, fields: contentChanges },
      },
    );
  }

  let next: Invoice = { ...invoice };
  let nextItems = items;
  let replaceItems = false;
  if (status === "draft") {
    if (patch.customer_id !== undefined && patch.customer_id !== invoice.customerId) {
      await assertCustomer(db, organizationId, patch.customer_id);
      next.customerId = patch.customer_id;
    }
    const currency = patch.currency ?? invoice.currency;
    if (patch.items !== undefined) {
      const priced = await priceLines(db, organizationId, currency, patch.items);
      nextItems = itemRows(organizationId, id, priced.lines);
      next.totalMinor = Number(priced.total);
      replaceItems = true;
    } else if (currency !== invoice.currency) {
      // Same major unit prices in the new currency, re-rounded at its minor unit.
      const repriced = items.map((item) => {
        const unitPrice = rescaleAmount(BigInt(item.unitPriceMinor), invoice.currency, currency);
        if (unitPrice === undefined) {
          throw validationError({ currency: `A line price has more decimals than ${currency} allows` });
        }
        const amount = lineAmount(BigInt(item.quantity), unitPrice);
        if (!fitsAmount(unitPrice) || !fitsAmount(amount)) {
          throw validationError({
            currency: `A line price or amount is too large in ${currency}. ${AMOUNT_TOO_LARGE}`,
          });
        }
        return { ...item, unitPriceMinor: unitPrice, amountMinor: amount };
      });
      const total = sumAmounts(repriced.map((item) => item.amountMinor));
      if (!fitsAmount(total)) {
        throw validationError({
          currency: `The invoice total is too large in ${currency}. ${AMOUNT_TOO_LARGE}`,
        });
      }
      nextItems = itemRows(
        organizationId,
        id,
        repriced.map((item) => ({
          productId: item.productId,
          description: item.description,
          quantity: BigInt(item.quantity),
          unitPriceMinor: item.unitPriceMinor,
          amountMinor: item.amountMinor,
        })),
      );
      next.totalMinor = Number(total);
      replaceItems = true;
    }
    next.currency = currency;
    if (patch.due_date !== undefined) next.dueDate = patch.due_date;
  }
  if (patch.notes !== undefined) next.notes = patch.notes;

  const at = nowIso();
  const changed =
    replaceItems ||
    next.customerId !== invoice.customerId ||
    next.dueDate !== invoice.dueDate ||
    next.notes !== invoice.notes;
  if (!changed && !movesToPaid) return { invoice: serializeInvoice(invoice, items, today), eventIds: [] };

  if (movesToPaid) next = { ...next, status: "paid", paidAt: at };
  next = { ...next, version: invoice.version + 1, updatedAt: at };
  const view = serializeInvoice(next, nextItems, today);
  const events = [
    ...(changed ? [event(db, organizationId, "invoice.updated", view, at)] : []),
    ...(movesToPaid ? [event(db, organizationId, "invoice.paid", view, at)] : []),
  ];
  await commit(
    db,
    [
      versionGuard(db, id, invoice.version),
      db
        .update(invoices)
        .set({
          customerId: next.customerId,
          currency: next.currency,
          totalMinor: next.totalMinor,
          dueDate: next.dueDate,
          notes: next.notes,
          status: next.status,
          paidAt: next.paidAt,
          version: next.version,
          updatedAt: at,
        })
        .where(scoped(organizationId, id)),
      ...(replaceItems
        ? [db.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id)), ...insertItems(db, nextItems)]
        : []),
      ...events.flatMap((e) => e.statements),
    ],
    id,
  );
  return { invoice: view, eventIds: events.map((e) => e.id) };
}

/** sent/overdue -> paid. */
export async function payInvoice(db: Db, organizationId: string, id: string) {
  const { invoice } = await loadInvoice(db, organizationId, id);
  const status = effectiveStatus(invoice);
  if (status === "paid") throw conflict("invoice_paid", "The invoice is already paid");
  if (status === "draft") throw conflict("invoice_not_sent", "A draft must be sent before it can be paid");
  return updateInvoice(db, organizationId, id, { status: "paid" });
}

/** Only drafts may be deleted; anything else is 409 `invoice_not_draft`. */
export async function deleteInvoice(db: Db, organizationId: string, id: string) {
  const { invoice, items } = await loadInvoice(db, organizationId, id);
  const status = effectiveStatus(invoice);
  if (status !== "draft") {
    throw new ApiError("conflict", "Only draft invoices can be deleted", {
      details: { reason: "invoice_not_draft", status },
    });
  }
  const at = nowIso();
  const recorded = event(db, organizationId, "invoice.deleted", serializeInvoice(invoice, items), at);
  await commit(
    db,
    [
      versionGuard(db, id, invoice.version),
      db.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id)),
      // A draft has no e-mails (the send claim moves it to sent with its row); rows from before that rule.
      db.delete(invoiceEmails).where(eq(invoiceEmails.invoiceId, id)),
      db.delete(invoices).where(scoped(organizationId, id)),
      ...recorded.statements,
    ],
    id,
  );
  return { eventIds: [recorded.id] };
}

// ---- sending ----

export function serializeEmail(row: typeof invoiceEmails.$inferSelect) {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    kind: row.kind,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    transport: row.transport,
    status: row.status,
    provider_message_id: row.providerMessageId,
    created_at: row.createdAt,
  };
}

/** An http e-mail row still `queued` after this long was abandoned (the Worker stopped mid-send). */
const IN_FLIGHT_MS = 60_000;

/**
 * What the invoice's e-mails say about the next send: whether an invoice e-mail is on record
 * (queued or sent; only failed attempts do not count), and whether an http e-mail is being
 * delivered right now (claimed less than a minute ago, no outcome yet).
 */
async function emailState(db: Db, organizationId: string, id: string) {
  const cutoff = new Date(now().getTime() - IN_FLIGHT_MS).toISOString();
  const mine = and(eq(invoiceEmails.invoiceId, id), eq(invoiceEmails.organizationId, organizationId));
  const [state] = await db
    .select({
      hasInvoiceEmail: sql<number>`EXISTS (SELECT 1 FROM ${invoiceEmails} WHERE ${mine}
        AND ${invoiceEmails.kind} = 'invoice' AND ${invoiceEmails.status} IN ('queued', 'sent'))`,
      inFlight: sql<number>`EXISTS (SELECT 1 FROM ${invoiceEmails} WHERE ${mine}
        AND ${invoiceEmails.transport} = 'http' AND ${invoiceEmails.status} = 'queued'
        AND ${invoiceEmails.createdAt} > ${cutoff})`,
    })
    .from(sql`(SELECT 1)`);
  return { hasInvoiceEmail: Boolean(state?.hasInvoiceEmail), inFlight: Boolean(state?.inFlight) };
}

/**
 * Draft: e-mails the customer, moves to sent and records sent_at. Sent/overdue: a reminder
 * (another e-mail, no status change), or the invoice e-mail again if every earlier attempt
 * failed. Paid: 409. While an http e-mail of the invoice is being delivered: 409
 * `email_in_progress` (a double click does not become an invoice plus a reminder).
 *
 * Order of work, so that concurrent sends cannot both e-mail and a crash cannot lose a record:
 *  1. one batch claims the send: the version guard (a concurrent send or change -> 409
 *     `concurrent_update`, nothing e-mailed), the version bump (and for a draft the move to
 *     sent with its `invoice.sent` event), and the e-mail row as `queued`;
 *  2. only then the transport is called, with the row id as idempotency key;
 *  3. the row is marked `sent` (with the provider's id) or `failed`.
 * The outbox transport stops after 1: the queued row is the outbox. When the provider fails
 * after the claim, the invoice stays sent (it was issued; `invoice.sent` is recorded), the row
 * reads `failed` in GET /emails, and `failure` carries the 500 `internal_error` (with
 * `details.reason = "email_delivery_failed"`) the route answers after dispatching the events;
 * sending again retries the invoice e-mail.
 */
export async function sendInvoice(db: Db, sender: EmailSender, organization: Organization, id: string) {
  const { invoice, items } = await loadInvoice(db, organization.id, id);
  const today = utcDate();
  const status = effectiveStatus(invoice, today);
  if (status === "paid") throw conflict("invoice_paid", "A paid invoice cannot be sent");
  const customer = await findCustomer(db, organization.id, invoice.customerId);
  if (!customer) throw new Error(`invoice ${id} refers to a missing customer`);

  let kind: "invoice" | "reminder" = "invoice";
  if (status !== "draft") {
    const emails = await emailState(db, organization.id, id);
    if (emails.inFlight) {
      throw conflict("email_in_progress", "An e-mail of this invoice is being delivered; retry in a moment");
    }
    if (emails.hasInvoiceEmail) kind = "reminder";
  }
  const message = renderInvoiceEmail({
    kind,
    from: sender.from,
    organizationName: organization.name,
    customer,
    number: invoice.number,
    currency: invoice.currency,
    totalMinor: invoice.totalMinor,
    dueDate: invoice.dueDate,
    notes: invoice.notes,
    lines: items.map((item) => ({
      description: item.description,
      quantity: quantityToNumber(item.quantity),
      unitPriceMinor: item.unitPriceMinor,
      amountMinor: item.amountMinor,
    })),
  });
  const at = nowIso();
  const emailId = prefixedId("eml");

  // 1. Claim: the status change (or, for a reminder, just the version bump that serializes
  // concurrent sends) and the queued e-mail row commit together, or not at all.
  const version = invoice.version + 1;
  const next: Invoice =
    status === "draft"
      ? { ...invoice, status: "sent", sentAt: at, version, updatedAt: at }
      : { ...invoice, version };
  const view = serializeInvoice(next, items, today);
  const eventIds: string[] = [];
  const statements: Statement[] = [
    versionGuard(db, id, invoice.version),
    db
      .update(invoices)
      .set(status === "draft" ? { status: "sent", sentAt: at, version, updatedAt: at } : { version })
      .where(scoped(organization.id, id)),
    db.insert(invoiceEmails).values({
      id: emailId,
      organizationId: organization.id,
      invoiceId: id,
      kind,
      fromAddress: message.from,
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      transport: sender.transport,
      status: "queued",
      providerMessageId: null,
      createdAt: at,
    }),
  ];
  if (status === "draft") {
    const recorded = event(db, organization.id, "invoice.sent", view, at);
    eventIds.push(recorded.id);
    statements.push(...recorded.statements);
  }
  await commit(db, statements, id);

  // 2. Deliver, 3. record the outcome.
  let result: Awaited<ReturnType<EmailSender["send"]>>;
  try {
    result = await sender.send(message, { idempotencyKey: emailId });
  } catch (error) {
    logError("invoice e-mail failed", {
      invoice_id: id,
      email_id: emailId,
      transport: sender.transport,
      error: error instanceof Error ? error.message : String(error),
    });
    await markEmail(db, emailId, { status: "failed", providerMessageId: null });
    // The claim committed: the caller dispatches its events, then answers with this error.
    const failure = new ApiError(
      "internal_error",
      `The invoice is ${view.status}, but the e-mail provider did not accept the message; ` +
        "send again to retry the e-mail",
      {
        details: { reason: "email_delivery_failed", invoice_status: view.status, email_id: emailId },
        cause: error,
      },
    );
    return { invoice: view, eventIds, failure };
  }
  if (result.status !== "queued") await markEmail(db, emailId, result);
  return { invoice: view, eventIds, failure: undefined };
}

/** Records the transport's outcome on the queued row; logged, not thrown, if even that fails. */
async function markEmail(
  db: Db,
  emailId: string,
  outcome: { status: "sent" | "failed" | "queued"; providerMessageId: string | null },
) {
  try {
    await db
      .update(invoiceEmails)
      .set({ status: outcome.status, providerMessageId: outcome.providerMessageId })
      .where(eq(invoiceEmails.id, emailId));
  } catch (error) {
    logError("invoice e-mail outcome not recorded", { email_id: emailId, ...outcome, error: String(error) });
  }
}

export async function listInvoiceEmails(
  db: Db,
  organizationId: string,
  id: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(invoiceEmails.invoiceId, id), eq(invoiceEmails.organizationId, organizationId));
  const [[invoice], rows, [total]] = await db.batch([
    db.select({ id: invoices.id }).from(invoices).where(scoped(organizationId, id)),
    db
      .select()
      .from(invoiceEmails)
      .where(where)
      .orderBy(asc(invoiceEmails.createdAt), asc(invoiceEmails.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(invoiceEmails).where(where),
  ]);
  if (!invoice) throw notFound("Invoice");
  return { rows: rows.map(serializeEmail), total: total?.n ?? 0 };
}

// ---- overdue sweep ----

const SWEEP_CHUNK = 20;
const SWEEP_MAX_PER_RUN = 2000;

/**
 * Persists `overdue` for sent invoices whose due date (UTC) has passed, with an
 * `invoice.overdue` event each, in the same batch. Reads already report overdue before this
 * runs. At most 2,000 per run; the next hour continues. Returns the ids of recorded events.
 */
export async function markOverdueInvoices(db: Db, at: Date = now()): Promise<string[]> {
  const today = utcDate(at);
  const atIso = at.toISOString();
  const eventIds: string[] = [];
  let examined = 0;
  while (examined < SWEEP_MAX_PER_RUN) {
    const due = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.status, "sent"), sql`${invoices.dueDate} < ${today}`))
      .orderBy(asc(invoices.dueDate), asc(invoices.id))
      .limit(SWEEP_CHUNK);
    if (due.length === 0) break;
    examined += due.length;
    const items = await db
      .select()
      .from(invoiceItems)
      .where(
        inArray(
          invoiceItems.invoiceId,
          due.map((row) => row.id),
        ),
      )
      .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position));
    const marks = due.map((row) => {
      const next: Invoice = { ...row, status: "overdue", version: row.version + 1, updatedAt: atIso };
      const recorded = event(
        db,
        row.organizationId,
        "invoice.overdue",
        serializeInvoice(
          next,
          items.filter((item) => item.invoiceId === row.id),
          today,
        ),
        atIso,
      );
      const statements: Statement[] = [
        versionGuard(db, row.id, row.version),
        db
          .update(invoices)
          .set({ status: "overdue", version: next.version, updatedAt: atIso })
          .where(eq(invoices.id, row.id)),
        ...recorded.statements,
      ];
      return { id: recorded.id, statements };
    });
    try {
      await commit(
        db,
        marks.flatMap((mark) => mark.statements),
      );
      eventIds.push(...marks.map((mark) => mark.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // One invoice changed meanwhile (paid, say): mark the others one by one.
      for (const mark of marks) {
        try {
          await commit(db, mark.statements);
          eventIds.push(mark.id);
        } catch (inner) {
          if (!(inner instanceof ApiError)) throw inner;
        }
      }
    }
  }
  return eventIds;
}

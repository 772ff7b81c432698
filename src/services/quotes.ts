// Quotes: priced exactly like invoices (priceInvoiceInput), stored priced, numbered QT-000001
// from the organization's quote sequence, e-mailed like invoices, accepted or declined by the
// customer's word, and converted once into an invoice with the same lines and totals
// (docs/automation.md).
import { and, asc, count, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import { batchableRun, type Db } from "../db/client";
import { batchIfUnchanged, isGuardFailure, isUniqueFailure, versionGuard } from "../db/guards";
import { getOwned } from "../db/owned";
import { anyOrganization, type Settled } from "../db/route";
import type { Customer } from "../db/schema/customers";
import type { Locale, Organization } from "../db/schema/identity";
import { type Quote, type QuoteLine, type QuoteStatus, quoteEmails, quotes } from "../db/schema/quotes";
import { addDays, nowIso, utcDate } from "../lib/clock";
import type { DocumentDiscountBody, QuoteItemInput } from "../lib/document-input";
import { ApiError, conflict, notFound, validationError } from "../lib/errors";
import { prefixedId } from "../lib/ids";
import { type EmailBranding, renderQuoteEmail } from "../render/email";
import { findCustomer } from "./customers";
import { documentLocale } from "./document-locale";
import type { EmailSender } from "./email";
import { deliverQueuedEmail, emailDeliveryFailure, insertQueuedEmail, queueEmail } from "./email/delivery";
import { type EventType, recordEvent } from "./events";
import { type KeepAnswer, noKeptAnswer } from "./idempotency";
import { itemRows, totalsColumns } from "./invoices/pricing";
import { documentDiscountView, documentTotalsView, itemInputOf, lineView } from "./invoices/read";
import { type CreatedInvoice, createInvoice, priceInvoiceInput, storedLines } from "./invoices/write";
import { issuedQuote } from "./issued-document";
import {
  effectiveQuoteStatus,
  QUOTE_TRANSITIONS,
  quoteGuardHolds,
  quoteMay,
  quoteRefusalReason,
  quoteStatesFor,
  quoteStatusWhere,
  statusIn,
} from "./lifecycle";
import { numberTakenInBatch } from "./number-in-batch";
import { billingProfileOf } from "./organization";

/** Days a quote stands when `expires_at` is not given. */
export const DEFAULT_QUOTE_DAYS = 30;

export interface QuoteInput {
  customer_id: string;
  items: QuoteItemInput[];
  currency?: string;
  notes?: string | null;
  discounts?: DocumentDiscountBody[];
  default_tax_rate_id?: string | null;
  expires_at?: string;
  /** null: the customer's language, else the organization's (resolved and stored at send). */
  locale?: Locale | null;
}

export type QuotePatch = Partial<QuoteInput>;

export { effectiveQuoteStatus };

export function serializeQuote(row: Quote, today = utcDate()) {
  return {
    id: row.id,
    number: row.number,
    customer_id: row.customerId,
    status: effectiveQuoteStatus(row, today),
    currency: row.currency,
    notes: row.notes,
    locale: row.locale,
    expires_at: row.expiresAt,
    default_tax_rate_id: row.defaultTaxRateId,
    items: row.lines.map((item) => lineView(item, row.currency)),
    discounts: row.discounts.map((d) => documentDiscountView(d, row.currency)),
    ...documentTotalsView(row),
    invoice_id: row.invoiceId,
    sent_at: row.sentAt,
    accepted_at: row.acceptedAt,
    declined_at: row.declinedAt,
    expired_at: row.expiredAt,
    converted_at: row.convertedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export type QuoteView = ReturnType<typeof serializeQuote>;

const scopedQuote = (organizationId: string, id: string) =>
  and(eq(quotes.id, id), eq(quotes.organizationId, organizationId));

/** Fails the batch (NOT NULL on quotes.id) unless the quote still has the version it was read at. */
const quoteGuard = (db: Db, id: string, version: number, extra?: SQL) =>
  versionGuard(db, quotes, id, version, extra);

function quoteEvent(db: Db, organizationId: string, type: EventType, quote: QuoteView, at: string) {
  return recordEvent(db, { organizationId, type, object: quote, at });
}

export function getQuote(db: Db, organizationId: string, id: string): Promise<Quote> {
  return getOwned(db, quotes, "Quote", organizationId, id);
}

function checkExpiry(expiresAt: string | undefined) {
  if (expiresAt !== undefined && expiresAt < utcDate()) {
    throw validationError({ expires_at: "Must be today or later" });
  }
}

/** Prices the body as POST /v1/invoices would, into the columns a quote stores. */
async function priceQuote(db: Db, organization: Organization, id: string, input: QuoteInput) {
  const priced = await priceInvoiceInput(db, organization, {
    customer_id: input.customer_id,
    items: input.items,
    currency: input.currency,
    discounts: input.discounts,
    default_tax_rate_id: input.default_tax_rate_id,
  });
  const lines: QuoteLine[] = itemRows(organization.id, id, priced.lines, priced.totals).map(
    ({ invoiceId: _invoiceId, ...line }) => line,
  );
  // A quote has no charges, prepaid or split payment amount (invoice fields): those columns are the invoice's.
  const {
    chargeTotalMinor: _charges,
    prepaidMinor: _prepaid,
    splitPaymentMinor: _split,
    ...columns
  } = totalsColumns(priced.totals);
  return {
    customerId: priced.customer.id,
    currency: priced.currency,
    defaultTaxRateId: input.default_tax_rate_id ?? null,
    lines,
    discounts: priced.discounts,
    ...columns,
  };
}

export interface CreatedQuote {
  quote: ReturnType<typeof serializeQuote>;
  eventIds: string[];
}

/**
 * One batch: bump the organization's quote sequence, insert the quote numbered from it (the
 * INSERT reads the bumped value inside the same transaction, so concurrent creates get distinct,
 * consecutive numbers), and `quote.created` with the number filled in. `keep`: the request's
 * Idempotency-Key completes in the same batch (docs/idempotency.md).
 */
export async function createQuote(
  db: Db,
  organization: Organization,
  input: QuoteInput,
  keep: KeepAnswer<CreatedQuote> = noKeptAnswer,
): Promise<CreatedQuote> {
  checkExpiry(input.expires_at);
  const id = prefixedId("quo");
  const at = nowIso();
  const row: Quote = {
    id,
    organizationId: organization.id,
    number: "",
    status: "draft",
    notes: input.notes ?? null,
    locale: input.locale ?? null,
    expiresAt: input.expires_at ?? addDays(utcDate(), DEFAULT_QUOTE_DAYS),
    ...(await priceQuote(db, organization, id, input)),
    sentAt: null,
    acceptedAt: null,
    declinedAt: null,
    expiredAt: null,
    convertedAt: null,
    invoiceId: null,
    version: 0,
    createdAt: at,
    updatedAt: at,
  };
  const recorded = quoteEvent(db, organization.id, "quote.created", serializeQuote(row), at);
  const { number: _number, ...columns } = row;
  // The answer as it will be, its number standing in until the batch takes it.
  const number = numberTakenInBatch(quotes, id);
  const kept = keep(
    db,
    { quote: serializeQuote({ ...row, number: number.placeholder }), eventIds: [recorded.id] },
    number.filled,
  );
  const results = await db.batch([
    batchableRun(
      db,
      sql`UPDATE organizations SET quote_sequence = quote_sequence + 1 WHERE id = ${organization.id}`,
    ),
    db.insert(quotes).values({
      ...columns,
      number: sql`(SELECT printf('QT-%06d', quote_sequence) FROM organizations WHERE id = ${organization.id})`,
    }),
    ...recorded.statements,
    number.fillEvents(db, [recorded.id]),
    ...kept,
    db.select().from(quotes).where(eq(quotes.id, id)),
  ]);
  const [created] = results.at(-1) as Quote[];
  if (!created) throw new Error("quote insert returned no row");
  return { quote: serializeQuote(created), eventIds: [recorded.id] };
}

export async function listQuotes(
  db: Db,
  organizationId: string,
  query: { status?: QuoteStatus; customer_id?: string; limit: number; offset: number },
) {
  const today = utcDate();
  const statusWhere = query.status ? quoteStatusWhere(query.status, today) : undefined;
  const where = and(
    eq(quotes.organizationId, organizationId),
    statusWhere,
    query.customer_id ? eq(quotes.customerId, query.customer_id) : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(quotes)
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(quotes).where(where),
  ]);
  return { data: rows.map((row) => serializeQuote(row, today)), total: total?.n ?? 0 };
}

function notInStatus(row: Quote, status: QuoteStatus, action: string, allowed: string): never {
  throw new ApiError("conflict", `A ${status} quote cannot be ${action}; only ${allowed}`, {
    details: {
      reason: quoteRefusalReason(status),
      status,
      ...(row.invoiceId ? { invoice_id: row.invoiceId } : {}),
    },
  });
}

/** Drafts only: everything may change; lines and discounts are priced again. */
export async function updateQuote(db: Db, organization: Organization, id: string, patch: QuotePatch) {
  const row = await getQuote(db, organization.id, id);
  const status = effectiveQuoteStatus(row);
  if (!quoteMay("edit", status)) notInStatus(row, status, "changed", "a draft can");
  checkExpiry(patch.expires_at);
  let next: Quote = { ...row };
  if (patch.notes !== undefined) next.notes = patch.notes;
  if (patch.locale !== undefined) next.locale = patch.locale;
  if (patch.expires_at !== undefined) next.expiresAt = patch.expires_at;
  const reprice =
    patch.customer_id !== undefined ||
    patch.items !== undefined ||
    patch.currency !== undefined ||
    patch.discounts !== undefined ||
    patch.default_tax_rate_id !== undefined;
  if (reprice) {
    if (patch.currency !== undefined && patch.currency !== row.currency && patch.items === undefined) {
      throw validationError({ items: "Give the items again with a new currency" });
    }
    const priced = patch.items
      ? await priceQuote(db, organization, id, {
          customer_id: patch.customer_id ?? row.customerId,
          items: patch.items,
          currency: patch.currency ?? row.currency,
          discounts: patch.discounts ?? bodiesOf(row),
          default_tax_rate_id:
            patch.default_tax_rate_id !== undefined ? patch.default_tax_rate_id : row.defaultTaxRateId,
        })
      : await priceQuote(db, organization, id, {
          customer_id: patch.customer_id ?? row.customerId,
          items: row.lines.map((line) => itemInputOf(line, row.currency)),
          currency: row.currency,
          discounts: patch.discounts ?? bodiesOf(row),
          default_tax_rate_id:
            patch.default_tax_rate_id !== undefined ? patch.default_tax_rate_id : row.defaultTaxRateId,
        });
    next = { ...next, ...priced };
  }
  const at = nowIso();
  next = { ...next, version: row.version + 1, updatedAt: at };
  const view = serializeQuote(next);
  const recorded = quoteEvent(db, organization.id, "quote.updated", view, at);
  await batchIfUnchanged(db, quotes, row, "Quote", [
    quoteGuard(db, id, row.version),
    db
      .update(quotes)
      .set({ ...next, id: undefined, organizationId: undefined, number: undefined, createdAt: undefined })
      .where(scopedQuote(organization.id, id)),
    ...recorded.statements,
  ]);
  return { quote: view, eventIds: [recorded.id] };
}

function bodiesOf(row: Quote): DocumentDiscountBody[] {
  return row.discounts.map((d) => documentDiscountView(d, row.currency));
}

/** Drafts only. */
export async function deleteQuote(db: Db, organizationId: string, id: string) {
  const row = await getQuote(db, organizationId, id);
  const status = effectiveQuoteStatus(row);
  if (!quoteMay("delete", status)) notInStatus(row, status, "deleted", "a draft can");
  const at = nowIso();
  const recorded = quoteEvent(db, organizationId, "quote.deleted", serializeQuote(row), at);
  await batchIfUnchanged(db, quotes, row, "Quote", [
    quoteGuard(db, id, row.version),
    db.delete(quotes).where(scopedQuote(organizationId, id)),
    ...recorded.statements,
  ]);
  return { eventIds: [recorded.id] };
}

/** A status change of the quote (accept, decline, expire): guarded, with its event. */
async function move(
  db: Db,
  organizationId: string,
  row: Quote,
  changes: Partial<Quote>,
  type: EventType,
  at: string,
) {
  const next: Quote = { ...row, ...changes, version: row.version + 1, updatedAt: at };
  const view = serializeQuote(next);
  const recorded = quoteEvent(db, organizationId, type, view, at);
  await batchIfUnchanged(db, quotes, row, "Quote", [
    quoteGuard(db, row.id, row.version),
    db
      .update(quotes)
      .set({ ...changes, version: next.version, updatedAt: at })
      .where(scopedQuote(organizationId, row.id)),
    ...recorded.statements,
  ]);
  return { quote: view, eventIds: [recorded.id] };
}

/** sent -> accepted (the customer's word, recorded by the seller). Expired: 409 quote_expired. */
export async function acceptQuote(db: Db, organizationId: string, id: string) {
  const row = await getQuote(db, organizationId, id);
  const status = effectiveQuoteStatus(row);
  if (!quoteMay("accept", status)) notInStatus(row, status, "accepted", "a sent one can");
  const at = nowIso();
  return move(
    db,
    organizationId,
    row,
    { status: QUOTE_TRANSITIONS.accept.to, acceptedAt: at },
    "quote.accepted",
    at,
  );
}

/** sent -> declined. */
export async function declineQuote(db: Db, organizationId: string, id: string) {
  const row = await getQuote(db, organizationId, id);
  const status = effectiveQuoteStatus(row);
  if (!quoteMay("decline", status)) notInStatus(row, status, "declined", "a sent one can");
  const at = nowIso();
  return move(
    db,
    organizationId,
    row,
    { status: QUOTE_TRANSITIONS.decline.to, declinedAt: at },
    "quote.declined",
    at,
  );
}

function alreadyConverted(invoiceId: string): ApiError {
  return new ApiError("conflict", "The quote was already converted into an invoice", {
    details: { reason: "quote_converted", invoice_id: invoiceId },
  });
}

export interface ConvertedQuote {
  invoice: CreatedInvoice["invoice"];
  quote: ReturnType<typeof serializeQuote>;
  eventIds: string[];
}

/**
 * accepted (or sent: converting records the acceptance) -> converted: one batch creates the
 * invoice through createInvoice from the quote's stored priced lines and discounts (same lines,
 * same totals) and, in the same batch, moves the quote to converted with `invoice_id`, guarded
 * on the version read and `invoice_id IS NULL` (plus the unique index on quotes.invoice_id):
 * of two concurrent converts one commits; the other rolls back whole and answers 409 with the
 * winner's `details.invoice_id`. `keep`: the request's Idempotency-Key completes in the
 * conversion's batch (docs/idempotency.md).
 */
export async function convertQuote(
  db: Db,
  organization: Organization,
  id: string,
  keep: KeepAnswer<ConvertedQuote> = noKeptAnswer,
): Promise<ConvertedQuote> {
  const row = await getQuote(db, organization.id, id);
  if (row.invoiceId) throw alreadyConverted(row.invoiceId);
  const status = effectiveQuoteStatus(row);
  if (!quoteMay("convert", status)) {
    notInStatus(row, status, "converted", "an accepted or sent one can");
  }
  const at = nowIso();
  const invoiceId = prefixedId("inv");
  const next: Quote = {
    ...row,
    status: QUOTE_TRANSITIONS.convert.to,
    acceptedAt: row.acceptedAt ?? at,
    convertedAt: at,
    invoiceId,
    version: row.version + 1,
    updatedAt: at,
  };
  const view = serializeQuote(next);
  const recorded = quoteEvent(db, organization.id, "quote.converted", view, at);
  try {
    const created = await createInvoice(
      db,
      organization,
      {
        customer_id: row.customerId,
        items: [],
        currency: row.currency,
        notes: row.notes,
        default_tax_rate_id: row.defaultTaxRateId,
      },
      {
        id: invoiceId,
        priced: { lines: storedLines(row.lines, row.currency), discounts: row.discounts },
        statements: [
          quoteGuard(db, id, row.version, sql`invoice_id IS NULL`),
          db
            .update(quotes)
            .set({
              status: next.status,
              acceptedAt: next.acceptedAt,
              convertedAt: at,
              invoiceId,
              version: next.version,
              updatedAt: at,
            })
            .where(scopedQuote(organization.id, id)),
          ...recorded.statements,
        ],
        keep: (db, created, filled) =>
          keep(
            db,
            { invoice: created.invoice, quote: view, eventIds: [...created.eventIds, recorded.id] },
            filled,
          ),
      },
    );
    return { invoice: created.invoice, quote: view, eventIds: [...created.eventIds, recorded.id] };
  } catch (error) {
    if (!isGuardFailure(error, quotes) && !(isUniqueFailure(error) && String(error).includes("quotes"))) {
      throw error;
    }
    const [still] = await db.select().from(quotes).where(eq(quotes.id, id));
    if (!still) throw notFound("Quote");
    if (still.invoiceId) throw alreadyConverted(still.invoiceId);
    throw conflict("concurrent_update", "The quote changed while this request ran; retry");
  }
}

/**
 * draft -> sent, e-mailing the customer (sent again: the e-mail again, no status change). As
 * with invoices, one batch claims the send (guard, status, the queued e-mail row, `quote.sent`),
 * then the transport is called with the row id as idempotency key, then the row is marked.
 * A test organization's e-mails stay in the outbox. No PDF is attached (the renderer is the
 * invoice's; the e-mail lists the lines).
 */
export async function sendQuote(
  db: Db,
  sender: EmailSender,
  organization: Organization,
  id: string,
  branding: EmailBranding,
) {
  const row = await getQuote(db, organization.id, id);
  const status = effectiveQuoteStatus(row);
  const issuing = quoteMay("send", status);
  if (!issuing && !quoteMay("resend", status)) notInStatus(row, status, "sent", "a draft or sent one can");
  if (issuing && !quoteGuardHolds("send", row)) {
    throw validationError({ expires_at: "The quote's expiry day has passed; PATCH expires_at first" });
  }
  const customer = await findCustomer(db, organization.id, row.customerId);
  if (!customer) throw validationError({ customer_id: "No such customer" });
  const email = queueEmail(
    sender,
    organization,
    customer.email,
    await quoteEmail(row, organization, customer, branding),
  );
  const at = nowIso();
  // Sending fixes the language: the customer's later choice never changes a sent quote.
  const locale = documentLocale(row.locale, customer.locale, billingProfileOf(organization).locale);
  const changes: Partial<Quote> = issuing ? { status: QUOTE_TRANSITIONS.send.to, sentAt: at, locale } : {};
  const next: Quote = { ...row, ...changes, version: row.version + 1, updatedAt: at };
  const view = serializeQuote(next);
  const recorded = issuing ? quoteEvent(db, organization.id, "quote.sent", view, at) : null;
  await batchIfUnchanged(db, quotes, row, "Quote", [
    quoteGuard(db, id, row.version),
    db
      .update(quotes)
      .set({ ...changes, version: next.version, updatedAt: at })
      .where(scopedQuote(organization.id, id)),
    insertQueuedEmail(db, quoteEmails, email, { quoteId: id, createdAt: at }),
    ...(recorded?.statements ?? []),
  ]);
  const eventIds = recorded ? [recorded.id] : [];
  try {
    await deliverQueuedEmail(db, quoteEmails, email, { what: "quote", context: { quote_id: id } });
    return { quote: view, eventIds, failure: undefined };
  } catch (error) {
    const failure = emailDeliveryFailure(
      `The quote is ${view.status}, but the e-mail provider did not accept the message; send again to retry`,
      email.id,
      error,
      { quote_status: view.status },
    );
    return { quote: view, eventIds, failure };
  }
}

/** The quote's e-mail, as sending and the preview write it. */
export const quoteEmail = (
  row: Quote,
  organization: Organization,
  customer: Customer | undefined,
  branding: EmailBranding,
) => renderQuoteEmail(issuedQuote(row, organization, customer), branding);

/** GET /v1/quotes/{id}/email-preview: the quote's e-mail as sending it now would write it. */
export async function previewQuoteEmail(
  db: Db,
  sender: Pick<EmailSender, "from">,
  organization: Organization,
  id: string,
  branding: EmailBranding,
) {
  const row = await getQuote(db, organization.id, id);
  const customer = await findCustomer(db, organization.id, row.customerId);
  if (!customer) throw validationError({ customer_id: "No such customer" });
  const rendered = await quoteEmail(row, organization, customer, branding);
  // No file goes with a quote's e-mail: it lists the lines.
  return { ...rendered, from: sender.from, to: customer.email, attachments: [] as string[] };
}

export async function listQuoteEmails(db: Db, organizationId: string, id: string) {
  await getQuote(db, organizationId, id);
  const rows = await db
    .select()
    .from(quoteEmails)
    .where(and(eq(quoteEmails.quoteId, id), eq(quoteEmails.organizationId, organizationId)))
    .orderBy(asc(quoteEmails.createdAt), asc(quoteEmails.id));
  return rows.map((row) => ({
    id: row.id,
    quote_id: row.quoteId,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    transport: row.transport,
    status: row.status,
    created_at: row.createdAt,
  }));
}

/**
 * The expiry sweep: stores `expired` (and `quote.expired`) on sent quotes whose expiry day has
 * passed as of `at` (reads already report them expired). Each quote is its own guarded batch,
 * so a concurrent accept or a second sweep wins or loses cleanly. Returns the events.
 */
export async function expireQuotes(
  db: Db,
  at: Date,
  organizationId?: string,
  settled: Settled = anyOrganization,
) {
  const today = utcDate(at);
  const stamp = at.toISOString();
  const eventIds: string[] = [];
  for (;;) {
    const due = await db
      .select()
      .from(quotes)
      .where(
        and(
          statusIn(quotes.status, quoteStatesFor("expire")),
          lt(quotes.expiresAt, today),
          // One organization (the test clock), or every live one.
          organizationId
            ? eq(quotes.organizationId, organizationId)
            : sql`${quotes.organizationId} NOT IN (SELECT id FROM organizations WHERE test_mode = 1)`,
          // The cron's: none of the organizations a move leaves alone on this database.
          settled(quotes.organizationId),
        ),
      )
      .orderBy(asc(quotes.expiresAt), asc(quotes.id))
      .limit(100);
    let moved = 0;
    for (const row of due) {
      try {
        const result = await move(
          db,
          row.organizationId,
          row,
          { status: QUOTE_TRANSITIONS.expire.to, expiredAt: stamp },
          "quote.expired",
          stamp,
        );
        eventIds.push(...result.eventIds);
        moved++;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    }
    if (due.length < 100 || moved === 0) return eventIds;
  }
}

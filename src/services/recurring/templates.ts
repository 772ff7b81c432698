// Recurring invoices as a resource: create, read, list, edit, pause, resume, cancel. The lines,
// discounts and tax rates are checked exactly as POST /v1/invoices checks them (same pricing);
// the schedule is in ./schedule, the runs in ./sweep.
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, versionGuard } from "../../db/guards";
import { getOwned } from "../../db/owned";
import type { Organization } from "../../db/schema/identity";
import {
  type RecurringInterval,
  type RecurringInvoice,
  type RecurringStatus,
  recurringInvoices,
} from "../../db/schema/recurring";
import { nowIso, utcDate } from "../../lib/clock";
import type { DocumentDiscountBody, ItemInput } from "../../lib/document-input";
import { ApiError, conflict, validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { type EventType, recordEvent } from "../events";
import { priceInvoiceInput } from "../invoices/write";
import { firstRunOnOrAfter, runDate, runWithinEnd } from "./schedule";

export interface RecurringInput {
  customer_id: string;
  items: ItemInput[];
  currency?: string;
  notes?: string | null;
  discounts?: DocumentDiscountBody[];
  default_tax_rate_id?: string | null;
  payment_terms_days?: number | null;
  interval: RecurringInterval;
  interval_count: number;
  start_date: string;
  end_after?: number | null;
  end_date?: string | null;
  auto_send?: boolean;
}

export type RecurringPatch = Partial<RecurringInput>;

/** Fields that define when runs happen: fixed once the first invoice exists (run indexes stay stable). */
const SCHEDULE_FIELDS = ["interval", "interval_count", "start_date"] as const;

export function serializeRecurringInvoice(row: RecurringInvoice) {
  return {
    id: row.id,
    customer_id: row.customerId,
    currency: row.currency,
    notes: row.notes,
    items: row.items,
    discounts: row.discounts,
    default_tax_rate_id: row.defaultTaxRateId,
    payment_terms_days: row.paymentTermsDays,
    interval: row.interval,
    interval_count: row.intervalCount,
    start_date: row.startDate,
    end_after: row.endAfter,
    end_date: row.endDate,
    auto_send: row.autoSend,
    status: row.status,
    pause_reason: row.pauseReason,
    next_run_date: row.status === "active" || row.status === "paused" ? row.nextRunDate : null,
    invoices_created: row.invoicesCreated,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export const scheduleOf = (row: RecurringInvoice) => ({
  interval: row.interval,
  intervalCount: row.intervalCount,
  startDate: row.startDate,
  endAfter: row.endAfter,
  endDate: row.endDate,
});

/** The run `index` next, or `completed` when the schedule has ended before it. */
export function positionAt(row: RecurringInvoice, index: number, created: number) {
  const schedule = scheduleOf(row);
  return runWithinEnd(schedule, index, created)
    ? { nextRunIndex: index, nextRunDate: runDate(schedule, index), ended: false }
    : { nextRunIndex: index, nextRunDate: null, ended: true };
}

/** The same checks as POST /v1/invoices (customer, lines, rates, discounts), with the template's paths. */
async function checkTemplate(db: Db, organization: Organization, row: RecurringInvoice) {
  const errors: Record<string, string> = {};
  if (row.endDate !== null && row.endDate < row.startDate) errors.end_date = "Must not be before start_date";
  if (Object.keys(errors).length > 0) throw validationError(errors);
  await priceInvoiceInput(db, organization, invoiceInputOf(row));
}

/** The POST /v1/invoices body a run prices (service period and due date are added per run). */
export function invoiceInputOf(row: RecurringInvoice) {
  return {
    customer_id: row.customerId,
    items: row.items,
    currency: row.currency,
    notes: row.notes,
    discounts: row.discounts,
    default_tax_rate_id: row.defaultTaxRateId,
  };
}

/**
 * Fails the batch (NOT NULL on recurring_invoices.id) unless the template still has the
 * version it was read at: the compare-and-set every run and edit commits with.
 */
export function recurringVersionGuard(db: Db, id: string, version: number) {
  return versionGuard(db, recurringInvoices, id, version);
}

async function commitChange(db: Db, current: RecurringInvoice, next: RecurringInvoice, type: EventType) {
  const recorded = recordEvent(db, {
    organizationId: next.organizationId,
    type,
    object: serializeRecurringInvoice(next),
    at: next.updatedAt,
  });
  try {
    await db.batch([
      recurringVersionGuard(db, current.id, current.version),
      db
        .update(recurringInvoices)
        .set({ ...next, id: undefined, organizationId: undefined, createdAt: undefined })
        .where(eq(recurringInvoices.id, current.id)),
      ...recorded.statements,
    ]);
  } catch (error) {
    if (isGuardFailure(error, recurringInvoices)) {
      throw conflict("concurrent_update", "The recurring invoice changed while this request ran; retry");
    }
    throw error;
  }
  return { recurring: serializeRecurringInvoice(next), eventIds: [recorded.id] };
}

export async function createRecurringInvoice(db: Db, organization: Organization, input: RecurringInput) {
  const at = nowIso();
  if (input.start_date < utcDate()) {
    throw validationError({ start_date: "Must be today or later (the first billing day)" });
  }
  const row: RecurringInvoice = {
    id: prefixedId("rec"),
    organizationId: organization.id,
    customerId: input.customer_id,
    currency: input.currency ?? organization.defaultCurrency,
    notes: input.notes ?? null,
    items: input.items,
    discounts: input.discounts ?? [],
    defaultTaxRateId: input.default_tax_rate_id ?? null,
    paymentTermsDays: input.payment_terms_days ?? null,
    interval: input.interval,
    intervalCount: input.interval_count,
    startDate: input.start_date,
    endAfter: input.end_after ?? null,
    endDate: input.end_date ?? null,
    autoSend: input.auto_send ?? false,
    status: "active",
    pauseReason: null,
    nextRunIndex: 0,
    nextRunDate: null,
    invoicesCreated: 0,
    version: 0,
    createdAt: at,
    updatedAt: at,
  };
  await checkTemplate(db, organization, row);
  const position = positionAt(row, 0, 0);
  const created: RecurringInvoice = {
    ...row,
    nextRunDate: position.nextRunDate,
    status: position.ended ? "completed" : "active",
  };
  const recorded = recordEvent(db, {
    organizationId: organization.id,
    type: "recurring_invoice.created",
    object: serializeRecurringInvoice(created),
    at,
  });
  await db.batch([db.insert(recurringInvoices).values(created), ...recorded.statements]);
  return { recurring: serializeRecurringInvoice(created), eventIds: [recorded.id] };
}

export function getRecurringInvoice(db: Db, organizationId: string, id: string) {
  return getOwned(db, recurringInvoices, "Recurring invoice", organizationId, id);
}

export async function listRecurringInvoices(
  db: Db,
  organizationId: string,
  query: { status?: RecurringStatus; customer_id?: string; limit: number; offset: number },
) {
  const where = and(
    eq(recurringInvoices.organizationId, organizationId),
    query.status ? eq(recurringInvoices.status, query.status) : undefined,
    query.customer_id ? eq(recurringInvoices.customerId, query.customer_id) : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(recurringInvoices)
      .where(where)
      .orderBy(desc(recurringInvoices.createdAt), desc(recurringInvoices.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(recurringInvoices).where(where),
  ]);
  return { data: rows.map(serializeRecurringInvoice), total: total?.n ?? 0 };
}

function assertOpen(row: RecurringInvoice, action: string) {
  if (row.status === "cancelled" || row.status === "completed") {
    throw new ApiError("conflict", `A ${row.status} recurring invoice cannot be ${action}`, {
      details: { reason: `recurring_invoice_${row.status}`, status: row.status },
    });
  }
}

/**
 * Everything may change while no invoice exists; after the first run the schedule (interval,
 * interval_count, start_date) is fixed, since run indexes key the exactly-once guarantee.
 * Content changes apply to the next run; the end (end_after, end_date) may move either way.
 */
export async function updateRecurringInvoice(
  db: Db,
  organization: Organization,
  id: string,
  patch: RecurringPatch,
) {
  const current = await getRecurringInvoice(db, organization.id, id);
  assertOpen(current, "changed");
  const scheduleChanges = SCHEDULE_FIELDS.filter(
    (field) => patch[field] !== undefined && current.invoicesCreated > 0,
  );
  if (scheduleChanges.length > 0) {
    throw new ApiError("conflict", "The schedule is fixed once the first invoice was created", {
      details: { reason: "schedule_locked", fields: scheduleChanges },
    });
  }
  if (patch.start_date !== undefined && patch.start_date < utcDate()) {
    throw validationError({ start_date: "Must be today or later (the first billing day)" });
  }
  const at = nowIso();
  const edited: RecurringInvoice = {
    ...current,
    customerId: patch.customer_id ?? current.customerId,
    items: patch.items ?? current.items,
    currency: patch.currency ?? current.currency,
    notes: patch.notes !== undefined ? patch.notes : current.notes,
    discounts: patch.discounts ?? current.discounts,
    defaultTaxRateId:
      patch.default_tax_rate_id !== undefined ? patch.default_tax_rate_id : current.defaultTaxRateId,
    paymentTermsDays:
      patch.payment_terms_days !== undefined ? patch.payment_terms_days : current.paymentTermsDays,
    interval: patch.interval ?? current.interval,
    intervalCount: patch.interval_count ?? current.intervalCount,
    startDate: patch.start_date ?? current.startDate,
    endAfter: patch.end_after !== undefined ? patch.end_after : current.endAfter,
    endDate: patch.end_date !== undefined ? patch.end_date : current.endDate,
    autoSend: patch.auto_send ?? current.autoSend,
    version: current.version + 1,
    updatedAt: at,
  };
  await checkTemplate(db, organization, edited);
  const position = positionAt(edited, edited.nextRunIndex, edited.invoicesCreated);
  const next: RecurringInvoice = {
    ...edited,
    nextRunDate: position.nextRunDate,
    status: position.ended ? "completed" : edited.status,
  };
  return commitChange(db, current, next, "recurring_invoice.updated");
}

export async function pauseRecurringInvoice(db: Db, organizationId: string, id: string) {
  const current = await getRecurringInvoice(db, organizationId, id);
  assertOpen(current, "paused");
  if (current.status === "paused") throw conflict("recurring_invoice_paused", "Already paused");
  const next = { ...current, status: "paused" as const, version: current.version + 1, updatedAt: nowIso() };
  return commitChange(db, current, next, "recurring_invoice.paused");
}

/**
 * paused -> active. Periods whose billing day passed while paused are skipped, not billed late:
 * the next run is the first whose billing day is today or later.
 */
export async function resumeRecurringInvoice(db: Db, organizationId: string, id: string) {
  const current = await getRecurringInvoice(db, organizationId, id);
  assertOpen(current, "resumed");
  if (current.status === "active")
    throw conflict("recurring_invoice_active", "The recurring invoice is active");
  const index = firstRunOnOrAfter(scheduleOf(current), current.nextRunIndex, utcDate());
  const position = positionAt(current, index, current.invoicesCreated);
  const next: RecurringInvoice = {
    ...current,
    status: position.ended ? "completed" : "active",
    pauseReason: null,
    nextRunIndex: index,
    nextRunDate: position.nextRunDate,
    version: current.version + 1,
    updatedAt: nowIso(),
  };
  return commitChange(db, current, next, "recurring_invoice.resumed");
}

export async function cancelRecurringInvoice(db: Db, organizationId: string, id: string) {
  const current = await getRecurringInvoice(db, organizationId, id);
  assertOpen(current, "cancelled");
  const next = {
    ...current,
    status: "cancelled" as const,
    version: current.version + 1,
    updatedAt: nowIso(),
  };
  return commitChange(db, current, next, "recurring_invoice.cancelled");
}

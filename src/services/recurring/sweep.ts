// The recurring sweep: creates every due invoice exactly once, oldest billing day first.
//
// Exactly once: run k of a template commits in ONE D1 batch with (a) the invoice, numbered from
// the organization's sequence and carrying (recurring_invoice_id, recurring_run_index = k),
// unique in invoices, and (b) the template's compare-and-set: the version it was read at, then
// next_run_index = k+1, invoices_created + 1, next_run_date. A second sweep that read the same
// state fails one or the other and the whole batch rolls back: no invoice, no number, no event.
// A crash commits either all of a run or none of it; the next sweep retries what is still due.

import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { masterKeySet } from "../../crypto/document-keys";
import type { Db } from "../../db/client";
import { isGuardFailure, isUniqueFailure } from "../../db/guards";
import {
  anyOrganization,
  bindingOf,
  type DatabaseEnv,
  dbFor,
  dbOn,
  type Settled,
  shardVisit,
  tenantDatabases,
  VisitOutlived,
} from "../../db/route";
import { type Customer, customers } from "../../db/schema/customers";
import { type Organization, organizations } from "../../db/schema/identity";
import { invoices } from "../../db/schema/invoices";
import { products } from "../../db/schema/products";
import { type RecurringInvoice, recurringInvoices } from "../../db/schema/recurring";
import { taxRates } from "../../db/schema/tax-rates";
import type { Bindings } from "../../env";
import { addDays, utcDate } from "../../lib/clock";
import { ApiError } from "../../lib/errors";
import { logError, logInfo, logWarn } from "../../lib/log";
import { emailSenderFor } from "../email";
import { recordEvent } from "../events";
import type { HostedLinks } from "../invoices/hosted";
import type { Catalog } from "../invoices/pricing";
import { sendInvoice } from "../invoices/send";
import { createInvoice } from "../invoices/write";
import { invoiceStatesFor, sqlStatusIn } from "../lifecycle";
import { deliverEvents } from "../webhooks/delivery";
import { servicePeriod } from "./schedule";
import {
  invoiceInputOf,
  positionAt,
  recurringVersionGuard,
  scheduleOf,
  serializeRecurringInvoice,
} from "./templates";

/** Templates read per page; each page's customers, products and rates are read in one batch. */
const PAGE = 50;
/** Runs one sweep creates at most; the next sweep continues (the hourly cron, or the next day). */
const MAX_RUNS_PER_SWEEP = 20_000;
const EVENT_CHUNK = 40;

export interface SweepScope {
  /** One organization (the test clock), or every live one (the cron). */
  organizationId?: string;
  links: HostedLinks;
}

export interface SweepResult {
  created: number;
  sent: number;
  paused: number;
  /** D1 round trips the sweep made (queries and batches), for the benchmark. */
  queries: number;
}

/** Counts the round trips made through a D1 binding: every batch, and every statement run alone. */
/** The databases of `env`, each binding wrapped by countingD1. */
function countingEnv(env: Bindings, counter: { n: number }): DatabaseEnv {
  const names = new Set(["DB", ...tenantDatabases(env)]);
  const wrapped = Object.fromEntries(
    [...names].map((name) => [name, countingD1(bindingOf(env, name), counter)]),
  );
  return { ...wrapped, DB: wrapped.DB as D1Database, TENANT_DATABASES: env.TENANT_DATABASES };
}

function countingD1(d1: D1Database, counter: { n: number }): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => wrap(value.apply(target, args));
        if (key === "all" || key === "run" || key === "first" || key === "raw") {
          return (...args: unknown[]) => {
            counter.n++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, key) {
      if (key === "prepare") return (query: string) => wrap(target.prepare(query));
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.n++;
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function dueTemplates(db: Db, today: string, scope: SweepScope, settled: Settled) {
  return db
    .select()
    .from(recurringInvoices)
    .where(
      and(
        scope.organizationId ? eq(recurringInvoices.organizationId, scope.organizationId) : undefined,
        eq(recurringInvoices.status, "active"),
        lte(recurringInvoices.nextRunDate, today),
        // Test organizations run on their own clock, through POST /v1/test-clock/advance only.
        scope.organizationId
          ? undefined
          : sql`${recurringInvoices.organizationId} NOT IN (SELECT id FROM organizations WHERE test_mode = 1)`,
        // None of the organizations a move leaves alone on this database (ShardVisit).
        settled(recurringInvoices.organizationId),
      ),
    )
    .orderBy(asc(recurringInvoices.nextRunDate), asc(recurringInvoices.id))
    .limit(PAGE);
}

/** One batch: the page's organizations, customers, and every product and tax rate its lines name. */
async function loadPageContext(db: Db, page: RecurringInvoice[]) {
  const ids = (values: Iterable<string>) => JSON.stringify([...new Set(values)]);
  const productIds = page.flatMap((row) =>
    row.items.flatMap((item) => (item.product_id ? [item.product_id] : [])),
  );
  const rateIds = page.flatMap((row) => [
    ...row.items.flatMap((item) => (item.tax_rate_id ? [item.tax_rate_id] : [])),
    ...(row.defaultTaxRateId ? [row.defaultTaxRateId] : []),
  ]);
  const [orgRows, customerRows, productRows, rateRows] = await db.batch([
    db
      .select()
      .from(organizations)
      .where(inArray(organizations.id, [...new Set(page.map((row) => row.organizationId))])),
    db
      .select()
      .from(customers)
      .where(sql`${customers.id} IN (SELECT value FROM json_each(${ids(page.map((r) => r.customerId))}))`),
    db
      .select()
      .from(products)
      .where(sql`${products.id} IN (SELECT value FROM json_each(${ids(productIds)}))`),
    db
      .select()
      .from(taxRates)
      .where(sql`${taxRates.id} IN (SELECT value FROM json_each(${ids(rateIds)}))`),
  ]);
  const orgs = new Map(orgRows.map((org) => [org.id, org]));
  const customerById = new Map(customerRows.map((customer) => [customer.id, customer]));
  const catalogs = new Map<string, Catalog>();
  const catalogOf = (organizationId: string): Catalog => {
    let catalog = catalogs.get(organizationId);
    if (!catalog) {
      catalog = {
        products: new Map(
          productRows.filter((p) => p.organizationId === organizationId).map((p) => [p.id, p]),
        ),
        rates: new Map(rateRows.filter((r) => r.organizationId === organizationId).map((r) => [r.id, r])),
      };
      catalogs.set(organizationId, catalog);
    }
    return catalog;
  };
  const customerOf = (row: RecurringInvoice): Customer | null => {
    const customer = customerById.get(row.customerId);
    return customer && customer.organizationId === row.organizationId ? customer : null;
  };
  return { orgs, catalogOf, customerOf };
}

/** The template after run `index`: the next run, or completed when the schedule has ended. */
function advanced(row: RecurringInvoice, at: string): RecurringInvoice {
  const created = row.invoicesCreated + 1;
  const position = positionAt(row, row.nextRunIndex + 1, created);
  return {
    ...row,
    nextRunIndex: position.nextRunIndex,
    nextRunDate: position.nextRunDate,
    invoicesCreated: created,
    status: position.ended ? "completed" : "active",
    version: row.version + 1,
    updatedAt: at,
  };
}

type RunOutcome =
  | { kind: "created"; invoiceId: string; eventIds: string[]; next: RecurringInvoice }
  | { kind: "taken" }
  | { kind: "paused"; eventIds: string[] };

/** Creates run `row.nextRunIndex`'s invoice, with the template's compare-and-set, in one batch. */
async function runOnce(
  db: Db,
  row: RecurringInvoice,
  organization: Organization,
  context: Awaited<ReturnType<typeof loadPageContext>>,
  at: string,
): Promise<RunOutcome> {
  const index = row.nextRunIndex;
  const period = servicePeriod(scheduleOf(row), index);
  const next = advanced(row, at);
  const customer = context.customerOf(row);
  try {
    if (!customer)
      throw new ApiError("validation_error", "No such customer", {
        details: { customer_id: "customer_deleted" },
      });
    const { invoice, eventIds } = await createInvoice(
      db,
      organization,
      {
        ...invoiceInputOf(row),
        service_period: period,
        ...(row.paymentTermsDays !== null ? { due_date: addDays(utcDate(), row.paymentTermsDays) } : {}),
      },
      {
        customer,
        catalog: context.catalogOf(row.organizationId),
        recurring: { id: row.id, runIndex: index },
        statements: [
          recurringVersionGuard(db, row.id, row.version),
          db
            .update(recurringInvoices)
            .set({
              nextRunIndex: next.nextRunIndex,
              nextRunDate: next.nextRunDate,
              invoicesCreated: next.invoicesCreated,
              status: next.status,
              version: next.version,
              updatedAt: at,
            })
            .where(eq(recurringInvoices.id, row.id)),
        ],
      },
    );
    return { kind: "created", invoiceId: invoice.id, eventIds, next };
  } catch (error) {
    // Another sweep committed this run first (or changed the template): nothing of ours happened.
    if (isUniqueFailure(error) || isGuardFailure(error, recurringInvoices)) return { kind: "taken" };
    // Any client-side refusal (422 invalid template, 409 number_taken after a prefix change, ...)
    // pauses this template with the reason; only a server fault propagates.
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    // The template no longer makes a valid invoice (customer deleted, a rate archived, the
    // customer became tax exempt): paused with the reason, so it neither blocks nor retries
    // every hour; PATCH and resume it.
    const reason =
      `Run ${index} (${period.start}) skipped: ${JSON.stringify(error.details ?? error.message)}`.slice(
        0,
        500,
      );
    logWarn("recurring invoice skipped", { recurring_invoice_id: row.id, run_index: index, reason });
    const paused: RecurringInvoice = {
      ...row,
      status: "paused",
      pauseReason: reason,
      version: row.version + 1,
      updatedAt: at,
    };
    const recorded = recordEvent(db, {
      organizationId: row.organizationId,
      type: "recurring_invoice.paused",
      object: serializeRecurringInvoice(paused),
      at,
    });
    try {
      await db.batch([
        recurringVersionGuard(db, row.id, row.version),
        db
          .update(recurringInvoices)
          .set({ status: "paused", pauseReason: reason, version: paused.version, updatedAt: at })
          .where(eq(recurringInvoices.id, row.id)),
        ...recorded.statements,
      ]);
    } catch (inner) {
      if (isGuardFailure(inner, recurringInvoices)) return { kind: "taken" };
      throw inner;
    }
    return { kind: "paused", eventIds: [recorded.id] };
  }
}

/** Sends generated drafts of auto-send templates: the invoices just created, and any a crash left behind. */
async function sendGenerated(
  db: Db,
  env: Bindings,
  links: HostedLinks,
  pending: Array<{ id: string; organization: Organization }>,
) {
  const eventIds: string[] = [];
  let sent = 0;
  const sender = emailSenderFor(env);
  for (const { id, organization } of pending) {
    try {
      const archive = { db, bucket: env.DOCUMENTS, keys: masterKeySet(env), organization };
      const result = await sendInvoice(db, sender, organization, id, links, archive, { env });
      eventIds.push(...result.eventIds);
      sent++;
      if (result.failure) logWarn("recurring invoice e-mail failed", { invoice_id: id });
    } catch (error) {
      // Sent meanwhile (409) or no longer sendable: logged; the invoice stays as it is.
      logWarn("recurring invoice not sent", { invoice_id: id, error: String(error) });
    }
  }
  return { eventIds, sent };
}

/** Drafts that auto-send templates generated but a crash kept from being sent. */
async function unsentDrafts(db: Db, scope: SweepScope, settled: Settled) {
  return db
    .select({ id: invoices.id, organizationId: invoices.organizationId })
    .from(invoices)
    .innerJoin(recurringInvoices, eq(recurringInvoices.id, invoices.recurringInvoiceId))
    .where(
      and(
        sql`${sqlStatusIn(invoices.status, invoiceStatesFor("send"))} AND ${invoices.recurringInvoiceId} IS NOT NULL`,
        eq(recurringInvoices.autoSend, true),
        // Test organizations' drafts are sent on their test clock only.
        scope.organizationId
          ? eq(invoices.organizationId, scope.organizationId)
          : sql`${invoices.organizationId} NOT IN (SELECT id FROM organizations WHERE test_mode = 1)`,
        settled(invoices.organizationId),
      ),
    )
    .orderBy(invoices.createdAt, invoices.id)
    .limit(100);
}

/**
 * Creates every invoice due on or before today (the clock's, so the test clock's inside
 * withClock), in pages of templates. Round trips: one query per page, one batch per page for
 * its context, one batch per generated invoice (plus the send's own round trips when
 * auto_send), one batch per template paused.
 */
export async function sweepRecurringInvoices(
  env: Bindings,
  at: Date,
  scope: SweepScope,
): Promise<SweepResult> {
  const counter = { n: 0 };
  // Every round trip is counted (for the benchmark): the handles wrap a counting binding.
  const counted = countingEnv(env, counter);
  // One organization's database, or every database, each with what the sweep may touch there
  // (read from the directory as its turn comes).
  const scoped = scope.organizationId ? await dbFor(counted, scope.organizationId) : null;
  const shards = scoped ? [null] : tenantDatabases(counted);
  const today = utcDate(at);
  const atIso = at.toISOString();
  const eventIds: string[] = [];
  let created = 0;
  let paused = 0;
  let sent = 0;
  let runs = 0;
  // Templates whose run failed with a server fault in this sweep: skipped until the next one.
  const failed = new Set<string>();
  // Each database gets an equal share of the runs left, and one that fails does not stop the
  // others (the sweep fails after them, naming it).
  let left = shards.length;
  const failedDatabases: number[] = [];
  for (const [index, name] of shards.entries()) {
    const limit = runs + Math.ceil((MAX_RUNS_PER_SWEEP - runs) / left--);
    try {
      const db = name === null ? (scoped as Db) : dbOn(counted, name);
      const settled = name === null ? anyOrganization : (await shardVisit(counted, name)).settled;
      const toSend: Array<{ id: string; organization: Organization }> = [];
      while (runs < limit) {
        const page = await dueTemplates(db, today, scope, settled);
        if (page.length === 0) break;
        const context = await loadPageContext(db, page);
        let progressed = false;
        for (const first of page) {
          if (failed.has(first.id)) continue;
          const organization = context.orgs.get(first.organizationId);
          if (!organization) continue;
          // Catch-up: every missed run of the template, in order, one invoice each.
          let row: RecurringInvoice | null = first;
          while (
            row &&
            row.status === "active" &&
            row.nextRunDate !== null &&
            row.nextRunDate <= today &&
            runs < limit
          ) {
            runs++;
            let outcome: Awaited<ReturnType<typeof runOnce>>;
            try {
              outcome = await runOnce(db, row, organization, context, atIso);
            } catch (error) {
              // One template's fault must not stop every other organization's billing: logged,
              // retried next sweep.
              logError("recurring invoice run failed", {
                recurring_invoice_id: row.id,
                error: String(error),
              });
              failed.add(row.id);
              break;
            }
            progressed = true;
            if (outcome.kind === "created") {
              created++;
              eventIds.push(...outcome.eventIds);
              if (row.autoSend) toSend.push({ id: outcome.invoiceId, organization });
              row = outcome.next;
            } else {
              if (outcome.kind === "paused") {
                paused++;
                eventIds.push(...outcome.eventIds);
              }
              row = null;
            }
          }
        }
        if (!progressed) break;
      }
      const leftovers = await unsentDrafts(db, scope, settled);
      const known = new Set(toSend.map((entry) => entry.id));
      if (leftovers.some((row) => !known.has(row.id))) {
        const orgRows = await db
          .select()
          .from(organizations)
          .where(inArray(organizations.id, [...new Set(leftovers.map((row) => row.organizationId))]));
        const orgs = new Map(orgRows.map((org) => [org.id, org]));
        for (const row of leftovers) {
          const organization = orgs.get(row.organizationId);
          if (!known.has(row.id) && organization) toSend.push({ id: row.id, organization });
        }
      }
      const sending = await sendGenerated(db, env, scope.links, toSend);
      eventIds.push(...sending.eventIds);
      sent += sending.sent;
    } catch (error) {
      if (error instanceof VisitOutlived) {
        logInfo("sweep visit stopped; the next run goes on", {
          sweep: "recurring-invoices",
          database: index,
        });
        continue;
      }
      failedDatabases.push(index);
      logError("sweep failed on a database", {
        sweep: "recurring-invoices",
        database: index,
        error: String(error),
      });
    }
  }
  // First delivery attempts, in chunks (an IN list per chunk stays under D1's 100 parameters);
  // whatever fails stays pending for the webhook retry cron.
  for (let i = 0; i < eventIds.length; i += EVENT_CHUNK) {
    const chunk = eventIds.slice(i, i + EVENT_CHUNK);
    await deliverEvents(env, chunk).catch((error: unknown) =>
      logWarn("webhook first attempt failed", { event_ids: chunk.length, error: String(error) }),
    );
  }
  if (failedDatabases.length > 0)
    throw new Error(`recurring-invoices failed on databases ${failedDatabases.join(", ")}`);
  const result = { created, sent, paused, queries: counter.n };
  if (created + paused + sent > 0)
    logInfo("recurring sweep", { ...result, organization_id: scope.organizationId ?? null });
  return result;
}

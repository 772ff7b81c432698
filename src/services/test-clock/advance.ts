// Advancing a test organization's clock. The advance is claimed on the organization's row by a
// compare-and-set (`ready` -> `advancing` with its target) before any sweep runs, so a second
// advance is refused before it does anything; then it jumps from event to event (the next day a
// sweep has work, next-event.ts) running the sweeps at each, in chunks of bounded work: the
// request runs the first chunk, the TestClockAdvancer Durable Object the rest.
import { and, eq, sql } from "drizzle-orm";
import { dbFor, dbForKnown } from "../../db/route";
import { type Organization, organizations } from "../../db/schema/identity";
import type { Bindings } from "../../env";
import { withClock } from "../../lib/clock";
import { conflict, validationError } from "../../lib/errors";
import { DateOrTimestampSchema, instantOf } from "../../lib/schemas";
import type { HostedLinks } from "../invoices/hosted";
import { markOverdueInvoices } from "../invoices/overdue";
import { sweepReminders } from "../invoices/reminders";
import { expireQuotes } from "../quotes";
import { sweepRecurringInvoices } from "../recurring/sweep";
import { deliverEvents } from "../webhooks/delivery";
import { assertTestMode, testClockNow } from "./clock";
import { nextEventDay, nextEvents, type SweepName } from "./next-event";

/** At most this many simulated days per advance. */
export const MAX_ADVANCE_DAYS = 731;
const DAY_MS = 86_400_000;

/**
 * The work one chunk does (the request's, then each background one's): a step (every sweep at one
 * instant) costs 1, and each thing a sweep did (invoice created, marked overdue, quote expired,
 * reminder sent) 1 more. A count, not a time, so the same advance always splits the same way.
 */
export const ADVANCE_WORK_CAP = 150;
let workCapOverride: number | undefined;

/** Tests only: a smaller cap, so an advance goes to the background quickly; no argument restores it. */
export function setAdvanceWorkCapForTests(cap?: number): void {
  workCapOverride = cap;
}

export interface SweepRun {
  date: string;
  sweep: string;
  count: number;
}

export type AdvanceProgress = {
  now: string;
  /** The sweeps this chunk ran, per step (every sweep, also those that found nothing). */
  ran: SweepRun[];
} & ({ status: "ready"; target: null } | { status: "advancing"; target: string });

const startOfDay = (at: Date) => Math.floor(at.getTime() / DAY_MS) * DAY_MS;

/**
 * The next instant the sweeps run at, after `current` and at most `target`: the start of the
 * next event's day (never before the next day's start: what is due now ran at `current`), else
 * `target` itself. The day-by-day walk ran the sweeps at every day's start and at `target`; the
 * days skipped are those on which every sweep found nothing.
 */
function nextStep(current: Date, target: Date, eventDay: string | null): Date {
  const nextDay = startOfDay(current) + DAY_MS;
  const event = eventDay === null ? Number.POSITIVE_INFINITY : Date.parse(`${eventDay}T00:00:00.000Z`);
  const at = Math.max(event, nextDay);
  return at < target.getTime() ? new Date(at) : target;
}

type Sweep = (env: Bindings, at: Date, org: Organization, links: HostedLinks) => Promise<number>;

/** The sweeps that work per organization, in the order the cron runs them. */
const SWEEPS: Array<[name: SweepName, sweep: Sweep]> = [
  [
    "overdue-invoices",
    async (env, at, org) => {
      const eventIds = await markOverdueInvoices(await dbFor(env, org.id), at, org.id);
      if (eventIds.length > 0) await deliverEvents(env, eventIds).catch(() => {});
      return eventIds.length;
    },
  ],
  [
    "recurring-invoices",
    async (env, at, org, links) =>
      (await sweepRecurringInvoices(env, at, { organizationId: org.id, links })).created,
  ],
  [
    "quote-expiry",
    async (env, at, org) => {
      const eventIds = await expireQuotes(await dbFor(env, org.id), at, org.id);
      if (eventIds.length > 0) await deliverEvents(env, eventIds).catch(() => {});
      return eventIds.length;
    },
  ],
  [
    "payment-reminders",
    async (env, at, org, links) => (await sweepReminders(env, at, { organizationId: org.id, links })).sent,
  ],
];

/**
 * Validates `to` and claims the clock for the advance: one compare-and-set moves the row from
 * `ready` at the `now` the request read to `advancing` toward `to`. A clock already advancing, or
 * moved meanwhile, answers 409 `concurrent_update` and nothing has run.
 */
export async function claimTestClockAdvance(env: Bindings, org: Organization, to: string): Promise<void> {
  assertTestMode(org);
  const from = new Date(testClockNow(org));
  // Date.parse guesses at what is not ISO 8601 (2026-02-30 is 2 March, "March 1" a date): only
  // a real calendar date or a timestamp with offset is read.
  if (!DateOrTimestampSchema.safeParse(to).success) {
    throw validationError({
      to: "Must be a calendar date (YYYY-MM-DD) or an ISO 8601 timestamp with offset",
    });
  }
  const target = new Date(instantOf(to));
  if (target < from) {
    throw validationError({ to: `The clock never goes back: must be at or after ${from.toISOString()}` });
  }
  if (target.getTime() - from.getTime() > MAX_ADVANCE_DAYS * DAY_MS) {
    throw validationError({ to: `At most ${MAX_ADVANCE_DAYS} days per advance` });
  }
  const claimed = await (await dbFor(env, org.id))
    .update(organizations)
    .set({ testClockStatus: "advancing", testClockTarget: target.toISOString() })
    .where(
      and(
        eq(organizations.id, org.id),
        eq(organizations.testClockStatus, "ready"),
        clockReads(testClockNow(org)),
      ),
    )
    .returning({ id: organizations.id });
  if (claimed.length === 0) {
    throw conflict("concurrent_update", "The test clock is being advanced by another request");
  }
}

/** The row's clock reads `at` (its creation, while it was never advanced). */
const clockReads = (at: string) =>
  sql`coalesce(${organizations.testClockNow}, ${organizations.createdAt}) = ${at}`;

async function loadClock(env: Bindings, organizationId: string) {
  const [org] = await (await dbFor(env, organizationId))
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}

/**
 * Runs one chunk of the organization's advance: steps from event to event until the target, or
 * until the chunk's work reaches `cap` (the rest is for the next chunk). Each step's time is
 * stored after its sweeps (compare-and-set on the previous value, while advancing), so a chunk
 * that dies keeps the steps done and the next chunk continues from there. A clock not advancing
 * answers its state and runs nothing.
 */
export async function advanceTestClockChunk(
  env: Bindings,
  organizationId: string,
  links: HostedLinks,
  cap = workCapOverride ?? ADVANCE_WORK_CAP,
): Promise<AdvanceProgress> {
  const org = await loadClock(env, organizationId);
  if (!org) throw new Error(`No organization ${organizationId}`);
  const ran: SweepRun[] = [];
  let previous = testClockNow(org);
  if (org.testClockStatus !== "advancing" || org.testClockTarget === null) {
    return { now: previous, status: "ready", target: null, ran };
  }
  const db = await dbFor(env, organizationId);
  const target = new Date(org.testClockTarget);
  let current = new Date(previous);
  let work = 0;
  while (current < target && work < cap) {
    const events = await nextEvents(db, organizationId);
    const step = nextStep(current, target, nextEventDay(events));
    const date = step.toISOString().slice(0, 10);
    await withClock(
      () => step,
      async () => {
        let billed = false;
        for (const [name, sweep] of SWEEPS) {
          // A sweep with nothing due today would find nothing: its entry says so without the
          // call. Invoices the recurring sweep just sent may have a reminder due the same day.
          const due = events[name] !== null && events[name] <= date;
          const called: boolean = due || (name === "payment-reminders" && billed);
          const count = called ? await sweep(env, step, org, links) : 0;
          if (name === "recurring-invoices") billed = called;
          ran.push({ date, sweep: name, count });
          work += count;
        }
      },
    );
    work++;
    const next = step.toISOString();
    const moved = await db
      .update(organizations)
      .set({ testClockNow: next })
      .where(
        and(
          eq(organizations.id, organizationId),
          eq(organizations.testClockStatus, "advancing"),
          clockReads(previous),
        ),
      )
      .returning({ id: organizations.id });
    // Only the advance that claimed the clock moves it; another writer means this chunk is stale.
    if (moved.length === 0) {
      return progressOf((await loadClock(env, organizationId)) ?? org, ran);
    }
    previous = next;
    current = step;
  }
  if (current < target) return { now: previous, status: "advancing", target: target.toISOString(), ran };
  await finishAdvance(env, organizationId, previous);
  return { now: previous, status: "ready", target: null, ran };
}

function progressOf(org: Organization, ran: SweepRun[]): AdvanceProgress {
  return org.testClockStatus === "advancing" && org.testClockTarget !== null
    ? { now: testClockNow(org), status: "advancing", target: org.testClockTarget, ran }
    : { now: testClockNow(org), status: "ready", target: null, ran };
}

/** The advance reached its target: the clock is ready again. */
async function finishAdvance(env: Bindings, organizationId: string, at: string) {
  await (await dbFor(env, organizationId))
    .update(organizations)
    .set({ testClockNow: at, testClockStatus: "ready", testClockTarget: null })
    .where(and(eq(organizations.id, organizationId), eq(organizations.testClockStatus, "advancing")));
}

/**
 * Gives up an advance (its chunks keep failing): the clock stays where its last step left it,
 * ready for a new advance.
 */
export async function abandonTestClockAdvance(env: Bindings, organizationId: string): Promise<void> {
  // An organization the directory does not know has no clock left to release.
  const db = await dbForKnown(env, organizationId);
  if (!db) return;
  await db
    .update(organizations)
    .set({ testClockStatus: "ready", testClockTarget: null })
    .where(eq(organizations.id, organizationId));
}

// Test organizations' clocks. A test organization (admin bootstrap, `test_mode: true`) has a
// frozen "now" that moves only through POST /v1/test-clock/advance, which runs the
// per-organization sweeps day by day up to the new time. Requests of a test organization run
// inside `withClock(clockOf(org))`, so every `now()` they reach reads its time.
import { and, eq } from "drizzle-orm";
import { dbFor } from "../db/route";
import { type Organization, organizations } from "../db/schema/identity";
import type { Bindings } from "../env";
import { withClock } from "../lib/clock";
import { ApiError, conflict, validationError } from "../lib/errors";
import type { HostedLinks } from "./invoices/hosted";
import { markOverdueInvoices } from "./invoices/overdue";
import { sweepReminders } from "./invoices/reminders";
import { expireQuotes } from "./quotes";
import { sweepRecurringInvoices } from "./recurring/sweep";
import { deliverEvents } from "./webhooks/delivery";

/** At most this many simulated days per advance (a request must fit the Worker's limits). */
export const MAX_ADVANCE_DAYS = 731;
const DAY_MS = 86_400_000;

/** The organization's clock: its frozen test time, or undefined for a live organization (real time). */
export function clockOf(org: Pick<Organization, "testMode" | "testClockNow" | "createdAt">) {
  if (!org.testMode) return undefined;
  const at = new Date(org.testClockNow ?? org.createdAt);
  return () => at;
}

export function assertTestMode(org: Organization) {
  if (!org.testMode) {
    throw new ApiError("access_denied", "Only test organizations have a test clock", {
      details: { reason: "test_mode_required" },
    });
  }
}

export function testClockNow(org: Organization): string {
  assertTestMode(org);
  return org.testClockNow ?? org.createdAt;
}

/** `2027-01-31` (that day's start, UTC) or an ISO timestamp. */
function parseTarget(to: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(`${to}T00:00:00.000Z`) : new Date(to);
}

/** Each day's start (UTC) after `from` up to `to`, then `to` itself: the instants sweeps run at. */
function stepsBetween(from: Date, to: Date): Date[] {
  const steps: Date[] = [];
  let day = Math.floor(from.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  for (; day <= to.getTime(); day += DAY_MS) steps.push(new Date(day));
  if (to.getTime() > from.getTime() && steps.at(-1)?.getTime() !== to.getTime()) steps.push(to);
  return steps;
}

type Sweep = (env: Bindings, at: Date, org: Organization, links: HostedLinks) => Promise<number>;

/** The sweeps that work per organization, in the order the cron runs them. */
const SWEEPS: Array<[name: string, sweep: Sweep]> = [
  [
    "overdue-invoices",
    async (env, at, org) => {
      const eventIds = await markOverdueInvoices(dbFor(env, org.id), at, org.id);
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
      const eventIds = await expireQuotes(dbFor(env, org.id), at, org.id);
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
 * Moves the clock forward to `to`, running every sweep at each day's start on the way and at
 * `to`. The clock is stored after each step (compare-and-set on the previous value), so a
 * crash keeps the days done and a concurrent advance answers 409.
 */
export async function advanceTestClock(env: Bindings, org: Organization, to: string, links: HostedLinks) {
  const from = new Date(testClockNow(org));
  const target = parseTarget(to);
  if (Number.isNaN(target.getTime())) throw validationError({ to: "Must be an ISO 8601 date or timestamp" });
  if (target < from) {
    throw validationError({ to: `The clock never goes back: must be at or after ${from.toISOString()}` });
  }
  if (target.getTime() - from.getTime() > MAX_ADVANCE_DAYS * DAY_MS) {
    throw validationError({ to: `At most ${MAX_ADVANCE_DAYS} days per advance` });
  }
  const db = dbFor(env, org.id);
  const ran: Array<{ date: string; sweep: string; count: number }> = [];
  let previous = org.testClockNow ?? org.createdAt;
  for (const step of stepsBetween(from, target)) {
    await withClock(
      () => step,
      async () => {
        for (const [name, sweep] of SWEEPS) {
          ran.push({
            date: step.toISOString().slice(0, 10),
            sweep: name,
            count: await sweep(env, step, org, links),
          });
        }
      },
    );
    const next = step.toISOString();
    const moved = await db
      .update(organizations)
      .set({ testClockNow: next })
      .where(and(eq(organizations.id, org.id), eq(organizations.testClockNow, previous)))
      .returning({ id: organizations.id });
    if (moved.length === 0)
      throw conflict("concurrent_update", "The test clock was advanced by another request");
    previous = next;
  }
  return { now: previous, ran };
}

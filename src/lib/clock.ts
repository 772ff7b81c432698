// The one source of "now": expiry, overdue and rate windows read it, so tests move time
// without sleeping. Production never sets an override. A test organization's requests and
// sweeps run inside `withClock` (its frozen test clock), so every `now()` they reach, in any
// service, reads the organization's time (docs/automation.md).
import { AsyncLocalStorage } from "node:async_hooks";

let override: (() => Date) | undefined;
const scoped = new AsyncLocalStorage<() => Date>();

export function now(): Date {
  const clock = scoped.getStore();
  if (clock) return clock();
  return override ? override() : new Date();
}

/**
 * The service's own time, never an organization's test clock: for what spans organizations
 * (the directory's cache, a move between databases). Tests move it with setClockForTests.
 */
export function wallClock(): Date {
  return override ? override() : new Date();
}

/** A date (its UTC midnight) or a timestamp a request gives, as an ISO timestamp; none: now. */
export function timestampOf(value: string | undefined): string {
  if (value === undefined) return nowIso();
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : new Date(value).toISOString();
}

export function nowIso(): string {
  return now().toISOString();
}

/** Runs `fn` with `clock` as now() for everything it awaits (one organization's time). */
export function withClock<T>(clock: () => Date, fn: () => T): T {
  return scoped.run(clock, fn);
}

/** Tests only: pin or shift the clock; call with no argument to restore real time. */
export function setClockForTests(fn?: () => Date): void {
  override = fn;
}

/** YYYY-MM-DD of an instant, in UTC. */
export function utcDate(at: Date = now()): string {
  return at.toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus whole days. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Whether `text` is a real calendar date YYYY-MM-DD (2026-02-29 and 2026-13-01 are not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

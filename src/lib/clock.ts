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

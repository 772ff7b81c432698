// The one source of "now": expiry, overdue and rate windows read it, so tests move time
// without sleeping. Production never sets an override.
let override: (() => Date) | undefined;

export function now(): Date {
  return override ? override() : new Date();
}

export function nowIso(): string {
  return now().toISOString();
}

/** Tests only: pin or shift the clock; call with no argument to restore real time. */
export function setClockForTests(fn?: () => Date): void {
  override = fn;
}

/** YYYY-MM-DD of an instant, in UTC. */
export function utcDate(at: Date = now()): string {
  return at.toISOString().slice(0, 10);
}

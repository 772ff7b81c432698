// When a recurring invoice bills. Run k's billing day is computed from the anchor (start_date)
// and k alone, never from run k-1's day: an anchor on the 31st bills on the last day of shorter
// months (30 Apr, 28/29 Feb) and on the 31st again afterwards; a 29 Feb anchor of a yearly
// schedule bills on 28 Feb in common years.
import type { RecurringInterval } from "../../db/schema/recurring";

export interface Schedule {
  interval: RecurringInterval;
  intervalCount: number;
  startDate: string;
  endAfter: number | null;
  endDate: string | null;
}

const DAY_MS = 86_400_000;

function parseDate(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

function format(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus whole days (negative allowed). */
export function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function addMonthsClamped(anchor: string, months: number): string {
  const { year, month, day } = parseDate(anchor);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return format(targetYear, targetMonth, Math.min(day, lastDay));
}

/** The billing day of run `index` (0 = the anchor). */
export function runDate(schedule: Pick<Schedule, "interval" | "intervalCount" | "startDate">, index: number) {
  const steps = index * schedule.intervalCount;
  switch (schedule.interval) {
    case "day":
      return shiftDays(schedule.startDate, steps);
    case "week":
      return shiftDays(schedule.startDate, 7 * steps);
    case "month":
      return addMonthsClamped(schedule.startDate, steps);
    case "year":
      return addMonthsClamped(schedule.startDate, 12 * steps);
  }
}

/** Run `index`'s service period: its billing day to the day before the next run's. */
export function servicePeriod(schedule: Schedule, index: number) {
  return { start: runDate(schedule, index), end: shiftDays(runDate(schedule, index + 1), -1) };
}

/** Whether run `index` is still within the schedule's end (end_after runs, end_date inclusive). */
export function runWithinEnd(schedule: Schedule, index: number, created: number): boolean {
  if (schedule.endAfter !== null && created >= schedule.endAfter) return false;
  if (schedule.endDate !== null && runDate(schedule, index) > schedule.endDate) return false;
  return true;
}

/** The first run index whose billing day is on or after `date` (resuming skips missed periods). */
export function firstRunOnOrAfter(schedule: Schedule, from: number, date: string): number {
  let index = from;
  // Bounded: a daily schedule paused for years is a few thousand steps of date arithmetic.
  while (runDate(schedule, index) < date) index++;
  return index;
}

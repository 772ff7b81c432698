// Reminder schedules: the organization's (`reminder_schedule` in GET|PATCH /v1/organization) or,
// when set, the customer's own. Steps are days relative to the due date; a step is identified by
// its `offset_days` (unique within a schedule), which is what each reminder e-mail records as
// `reminder_step`.
import type { ReminderStep } from "../db/schema/identity";

/** The schedule as the API shows it: ordered by offset, `template` null when unset. */
export function reminderScheduleView(steps: readonly ReminderStep[] | null | undefined) {
  return [...(steps ?? [])]
    .sort((a, b) => a.offset_days - b.offset_days)
    .map((step) => ({ offset_days: step.offset_days, template: step.template ?? null }));
}

/** The schedule that applies to a customer's invoices: its own when set, else the organization's. */
export function effectiveSchedule(
  organizationSteps: readonly ReminderStep[] | null | undefined,
  customerSteps: readonly ReminderStep[] | null | undefined,
) {
  return reminderScheduleView(customerSteps ?? organizationSteps);
}

import type { ReminderTone } from "../document/types";

export type { ReminderTone } from "../document/types";

/**
 * The wording of a reminder: `friendly` before the due date (offset < 0); `final` for the
 * schedule's last step when it has more than one step on or after the due date (an escalation
 * to end on); otherwise `firm`. A reminder sent by hand (POST /send again, no step) is friendly
 * until the due date and firm after it.
 */
export function reminderTone(
  schedule: readonly { offset_days: number }[],
  step: { offset_days: number } | null,
  overdue: boolean,
): ReminderTone {
  if (!step) return overdue ? "firm" : "friendly";
  if (step.offset_days < 0) return "friendly";
  const afterDue = schedule.filter((s) => s.offset_days >= 0);
  const last = schedule.at(-1);
  return afterDue.length > 1 && last?.offset_days === step.offset_days ? "final" : "firm";
}

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

// The invoice's e-mails as the send, the reminder sweep and the preview all write them: one
// function, so a preview is exactly what would be sent. It decides the wording (an invoice of a
// recurring template names its period; a reminder is friendly, firm or final by its step, and a
// step's own `template` replaces the intro) and renders from the issued-document model.
import type { Invoice } from "../../db/schema/invoices";
import { type EmailBranding, type RenderedEmail, renderInvoiceEmail } from "../../render/email";
import { balanceOf, type IssuedDocument } from "../issued-document";
import { reminderTone } from "../reminder-schedule";
import type { InvoiceSums } from "./amount-due";

export type InvoiceEmailKind = "invoice" | "reminder";

/** A scheduled reminder: its step and the schedule it belongs to. */
export interface ReminderStepOf {
  step: { offset_days: number; template: string | null };
  schedule: readonly { offset_days: number }[];
}

export interface InvoiceEmailInput {
  doc: IssuedDocument;
  invoice: InvoiceSums & Pick<Invoice, "recurringInvoiceId">;
  kind: InvoiceEmailKind;
  /** Reminders sent by hand: whether the due date has passed (firm after it, friendly before). */
  overdue: boolean;
  /** Reminders of the schedule; absent for one sent by hand (POST /send again). */
  reminder?: ReminderStepOf | null;
  hostedUrl: string | null;
  branding: EmailBranding;
  /** A payment provider's checkout (the "Pay now" button), when the organization has one. */
  payUrl?: string | null;
}

export function composeInvoiceEmail(input: InvoiceEmailInput): Promise<RenderedEmail> {
  const reminder = input.kind === "reminder";
  return renderInvoiceEmail(input.doc, {
    kind: input.kind,
    branding: input.branding,
    hostedUrl: input.hostedUrl,
    payUrl: input.payUrl,
    recurring: input.invoice.recurringInvoiceId !== null,
    ...(reminder
      ? {
          tone: reminderTone(input.reminder?.schedule ?? [], input.reminder?.step ?? null, input.overdue),
          intro: input.reminder?.step.template ?? null,
          balance: balanceOf(input.invoice),
        }
      : {}),
  });
}

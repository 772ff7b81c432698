// The e-mail preview's answer and query (invoices, credit notes, quotes) and a credit note's
// stored e-mails.
import { z } from "@hono/zod-openapi";
import { ARCHIVE_KINDS } from "../../db/schema/archives";
import { EMAIL_STATUSES } from "../../db/schema/emails";

export const EmailPreviewSchema = z
  .object({
    subject: z.string(),
    preheader: z.string().openapi({ description: "The line inboxes show after the subject" }),
    html: z.string(),
    text: z.string(),
    from: z.string(),
    to: z.string().openapi({ description: "The recipient: the customer's e-mail address" }),
    attachments: z.array(z.string()).openapi({ description: "The names of the files the e-mail attaches" }),
  })
  .openapi("EmailPreview");

export const InvoiceEmailPreviewQuerySchema = z.object({
  kind: z
    .enum(["invoice", "reminder", "receipt"])
    .default("invoice")
    .openapi({ description: "The invoice e-mail (default), a reminder, or a payment's receipt" }),
  payment_id: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: "`kind=receipt`: the payment (default: the latest one not reversed)" }),
  step: z.coerce
    .number()
    .int()
    .min(-60)
    .max(365)
    .optional()
    .openapi({
      description:
        "A reminder step of the schedule, by its `offset_days` (friendly before the due date, firm " +
        "after it, final for the last of several after it); without it, a reminder sent by hand",
    }),
});

/** The message and its fate, as the invoice and credit note e-mail lists show them (emailMessageView). */
export const EmailMessageFields = {
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  transport: z.string(),
  status: z.enum(EMAIL_STATUSES),
  provider_message_id: z.string().nullable(),
};

export const CreditNoteEmailSchema = z
  .object({
    id: z.string(),
    credit_note_id: z.string(),
    ...EmailMessageFields,
    attachment: z.enum(ARCHIVE_KINDS).nullable(),
    einvoice_attachment: z.enum(ARCHIVE_KINDS).nullable(),
    created_at: z.string(),
  })
  .openapi("CreditNoteEmail");

export const CreditNoteEmailListSchema = z
  .object({ data: z.array(CreditNoteEmailSchema) })
  .openapi("CreditNoteEmailList");

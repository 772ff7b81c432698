// The payment receipt: an e-mail thanking the customer for one payment, with the invoice's totals
// as issued and what is left to pay now. Never sent on its own (a payment recorded by hand, by a
// bank statement or by a provider sends nothing): POST /v1/invoices/{id}/payments/{paymentId}/receipt
// sends it, recorded in invoice_emails with kind `receipt`; the preview is
// GET /v1/invoices/{id}/email-preview?kind=receipt&payment_id=.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments } from "../../db/schema/billing";
import { invoiceEmails } from "../../db/schema/emails";
import type { Organization } from "../../db/schema/identity";
import { nowIso } from "../../lib/clock";
import { conflict, notFound } from "../../lib/errors";
import { type RenderedEmail, renderReceiptEmail } from "../../render/email";
import { findCustomer } from "../customers";
import type { EmailSender, SendResult } from "../email";
import { emailBrandingOf } from "../email/branding";
import {
  deliverQueuedEmail,
  emailDeliveryFailure,
  insertQueuedEmail,
  queuedRow,
  queueEmail,
} from "../email/delivery";
import { balanceOf, issuedDocumentOf } from "../issued-document";
import { type HostedLinks, hostedUrlOf } from "./hosted";
import { loadInvoice } from "./read";
import { serializeEmail } from "./send";

export interface ReceiptInput {
  db: Db;
  bucket: R2Bucket;
  organization: Organization;
  links: HostedLinks;
  /** False while the organization moves: the model is not frozen on this read (issuedDocumentOf). */
  freeze?: boolean;
}

/**
 * The receipt of a payment (the latest one not reversed when no id is given): 404 for an unknown
 * payment, 409 `payment_reversed` for a reversed one, 409 `no_payment` when there is none.
 */
export async function composeReceiptEmail(
  input: ReceiptInput,
  invoiceId: string,
  paymentId: string | undefined,
): Promise<{ rendered: RenderedEmail; to: string }> {
  const { db, organization } = input;
  const { invoice } = await loadInvoice(db, organization.id, invoiceId);
  const mine = and(eq(payments.invoiceId, invoiceId), eq(payments.organizationId, organization.id));
  const [payment] = paymentId
    ? await db
        .select()
        .from(payments)
        .where(and(mine, eq(payments.id, paymentId)))
    : await db
        .select()
        .from(payments)
        .where(and(mine, isNull(payments.reversedAt)))
        .orderBy(desc(payments.receivedAt), desc(payments.createdAt))
        .limit(1);
  if (!payment) {
    if (paymentId) throw notFound("Payment");
    throw conflict("no_payment", "The invoice has no payment to acknowledge");
  }
  if (payment.reversedAt) throw conflict("payment_reversed", "The payment is reversed");
  const customer = await findCustomer(db, organization.id, invoice.customerId);
  if (!customer) throw new Error(`invoice ${invoiceId} refers to a missing customer`);
  const doc = await issuedDocumentOf(db, organization, "invoice", invoiceId, { freeze: input.freeze });
  const rendered = await renderReceiptEmail(doc, {
    branding: await emailBrandingOf(input.bucket, input.links.baseUrl, organization, doc),
    hostedUrl: await hostedUrlOf(input.links, invoice),
    payment: { amountMinor: payment.amountMinor, receivedAt: payment.receivedAt },
    balance: balanceOf(invoice),
  });
  return { rendered, to: customer.email };
}

/**
 * Sends the receipt: the row goes in `queued`, then the transport is called with its id as the
 * idempotency key, then the row is marked. A provider failure marks it `failed` and answers 500
 * `email_delivery_failed`; the payment is untouched either way.
 */
export async function sendReceipt(
  input: ReceiptInput,
  sender: EmailSender,
  invoiceId: string,
  paymentId: string,
) {
  const { db, organization } = input;
  const { rendered, to } = await composeReceiptEmail(input, invoiceId, paymentId);
  const email = queueEmail(sender, organization, to, rendered);
  const columns = {
    invoiceId,
    kind: "receipt" as const,
    attachmentKind: null,
    einvoiceAttachmentKind: null,
    reminderStep: null,
    createdAt: nowIso(),
  };
  await insertQueuedEmail(db, invoiceEmails, email, columns);
  let outcome: SendResult;
  try {
    outcome = await deliverQueuedEmail(db, invoiceEmails, email, {
      what: "receipt",
      context: { invoice_id: invoiceId },
    });
  } catch (error) {
    throw emailDeliveryFailure(
      "The e-mail provider did not accept the receipt; send it again",
      email.id,
      error,
    );
  }
  return serializeEmail({ ...queuedRow(email), ...columns, ...outcome });
}

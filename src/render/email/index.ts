// The e-mails of a document, one per moment: the invoice (or, from a recurring template, its
// notice), each reminder step, a credit note, a quote, a payment receipt. Each is a subject, a
// preheader, an HTML part and a plain-text part with the same content, in the document's language,
// a pure function of the issued-document model (plus the live balance for reminders and receipts)
// and the organization's branding. The parts are written from one structure (content.ts).

import type { IssuedDocument } from "../../document/model";
import { plainLineBreaks } from "../../lib/line-breaks";
import {
  creditNoteEmailContent,
  type EmailBranding,
  type EmailContent,
  type InvoiceEmailOptions,
  invoiceEmailContent,
  quoteEmailContent,
  type ReceiptEmailOptions,
  receiptEmailContent,
} from "./content";
import { emailHtml } from "./html";
import { emailText } from "./text";

export type { EmailBranding, InvoiceEmailOptions, ReceiptEmailOptions } from "./content";

export interface RenderedEmail {
  subject: string;
  preheader: string;
  text: string;
  html: string;
}

async function rendered(content: EmailContent): Promise<RenderedEmail> {
  // Text stored before U+2028/U+2029 counted as line breaks: LF in the bodies, a space in the subject.
  return {
    subject: plainLineBreaks(content.subject).replace(/\n/g, " "),
    preheader: plainLineBreaks(content.preheader).replace(/\n/g, " "),
    text: plainLineBreaks(emailText(content)),
    html: plainLineBreaks(await emailHtml(content)),
  };
}

/** The invoice e-mail, or a reminder of it. */
export const renderInvoiceEmail = (doc: IssuedDocument, options: InvoiceEmailOptions) =>
  rendered(invoiceEmailContent(doc, options));

export const renderCreditNoteEmail = (doc: IssuedDocument, branding: EmailBranding) =>
  rendered(creditNoteEmailContent(doc, branding));

export const renderQuoteEmail = (doc: IssuedDocument, branding: EmailBranding) =>
  rendered(quoteEmailContent(doc, branding));

export const renderReceiptEmail = (doc: IssuedDocument, options: ReceiptEmailOptions) =>
  rendered(receiptEmailContent(doc, options));

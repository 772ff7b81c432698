// What an e-mail says, kind by kind, before it is written as HTML or as plain text: both parts are
// written from this one structure (html.tsx, text.ts), so they cannot disagree. Every figure is the
// issued-document model's (lines after their discounts, then discounts, tax and totals, exactly as
// on the invoice), formatted in the document's language; reminders and receipts add the live
// balance beside the total as issued.

import { sellerDisplayName } from "../../document/address";
import {
  documentTitle,
  factText,
  issuerName,
  lineFacts,
  owesBackCause,
  payableFigure,
  payeeRows,
  recipientName,
  recipientPays,
  referenceFacts,
  refundTerms,
  shownDueDate,
  subLineRows,
} from "../../document/facts";
import { type Formatter, formatterFor } from "../../document/format";
import { documentLabels, type Labels } from "../../document/labels";
import type { IssuedDocument, LiveBalance } from "../../document/model";
import { balanceRows, totalsRows } from "../../document/totals";
import type { ReminderTone } from "../../document/types";
import { typeCodeHas } from "../../lib/type-codes";

/** The organization's look: its accent (already readable on white, `brandColorOf`) and logo. */
export interface EmailBranding {
  brandColor: string;
  /** A public https URL of the logo (GET /v1/public/logo/{organization_id}), or null for none. */
  logoUrl: string | null;
}

/** One labelled figure; `grand` for the total and the balance. */
export interface Figure {
  label: string;
  value: string;
  grand?: boolean;
}

export interface EmailLine {
  description: string;
  /** "2.5 h x $100.00" and, when discounted, " −$25.00". */
  detail: string;
  amount: string;
}

export interface EmailAction {
  url: string;
  label: string;
  /** The button; other actions are links. */
  primary: boolean;
}

export interface EmailContent {
  locale: IssuedDocument["locale"];
  subject: string;
  /** The line inboxes show after the subject. */
  preheader: string;
  branding: EmailBranding;
  seller: string;
  /** "Invoice INV-000001": the heading above the figures. */
  title: string;
  greeting: string;
  intro: string;
  /** The document's first EMAIL_LINES lines (each with its sub-lines). */
  lines: EmailLine[];
  /** "and 980 more lines" when the document has more lines than the e-mail lists; else null. */
  moreLines: string | null;
  figures: Figure[];
  statements: string[];
  facts: Figure[];
  /** Pay by bank transfer: the seller's account and the reference to quote. */
  transfer: { heading: string; intro: string; rows: Figure[] } | null;
  actions: EmailAction[];
  notes: string | null;
  signOff: string;
  /** The seller's legal footer (registry, management), as on the PDF. */
  footer: string | null;
}

type Balance = Pick<LiveBalance, "paidMinor" | "creditedMinor" | "dueMinor">;

interface Words {
  doc: IssuedDocument;
  t: Labels;
  f: Formatter;
}

function wordsOf(doc: IssuedDocument): Words {
  return {
    doc,
    t: documentLabels(doc.locale, doc.seller.address?.country),
    f: formatterFor(doc.locale, doc.currency),
  };
}

const totalOf = (doc: IssuedDocument) => doc.totals.grandTotalMinor;

/** The document's references (src/document/facts.ts), each on one line, days written out. */
const referencesOf = ({ doc, t, f }: Pick<Words, "doc" | "t" | "f">): Figure[] =>
  referenceFacts(doc, t).map((fact) => ({ label: fact.label, value: factText(fact, f.longDate) }));

/** The totals as issued (src/document/totals.ts), then (reminders, receipts) the balance since. */
function figuresOf({ doc, t, f }: Words, balance?: Balance): Figure[] {
  const rows = [...totalsRows(doc, t, f), ...(balance ? balanceRows(doc, balance, t, f) : [])];
  return rows.map((row) => ({ label: row.label, value: row.amount, grand: row.emphasis !== null }));
}

/**
 * The lines an e-mail lists: the first 20. An invoice may have 1,000; the rest are on the PDF and
 * the hosted page, and the totals below count them all.
 */
export const EMAIL_LINES = 20;

function linesOf({ doc, t, f }: Words): EmailLine[] {
  return doc.lines.slice(0, EMAIL_LINES).flatMap((line) => [
    {
      description: line.description,
      detail:
        `${f.quantityWithUnit(line.quantity, line.unitCode)} x ${f.unitPrice(line)}` +
        (line.discountMinor ? ` ${f.deduction(line.discountMinor)}` : "") +
        lineFacts(line, t, f)
          .map((fact) => `; ${fact.label}: ${factText(fact, f.longDate)}`)
          .join(""),
      amount: f.money(line.amountMinor),
    },
    // Its sub-lines (BG-DEX-01) under it, indented by depth: parts of its amount, not added to it.
    ...subLineRows(line, t, f).map((row) => ({
      description: `${"\u2003".repeat(row.depth - 1)}– ${row.description}`,
      detail:
        `${row.quantity} x ${row.unitPrice}` +
        row.facts.map((fact) => `; ${fact.label}: ${factText(fact, f.longDate)}`).join(""),
      amount: `(${row.amount})`,
    })),
  ]);
}

/** Bank details, when the seller gave an account and something is to be paid. */
function transferOf({ doc, t, f }: Words, amountMinor: number): EmailContent["transfer"] {
  const payment = doc.payment;
  if (!payment?.iban || amountMinor <= 0 || !recipientPays(doc)) return null;
  const rows: Figure[] = [];
  if (payment.accountName) rows.push({ label: t.accountHolder, value: payment.accountName });
  rows.push({ label: t.iban, value: f.iban(payment.iban) });
  if (payment.bic) rows.push({ label: t.bic, value: payment.bic });
  if (payment.reference) rows.push({ label: t.paymentReference, value: payment.reference });
  // The payee (BG-10) the PDF and the page name in their payment section, when not the seller.
  for (const [label, value] of payeeRows(doc, t)) rows.push({ label, value });
  return { heading: t.email.payByTransfer, intro: t.email.transferIntro(f.money(amountMinor)), rows };
}

/** "Pay now" when a provider's checkout is given, then the hosted page. */
function actionsOf(t: Labels, links: { hostedUrl?: string | null; payUrl?: string | null }): EmailAction[] {
  const actions: EmailAction[] = [];
  if (links.payUrl) actions.push({ url: links.payUrl, label: t.email.payNow, primary: true });
  if (links.hostedUrl) {
    actions.push({ url: links.hostedUrl, label: t.email.viewOnline, primary: actions.length === 0 });
  }
  return actions;
}

function base(words: Words, branding: EmailBranding, title: string) {
  const { doc, t } = words;
  return {
    locale: doc.locale,
    branding,
    seller: issuerName(doc),
    title: `${title} ${doc.number ?? ""}`.trim(),
    greeting: t.email.greeting(recipientName(doc)),
    lines: linesOf(words),
    moreLines: doc.lines.length > EMAIL_LINES ? t.email.moreLines(doc.lines.length - EMAIL_LINES) : null,
    statements: doc.statements,
    notes: doc.notes,
    signOff: t.email.signOff,
    footer: doc.footer,
  };
}

export interface InvoiceEmailOptions {
  kind: "invoice" | "reminder";
  branding: EmailBranding;
  /** The invoice's hosted page (GET /i/{token}), linked from every e-mail that has one. */
  hostedUrl: string | null;
  /** A payment provider's checkout for this invoice: shown as the "Pay now" button. */
  payUrl?: string | null;
  /** Reminders: how firmly it is worded (src/services/reminder-schedule.ts). */
  tone?: ReminderTone;
  /** Replaces the standard first paragraph (a reminder step's `template`). */
  intro?: string | null;
  /** Reminders: what has been paid and credited since issue, and what is left to pay. */
  balance?: Balance;
  /** An invoice a recurring template generated: its intro names the period it bills. */
  recurring?: boolean;
}

export function invoiceEmailContent(doc: IssuedDocument, options: InvoiceEmailOptions): EmailContent {
  // An invoice resource crediting an invoice issued elsewhere (381) is told as a credit note of it.
  if (typeCodeHas(doc.typeCode, "credits") && doc.references.preceding)
    return creditNoteEmailContent(doc, options.branding);
  const words = wordsOf(doc);
  const { t, f } = words;
  const number = doc.number ?? "";
  const dueDate = shownDueDate(doc);
  const due = dueDate ? f.longDate(dueDate) : "";
  const seller = issuerName(doc);
  const terms = refundTerms(doc);
  const facts = [
    ...(dueDate ? [{ label: t.dueDate, value: due }] : []),
    ...referencesOf(words),
    ...(terms ? [{ label: t.paymentTerms, value: terms }] : []),
  ];
  const links = { hostedUrl: options.hostedUrl, payUrl: options.payUrl };
  if (options.kind === "reminder") {
    const tone = options.tone ?? "friendly";
    const dueMinor = options.balance?.dueMinor ?? doc.totals.payableMinor;
    return {
      ...base(words, options.branding, documentTitle(doc, t)),
      subject: t.email.reminderSubject[tone](number, seller, due),
      preheader: t.email.reminderPreheader(f.money(dueMinor), due),
      intro: options.intro || t.email.reminderIntro[tone](number, due),
      figures: figuresOf(words, options.balance),
      facts,
      transfer: transferOf(words, dueMinor),
      actions: actionsOf(t, links),
    };
  }
  const period = doc.references.servicePeriod;
  // An invoice that owes back asks for nothing by a due date: it says what is refunded, and why.
  const cause = owesBackCause(doc);
  const refund = cause ? f.money(payableFigure(doc, t).amountMinor) : null;
  const intro = refund
    ? cause === "total_below_zero"
      ? t.email.belowZeroIntro(number, refund)
      : t.email.refundIntro(number, refund)
    : options.recurring && period
      ? t.email.recurringIntro(number, `${f.longDate(period.start)} – ${f.longDate(period.end)}`, due)
      : t.email.invoiceIntro(number, due);
  return {
    ...base(words, options.branding, documentTitle(doc, t)),
    subject: t.email.invoiceSubject(number, seller),
    preheader: refund
      ? t.email.refundPreheader(refund)
      : t.email.invoicePreheader(f.money(doc.totals.payableMinor), due),
    intro,
    figures: figuresOf(words),
    facts,
    transfer: transferOf(words, doc.totals.payableMinor),
    actions: actionsOf(t, links),
  };
}

/** A credit note: its lines and totals, naming the invoice it corrects and why. */
export function creditNoteEmailContent(doc: IssuedDocument, branding: EmailBranding): EmailContent {
  const words = wordsOf(doc);
  const { t, f } = words;
  const number = doc.number ?? "";
  const invoice = doc.references.preceding?.number ?? "";
  return {
    ...base(words, branding, t.creditNote),
    subject: t.email.creditNoteSubject(number, sellerDisplayName(doc.seller)),
    preheader: t.email.creditNotePreheader(f.money(totalOf(doc)), invoice),
    intro: t.email.creditNoteIntro(number, invoice),
    figures: figuresOf(words),
    facts: referencesOf(words),
    transfer: null,
    actions: [],
  };
}

/** A quote: its lines and totals, valid until its expiry day. */
export function quoteEmailContent(doc: IssuedDocument, branding: EmailBranding): EmailContent {
  const words = wordsOf(doc);
  const { t, f } = words;
  const number = doc.number ?? "";
  const until = doc.validUntil ? f.longDate(doc.validUntil) : "";
  return {
    ...base(words, branding, t.quote),
    subject: t.email.quoteSubject(number, sellerDisplayName(doc.seller)),
    preheader: t.email.quotePreheader(f.money(totalOf(doc)), until),
    intro: t.email.quoteIntro(number, until),
    figures: figuresOf(words),
    facts: doc.validUntil ? [{ label: t.validUntil, value: until }] : [],
    transfer: null,
    actions: [],
  };
}

export interface ReceiptEmailOptions {
  branding: EmailBranding;
  hostedUrl: string | null;
  payment: { amountMinor: number; receivedAt: string };
  /** The invoice's balance with this payment counted. */
  balance: Balance;
}

/** A payment receipt: the payment, then the invoice's totals and what is left to pay. */
export function receiptEmailContent(doc: IssuedDocument, options: ReceiptEmailOptions): EmailContent {
  const words = wordsOf(doc);
  const { t, f } = words;
  const number = doc.number ?? "";
  const amount = f.money(options.payment.amountMinor);
  const received = f.longDate(options.payment.receivedAt);
  return {
    ...base(words, options.branding, t.invoice),
    subject: t.email.receiptSubject(number, sellerDisplayName(doc.seller)),
    preheader: t.email.receiptPreheader(amount, number),
    intro: t.email.receiptIntro(amount, received, number),
    figures: figuresOf(words, options.balance),
    facts: [
      { label: t.email.amountReceived, value: amount },
      { label: t.date, value: received },
    ],
    transfer: null,
    actions: actionsOf(t, { hostedUrl: options.hostedUrl }),
  };
}

// The e-mails of a document (the invoice, its reminders, a quote): subject, plain text and HTML,
// a pure function of the issued-document model, in the document's language. The lines are the
// model's, after their discounts, so lines, discounts, tax and total add up exactly as on the
// invoice; a reminder states the live balance due beside the total as issued. Every piece of
// user text is escaped in the HTML.
import { plainLineBreaks } from "../lib/line-breaks";
import type { IssuedDocument, LiveBalance } from "../services/issued-document/model";
import { sellerDisplayName } from "./address";
import { type Formatter, formatterFor } from "./format";
import { documentLabels, type Labels } from "./labels";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface InvoiceEmailOptions {
  kind: "invoice" | "reminder";
  /** The invoice's hosted page (GET /i/{token}), linked from every e-mail that has one. */
  hostedUrl: string | null;
  /** Replaces the standard first paragraph (a reminder step's `template`). */
  intro?: string | null;
  /** Reminders: what has been paid and credited since issue, and what is left to pay. */
  balance?: Pick<LiveBalance, "paidMinor" | "creditedMinor" | "dueMinor">;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** One labelled figure of the totals; `grand` for the total and the balance. */
interface Figure {
  label: string;
  value: string;
  grand?: boolean;
}

/** The totals as issued, then (reminders) the balance since. */
function figuresOf(doc: IssuedDocument, t: Labels, f: Formatter, balance: InvoiceEmailOptions["balance"]) {
  const { totals } = doc;
  const total = totals.taxInclusiveMinor + totals.roundingMinor;
  const figures: Figure[] = [{ label: t.subtotal, value: f.money(totals.lineTotalMinor) }];
  if (totals.allowanceTotalMinor) {
    figures.push({ label: t.discounts, value: `−${f.money(totals.allowanceTotalMinor)}` });
  }
  figures.push(
    { label: t.taxExclusiveTotal, value: f.money(totals.taxExclusiveMinor) },
    { label: t.vat, value: f.money(totals.taxMinor) },
  );
  if (totals.roundingMinor) figures.push({ label: t.rounding, value: f.money(totals.roundingMinor) });
  figures.push({ label: t.total, value: f.money(total), grand: true });
  if (totals.payableMinor !== total) {
    figures.push({ label: t.amountDue, value: f.money(totals.payableMinor), grand: true });
  }
  if (balance) {
    if (balance.paidMinor) figures.push({ label: t.paid, value: `−${f.money(balance.paidMinor)}` });
    if (balance.creditedMinor)
      figures.push({ label: t.credited, value: `−${f.money(balance.creditedMinor)}` });
    figures.push({ label: t.balanceDue, value: f.money(balance.dueMinor), grand: true });
  }
  return figures;
}

interface Body {
  doc: IssuedDocument;
  t: Labels;
  f: Formatter;
  subject: string;
  intro: string;
  figures: Figure[];
  /** Due date or validity, after the totals. */
  facts: Figure[];
  link: { url: string; label: string } | null;
}

function renderBody({ doc, t, f, subject, intro, figures, facts, link }: Body): RenderedEmail {
  const signature = sellerDisplayName(doc.seller);
  const discounts = doc.lines.some((line) => line.discountMinor !== 0);
  const lines = doc.lines.map((line) => ({
    description: line.description,
    quantity: f.quantityWithUnit(line.quantity, line.unitCode),
    unitPrice: f.money(line.unitPriceMinor),
    discount: line.discountMinor ? `−${f.money(line.discountMinor)}` : "",
    amount: f.money(line.amountMinor),
  }));

  const text = [
    t.greeting(doc.buyer.name),
    "",
    intro,
    "",
    ...lines.map(
      (line) =>
        `- ${line.description}: ${line.quantity} x ${line.unitPrice}${line.discount ? ` ${line.discount}` : ""} = ${line.amount}`,
    ),
    "",
    ...figures.map((figure) => `${figure.label}: ${figure.value}`),
    ...doc.statements,
    ...facts.map((fact) => `${fact.label}: ${fact.value}`),
    ...(link ? ["", `${link.label}: ${link.url}`] : []),
    ...(doc.notes ? ["", doc.notes] : []),
    "",
    signature,
  ].join("\n");

  const cell = (value: string, align?: "right") =>
    `<td${align ? ` align="${align}"` : ""}>${escapeHtml(value)}</td>`;
  const head = [t.description, t.quantity, t.unitPrice, ...(discounts ? [t.discount] : []), t.amount]
    .map((label) => `<th>${escapeHtml(label)}</th>`)
    .join("");
  const rows = lines
    .map(
      (line) =>
        `<tr>${cell(line.description)}${cell(line.quantity)}${cell(line.unitPrice, "right")}` +
        `${discounts ? cell(line.discount, "right") : ""}${cell(line.amount, "right")}</tr>`,
    )
    .join("");
  const totals = figures
    .map((figure) => {
      const value = escapeHtml(figure.value);
      return (
        `<tr><th align="left">${escapeHtml(figure.label)}</th>` +
        `<td align="right">${figure.grand ? `<strong>${value}</strong>` : value}</td></tr>`
      );
    })
    .join("");
  const html =
    `<!doctype html><html lang="${doc.locale}"><body>` +
    `<p>${escapeHtml(t.greeting(doc.buyer.name))}</p>` +
    `<p>${escapeHtml(intro)}</p>` +
    `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>` +
    `<table><tbody>${totals}</tbody></table>` +
    doc.statements.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
    facts.map((fact) => `<p>${escapeHtml(fact.label)}: ${escapeHtml(fact.value)}</p>`).join("") +
    (link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : "") +
    (doc.notes ? `<p>${escapeHtml(doc.notes)}</p>` : "") +
    `<p>${escapeHtml(signature)}</p>` +
    `</body></html>`;

  // Text stored before U+2028/U+2029 counted as line breaks: LF in the bodies, a space in the subject.
  return {
    subject: plainLineBreaks(subject).replace(/\n/g, " "),
    text: plainLineBreaks(text),
    html: plainLineBreaks(html),
  };
}

/** The invoice e-mail, or a reminder of it. */
export function renderInvoiceEmail(doc: IssuedDocument, options: InvoiceEmailOptions): RenderedEmail {
  const t = documentLabels(doc.locale, doc.seller.address?.country);
  const f = formatterFor(doc.locale, doc.currency);
  const number = doc.number ?? "";
  const due = doc.dueDate ? f.longDate(doc.dueDate) : "";
  const seller = sellerDisplayName(doc.seller);
  const reminder = options.kind === "reminder";
  return renderBody({
    doc,
    t,
    f,
    subject: reminder ? t.reminderSubject(number, seller, due) : t.invoiceSubject(number, seller),
    intro: options.intro || (reminder ? t.reminderIntro(number, due) : t.invoiceIntro(number, due)),
    figures: figuresOf(doc, t, f, options.balance),
    facts: doc.dueDate ? [{ label: t.dueDate, value: due }] : [],
    link: options.hostedUrl ? { url: options.hostedUrl, label: t.viewOnline } : null,
  });
}

/** The e-mail of a quote: its lines and totals, valid until its expiry day. */
export function renderQuoteEmail(doc: IssuedDocument): RenderedEmail {
  const t = documentLabels(doc.locale, doc.seller.address?.country);
  const f = formatterFor(doc.locale, doc.currency);
  const number = doc.number ?? "";
  const until = doc.validUntil ? f.longDate(doc.validUntil) : "";
  return renderBody({
    doc,
    t,
    f,
    subject: t.quoteSubject(number, sellerDisplayName(doc.seller)),
    intro: t.quoteIntro(number, until),
    figures: figuresOf(doc, t, f, undefined),
    facts: doc.validUntil ? [{ label: t.validUntil, value: until }] : [],
    link: null,
  });
}

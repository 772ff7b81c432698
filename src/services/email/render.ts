// The invoice e-mail: subject, plain text and HTML with number, lines, total and due date.
// Every piece of user text is escaped in the HTML.
import { plainLineBreaks } from "../../lib/line-breaks";
import { formatMoney, quantityToNumber } from "../../lib/money";
import { DEFAULT_UNIT_CODE, quantityWithUnit, unitLabel } from "../../lib/units";
import type { EmailMessage } from "./types";

export interface InvoiceEmailContent {
  kind: "invoice" | "reminder";
  from: string;
  organizationName: string;
  customer: { name: string; email: string };
  number: string;
  currency: string;
  totalMinor: number;
  /** Tax and what is still due, shown when they tell more than the total does. */
  taxTotalMinor?: number;
  amountDueMinor?: number;
  dueDate: string;
  notes: string | null;
  /** The invoice's hosted page (GET /i/{token}), linked from every e-mail that has one. */
  hostedUrl?: string | null;
  lines: EmailLine[];
  /** Replaces the standard first paragraph (a reminder step's `template`). */
  intro?: string | null;
  /** The invoice's legal VAT statements in its language (src/lib/vat-statements.ts), one per line. */
  vatStatements?: readonly string[];
}

export interface EmailLine {
  description: string;
  /** The quantity with its unit label ("3 h"; no label for C62). */
  quantity: string;
  unitPriceMinor: number;
  amountMinor: number;
}

/** Stored lines as the e-mails list them; the e-mails are English, and so are their unit labels. */
export function emailLines(
  items: readonly {
    description: string;
    quantity: number;
    unitCode?: string;
    unitPriceMinor: number;
    amountMinor: number;
  }[],
): EmailLine[] {
  return items.map((item) => ({
    description: item.description,
    quantity: quantityWithUnit(
      String(quantityToNumber(item.quantity)),
      unitLabel(item.unitCode ?? DEFAULT_UNIT_CODE, "en"),
    ),
    unitPriceMinor: item.unitPriceMinor,
    amountMinor: item.amountMinor,
  }));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function renderInvoiceEmail(content: InvoiceEmailContent): EmailMessage {
  const money = (minor: number) => formatMoney(minor, content.currency);
  const total = money(content.totalMinor);
  const subject =
    content.kind === "reminder"
      ? `Reminder: invoice ${content.number} from ${content.organizationName} is due ${content.dueDate}`
      : `Invoice ${content.number} from ${content.organizationName}`;
  const intro = content.intro
    ? content.intro
    : content.kind === "reminder"
      ? `This is a reminder that invoice ${content.number} is due on ${content.dueDate}.`
      : `Please find invoice ${content.number} below, due on ${content.dueDate}.`;

  const extra: string[] = [];
  if (content.taxTotalMinor) extra.push(`Tax included in total: ${money(content.taxTotalMinor)}`);
  if (content.amountDueMinor !== undefined && content.amountDueMinor !== content.totalMinor) {
    extra.push(`Amount due: ${money(content.amountDueMinor)}`);
  }

  const statements = content.vatStatements ?? [];
  const text = [
    `Hello ${content.customer.name},`,
    "",
    intro,
    "",
    ...content.lines.map(
      (line) =>
        `- ${line.description}: ${line.quantity} x ${money(line.unitPriceMinor)} = ${money(line.amountMinor)}`,
    ),
    "",
    `Total: ${total}`,
    ...extra,
    ...statements,
    `Due date: ${content.dueDate}`,
    ...(content.hostedUrl ? ["", `View and pay the invoice online: ${content.hostedUrl}`] : []),
    ...(content.notes ? ["", content.notes] : []),
    "",
    content.organizationName,
  ].join("\n");

  const rows = content.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(line.quantity)}</td>` +
        `<td>${escapeHtml(money(line.unitPriceMinor))}</td><td>${escapeHtml(money(line.amountMinor))}</td></tr>`,
    )
    .join("");
  const html =
    `<!doctype html><html><body>` +
    `<p>Hello ${escapeHtml(content.customer.name)},</p>` +
    `<p>${escapeHtml(intro)}</p>` +
    `<table><thead><tr><th>Description</th><th>Quantity</th><th>Unit price</th><th>Amount</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>` +
    `<p><strong>Total: ${escapeHtml(total)}</strong></p>` +
    extra.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
    statements.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
    `<p>Due date: ${escapeHtml(content.dueDate)}</p>` +
    (content.hostedUrl
      ? `<p><a href="${escapeHtml(content.hostedUrl)}">View and pay the invoice online</a></p>`
      : "") +
    (content.notes ? `<p>${escapeHtml(content.notes)}</p>` : "") +
    `<p>${escapeHtml(content.organizationName)}</p>` +
    `</body></html>`;

  // Text stored before U+2028/U+2029 counted as line breaks: LF in the bodies, a space in the subject.
  return {
    from: content.from,
    to: content.customer.email,
    subject: plainLineBreaks(subject).replace(/\n/g, " "),
    text: plainLineBreaks(text),
    html: plainLineBreaks(html),
  };
}

// The plain-text part: the same content as the HTML part, line for line (content.ts).
import type { EmailContent, Figure } from "./content";

const row = (figure: Figure) => `${figure.label}: ${figure.value}`;

export function emailText(content: EmailContent): string {
  const { transfer } = content;
  return [
    content.greeting,
    "",
    content.intro,
    "",
    content.title,
    ...content.lines.map((line) => `- ${line.description}: ${line.detail} = ${line.amount}`),
    ...(content.moreLines ? [`… ${content.moreLines}`] : []),
    "",
    ...content.figures.map(row),
    ...content.statements,
    ...content.facts.map(row),
    ...(transfer ? ["", transfer.heading, transfer.intro, ...transfer.rows.map(row)] : []),
    ...content.actions.flatMap((action) => ["", `${action.label}: ${action.url}`]),
    ...(content.notes ? ["", content.notes] : []),
    "",
    content.signOff,
    content.seller,
    ...(content.footer ? ["", "--", content.footer] : []),
  ].join("\n");
}

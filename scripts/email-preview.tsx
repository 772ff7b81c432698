// Writes every e-mail kind of a sample invoice (scripts/email-samples.ts) as HTML and plain text,
// for looking at them in a browser or taking the screenshots in docs/img/ (docs/emails.md). The
// e-mails are pure functions of the issued-document model, so no server is needed:
//   npx tsx scripts/email-preview.tsx [locale=en] [out=/tmp/emails]
//   chromium --headless --hide-scrollbars --window-size=390,2600 --screenshot=out.png /tmp/emails/en-invoice.html
// Type-checked with src/ (tsconfig.json), so Node's `process` and `fs` are declared here.
import type { Locale } from "../src/db/schema/identity";
import { sampleEmails } from "./email-samples";

declare const process: { argv: string[] };
interface NodeFs {
  mkdirSync(path: string, options: { recursive: true }): void;
  writeFileSync(path: string, data: string): void;
}

const locale = (process.argv[2] ?? "en") as Locale;
const out = process.argv[3] ?? "/tmp/emails";
const emails = sampleEmails(locale);

async function main() {
  // A specifier in a variable: the Workers types do not declare Node's modules.
  const fsModule = "node:fs";
  const fs = (await import(fsModule)) as NodeFs;
  fs.mkdirSync(out, { recursive: true });
  for (const [kind, email] of Object.entries(emails)) {
    const { html, text, subject, preheader } = await email;
    fs.writeFileSync(`${out}/${locale}-${kind}.html`, html);
    fs.writeFileSync(
      `${out}/${locale}-${kind}.txt`,
      `Subject: ${subject}\nPreheader: ${preheader}\n\n${text}`,
    );
  }
}
void main();

// The lifecycle tables of docs/invoices.md are written from src/services/lifecycle.ts: this test
// renders them from the code and fails when the document says anything else. After changing a
// transition, `UPDATE_DOCS=1 npx vitest run --project node test/node/lifecycle-docs.test.ts`
// writes them (between the lifecycle-table markers) and the run passes.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BILL_TRANSITIONS,
  CREDIT_NOTE_TRANSITIONS,
  INVOICE_TRANSITIONS,
  QUOTE_TRANSITIONS,
  type Transition,
} from "../../src/services/lifecycle";

const DOC = join(resolve(import.meta.dirname, "../.."), "docs/invoices.md");
const START = "<!-- lifecycle-table:start (written from src/services/lifecycle.ts) -->";
const END = "<!-- lifecycle-table:end -->";

type AnyTransition = Pick<Transition<string, never>, "from" | "to" | "roles" | "rule" | "events">;

/** A transition's row: from-states, the state it ends in, who may make it, its rule, its events. */
function row(name: string, t: AnyTransition): string[] {
  const gone = t.events.some((event) => event.endsWith(".deleted"));
  return [
    `\`${name}\``,
    t.from.length > 0 ? t.from.join(", ") : "(new)",
    t.to ?? (gone ? "(gone)" : "(same)"),
    t.roles.length > 0 ? t.roles.join(", ") : "system (sweep)",
    t.rule,
    t.events.map((event) => `\`${event}\``).join(", "),
  ];
}

/** A Markdown table, its columns padded to their widest cell. */
function table(kind: string, transitions: Record<string, AnyTransition>): string {
  const rows = [
    [`${kind} transition`, "from", "to", "roles", "rule", "events"],
    ...Object.entries(transitions).map(([name, t]) => row(name, t)),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(rows[0] ?? []), line(widths.map((w) => "-".repeat(w))), ...rows.slice(1).map(line)].join("\n");
}

const generated = () =>
  [
    table("invoice", INVOICE_TRANSITIONS),
    table("quote", QUOTE_TRANSITIONS),
    table("credit note", CREDIT_NOTE_TRANSITIONS),
    table("bill", BILL_TRANSITIONS),
  ].join("\n\n");

/** A table's cells, white space folded: how wide a formatter pads a column says nothing. */
const cells = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|[\s|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    );

describe("the lifecycle tables of docs/invoices.md", () => {
  it("are the tables of src/services/lifecycle.ts", () => {
    const doc = readFileSync(DOC, "utf8");
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `docs/invoices.md has no ${START}`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    if (process.env.UPDATE_DOCS === "1") {
      writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n\n${generated()}\n\n${doc.slice(end)}`);
      return;
    }
    const written = doc.slice(start + START.length, end);
    expect(cells(written), "run with UPDATE_DOCS=1 to write them").toEqual(cells(generated()));
  });

  it("tells a changed rule apart", () => {
    const changed = generated().replace("at most the amount due", "at most twice the amount due");
    expect(cells(changed)).not.toEqual(cells(generated()));
  });
});

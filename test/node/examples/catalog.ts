// The official examples kept in test/einvoice-examples/ (each source with its SOURCE.md and
// license) and the committed list of those the API cannot rebuild yet, NOT-EXPRESSIBLE.md:
// one line per example, "- `<path>`: cannot express: <reason>; <reason>", "... cannot express in
// UBL: <reason>; the CII reproduces" or "... fails: <difference>; <difference>". Every example
// not listed must reproduce.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export const EXAMPLES_DIR = resolve(import.meta.dirname, "../../einvoice-examples");
export const LIST_PATH = join(EXAMPLES_DIR, "NOT-EXPRESSIBLE.md");

/** Paths of every example, relative to test/einvoice-examples/, sorted. */
export function examplePaths(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return walk(path);
        return /\.xml$/i.test(name) ? [relative(EXAMPLES_DIR, path)] : [];
      });
  return walk(EXAMPLES_DIR);
}

export const readExample = (path: string) => readFileSync(join(EXAMPLES_DIR, path), "utf8");

/** The source an example comes from: its first folder. */
export const sourceOf = (path: string) => path.split("/")[0] ?? path;

const ENTRY = /^- `([^`]+)`: (.*)$/;

/** The committed list: example path -> "cannot express: ..." or "fails: ...". */
export function readList(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of readFileSync(LIST_PATH, "utf8").split("\n")) {
    const match = ENTRY.exec(line);
    if (match?.[1] && match[2] !== undefined) entries[match[1]] = match[2];
  }
  return entries;
}

const HEADER = `# Official examples the API cannot rebuild yet

Written by \`UPDATE_EXAMPLES=1 npx vitest run --project node test/node/official-examples.test.ts\`
and checked by that test without it: every example in this folder that is not listed here is
rebuilt through the API and reproduces field by field, and every one listed here gets exactly
the answer written beside it. \`cannot express\`: what the API has no field for yet, one reason per
missing capability. \`fails\`: the API can express it but the rebuild differs
(each difference as "field: expected <original>, got <rebuilt>"), a rule of the profile a
rebuilt document declares fails, or the API refuses a request (its error code and fields).
`;

/** Writes the list, in the order of the examples. */
export function writeList(entries: Record<string, string>, summary: string) {
  const lines = Object.keys(entries)
    .sort()
    .map((path) => `- \`${path}\`: ${entries[path]}`);
  writeFileSync(LIST_PATH, `${HEADER}\n${summary}\n\n${lines.join("\n")}\n`);
}

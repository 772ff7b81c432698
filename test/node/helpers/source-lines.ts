// Reading src/ as text for the guards that keep a rule in one place (test/node/lifecycle.test.ts:
// status literals; test/node/type-codes.test.ts: type code literals): every line outside the
// rule's own module that matches one of its shapes, less an allow-list whose entries must stay in use.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../../..");
export const SRC = join(ROOT, "src");

/** The TypeScript sources under `dir` (no declaration files). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(path) && !path.endsWith(".d.ts") ? [path] : [];
  });
}

/** A line that matches a shape without stating the rule; it matches when in `file` and holding `text`. */
export interface AllowedLine {
  file: string;
  text: string;
  reason: string;
}

export interface FoundLine {
  file: string;
  line: number;
  text: string;
}

/** Every line of src/ that matches one of `shapes`, outside the files `skip` names and `allowed`. */
export function linesMatching(
  shapes: readonly RegExp[],
  allowed: readonly AllowedLine[],
  skip: (file: string) => boolean,
): FoundLine[] {
  const found: FoundLine[] = [];
  for (const path of sourceFiles(SRC)) {
    const file = relative(ROOT, path);
    if (skip(file)) continue;
    readFileSync(path, "utf8")
      .split("\n")
      .forEach((text, index) => {
        if (!shapes.some((shape) => shape.test(text))) return;
        if (allowed.some((entry) => entry.file === file && text.includes(entry.text))) return;
        found.push({ file, line: index + 1, text: text.trim() });
      });
  }
  return found;
}

/** The allow-list entries no longer in their file: a stale one would hide a new line. */
export const staleEntries = (allowed: readonly AllowedLine[]) =>
  allowed
    .filter((entry) => !readFileSync(join(ROOT, entry.file), "utf8").includes(entry.text))
    .map((entry) => `${entry.file}: ${entry.text}`);

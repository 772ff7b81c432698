// The runnable samples of the documentation: every fenced block in README.md and docs/**/*.md
// whose info string is `sh runnable` or `ts runnable` (docs/testing.md, "Runnable samples").
// test/node/runnable-samples.test.ts runs the shell ones, test/node/client-package.test.ts the
// TypeScript ones in a project that installed the packed client.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../../..");

export interface Sample {
  /** The file, relative to the repository root: `README.md`, `docs/client.md`. */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  lang: "sh" | "ts";
  code: string;
}

/** README.md, then every Markdown file under docs/, in a stable order. */
export function documentationFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) found.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, "docs"));
  return ["README.md", ...found];
}

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

/** The blocks of one Markdown text marked runnable; a runnable mark on another language throws. */
export function samplesOf(file: string, text: string): Sample[] {
  const samples: Sample[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, , fence, info] = open;
    const words = info!.trim().split(/\s+/);
    let end = i + 1;
    while (end < lines.length && !lines[end]!.trim().startsWith(fence!)) end++;
    if (words.includes("runnable")) {
      const lang = words[0];
      if (lang !== "sh" && lang !== "ts") {
        throw new Error(`${file}:${i + 1}: only sh and ts blocks can be runnable, not "${lang}"`);
      }
      samples.push({ file, line: i + 1, lang, code: lines.slice(i + 1, end).join("\n") });
    }
    i = end;
  }
  return samples;
}

/** Every runnable sample of the documentation. */
export function runnableSamples(): Sample[] {
  return documentationFiles().flatMap((file) => samplesOf(file, readFileSync(join(ROOT, file), "utf8")));
}

/** A file name for a sample: `README.md:120` -> `readme-md-120`. */
export function sampleName(sample: Sample): string {
  return `${sample.file.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}-${sample.line}`;
}

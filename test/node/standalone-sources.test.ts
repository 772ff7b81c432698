// A clone holds everything its comments and docs point to: no comment or document refers to a
// design document outside the repository ("DESIGN 9", "DESIGN section 7"), and nothing reads a
// path outside it (the sibling folder `../shared`, an absolute path of one machine).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SCANNED = ["src", "test", "bench", "scripts", "docs", "client/src", "tools", ".ci"];
const TEXT = /\.(ts|tsx|mts|mjs|js|md|json|toml|sh)$|^run$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name === "dist") return [];
    if (statSync(path).isDirectory()) return files(path);
    return TEXT.test(name) ? [path] : [];
  });
}

const scanned = () => [
  ...SCANNED.flatMap((dir) => files(join(ROOT, dir))),
  join(ROOT, "README.md"),
  join(ROOT, "wrangler.toml"),
  join(ROOT, "package.json"),
];
const self = resolve(import.meta.filename);

function offenders(pattern: RegExp): string[] {
  return scanned()
    .filter((file) => file !== self)
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          pattern.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
}

describe("the repository stands alone", () => {
  it("has no comment or document that points to a design document a clone does not have", () => {
    expect(offenders(/\bDESIGN\b/)).toEqual([]);
  });

  it("reads nothing from a sibling ../shared folder or a fixed machine path", () => {
    expect(offenders(/\.\.\/shared\/|\/work\/(shared|main)\b/)).toEqual([]);
  });
});

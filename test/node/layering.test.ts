// The source layering (docs/CONVENTIONS.md, "Layering"): read src/ with fs, resolve each
// relative import, and check that there is no import cycle, that src/lib/ imports nothing from
// the layers above it, and that only src/db/route.ts makes a Drizzle handle.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

/** `from "./x"` / `import("./x")` specifiers, type-only imports included (they still couple). */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/g))
    found.push(match[1]!);
  for (const match of text.matchAll(/import\(\s*"(\.[^"]+)"\s*\)/g)) found.push(match[1]!);
  return found;
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const rel = (path: string) => relative(ROOT, path);

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const targets = importsOf(readFileSync(file, "utf8"))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target?.startsWith(SRC) === true);
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next].map(rel));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** Imports from src/lib/ into a layer above it (middleware, services, routes, cron, durable objects). */
function libViolations(graph: Map<string, string[]>, src: string): string[] {
  const above = ["middleware", "services", "routes", "cron", "durable-objects"].map((dir) => join(src, dir));
  const offending: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith(join(src, "lib"))) continue;
    for (const target of targets) {
      if (above.some((dir) => target.startsWith(`${dir}/`))) offending.push(`${rel(file)} -> ${rel(target)}`);
    }
  }
  return offending;
}

describe("source layering", () => {
  const graph = importGraph();

  it("finds the source files and their imports", () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get(join(SRC, "app.ts"))?.length).toBeGreaterThan(10);
  });

  it("has no import cycle", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("keeps src/lib/ below the layers that use it", () => {
    expect(libViolations(graph, SRC)).toEqual([]);
  });

  it("makes Drizzle handles only in src/db/route.ts (dbFor, directoryDb, allShards)", () => {
    const callers = [...graph.keys()]
      .filter((file) => /\bcreateDb\(/.test(readFileSync(file, "utf8")))
      .map(rel)
      .sort();
    expect(callers).toEqual(["src/db/client.ts", "src/db/route.ts"]);
  });

  it("detects a cycle and a lib import when there is one (the checks can fail)", () => {
    const a = "/x/src/lib/a.ts";
    const b = "/x/src/services/b.ts";
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toHaveLength(1);
  });
});

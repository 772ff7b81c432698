// The source layering (docs/CONVENTIONS.md, "Layering"): read src/ with fs, resolve each
// relative import, and check that there is no import cycle, that src/lib/ imports nothing from
// the layers above it, that only src/db/route.ts makes a Drizzle handle, that no template lives
// under src/routes/, and that the outputs in src/render/ never import each other.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, SRC, sourceFiles } from "./helpers/source-lines";

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
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
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

/** Package imports (`from "hono/jsx"`), type-only ones included. */
function packageImportsOf(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^".][^"]*)"/g)].map((m) => m[1]!);
}

/** Hono's templating: a module importing one of these renders HTML. */
const TEMPLATING = /^hono\/(?:jsx|html|jsx-renderer)(?:\/|$)/;

/** Route files that are templates: `.tsx`, or importing Hono's JSX or html helpers. */
function templatesUnderRoutes(files: Map<string, string>, src: string): string[] {
  return [...files]
    .filter(([file]) => file.startsWith(join(src, "routes")))
    .filter(
      ([file, text]) => file.endsWith(".tsx") || packageImportsOf(text).some((name) => TEMPLATING.test(name)),
    )
    .map(([file]) => rel(file));
}

/**
 * The outputs of a document: each a leaf that reads the model and the shared modules
 * (src/render/labels.ts, format.ts, address.ts, facts.ts, totals.ts, xml.ts, src/lib/), never another
 * output.
 */
function outputOf(file: string, src: string): string | null {
  const render = join(src, "render");
  if (file.startsWith(join(render, "pdf/"))) return "pdf";
  if (file.startsWith(join(render, "einvoice/"))) return "einvoice";
  if (file === join(render, "hosted-page.tsx")) return "hosted page";
  if (file === join(render, "email.ts") || file.startsWith(join(render, "email/"))) return "e-mail";
  return null;
}

const SHARED_RENDER_MODULES = ["labels.ts", "format.ts", "address.ts", "facts.ts", "totals.ts", "xml.ts"];

/** Imports from one output into another, or from a shared rendering module into an output. */
function outputViolations(graph: Map<string, string[]>, src: string): string[] {
  const shared = SHARED_RENDER_MODULES.map((name) => join(src, "render", name));
  const offending: string[] = [];
  for (const [file, targets] of graph) {
    const from = outputOf(file, src);
    if (from === null && !shared.includes(file)) continue;
    for (const target of targets) {
      const to = outputOf(target, src);
      if (to !== null && to !== from) offending.push(`${rel(file)} -> ${rel(target)}`);
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

  it("keeps templates out of src/routes/: no .tsx, no Hono JSX or html import", () => {
    const files = new Map([...graph.keys()].map((file) => [file, readFileSync(file, "utf8")]));
    expect(templatesUnderRoutes(files, SRC)).toEqual([]);
    // The page is rendered where the other outputs are.
    expect(graph.has(join(SRC, "render", "hosted-page.tsx"))).toBe(true);
  });

  it("never lets one output (PDF, e-invoice, hosted page, e-mail) import another", () => {
    expect(graph.get(join(SRC, "render", "pdf", "document.ts"))).toContain(
      join(SRC, "document", "labels.ts"),
    );
    expect(outputViolations(graph, SRC)).toEqual([]);
  });

  it("detects a template under routes and an output importing another (the checks can fail)", () => {
    const src = "/x/src";
    expect(
      templatesUnderRoutes(
        new Map([
          [`${src}/routes/hosted/page.tsx`, ""],
          [`${src}/routes/hosted/hosted.index.ts`, 'import { html } from "hono/html";'],
          [`${src}/routes/hosted/links.ts`, 'import type { Context } from "hono";'],
        ]),
        src,
      ),
    ).toHaveLength(2);
    const graph = new Map([
      [`${src}/render/pdf/document.ts`, [`${src}/render/email.ts`, `${src}/render/labels.ts`]],
      [`${src}/render/hosted-page.tsx`, [`${src}/render/format.ts`, `${src}/lib/epc-qr.ts`]],
      [`${src}/render/email.ts`, [`${src}/render/address.ts`]],
      [`${src}/render/labels.ts`, [`${src}/render/einvoice/ubl.ts`]],
      [`${src}/render/einvoice/ubl.ts`, [`${src}/render/xml.ts`]],
    ]);
    expect(
      outputViolations(graph, src).map((v) => v.split(" -> ").map((p) => p.slice(p.indexOf("render")))),
    ).toEqual([
      ["render/pdf/document.ts", "render/email.ts"],
      ["render/labels.ts", "render/einvoice/ubl.ts"],
    ]);
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

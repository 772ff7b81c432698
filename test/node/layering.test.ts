// The source layering (docs/CONVENTIONS.md, "Layering"; docs/architecture.md): read src/ with fs,
// resolve each relative import, and check that there is no import cycle, that src/lib/ imports
// nothing from the layers above it, that only src/db/route.ts makes a Drizzle handle, that no
// template lives under src/routes/, that the outputs in src/render/ never import each other, that
// src/render/ reads neither src/services/ nor src/db/, that src/document/ reads none of
// src/services/, src/render/, src/db/, and that no renderer computes an amount.
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
 * The outputs of a document: each a leaf that reads the document layer (src/document/), the shared
 * src/render/xml.ts and src/lib/, never another output.
 */
function outputOf(file: string, src: string): string | null {
  const render = join(src, "render");
  if (file.startsWith(join(render, "pdf/"))) return "pdf";
  if (file.startsWith(join(render, "einvoice/"))) return "einvoice";
  if (file === join(render, "hosted-page.tsx")) return "hosted page";
  if (file === join(render, "email.ts") || file.startsWith(join(render, "email/"))) return "e-mail";
  return null;
}

const SHARED_RENDER_MODULES = ["xml.ts"];

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

/** The directories a layer may not import from, each under src/. */
const FORBIDDEN_IMPORTS: Record<string, readonly string[]> = {
  // The outputs read the issued-document model, never the rows or the rules that built it.
  render: ["services", "db"],
  // The model, its words and figures stand below everything that stores, builds or lays them out.
  document: ["services", "render", "db"],
};

/** Imports from a layer into a directory it may not read (FORBIDDEN_IMPORTS). */
function forbiddenImports(graph: Map<string, string[]>, src: string): string[] {
  const offending: string[] = [];
  for (const [layer, forbidden] of Object.entries(FORBIDDEN_IMPORTS)) {
    for (const [file, targets] of graph) {
      if (!file.startsWith(join(src, layer, "/"))) continue;
      for (const target of targets) {
        if (forbidden.some((dir) => target.startsWith(join(src, dir, "/"))))
          offending.push(`${rel(file)} -> ${rel(target)}`);
      }
    }
  }
  return offending;
}

/**
 * "A renderer computes an amount", as a text check: a line of src/render/ (comments aside) that puts
 * an identifier ending in `Minor` beside an arithmetic operator (`aMinor + b`, `a - bMinor`,
 * `-x.dueMinor`, `aMinor * 2`, `aMinor / 100`, `%`), or an import of src/lib/money.ts's arithmetic
 * (MONEY_ARITHMETIC; its formatting and constants are allowed). Comparisons (`dueMinor > 0`) are
 * not arithmetic. The figure belongs in src/document/, where every output reads it.
 */
const MINOR_ARITHMETIC = /\w*Minor\b\s*[-+*/%](?![=>])|[-+*/%]\s*\(?\s*[\w.?!]*Minor\b/;
const MONEY_ARITHMETIC = [
  "divideHalfAway",
  "lineAmount",
  "priceToMinor",
  "minorToPrice",
  "priceAmount",
  "sumAmounts",
  "rescaleAmount",
  "convertMinor",
  "cashIncrementMinor",
];
/** `path:line code` of arithmetic a renderer may keep, each with its reason; every entry must still match. */
const AMOUNT_ARITHMETIC_ALLOWED: readonly string[] = [];

function amountArithmetic(files: Map<string, string>, src: string): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (!file.startsWith(join(src, "render", "/"))) continue;
    text.split("\n").forEach((line, index) => {
      const code = line.replace(/\/\/.*$/, "").trim();
      if (code.startsWith("*") || code.startsWith("/*")) return;
      if (MINOR_ARITHMETIC.test(code)) found.push(`${rel(file)}:${index + 1} ${code}`);
    });
    for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"[^"]*lib\/money"/g)) {
      for (const name of match[1]!.split(",").map((part) => part.replace(/^\s*type\s+/, "").trim())) {
        if (MONEY_ARITHMETIC.includes(name)) found.push(`${rel(file)} imports ${name}`);
      }
    }
  }
  return found;
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

  it("makes Drizzle handles only in src/db/route.ts (dbFor, directoryDb, forEachShard)", () => {
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
      join(SRC, "document", "labels", "index.ts"),
    );
    expect(outputViolations(graph, SRC)).toEqual([]);
  });

  it("keeps src/render/ off src/services/ and src/db/, and src/document/ off those and src/render/", () => {
    expect(graph.get(join(SRC, "render", "hosted-page.tsx"))).toContain(join(SRC, "document", "model.ts"));
    expect(forbiddenImports(graph, SRC)).toEqual([]);
  });

  it("never lets a renderer compute an amount (arithmetic on minor units, money arithmetic imports)", () => {
    const files = new Map([...graph.keys()].map((file) => [file, readFileSync(file, "utf8")]));
    const found = amountArithmetic(files, SRC);
    expect(found.filter((hit) => !AMOUNT_ARITHMETIC_ALLOWED.includes(hit))).toEqual([]);
    // An allowance no longer matched is stale: remove it.
    expect(AMOUNT_ARITHMETIC_ALLOWED.filter((allowed) => !found.includes(allowed))).toEqual([]);
  });

  it("detects a forbidden import and a renderer's arithmetic (the checks can fail)", () => {
    const src = "/x/src";
    const graph = new Map([
      [
        `${src}/render/pdf/document.ts`,
        [`${src}/services/issued-document/index.ts`, `${src}/document/model.ts`],
      ],
      [`${src}/render/hosted-page.tsx`, [`${src}/db/schema/identity.ts`, `${src}/document/types.ts`]],
      [`${src}/document/facts.ts`, [`${src}/render/xml.ts`, `${src}/lib/money.ts`]],
      [`${src}/document/model.ts`, [`${src}/db/client.ts`]],
      [
        `${src}/services/issued-document/build.ts`,
        [`${src}/db/schema/invoices.ts`, `${src}/document/model.ts`],
      ],
    ]);
    expect(forbiddenImports(graph, src).map((v) => v.replaceAll(/\S*\/src\//g, ""))).toEqual([
      "render/pdf/document.ts -> services/issued-document/index.ts",
      "render/hosted-page.tsx -> db/schema/identity.ts",
      "document/facts.ts -> render/xml.ts",
      "document/model.ts -> db/client.ts",
    ]);
    const files = new Map([
      [
        `${src}/render/a.ts`,
        "const due = t.payableMinor - paidMinor;\nconst shown = money(-t.dueMinor);\nif (dueMinor > 0) x();",
      ],
      [
        `${src}/render/b.ts`,
        'import { formatMoney, sumAmounts } from "../lib/money";\n// t.prepaidMinor + splitMinor',
      ],
      [`${src}/document/c.ts`, "return totals.prepaidMinor + (totals.splitPaymentMinor ?? 0);"],
    ]);
    expect(amountArithmetic(files, src).map((hit) => hit.replace(/^.*?render\//, ""))).toEqual([
      "a.ts:1 const due = t.payableMinor - paidMinor;",
      "a.ts:2 const shown = money(-t.dueMinor);",
      "b.ts imports sumAmounts",
    ]);
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
      [`${src}/render/xml.ts`, [`${src}/render/einvoice/ubl.ts`]],
      [`${src}/render/einvoice/ubl.ts`, [`${src}/render/xml.ts`]],
    ]);
    expect(
      outputViolations(graph, src).map((v) => v.split(" -> ").map((p) => p.slice(p.indexOf("render")))),
    ).toEqual([
      ["render/pdf/document.ts", "render/email.ts"],
      ["render/xml.ts", "render/einvoice/ubl.ts"],
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

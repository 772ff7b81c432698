// The documentation cannot drift: every `sh runnable` block of README.md and docs/ runs against a
// local dev server (a file's blocks in order, in one bash, so a block may use the variables an
// earlier one set), with BASE_URL and ADMIN_TOKEN exported. The `ts runnable` blocks run in
// test/node/client-package.test.ts, in a project that installed the packed client. The README
// stays a page for users: at most 15 KB, and its index lists every file of docs/.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runnableSamples, type Sample, samplesOf } from "./helpers/samples";
import { ADMIN_TOKEN, sharedWorker } from "./shared-worker";

const README_LIMIT = 15_360;

/** The node tests' shared Worker (test/node/shared-worker.ts) and its admin token. */
let server: { baseUrl: string; adminToken: string };
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "samples-"));
  server = { baseUrl: await sharedWorker(), adminToken: ADMIN_TOKEN };
}, 120_000);

afterAll(async () => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * One bash script of a file's blocks, each announced on stderr so a failure names its block;
 * commands are traced (`set -x`), so the output of a failed run ends with the command that failed.
 */
function script(samples: Sample[]): string {
  const blocks = samples.map((s) => `echo '--- ${s.file}:${s.line}' >&2\n${s.code}`);
  return ["set -euo pipefail", "set -x", ...blocks].join("\n");
}

function bash(code: string, cwd: string): Promise<{ status: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn("bash", ["-c", code], {
      cwd,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        BASE_URL: server.baseUrl,
        ADMIN_TOKEN: server.adminToken,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", fail);
    child.once("close", (status) => done({ status, output }));
  });
}

describe("the README", () => {
  it(`is at most ${README_LIMIT} bytes`, () => {
    expect(statSync(join(ROOT, "README.md")).size).toBeLessThanOrEqual(README_LIMIT);
  });

  it("links every file of docs/, and each link resolves", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const linked = new Set([...readme.matchAll(/\]\(docs\/([^)#]+)/g)].map((m) => m[1]!));
    const files = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md"));
    expect(files.filter((name) => !linked.has(name))).toEqual([]);
    for (const name of linked) expect(statSync(join(ROOT, "docs", name)).isFile(), name).toBe(true);
  });

  it("has a runnable shell sample and a runnable TypeScript sample", () => {
    const langs = runnableSamples()
      .filter((s) => s.file === "README.md")
      .map((s) => s.lang);
    expect(langs).toEqual(expect.arrayContaining(["sh", "ts"]));
  });
});

describe("sample extraction", () => {
  it("finds blocks marked runnable, and only those", () => {
    const text =
      "```sh runnable\necho one\n```\n\n```sh\necho two\n```\n\n````ts runnable\nconst x = 1;\n````\n";
    expect(samplesOf("x.md", text)).toEqual([
      { file: "x.md", line: 1, lang: "sh", code: "echo one" },
      { file: "x.md", line: 9, lang: "ts", code: "const x = 1;" },
    ]);
  });

  it("refuses a runnable mark on a language it cannot run", () => {
    expect(() => samplesOf("x.md", "```python runnable\nprint(1)\n```\n")).toThrow(/x.md:1/);
  });
});

describe("the documentation's shell samples", () => {
  const byFile = new Map<string, Sample[]>();
  for (const sample of runnableSamples().filter((s) => s.lang === "sh")) {
    byFile.set(sample.file, [...(byFile.get(sample.file) ?? []), sample]);
  }

  it.each([...byFile.entries()])("%s runs against a dev server", async (file, samples) => {
    const cwd = mkdtempSync(join(work, "run-"));
    const result = await bash(script(samples), cwd);
    expect(result.status, `${file}:\n${result.output}`).toBe(0);
  });

  it("a failing sample fails the run", async () => {
    const failing = { file: "x.md", line: 1, lang: "sh" as const, code: 'curl -sf "$BASE_URL/v1/me"' };
    const result = await bash(script([failing]), work);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("--- x.md:1");
  });
});

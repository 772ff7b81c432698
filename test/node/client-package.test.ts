// The typed client as a user gets it: `npm pack` of the client/ workspace, installed from the
// tarball into a new project outside the repository (with the registry's typescript and
// @types/node, from npm's cache after the root install), type-checked there by TypeScript 5 and
// by the project's TypeScript 7, and run against a local dev server. A misspelt field must fail
// tsc. The documentation's `ts runnable` samples are compiled and run in the same project.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runnableSamples, sampleName } from "./helpers/samples";
import { ADMIN_TOKEN, sharedWorker } from "./shared-worker";

const FIXTURES = join(ROOT, "test/node/fixtures/client-consumer");

/** The node tests' shared Worker (test/node/shared-worker.ts) and its admin token. */
let server: { baseUrl: string; adminToken: string };
let work: string;
let consumer: string;
/** TypeScript 5's compilation of the consumer project into out/ (which the run tests execute). */
let compiled: { status: number | null; output: string };
/** TypeScript 7's check of the same project. */
let checked: { status: number | null; output: string };

/** npm settings the nested npm calls keep: where its cache and registry are. */
const KEPT_NPM_SETTINGS = new Set(["npm_config_cache", "npm_config_registry", "npm_config_userconfig"]);

/**
 * The environment of nested npm calls: without the other npm_* variables of the `npm test`
 * around us (its prefix and workspace would point the install at the repository).
 */
function npmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("npm_") || KEPT_NPM_SETTINGS.has(name)),
  );
}

/** Runs a command to its end (asynchronously: the dev server lives in this process). */
function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = npmEnv(),
): Promise<{ status: number | null; stdout: string; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let output = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", fail);
    child.once("close", (status) => done({ status, stdout, output }));
  });
}

/** `name@version` of the copy installed in the repository, so npm finds its tarball in its cache. */
function installed(from: string, name: string): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, from, "node_modules", name, "package.json"), "utf8"));
  return `${name}@${pkg.version}`;
}

/** Packs client/ (its prepack builds dist/) and installs the tarball into a new project. */
async function installConsumer(): Promise<string> {
  const pack = await run("npm", ["pack", "--json", "--pack-destination", work], join(ROOT, "client"));
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.output}`);
  const packed = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("["))) as { filename: string }[];
  const tarball = join(work, packed[0]!.filename);
  const dir = join(work, "consumer");
  mkdirSync(join(dir, "src/samples"), { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  const compilerOptions = {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: ["node"],
    strict: true,
    // As most projects set it; the package's own sources are checked when it is built.
    skipLibCheck: true,
    outDir: "out",
    rootDir: "src",
  };
  // One project, the misspelt field's file in it: each compiler checks it once, and its error
  // must be the only one (tsc still writes out/ for the files without errors).
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions }));
  copyFileSync(join(FIXTURES, "consumer.ts"), join(dir, "src/consumer.ts"));
  copyFileSync(join(FIXTURES, "wrong-field.ts"), join(dir, "src/wrong-field.ts"));
  for (const sample of runnableSamples().filter((s) => s.lang === "ts")) {
    writeFileSync(join(dir, `src/samples/${sampleName(sample)}.ts`), `${sample.code}\n`);
  }
  const install = await run(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      tarball,
      installed("tools/openapi-client", "typescript"),
      installed(".", "@types/node"),
    ],
    dir,
  );
  if (install.status !== 0) throw new Error(`npm install of the packed client failed:\n${install.output}`);
  return dir;
}

const tsc5 = (project: string) =>
  run(process.execPath, [join(consumer, "node_modules/typescript/bin/tsc"), "-p", project], consumer);
const tsc7 = (project: string) =>
  run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", project, "--noEmit"], consumer);

/** Bootstraps an organization on the dev server; its owner's API key. */
async function newOrganizationKey(email: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/v1/admin/organizations`, {
    method: "POST",
    headers: { Authorization: `Bearer ${server.adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Samples Ltd", default_currency: "EUR", owner: { email, name: "Ada" } }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { api_key: string }).api_key;
}

function runConsumer(file: string, env: Record<string, string>) {
  return run(process.execPath, [join(consumer, "out", file)], consumer, {
    PATH: process.env.PATH,
    BASE_URL: server.baseUrl,
    ...env,
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "client-package-"));
  const [baseUrl, installed] = await Promise.all([sharedWorker(), installConsumer()]);
  server = { baseUrl, adminToken: ADMIN_TOKEN };
  consumer = installed;
  [compiled, checked] = await Promise.all([tsc5("tsconfig.json"), tsc7("tsconfig.json")]);
}, 180_000);

/** The compiler's error lines. */
const errorLines = (output: string) => output.split("\n").filter((line) => /error TS\d+/.test(line));

afterAll(async () => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packed @invoicing-api/client", () => {
  it("holds the built ESM and types, and the consumer type-checks with TypeScript 5 and 7", async () => {
    const pkg = JSON.parse(
      readFileSync(join(consumer, "node_modules/@invoicing-api/client/package.json"), "utf8"),
    );
    expect(pkg.exports["."]).toEqual({ types: "./dist/index.d.ts", import: "./dist/index.js" });
    // Every file but the misspelt field's compiles without an error.
    for (const result of [compiled, checked]) {
      expect(errorLines(result.output).filter((line) => !line.startsWith("src/wrong-field.ts"))).toEqual([]);
    }
  });

  it("refuses a misspelt field at compile time", () => {
    for (const result of [compiled, checked]) {
      expect(result.status).not.toBe(0);
      const errors = errorLines(result.output);
      expect(errors, result.output).toHaveLength(1);
      expect(errors[0]).toMatch(/^src\/wrong-field\.ts.*'customer' does not exist in type/);
    }
  });

  it("creates invoices, pages through them and handles errors against a dev server", async () => {
    const result = await runConsumer("consumer.js", { ADMIN_TOKEN: server.adminToken });
    expect(result.status, result.output).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      created: ["INV-000001", "INV-000002", "INV-000003"],
      pages: [["INV-000001 150", "INV-000002 300"], ["INV-000003 450"]],
      missing: { status: 404, code: "not_found" },
      invalid: { status: 422, code: "validation_error", fields: ["items.0.quantity"] },
    });
  });
});

describe("the documentation's TypeScript samples", () => {
  const samples = runnableSamples().filter((s) => s.lang === "ts");

  it("has some (the README's typed-client sample at least)", () => {
    expect(samples.some((s) => s.file === "README.md")).toBe(true);
  });

  // Compiled with the consumer above (tsconfig.json covers src/samples): an error fails the first test.
  it.each(samples.map((s) => [`${s.file}:${s.line}`, s] as const))("%s runs", async (_, sample) => {
    const apiKey = await newOrganizationKey(`${sampleName(sample)}@example.com`);
    const result = await runConsumer(`samples/${sampleName(sample)}.js`, {
      API_KEY: apiKey,
      ADMIN_TOKEN: server.adminToken,
    });
    expect(result.status, result.output).toBe(0);
  });
});

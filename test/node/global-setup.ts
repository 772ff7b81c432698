// The `node` project's global setup: a Worker for each of the project's test threads (on a free
// port, with a throwaway local D1 migrated from migrations/ and the fixed test secrets), a copy of
// that D1 as migrated for a test that starts a Worker of its own, and the browser the browser
// tests use. Tests reach them through test/node/shared-worker.ts. The Workers start in the
// background while the first tests run; `sharedWorker()` waits until its thread's Worker answers
// /health. One Worker per thread, not one for both: the node tests spend most of their time
// waiting on the Worker, and a Worker runs its JavaScript on one thread, so with one Worker the
// second core idled (measured: docs/testing.md).
//
// Each Worker is the script `wrangler deploy` would upload (built once, `--dry-run`:
// scripts/check-bundle.mjs), run by
// Miniflare in workerd with the bindings wrangler.toml declares (wrangler's own reading of it),
// as `wrangler dev` runs it but without its development server: no proxy Worker in a second
// workerd, no inspector, no file watching. A request cost about 13 ms of CPU under `wrangler
// dev` and under 3 ms so (measured: docs/testing.md).
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, resolve } from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import type { TestProject } from "vitest/node";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { buildWorker } from "../../scripts/check-bundle.mjs";
import {
  localStateRoot,
  type MiniflareModule,
  migrateLocal,
  wranglersMiniflare,
} from "../../scripts/migrate-local.mjs";
import { freePorts } from "./helpers/free-ports";
import { BROWSER_HINT, findChromium, TEST_VARS } from "./shared-worker";

const ROOT = resolve(import.meta.dirname, "../..");

/** A running Worker of the global setup. */
type SharedWorker = InstanceType<MiniflareModule["Miniflare"]>;

type WorkerOptions = ReturnType<typeof unstable_getMiniflareWorkerOptions>["workerOptions"];

/**
 * The modules of the built Worker: its script first, then each file it imports (the PDF fonts,
 * the ICC profile) as the module type wrangler.toml's rules give its extension.
 */
function builtModules(outdir: string, rules: WorkerOptions["modulesRules"]) {
  const typeOf = (name: string) => {
    const rule = rules?.find((r) => r.include.some((glob) => glob.endsWith(`*${extname(name)}`)));
    if (!rule) throw new Error(`The built Worker has ${name}, which no module rule of wrangler.toml types`);
    return rule.type;
  };
  const files = readdirSync(outdir).filter((name) => name !== "README.md" && !name.endsWith(".map"));
  if (!files.includes("index.js")) throw new Error(`The built Worker has no index.js in ${outdir}`);
  return [
    { type: "ESModule" as const, path: join(outdir, "index.js") },
    ...files
      .filter((name) => name !== "index.js")
      .map((name) => ({ type: typeOf(name), path: join(outdir, name) })),
  ];
}

/** Once `migrated` is migrated and the Worker built, copies the state to `persistTo` and serves the Worker on it. */
async function startWorker(
  port: number,
  prepared: Promise<string>,
  migrated: string,
  persistTo: string,
): Promise<SharedWorker> {
  const outdir = await prepared;
  cpSync(migrated, persistTo, { recursive: true });
  const configPath = join(ROOT, "wrangler.toml");
  const { name, vars } = unstable_readConfig({ config: configPath });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath);
  const { modulesRules, ...options } = workerOptions;
  const { Miniflare, convertV4MiniflareOptions } = await wranglersMiniflare();
  const worker = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          ...options,
          name,
          modulesRoot: outdir,
          modules: builtModules(outdir, modulesRules),
          // wrangler.toml's variables and the test secrets: nothing of a developer's .dev.vars.
          bindings: { ...vars, ...TEST_VARS },
        },
      ],
      // Where `wrangler dev --persist-to <persistTo>` keeps its local D1, R2 and Durable Objects.
      resourcePersistencePath: localStateRoot(persistTo),
      host: "127.0.0.1",
      port,
      // `/cdn-cgi/local/email` and `/cdn-cgi/local/scheduled`, as under `wrangler dev`.
      unsafeTriggerHandlers: true,
      // No `Request.cf` from the network; the Worker does not read it.
      cf: false,
      // The Worker's errors go to stderr; its request logs and warnings are not the tests' output
      // (SHARED_WORKER_LOGS=1 prints every line).
      handleStructuredLogs: ({ level, message }: { level: string; message: string }) => {
        if (process.env.SHARED_WORKER_LOGS === "1") console.log(message);
        else if (level === "error") console.error(`[shared Worker] ${message}`);
      },
    }),
  );
  try {
    await worker.ready;
  } catch (error) {
    await worker.dispose().catch(() => {});
    throw error;
  }
  return worker;
}

/**
 * Headless Chromium with its DevTools on `port`: a test connects with `sharedBrowser()` and works
 * in a context of its own. The flags keep it off the network it would call by itself (this
 * machine's network is closed: docs/testing.md).
 */
function startBrowser(executablePath: string, port: number): Promise<Browser | undefined> {
  return puppeteer
    .launch({
      executablePath,
      headless: true,
      // It starts while the Workers are built and started: more than puppeteer's 30 s on a busy machine.
      timeout: 120_000,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--remote-debugging-port=${port}`,
      ],
    })
    .catch((error: unknown) => {
      console.error("The browser for the node tests did not start:", error);
      return undefined;
    });
}

export default async function setup(project: TestProject) {
  const chromium = findChromium();
  project.provide("chromium", chromium);
  if (!chromium && process.env.CI !== "true") console.warn(`\n ${BROWSER_HINT}\n`);

  // One Worker per test thread of the project (its maxWorkers), and the browser's DevTools port.
  const threads = Math.max(1, Number(project.config.maxWorkers) || 1);
  const ports = await freePorts(threads + 1);
  const browserPort = ports.pop()!;
  // One browser for every browser test, started in the background: a start of Chromium costs
  // about 4 s of CPU, and the run started it four times (docs/testing.md).
  const browser = chromium ? startBrowser(chromium, browserPort) : undefined;
  project.provide("browserUrl", browser ? `http://127.0.0.1:${browserPort}` : null);
  // A migrated database that no Worker uses: `migratedState()` copies it for a test of its own.
  const migrated = mkdtempSync(join(tmpdir(), "migrated-d1-"));
  const states = ports.map(() => mkdtempSync(join(tmpdir(), "shared-worker-")));
  project.provide(
    "sharedWorkerUrls",
    ports.map((port) => `http://127.0.0.1:${port}`),
  );
  project.provide("migratedState", migrated);
  // Every database of the configuration, as `npm run dev` migrates them (scripts/migrate-local.mjs),
  // while the Worker is built.
  // The build is also the one test/node/bundle-size.test.ts holds to the size limits.
  const build = mkdtempSync(join(tmpdir(), "shared-worker-build-"));
  project.provide("workerBuild", build);
  const prepared = Promise.all([migrateLocal({ persistTo: migrated }), buildWorker(build)]).then(() => build);
  const started = ports.map((port, i) =>
    startWorker(port, prepared, migrated, states[i]!).catch((error: unknown) => {
      console.error("A shared Worker for the node tests did not start:", error);
      return undefined;
    }),
  );

  return async () => {
    await Promise.allSettled([
      ...started.map(async (worker) => (await worker)?.dispose()),
      browser?.then((b) => b?.close()),
    ]);
    for (const dir of [...states, migrated, build]) rmSync(dir, { recursive: true, force: true });
  };
}

// The `node` project's global setup: one Worker under `wrangler dev` for every Node-side test
// (on a free port, with a throwaway local D1 migrated from migrations/ and the fixed test
// secrets), and the browser the browser tests use. Tests reach both through
// test/node/shared-worker.ts. The Worker starts in the background while the first tests run;
// `sharedWorker()` waits until it answers /health.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { type Unstable_DevWorker, unstable_dev } from "wrangler";
import { BROWSER_HINT, findChromium, TEST_VARS } from "./shared-worker";

const ROOT = resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function startWorker(port: number, persistTo: string): Promise<Unstable_DevWorker> {
  // wrangler's own entry under this Node (npx would add a second of resolution).
  await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, "node_modules/wrangler/bin/wrangler.js"),
      ...["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
    ],
    { cwd: ROOT, env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" } },
  );
  return unstable_dev(join(ROOT, "src/index.ts"), {
    config: join(ROOT, "wrangler.toml"),
    persistTo,
    ip: "127.0.0.1",
    port,
    logLevel: "error",
    vars: TEST_VARS,
    experimental: { disableExperimentalWarning: true, disableDevRegistry: true },
  });
}

export default async function setup(project: TestProject) {
  const chromium = findChromium();
  project.provide("chromium", chromium);
  if (!chromium && process.env.CI !== "true") console.warn(`\n ${BROWSER_HINT}\n`);

  const port = await freePort();
  const persistTo = mkdtempSync(join(tmpdir(), "shared-worker-"));
  project.provide("sharedWorkerUrl", `http://127.0.0.1:${port}`);
  const started = startWorker(port, persistTo).catch((error: unknown) => {
    console.error("The shared Worker for the node tests did not start:", error);
    return undefined;
  });

  return async () => {
    await (await started)?.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}

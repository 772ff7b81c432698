// The `node` project's global setup: a Worker under `wrangler dev` for each of the project's test
// threads (on a free port, with a throwaway local D1 migrated from migrations/ and the fixed test
// secrets), a copy of that D1 as migrated for a test that starts a Worker of its own, and the
// browser the browser tests use. Tests reach them through test/node/shared-worker.ts. The
// Workers start in the background while the first tests run; `sharedWorker()` waits until its
// thread's Worker answers /health. One Worker per thread, not one for both: the node tests spend
// most of their time waiting on the Worker, and a Worker runs its JavaScript on one thread, so
// with one Worker the second core idled (measured: docs/testing.md).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { type Unstable_DevWorker, unstable_dev } from "wrangler";
import { migrateLocal } from "../../scripts/migrate-local.mjs";
import { BROWSER_HINT, findChromium, TEST_VARS } from "./shared-worker";

const ROOT = resolve(import.meta.dirname, "../..");

/** `count` distinct free ports: each listener stays open until every port is chosen. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((done, fail) => {
          const server = createServer();
          server.once("error", fail);
          server.listen(0, "127.0.0.1", () => done(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

/** Once `migrated` is migrated, copies it to `persistTo` and starts a Worker on that copy. */
async function startWorker(
  port: number,
  migration: Promise<void>,
  migrated: string,
  persistTo: string,
): Promise<Unstable_DevWorker> {
  await migration;
  cpSync(migrated, persistTo, { recursive: true });
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

  // One Worker per test thread of the project (its maxWorkers).
  const threads = Math.max(1, Number(project.config.maxWorkers) || 1);
  const ports = await freePorts(threads);
  // A migrated database that no Worker uses: `migratedState()` copies it for a test of its own.
  const migrated = mkdtempSync(join(tmpdir(), "migrated-d1-"));
  const states = ports.map(() => mkdtempSync(join(tmpdir(), "shared-worker-")));
  project.provide(
    "sharedWorkerUrls",
    ports.map((port) => `http://127.0.0.1:${port}`),
  );
  project.provide("migratedState", migrated);
  // Every database of the configuration, as `npm run dev` migrates them (scripts/migrate-local.mjs).
  const migratedOnce = migrateLocal({ persistTo: migrated }).then(() => {});
  const started = ports.map((port, i) =>
    startWorker(port, migratedOnce, migrated, states[i]!).catch((error: unknown) => {
      console.error("A shared Worker for the node tests did not start:", error);
      return undefined;
    }),
  );

  return async () => {
    await Promise.allSettled(started.map(async (worker) => (await worker)?.stop()));
    for (const dir of [...states, migrated]) rmSync(dir, { recursive: true, force: true });
  };
}

// Two projects (docs/testing.md). `workers`: the suite, inside workerd against the real Worker,
// with local D1, R2 and Durable Objects. `node`: tests that need Node (test/node/), e.g. the
// e-invoice XML checked against the official EN 16931 rules with SaxonJS, against the built Worker
// run in workerd, one per test thread (test/node/global-setup.ts).
//
// Speed: `workers` runs its files one after another in two long-lived workerd processes
// (`isolate: false`): the Worker's modules load once per process, and the files share one D1,
// R2 and set of Durable Objects, migrated once. Such a file makes its own organizations and
// asserts on what they own, never on whole tables. A file whose subject is a sweep over every
// organization (cron, key rotation, retention) cannot share: it is listed in test/own-database.ts,
// starts before any sharing file in its process (test/sequencer.ts) and on emptied D1 and R2
// (test/fresh-storage.ts), as a fresh workerd has them.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { copyAssets } from "./scripts/copy-assets.mjs";
import { UNREACHABLE_PROVIDER } from "./test/fakes/unreachable";
import { nativeDependencies } from "./test/native-dependencies";
import { SlowestFirstSequencer } from "./test/sequencer";

// Two workers on two cores: while one waits on workerd or wrangler, the other runs.
const MAX_WORKERS = 2;

export default defineConfig(async () => {
  // Workers static assets (the API reference bundle) must exist before wrangler.toml is read.
  copyAssets();
  const migrations = await readD1Migrations(new URL("./migrations", import.meta.url).pathname);
  const workerd = cloudflareTest({
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: {
      // Fixed test secrets, so the suite never depends on a developer's .dev.vars.
      bindings: {
        TEST_MIGRATIONS: migrations,
        MASTER_KEY: "3q2+7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhs=",
        JWT_SECRET: "test-jwt-secret-0123456789abcdef0123456789abcdef",
        ADMIN_TOKEN: "test-admin-token",
        WEBHOOK_ALLOW_PRIVATE: "false",
        EMAIL_TRANSPORT: "outbox",
        // Tests run without PUBLIC_BASE_URL and EMAIL_FROM (src/lib/deployment-config.ts).
        ENVIRONMENT: "test",
        // The Peppol provider's origin when a test has not pointed it at the fake
        // (test/helpers/recommand.ts): a closed port on loopback, so a connection some file left
        // behind, swept by another file's cron run, fails there and never reaches the internet.
        RECOMMAND_API_BASE: UNREACHABLE_PROVIDER,
        // Organizations receive bills at bills+<token>@ this domain (src/services/inbound-email/).
        INBOUND_EMAIL_DOMAIN: "bills.example.test",
        // "all": every test's request log reaches vitest, passing or not (test/held-logs.ts).
        TEST_LOGS: process.env.TEST_LOGS ?? "",
        // Replays a seed of test/routes/billing/amount-due-agreement.test.ts; empty: a random one.
        AMOUNT_DUE_PROPERTY_SEED: process.env.AMOUNT_DUE_PROPERTY_SEED ?? "",
      },
    },
  });
  return {
    test: {
      // Request logs of passing tests are noise; a failing test still shows its output. Read by
      // the reporters from this root config (set on a project, it printed every log: 31,000
      // lines, 2.6 MB per run).
      silent: "passed-only" as const,
      // Two test threads for the whole run, not two per project: measured, the run took about 40 s
      // less CPU (318 s against 362 s) and finished 10 s sooner on the 2-core machine.
      maxWorkers: MAX_WORKERS,
      // The `workers` files first, and in each project the files measured slowest first, also on
      // a fresh clone (test/sequencer.ts).
      sequence: { sequencer: SlowestFirstSequencer },
      // The ten slowest files are printed at the end of every run.
      reporters: ["default", "./test/reporters/slowest-files.ts"],
      // UPDATE_GOLDEN=1 rewrites the golden outputs (test/routes/golden-outputs.test.ts), as -u does.
      ...(process.env.UPDATE_GOLDEN === "1" ? { update: true } : {}),
      projects: [
        {
          // Dependencies are imported by workerd as they are, not rewritten by Vite
          // (test/native-dependencies.ts).
          plugins: [workerd, nativeDependencies()],
          test: {
            name: "workers",
            include: ["test/**/*.test.ts"],
            exclude: ["test/node/**"],
            // The files of test/own-database.ts start first in each workerd process, each on
            // emptied storage (test/fresh-storage.ts, test/sequencer.ts).
            // A passing test's request log stays in the isolate (test/held-logs.ts).
            setupFiles: ["./test/setup.ts", "./test/fresh-storage.ts", "./test/held-logs.ts"],
            // The fake Peppol access point provider (Recommand) on loopback: test/fakes/recommand.ts.
            globalSetup: ["./test/fakes/global-setup.ts"],
            isolate: false,
            maxWorkers: MAX_WORKERS,
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          test: {
            name: "node",
            environment: "node",
            include: ["test/node/**/*.test.ts"],
            globalSetup: ["./test/node/global-setup.ts"],
            // The files share their worker processes: the e-invoice rule sets (SaxonJS) are
            // parsed once per process, not once per file, and no file pays a fresh start.
            isolate: false,
            maxWorkers: MAX_WORKERS,
            testTimeout: 180_000,
            hookTimeout: 180_000,
          },
        },
      ],
    },
  };
});

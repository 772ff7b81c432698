// Two projects. `workers`: the suite, inside workerd against the real Worker, with local D1,
// R2 and Durable Objects. `node`: tests that need Node (test/node/), e.g. the e-invoice XML
// checked against the official EN 16931 rules with SaxonJS, against the Worker run by wrangler.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { copyAssets } from "./scripts/copy-assets.mjs";

export default defineConfig(async () => {
  // Workers static assets (the API reference bundle) must exist before wrangler.toml is read.
  copyAssets();
  const migrations = await readD1Migrations(new URL("./migrations", import.meta.url).pathname);
  return {
    test: {
      projects: [
        {
          plugins: [
            cloudflareTest({
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
                },
              },
            }),
          ],
          test: {
            name: "workers",
            include: ["test/**/*.test.ts"],
            exclude: ["test/node/**"],
            // Request logs of passing tests are noise; a failing test still shows its output.
            silent: "passed-only" as const,
            setupFiles: ["./test/setup.ts"],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          test: {
            name: "node",
            environment: "node",
            include: ["test/node/**/*.test.ts"],
            silent: "passed-only" as const,
            testTimeout: 180_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});

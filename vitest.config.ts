// Tests run inside workerd against the real Worker, with local D1, R2 and Durable Objects.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(new URL("./migrations", import.meta.url).pathname);
  return {
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
      include: ["test/**/*.test.ts"],
      // Request logs of passing tests are noise; a failing test still shows its output.
      silent: "passed-only" as const,
      setupFiles: ["./test/setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
});

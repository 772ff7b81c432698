// One local dev server for a node test: the Worker under wrangler on a free loopback port, with
// its D1 migrated in a throwaway directory and fixed test secrets. Tests that run code the way a
// user would (the packed client, the documentation's samples) call it over plain HTTP.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { unstable_dev } from "wrangler";

const ROOT = resolve(import.meta.dirname, "../../..");

export interface DevServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string;
  /** The bearer token of `/v1/admin/*` on this server. */
  adminToken: string;
  stop(): Promise<void>;
}

/** Starts the Worker (about 5 to 10 s); `stop()` ends it and removes its local state. */
export async function startDevServer(): Promise<DevServer> {
  const adminToken = "dev-server-admin-token";
  const persistTo = mkdtempSync(join(tmpdir(), "dev-server-d1-"));
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    cwd: ROOT,
    stdio: "pipe",
    env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
  });
  const worker = await unstable_dev(join(ROOT, "src/index.ts"), {
    config: join(ROOT, "wrangler.toml"),
    persistTo,
    ip: "127.0.0.1",
    logLevel: "error",
    vars: {
      MASTER_KEY: "3q2+7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhs=",
      JWT_SECRET: "test-jwt-secret-0123456789abcdef0123456789abcdef",
      ADMIN_TOKEN: adminToken,
      WEBHOOK_ALLOW_PRIVATE: "false",
      EMAIL_TRANSPORT: "outbox",
    },
    experimental: { disableExperimentalWarning: true, disableDevRegistry: true },
  });
  return {
    baseUrl: `http://${worker.address}:${worker.port}`,
    adminToken,
    async stop() {
      await worker.stop();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}

// `npm run lint:openapi`: runs the Worker locally (wrangler), writes the /openapi.json it serves
// to a temporary file and lints it with Redocly's recommended ruleset (redocly.yaml).
// Exits with Redocly's status: any error fails, warnings are printed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { unstable_dev } from "wrangler";
import { copyAssets } from "./copy-assets.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
copyAssets();
const worker = await unstable_dev(join(ROOT, "src/index.ts"), {
  config: join(ROOT, "wrangler.toml"),
  ip: "127.0.0.1",
  logLevel: "error",
  vars: { ADMIN_TOKEN: "lint", JWT_SECRET: "lint-jwt-secret-0123456789abcdef0123456789abcdef" },
  experimental: { disableExperimentalWarning: true, disableDevRegistry: true },
});
const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
let status = 1;
try {
  const res = await worker.fetch("/openapi.json");
  if (!res.ok) throw new Error(`GET /openapi.json answered ${res.status}`);
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(await res.json(), null, 2));
  const result = spawnSync(
    join(ROOT, "node_modules/.bin/redocly"),
    ["lint", "--config", join(ROOT, "redocly.yaml"), "--format", "stylish", file],
    {
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  status = result.status ?? 1;
} finally {
  await worker.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);

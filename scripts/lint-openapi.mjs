// `npm run lint:openapi`: runs the Worker locally (wrangler), and lints the /openapi.json it serves
// with Redocly's recommended ruleset (redocly.yaml). Exits with Redocly's status: any error
// fails, warnings are printed. `npm test` lints the document of the node tests' shared Worker
// with the same function instead (test/node/openapi-lint.test.ts): no Worker of its own to start.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Lints an OpenAPI document (parsed JSON) with Redocly's CLI and redocly.yaml; `output` is what
 * Redocly printed (its problems, errors and warnings), `status` its exit status (0: no error).
 */
export function lintOpenApi(document) {
  const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  try {
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(document, null, 2));
    const result = spawnSync(
      join(ROOT, "node_modules/.bin/redocly"),
      ["lint", "--config", join(ROOT, "redocly.yaml"), "--format", "stylish", file],
      {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        shell: process.platform === "win32",
      },
    );
    if (result.error) throw result.error;
    return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { unstable_dev } = await import("wrangler");
  const { copyAssets } = await import("./copy-assets.mjs");
  copyAssets();
  const worker = await unstable_dev(join(ROOT, "src/index.ts"), {
    config: join(ROOT, "wrangler.toml"),
    ip: "127.0.0.1",
    logLevel: "error",
    vars: { ADMIN_TOKEN: "lint", JWT_SECRET: "lint-jwt-secret-0123456789abcdef0123456789abcdef" },
    experimental: { disableExperimentalWarning: true, disableDevRegistry: true },
  });
  try {
    const res = await worker.fetch("/openapi.json");
    if (!res.ok) throw new Error(`GET /openapi.json answered ${res.status}`);
    const { status, output } = lintOpenApi(await res.json());
    process.stdout.write(output);
    process.exitCode = status;
  } finally {
    await worker.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();

// `npm run lint:openapi`: runs the Worker locally (wrangler) and lints the /openapi.json it serves
// with Redocly's recommended ruleset (scripts/redocly-lint.mjs, redocly.yaml). Exits with Redocly's
// status: any error fails, warnings are printed. `npm test` lints the document of the node tests'
// shared Worker with the same function instead (test/node/openapi-lint.test.ts): no Worker of its
// own to start.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { unstable_dev } from "wrangler";
import { copyAssets } from "./copy-assets.mjs";
import { lintOpenApi } from "./redocly-lint.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
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

// Redocly's recommended ruleset (redocly.yaml) over an OpenAPI document, for `npm run lint:openapi`
// (scripts/lint-openapi.mjs, on a Worker of its own) and `npm test` (test/node/openapi-lint.test.ts,
// on the node tests' shared Worker).
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
    // Redocly's CLI run by this Node, no shell: the same on every platform, whatever the paths hold.
    const result = spawnSync(
      process.execPath,
      [
        join(ROOT, "node_modules/@redocly/cli/bin/cli.js"),
        "lint",
        "--config",
        join(ROOT, "redocly.yaml"),
        "--format",
        "stylish",
        file,
      ],
      {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    if (result.error) throw result.error;
    return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

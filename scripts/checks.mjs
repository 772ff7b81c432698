// The static checks of `npm test` (docs/testing.md), run at the same time rather than one after
// another: `npm run typecheck` and `npm run lint`. (The OpenAPI lint and the bundle's limits run as
// node tests, on the shared Worker and its build: test/node/openapi-lint.test.ts,
// test/node/bundle-size.test.ts; `npm run lint:openapi` and `npm run bundle:check` run them alone.) Each one's output is
// printed in one piece when it ends; the exit status is 1 when any of them failed.
import { spawn } from "node:child_process";

const CHECKS = ["typecheck", "lint"];
const windows = process.platform === "win32";

function run(script) {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: ["ignore", "pipe", "pipe"],
      shell: windows,
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.once("error", (error) => output.push(Buffer.from(`${error.stack ?? error}\n`)));
    child.once("close", (status) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const verdict = status === 0 ? "passed" : `FAILED (exit status ${status})`;
      process.stdout.write(`\n> npm run ${script}: ${verdict} in ${seconds} s\n${Buffer.concat(output)}`);
      done(status === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
const failed = CHECKS.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((name) => `npm run ${name}`).join(", ")}`);
  process.exit(1);
}

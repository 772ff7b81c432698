// `npm test`: the static checks (scripts/checks.mjs: tsc, Biome, the OpenAPI lint, the bundle) and the vitest
// suite at the same time. The suite leaves part of the two cores idle while its files wait on
// workerd, wrangler and the browser; the checks, started at a lower priority, take that time
// rather than the suite's. The suite prints as it runs; the checks' output follows it in one
// piece. Arguments go to vitest (`npm test -- test/routes/invoices.test.ts`). The exit status is
// 1 when either failed. SIGINT and SIGTERM are passed on to both.
import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";

const node = process.execPath;
const script = (path) => fileURLToPath(new URL(path, import.meta.url));
const children = new Set();

function run(args, { capture = false, nice = 0 } = {}) {
  return new Promise((done) => {
    const child = spawn(node, args, { stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    children.add(child);
    if (nice) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not permitted here: the checks run at the suite's priority.
      }
    }
    const output = [];
    if (capture) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.once("error", (error) => output.push(Buffer.from(`${error.stack ?? error}\n`)));
    child.once("close", (status) => {
      children.delete(child);
      done({ ok: status === 0, output: Buffer.concat(output) });
    });
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 1;
  });
}

const checks = run([script("./checks.mjs")], { capture: true, nice: 10 });
const suite = await run([script("../node_modules/vitest/vitest.mjs"), "run", ...process.argv.slice(2)]);
const checked = await checks;
process.stdout.write(`\n${checked.output}`);
if (!checked.ok) console.error("\nThe checks failed (above).");
if (!suite.ok) console.error("\nThe test suite failed (above).");
// Set rather than exit: what is written to a pipe is flushed first.
process.exitCode = checked.ok && suite.ok ? (process.exitCode ?? 0) : 1;

// `npm test`: the static checks (scripts/checks.mjs: tsc, Biome, the OpenAPI lint, the bundle) and the vitest
// suite at the same time. The suite leaves part of the two cores idle while its files wait on
// workerd, wrangler and the browser; the checks, started at a lower priority, take that time
// rather than the suite's. The suite prints as it runs; the checks' output follows it in one
// piece. Arguments go to vitest (`npm test -- test/routes/invoices.test.ts`). The exit status is
// 1 when either failed. SIGINT and SIGTERM are passed on to both.
import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync, statSync } from "node:fs";
import { setPriority } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const node = process.execPath;
const script = (path) => fileURLToPath(new URL(path, import.meta.url));
const children = new Set();

/**
 * The suite's scratch space (TMPDIR for everything it starts): a new directory in memory when the
 * machine has one (Linux's /dev/shm) and TMPDIR is not set. Every workerd and wrangler keeps its
 * local D1, R2 and Durable Objects under the temporary directory, as SQLite files; on a disk their
 * writes and syncs cost the run about a tenth of its time (measured: docs/testing.md). Removed
 * when the run ends.
 */
function scratchSpace() {
  if (process.env.TMPDIR) return undefined;
  try {
    if (!statSync("/dev/shm").isDirectory()) return undefined;
    accessSync("/dev/shm", constants.W_OK);
    return mkdtempSync(join("/dev/shm", "invoicing-test-"));
  } catch {
    return undefined;
  }
}
const scratch = scratchSpace();
const env = scratch ? { ...process.env, TMPDIR: scratch } : process.env;

function run(args, { capture = false, nice = 0 } = {}) {
  return new Promise((done) => {
    const child = spawn(node, args, { env, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
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
if (scratch) rmSync(scratch, { recursive: true, force: true });
process.stdout.write(`\n${checked.output}`);
if (!checked.ok) console.error("\nThe checks failed (above).");
if (!suite.ok) console.error("\nThe test suite failed (above).");
// Set rather than exit: what is written to a pipe is flushed first.
process.exitCode = checked.ok && suite.ok ? (process.exitCode ?? 0) : 1;

// `npm test`: the static checks (scripts/checks.mjs: tsc, Biome) and the vitest
// suite at the same time. The suite leaves part of the two cores idle while its files wait on
// workerd, wrangler and the browser; the checks, started at a lower priority, take that time
// rather than the suite's. The suite prints as it runs; the checks' output follows it in one
// piece. Arguments go to vitest (`npm test -- test/routes/invoices.test.ts`). The exit status is
// 1 when either failed. SIGINT, SIGTERM and SIGHUP are passed on to both.
import { spawn } from "node:child_process";
import { accessSync, constants, mkdirSync, readdirSync, rmSync, statfsSync, statSync } from "node:fs";
import { setPriority } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const node = process.execPath;
const script = (path) => fileURLToPath(new URL(path, import.meta.url));
const children = new Set();

/**
 * The suite's scratch space (TMPDIR for everything it starts): a new directory in memory when the
 * machine has one with room to spare (Linux's /dev/shm, at least SCRATCH_ROOM free) and TMPDIR is
 * not set. Every workerd and wrangler keeps its local D1, R2 and Durable Objects under the
 * temporary directory, as SQLite files; on a disk their writes and syncs cost the run about a
 * tenth of its time (measured: docs/testing.md). A run holds up to about 300 MB there; a
 * container's /dev/shm is often 64 MB, and then the run keeps to the disk. Removed when the run
 * ends; what a run killed outright left behind is removed by the next one.
 */
const SHM = "/dev/shm";
const SCRATCH_PREFIX = "invoicing-test-";
const SCRATCH_ROOM = 1024 ** 3;

/** Whether process `pid` is still running. */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function removeScratch(dir) {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    console.warn(`Could not remove the suite's scratch space ${dir}: ${error.message}`);
  }
}

function scratchSpace() {
  if (process.env.TMPDIR) return undefined;
  try {
    if (!statSync(SHM).isDirectory()) return undefined;
    accessSync(SHM, constants.W_OK);
    for (const name of readdirSync(SHM)) {
      const pid = Number(name.slice(SCRATCH_PREFIX.length));
      if (name.startsWith(SCRATCH_PREFIX) && pid > 0 && !running(pid)) removeScratch(join(SHM, name));
    }
    const { bavail, bsize } = statfsSync(SHM);
    if (bavail * bsize < SCRATCH_ROOM) return undefined;
    const dir = join(SHM, `${SCRATCH_PREFIX}${process.pid}`);
    mkdirSync(dir);
    return dir;
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

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 1;
  });
}

const checks = run([script("./checks.mjs")], { capture: true, nice: 10 });
const suite = await run([script("../node_modules/vitest/vitest.mjs"), "run", ...process.argv.slice(2)]);
const checked = await checks;
if (scratch) removeScratch(scratch);
process.stdout.write(`\n${checked.output}`);
if (!checked.ok) console.error("\nThe checks failed (above).");
if (!suite.ok) console.error("\nThe test suite failed (above).");
// Set rather than exit: what is written to a pipe is flushed first.
process.exitCode = checked.ok && suite.ok ? (process.exitCode ?? 0) : 1;

// `npm test`: the static checks (scripts/checks.mjs: tsc, Biome, the OpenAPI lint) and the vitest
// suite at the same time. The suite leaves part of the two cores idle while its files wait on
// workerd, wrangler and the browser; the checks, started at a lower priority, take that time
// rather than the suite's. The suite prints as it runs; the checks' output follows it in one
// piece. Arguments go to vitest (`npm test -- test/routes/invoices.test.ts`). The exit status is
// 1 when either failed.
import { spawn } from "node:child_process";
import { setPriority } from "node:os";

const windows = process.platform === "win32";

function run(command, args, { capture, nice }) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
      shell: windows,
    });
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
    child.once("close", (status) => done({ ok: status === 0, output: Buffer.concat(output) }));
  });
}

const checks = run("node", ["scripts/checks.mjs"], { capture: true, nice: 10 });
const suite = await run("npx", ["vitest", "run", ...process.argv.slice(2)], { capture: false });
const checked = await checks;
process.stdout.write(`\n${checked.output}`);
if (!checked.ok) console.error("\nThe checks failed (above).");
if (!suite.ok) console.error("\nThe test suite failed (above).");
process.exit(checked.ok && suite.ok ? 0 : 1);

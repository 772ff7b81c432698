// Setup file of the `workers` project: the info lines a test logs (the Worker's request log, one
// line a request) are held in the isolate while the test runs, and printed only when it fails.
// The run prints a passing test's output nowhere (`silent: "passed-only"`, vitest.config.ts), but
// each line would still travel to vitest's process first: some 30,000 lines a run, each a
// message over the pool's connection (measured: docs/testing.md). Warnings and errors, and lines
// logged outside a test (a file's hooks), go out as before. A test that spies on console.log
// sees every line as it is logged. `TEST_LOGS=all npx vitest run --silent=false` shows them all.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach } from "vitest";

interface HeldLogs {
  print: typeof console.log;
  /** The lines of the running test; undefined outside a test. */
  lines: unknown[][] | undefined;
}

// Once per isolate: the files of a workerd share it (vitest.config.ts), and this file runs for each.
const holder = globalThis as typeof globalThis & { __heldLogs?: HeldLogs };
const held: HeldLogs = holder.__heldLogs ?? { print: console.log.bind(console), lines: undefined };
if (!holder.__heldLogs && env.TEST_LOGS !== "all") {
  holder.__heldLogs = held;
  console.log = (...args: unknown[]) => {
    if (held.lines) held.lines.push(args);
    else held.print(...args);
  };
}

beforeEach(({ onTestFailed }) => {
  const lines: unknown[][] = [];
  held.lines = lines;
  onTestFailed(() => {
    for (const args of lines) held.print(...args);
    lines.length = 0;
  });
});

afterEach(() => {
  held.lines = undefined;
});

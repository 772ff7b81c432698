// Prints the ten slowest test files at the end of every run, so a file that grows slow is seen
// before the suite is. A file's time is what it cost its worker: environment setup, harness
// preparation, import (collect), setup files and its tests and hooks.
// With VITEST_TIMINGS=<path>, every file's and test's figures are also written there as JSON.
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

type FileTiming = {
  file: string;
  project: string;
  totalMs: number;
  environmentMs: number;
  prepareMs: number;
  collectMs: number;
  setupMs: number;
  testsMs: number;
  tests: number;
};

const SHOWN = 10;

function timingOf(module: TestModule): FileTiming {
  const d = module.diagnostic();
  const totalMs =
    d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
  return {
    file: module.relativeModuleId,
    project: module.project.name,
    totalMs,
    environmentMs: d.environmentSetupDuration,
    prepareMs: d.prepareDuration,
    collectMs: d.collectDuration,
    setupMs: d.setupDuration,
    testsMs: d.duration,
    tests: [...module.children.allTests()].length,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map(timingOf).sort((a, b) => b.totalMs - a.totalMs);
    if (files.length === 0) return;
    const width = Math.max(...files.slice(0, SHOWN).map((f) => f.file.length));
    const lines = files
      .slice(0, SHOWN)
      .map(
        (f) =>
          `  ${seconds(f.totalMs).padStart(8)}  ${f.file.padEnd(width)}  [${f.project}] ${f.tests} tests; ` +
          `setup ${seconds(f.environmentMs + f.prepareMs + f.setupMs)}, import ${seconds(f.collectMs)}, ` +
          `tests ${seconds(f.testsMs)}`,
      );
    console.log(`\n Slowest test files (of ${files.length}):\n${lines.join("\n")}\n`);

    const out = process.env.VITEST_TIMINGS;
    if (out) {
      const tests = modules.flatMap((m) =>
        [...m.children.allTests()].map((t) => ({
          file: m.relativeModuleId,
          name: t.fullName,
          state: t.result().state,
          ms: t.diagnostic()?.duration ?? 0,
        })),
      );
      writeFileSync(out, JSON.stringify({ files, tests }, null, 2));
    }
  }
}

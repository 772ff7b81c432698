// The order of the run's files. Both projects share one queue of files and the run's two test
// threads; vitest would take the `node` project's files first, then `workers`', and within a
// project the files it knows to be slowest first, from the durations it keeps in node_modules.
// A fresh clone has none: vitest then starts the largest files first, and a slow small file
// (dev-server: 30 s) started last left one thread working alone at the end of the project.
// So:
// - `workers` first. Its two workerd processes start by loading the Worker's modules, which
//   Vite transforms in the one vitest process, and they mostly wait meanwhile; first in the run,
//   the static checks and the `node` project's global setup use the cores during that wait.
// - In `workers`, the files of test/own-database.ts first (each must start on empty storage,
//   before any file sharing it in its workerd process).
// - Then, in each project, the files below, measured slowest (docs/testing.md, a JSON
//   reporter's durations, 2026-12-04), in this order, on every machine. The others follow in
//   vitest's order. A file missing from the run is skipped.
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { ownsDatabase } from "./own-database";

const SLOWEST_FIRST = [
  "test/node/official-examples.test.ts",
  "test/node/dev-server.test.ts",
  "test/node/einvoice-validation.test.ts",
  "test/node/docs-offline.test.ts",
  "test/node/einvoice-readiness-property.test.ts",
  "test/node/bills-roundtrip.test.ts",
  "test/node/hosted-page-browser.test.ts",
  "test/node/client-package.test.ts",
  "test/node/email-browser.test.ts",
  "test/node/received-corpus.test.ts",
  "test/node/runnable-samples.test.ts",
  "test/routes/stripe-payments.test.ts",
  "test/routes/bank-statements.test.ts",
  "test/routes/organization-move.test.ts",
  "test/documents/limits.test.ts",
  "test/routes/billing/credit-notes.test.ts",
  "test/routes/bank-statement-streaming.test.ts",
  "test/routes/invoice-kind.test.ts",
  "test/routes/hosted-page.test.ts",
  "test/middleware/rate-limit.test.ts",
  "test/routes/peppol-send.test.ts",
  "test/cron/moving-organization.test.ts",
  "test/cron/peppol-inbox.test.ts",
  "test/routes/invoice-archive.test.ts",
];

/**
 * A file's place: the files of test/own-database.ts before all others (they must start on empty
 * storage, before any file that shares it in their workerd: test/fresh-storage.ts), then by
 * SLOWEST_FIRST (the end of its path), the rest after them.
 */
function rank(spec: TestSpecification): number {
  const path = spec.moduleId.replaceAll("\\", "/");
  const index = SLOWEST_FIRST.findIndex((file) => path.endsWith(`/${file}`));
  const slowness = index === -1 ? SLOWEST_FIRST.length : index;
  return (ownsDatabase(path) ? 0 : SLOWEST_FIRST.length + 1) + slowness;
}

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      const project = byProject.get(spec.project.name) ?? [];
      project.push(spec);
      byProject.set(spec.project.name, project);
    }
    // `workers` first, then the others; within each, the listed files first (a stable sort).
    const projects = [...byProject.keys()].sort((a, b) => Number(b === "workers") - Number(a === "workers"));
    return projects.flatMap((name) => byProject.get(name)!.sort((a, b) => rank(a) - rank(b)));
  }
}

#!/usr/bin/env node
// Records the official rules' verdicts on the documents that are the same in every run (asked
// with `recorded: true`: the official examples, the readiness property test's fixed seed, the
// received-document corpus and its mutations) into test/einvoice-rules/verdicts.json.gz, so the
// suite reads them instead of running SaxonJS on each again (validate.mjs says how they are kept
// honest). Run it after a change to what such a document looks like or to the rule files:
//
//   npm run einvoice:verdicts                       the whole node project: the file is replaced
//   npm run einvoice:verdicts -- test/node/x.test.ts  some files: their verdicts are added
//
// It runs the tests with every recorded document checked by the rules. A verdict is the rules'
// answer whatever the test made of it, so what was recorded is written even when a test failed
// (a timeout on a busy machine); the exit status is the tests'.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { rulesFingerprint } from "../test/einvoice-rules/validate.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FILE = join(ROOT, "test/einvoice-rules/verdicts.json.gz");
const files = process.argv.slice(2);

const dir = mkdtempSync(join(tmpdir(), "einvoice-verdicts-"));
try {
  const run = spawnSync("npx", ["vitest", "run", "--project", "node", ...files], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, EINVOICE_VERDICTS_RECORD: dir },
  });
  const rules = rulesFingerprint();
  const verdicts = {};
  if (files.length > 0 && existsSync(FILE)) {
    const kept = JSON.parse(gunzipSync(readFileSync(FILE)).toString("utf8"));
    if (kept.rules === rules) Object.assign(verdicts, kept.verdicts);
  }
  let recorded = 0;
  for (const name of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, name), "utf8").split("\n")) {
      if (!line) continue;
      const [digest, verdict] = JSON.parse(line);
      verdicts[digest] = verdict;
      recorded++;
    }
  }
  const sorted = Object.fromEntries(Object.entries(verdicts).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(FILE, gzipSync(JSON.stringify({ rules, verdicts: sorted }), { level: 9 }));
  console.log(`${recorded} verdicts recorded, ${Object.keys(sorted).length} in ${FILE}`);
  if (run.status !== 0) {
    console.error("a test failed: run it again once it passes");
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

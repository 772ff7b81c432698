// The Worker as `wrangler deploy` uploads it keeps the project's limits (scripts/check-bundle.mjs):
// at most 3 MiB gzipped, and no character above U+00FF in its script. Checked on the build the
// shared Workers run (test/node/global-setup.ts), so a run builds the Worker once;
// `npm run bundle:check` builds it and checks it on its own.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { checkBuiltWorker } from "../../scripts/check-bundle.mjs";
import { sharedWorker } from "./shared-worker";

describe("the uploaded Worker", () => {
  it("is at most 3 MiB gzipped, every character of its script at or below U+00FF", async () => {
    // Its Worker answers once the build is complete.
    await sharedWorker();
    const { sizes, problems } = checkBuiltWorker(inject("workerBuild"));
    console.log(sizes);
    expect(sizes).toMatch(/^Worker script: \d+ KiB, 0 characters above U\+00FF; upload \(\d+ files\)/);
    expect(problems).toEqual([]);
  });

  it("names a character above U+00FF and where it is", () => {
    const dir = mkdtempSync(join(tmpdir(), "bundle-check-"));
    try {
      writeFileSync(join(dir, "index.js"), 'export default { fetch: () => new Response("a \u2013 b") };\n');
      const { problems } = checkBuiltWorker(dir);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^U\+2013 in index\.js at character \d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

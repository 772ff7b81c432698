// `npm run bundle:check`: builds the Worker as `wrangler deploy` would (`--dry-run`, nothing is
// uploaded) and holds its script to two limits (docs/scaling.md, "The isolate's own memory"):
//
// - at most 3 MiB gzipped, the size the project keeps the Worker under: the script and the modules
//   uploaded with it (the PDF fonts, the ICC profile), as `wrangler deploy` counts its upload;
// - every character of the source at or below U+00FF. V8 keeps a script's source in the isolate's
//   heap for as long as the Worker runs, one byte per character when every character fits in
//   Latin-1 and two bytes for all of them as soon as one does not. One typographic dash left in
//   the bundle doubles that memory (3.0 MiB minified, 6 MiB with one such character).
//
// Prints the sizes; exits with 1 and names the characters and where they are when a limit is
// broken.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const MAX_GZIPPED = 3 * 1024 * 1024;
const KiB = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

const outdir = mkdtempSync(join(tmpdir(), "bundle-check-"));
try {
  const built = spawnSync(
    join(ROOT, "node_modules/.bin/wrangler"),
    ["deploy", "--dry-run", "--outdir", outdir],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_LOG: "error", WRANGLER_SEND_METRICS: "false" },
    },
  );
  if (built.status !== 0) {
    process.stderr.write(`${built.stdout}${built.stderr}`);
    throw new Error(`wrangler deploy --dry-run exited with ${built.status ?? built.signal}`);
  }
  const bytes = readFileSync(join(outdir, "index.js"));
  const source = bytes.toString("utf8");
  // What is uploaded: the script and its modules, not the source map or wrangler's README.
  const uploaded = readdirSync(outdir).filter((name) => !name.endsWith(".map") && name !== "README.md");
  const gzipped = uploaded.reduce((sum, name) => sum + gzipSync(readFileSync(join(outdir, name))).length, 0);
  const wide = [...source.matchAll(/[\u0100-\u{10ffff}]/gu)];
  console.log(
    `Worker script: ${KiB(bytes.length)}, ${wide.length} characters above U+00FF; ` +
      `upload (${uploaded.length} files): ${KiB(gzipped)} gzipped (limit ${KiB(MAX_GZIPPED)})`,
  );
  const problems = [];
  if (gzipped > MAX_GZIPPED) problems.push(`${KiB(gzipped)} gzipped is over ${KiB(MAX_GZIPPED)}`);
  for (const match of wide.slice(0, 10)) {
    const at = match.index ?? 0;
    const code = match[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0");
    problems.push(
      `U+${code} at character ${at}: ${JSON.stringify(source.slice(Math.max(0, at - 60), at + 20))}` +
        " (minify = true in wrangler.toml drops comments; a string needs a \\u escape)",
    );
  }
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exitCode = 1;
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}

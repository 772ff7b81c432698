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
// esbuild already writes every other character of a string, template or identifier as an escape;
// what it passes through as written is a regular expression literal, a tagged template
// (String.raw) and a comment (a legal one, /*! or @license, even minified).
//
// Prints the sizes; exits with 1 and names the characters and where they are when a limit is
// broken.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const MAX_GZIPPED = 3 * 1024 * 1024;
const KiB = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

/**
 * Builds the Worker as `wrangler deploy` would upload it into `outdir` (`--dry-run`: nothing is
 * uploaded); the node tests' shared Workers run this build too (test/node/global-setup.ts).
 */
export async function buildWorker(outdir) {
  const wrangler = join(ROOT, "node_modules/wrangler/bin/wrangler.js");
  const output = [];
  const status = await new Promise((done, fail) => {
    const child = spawn(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", outdir], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_LOG: "error", WRANGLER_SEND_METRICS: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.once("error", fail);
    child.once("close", (code, signal) => done(code ?? signal));
  });
  if (status !== 0)
    throw new Error(`wrangler deploy --dry-run exited with ${status}:\n${Buffer.concat(output)}`);
}

/**
 * Holds a built Worker (the output directory of `wrangler deploy --dry-run --outdir`) to the two
 * limits. Answers the sizes as one line and the problems found (none when both limits hold).
 */
export function checkBuiltWorker(outdir) {
  // What is uploaded: the script and its modules, not the source map or wrangler's README.
  const uploaded = readdirSync(outdir).filter((name) => !name.endsWith(".map") && name !== "README.md");
  const gzipped = uploaded.reduce((sum, name) => sum + gzipSync(readFileSync(join(outdir, name))).length, 0);
  const scripts = uploaded.filter((name) => /\.m?js$/.test(name));
  const problems = [];
  let scriptBytes = 0;
  let wideCount = 0;
  for (const name of scripts) {
    const source = readFileSync(join(outdir, name), "utf8");
    scriptBytes += Buffer.byteLength(source);
    const wide = [...source.matchAll(/[\u0100-\u{10ffff}]/gu)];
    wideCount += wide.length;
    for (const match of wide.slice(0, 10)) {
      const at = match.index ?? 0;
      const code = match[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0");
      problems.push(
        `U+${code} in ${name} at character ${at}: ${JSON.stringify(source.slice(Math.max(0, at - 60), at + 20))}` +
          " (in a regular expression or String.raw, write it as a \\u escape; a comment of it goes)",
      );
    }
  }
  if (gzipped > MAX_GZIPPED) problems.push(`${KiB(gzipped)} gzipped is over ${KiB(MAX_GZIPPED)}`);
  const sizes =
    `Worker script: ${KiB(scriptBytes)}, ${wideCount} characters above U+00FF; ` +
    `upload (${uploaded.length} files): ${KiB(gzipped)} gzipped (limit ${KiB(MAX_GZIPPED)})`;
  return { sizes, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = mkdtempSync(join(tmpdir(), "bundle-check-"));
  try {
    await buildWorker(outdir);
    const { sizes, problems } = checkBuiltWorker(outdir);
    console.log(sizes);
    if (problems.length > 0) {
      console.error(problems.join("\n"));
      process.exitCode = 1;
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

// The Worker's renderers for the CPU benchmarks (bench/render-cpu.mjs, bench/logo-cpu.mjs):
// bench/render-entry.ts bundled by esbuild (fonts and the ICC profile as bytes, as wrangler
// bundles them) and loaded into this process, so they run in V8, the engine workerd runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

export async function bundledRenderers() {
  const dir = mkdtempSync(join(tmpdir(), "renderers-"));
  const outfile = join(dir, "render.mjs");
  try {
    await build({
      entryPoints: [join(import.meta.dirname, "..", "render-entry.ts")],
      bundle: true,
      platform: "node",
      target: "node20",
      format: "esm",
      outfile,
      loader: { ".ttf": "binary", ".icc": "binary" },
      logLevel: "error",
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Fills `assets/` (Workers static assets, gitignored) from node_modules: the API reference UI's
// browser bundle, at a path that carries its version, so /docs never loads code from a CDN.
// Run by postinstall, `npm run dev`, wrangler's [build] step (dev and deploy) and vitest.config.ts.
// The version is the exact one package.json pins; an installed copy of another version fails.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Copies the bundle when missing or changed; returns its path under assets/. Idempotent. */
export function copyAssets() {
  const pinned = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).dependencies[
    "@scalar/api-reference"
  ];
  const packageDir = join(ROOT, "node_modules/@scalar/api-reference");
  const installed = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version;
  if (installed !== pinned) {
    throw new Error(
      `@scalar/api-reference ${installed} is installed, package.json pins ${pinned}: run npm install`,
    );
  }
  // The UMD build is one self-contained file (its only dynamic import() is for user plugins);
  // the ESM build would need its 99 chunks.
  const source = join(packageDir, "dist/browser/standalone.js");
  const target = join(ROOT, "assets/docs/api-reference", pinned, "standalone.js");
  if (!existsSync(target) || statSync(target).size !== statSync(source).size) {
    rmSync(join(ROOT, "assets/docs/api-reference"), { recursive: true, force: true });
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(source, target);
  }
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) copyAssets();

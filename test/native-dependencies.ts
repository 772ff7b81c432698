// The `workers` project's dependencies run as workerd loads them, not rewritten by Vite.
//
// The Cloudflare pool inlines every dependency (`server.deps.inline = true`): each module of
// node_modules goes through Vite's SSR transform (parsed, imports rewritten to
// `__vite_ssr_import__` lookups) before workerd runs it. On a fresh clone that transform is most
// of a workerd process's start, and the rewritten lookups cost on every call into the
// dependency (Drizzle's query builder is the hot one). Externalized, a dependency is served to
// workerd as its files are (the pool's module fallback service) and imported natively; its
// package's `workerd`/`worker`/`browser` conditions still apply.
//
// Inlined still: the project's own files (TypeScript), Vitest and the pool (their runtime in the
// isolate), and pdf-lib with its fontkit, whose ES build imports its own files without
// extensions, which only a bundler resolves. Measured: docs/testing.md.
import type { Plugin } from "vite";

/** Packages that must stay inlined (see above). */
const INLINED_PACKAGES = ["vitest", "@vitest", "@cloudflare", "pdf-lib", "@pdf-lib"];

export function nativeDependencies(): Plugin {
  const inlined = new RegExp(`/node_modules/(${INLINED_PACKAGES.join("|")})/`);
  return {
    name: "native-dependencies",
    // After the pool's plugin, whose `config` hook sets `inline = true`.
    config(config) {
      const test = (config as { test?: { server?: { deps?: Record<string, unknown> } } }).test;
      if (!test?.server?.deps)
        throw new Error("native-dependencies must come after the Cloudflare pool's plugin");
      test.server.deps.inline = [/^(?!.*\/node_modules\/)/, inlined];
      test.server.deps.external = [/\/node_modules\//];
    },
  };
}

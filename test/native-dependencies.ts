// The `workers` project's dependencies run as workerd loads them, not rewritten by Vite.
//
// The Cloudflare pool inlines every dependency (`server.deps.inline = true`): each module of
// node_modules goes through Vite's SSR transform (parsed, imports rewritten to
// `__vite_ssr_import__` lookups) before workerd runs it, and on a fresh clone that transform is
// most of a workerd process's start. Externalized, a dependency is served to workerd as its
// files are (the pool's module fallback service, which resolves a bare import with the same
// resolver and conditions as Vite) and imported natively.
//
// Inlined still: the project's own files (TypeScript), and pdf-lib with its @pdf-lib packages:
// the ES builds of pdf-lib and @pdf-lib/standard-fonts import their own files without
// extensions, which only a bundler resolves (the pattern also keeps pdf-lib's nested tslib).
// Vitest and the pool are loaded natively whatever this says. Only plain files are externalized:
// an import with a query (`?raw`, `?url`) still goes through Vite. Measured: docs/testing.md.
import type { Plugin } from "vite";

/** Packages that must stay inlined (see above). */
const INLINED_PACKAGES = ["pdf-lib", "@pdf-lib"];

export function nativeDependencies(): Plugin {
  const inlined = new RegExp(`/node_modules/(${INLINED_PACKAGES.join("|")})/`);
  return {
    name: "native-dependencies",
    config: {
      // After the pool's plugin, whose `config` hook sets `inline = true`.
      order: "post",
      handler(config) {
        const test = (config as { test?: { server?: { deps?: Record<string, unknown> } } }).test;
        if (test?.server?.deps?.inline !== true) {
          throw new Error(
            "native-dependencies: the Cloudflare pool's plugin did not inline every dependency",
          );
        }
        test.server.deps.inline = [/^(?!.*\/node_modules\/)/, inlined];
        test.server.deps.external = [/\/node_modules\/[^?]*$/];
      },
    },
  };
}

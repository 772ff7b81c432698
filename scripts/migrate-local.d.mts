/** Where wrangler keeps the local state of `--persist-to <persistTo>`, as Miniflare's persistence root. */
export function localStateRoot(persistTo?: string, root?: string): string;
/** The value of `--persist-to <dir>` among command-line arguments; null when it has none. */
export function persistToArgument(args: string[]): string | null | undefined;
/** Applies the pending migrations to every local D1 database of wrangler.toml (scripts/migrate-local.mjs). */
export function migrateLocal(options?: {
  /** wrangler's `--persist-to`; by default its own local state, `.wrangler/state`. */
  persistTo?: string;
  root?: string;
  log?: (line: string) => void;
}): Promise<void>;
/** What the scripts and the node tests use of Miniflare. */
export interface MiniflareModule {
  Miniflare: new (
    options: unknown,
  ) => {
    ready: Promise<URL>;
    dispose(): Promise<void>;
  };
  convertV4MiniflareOptions(options: Record<string, unknown>): unknown;
}
/** The Miniflare of wrangler's own dependency (the one `wrangler dev` runs). */
export function wranglersMiniflare(): Promise<MiniflareModule>;

/** Applies the pending migrations to every local D1 database of wrangler.toml (scripts/migrate-local.mjs). */
export function migrateLocal(options?: {
  /** wrangler's `--persist-to`; by default its own local state, `.wrangler/state`. */
  persistTo?: string;
  root?: string;
  log?: (line: string) => void;
}): Promise<Record<string, string[]>>;

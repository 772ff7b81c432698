// Applies the pending migrations to every local D1 database of wrangler.toml (organizations live
// on each of them) in one local D1 of this process, what `wrangler d1 migrations apply <binding>
// --local` does for one: the database's migrations directory (`migrations_dir`) in name order,
// each migration in one batch with its row in the migrations table (`migrations_table`,
// `d1_migrations`), so wrangler's own command and this one see the same history.
//
// Why not the command: it starts wrangler and a local D1 (a workerd) per database, and on a new
// database one more local D1 per migration. Measured on the 2-core machine: about 27 s and 32 s of
// CPU for a new database, 3.8 s of CPU for one with nothing to apply, per database; this applies
// both databases in one start (docs/development.md).
//
// Used by `npm run dev`, `npm run db:migrate:local` and the node tests' global setup.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy, unstable_readConfig, unstable_splitSqlQuery } from "wrangler";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Where wrangler keeps the local D1, R2 and Durable Objects of `--persist-to <persistTo>` (by
 * default its own local state, `.wrangler/state`), as Miniflare's persistence root.
 */
export function localStateRoot(persistTo, root = ROOT) {
  const state = persistTo ?? join(root, ".wrangler/state");
  return join(isAbsolute(state) ? state : join(root, state), "v3");
}

/** The value of `--persist-to <dir>` among command-line arguments; null when it has none. */
export function persistToArgument(args) {
  const at = args.indexOf("--persist-to");
  if (at < 0) return undefined;
  const dir = args[at + 1];
  return dir && !dir.startsWith("--") ? dir : null;
}

/**
 * Migrates the local databases kept under `persistTo` (wrangler's `--persist-to`; by default its
 * own local state, `.wrangler/state`). A migration that fails stops the run with its name; the
 * ones before it stay applied.
 */
export async function migrateLocal({ persistTo, root = ROOT, log = () => {} } = {}) {
  const config = unstable_readConfig({ config: join(root, "wrangler.toml") });
  const { d1_databases, compatibility_date } = config;
  // A configuration of the databases alone: the Worker's Durable Objects, services and .dev.vars
  // are not needed to migrate.
  // Local only: a binding marked `remote` is migrated locally too, never on Cloudflare.
  const local = d1_databases.map(({ remote, ...database }) => database);
  const scratch = mkdtempSync(join(tmpdir(), "migrate-local-"));
  let proxy;
  try {
    const configPath = join(scratch, "wrangler.json");
    writeFileSync(
      configPath,
      JSON.stringify({ name: "migrate-local", compatibility_date, d1_databases: local }),
    );
    proxy = await getPlatformProxy({
      configPath,
      persist: { path: localStateRoot(persistTo, root) },
      remoteBindings: false,
    });
    for (const database of local) {
      const db = proxy.env[database.binding];
      const table = `"${(database.migrations_table || "d1_migrations").replaceAll('"', '""')}"`;
      const dir = join(root, database.migrations_dir ?? "migrations");
      await db
        .prepare(
          `CREATE TABLE IF NOT EXISTS ${table}(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
        )
        .run();
      const done = new Set(
        (await db.prepare(`SELECT name FROM ${table}`).all()).results.map((row) => row.name),
      );
      const pending = readdirSync(dir)
        .filter((name) => name.endsWith(".sql") && !done.has(name))
        .sort();
      for (const name of pending) {
        const queries = unstable_splitSqlQuery(readFileSync(join(dir, name), "utf8"));
        try {
          await db.batch([
            ...queries.map((query) => db.prepare(query)),
            db.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(name),
          ]);
        } catch (error) {
          throw new Error(`Migration ${name} failed on ${database.binding}: ${error.message}`, {
            cause: error,
          });
        }
      }
      const names = pending.length > 3 ? `${pending[0]} to ${pending.at(-1)}` : pending.join(", ");
      log(
        pending.length === 0
          ? `${database.binding}: no migrations to apply`
          : `${database.binding}: applied ${pending.length} migration${pending.length === 1 ? "" : "s"} (${names})`,
      );
    }
  } finally {
    // A failure to stop the local D1 does not hide the migration's own error.
    await proxy
      ?.dispose()
      .catch((error) => console.warn(`The local D1 did not stop cleanly: ${error.message}`));
    rmSync(scratch, { recursive: true, force: true });
  }
}

// Applies the pending migrations to every local D1 database of wrangler.toml (organizations live
// on each of them) in one local D1 of this process, what `wrangler d1 migrations apply <binding>
// --local` does for one: the database's migrations directory (`migrations_dir`) in name order,
// each migration in one batch with its row in the migrations table (`migrations_table`,
// `d1_migrations`), so wrangler's own command and this one see the same history.
//
// Why not the command: it starts wrangler and a local D1 (a workerd) per database, and on a new
// database one more local D1 per migration. Measured on the 2-core machine: about 27 s and 32 s of
// CPU for a new database, 3.8 s of CPU for one with nothing to apply, per database; this applies
// both databases in one start (docs/development.md). The statements are applied by a small
// Worker inside that workerd, every database in one request: this process makes no call per
// statement, and is not held while they run (the node tests' vitest is among its callers).
//
// Used by `npm run dev`, `npm run db:migrate:local` and the node tests' global setup.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig, unstable_splitSqlQuery } from "wrangler";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The Miniflare wrangler runs `wrangler dev` with (its own dependency, and so its workerd), not
 * another copy the tree may hold: what is migrated here is what `npm run dev` then reads.
 */
export async function wranglersMiniflare(root = ROOT) {
  const fromWrangler = createRequire(join(root, "node_modules/wrangler/package.json"));
  return import(pathToFileURL(fromWrangler.resolve("miniflare")).href);
}

/**
 * The Worker that applies them. It is posted `[{ binding, table, migrations: [{ name, queries }] }]`
 * and answers `{ applied: { [binding]: [name] } }`, or status 500 with the same and `failed:
 * { binding, name, message }`: the migration that failed (`name` null when the history table
 * could not be made or read). What was applied before it stays applied.
 */
const MIGRATOR = `
export default {
  async fetch(request, env) {
    const applied = {};
    let at = null;
    try {
      for (const { binding, table, migrations } of await request.json()) {
        at = { binding, name: null };
        const db = env[binding];
        await db
          .prepare(\`CREATE TABLE IF NOT EXISTS \${table}(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)\`)
          .run();
        const done = new Set((await db.prepare(\`SELECT name FROM \${table}\`).all()).results.map((row) => row.name));
        applied[binding] = [];
        for (const { name, queries } of migrations) {
          if (done.has(name)) continue;
          at.name = name;
          await db.batch([
            ...queries.map((query) => db.prepare(query)),
            db.prepare(\`INSERT INTO \${table} (name) VALUES (?)\`).bind(name),
          ]);
          applied[binding].push(name);
        }
      }
    } catch (error) {
      const failed = { ...at, message: String(error?.message ?? error) };
      return Response.json({ applied, failed }, { status: 500 });
    }
    return Response.json({ applied });
  },
};
`;

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
  let miniflare;
  try {
    const configPath = join(scratch, "wrangler.json");
    writeFileSync(
      configPath,
      JSON.stringify({ name: "migrate-local", compatibility_date, d1_databases: local }),
    );
    // The databases as wrangler binds them (their local names), under `--persist-to`'s root.
    const { d1Databases } = unstable_getMiniflareWorkerOptions(configPath).workerOptions;
    const plan = local.map((database) => {
      const dir = join(root, database.migrations_dir ?? "migrations");
      const names = readdirSync(dir)
        .filter((name) => name.endsWith(".sql"))
        .sort();
      return {
        binding: database.binding,
        table: `"${(database.migrations_table || "d1_migrations").replaceAll('"', '""')}"`,
        migrations: names.map((name) => ({
          name,
          queries: unstable_splitSqlQuery(readFileSync(join(dir, name), "utf8")),
        })),
      };
    });
    const { Miniflare, convertV4MiniflareOptions } = await wranglersMiniflare();
    miniflare = new Miniflare(
      convertV4MiniflareOptions({
        workers: [
          {
            name: "migrate-local",
            modules: true,
            script: MIGRATOR,
            compatibilityDate: compatibility_date,
            d1Databases,
          },
        ],
        resourcePersistencePath: localStateRoot(persistTo, root),
        cf: false,
      }),
    );
    const response = await miniflare.dispatchFetch("http://migrate.local/", {
      method: "POST",
      body: JSON.stringify(plan),
    });
    const text = await response.text();
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {}
    if (typeof answer?.applied !== "object" || answer.applied === null) {
      throw new Error(`The local D1 could not be migrated (status ${response.status}): ${text}`);
    }
    const { failed } = answer;
    for (const { binding } of plan) {
      const pending = answer.applied[binding];
      if (!pending || (pending.length === 0 && failed?.binding === binding)) continue;
      const names = pending.length > 3 ? `${pending[0]} to ${pending.at(-1)}` : pending.join(", ");
      log(
        pending.length === 0
          ? `${binding}: no migrations to apply`
          : `${binding}: applied ${pending.length} migration${pending.length === 1 ? "" : "s"} (${names})`,
      );
    }
    if (failed) {
      throw new Error(
        failed.name
          ? `Migration ${failed.name} failed on ${failed.binding}: ${failed.message}`
          : `The migrations table of ${failed.binding} could not be made or read: ${failed.message}`,
      );
    }
  } finally {
    // A failure to stop the local D1 does not hide the migration's own error.
    await miniflare
      ?.dispose()
      .catch((error) => console.warn(`The local D1 did not stop cleanly: ${error.message}`));
    rmSync(scratch, { recursive: true, force: true });
  }
}

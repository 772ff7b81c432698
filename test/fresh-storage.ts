// Runs before each file of the `workers-own-db` project (vitest.config.ts), after test/setup.ts:
// empties every table of D1 (but the migrations' own) and every object of R2, so the file starts
// on the storage a fresh workerd has, as each of them used to in a workerd of its own. Those files
// sweep or count across all organizations; they share their workerd one after another, never at
// the same time, and this leaves them nothing from the file before.
import { env } from "cloudflare:workers";

const KEPT = new Set(["d1_migrations"]);

const { results: tables } = await env.DB.prepare(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
).all<{ name: string }>();
// One batch is one transaction: the foreign keys are checked at its end, when every table is empty.
await env.DB.batch([
  env.DB.prepare("PRAGMA defer_foreign_keys = ON"),
  ...tables.filter((t) => !KEPT.has(t.name)).map((t) => env.DB.prepare(`DELETE FROM "${t.name}"`)),
]);

let cursor: string | undefined;
do {
  const page = await env.DOCUMENTS.list({ cursor, limit: 1000 });
  if (page.objects.length > 0) await env.DOCUMENTS.delete(page.objects.map((o) => o.key));
  cursor = page.truncated ? page.cursor : undefined;
} while (cursor);

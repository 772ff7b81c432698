// Runs before each file of the `workers-own-db` project (vitest.config.ts), after test/setup.ts:
// gives the file the storage a fresh workerd has. D1 (every database): every table is dropped and the migrations
// are applied again (so the schema and any rows a migration writes are what a new database
// has); R2: every object is deleted. The files of that project sweep or count across all
// organizations; they share two workerd processes, one file after another, never at the same
// time, and this leaves a file nothing of the one before.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { tenantD1s } from "./helpers/db";

for (const d1 of tenantD1s()) {
  const { results: tables } = await d1
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_' AND substr(name, 1, 4) <> '_cf_'",
    )
    .all<{ name: string }>();
  // One batch is one transaction: foreign keys are checked at its end, when no table is left.
  await d1.batch([
    d1.prepare("PRAGMA defer_foreign_keys = ON"),
    ...tables.map((t) => d1.prepare(`DROP TABLE "${t.name}"`)),
  ]);
  await applyD1Migrations(d1, env.TEST_MIGRATIONS);
}

let cursor: string | undefined;
do {
  const page = await env.DOCUMENTS.list({ cursor, limit: 1000 });
  if (page.objects.length > 0) await env.DOCUMENTS.delete(page.objects.map((o) => o.key));
  cursor = page.truncated ? page.cursor : undefined;
} while (cursor);

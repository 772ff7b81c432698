// Runs before each file of the `workers` project (vitest.config.ts), after test/setup.ts. A file
// listed in test/own-database.ts sweeps or counts across all organizations: it gets D1 and R2 as a
// fresh workerd has them (Durable Object storage and the isolate's module state stay, docs/testing.md).
// D1 (every database): every table is dropped and the migrations are applied
// again (so the schema and any rows a migration writes are what a new database has); R2: every
// object is deleted. Such files run first in their workerd process, one after another
// (test/sequencer.ts): one that came after a file sharing the storage fails here, since that
// file's background work could still reach the emptied storage. The first sharing file after them
// gets emptied storage too: what the last of them left (due reminders, connections, pending
// deliveries) is not for the sweeps the sharing files run.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { tenantD1s } from "./helpers/db";
import { ownsDatabase } from "./own-database";

/** Every D1 table dropped and migrated again, every R2 object deleted. */
async function emptyStorage() {
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
}

const file = expect.getState().testPath;
if (!file) throw new Error("test/fresh-storage.ts: no test file in expect's state");
/** What this workerd process has run: the first sharing file, and whether the last file owned the storage. */
const isolate = globalThis as { sharingFileRan?: string; lastOwnedStorage?: boolean };
// The first file of a process finds the storage test/setup.ts has just migrated: nothing to empty.
const lastOwned = isolate.lastOwnedStorage;
const owns = ownsDatabase(file);

if (owns) {
  if (isolate.sharingFileRan)
    throw new Error(
      `${file} must start on empty storage, but ${isolate.sharingFileRan} ran before it in this workerd (test/sequencer.ts)`,
    );
  isolate.lastOwnedStorage = true;
  if (lastOwned !== undefined) await emptyStorage();
} else {
  isolate.sharingFileRan ??= file;
  isolate.lastOwnedStorage = false;
  if (lastOwned) await emptyStorage();
}

// Runs before each test file of the `workers` project. Its files share their workerd process and
// its storage (vitest.config.ts): the migrations apply before its first file;
// what a file changes in the Worker's isolate (the test clock, spies on the outbound fetch) is
// undone after each test or at the end of the file, so the next file starts clean.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, vi } from "vitest";
import { setClockForTests } from "../src/lib/clock";
import { failNextAfterHandlerForTests } from "../src/middleware/idempotency";
import { tenantD1s } from "./helpers/db";

// Every database organizations are placed on (TENANT_DATABASES: DB and DB_2), DB first; once per
// workerd process (test/fresh-storage.ts migrates again what it empties).
const isolate = globalThis as { migrated?: boolean };
if (!isolate.migrated) {
  for (const d1 of tenantD1s()) await applyD1Migrations(d1, env.TEST_MIGRATIONS);
  isolate.migrated = true;
}

afterEach(() => {
  setClockForTests();
  failNextAfterHandlerForTests(false);
});
afterAll(() => vi.restoreAllMocks());

// Applies the committed migrations to the test D1 before each test file (idempotent).
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach } from "vitest";
import { setClockForTests } from "../src/lib/clock";
import { failNextAfterHandlerForTests } from "../src/middleware/idempotency";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

afterEach(() => {
  setClockForTests();
  failNextAfterHandlerForTests(false);
});

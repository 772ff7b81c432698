// `npm run db:migrate:local|remote`: applies migrations/ to every D1 database of wrangler.toml
// (organizations live on each of them; the primary `DB` also holds the directory), one after
// another, stopping at the first that fails. `--local` migrates the local databases in one start
// (scripts/migrate-local.mjs; `--persist-to <dir>` for another local state); otherwise the
// arguments go to each `wrangler d1 migrations apply`: `npm run db:migrate:remote`.
import { spawnSync } from "node:child_process";
import { d1Bindings } from "./d1-bindings.mjs";
import { migrateLocal, persistToArgument } from "./migrate-local.mjs";

const windows = process.platform === "win32";
const args = process.argv.slice(2);
if (args.includes("--local")) {
  const persistTo = persistToArgument(args);
  const known = ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  if (persistTo === null || args.some((arg) => !known.includes(arg))) {
    console.error(`Usage: npm run db:migrate:local [-- --persist-to <dir>] (not: ${args.join(" ")})`);
    process.exit(2);
  }
  try {
    await migrateLocal({ persistTo, log: console.log });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  process.exit(0);
}
for (const binding of d1Bindings()) {
  console.log(`Migrating ${binding}`);
  const result = spawnSync("wrangler", ["d1", "migrations", "apply", binding, ...args], {
    stdio: "inherit",
    env: process.env,
    shell: windows,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `npm run db:migrate:local|remote`: applies migrations/ to every D1 database of wrangler.toml
// (organizations live on each of them; the primary `DB` also holds the directory), one after
// another, stopping at the first that fails. Extra arguments go to each `wrangler d1 migrations
// apply`: `npm run db:migrate:local -- --persist-to .state`.
import { spawnSync } from "node:child_process";
import { d1Bindings } from "./d1-bindings.mjs";

const windows = process.platform === "win32";
const args = process.argv.slice(2);
for (const binding of d1Bindings()) {
  console.log(`Migrating ${binding}`);
  const result = spawnSync("wrangler", ["d1", "migrations", "apply", binding, ...args], {
    stdio: "inherit",
    env: process.env,
    shell: windows,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

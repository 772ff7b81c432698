// `npm run dev`: local secrets if missing, local D1 migrated (no prompt), then `wrangler dev`.
// Extra arguments go to wrangler dev: `npm run dev -- --port 8788`.
import { spawnSync } from "node:child_process";

const run = (args, env = process.env) => {
  const result = spawnSync("wrangler", args, { stdio: "inherit", env, shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

await import("./setup-dev-vars.mjs");
// CI=true makes wrangler apply without asking: this is the developer's own local database.
run(["d1", "migrations", "apply", "DB", "--local"], { ...process.env, CI: "true" });
run(["dev", ...process.argv.slice(2)]);

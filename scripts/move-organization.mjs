// Moves an organization to another database through the operator's API (docs/scaling.md, "Moving
// an organization"): starts the move, then calls its step until it is done, printing each phase.
// Safe to interrupt and run again: the move's state is kept by the service, and a second start to
// the same database answers the move already running.
//   node scripts/move-organization.mjs --org <id> --to DB_2
//     [--base-url http://127.0.0.1:8787] [--admin-token ...]   (default: ADMIN_TOKEN, else .dev.vars)
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    org: { type: "string" },
    to: { type: "string" },
    "base-url": { type: "string", default: "http://127.0.0.1:8787" },
    "admin-token": { type: "string" },
  },
});
if (!values.org || !values.to) {
  console.error("usage: node scripts/move-organization.mjs --org <organization id> --to <database binding>");
  process.exit(2);
}

function adminToken() {
  if (values["admin-token"]) return values["admin-token"];
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  const file = new URL("../.dev.vars", import.meta.url);
  const token = existsSync(file)
    ? /^ADMIN_TOKEN=(.*)$/m.exec(readFileSync(file, "utf8"))?.[1]?.trim()
    : undefined;
  if (!token)
    throw new Error("no admin token: pass --admin-token, set ADMIN_TOKEN or run scripts/setup-dev-vars.mjs");
  return token;
}

const token = adminToken();
const base = `${values["base-url"].replace(/\/$/, "")}/v1/admin/organizations/${encodeURIComponent(values.org)}/move`;

async function call(method, path, body) {
  let res;
  for (;;) {
    res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status !== 429) break;
    // The admin token's rate limit: wait as told, then go on.
    const seconds = Number(res.headers.get("Retry-After") ?? 5);
    console.log(`  rate limited: waiting ${seconds} s`);
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
  const text = await res.text();
  if (!res.ok) {
    console.error(`${method} ${path || "/move"}: ${res.status} ${text}`);
    process.exit(1);
  }
  return JSON.parse(text);
}

const rows = (move, field) => move.tables.reduce((sum, table) => sum + table[field], 0);
const describe = (move) => {
  const figures = {
    copying: ["copied"],
    verifying: ["verified"],
    cleaning: ["rechecked", "deleted"],
  }[move.phase];
  const count = figures ? ` ${figures.map((field) => `${rows(move, field)} rows ${field}`).join(", ")}` : "";
  const wait = move.wait_until ? ` until ${move.wait_until}` : "";
  return `${move.phase}${count}${wait}`;
};

const started = Date.now();
let move = await call("POST", "", { database: values.to });
console.log(`moving ${move.organization_id} from ${move.source} to ${move.target}: ${describe(move)}`);
let steps = 0;
let last = "";
while (move.phase !== "done") {
  if (move.phase === "failed" || move.error) {
    console.error(`stopped in ${move.phase}: ${move.error}`);
    process.exit(1);
  }
  if (move.wait_until) {
    // The service refuses to go on before this instant: every isolate's cached route has expired.
    const ms = Math.max(0, Date.parse(move.wait_until) - Date.now());
    await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5_000) + 50));
  }
  move = await call("POST", "/step");
  steps += 1;
  const line = describe(move);
  if (line !== last) console.log(`  ${line}`);
  last = line;
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `done in ${steps} steps, ${seconds} s: ${rows(move, "verified")} rows verified, ${rows(move, "deleted")} deleted`,
);

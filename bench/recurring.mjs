#!/usr/bin/env node
// Benchmark: one recurring sweep over N active recurring invoices (default 10,000), all due,
// on `wrangler dev` (local D1). Seeds a test organization (test_mode, clock at 2027-01-01
// 12:00) with one customer and N monthly templates starting 2027-01-02 by SQL, then advances its
// test clock to 2027-01-02 (POST /v1/test-clock/advance: one step, every sweep once), and prints
// the wall time, the invoices created, and the D1 round trips per generated invoice (from the
// sweep's own log line, which counts every query and batch it makes).
//
//   node bench/recurring.mjs                 N=200 node bench/recurring.mjs   AUTO_SEND=1 ...
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { d1Bindings } from "../scripts/d1-bindings.mjs";
import { insertRows } from "./lib/seed-sql.mjs";

const N = Number(process.env.N ?? 10_000);
const AUTO_SEND = process.env.AUTO_SEND === "1";
const PORT = 8716;
const INSPECTOR_PORT = 9216;
const STATE = "/tmp/recurring-bench-state";
const SEED_DIR = "/tmp/recurring-bench-seed";
const BASE = `http://127.0.0.1:${PORT}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function seed() {
  const now = "2027-01-01T12:00:00.000Z";
  const orgId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  const prefix = `sk_${randomBytes(9).toString("hex").slice(0, 12)}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const customerId = "cus_recurringbench";
  const items = JSON.stringify([{ description: "Monthly licence", quantity: 1, unit_price: 49 }]);
  const templates = Array.from({ length: N }, (_, i) => [
    `rec_bench${String(i).padStart(7, "0")}`,
    orgId,
    customerId,
    "USD",
    items,
    "month",
    1,
    "2027-01-02",
    AUTO_SEND ? 1 : 0,
    "active",
    0,
    "2027-01-02",
    now,
    now,
  ]);
  const sql = [
    insertRows(
      "organizations",
      ["id", "name", "tier", "default_currency", "test_mode", "test_clock_now", "created_at", "updated_at"],
      [[orgId, "Recurring bench", "business", "USD", 1, now, now, now]],
    ),
    // The directory (in DB): the organization lives on DB, where this SQL writes it.
    insertRows(
      "organization_databases",
      ["organization_id", "database", "state", "state_changed_at", "created_at", "updated_at"],
      [[orgId, "DB", "active", now, now, now]],
    ),
    insertRows(
      "users",
      ["id", "organization_id", "email", "name", "role", "created_at", "updated_at"],
      [[userId, orgId, `recurring-bench-${Date.now()}@example.com`, "Bench", "owner", now, now]],
    ),
    insertRows(
      "api_keys",
      ["id", "user_id", "organization_id", "name", "prefix", "key_hash", "created_at"],
      [
        [
          crypto.randomUUID(),
          userId,
          orgId,
          "bench",
          prefix,
          createHash("sha256").update(key).digest("hex"),
          now,
        ],
      ],
    ),
    insertRows(
      "customers",
      [
        "id",
        "organization_id",
        "name",
        "email",
        "address_line1",
        "address_city",
        "address_postal_code",
        "address_country",
        "created_at",
        "updated_at",
      ],
      [
        [
          customerId,
          orgId,
          "Bench customer",
          "bench@example.com",
          "1 Main St",
          "Berlin",
          "10115",
          "DE",
          now,
          now,
        ],
      ],
    ),
    insertRows(
      "recurring_invoices",
      [
        "id",
        "organization_id",
        "customer_id",
        "currency",
        "items",
        "interval",
        "interval_count",
        "start_date",
        "auto_send",
        "status",
        "next_run_index",
        "next_run_date",
        "created_at",
        "updated_at",
      ],
      templates,
    ),
  ];
  return { key, sql: sql.join("\n") };
}

async function waitForHealth(child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("wrangler dev exited early");
    try {
      if ((await fetch(`${BASE}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("wrangler dev did not become healthy");
}

async function main() {
  rmSync(STATE, { recursive: true, force: true });
  rmSync(SEED_DIR, { recursive: true, force: true });
  mkdirSync(SEED_DIR, { recursive: true });
  run("node", ["scripts/setup-dev-vars.mjs"]);
  console.log("applying migrations ...");
  for (const binding of d1Bindings())
    run("npx", ["wrangler", "d1", "migrations", "apply", binding, "--local", "--persist-to", STATE]);
  const seeded = seed();
  const file = join(SEED_DIR, "seed.sql");
  writeFileSync(file, seeded.sql);
  let t = performance.now();
  run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE, "--file", file, "--yes"]);
  console.log(
    `seeded ${N.toLocaleString("en")} recurring invoices in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  console.log("starting wrangler dev ...");
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(PORT),
      "--inspector-port",
      String(INSPECTOR_PORT),
      "--persist-to",
      STATE,
      "--var",
      "RATE_LIMIT_ENABLED:false",
    ],
    { env, stdio: ["ignore", "pipe", "inherit"], detached: true },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  process.on("exit", stop);
  try {
    await waitForHealth(child);
    t = performance.now();
    const res = await fetch(`${BASE}/v1/test-clock/advance`, {
      method: "POST",
      headers: { Authorization: `Bearer ${seeded.key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ to: "2027-01-02" }),
    });
    const body = await res.json();
    const seconds = (performance.now() - t) / 1000;
    if (res.status !== 200) throw new Error(`advance answered ${res.status}: ${JSON.stringify(body)}`);
    const created = body.ran.find((r) => r.sweep === "recurring-invoices")?.count ?? 0;
    await new Promise((r) => setTimeout(r, 500));
    const line = output
      .split("\n")
      .filter((l) => l.includes('"recurring sweep"'))
      .at(-1);
    const stats = line ? JSON.parse(line.slice(line.indexOf("{"))) : null;
    console.log(
      `\none sweep over ${N.toLocaleString("en")} due recurring invoices (auto_send: ${AUTO_SEND})`,
    );
    console.log(`invoices created: ${created} (expected ${N})`);
    console.log(`wall time of the sweep (the advance request): ${seconds.toFixed(2)} s`);
    if (stats) {
      console.log(
        `D1 round trips: ${stats.queries} in all, ${(stats.queries / Math.max(1, created)).toFixed(3)} per generated invoice`,
      );
    } else {
      console.log("D1 round trips: the sweep's log line was not found in wrangler's output");
    }
    if (created !== N) process.exitCode = 1;
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

#!/usr/bin/env node
// Benchmark: moving an organization between the two local databases on `wrangler dev`. Seeds an
// organization with INVOICES invoices of ITEMS lines each (by SQL, outside the API), moves it to
// the other database step by step through the operator's routes (sleeping through the two waits
// of DIRECTORY_TTL_MS, which real time must pass), prints per phase the steps, rows and time of
// the steps alone, checks that a set of GET answers is byte-identical before and after, then moves
// it back with scripts/move-organization.mjs and prints what the script printed.
//
//   node bench/move.mjs                  (INVOICES=2000 ITEMS=10 node bench/move.mjs)
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminToken, call, d1, npx, ROOT, removeState, startDev, stopDev } from "./lib/dev-server.mjs";
import { insertRows } from "./lib/seed-sql.mjs";

const PORT = 8712;
const BASE = `http://127.0.0.1:${PORT}`;
const INVOICES = Number(process.env.INVOICES ?? 2000);
const ITEMS = Number(process.env.ITEMS ?? 10);
const DATABASES = ["DB", "DB_2"];

// Every seeded invoice states 504.00 net and 95.80 VAT at 19% (as stored; the lines are filler).
const TOTALS_DETAIL = JSON.stringify({
  breakdown: [
    {
      tax_rate_id: null,
      category: "S",
      percent_scaled: 190000,
      inclusive: false,
      taxable_minor: 50400,
      tax_minor: 9580,
      gross_minor: 59980,
      exemption_reason: null,
      exemption_reason_code: null,
    },
  ],
  allowances: [],
});

function seedSql(orgId, customerId) {
  const invoices = [];
  const items = [];
  const start = Date.parse("2026-01-01T00:00:00Z");
  for (let i = 0; i < INVOICES; i++) {
    const id = `inv_move_${String(i).padStart(7, "0")}`;
    const at = new Date(start + i * 60_000).toISOString();
    invoices.push([
      id,
      orgId,
      customerId,
      `MV-${String(i + 1).padStart(6, "0")}`,
      // Drafts: an issued invoice would need the seller snapshot that sending takes.
      "draft",
      "EUR",
      59980,
      "2099-12-31",
      null,
      0,
      at,
      at,
      null,
      50400,
      50400,
      9580,
      0,
      TOTALS_DETAIL,
    ]);
    for (let n = 0; n < ITEMS; n++) {
      items.push([`item_move_${i}_${n}`, id, orgId, n, `Line ${n} of invoice ${i}`, 10000, 504, 5040, 5040]);
    }
  }
  return [
    insertRows(
      "invoices",
      [
        "id",
        "organization_id",
        "customer_id",
        "number",
        "status",
        "currency",
        "total_minor",
        "due_date",
        "sent_at",
        "version",
        "created_at",
        "updated_at",
        "issue_date",
        "subtotal_minor",
        "tax_exclusive_minor",
        "tax_total_minor",
        "amount_paid_minor",
        "totals_detail",
      ],
      invoices,
    ),
    insertRows(
      "invoice_items",
      [
        "id",
        "invoice_id",
        "organization_id",
        "position",
        "description",
        "quantity",
        "unit_price_minor",
        "amount_minor",
        "net_minor",
      ],
      items,
    ),
  ].join("\n");
}

async function answers(key, paths) {
  const out = {};
  for (const path of paths) {
    // A fresh connection: the one kept alive from before the script's run has been closed by then.
    const res = await fetch(`${BASE}${path}`, {
      headers: { Authorization: `Bearer ${key}`, Connection: "close" },
    });
    out[path] = `${res.status} ${await res.text()}`;
  }
  return out;
}

const sleepUntil = (iso) => new Promise((r) => setTimeout(r, Math.max(0, Date.parse(iso) - Date.now()) + 50));

const state = mkdtempSync(join(tmpdir(), "move-bench-"));
const token = adminToken();
let dev;
try {
  for (const db of DATABASES)
    npx(["wrangler", "d1", "migrations", "apply", db, "--local", "--persist-to", state]);
  dev = await startDev({ port: PORT, state });
  const created = await call(BASE, "POST", "/v1/admin/organizations", token, {
    name: "Move bench",
    tier: "business",
    default_currency: "EUR",
    owner: { email: `move-bench-${Date.now()}@example.com`, name: "Owner" },
  });
  const orgId = created.organization.id;
  const key = created.api_key;
  const customer = await call(BASE, "POST", "/v1/customers", key, {
    name: "Globex",
    email: "ap@globex.example",
    address: { line1: "1 Main Street", city: "Berlin", postal_code: "10115", country: "DE" },
  });
  await stopDev(dev);
  const [{ database: source }] = d1(
    state,
    `SELECT database FROM organization_databases WHERE organization_id = '${orgId}'`,
  );
  const target = DATABASES.find((db) => db !== source);
  const file = join(state, "seed.sql");
  writeFileSync(file, seedSql(orgId, customer.id));
  npx(["wrangler", "d1", "execute", source, "--local", "--persist-to", state, "--file", file]);
  dev = await startDev({ port: PORT, state });

  const paths = [
    "/v1/invoices?limit=100",
    "/v1/invoices/inv_move_0000007",
    "/v1/customers",
    "/v1/reports/receivables",
    "/v1/reports/tax?from=2026-01-01&to=2026-12-31",
  ];
  const before = await answers(key, paths);
  const rows = INVOICES * (1 + ITEMS);
  console.log(
    `organization ${orgId} on ${source}: ${INVOICES} invoices x ${ITEMS} lines (${rows + 4} rows), moving to ${target}`,
  );

  const phases = {};
  let move = await call(BASE, "POST", `/v1/admin/organizations/${orgId}/move`, token, { database: target });
  while (move.phase !== "done") {
    if (move.error || move.phase === "failed") throw new Error(`move stopped: ${move.phase} ${move.error}`);
    if (move.wait_until) await sleepUntil(move.wait_until);
    const phase = move.phase;
    const started = performance.now();
    move = await call(BASE, "POST", `/v1/admin/organizations/${orgId}/move/step`, token);
    const ms = performance.now() - started;
    phases[phase] ??= { steps: 0, ms: [] };
    const entry = phases[phase];
    entry.steps += 1;
    entry.ms.push(ms);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [phase, { steps, ms }] of Object.entries(phases)) {
    const total = ms.reduce((a, b) => a + b, 0);
    console.log(
      `  ${phase.padEnd(10)} ${String(steps).padStart(4)} steps  ${(total / 1000).toFixed(2).padStart(7)} s  median ${median(ms).toFixed(0)} ms/step`,
    );
  }
  const stepped = Object.values(phases).reduce((sum, { ms }) => sum + ms.reduce((a, b) => a + b, 0), 0);
  console.log(
    `  steps alone: ${(stepped / 1000).toFixed(1)} s for ${rows + 4} rows (copied, verified, verified again, deleted)`,
  );
  const after = await answers(key, paths);
  const same = paths.filter((path) => after[path] === before[path]).length;
  console.log(`  answers byte-identical after the move: ${same}/${paths.length}`);
  if (same !== paths.length) process.exitCode = 1;

  console.log(`moving it back with scripts/move-organization.mjs:`);
  const script = spawnSync(
    "node",
    [
      "scripts/move-organization.mjs",
      "--org",
      orgId,
      "--to",
      source,
      "--base-url",
      BASE,
      "--admin-token",
      token,
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  process.stdout.write(script.stdout.replace(/^/gm, "  "));
  if (script.status !== 0) throw new Error(`the script failed: ${script.stderr}`);
  const back = await answers(key, paths);
  console.log(
    `  answers byte-identical after moving back: ${paths.filter((path) => back[path] === before[path]).length}/${paths.length}`,
  );
} finally {
  if (dev) await stopDev(dev);
  removeState(state);
}

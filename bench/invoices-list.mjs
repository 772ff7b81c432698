#!/usr/bin/env node
// Benchmark: GET /v1/invoices?status=sent&limit=100, and the two reports (GET /v1/reports/tax and
// /v1/reports/receivables), for an organization with 1,000 invoices and one with 100,000, on
// `wrangler dev` (local D1), in one run. Seeds with SQL (the API would take too long for 100k),
// starts wrangler dev on loopback, measures sequential requests interleaved between the two
// organizations, prints medians and the ratios, checks the reports' figures against what was
// seeded, and stops wrangler.
//
//   node bench/invoices-list.mjs            (REQUESTS=300 node bench/invoices-list.mjs for more)
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { d1Bindings } from "../scripts/d1-bindings.mjs";
import { insertRows } from "./lib/seed-sql.mjs";

const PORT = 8704;
const INSPECTOR_PORT = 9204;
const STATE = "/tmp/inv-bench-state";
const SEED_DIR = "/tmp/inv-bench-seed";
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WARMUP = 20;
const SIZES = [1_000, 100_000];
// Status mix of the seeded invoices: 40% sent (due in the future), 25% paid, 20% draft, 15% overdue.
const MIX = [
  ["sent", 40],
  ["paid", 25],
  ["draft", 20],
  ["overdue", 15],
];
const BASE = `http://127.0.0.1:${PORT}`;
// Every seeded invoice: one line of 50.40 net at 19% standard rate.
const NET = 5040;
const TAX = 958;
const TOTAL = NET + TAX;
const TOTALS_DETAIL = JSON.stringify({
  breakdown: [
    {
      tax_rate_id: null,
      category: "S",
      percent_scaled: 190000,
      inclusive: false,
      taxable_minor: NET,
      tax_minor: TAX,
      gross_minor: TOTAL,
      exemption_reason: null,
      exemption_reason_code: null,
    },
  ],
  allowances: [],
});
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

function statusFor(i) {
  let bucket = i % 100;
  for (const [status, share] of MIX) {
    if (bucket < share) return status;
    bucket -= share;
  }
  return "draft";
}

/** An organization, its owner, an API key (returned in plain) and a customer, as SQL. */
function seedOrganization(label, invoiceCount) {
  const now = new Date().toISOString();
  const orgId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  const prefix = `sk_${randomBytes(9).toString("hex").slice(0, 12)}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const customerId = `cus_bench${label}`;
  const sql = [
    insertRows(
      "organizations",
      ["id", "name", "tier", "default_currency", "invoice_sequence", "created_at", "updated_at"],
      [[orgId, `Bench ${label}`, "business", "USD", invoiceCount, now, now]],
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
      [[userId, orgId, `bench-${label}-${Date.now()}@example.com`, "Bench", "owner", now, now]],
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
  ];
  const invoices = [];
  const items = [];
  const start = Date.parse("2026-01-01T00:00:00Z");
  for (let i = 0; i < invoiceCount; i++) {
    const id = `inv_b${label}_${String(i).padStart(7, "0")}`;
    const status = statusFor(i);
    const created = new Date(start + i * 60_000).toISOString();
    const due = status === "overdue" ? "2026-02-01" : "2099-12-31";
    // 50.40 net at 19% = 9.58 tax: 59.98 (line 3 x 16.80). Issued on the day it was sent.
    invoices.push([
      id,
      orgId,
      customerId,
      `INV-${String(i + 1).padStart(6, "0")}`,
      status,
      "USD",
      TOTAL,
      due,
      null,
      status === "draft" ? null : created,
      status === "paid" ? created : null,
      0,
      created,
      created,
      status === "draft" ? null : created.slice(0, 10),
      NET,
      NET,
      TAX,
      status === "paid" ? TOTAL : 0,
      TOTALS_DETAIL,
    ]);
    items.push([`item_b${label}_${i}`, id, orgId, 0, null, "Benchmark line", 30000, 1680, NET, NET]);
  }
  sql.push(
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
        "notes",
        "sent_at",
        "paid_at",
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
        "product_id",
        "description",
        "quantity",
        "unit_price_minor",
        "amount_minor",
        "net_minor",
      ],
      items,
    ),
  );
  return { key, sql: sql.join("\n") };
}

async function waitForHealth(child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("wrangler dev exited early");
    try {
      const res = await fetch(`${BASE}/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("wrangler dev did not become healthy");
}

const LIST = "/v1/invoices?status=sent&limit=100";
const TAX_REPORT = "/v1/reports/tax?from=2026-01-01&to=2026-12-31";
const RECEIVABLES = "/v1/reports/receivables";

async function timeRequest(key, path = LIST) {
  const started = performance.now();
  const res = await fetch(`${BASE}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`status ${res.status}: ${JSON.stringify(body)}`);
  return { ms, body, total: body.meta?.total, count: body.data.length };
}

/** What the reports must say for `size` seeded invoices (issued in 2026: every non-draft one). */
function expectedReports(size) {
  const counts = { sent: 0, paid: 0, draft: 0, overdue: 0 };
  for (let i = 0; i < size; i++) counts[statusFor(i)]++;
  const issued = size - counts.draft;
  const open = counts.sent + counts.overdue;
  return {
    taxable: (issued * NET) / 100,
    tax: (issued * TAX) / 100,
    due: (open * TOTAL) / 100,
    current: (counts.sent * TOTAL) / 100,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  rmSync(STATE, { recursive: true, force: true });
  rmSync(SEED_DIR, { recursive: true, force: true });
  mkdirSync(SEED_DIR, { recursive: true });
  run("node", ["scripts/setup-dev-vars.mjs"]);

  console.log("applying migrations ...");
  for (const binding of d1Bindings())
    run("npx", ["wrangler", "d1", "migrations", "apply", binding, "--local", "--persist-to", STATE]);

  const orgs = [];
  for (const size of SIZES) {
    const label = `${size / 1000}k`;
    const seeded = seedOrganization(label, size);
    const file = join(SEED_DIR, `seed-${label}.sql`);
    writeFileSync(file, seeded.sql);
    const t = performance.now();
    run("npx", [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      STATE,
      "--file",
      file,
      "--yes",
    ]);
    console.log(
      `seeded ${size.toLocaleString("en")} invoices in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    orgs.push({ size, key: seeded.key });
  }
  run("npx", [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    STATE,
    "--command",
    "ANALYZE",
    "--yes",
  ]);

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
      "--log-level",
      "error",
    ],
    { env, stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  process.on("exit", stop);
  try {
    await waitForHealth(child);
    for (const org of orgs) for (let i = 0; i < WARMUP; i++) await timeRequest(org.key);
    const samples = new Map(orgs.map((o) => [o.size, []]));
    const totals = new Map();
    // Interleaved, so drift in the machine's load hits both sizes alike.
    for (let i = 0; i < REQUESTS; i++) {
      for (const org of orgs) {
        const r = await timeRequest(org.key);
        samples.get(org.size).push(r.ms);
        totals.set(org.size, r);
      }
    }
    console.log(
      `\nGET /v1/invoices?status=sent&limit=100, ${REQUESTS} sequential requests each, after ${WARMUP} warm-up`,
    );
    const medians = [];
    for (const org of orgs) {
      const xs = samples.get(org.size);
      const r = totals.get(org.size);
      medians.push(median(xs));
      console.log(
        `${org.size.toLocaleString("en").padStart(7)} invoices (meta.total ${r.total}, ${r.count} on the page): ` +
          `median ${median(xs).toFixed(2)} ms, p95 ${percentile(xs, 95).toFixed(2)} ms, min ${Math.min(...xs).toFixed(2)} ms`,
      );
    }
    console.log(
      `ratio of medians (100,000 / 1,000): ${(medians[1] / medians[0]).toFixed(2)}x (goal: within 2x)`,
    );

    // The reports: an aggregate over every row of the organization in range, so their cost grows
    // with the rows; measured the same way, and their figures checked against the seed.
    const REPORT_REQUESTS = Math.max(10, Math.floor(REQUESTS / 10));
    for (const path of [TAX_REPORT, RECEIVABLES]) {
      const times = new Map(orgs.map((o) => [o.size, []]));
      for (const org of orgs) await timeRequest(org.key, path);
      for (let i = 0; i < REPORT_REQUESTS; i++) {
        for (const org of orgs) times.get(org.size).push((await timeRequest(org.key, path)).ms);
      }
      console.log(`\nGET ${path}, ${REPORT_REQUESTS} sequential requests each`);
      for (const org of orgs) {
        const xs = times.get(org.size);
        const { body } = await timeRequest(org.key, path);
        const want = expectedReports(org.size);
        const got =
          path === TAX_REPORT
            ? { taxable: body.data[0]?.taxable_amount, tax: body.data[0]?.tax_amount }
            : { due: body.data[0]?.total, current: body.data[0]?.current };
        const ok = Object.entries(got).every(([k, v]) => Math.abs(v - want[k]) < 0.005);
        if (!ok) process.exitCode = 1;
        console.log(
          `${org.size.toLocaleString("en").padStart(7)} invoices: median ${median(xs).toFixed(1)} ms, ` +
            `figures ${JSON.stringify(got)} ${ok ? "match the seed" : `DIFFER from ${JSON.stringify(want)}`}`,
        );
      }
    }
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

#!/usr/bin/env node
// Benchmark: the reports and a keyset-paginated invoice list for an organization of 1,000,000
// invoices, on `wrangler dev` (local D1), in one run. Seeds by SQL outside the API: a fresh local
// D1 state with every migration applied, then sqlite3 writes straight into its database file
// (wrangler stopped), generating the rows with recursive CTEs, and runs the migration's own
// backfill of the tax lines (migrations/0037_*.sql) where the tree has it, so the state is what a
// migrated database holds. Then it measures, sequentially:
//   - GET /v1/reports/tax for one year (goal: under 300 ms);
//   - GET /v1/reports/receivables and /v1/reports/payables;
//   - GET /v1/invoices?status=paid&limit=50&cursor=... (page 2 of a filtered keyset walk) at
//     1,000,000 invoices and at 10,000 (goal: within 1.5x), and the same with ?customer_id=;
// prints medians and ratios, checks the tax report against the seed, and stops wrangler.
//
//   node bench/reports-1m.mjs        (SIZE=100000 REQUESTS=20 node bench/reports-1m.mjs for less)
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { adminToken, freshState, npx, ROOT, removeState, startDev, stopDev } from "./lib/dev-server.mjs";

const PORT = 8731;
const SIZE = Number(process.env.SIZE ?? 1_000_000);
const SMALL = 10_000;
const REQUESTS = Number(process.env.REQUESTS ?? 30);
const WARMUP = 5;
// The invoices are issued over ten years up to TODAY, evenly; the report asks for one of them.
const TODAY = new Date().toISOString().slice(0, 10);
const YEARS = 10;
const YEAR = String(Number(TODAY.slice(0, 4)) - 1);
const TAX_REPORT = `/v1/reports/tax?from=${YEAR}-01-01&to=${YEAR}-12-31`;

/** Every third invoice: 19% on 50.40 and 7% on 20.00; the others 19% on 50.40 only (minor units). */
const ENTRY = (percent, taxable, tax) =>
  `json_object('tax_rate_id', NULL, 'category', 'S', 'percent_scaled', ${percent}, 'inclusive', json('false'), ` +
  `'taxable_minor', ${taxable}, 'tax_minor', ${tax}, 'gross_minor', ${taxable + tax}, ` +
  `'exemption_reason', NULL, 'exemption_reason_code', NULL)`;
const ONE = `json_object('breakdown', json_array(${ENTRY(190000, 5040, 958)}), 'allowances', json_array())`;
const TWO = `json_object('breakdown', json_array(${ENTRY(190000, 5040, 958)}, ${ENTRY(70000, 2000, 140)}), 'allowances', json_array())`;

const sq = (v) => (v === null ? "NULL" : `'${String(v).replace(/'/g, "''")}'`);

/**
 * SQL seeding one organization of `n` invoices over the ten years before TODAY (created and issued
 * the same day, due 30 days later) and `customers` customers. Status: 1 in 100 a draft, 1 in 100
 * void (its credit note of the whole invoice issued the same day); the rest paid, except within
 * the last 120 days (half sent, a fifth overdue, the rest paid) and 2 in 100 older ones overdue.
 */
function organizationSql(label, n, customers) {
  const now = new Date().toISOString();
  const org = `org_bench_${label}`;
  const user = `usr_bench_${label}`;
  const prefix = `sk_${randomBytes(9).toString("hex").slice(0, 12)}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const startMs = Date.parse(`${TODAY}T00:00:00Z`) - YEARS * 365.25 * 86_400_000;
  const stepMs = (YEARS * 365.25 * 86_400_000) / n;
  // The parties an issued invoice froze at its send (src/services/invoices/snapshots.ts).
  const seller = JSON.stringify({
    name: `Bench ${label}`,
    legal_name: `Bench ${label} GmbH`,
    address: { line1: "2 Market St", city: "Berlin", postal_code: "10115", country: "DE" },
    vat_id: "DE123456789",
    email: "billing@example.com",
    iban: "DE89370400440532013000",
  });
  const recentFrom = new Date(Date.parse(`${TODAY}T00:00:00Z`) - 120 * 86_400_000).toISOString();
  const sql = `
INSERT INTO organizations (id, name, tier, default_currency, invoice_sequence, credit_note_sequence, created_at, updated_at)
  VALUES (${sq(org)}, ${sq(`Bench ${label}`)}, 'business', 'EUR', ${n}, ${n}, ${sq(now)}, ${sq(now)});
INSERT INTO organization_databases (organization_id, database, state, state_changed_at, created_at, updated_at)
  VALUES (${sq(org)}, 'DB', 'active', ${sq(now)}, ${sq(now)}, ${sq(now)});
INSERT INTO users (id, organization_id, email, name, role, created_at, updated_at)
  VALUES (${sq(user)}, ${sq(org)}, ${sq(`bench-${label}-${Date.now()}@example.com`)}, 'Bench', 'owner', ${sq(now)}, ${sq(now)});
INSERT INTO api_keys (id, user_id, organization_id, name, prefix, key_hash, created_at)
  VALUES (${sq(`key_bench_${label}`)}, ${sq(user)}, ${sq(org)}, 'bench', ${sq(prefix)}, ${sq(createHash("sha256").update(key).digest("hex"))}, ${sq(now)});
WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i + 1 < ${customers})
INSERT INTO customers (id, organization_id, name, email, address_line1, address_city, address_postal_code, address_country, created_at, updated_at)
  SELECT printf('cus_%s_%05d', ${sq(label)}, i), ${sq(org)}, printf('Customer %05d', i), printf('c%05d@example.com', i),
         '1 Main St', 'Berlin', '10115', 'DE', ${sq(now)}, ${sq(now)} FROM c;
CREATE TEMP TABLE seq AS
  WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ${n})
  SELECT i, strftime('%Y-%m-%dT%H:%M:%fZ', (${startMs} + i * ${stepMs}) / 1000.0, 'unixepoch') AS created,
         i % 3 = 0 AS two FROM s;
CREATE TEMP TABLE inv AS
  SELECT i, created, two, date(created) AS issued, date(created, '+30 days') AS due,
         CASE WHEN i % 100 = 0 THEN 'draft' WHEN i % 100 = 50 THEN 'void'
              WHEN created >= ${sq(recentFrom)} THEN CASE WHEN i % 10 < 5 THEN 'sent' WHEN i % 10 < 7 THEN 'overdue' ELSE 'paid' END
              WHEN i % 100 IN (17, 83) THEN 'overdue' ELSE 'paid' END AS status,
         CASE WHEN two THEN 7040 ELSE 5040 END AS net, CASE WHEN two THEN 1098 ELSE 958 END AS tax
  FROM seq;
INSERT INTO invoices (id, organization_id, customer_id, number, status, currency, total_minor, due_date, sent_at, paid_at,
                      voided_at, created_at, updated_at, issue_date, subtotal_minor, tax_exclusive_minor, tax_total_minor,
                      amount_paid_minor, amount_credited_minor, totals_detail, seller, buyer)
  SELECT printf('inv_%s_%07d', ${sq(label)}, i), ${sq(org)}, printf('cus_%s_%05d', ${sq(label)}, i % ${customers}),
         CASE WHEN status = 'draft' THEN printf('DRAFT-%07d', i) ELSE printf('INV-%07d', i + 1) END, status, 'EUR', net + tax, due,
         CASE WHEN status = 'draft' THEN NULL ELSE created END, CASE WHEN status = 'paid' THEN created END,
         CASE WHEN status = 'void' THEN created END, created, created,
         CASE WHEN status = 'draft' THEN NULL ELSE issued END, net, net, tax,
         CASE WHEN status = 'paid' THEN net + tax ELSE 0 END, CASE WHEN status = 'void' THEN net + tax ELSE 0 END,
         CASE WHEN two THEN ${TWO} ELSE ${ONE} END,
         CASE WHEN status = 'draft' THEN NULL ELSE ${sq(seller)} END,
         CASE WHEN status = 'draft' THEN NULL ELSE json_object('name', printf('Customer %05d', i % ${customers}),
           'email', printf('c%05d@example.com', i % ${customers}), 'vat_id', NULL, 'electronic_address', NULL,
           'address', json_object('line1', '1 Main St', 'city', 'Berlin', 'postal_code', '10115', 'country', 'DE')) END
  FROM inv;
INSERT INTO invoice_items (id, invoice_id, organization_id, position, description, quantity, unit_price_minor, amount_minor, net_minor)
  SELECT printf('item_%s_%07d', ${sq(label)}, i), printf('inv_%s_%07d', ${sq(label)}, i), ${sq(org)}, 0, 'Benchmark line', 10000, net, net, net
  FROM inv;
INSERT INTO credit_notes (id, organization_id, invoice_id, customer_id, number, reason, currency, issue_date, subtotal_minor,
                          discount_total_minor, tax_exclusive_minor, tax_total_minor, rounding_minor, total_minor, totals_detail,
                          voids, created_at)
  SELECT printf('cn_%s_%07d', ${sq(label)}, i), ${sq(org)}, printf('inv_%s_%07d', ${sq(label)}, i),
         printf('cus_%s_%05d', ${sq(label)}, i % ${customers}), printf('CN-%07d', i), 'Void', 'EUR', issued,
         net, 0, net, tax, 0, net + tax, CASE WHEN two THEN ${TWO} ELSE ${ONE} END, 1, created
  FROM inv WHERE status = 'void';
DROP TABLE inv;
DROP TABLE seq;
`;
  return { sql, key };
}

/** What the year's tax report must say: every issued invoice of the year less its credit notes. */
function expectedTax(n) {
  const startMs = Date.parse(`${TODAY}T00:00:00Z`) - YEARS * 365.25 * 86_400_000;
  const stepMs = (YEARS * 365.25 * 86_400_000) / n;
  const sums = { 190000: [0, 0], 70000: [0, 0] };
  for (let i = 0; i < n; i++) {
    if (i % 100 === 0 || i % 100 === 50) continue; // a draft; a void invoice nets to 0 with its note
    const ms = startMs + i * stepMs;
    if (new Date(Math.floor(ms)).toISOString().slice(0, 4) !== YEAR) continue;
    sums[190000][0] += 5040;
    sums[190000][1] += 958;
    if (i % 3 === 0) {
      sums[70000][0] += 2000;
      sums[70000][1] += 140;
    }
  }
  return sums;
}

/**
 * The database file wrangler keeps for DB under the --persist-to directory (every binding of
 * wrangler.toml has one; DB's is the one a marker written through the DB binding lands in).
 */
function databaseFile(state) {
  const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  npx([
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    state,
    "--command",
    "CREATE TABLE bench_marker (x)",
  ]);
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const marked = files.filter((f) =>
    sqlite(join(dir, f), "SELECT name FROM sqlite_master WHERE name = 'bench_marker';").trim(),
  );
  if (marked.length !== 1) throw new Error(`expected DB's database in ${dir}, found ${files.join(", ")}`);
  sqlite(join(dir, marked[0]), "DROP TABLE bench_marker;");
  return join(dir, marked[0]);
}

function sqlite(file, sql) {
  const run = spawnSync("sqlite3", [file], { input: sql, encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.status !== 0 || run.stderr) throw new Error(`sqlite3 failed: ${run.stderr}`);
  return run.stdout;
}

/** The statements of the tree's tax-lines migration that copy issued documents, if it has one. */
function backfillSql() {
  const file = readdirSync(join(ROOT, "migrations")).find((f) => /^\d{4}_document_tax_lines\.sql$/.test(f));
  if (!file) return null;
  return readFileSync(join(ROOT, "migrations", file), "utf8")
    .split("--> statement-breakpoint")
    .filter((statement) => /INSERT INTO `document_tax_lines`/.test(statement))
    .join(";\n");
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function timed(base, key, path) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

/** Median of REQUESTS sequential requests of each path (after a warm-up), interleaved across them. */
async function measure(base, runs) {
  for (const { key, path } of runs) for (let i = 0; i < WARMUP; i++) await timed(base, key, path);
  const samples = runs.map(() => []);
  for (let i = 0; i < REQUESTS; i++) {
    for (const [j, { key, path }] of runs.entries()) samples[j].push((await timed(base, key, path)).ms);
  }
  return samples.map(median);
}

async function main() {
  adminToken();
  const state = freshState("reports-1m");
  try {
    const file = databaseFile(state);
    const big = organizationSql("big", SIZE, Math.min(1000, SIZE / 100));
    const small = organizationSql("small", SMALL, 100);
    let t = performance.now();
    sqlite(file, `PRAGMA synchronous = OFF;\nBEGIN;\n${big.sql}\n${small.sql}\nCOMMIT;`);
    console.log(
      `seeded ${SIZE.toLocaleString("en")} + ${SMALL.toLocaleString("en")} invoices in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
    const backfill = backfillSql();
    if (backfill) {
      t = performance.now();
      sqlite(file, `PRAGMA synchronous = OFF;\nBEGIN;\n${backfill};\nCOMMIT;`);
      const lines = sqlite(file, "SELECT count(*) FROM document_tax_lines;").trim();
      console.log(
        `migration 0037's backfill: ${Number(lines).toLocaleString("en")} tax lines in ${((performance.now() - t) / 1000).toFixed(0)} s`,
      );
    } else {
      console.log("no tax-lines migration in this tree (before)");
    }
    t = performance.now();
    sqlite(file, "ANALYZE;");
    console.log(`ANALYZE in ${((performance.now() - t) / 1000).toFixed(0)} s`);

    const child = await startDev({ port: PORT, state, vars: ["RATE_LIMIT_ENABLED:false"] });
    try {
      const base = `http://127.0.0.1:${PORT}`;
      // The list: page 2 of a keyset walk (the cursor from page 1), filtered.
      const secondPage = async (key, filter) => {
        const first = await timed(base, key, `/v1/invoices?sort=-created_at&${filter}&limit=50`);
        const cursor = first.body.meta.next_cursor;
        if (!cursor) throw new Error(`no next_cursor for ${filter}`);
        return `/v1/invoices?sort=-created_at&${filter}&limit=50&cursor=${encodeURIComponent(cursor)}`;
      };
      const filters = ["status=paid", `customer_id=cus_%s_00042`];
      console.log(`\n${REQUESTS} sequential requests each after ${WARMUP} warm-up; medians`);
      for (const filter of filters) {
        const bigPath = await secondPage(big.key, filter.replace("%s", "big"));
        const smallPath = await secondPage(small.key, filter.replace("%s", "small"));
        const [atBig, atSmall] = await measure(base, [
          { key: big.key, path: bigPath },
          { key: small.key, path: smallPath },
        ]);
        console.log(
          `GET /v1/invoices?${filter.replace("%s", "…")}&limit=50&cursor=(page 2): ` +
            `${atBig.toFixed(1)} ms at ${SIZE.toLocaleString("en")}, ${atSmall.toFixed(1)} ms at ${SMALL.toLocaleString("en")}: ` +
            `ratio ${(atBig / atSmall).toFixed(2)}x (goal: within 1.5x)`,
        );
      }
      const [tax, receivables, payables] = await measure(base, [
        { key: big.key, path: TAX_REPORT },
        { key: big.key, path: "/v1/reports/receivables" },
        { key: big.key, path: "/v1/reports/payables" },
      ]);
      console.log(
        `GET ${TAX_REPORT}: ${tax.toFixed(1)} ms at ${SIZE.toLocaleString("en")} (goal: under 300 ms)`,
      );
      console.log(`GET /v1/reports/receivables: ${receivables.toFixed(1)} ms`);
      console.log(`GET /v1/reports/payables: ${payables.toFixed(1)} ms (no bills seeded: the query's floor)`);

      // The figures: the year's tax report against the seed.
      const { body } = await timed(base, big.key, TAX_REPORT);
      const want = expectedTax(SIZE);
      const ok = [190000, 70000].every((percent) => {
        const row = body.data.find((r) => r.percentage === percent / 10000);
        return (
          row &&
          Math.abs(row.taxable_amount - want[percent][0] / 100) < 0.005 &&
          Math.abs(row.tax_amount - want[percent][1] / 100) < 0.005
        );
      });
      if (!ok) process.exitCode = 1;
      console.log(
        `tax report ${YEAR}: ${JSON.stringify(body.data.map((r) => [r.percentage, r.taxable_amount, r.tax_amount]))} ` +
          `${ok ? "matches the seed" : `DIFFERS from ${JSON.stringify(want)}`}`,
      );
      const receivable = (await timed(base, big.key, "/v1/reports/receivables")).body.data[0];
      console.log(`receivables: ${receivable?.invoices} open invoices, total ${receivable?.total}`);
    } finally {
      await stopDev(child);
    }
  } finally {
    removeState(state);
  }
}

await main();

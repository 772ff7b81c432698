// Bytes per row of the tables that grow with use (invoices, lines, events, e-mails, payments,
// audit entries), indexes included, measured on a local D1 database seeded through the API.
//
//   node bench/row-sizes.mjs            (INVOICES=1000 LINES=5 DOCUMENTS=50 VIEWS=9 PORT=8730)
//
// Seeds a fresh --persist-to state on `wrangler dev` (rate limiter off: the seed is faster than a
// business organization's 1000 a minute, and row sizes do not depend on it): one organization
// with a full billing profile, 20 customers, INVOICES invoices of LINES lines (19% VAT, a third
// with a 10% discount), every invoice sent (its e-mail row and event), 60% of them paid in full
// (a payment row, two events), and DOCUMENTS small internal documents each viewed VIEWS times (an
// audit entry per upload and per view). Then stops wrangler and reads SQLite's dbstat virtual
// table on the database file (the `sqlite3` command line; D1 itself does not expose dbstat):
// SUM(pgsize) per table and per index, which is what counts against D1's database size (pages,
// including their unused space), divided by the table's row count.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { adminToken, call, freshState, pool, removeState, startDev, stopDev } from "./lib/dev-server.mjs";

const INVOICES = Number(process.env.INVOICES ?? 1000);
const LINES = Number(process.env.LINES ?? 5);
const DOCUMENTS = Number(process.env.DOCUMENTS ?? 50);
const VIEWS = Number(process.env.VIEWS ?? 9);
const PORT = Number(process.env.PORT ?? 8730);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 6);
const BASE = `http://127.0.0.1:${PORT}`;
const KEEP_STATE = process.env.KEEP_STATE === "1";

const rand = (n) => Math.floor(Math.random() * n);
const DESCRIPTIONS = [
  "Consulting, senior engineer (hours)",
  "Software licence, annual subscription",
  "On-site workshop, two days",
  "Support retainer, monthly",
  "Travel expenses as agreed",
  "Design review and written report",
];

async function seed(admin) {
  const created = await call(BASE, "POST", "/v1/admin/organizations", admin, {
    name: "Row sizes GmbH",
    tier: "business",
    owner: { email: `rows-${Date.now()}@example.com`, name: "Row Sizes" },
  });
  const key = created.api_key;
  await call(BASE, "PATCH", "/v1/organization", key, {
    legal_name: "Row Sizes GmbH",
    address: { line1: "Friedrichstrasse 123", city: "Berlin", postal_code: "10117", country: "DE" },
    vat_id: "DE123456789",
    email: "billing@rowsizes.example",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
    payment_terms_days: 14,
  });
  const rate = await call(BASE, "POST", "/v1/tax-rates", key, { display_name: "VAT 19%", percentage: 19 });
  const customers = await pool(
    Array.from({ length: 20 }, (_, i) => i),
    CONCURRENCY,
    async (i) =>
      (
        await call(BASE, "POST", "/v1/customers", key, {
          name: `Customer ${i} Handels AG`,
          email: `accounts-${i}@customer.example`,
          address: { line1: `${i + 1} Hauptstrasse`, city: "Hamburg", postal_code: "20095", country: "DE" },
          vat_id: `DE${String(100000000 + i * 7919).slice(0, 9)}`,
        })
      ).id,
  );

  let done = 0;
  const progress = () => {
    if (++done % 250 === 0) console.log(`  ${done} / ${INVOICES} invoices`);
  };
  await pool(
    Array.from({ length: INVOICES }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      const body = {
        customer_id: customers[i % customers.length],
        default_tax_rate_id: rate.id,
        notes: `Order ${100000 + i}. Thank you for your business.`,
        items: Array.from({ length: LINES }, (_, n) => ({
          description: DESCRIPTIONS[(i + n) % DESCRIPTIONS.length],
          quantity: 1 + rand(20),
          unit_price: (1000 + rand(200_000)) / 100,
        })),
      };
      if (i % 3 === 0) body.discounts = [{ description: "Loyalty discount", percentage: 10 }];
      const invoice = await call(BASE, "POST", "/v1/invoices", key, body);
      const sent = await call(BASE, "POST", `/v1/invoices/${invoice.id}/send`, key);
      if (i % 10 < 6) {
        await call(BASE, "POST", `/v1/invoices/${invoice.id}/payments`, key, {
          amount: sent.amount_due,
          method: "bank_transfer",
          reference: `TRX-${200000 + i}`,
        });
      }
      progress();
    },
  );

  await pool(
    Array.from({ length: DOCUMENTS }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      const form = new FormData();
      const text = `Signed delivery note ${i}\n${"x".repeat(2000)}\n`;
      form.append("file", new Blob([text], { type: "text/plain" }), `delivery-note-${i}.txt`);
      const res = await fetch(`${BASE}/v1/documents/upload`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${key}`,
          "Classification-Level": "internal",
          "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) row-sizes bench",
        },
        body: form,
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(json)}`);
      for (let v = 0; v < VIEWS; v++) {
        const view = await fetch(`${BASE}/v1/documents/${json.data.id}/metadata`, {
          headers: {
            Authorization: `Bearer ${key}`,
            "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) row-sizes bench",
          },
        });
        await view.arrayBuffer();
        if (!view.ok) throw new Error(`metadata: ${view.status}`);
      }
    },
  );
}

/** The D1 database file of the state: the largest .sqlite under v3/d1 other than miniflare's metadata. */
function databaseFile(state) {
  const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
    .map((f) => join(dir, f));
  files.sort((a, b) => statSync(b).size - statSync(a).size);
  if (!files.length) throw new Error(`no database file in ${dir}`);
  return files[0];
}

function sqlite(file, sql) {
  const run = spawnSync("sqlite3", ["-json", file, sql], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.error) throw new Error(`sqlite3 is needed to read dbstat: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`sqlite3: ${run.stderr}`);
  return run.stdout.trim() ? JSON.parse(run.stdout) : [];
}

function measure(file) {
  // Fold the WAL in, so the file and dbstat agree (wrangler has stopped; nobody else has it open).
  sqlite(file, "PRAGMA wal_checkpoint(TRUNCATE)");
  const objects = sqlite(
    file,
    "SELECT name, tbl_name, type FROM sqlite_master WHERE type IN ('table', 'index')",
  );
  const stat = sqlite(
    file,
    "SELECT name, SUM(pgsize) AS bytes, SUM(payload) AS payload, COUNT(*) AS pages FROM dbstat GROUP BY name",
  );
  const [{ page_size: pageSize }] = sqlite(file, "PRAGMA page_size");
  const [{ page_count: pageCount }] = sqlite(file, "PRAGMA page_count");
  const tableOf = new Map(objects.map((o) => [o.name, o.tbl_name]));
  const tables = new Map();
  for (const o of objects)
    if (o.type === "table") tables.set(o.name, { rows: 0, table: 0, payload: 0, indexes: 0, indexNames: [] });
  for (const s of stat) {
    const owner = tables.get(tableOf.get(s.name) ?? s.name);
    if (!owner) continue;
    if (tableOf.get(s.name) === s.name) {
      owner.table += s.bytes;
      owner.payload += s.payload;
    } else {
      owner.indexes += s.bytes;
      owner.indexNames.push(s.name);
    }
  }
  for (const [name, t] of tables) {
    if (name.startsWith("sqlite_") || name.startsWith("_cf_")) continue;
    t.rows = sqlite(file, `SELECT COUNT(*) AS n FROM "${name}"`)[0].n;
  }
  return { tables, pageSize, pageCount, fileBytes: statSync(file).size };
}

function print({ tables, pageSize, pageCount, fileBytes }) {
  const n = (v) => v.toLocaleString("en");
  const pad = (v, w) => String(v).padStart(w);
  console.log(
    `\npage size ${pageSize} B, ${n(pageCount)} pages = ${n(pageSize * pageCount)} B; file ${n(fileBytes)} B`,
  );
  console.log(
    `${"table".padEnd(24)} ${pad("rows", 7)} ${pad("table B", 11)} ${pad("indexes B", 11)} ${pad("B/row", 7)} ${pad("+idx B/row", 11)} ${pad("payload B/row", 14)}  indexes`,
  );
  const rowsOf = [...tables.entries()]
    .filter(([, t]) => t.rows > 0)
    .sort((a, b) => b[1].table + b[1].indexes - (a[1].table + a[1].indexes));
  for (const [name, t] of rowsOf) {
    console.log(
      `${name.padEnd(24)} ${pad(n(t.rows), 7)} ${pad(n(t.table), 11)} ${pad(n(t.indexes), 11)} ${pad((t.table / t.rows).toFixed(0), 7)} ${pad(((t.table + t.indexes) / t.rows).toFixed(0), 11)} ${pad((t.payload / t.rows).toFixed(0), 14)}  ${t.indexNames.length}`,
    );
  }
  const per = (name) => {
    const t = tables.get(name);
    return t?.rows ? (t.table + t.indexes) / t.rows : 0;
  };
  const count = (name) => tables.get(name)?.rows ?? 0;
  const invoices = count("invoices");
  const perInvoice = [
    "invoices",
    "invoice_items",
    "webhook_events",
    "invoice_emails",
    "payments",
    "metadata_entries",
  ].reduce((s, name) => s + (tables.get(name) ? tables.get(name).table + tables.get(name).indexes : 0), 0);
  console.log("\nwith indexes, per row:");
  console.log(`  invoice (row)            ${per("invoices").toFixed(0)} B`);
  console.log(`  invoice line             ${per("invoice_items").toFixed(0)} B`);
  console.log(`  event (webhook_events)   ${per("webhook_events").toFixed(0)} B`);
  console.log(`  invoice e-mail           ${per("invoice_emails").toFixed(0)} B`);
  console.log(`  payment                  ${per("payments").toFixed(0)} B`);
  console.log(`  audit entry              ${per("document_audit_entries").toFixed(0)} B`);
  console.log(
    `  an invoice with everything it brought (${(count("invoice_items") / invoices).toFixed(1)} lines, ` +
      `${(count("webhook_events") / invoices).toFixed(2)} events, ${(count("invoice_emails") / invoices).toFixed(2)} e-mails, ` +
      `${(count("payments") / invoices).toFixed(2)} payments): ${(perInvoice / invoices).toFixed(0)} B`,
  );
}

async function main() {
  const admin = adminToken();
  console.log("applying migrations to a fresh state ...");
  const state = freshState("row-sizes");
  let dev;
  try {
    dev = await startDev({ port: PORT, state, vars: ["RATE_LIMIT_ENABLED:false"] });
    console.log(
      `seeding ${INVOICES} invoices of ${LINES} lines, ${DOCUMENTS} documents x ${1 + VIEWS} audit entries ...`,
    );
    const started = Date.now();
    await seed(admin);
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await stopDev(dev);
    dev = undefined;
    print(measure(databaseFile(state)));
  } finally {
    if (dev) await stopDev(dev);
    if (KEEP_STATE) console.log(`state kept in ${state}`);
    else removeState(state);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

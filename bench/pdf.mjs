#!/usr/bin/env node
// Benchmark: median wall time of GET /v1/invoices/{id}/pdf for a 1-line and a 200-line invoice
// against a running `npm run dev`, and the Worker bundle size (wrangler dry run, gzip).
// Wall time on wrangler dev includes the local D1/R2 round trips; the CPU time on Cloudflare is
// measured separately (Workers Logs / tail `cpuTime`).
//
//   npm run dev &                      (then)   node bench/pdf.mjs
//   BASE_URL=http://127.0.0.1:8787 REQUESTS=30 node bench/pdf.mjs
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BASE = process.env.BASE_URL ?? "http://127.0.0.1:8787";
const REQUESTS = Number(process.env.REQUESTS ?? 20);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };
const devVars = readFileSync(".dev.vars", "utf8");
const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? /^ADMIN_TOKEN\s*=\s*"?([^"\n]+)"?/m.exec(devVars)?.[1];

async function call(method, path, token, body) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.headers.get("Content-Type")?.includes("json")
    ? res.json()
    : new Uint8Array(await res.arrayBuffer());
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const created = await call("POST", "/v1/admin/organizations", ADMIN_TOKEN, {
  name: "PDF bench",
  tier: "business",
  default_currency: "EUR",
  owner: { email: `pdf-bench-${Date.now()}@example.com`, name: "Bench" },
});
const key = created.api_key;
await call("PATCH", "/v1/organization", key, {
  legal_name: "Łódź Škoda Sp. z o.o.",
  address: { line1: "ul. Piotrkowska 1", city: "Łódź", postal_code: "90-001", country: "PL" },
  vat_id: "PL5260250995",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  invoice_footer: "Zarząd: Ørsted Müller",
});
const rate = await call("POST", "/v1/tax-rates", key, { display_name: "VAT 19%", percentage: 19 });
const customer = await call("POST", "/v1/customers", key, {
  name: "Müller Ørsted ΑΕ",
  email: "billing@example.com",
  address: { line1: "Οδός Ερμού 5", city: "Αθήνα", postal_code: "10563", country: "GR" },
});
const invoiceOf = async (lines) => {
  const invoice = await call("POST", "/v1/invoices", key, {
    customer_id: customer.id,
    currency: "EUR",
    items: Array.from({ length: lines }, (_, i) => ({
      description: `Line ${i + 1}: consulting work, Москва office`,
      quantity: 1,
      unit_price: 12.5,
      tax_rate_id: rate.id,
    })),
  });
  await call("POST", `/v1/invoices/${invoice.id}/send`, key);
  return invoice.id;
};
const oneLine = await invoiceOf(1);
// The API takes 100 lines per invoice: the second hundred is copied in the local D1.
const twoHundred = await invoiceOf(100);
const copy = spawnSync(
  "npx",
  [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--command",
    `INSERT INTO invoice_items (id, invoice_id, organization_id, position, description, quantity, unit_price_minor, amount_minor, discount_minor, net_minor, tax_rate_id, tax_category, tax_percent_scaled, tax_inclusive) SELECT id || '_b', invoice_id, organization_id, position + 100, description, quantity, unit_price_minor, amount_minor, discount_minor, net_minor, tax_rate_id, tax_category, tax_percent_scaled, tax_inclusive FROM invoice_items WHERE invoice_id = '${twoHundred}'`,
  ],
  { env, encoding: "utf8" },
);
if (copy.status !== 0) throw new Error(copy.stderr);

for (const [label, id] of [
  ["1 line", oneLine],
  ["200 lines", twoHundred],
]) {
  const times = [];
  let size = 0;
  for (let i = 0; i < REQUESTS + 3; i++) {
    const start = performance.now();
    const bytes = await call("GET", `/v1/invoices/${id}/pdf`, key);
    if (i >= 3) times.push(performance.now() - start);
    size = bytes.byteLength;
  }
  console.log(
    `${label}: median ${median(times).toFixed(1)} ms over ${REQUESTS} requests, ${(size / 1024).toFixed(1)} KiB PDF`,
  );
}

const outdir = "/tmp/pdf-bench-bundle";
const dry = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], {
  env,
  encoding: "utf8",
});
if (dry.status !== 0) throw new Error(dry.stderr);
let raw = 0;
let gzip = 0;
for (const name of readdirSync(outdir).filter((n) => !n.endsWith(".map") && n !== "README.md")) {
  const path = join(outdir, name);
  raw += statSync(path).size;
  gzip += gzipSync(readFileSync(path)).byteLength;
}
console.log(`bundle: ${(raw / 1024).toFixed(0)} KiB, gzip ${(gzip / 1024).toFixed(0)} KiB (fonts included)`);

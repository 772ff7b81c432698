#!/usr/bin/env node
// Benchmark: advancing a test organization's clock on `wrangler dev` (fresh local D1), through
// the API only (admin bootstrap of test organizations, templates by POST, then
// POST /v1/test-clock/advance). Two cases, each in its own organization:
//
//   A. 13 months of one monthly template, as drafts, then with auto_send (14 days' terms) and
//      reminders at -3 and +7 days: goal under 2 s for the advance request.
//   B. Two years of four templates (two daily, one weekly, one monthly: the 1,590 invoices of the
//      issue; auto_send off, drafts): goal under 15 s, or 202 at once. The run then waits for the
//      background to finish (GET /v1/test-clock until `ready`), and meanwhile times another
//      organization's requests, to see whether the advance holds them up.
//
//   node bench/test-clock.mjs     SKIP_A=1 / SKIP_B=1 (one case only)     NO_WAIT=1 (skip the background)
import { adminToken, call, freshState, removeState, startDev, stopDev } from "./lib/dev-server.mjs";

const PORT = 20_000 + Math.floor(Math.random() * 20_000);
const BASE = `http://127.0.0.1:${PORT}`;
const SKIP_A = process.env.SKIP_A === "1";
const SKIP_B = process.env.SKIP_B === "1";
const NO_WAIT = process.env.NO_WAIT === "1";

async function post(token, path, body) {
  const started = performance.now();
  const res = await fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  return { status: res.status, body: json, ms: performance.now() - started };
}

async function testOrganization(admin, label) {
  const created = await call(BASE, "POST", "/v1/admin/organizations", admin, {
    name: `Clock bench ${label}`,
    tier: "business",
    owner: { email: `clock-${label}-${Date.now()}@example.com`, name: "Bench" },
    test_mode: true,
  });
  const key = created.api_key;
  const customer = await call(BASE, "POST", "/v1/customers", key, {
    name: `Customer ${label}`,
    email: `customer-${label}@example.com`,
    address: { line1: "1 Main St", city: "Berlin", postal_code: "10115", country: "DE" },
  });
  const clock = await call(BASE, "GET", "/v1/test-clock", key);
  return { key, customerId: customer.id, now: clock.now };
}

const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function template(org, interval, startDate, autoSend) {
  await call(BASE, "POST", "/v1/recurring-invoices", org.key, {
    customer_id: org.customerId,
    items: [{ description: `Licence (${interval})`, quantity: 1, unit_price: 49 }],
    interval,
    interval_count: 1,
    start_date: startDate,
    payment_terms_days: 14,
    auto_send: autoSend,
  });
}

async function waitUntilReady(org, timeoutMs = 600_000) {
  const started = performance.now();
  for (;;) {
    const clock = await call(BASE, "GET", "/v1/test-clock", org.key);
    if (clock.status === "ready") return { clock, ms: performance.now() - started };
    if (performance.now() - started > timeoutMs) throw new Error(`still advancing: ${JSON.stringify(clock)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** 13 months of one monthly template: `full` with auto_send and reminders, else drafts only. */
async function caseA(admin, full) {
  const org = await testOrganization(admin, full ? "a" : "a-drafts");
  if (full) {
    await call(BASE, "PATCH", "/v1/organization", org.key, {
      reminder_schedule: [{ offset_days: -3 }, { offset_days: 7 }],
    });
  }
  const start = addDays(org.now.slice(0, 10), 1);
  await template(org, "month", start, full);
  const to = addDays(start, 385); // 12 months and 20 days: 13 billing days
  const span = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(org.now)) / 86_400_000);
  const answer = await post(org.key, "/v1/test-clock/advance", { to });
  const invoices = await call(BASE, "GET", "/v1/invoices?limit=100", org.key);
  const days = answer.status === 200 ? new Set(answer.body.ran.map((r) => r.date)).size : "-";
  const label = full ? "auto_send, 14 days' terms, reminders -3/+7" : "drafts";
  console.log(
    `A. 13 months, 1 monthly template (${label}): ${answer.status} in ${(answer.ms / 1000).toFixed(2)} s ` +
      `(goal < 2 s); ${invoices.meta.total} invoices, sweeps ran on ${days} of ${span} days`,
  );
  if (answer.status === 202) {
    console.log(`   background done in ${((await waitUntilReady(org)).ms / 1000).toFixed(2)} s more`);
  }
}

/** Another organization's reads while the background runs: their latencies. */
function probe(org) {
  const samples = [];
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const started = performance.now();
      await call(BASE, "GET", "/v1/customers?limit=10", org.key);
      samples.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stop = true;
    await done;
    return samples.sort((a, b) => a - b);
  };
}

async function caseB(admin) {
  const org = await testOrganization(admin, "b");
  const other = await testOrganization(admin, "other");
  const start = addDays(org.now.slice(0, 10), 1);
  await template(org, "day", start, false);
  await template(org, "day", start, false);
  await template(org, "week", start, false);
  await template(org, "month", start, false);
  const to = addDays(org.now.slice(0, 10), 731);
  const stopBaseline = probe(other);
  await new Promise((r) => setTimeout(r, 3000));
  const baseline = await stopBaseline();
  const stopProbe = probe(other);
  const answer = await post(org.key, "/v1/test-clock/advance", { to });
  console.log(
    `B. 2 years, 4 templates (2 daily, weekly, monthly; drafts): ${answer.status} in ${(answer.ms / 1000).toFixed(2)} s ` +
      `(goal < 15 s or 202 at once)${answer.status === 202 ? `, got to ${answer.body.now.slice(0, 10)} of ${to}` : ""}`,
  );
  if (answer.status === 202 && !NO_WAIT) {
    const ready = await waitUntilReady(org);
    const invoices = await call(BASE, "GET", "/v1/invoices?limit=1", org.key);
    console.log(
      `   background: ready at ${ready.clock.now} after ${(ready.ms / 1000).toFixed(1)} s more; ${invoices.meta.total} invoices`,
    );
  }
  const samples = await stopProbe();
  const figures = (xs) => {
    const at = (q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))].toFixed(0);
    return `${xs.length} requests, median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
  };
  console.log(`   another organization's GET /v1/customers before: ${figures(baseline)}`);
  console.log(`   ... while B advanced (request and background): ${figures(samples)}`);
}

async function main() {
  const admin = adminToken();
  console.log("applying migrations to a fresh state ...");
  const state = freshState("test-clock-bench");
  let dev;
  try {
    console.log(`starting wrangler dev on ${BASE} ...`);
    dev = await startDev({ port: PORT, state, vars: ["RATE_LIMIT_ENABLED:false"] });
    if (!SKIP_A) {
      await caseA(admin, false);
      await caseA(admin, true);
    }
    if (!SKIP_B) await caseB(admin);
  } finally {
    if (dev) await stopDev(dev);
    removeState(state);
  }
}

await main();

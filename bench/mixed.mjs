// Mixed workload on `wrangler dev`: CONNECTIONS concurrent clients over KEYS API keys of ORGS
// business organizations for DURATION seconds: 70% reads (35% GET /v1/invoices/{id}, 35%
// GET /v1/invoices), 20% invoice creates, 10% payments on sent invoices or sends of drafts (half
// each). Prints throughput, p50/p95/p99 (overall and per operation) and the errors, then checks
// what was written: through the API, every invoice the bench created exists once, numbers are
// unique and gap-free per organization, and every invoice's totals add up (lines, tax,
// discounts, payments); then, with wrangler stopped, the same in SQL on the persisted state.
//
//   node bench/mixed.mjs                     (DURATION=60 CONNECTIONS=50 KEYS=200 ORGS=40 PORT=8720)
//   PROFILE=1 node bench/mixed.mjs           (plus a CPU profile of the Worker during the run)
//   RATE=40 node bench/mixed.mjs             (open loop: 40 requests due per second)
//
// The rate limiter is on (it is part of every request's cost); the budget is per organization
// (business: 1000 a minute), so 40 organizations allow 666 req/s before a 429, well above what
// wrangler dev serves on two cores. RATE_LIMIT_ENABLED=false in the environment switches it off.
// Each invoice is acted on by one client at a time (taken out of its pool while a send or payment
// runs), so no 409 is expected: every non-2xx answer counts as an error.
import { performance } from "node:perf_hooks";
import { adminToken, call, d1, freshState, pool, removeState, startDev, stopDev } from "./lib/dev-server.mjs";
import { printProfile, processCpu, startProfile } from "./lib/profile.mjs";

const DURATION = Number(process.env.DURATION ?? 60);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const KEYS = Number(process.env.KEYS ?? 200);
const ORGS = Number(process.env.ORGS ?? 40);
const PORT = Number(process.env.PORT ?? 8720);
const WARMUP = Number(process.env.WARMUP ?? 3);
// RATE=n: open loop at n requests per second (at most CONNECTIONS in flight) instead of
// CONNECTIONS clients each sending its next request as soon as the last one is answered.
const RATE = Number(process.env.RATE ?? 0);
const SEED_INVOICES = 6; // per organization before the run: half sent, so every operation has targets
const BASE = `http://127.0.0.1:${PORT}`;
const RATE_LIMIT_OFF = process.env.RATE_LIMIT_ENABLED === "false";
const KEEP_STATE = process.env.KEEP_STATE === "1";
// PROFILE=1: a CPU profile of the Worker isolate during the measured run (bench/lib/profile.mjs),
// summarized here and written to PROFILE_FILE for DevTools (Performance > Load profile).
const PROFILE = process.env.PROFILE === "1";
const PROFILE_FILE = process.env.PROFILE_FILE ?? "/tmp/mixed.cpuprofile";

if (KEYS < ORGS) throw new Error("KEYS must be at least ORGS (every organization's owner key is one)");

const TAX_PERCENT = 19;
const DISCOUNT_PERCENT = 10;

const rand = (n) => Math.floor(Math.random() * n);
const cents = (major) => Math.round(major * 100);

/** A create body: 1..5 lines of integer quantities and whole-cent prices, 19% tax, a third 10% off. */
function invoiceBody(org) {
  const lines = 1 + rand(5);
  const items = Array.from({ length: lines }, (_, i) => ({
    description: `Bench line ${i + 1}`,
    quantity: 1 + rand(5),
    unit_price: (100 + rand(99_900)) / 100,
  }));
  const body = { customer_id: org.customerId, items, default_tax_rate_id: org.taxRateId };
  if (rand(3) === 0) body.discounts = [{ description: "Bench", percentage: DISCOUNT_PERCENT }];
  return body;
}

/** What the service must answer for a body, in cents (exclusive tax, half-up, one rate). */
function expectedTotals(body) {
  const subtotal = body.items.reduce((s, it) => s + it.quantity * cents(it.unit_price), 0);
  const discount = body.discounts ? Math.floor((subtotal * DISCOUNT_PERCENT + 50) / 100) : 0;
  const taxable = subtotal - discount;
  const tax = Math.floor((taxable * TAX_PERCENT + 50) / 100);
  return { subtotal, discount, taxable, tax, total: taxable + tax };
}

// ---------------------------------------------------------------------------------------------
// Setup

async function bootstrap(admin) {
  const perOrg = Math.floor(KEYS / ORGS);
  const extra = KEYS % ORGS;
  const stamp = Date.now();
  return pool(
    Array.from({ length: ORGS }, (_, i) => i),
    8,
    async (i) => {
      const created = await call(BASE, "POST", "/v1/admin/organizations", admin, {
        name: `Mixed ${i}`,
        tier: "business",
        owner: { email: `mixed-${stamp}-${i}@example.com`, name: "Bench" },
      });
      const owner = created.api_key;
      const keys = [owner];
      const want = perOrg + (i < extra ? 1 : 0);
      while (keys.length < want) {
        const key = await call(BASE, "POST", "/v1/api-keys", owner, { name: `bench ${keys.length}` });
        keys.push(key.data?.key ?? key.key);
      }
      const rate = await call(BASE, "POST", "/v1/tax-rates", owner, {
        display_name: "VAT 19%",
        percentage: TAX_PERCENT,
      });
      const customer = await call(BASE, "POST", "/v1/customers", owner, {
        name: `Customer ${i}`,
        email: `customer-${i}@example.com`,
        address: { line1: "1 Main St", city: "Berlin", postal_code: "10115", country: "DE" },
      });
      const org = {
        index: i,
        keys,
        customerId: (customer.data ?? customer).id,
        taxRateId: (rate.data ?? rate).id,
        invoices: new Map(), // id -> { expected, paidCents }
        drafts: [], // ids of drafts nobody is acting on
        sent: [], // { id, dueCents } of sent invoices nobody is acting on
        requestTimes: [],
      };
      for (let n = 0; n < SEED_INVOICES; n++) {
        const body = invoiceBody(org);
        const inv = unwrap(await call(BASE, "POST", "/v1/invoices", owner, body));
        org.invoices.set(inv.id, { expected: expectedTotals(body), paidCents: 0 });
        if (n % 2) {
          const sent = unwrap(await call(BASE, "POST", `/v1/invoices/${inv.id}/send`, owner));
          org.sent.push({ id: inv.id, dueCents: cents(sent.amount_due) });
        } else {
          org.drafts.push(inv.id);
        }
      }
      return org;
    },
  );
}

const unwrap = (json) =>
  json && typeof json === "object" && "data" in json && !Array.isArray(json.data) ? json.data : json;

// ---------------------------------------------------------------------------------------------
// The load

const OPS = ["get", "list", "create", "pay", "send"];

function newStats() {
  return { samples: Object.fromEntries(OPS.map((op) => [op, []])), errors: [], errorCount: 0, byStatus: {} };
}

/** `since`: when the request was due (open-loop runs), else when it is sent. */
async function request(stats, op, org, key, method, path, body, since = performance.now()) {
  let status = 0;
  let json = null;
  let text = "";
  try {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    status = res.status;
    text = await res.text();
    json = text ? JSON.parse(text) : null;
  } catch (error) {
    text = String(error?.cause ?? error);
  }
  const ms = performance.now() - since;
  if (stats) {
    stats.samples[op].push(ms);
    org.requestTimes.push(Date.now());
    if (status < 200 || status > 299) {
      stats.errorCount++;
      const k = `${op} ${status}`;
      stats.byStatus[k] = (stats.byStatus[k] ?? 0) + 1;
      if (stats.errors.length < 10) stats.errors.push(`${method} ${path} -> ${status} ${text.slice(0, 300)}`);
    }
  }
  return status >= 200 && status <= 299 ? unwrap(json) : null;
}

async function oneOperation(stats, keyRing, since) {
  const { org, key } = keyRing[rand(keyRing.length)];
  const r = Math.random();
  if (r < 0.35) {
    const ids = [...org.invoices.keys()];
    await request(stats, "get", org, key, "GET", `/v1/invoices/${ids[rand(ids.length)]}`, undefined, since);
  } else if (r < 0.7) {
    const filter = ["", "&status=sent", "&status=draft", "&status=paid"][rand(4)];
    await request(stats, "list", org, key, "GET", `/v1/invoices?limit=20${filter}`, undefined, since);
  } else if (r < 0.9) {
    await create(stats, org, key, since);
  } else {
    // Payment or send, half each; when the chosen pool is empty, the other; when both are, a create.
    const wantPay = Math.random() < 0.5;
    if ((wantPay && org.sent.length) || (!org.drafts.length && org.sent.length))
      await pay(stats, org, key, since);
    else if (org.drafts.length) await send(stats, org, key, since);
    else await create(stats, org, key, since);
  }
}

async function create(stats, org, key, since) {
  const body = invoiceBody(org);
  const inv = await request(stats, "create", org, key, "POST", "/v1/invoices", body, since);
  if (!inv) return;
  org.invoices.set(inv.id, { expected: expectedTotals(body), paidCents: 0 });
  org.drafts.push(inv.id);
}

async function send(stats, org, key, since) {
  const id = org.drafts.splice(rand(org.drafts.length), 1)[0];
  const inv = await request(stats, "send", org, key, "POST", `/v1/invoices/${id}/send`, undefined, since);
  if (inv) org.sent.push({ id, dueCents: cents(inv.amount_due) });
  else org.drafts.push(id);
}

async function pay(stats, org, key, since) {
  const target = org.sent.splice(rand(org.sent.length), 1)[0];
  // Half of what is due (whole cents), or all of it when that is under 2.00: about two payments per invoice.
  const amount = target.dueCents >= 200 ? Math.floor(target.dueCents / 2) : target.dueCents;
  const payment = await request(
    stats,
    "pay",
    org,
    key,
    "POST",
    `/v1/invoices/${target.id}/payments`,
    {
      amount: amount / 100,
      method: "bank_transfer",
    },
    since,
  );
  if (payment) {
    org.invoices.get(target.id).paidCents += amount;
    target.dueCents -= amount;
  }
  if (target.dueCents > 0) org.sent.push(target);
}

async function load(stats, orgs, seconds) {
  const keyRing = orgs.flatMap((org) => org.keys.map((key) => ({ org, key })));
  if (RATE > 0) return loadOpen(stats, keyRing, seconds);
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) await oneOperation(stats, keyRing);
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * Open loop: a request is due every 1/RATE s whatever the answers do, at most CONNECTIONS in
 * flight (a due request waits for a free one). Latency counts from when the request was due, so
 * time spent waiting behind a slow server is in the figures (no coordinated omission).
 */
async function loadOpen(stats, keyRing, seconds) {
  const started = performance.now();
  const inFlight = new Set();
  for (let i = 0; ; i++) {
    const due = started + (i * 1000) / RATE;
    if (due - started >= seconds * 1000) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    while (inFlight.size >= CONNECTIONS) await Promise.race(inFlight);
    const op = oneOperation(stats, keyRing, due).finally(() => inFlight.delete(op));
    inFlight.add(op);
  }
  await Promise.all(inFlight);
  return (performance.now() - started) / 1000;
}

// ---------------------------------------------------------------------------------------------
// Report

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function row(label, xs, seconds) {
  const s = [...xs].sort((a, b) => a - b);
  const f = (v) => v.toFixed(1).padStart(7);
  return `${label.padEnd(22)} ${String(s.length).padStart(7)} ${(s.length / seconds).toFixed(1).padStart(8)} ${f(percentile(s, 50))} ${f(percentile(s, 95))} ${f(percentile(s, 99))} ${f(s[s.length - 1] ?? NaN)}`;
}

function report(stats, seconds, orgs) {
  const labels = {
    get: "GET /invoices/{id}",
    list: "GET /invoices",
    create: "POST /invoices",
    pay: "POST .../payments",
    send: "POST .../send",
  };
  const all = OPS.flatMap((op) => stats.samples[op]);
  console.log(
    `\n${RATE > 0 ? `open loop at ${RATE} req/s, at most ${CONNECTIONS} in flight` : `${CONNECTIONS} connections`}, ${KEYS} keys over ${ORGS} business organizations, ${seconds.toFixed(1)} s, rate limiter ${RATE_LIMIT_OFF ? "OFF" : "on"}`,
  );
  console.log(
    `${"operation".padEnd(22)} ${"count".padStart(7)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"max ms".padStart(7)}`,
  );
  for (const op of OPS) console.log(row(labels[op], stats.samples[op], seconds));
  console.log(row("all", all, seconds));
  const reads = stats.samples.get.length + stats.samples.list.length;
  console.log(
    `mix: reads ${((100 * reads) / all.length).toFixed(1)}%, creates ${((100 * stats.samples.create.length) / all.length).toFixed(1)}%, ` +
      `payments+sends ${((100 * (stats.samples.pay.length + stats.samples.send.length)) / all.length).toFixed(1)}%`,
  );
  // The busiest organization's busiest 60 s window, against its 1000/min budget.
  let peak = 0;
  for (const org of orgs) {
    const t = org.requestTimes;
    let lo = 0;
    for (let hi = 0; hi < t.length; hi++) {
      while (t[hi] - t[lo] >= 60_000) lo++;
      peak = Math.max(peak, hi - lo + 1);
    }
  }
  console.log(`busiest organization: ${peak} requests in a 60 s window (business budget 1000)`);
  console.log(
    `errors (non-2xx or failed): ${stats.errorCount}${stats.errorCount ? ` ${JSON.stringify(stats.byStatus)}` : ""}`,
  );
  for (const e of stats.errors.slice(0, 5)) console.log(`  ${e}`);
}

// ---------------------------------------------------------------------------------------------
// Checks

async function checkThroughApi(orgs) {
  const problems = [];
  let invoices = 0;
  for (const org of orgs) {
    const key = org.keys[0];
    const seen = new Map();
    for (let offset = 0; ; offset += 100) {
      const page = await call(BASE, "GET", `/v1/invoices?limit=100&offset=${offset}`, key);
      for (const inv of page.data) seen.set(inv.id, inv);
      if (page.data.length < 100) break;
    }
    invoices += seen.size;
    const where = `org ${org.index}`;
    if (seen.size !== org.invoices.size)
      problems.push(`${where}: ${seen.size} invoices listed, the bench created ${org.invoices.size}`);
    const numbers = new Map();
    for (const inv of seen.values()) {
      const mine = org.invoices.get(inv.id);
      if (!mine) problems.push(`${where}: ${inv.id} was not created by the bench`);
      if (inv.number) {
        if (numbers.has(inv.number))
          problems.push(`${where}: number ${inv.number} on ${numbers.get(inv.number)} and ${inv.id}`);
        numbers.set(inv.number, inv.id);
      }
      const c = (v) => cents(v);
      const lineNet = inv.items.reduce((s, it) => s + c(it.net_amount), 0);
      const lineAmount = inv.items.every((it) => c(it.amount) === Math.round(it.quantity * c(it.unit_price)));
      const breakdownTaxable = inv.tax_breakdown.reduce((s, b) => s + c(b.taxable_amount), 0);
      const breakdownTax = inv.tax_breakdown.reduce((s, b) => s + c(b.tax_amount), 0);
      const checks = [
        ["line amount = quantity x unit_price", lineAmount],
        [
          "line net = amount - discount",
          inv.items.every((it) => c(it.net_amount) === c(it.amount) - c(it.discount_amount)),
        ],
        ["subtotal = sum of line nets", c(inv.subtotal) === lineNet],
        [
          "tax_exclusive = subtotal - discounts",
          c(inv.tax_exclusive_total) === c(inv.subtotal) - c(inv.discount_total),
        ],
        ["breakdown taxable = tax_exclusive", breakdownTaxable === c(inv.tax_exclusive_total)],
        ["tax_total = breakdown tax", breakdownTax === c(inv.tax_total)],
        [
          "total = tax_exclusive + tax + rounding",
          c(inv.total) === c(inv.tax_exclusive_total) + c(inv.tax_total) + c(inv.rounding_amount),
        ],
        [
          "amount_due = total - paid - credited",
          c(inv.amount_due) === c(inv.total) - c(inv.amount_paid) - c(inv.amount_credited),
        ],
      ];
      if (mine) {
        const e = mine.expected;
        checks.push(
          ["subtotal as computed by the bench", c(inv.subtotal) === e.subtotal],
          ["discount as computed by the bench", c(inv.discount_total) === e.discount],
          ["tax as computed by the bench", c(inv.tax_total) === e.tax],
          ["total as computed by the bench", c(inv.total) === e.total],
          ["amount_paid = the bench's payments", c(inv.amount_paid) === mine.paidCents],
          [
            "paid exactly when nothing is due",
            (inv.status === "paid") === (mine.paidCents > 0 && c(inv.amount_due) === 0),
          ],
        );
      }
      for (const [what, ok] of checks)
        if (!ok) problems.push(`${where} ${inv.id} (${inv.status}): ${what} fails`);
    }
    // on_create numbering (the default): every invoice numbered, 1..N without a gap.
    const seq = [...numbers.keys()].map((n) => Number(/(\d+)$/.exec(n)?.[1])).sort((a, b) => a - b);
    if (seq.length !== seen.size || seq.some((n, i) => n !== i + 1))
      problems.push(
        `${where}: numbers are not 1..${seen.size} (${seq.length} numbered, first ${seq.slice(0, 5).join(",")})`,
      );
  }
  return { problems, invoices };
}

function checkInSql(state) {
  const problems = [];
  const dup = d1(
    state,
    "SELECT organization_id, number, COUNT(*) AS n FROM invoices WHERE number <> '' GROUP BY organization_id, number HAVING n > 1",
  );
  if (dup.length) problems.push(`SQL: ${dup.length} duplicated numbers, e.g. ${JSON.stringify(dup[0])}`);
  const totals = d1(
    state,
    `SELECT i.id, i.subtotal_minor, i.discount_total_minor, i.tax_exclusive_minor, i.tax_total_minor, i.rounding_minor,
            i.total_minor, i.amount_paid_minor,
            (SELECT COALESCE(SUM(net_minor), 0) FROM invoice_items t WHERE t.invoice_id = i.id) AS lines,
            (SELECT COALESCE(SUM(amount_minor), 0) FROM payments p WHERE p.invoice_id = i.id AND p.reversed_at IS NULL) AS paid
       FROM invoices i`,
  );
  for (const r of totals) {
    if (r.subtotal_minor !== r.lines)
      problems.push(`SQL ${r.id}: subtotal ${r.subtotal_minor} != lines ${r.lines}`);
    if (r.tax_exclusive_minor !== r.subtotal_minor - r.discount_total_minor)
      problems.push(`SQL ${r.id}: tax_exclusive != subtotal - discounts`);
    if (r.total_minor !== r.tax_exclusive_minor + r.tax_total_minor + r.rounding_minor)
      problems.push(`SQL ${r.id}: total != tax_exclusive + tax + rounding`);
    if (r.amount_paid_minor !== r.paid)
      problems.push(`SQL ${r.id}: amount_paid ${r.amount_paid_minor} != ledger ${r.paid}`);
  }
  return { problems, rows: totals.length };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const admin = adminToken();
  console.log("applying migrations to a fresh state ...");
  const state = freshState("mixed-bench");
  const vars = RATE_LIMIT_OFF ? ["RATE_LIMIT_ENABLED:false"] : [];
  let dev;
  try {
    console.log(`starting wrangler dev on ${BASE} ...`);
    dev = await startDev({ port: PORT, state, vars });
    console.log(`bootstrapping ${ORGS} organizations, ${KEYS} keys, ${ORGS * SEED_INVOICES} invoices ...`);
    const orgs = await bootstrap(admin);
    console.log(`warming up for ${WARMUP} s ...`);
    await load(newStats(), orgs, WARMUP);
    for (const org of orgs) org.requestTimes = [];
    console.log(`measuring for ${DURATION} s ...`);
    const stats = newStats();
    const profile = PROFILE ? await startProfile(PORT + 500) : undefined;
    const cpuBefore = { server: processCpu(dev.pid), client: process.cpuUsage() };
    const seconds = await load(stats, orgs, DURATION);
    const server = processCpu(dev.pid) - cpuBefore.server;
    const client = process.cpuUsage(cpuBefore.client);
    report(stats, seconds, orgs);
    console.log(
      `CPU over the run: wrangler dev + workerd ${server.toFixed(1)} s (${((100 * server) / seconds).toFixed(0)}% of one core), ` +
        `this client ${((client.user + client.system) / 1e6).toFixed(1)} s; ` +
        `${((1000 * server) / Object.values(stats.samples).reduce((n, xs) => n + xs.length, 0)).toFixed(1)} ms of server CPU per request`,
    );
    if (profile) printProfile(await profile.stop(PROFILE_FILE));

    console.log("\nchecking through the API ...");
    const api = await checkThroughApi(orgs);
    await stopDev(dev);
    dev = undefined;
    console.log("checking in SQL on the persisted state ...");
    const sql = checkInSql(state);
    const problems = [...api.problems, ...sql.problems];
    console.log(
      `${api.invoices} invoices through the API, ${sql.rows} in SQL: ` +
        (problems.length
          ? `${problems.length} PROBLEMS`
          : "numbers unique and gap-free per organization, every total consistent"),
    );
    for (const p of problems.slice(0, 20)) console.log(`  ${p}`);
    if (problems.length || stats.errorCount) process.exitCode = 1;
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

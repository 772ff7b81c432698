// What the rate limiter costs: requests per second of an authenticated read (GET /v1/me: identify
// -> rate limit -> route, D1 lookup included) through `wrangler dev` on loopback, with the limiter
// on and with RATE_LIMIT_ENABLED=false, in one run, printed as a ratio.
//
//   node bench/rate-limit.mjs [--duration 10] [--rounds 2] [--connections 20] [--orgs 200]
//                             [--profile] [--calibrate]
//
// Both instances run at once on a copy of the same bootstrapped state; measurements alternate
// (on, off, on, off, ...) so background load on the machine hits both alike. Requests rotate over
// the owner keys of many business organizations (the budget is per organization) so none reaches
// its 1000/min: the figure is the cost of counting, not of refusing (non-2xx answers are reported
// and should be 0).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { d1Bindings } from "../scripts/d1-bindings.mjs";
import { printProfile, startProfile } from "./lib/profile.mjs";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    connections: { type: "string", default: "20" },
    orgs: { type: "string", default: "200" },
    // CPU profiles of both Workers during their measured rounds (bench/lib/profile.mjs).
    profile: { type: "boolean", default: false },
    // Both instances with the limiter off: the ratio then shows the bench's own noise.
    calibrate: { type: "boolean", default: false },
  },
});
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const ORGS = Number(args.orgs);

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STATE_ON = "/tmp/rl-bench-state";
const STATE_OFF = "/tmp/rl-bench-state-off";
const ADMIN_TOKEN = `adm_bench_${randomBytes(16).toString("hex")}`;
const ON = {
  name: args.calibrate ? "limiter off (A)" : "limiter on",
  port: 8703,
  inspector: 9203,
  state: STATE_ON,
  vars: args.calibrate ? ["RATE_LIMIT_ENABLED:false"] : [],
};
const OFF = {
  name: "limiter off",
  port: 8713,
  inspector: 9213,
  state: STATE_OFF,
  vars: ["RATE_LIMIT_ENABLED:false"],
};

const children = new Set();
process.on("exit", () => {
  for (const child of children) stopWrangler(child);
});
process.on("SIGINT", () => process.exit(130));

function npx(argv) {
  const run = spawnSync("npx", argv, { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (run.status !== 0) throw new Error(`npx ${argv.join(" ")} failed (${run.status})`);
}

async function startWrangler(instance) {
  const argv = [
    "wrangler",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(instance.port),
    "--inspector-port",
    String(instance.inspector),
    "--persist-to",
    instance.state,
    "--show-interactive-dev-session=false",
    "--var",
    `ADMIN_TOKEN:${ADMIN_TOKEN}`,
    ...instance.vars.flatMap((v) => ["--var", v]),
  ];
  // Own process group, so stopping it takes workerd with it.
  const child = spawn("npx", argv, {
    cwd: ROOT,
    detached: true,
    stdio: "ignore",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  children.add(child);
  const base = `http://127.0.0.1:${instance.port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${instance.name}: wrangler dev did not answer on ${base}`);
}

function stopWrangler(child) {
  if (!children.delete(child)) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}

async function waitForExit(child) {
  if (child.exitCode !== null) return;
  await new Promise((r) => child.once("exit", r));
}

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** ORGS business organizations; the owner key of each. */
async function bootstrap(base) {
  const keys = [];
  while (keys.length < ORGS) {
    const batch = Array.from({ length: Math.min(20, ORGS - keys.length) }, (_, i) =>
      call(base, "POST", "/v1/admin/organizations", ADMIN_TOKEN, {
        name: `Bench ${keys.length + i}`,
        tier: "business",
        owner: { email: `bench-${Date.now()}-${keys.length + i}@example.com`, name: "Bench" },
      }),
    );
    for (const created of await Promise.all(batch)) keys.push(created.api_key);
  }
  return keys;
}

async function measure(instance, keys, duration, profiles) {
  const profile = profiles ? await startProfile(instance.inspector) : undefined;
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${instance.port}`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: "GET",
        path: "/v1/me",
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, authorization: `Bearer ${keys[next++ % keys.length]}` },
        }),
      },
    ],
  });
  if (profile) profiles.push(await profile.stop());
  return {
    requests: result.requests.total,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function main() {
  spawnSync("node", ["scripts/setup-dev-vars.mjs"], { cwd: ROOT, stdio: "inherit" });
  for (const dir of [STATE_ON, STATE_OFF]) rmSync(dir, { recursive: true, force: true });
  for (const binding of d1Bindings())
    npx(["wrangler", "d1", "migrations", "apply", binding, "--local", "--persist-to", STATE_ON]);

  console.log("bootstrapping business organizations...");
  const setup = await startWrangler(ON);
  const keys = await bootstrap(`http://127.0.0.1:${ON.port}`);
  stopWrangler(setup);
  await waitForExit(setup);
  cpSync(STATE_ON, STATE_OFF, { recursive: true });

  console.log("starting both instances...");
  await Promise.all([startWrangler(ON), startWrangler(OFF)]);

  // Warm both (JIT, SQLite page cache, Durable Object instances of every key).
  for (const instance of [ON, OFF]) await measure(instance, keys, 5);

  const totals = new Map(
    [ON, OFF].map((i) => [i, { requests: 0, seconds: 0, non2xx: 0, errors: 0, runs: [] }]),
  );
  const profiles = args.profile ? new Map([ON, OFF].map((instance) => [instance, []])) : undefined;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const instance of round % 2 ? [ON, OFF] : [OFF, ON]) {
      const run = await measure(instance, keys, DURATION, profiles?.get(instance));
      const total = totals.get(instance);
      total.requests += run.requests;
      total.seconds += run.seconds;
      total.non2xx += run.non2xx;
      total.errors += run.errors;
      total.runs.push(run);
      console.log(
        `round ${round} ${instance.name}: ${(run.requests / run.seconds).toFixed(0)} req/s, ` +
          `p50 ${run.p50} ms, p99 ${run.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors}`,
      );
    }
  }

  const rps = (instance) => totals.get(instance).requests / totals.get(instance).seconds;
  const on = rps(ON);
  const off = rps(OFF);
  console.log("");
  console.log(
    `GET /v1/me, ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION} s each, ${keys.length} organizations`,
  );
  console.log(
    `${ON.name.padEnd(11)}: ${on.toFixed(0)} req/s (non-2xx ${totals.get(ON).non2xx}, errors ${totals.get(ON).errors})`,
  );
  console.log(
    `limiter off: ${off.toFixed(0)} req/s (non-2xx ${totals.get(OFF).non2xx}, errors ${totals.get(OFF).errors})`,
  );
  console.log(
    `ratio on/off: ${(on / off).toFixed(3)} (limiter costs ${((1 - on / off) * 100).toFixed(1)}% of throughput)`,
  );
  for (const [instance, summaries] of profiles ?? []) {
    const requests = totals.get(instance).requests;
    for (const summary of summaries) {
      console.log(`\n${instance.name}:`);
      printProfile(summary, requests / summaries.length);
    }
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of [...children]) stopWrangler(child);
  });

// What `wrangler dev` itself costs per request on this machine: a Worker that answers a constant
// JSON body (no middleware, no D1), the same writing one log line per request as this Worker
// does (console.log: wrangler dev carries every line to its terminal), against this Worker's /health (the whole middleware stack, no
// D1), GET /v1/me (plus the API-key lookup, one D1 query) and GET /v1/invoices/{id} (plus one D1
// batch of two queries), each under CONNECTIONS closed-loop connections, in one run. The
// difference between the lines is the price of each layer; the first line is the floor under
// every figure of bench/mixed.mjs: at CONNECTIONS connections no Worker on this `wrangler dev`
// answers faster than CONNECTIONS / (its requests per second).
//
//   node bench/floor.mjs            (CONNECTIONS=50 DURATION=10)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { adminToken, call, freshState, removeState, startDev, stopDev } from "./lib/dev-server.mjs";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const HELLO_PORT = 8730;
const APP_PORT = 8731;

async function measure(label, url, token) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  await autocannon({ url, connections: CONNECTIONS, duration: 3, headers }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const rps = r.requests.total / r.duration;
  console.log(
    `${label.padEnd(34)} ${rps.toFixed(0).padStart(6)} req/s ${(1000 / rps).toFixed(2).padStart(7)} ms/request ` +
      `p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  non-2xx ${r.non2xx} errors ${r.errors}`,
  );
  return rps;
}

async function main() {
  const helloDir = mkdtempSync(join(tmpdir(), "floor-hello-"));
  writeFileSync(
    join(helloDir, "index.js"),
    [
      "export default {",
      "  fetch(request) {",
      "    // /log: plus the one structured log line this Worker writes per request.",
      '    if (new URL(request.url).pathname === "/log")',
      '      console.log(JSON.stringify({ level: "info", msg: "request", time: new Date().toISOString(), method: "GET", path: "/log", status: 200 }));',
      '    return new Response(\'{"status":"ok"}\', { headers: { "content-type": "application/json" } });',
      "  },",
      "};",
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(helloDir, "wrangler.toml"),
    `name = "floor-hello"\nmain = "index.js"\ncompatibility_date = "2026-11-01"\n`,
  );
  const admin = adminToken();
  const state = freshState("floor-bench");
  const servers = [];
  try {
    // The app without its rate limiter, so the lines differ by their own work only.
    servers.push(await startDev({ port: APP_PORT, state, vars: ["RATE_LIMIT_ENABLED:false"] }));
    const base = `http://127.0.0.1:${APP_PORT}`;
    const org = await call(base, "POST", "/v1/admin/organizations", admin, {
      name: "Floor",
      tier: "business",
      owner: { email: `floor-${Date.now()}@example.com`, name: "Floor" },
    });
    const key = org.api_key;
    const customer = await call(base, "POST", "/v1/customers", key, {
      name: "Customer",
      email: "customer@example.com",
      address: { line1: "1 Main St", city: "Berlin", postal_code: "10115", country: "DE" },
    });
    const invoice = await call(base, "POST", "/v1/invoices", key, {
      customer_id: customer.id,
      items: [{ description: "Work", quantity: 2, unit_price: 50 }],
    });

    servers.push(await startDev({ port: HELLO_PORT, config: join(helloDir, "wrangler.toml") }));
    console.log(`${CONNECTIONS} connections, ${DURATION} s each, wrangler dev on loopback\n`);
    await measure("constant-answer Worker", `http://127.0.0.1:${HELLO_PORT}/`);
    await measure("... plus one console.log line", `http://127.0.0.1:${HELLO_PORT}/log`);
    await measure("this Worker: GET /health", `${base}/health`);
    await measure("this Worker: GET /v1/me", `${base}/v1/me`, key);
    await measure("this Worker: GET /v1/invoices/{id}", `${base}/v1/invoices/${invoice.id}`, key);
  } finally {
    for (const server of servers) await stopDev(server);
    removeState(state);
    rmSync(helloDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

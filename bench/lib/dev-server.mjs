// Shared by bench/mixed.mjs and bench/row-sizes.mjs: a fresh local D1 state with the migrations
// applied, `wrangler dev` on loopback in its own process group (so stopping it takes workerd
// with it), the admin token of .dev.vars, and a JSON call helper.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { d1Bindings } from "../../scripts/d1-bindings.mjs";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };

/** Runs `npx <argv>` in the repository, throwing with its output on failure; returns stdout. */
export function npx(argv) {
  const run = spawnSync("npx", argv, { cwd: ROOT, env, encoding: "utf8", maxBuffer: 256 << 20 });
  if (run.status !== 0) throw new Error(`npx ${argv.join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/** The ADMIN_TOKEN of .dev.vars (created with random secrets when missing). */
export function adminToken() {
  spawnSync("node", ["scripts/setup-dev-vars.mjs"], { cwd: ROOT, stdio: "inherit" });
  const vars = readFileSync(join(ROOT, ".dev.vars"), "utf8");
  const token = /^ADMIN_TOKEN=(.+)$/m.exec(vars)?.[1]?.trim();
  if (!token) throw new Error(".dev.vars has no ADMIN_TOKEN");
  return token;
}

/** A fresh --persist-to directory with every migration applied. */
export function freshState(label) {
  const state = mkdtempSync(join(tmpdir(), `${label}-`));
  for (const binding of d1Bindings())
    npx(["wrangler", "d1", "migrations", "apply", binding, "--local", "--persist-to", state]);
  return state;
}

export function removeState(state) {
  rmSync(state, { recursive: true, force: true });
}

/** Runs SQL on the persisted local D1 (wrangler dev must be stopped); the rows of the last statement. */
export function d1(state, sql) {
  const out = npx([
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    state,
    "--json",
    "--command",
    sql,
  ]);
  const parsed = JSON.parse(out);
  return parsed[parsed.length - 1].results;
}

const children = new Set();
process.on("exit", () => {
  for (const child of children) stopDev(child);
});
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

/**
 * Starts `wrangler dev` on 127.0.0.1:port with the given state and extra vars (and another
 * Worker's wrangler.toml with `config`); resolves when /health answers.
 */
export async function startDev({ port, state, vars = [], config }) {
  const argv = [
    "wrangler",
    "dev",
    ...(config ? ["--config", config] : []),
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(port + 500),
    ...(state ? ["--persist-to", state] : []),
    "--show-interactive-dev-session=false",
    "--log-level",
    "error",
    ...vars.flatMap((v) => ["--var", v]),
  ];
  const child = spawn("npx", argv, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("wrangler dev exited early");
    try {
      if ((await fetch(`${base}/health`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`wrangler dev did not answer on ${base}`);
}

/** Stops the process group and waits for the exit. */
export async function stopDev(child) {
  if (!children.delete(child)) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
  if (child.exitCode === null && child.signalCode === null) {
    await new Promise((r) => {
      child.once("exit", r);
      setTimeout(r, 10_000).unref();
    });
  }
}

/** A JSON request; throws with the answer unless it is 2xx. */
export async function call(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    // A bare POST (send, void) has no body and so no Content-Type: with one it is JSON to parse.
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/** Runs fn over items with at most `limit` in flight; the results in order. */
export async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

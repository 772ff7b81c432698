// `npm run dev` stops cleanly when killed by PID, as a script or a supervisor would: started on a
// free port (on a throwaway copy of a migrated database, so its migration step finds
// nothing to do), it answers /health; after `kill <npm's pid>` nothing listens on the port and no
// process it started (wrangler, workerd, esbuild) is left.
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { connect } from "node:net";
import { resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePorts } from "./helpers/free-ports";
import { migratedState } from "./shared-worker";

const ROOT = resolve(import.meta.dirname, "../..");

function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** Every process below `root` (from ps), with its command line. */
function descendants(root: number): Map<number, string> {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const found = new Map<number, string>();
  let frontier = [root];
  while (frontier.length > 0) {
    const children = rows.filter((r) => frontier.includes(r.ppid) && !found.has(r.pid));
    for (const child of children) found.set(child.pid, child.args);
    frontier = children.map((c) => c.pid);
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = new Set<number>();
let persistTo: string | undefined;

afterAll(() => {
  // Whatever the test left (only on failure): the processes it started, by their pids.
  for (const pid of started) if (alive(pid)) process.kill(pid, "SIGKILL");
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
});

/**
 * `npm run dev` on a free port, once it answers /health or has stopped. wrangler can still lose
 * its port between our check and its bind; it then says so and stops, and another port is tried
 * (three in all).
 */
async function startDev(persistTo: string) {
  for (let attempt = 1; ; attempt++) {
    const [port] = await freePorts(1);
    const npm = spawn("npm", ["run", "dev", "--", "--port", String(port), "--persist-to", persistTo], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
    let output = "";
    npm.stdout.on("data", (chunk) => (output += chunk));
    npm.stderr.on("data", (chunk) => (output += chunk));
    let stopped = false;
    const exited = new Promise<void>((done) =>
      npm.once("exit", () => {
        stopped = true;
        done();
      }),
    );
    started.add(npm.pid!);

    let health: Response | undefined;
    for (let i = 0; i < 600 && !health?.ok && !stopped; i++) {
      await sleep(200);
      health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      // The processes it started, to stop them should the test fail: a `ps` every 2 s (one per
      // poll cost a run some 2 s of CPU), and once more when the wait ends.
      if (i % 10 === 9) for (const pid of descendants(npm.pid!).keys()) started.add(pid);
    }
    for (const pid of descendants(npm.pid!).keys()) started.add(pid);
    if (health?.ok || attempt === 3 || !/Address already in use/.test(output)) {
      return { npm, port: port!, exited, health, output };
    }
  }
}

describe("npm run dev", () => {
  it("stops wrangler and workerd when killed by PID", async () => {
    persistTo = await migratedState();
    const { npm, port, exited, health, output } = await startDev(persistTo);
    expect(health?.ok, output).toBe(true);
    expect(await health!.json()).toEqual({ status: "ok" });

    const tree = descendants(npm.pid!);
    expect(
      [...tree.values()].some((args) => args.includes("workerd")),
      [...tree.values()].join("\n"),
    ).toBe(true);

    npm.kill("SIGTERM");
    await exited;
    // wrangler and workerd are given a few seconds to go.
    let left: [number, string][] = [];
    for (let i = 0; i < 40; i++) {
      left = [...tree].filter(([pid]) => alive(pid));
      if (left.length === 0 && !(await listening(port))) break;
      await sleep(250);
    }
    expect(left.map(([pid, args]) => `${pid} ${args}`)).toEqual([]);
    expect(await listening(port)).toBe(false);
  });
});

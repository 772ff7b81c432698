#!/usr/bin/env node
// Document benchmark on `wrangler dev`, in one run: upload and download of a 50 MB file as
// restricted (encrypted) and as public (plain), the encrypted/plain throughput ratio, and the
// isolate's memory growth during an encrypted upload and an encrypted download (via
// bench/lib/isolate-memory.mjs).
//
//   node bench/documents.mjs   (PORT, INSPECTOR_PORT, RUNS, ISOLATE_MEMORY, STATE override;
//                               SIZE_MB=8 for a quick smoke run, default 50)
//
// Loopback only. wrangler is stopped at the end.
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { d1Bindings } from "../scripts/d1-bindings.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const PORT = Number(process.env.PORT ?? 8706);
const INSPECTOR_PORT = Number(process.env.INSPECTOR_PORT ?? 9206);
const RUNS = Number(process.env.RUNS ?? 3);
const STATE = process.env.STATE ?? "/tmp/doc-bench-state";
const SIZE_MB = Number(process.env.SIZE_MB ?? 50);
const FILE = `/tmp/doc-bench-${SIZE_MB}mb.bin`;
const SIZE = SIZE_MB * 1024 * 1024; // default exactly 50 MB (2^20 bytes each): the largest file allowed
const ISOLATE_MEMORY =
  process.env.ISOLATE_MEMORY ?? fileURLToPath(new URL("lib/isolate-memory.mjs", import.meta.url));
const BASE = `http://127.0.0.1:${PORT}`;
const MiB = 1024 * 1024;

const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, encoding: "utf8", ...opts });
const npx = (args, opts) => run("npx", args, { stdio: ["ignore", "pipe", "pipe"], ...opts });

function sha256File(path) {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (d) => hash.update(d))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  run("node", ["scripts/setup-dev-vars.mjs"]);
  const vars = readFileSync(new URL("../.dev.vars", import.meta.url), "utf8");
  const adminToken = /^ADMIN_TOKEN=(.*)$/m.exec(vars)?.[1]?.trim();
  if (!adminToken) throw new Error(".dev.vars has no ADMIN_TOKEN");

  rmSync(STATE, { recursive: true, force: true });
  for (const binding of d1Bindings())
    npx(["wrangler", "d1", "migrations", "apply", binding, "--local", "--persist-to", STATE]);

  if (!existsSync(FILE) || readFileSync(FILE).length !== SIZE) writeFileSync(FILE, randomBytes(SIZE));
  const fileSha = await sha256File(FILE);

  const wrangler = spawn(
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
    ],
    {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  let log = "";
  wrangler.stdout.on("data", (d) => (log += d));
  wrangler.stderr.on("data", (d) => (log += d));
  const stop = () => {
    try {
      process.kill(-wrangler.pid, "SIGTERM");
    } catch {}
  };
  process.on("exit", stop);

  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${BASE}/health`)).ok) break;
      } catch {}
      if (i > 120) throw new Error(`wrangler dev did not come up:\n${log}`);
      await new Promise((r) => setTimeout(r, 500));
    }

    const org = await fetch(`${BASE}/v1/admin/organizations`, {
      method: "POST",
      headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Bench",
        tier: "business",
        owner: { email: `bench-${Date.now()}@example.com` },
      }),
    }).then((r) => r.json());
    const key = org.api_key;
    if (!key) throw new Error(`bootstrap failed: ${JSON.stringify(org)}`);

    const uploadArgs = (classification) => [
      "-s",
      "-o",
      "/tmp/doc-bench-upload.json",
      "-w",
      "%{http_code} %{time_total}",
      "-H",
      `Authorization: Bearer ${key}`,
      "-H",
      `Classification-Level: ${classification}`,
      "-F",
      `file=@${FILE};type=application/octet-stream`,
      `${BASE}/v1/documents/upload`,
    ];

    const results = {};
    const lastIds = {};
    for (const classification of ["public", "restricted"]) {
      const up = [];
      const down = [];
      for (let i = 0; i < RUNS; i++) {
        const [code, seconds] = run("curl", uploadArgs(classification)).split(" ");
        const body = JSON.parse(readFileSync("/tmp/doc-bench-upload.json", "utf8"));
        if (code !== "201") throw new Error(`upload ${classification}: ${code} ${JSON.stringify(body)}`);
        up.push(Number(seconds));
        const out = "/tmp/doc-bench-download.bin";
        const [dcode, dseconds] = run("curl", [
          "-s",
          "-o",
          out,
          "-w",
          "%{http_code} %{time_total}",
          "-H",
          `Authorization: Bearer ${key}`,
          `${BASE}/v1/documents/download/${body.data.id}`,
        ]).split(" ");
        if (dcode !== "200") throw new Error(`download ${classification}: ${dcode}`);
        if ((await sha256File(out)) !== fileSha) throw new Error(`download ${classification}: bytes differ`);
        down.push(Number(dseconds));
        lastIds[classification] = body.data.id;
      }
      results[classification] = { upload: median(up), download: median(down) };
    }

    const mbps = (s) => SIZE / MiB / s;
    const line = (name, r) =>
      `${name.padEnd(11)} upload ${mbps(r.upload).toFixed(1).padStart(6)} MB/s   download ${mbps(r.download)
        .toFixed(1)
        .padStart(6)} MB/s   round trip ${mbps(r.upload + r.download)
        .toFixed(1)
        .padStart(6)} MB/s`;
    console.log(`${SIZE_MB} MB file (${SIZE} bytes), median of ${RUNS} runs, wrangler dev on loopback`);
    console.log(line("public", results.public));
    console.log(line("restricted", results.restricted));
    const p = results.public;
    const e = results.restricted;
    console.log(
      `ratio encrypted/plain: upload ${(p.upload / e.upload).toFixed(2)}, download ${(p.download / e.download).toFixed(2)}, ` +
        `round trip ${((p.upload + p.download) / (e.upload + e.download)).toFixed(2)} (goal >= 0.85 for download and round trip)`,
    );

    console.log("isolate memory during one encrypted (restricted) upload:");
    const memory = run(process.execPath, [
      ISOLATE_MEMORY,
      "--inspector-port",
      String(INSPECTOR_PORT),
      "--",
      "curl",
      ...uploadArgs("restricted"),
    ]);
    console.log(/isolate memory:.*/.exec(memory)?.[0] ?? memory, "(goal growth <= 64 MiB)");

    console.log("isolate memory during one encrypted (restricted) download:");
    const downloadMemory = run(process.execPath, [
      ISOLATE_MEMORY,
      "--inspector-port",
      String(INSPECTOR_PORT),
      "--",
      "curl",
      "-s",
      "-o",
      "/dev/null",
      "-H",
      `Authorization: Bearer ${key}`,
      `${BASE}/v1/documents/download/${lastIds.restricted}`,
    ]);
    console.log(/isolate memory:.*/.exec(downloadMemory)?.[0] ?? downloadMemory, "(goal growth <= 64 MiB)");
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});

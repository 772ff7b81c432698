#!/usr/bin/env node
// The Worker isolate's memory while a command runs, for bench/documents.mjs:
//
//   node bench/lib/isolate-memory.mjs --inspector-port 9229 [--interval 5] [--gc-first] -- curl -s -F file=@big.bin ...
//
// Start `wrangler dev --inspector-port 9229` first. Every few milliseconds this asks the isolate
// for the DevTools protocol's Runtime.getHeapUsage: JS heap in use plus ArrayBuffer backing
// stores, the memory the 128 MB isolate limit is about (the workerd process's RSS is not: it also
// holds the local R2/D1 simulators and unreclaimed pages). Prints the baseline, the peak and the
// growth in MiB; the exit status is the command's. With --gc-first the isolate collects its garbage
// before the baseline is read, so the baseline is the memory in use rather than what earlier
// requests left for the collector.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import WebSocket from "ws";

function usage() {
  console.error("usage: isolate-memory.mjs [--inspector-port N] [--interval MS] -- COMMAND [ARG...]");
  process.exit(2);
}

const args = process.argv.slice(2);
const separator = args.indexOf("--");
if (separator < 0 || separator === args.length - 1) usage();
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at < separator ? Number(args[at + 1]) : fallback;
};
const port = option("--inspector-port", 9229);
const intervalMs = option("--interval", 5);
const gcFirst = args.slice(0, separator).includes("--gc-first");
const command = args.slice(separator + 1);

const url = `ws://127.0.0.1:${port}/ws`;
const socket = new WebSocket(url, { headers: { Origin: `http://127.0.0.1:${port}` } });
try {
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
} catch {
  console.error(`cannot open ${url}: is wrangler dev running with --inspector-port ${port}?`);
  process.exit(2);
}

let nextId = 1;
const pending = new Map();
socket.on("message", (data) => {
  const message = JSON.parse(String(data));
  pending.get(message.id)?.(message.error ? "failed" : message.result);
  pending.delete(message.id);
});
/** A DevTools protocol call's result; `timedOut` when the isolate did not answer in time. */
const send = (method, params = {}, timeoutMs = 0) =>
  new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
    if (timeoutMs > 0) setTimeout(() => resolve("timedOut"), timeoutMs).unref();
  });

/**
 * A full garbage collection of the isolate. workerd answers HeapProfiler.collectGarbage only when
 * the heap profiler is enabled; a heap snapshot (which collects first) is the fallback.
 */
async function collectGarbage() {
  await send("HeapProfiler.enable", {}, 10_000);
  const answered = (result) => result !== "timedOut" && result !== "failed";
  if (answered(await send("HeapProfiler.collectGarbage", {}, 20_000))) return "collectGarbage";
  if (answered(await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false }, 120_000))) {
    return "takeHeapSnapshot";
  }
  return "none (the isolate did not answer)";
}
const heapUsage = () => send("Runtime.getHeapUsage");
const bytesOf = (usage) => (usage?.usedSize ?? 0) + (usage?.backingStorageSize ?? 0);
const mib = (bytes) => (bytes / 1048576).toFixed(1);

if (gcFirst) console.error(`garbage collected first by ${await collectGarbage()}`);
const base = bytesOf(await heapUsage());
let peak = base;
let samples = 0;
let running = true;
const series = [];
const started = Date.now();
const sampler = (async () => {
  while (running) {
    const bytes = bytesOf(await heapUsage());
    peak = Math.max(peak, bytes);
    if (process.env.ISOLATE_MEMORY_SERIES) series.push(`${Date.now() - started}\t${mib(bytes)}`);
    samples++;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
})();

const child = spawn(command[0], command.slice(1), { stdio: "inherit" });
const code = await new Promise((resolve) => child.on("exit", (status) => resolve(status ?? 1)));
running = false;
await sampler;
socket.close();
// ISOLATE_MEMORY_SERIES=file: every sample (ms since the start, MiB), to tell garbage (a saw
// whose troughs stay level) from memory kept (troughs that rise).
if (process.env.ISOLATE_MEMORY_SERIES)
  writeFileSync(process.env.ISOLATE_MEMORY_SERIES, `${series.join("\n")}\n`);
console.log(
  `isolate memory: base ${mib(base)} MiB, peak ${mib(peak)} MiB, growth ${mib(peak - base)} MiB (${samples} samples)`,
);
process.exit(code);

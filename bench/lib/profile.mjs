// A CPU profile of the Worker under `wrangler dev`, taken through its inspector port (the same
// DevTools protocol Chrome uses), for the benchmarks' `PROFILE=1`: where the Worker's own
// JavaScript spends its time under load. Only the Worker isolate is sampled (its Durable Objects
// run in it too); the local D1 and R2 simulators run elsewhere in workerd, on the same thread.
// How workerd reports the isolate's time while that thread runs other work is not documented:
// "busy" below is every sample but `(idle)`, and the shares are of that, so read them as where
// the Worker's own code goes, and `processCpu` for what the whole server costs.
//
//   const profile = await startProfile(inspectorPort);
//   ... load ...
//   const summary = await profile.stop("/tmp/mixed.cpuprofile");   // also writes the raw profile
//   printProfile(summary);
import { readFileSync, writeFileSync } from "node:fs";
import WebSocket from "ws";

/** Connects to the inspector on `port`, starts sampling every `intervalUs` µs. */
export async function startProfile(port, intervalUs = 200) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no debuggable target on inspector port ${port}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let nextId = 1;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(JSON.stringify(message.error)));
    else waiter.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });

  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: intervalUs });
  await send("Profiler.start");
  const started = performance.now();
  return {
    async stop(file) {
      const { profile } = await send("Profiler.stop");
      const wallMs = performance.now() - started;
      const modules = await bundleModules(socket, send, profile);
      socket.close();
      if (file) writeFileSync(file, JSON.stringify(profile));
      return summarize(profile, wallMs, modules);
    },
  };
}

/**
 * For each script of the profile, the modules esbuild bundled into it: its `// src/...` and
 * `// node_modules/...` comments mark where each module's code starts. Answers url -> sorted
 * [line, module] pairs.
 */
async function bundleModules(socket, send, profile) {
  const urls = new Set(profile.nodes.map((node) => node.callFrame.url).filter((url) => url.endsWith(".js")));
  const scripts = new Map();
  const onMessage = (data) => {
    const message = JSON.parse(String(data));
    if (message.method !== "Debugger.scriptParsed") return;
    // The profile names a bundle by its file name (wrangler's inspector proxy), the event by its full url.
    const { url, scriptId } = message.params;
    const name = urls.has(url) ? url : url.replace(/^.*\//, "");
    if (urls.has(name) && !scripts.has(name)) scripts.set(name, scriptId);
  };
  socket.on("message", onMessage);
  await send("Debugger.enable");
  // workerd sends the scripts it knows as events, some after its answer to enable.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  socket.off("message", onMessage);
  const modules = new Map();
  for (const [url, scriptId] of scripts) {
    const { scriptSource } = await send("Debugger.getScriptSource", { scriptId });
    const marks = [];
    scriptSource.split("\n").forEach((line, i) => {
      const mark = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(line);
      if (mark) marks.push([i, mark[1]]);
    });
    modules.set(url, marks);
  }
  await send("Debugger.disable");
  return modules;
}

/**
 * Self time per function and per source (a bundled module where `modules` knows the bundle),
 * and inclusive time per function of src/ (each call counted once under recursion), in ms.
 */
export function summarize(profile, wallMs, modules = new Map()) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  // timeDeltas[i] is the gap before sample i: the time until the next sample is sample i's.
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  const functions = new Map();
  const sources = new Map();
  let idle = 0;
  let total = 0;
  for (const [id, ms] of self) {
    const frame = byId.get(id).callFrame;
    total += ms;
    if (frame.functionName === "(idle)") idle += ms;
    const source = sourceOf(frame, modules);
    const name = frameName(frame, source);
    functions.set(name, (functions.get(name) ?? 0) + ms);
    sources.set(source, (sources.get(source) ?? 0) + ms);
  }
  // Inclusive time of our own functions: what each handler, service and middleware costs with
  // everything it calls (synchronously; awaited work continues under the microtask's frame).
  const inclusive = new Map();
  const totalOf = new Map();
  const children = new Map(profile.nodes.map((node) => [node.id, node.children ?? []]));
  const rootId = profile.nodes[0].id;
  const subtotal = (id) => {
    let sum = self.get(id) ?? 0;
    for (const child of children.get(id)) sum += subtotal(child);
    totalOf.set(id, sum);
    return sum;
  };
  subtotal(rootId);
  const walk = (id, onStack) => {
    const frame = byId.get(id).callFrame;
    const source = sourceOf(frame, modules);
    const name = frameName(frame, source);
    const ours = source.startsWith("src/") && !onStack.has(name);
    if (ours) inclusive.set(name, (inclusive.get(name) ?? 0) + totalOf.get(id));
    const next = ours ? new Set(onStack).add(name) : onStack;
    for (const child of children.get(id)) walk(child, next);
  };
  walk(rootId, new Set());
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => ({ name, ms }));
  return {
    wallMs,
    sampledMs: total,
    idleMs: idle,
    functions: top(functions, 25),
    sources: top(sources, 25),
    ours: top(inclusive, 25),
  };
}

const frameName = (frame, source) =>
  `${frame.functionName || "(anonymous)"} ${source}:${frame.lineNumber + 1}`;

/** The module a frame comes from: src/..., node_modules/<pkg>, or the bare url. */
function sourceOf(frame, modules) {
  const url = frame.url || "(native)";
  const marks = modules.get(url);
  if (marks?.length) {
    let lo = 0;
    let hi = marks.length - 1;
    if (frame.lineNumber < marks[0][0]) return url.replace(/^.*\//, "");
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (marks[mid][0] <= frame.lineNumber) lo = mid;
      else hi = mid - 1;
    }
    const module = marks[lo][1];
    return /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)?.[1] ?? module;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const src = /(src\/.*)$/.exec(url);
  return src ? src[1] : url.replace(/^.*\//, "");
}

/** Prints a summary; with `requests` (answered during the profile) also µs per request. */
export function printProfile(summary, requests) {
  const busy = summary.sampledMs - summary.idleMs;
  console.log(
    `\nWorker CPU profile: ${summary.wallMs.toFixed(0)} ms wall, ${busy.toFixed(0)} ms busy in the Worker isolate ` +
      `(${((100 * busy) / summary.wallMs).toFixed(1)}%), ${summary.idleMs.toFixed(0)} ms idle` +
      (requests
        ? `; ${requests} requests, ${((1000 * busy) / requests).toFixed(0)} µs busy per request`
        : ""),
  );
  console.log("self time by source:");
  for (const { name, ms } of summary.sources)
    console.log(`  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`);
  console.log("self time by function:");
  for (const { name, ms } of summary.functions)
    console.log(`  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`);
  console.log("inclusive time of src/ functions (synchronous part):");
  for (const { name, ms } of summary.ours)
    console.log(`  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`);
}

/** CPU seconds (user + system) used so far by a process and its descendants that are still running. */
export function processCpu(rootPid) {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  const seen = new Set();
  const visit = (pid) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) visit(Number(child));
    } catch {}
  };
  visit(rootPid);
  return total;
}

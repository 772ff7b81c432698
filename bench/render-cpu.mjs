#!/usr/bin/env node
// Benchmark: CPU time of rendering an invoice PDF (1 and 200 lines), its Factur-X, and its
// UBL and CII XML. The renderers are the Worker's own modules, bundled for Node by esbuild
// (fonts and the ICC profile as bytes, as wrangler bundles them) and run in V8, the engine
// workerd runs; the figure is process CPU time (user + system) per render after a warm-up,
// every render with unique text (no cache sees a string twice). wrangler dev does not report
// a Worker's CPU time; on Cloudflare, Workers Logs carry `cpuTime` per request.
//
//   node bench/render-cpu.mjs            RUNS=20 node bench/render-cpu.mjs
import { bundledRenderers } from "./lib/renderers.mjs";

const RUNS = Number(process.env.RUNS ?? 20);
const WARMUP = 5;
const renderers = await bundledRenderers();

let seed = 1;
async function cpuPerRender(label, render) {
  for (let i = 0; i < WARMUP; i++) await render(seed++);
  const samples = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    const out = await render(seed++);
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
    size = typeof out === "string" ? Buffer.byteLength(out) : out.byteLength;
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const p90 = samples[Math.floor(samples.length * 0.9)];
  console.log(
    `${label.padEnd(22)} median ${median.toFixed(1).padStart(6)} ms CPU, p90 ${p90.toFixed(1).padStart(6)} ms, ${(size / 1024).toFixed(1)} KiB`,
  );
}

await cpuPerRender("PDF, 1 line", (s) => renderers.renderPdf(1, s));
await cpuPerRender("PDF, 200 lines", (s) => renderers.renderPdf(200, s));
await cpuPerRender("Factur-X, 1 line", (s) => renderers.renderFacturx(1, s));
await cpuPerRender("Factur-X, 200 lines", (s) => renderers.renderFacturx(200, s));
await cpuPerRender("PDF + Factur-X, 1 line", (s) => renderers.renderPdfAndFacturx(1, s));
await cpuPerRender("PDF + Factur-X, 200", (s) => renderers.renderPdfAndFacturx(200, s));
await cpuPerRender("UBL, 1 line", (s) => renderers.renderXml("ubl", 1, s));
await cpuPerRender("UBL, 200 lines", (s) => renderers.renderXml("ubl", 200, s));
await cpuPerRender("CII, 200 lines", (s) => renderers.renderXml("cii", 200, s));

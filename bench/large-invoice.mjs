#!/usr/bin/env node
// Benchmark: an invoice of 1,000 lines (the most one takes) against 100 (the most it took before).
//
// 1. CPU of its renderers (PDF, Factur-X, UBL, CII), measured like bench/render-cpu.mjs: the
//    Worker's own modules bundled for Node, process CPU per render after a warm-up, every
//    render with unique text. Goal: the 1,000-line PDF under 150 ms.
// 2. Wall time of create (POST /v1/invoices) and send (POST /v1/invoices/{id}/send: number,
//    frozen model, PDF archived in R2, e-mail queued) on `wrangler dev` with a fresh local D1.
//    Goal: create and send of 1,000 lines under 2 s.
// 3. Its UBL (GET .../einvoice?syntax=ubl) checked by the official EN 16931 and Peppol rules
//    (test/einvoice-rules/validate.mjs, as the node tests run them).
//
//   node bench/large-invoice.mjs          RUNS=5 node bench/large-invoice.mjs
//   OUT=/tmp/large node bench/large-invoice.mjs    also writes the PDF and the hosted page there
//   PROFILE=1 node bench/large-invoice.mjs         a CPU profile of the Worker over the 1,000-line runs
//   VALIDATE=0 node bench/large-invoice.mjs        skips the rules (SaxonJS takes minutes on 1,000 lines)
//
// Wall time on a shared machine follows its load; the server's CPU (workerd with the local D1
// and R2, from /proc) per request is printed beside it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { validateEInvoice } from "../test/einvoice-rules/validate.mjs";
import { adminToken, call, freshState, removeState, startDev, stopDev } from "./lib/dev-server.mjs";
import { printProfile, processCpu, startProfile } from "./lib/profile.mjs";
import { bundledRenderers } from "./lib/renderers.mjs";

const RUNS = Number(process.env.RUNS ?? 5);
const CPU_RUNS = Number(process.env.CPU_RUNS ?? 20);
const PORT = Number(process.env.PORT ?? 8831);
const OUT = process.env.OUT;
const PROFILE = process.env.PROFILE === "1";
const VALIDATE = process.env.VALIDATE !== "0";
const SIZES = [100, 1000];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;

// 1. Renderer CPU.
const renderers = await bundledRenderers();
let seed = 1;
async function cpuPerRender(render) {
  for (let i = 0; i < 5; i++) await render(seed++);
  const samples = [];
  for (let i = 0; i < CPU_RUNS; i++) {
    const start = process.cpuUsage();
    await render(seed++);
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  return median(samples);
}
const cpu = {};
for (const [label, render] of [
  ["PDF", (lines) => (s) => renderers.renderPdf(lines, s)],
  ["Factur-X", (lines) => (s) => renderers.renderFacturx(lines, s)],
  ["UBL", (lines) => (s) => renderers.renderXml("ubl", lines, s)],
  ["CII", (lines) => (s) => renderers.renderXml("cii", lines, s)],
]) {
  const [small, large] = [await cpuPerRender(render(SIZES[0])), await cpuPerRender(render(SIZES[1]))];
  cpu[label] = large;
  console.log(
    `${`${label} render CPU`.padEnd(22)} 100 lines ${ms(small)}, 1,000 lines ${ms(large)} (x${(large / small).toFixed(1)})`,
  );
}

// 2. Create and send on wrangler dev.
const state = freshState("large-invoice");
const token = adminToken();
const dev = await startDev({ port: PORT, state });
const base = `http://127.0.0.1:${PORT}`;
try {
  const org = await call(base, "POST", "/v1/admin/organizations", token, {
    name: "Large invoice bench",
    tier: "business",
    default_currency: "EUR",
    owner: { email: `large-${Date.now()}@example.com`, name: "Bench" },
  });
  const key = org.api_key;
  await call(base, "PATCH", "/v1/organization", key, {
    legal_name: "Acme GmbH",
    address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
    vat_id: "DE123456789",
    email: "billing@acme.example",
    phone: "+49 30 1234567",
    iban: "DE89370400440532013000",
    electronic_address: { scheme: "9930", id: "DE123456789" },
  });
  const rate = await call(base, "POST", "/v1/tax-rates", key, {
    display_name: "VAT 19%",
    percentage: 19,
    category: "S",
  });
  const customer = await call(base, "POST", "/v1/customers", key, {
    name: "Globex GmbH",
    email: "billing@globex.example",
    address: { line1: "1 Main Street", city: "Berlin", postal_code: "10115", country: "DE" },
    vat_id: "DE987654321",
    buyer_reference: "REF-1",
    electronic_address: { scheme: "9930", id: "DE987654321" },
  });
  // A telecom-like line: a description, a unit, a price with four decimals.
  const items = (lines) =>
    Array.from({ length: lines }, (_, i) => ({
      description: `Connection ${String(i + 1).padStart(4, "0")}: +49 30 ${1000000 + i}, calls and data, March 2027`,
      quantity: 1 + (i % 4),
      unit_code: "C62",
      unit_price: Number((1.5 + (i % 13) * 0.3125).toFixed(4)),
      tax_rate_id: rate.id,
    }));

  const timed = async (fn) => {
    const start = performance.now();
    const out = await fn();
    return [performance.now() - start, out];
  };
  const wall = {};
  let sent;
  for (const lines of SIZES) {
    const body = { customer_id: customer.id, currency: "EUR", items: items(lines) };
    const bytes = Buffer.byteLength(JSON.stringify(body));
    const create = [];
    const send = [];
    const createCpu = [];
    const sendCpu = [];
    const profile = PROFILE && lines === SIZES[1] ? await startProfile(PORT + 500) : null;
    // One unmeasured pair first: the first request of a size compiles and fills caches.
    for (let run = 0; run <= RUNS; run++) {
      const cpu0 = processCpu(dev.pid);
      const [createMs, invoice] = await timed(() => call(base, "POST", "/v1/invoices", key, body));
      const cpu1 = processCpu(dev.pid);
      const [sendMs, answer] = await timed(() =>
        call(base, "POST", `/v1/invoices/${invoice.id}/send`, key, {}),
      );
      const cpu2 = processCpu(dev.pid);
      if (run === 0) continue;
      create.push(createMs);
      send.push(sendMs);
      createCpu.push((cpu1 - cpu0) * 1000);
      sendCpu.push((cpu2 - cpu1) * 1000);
      sent = answer;
    }
    wall[lines] = { create: median(create), send: median(send) };
    console.log(
      `${`${lines} lines`.padEnd(22)} create ${ms(median(create))}, send ${ms(median(send))}, ` +
        `both ${ms(median(create) + median(send))} (median of ${RUNS}; body ${(bytes / 1024).toFixed(0)} KiB); ` +
        `server CPU create ${ms(median(createCpu))}, send ${ms(median(sendCpu))}`,
    );
    if (profile)
      printProfile(
        await profile.stop(join(process.env.TMPDIR ?? "/tmp", "large-invoice.cpuprofile")),
        RUNS * 2,
      );
  }
  const ratio = (field) => (wall[1000][field] / wall[100][field]).toFixed(1);
  console.log(`${"1,000 / 100 lines".padEnd(22)} create x${ratio("create")}, send x${ratio("send")}`);

  // 3. The last 1,000-line invoice's UBL, checked by the official rules (minutes of SaxonJS); its
  // CII counted.
  for (const syntax of ["ubl", "cii"]) {
    const res = await fetch(`${base}/v1/invoices/${sent.id}/einvoice?syntax=${syntax}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    const xml = await res.text();
    const tag = syntax === "ubl" ? "<cac:InvoiceLine>" : "<ram:IncludedSupplyChainTradeLineItem>";
    const lineCount = xml.split(tag).length - 1;
    if (syntax === "cii" || !VALIDATE) {
      console.log(
        `${`${syntax.toUpperCase()} of 1,000 lines`.padEnd(22)} ${lineCount} lines, ${(xml.length / 1024).toFixed(0)} KiB`,
      );
      continue;
    }
    const [checkMs, verdict] = await timed(() => validateEInvoice(xml));
    console.log(
      `${"UBL of 1,000 lines".padEnd(22)} ${lineCount} lines, ` +
        `${(xml.length / 1024).toFixed(0)} KiB, ${verdict.profile}: ${verdict.valid ? "valid" : "INVALID"} ` +
        `(${verdict.fatal.length} fatal, ${verdict.firedRules} rules fired, checked in ${(checkMs / 1000).toFixed(1)} s)`,
    );
    for (const failure of verdict.fatal.slice(0, 5)) console.log(`  ${failure.id}: ${failure.text}`);
  }
  if (OUT) {
    mkdirSync(OUT, { recursive: true });
    const pdf = await fetch(`${base}/v1/invoices/${sent.id}/pdf`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    writeFileSync(join(OUT, "invoice.pdf"), new Uint8Array(await pdf.arrayBuffer()));
    const page = await fetch(sent.hosted_url.replace(/^https?:\/\/[^/]+/, base));
    writeFileSync(join(OUT, "hosted.html"), await page.text());
    console.log(`wrote ${OUT}/invoice.pdf and ${OUT}/hosted.html`);
  }
  console.log(
    `\nGoals: create and send of 1,000 lines ${ms(wall[1000].create + wall[1000].send)} (< 2000 ms), ` +
      `PDF CPU ${ms(cpu.PDF)} (< 150 ms)`,
  );
} finally {
  await stopDev(dev);
  removeState(state);
}

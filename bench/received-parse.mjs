#!/usr/bin/env node
// Benchmark: CPU time of reading a received e-invoice (src/document/received/, bundled for Node by
// esbuild and run in V8, the engine workerd runs): a UBL of 1,000 lines, the largest official
// example (3.3 MB, most of it an embedded attachment) and a 10 MB Factur-X PDF (a CII of 1,000
// lines beside 10 MB of incompressible page data). The figure is process CPU time (user +
// system) per read after a warm-up.
//
//   node bench/received-parse.mjs            RUNS=20 node bench/received-parse.mjs
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { AFRelationship, PDFDocument } from "pdf-lib";

const RUNS = Number(process.env.RUNS ?? 10);
const WARMUP = 3;
const ROOT = join(import.meta.dirname, "..");
const EXAMPLES = join(ROOT, "test/einvoice-examples");

async function bundledReader() {
  const dir = mkdtempSync(join(tmpdir(), "received-"));
  const outfile = join(dir, "received.mjs");
  try {
    await build({
      entryPoints: [join(ROOT, "src/document/received/index.ts")],
      bundle: true,
      platform: "node",
      target: "node20",
      format: "esm",
      outfile,
      logLevel: "error",
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An official example with its first line repeated to `lines` lines. */
function withLines(path, open, close, lines) {
  const xml = readFileSync(join(EXAMPLES, path), "utf8");
  const start = xml.indexOf(open);
  const end = xml.indexOf(close, start) + close.length;
  const line = xml.slice(start, end);
  return Buffer.from(
    xml.slice(0, start) + line.repeat(lines) + xml.slice(xml.lastIndexOf(close) + close.length),
  );
}

function largestExample() {
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : /\.xml$/i.test(name) ? [path] : [];
    });
  return walk(EXAMPLES).sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

async function facturx(cii, padding) {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText("Invoice");
  pdf.context.register(pdf.context.stream(randomBytes(padding), {}));
  await pdf.attach(cii, "factur-x.xml", { mimeType: "text/xml", afRelationship: AFRelationship.Alternative });
  return pdf.save();
}

const { readEInvoice } = await bundledReader();

function cpuPerRead(label, bytes, mediaType) {
  for (let i = 0; i < WARMUP; i++) readEInvoice(bytes, mediaType);
  const samples = [];
  let lines = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    lines = readEInvoice(bytes, mediaType).document.lines.length;
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const p90 = samples[Math.floor(samples.length * 0.9)];
  console.log(
    `${label.padEnd(34)} median ${median.toFixed(1).padStart(6)} ms CPU, p90 ${p90.toFixed(1).padStart(6)} ms, ${(bytes.length / 1024 / 1024).toFixed(2)} MiB, ${lines} lines`,
  );
}

const ubl = withLines(
  "cen-tc434/ubl/examples/ubl-tc434-example1.xml",
  "<cac:InvoiceLine>",
  "</cac:InvoiceLine>",
  1000,
);
const cii = withLines(
  "ferd-zugferd/2.3/EN16931_Einfach.xml",
  "<ram:IncludedSupplyChainTradeLineItem>",
  "</ram:IncludedSupplyChainTradeLineItem>",
  1000,
);
cpuPerRead("UBL, 1,000 lines", new Uint8Array(ubl), "xml");
cpuPerRead("CII, 1,000 lines", new Uint8Array(cii), "xml");
const largest = largestExample();
cpuPerRead(
  `largest example (${largest.split("/").pop().slice(0, 12)}…)`,
  new Uint8Array(readFileSync(largest)),
  "xml",
);
cpuPerRead("Factur-X 10 MB, CII of 1,000 lines", await facturx(cii, 10 * 1024 * 1024), "pdf");

// ---- Hostile inputs: each refused (422 invalid_einvoice), the CPU spent before refusing it -------

const encode = (text) => new TextEncoder().encode(text);
const UBL_ROOT = 'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"';

/** A PDF by hand whose one embedded file `factur-x.xml` is `stream`, deflated as stored. */
function pdfWithStream(stream) {
  return Buffer.concat([
    Buffer.from(
      "%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 3 0 R] >> >> >>\nendobj\n" +
        "2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
        "3 0 obj\n<< /Type /Filespec /F (factur-x.xml) /EF << /F 4 0 R >> >>\nendobj\n" +
        `4 0 obj\n<< /Type /EmbeddedFile /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
    ),
    stream,
    Buffer.from("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  ]);
}

function cpuPerRefusal(label, bytes, mediaType) {
  const refuse = () => {
    try {
      readEInvoice(bytes, mediaType);
    } catch (error) {
      if (error?.name === "InvalidEInvoice" || error?.reason) return error.reason;
      throw error;
    }
    throw new Error(`${label}: read, not refused`);
  };
  for (let i = 0; i < WARMUP; i++) refuse();
  const samples = [];
  let reason = "";
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    reason = refuse();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  console.log(
    `refused: ${label.padEnd(25)} median ${median.toFixed(1).padStart(6)} ms CPU, ${(bytes.length / 1024).toFixed(0)} KiB (${reason.slice(0, 60)})`,
  );
}

const { deflateSync } = await import("node:zlib");
const laughs = Array.from({ length: 10 }, (_, i) =>
  i === 0 ? '<!ENTITY l0 "lol">' : `<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`,
).join("");
cpuPerRefusal(
  "XXE",
  encode(
    `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice ${UBL_ROOT}>&e;</Invoice>`,
  ),
  "xml",
);
cpuPerRefusal(
  "billion laughs",
  encode(`<?xml version="1.0"?><!DOCTYPE x [${laughs}]><Invoice ${UBL_ROOT}>&l9;</Invoice>`),
  "xml",
);
cpuPerRefusal(
  "deep nesting (100,000)",
  encode(`<Invoice ${UBL_ROOT}>${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}</Invoice>`),
  "xml",
);
cpuPerRefusal(
  "1,000,000 elements",
  encode(`<Invoice ${UBL_ROOT}>${"<a/>".repeat(1_000_000)}</Invoice>`),
  "xml",
);
cpuPerRefusal("another root", encode('<Order xmlns="urn:x"><ID>1</ID></Order>'), "xml");
cpuPerRefusal(
  "PDF: 1 GiB zero bomb",
  pdfWithStream(deflateSync(Buffer.alloc(1024 * 1024 * 1024), { level: 9 })),
  "pdf",
);

/** An object stream (object 5, deflated) whose /N objects all start at one array of `numbers` numbers. */
function objectStreamOfOneArray(objects, numbers) {
  const header = Array.from({ length: objects }, (_, i) => `${10 + i} 0`).join(" ");
  const data = deflateSync(Buffer.from(`${header}\n[${"0 ".repeat(numbers)}]`));
  return Buffer.concat([
    Buffer.from(
      `5 0 obj\n<< /Type /ObjStm /N ${objects} /First ${header.length + 1} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    ),
    data,
    Buffer.from("\nendstream\nendobj\n"),
  ]);
}
/** A PDF with an embedded invoice, `extra` after its end. */
const pdfThen = (extra) => Buffer.concat([pdfWithStream(deflateSync(cii)), extra]);
cpuPerRead("PDF: /N 20 offsets at one array", pdfThen(objectStreamOfOneArray(20, 200_000)), "pdf");
cpuPerRead("PDF: /N 80 offsets at one array", pdfThen(objectStreamOfOneArray(80, 200_000)), "pdf");
cpuPerRefusal("PDF: `1 0 obj <` × 1 MB", pdfThen(Buffer.from("1 0 obj <".repeat(116_509))), "pdf");
cpuPerRefusal("PDF: `1 0 obj (` × 100 KB", pdfThen(Buffer.from("1 0 obj (".repeat(11_651))), "pdf");

#!/usr/bin/env node
// Benchmark: what a logo costs. Per render, the CPU of the same 1-line invoice PDF with the
// largest logo a render can meet (a normalized 600x600 RGBA PNG of noise, which compresses worst;
// and a 512 KB JPEG, the largest accepted, kept as DCT data) against the PDF without a logo; goal:
// within 10%. Once per upload, the CPU of normalizing a 2000x2000 16-bit PNG and of refusing a
// decompression bomb. For comparison, what pdf-lib's embedPng (which decodes the PNG and deflates
// its planes again) would cost per render, and what parsing the finished PDF back would cost.
// Same method as bench/render-cpu.mjs: the Worker's modules bundled by esbuild, run in V8,
// process CPU time per run after a warm-up.
//
//   node bench/logo-cpu.mjs            RUNS=30 node bench/logo-cpu.mjs
import { deflateSync } from "node:zlib";
import { bundledRenderers } from "./lib/renderers.mjs";

const RUNS = Number(process.env.RUNS ?? 30);
const WARMUP = 10;
const bench = await bundledRenderers();

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};
/** A PNG from unfiltered rows (each row: filter byte 0, then samples). */
function png(width, height, bitDepth, colorType, rows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colorType;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = deflateSync(rows, { level: 9 });
  return new Uint8Array(
    Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]),
  );
}

// The largest accepted PNGs whose normalized forms are the largest: (a) 600x600 RGBA, random
// samples in as many rows as fit under 512 KB (its image data compressed again at upload); (b) a
// 2000x2000 1-bit palette of random pixels (~490 KB), which averages down to a noisy 600x600.
function noisePngUnder(limit) {
  const rows = Buffer.alloc(600 * (1 + 600 * 4), 0x80);
  for (let y = 0; y < 600; y++) rows[y * (1 + 600 * 4)] = 0;
  let noisy = 0;
  for (;;) {
    const next = noisy + 20;
    for (let y = noisy; y < next; y++)
      for (let i = 1; i <= 600 * 4; i++) rows[y * (1 + 600 * 4) + i] = random();
    const candidate = png(600, 600, 8, 6, rows);
    if (candidate.length > limit) break;
    noisy = next;
  }
  for (let y = noisy; y < 600; y++) rows.fill(0x80, y * (1 + 600 * 4) + 1, (y + 1) * (1 + 600 * 4));
  return png(600, 600, 8, 6, rows);
}
let state = 2463534242;
const random = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) & 0xff;
};
const noisePng = noisePngUnder(512 * 1024);
const noiseLogo = bench.normalizeLogo(noisePng, "image/png").printable;
const bitRows = Buffer.alloc(2000 * (1 + 250));
for (let y = 0; y < 2000; y++) for (let i = 1; i <= 250; i++) bitRows[y * 251 + i] = random();
const bitPng = (() => {
  const plain = png(2000, 2000, 1, 3, bitRows);
  // PLTE (black, white) goes between IHDR and IDAT.
  const at = 8 + 25;
  return new Uint8Array(
    Buffer.concat([
      plain.subarray(0, at),
      chunk("PLTE", Buffer.from([0, 0, 0, 255, 255, 255])),
      plain.subarray(at),
    ]),
  );
})();
const bitLogo = bench.normalizeLogo(bitPng, "image/png").printable;
const streams = (logo) => ((logo.rgb.length + (logo.alpha?.length ?? 0)) / 1024).toFixed(0);

// A 512 KB JPEG: real marker structure (SOI, DQT, SOF0 600x600, DHT, SOS, EOI) around entropy
// bytes without 0xFF. pdf-lib copies JPEG data as it is, so its content does not change the cost.
const segment = (marker, body) =>
  Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
const jpegHead = Buffer.concat([
  Buffer.from([0xff, 0xd8]),
  segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
  segment(
    0xc0,
    Buffer.from([8, 600 >> 8, 600 & 0xff, 600 >> 8, 600 & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
  ),
  segment(0xc4, Buffer.concat([Buffer.from([0x00]), Buffer.alloc(16, 0)])),
  segment(0xda, Buffer.from([3, 1, 0, 2, 0, 3, 0, 0, 63, 0])),
]);
const entropy = Buffer.alloc(512 * 1024 - jpegHead.length - 2);
for (let i = 0; i < entropy.length; i++) entropy[i] = random() % 0xff;
const jpeg = new Uint8Array(Buffer.concat([jpegHead, entropy, Buffer.from([0xff, 0xd9])]));
const jpegLogo = bench.normalizeLogo(jpeg, "image/jpeg").printable;

// 2000x2000 16-bit RGBA in bands, compressible enough to be accepted (under 512 KB).
const bigRows = Buffer.alloc(2000 * (1 + 2000 * 8));
for (let y = 0; y < 2000; y++) {
  for (let x = 0; x < 2000; x++) {
    const at = y * (1 + 2000 * 8) + 1 + x * 8;
    bigRows.writeUInt16BE((x >> 3) << 8, at);
    bigRows.writeUInt16BE((y >> 3) << 8, at + 2);
    bigRows.writeUInt16BE(40000, at + 4);
    bigRows.writeUInt16BE(x < 1000 ? 65535 : 30000, at + 6);
  }
}
const bigPng = png(2000, 2000, 16, 6, bigRows);
// A 1x1 RGB header over 400 KB of IDAT that inflates to ~400 MiB.
const bomb = png(1, 1, 8, 2, Buffer.alloc(400 * 1024 * 1024));

let seed = 1;
async function cpu(label, run, runs = RUNS) {
  for (let i = 0; i < Math.min(WARMUP, runs); i++) await run(seed++);
  const samples = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    const out = await run(seed++);
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
    size = out?.byteLength ?? 0;
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms CPU${size ? `, ${(size / 1024).toFixed(1)} KiB` : ""}`,
  );
  return median;
}

console.log(
  `inputs: (a) noise PNG ${(noisePng.length / 1024).toFixed(0)} KiB -> ${streams(noiseLogo)} KiB of PDF streams; (b) 1-bit PNG ${(bitPng.length / 1024).toFixed(0)} KiB -> ${streams(bitLogo)} KiB`,
);
console.log(
  `inputs: JPEG ${(jpeg.length / 1024).toFixed(0)} KiB, 2000x2000 16-bit PNG ${(bigPng.length / 1024).toFixed(0)} KiB, bomb ${(bomb.length / 1024).toFixed(0)} KiB`,
);
// Five interleaved rounds (the median round counts), so drift in the machine's load hits all three alike.
const none = [];
const withPng = [];
const withBits = [];
const withJpeg = [];
// One unprinted round first: V8 is still compiling the renderer during the first hundred renders.
for (let i = 0; i < 100; i++) {
  await bench.renderPdf(1, seed++);
  await bench.renderPdf(1, seed++, noiseLogo);
  await bench.renderPdf(1, seed++, bitLogo);
  await bench.renderPdf(1, seed++, jpegLogo);
}
for (let round = 0; round < 5; round++) {
  none.push(await cpu("PDF, 1 line, no logo", (s) => bench.renderPdf(1, s)));
  withPng.push(
    await cpu("PDF, 1 line, logo (a) 600x600 RGBA noise", (s) => bench.renderPdf(1, s, noiseLogo)),
  );
  withBits.push(
    await cpu("PDF, 1 line, logo (b) from 2000x2000 1-bit", (s) => bench.renderPdf(1, s, bitLogo)),
  );
  withJpeg.push(await cpu("PDF, 1 line, 512 KB JPEG logo", (s) => bench.renderPdf(1, s, jpegLogo)));
}
const mid = (values) => values.sort((a, b) => a - b)[2];
console.log(`ratio logo (a) / no logo:  ${(mid(withPng) / mid(none)).toFixed(3)} (goal <= 1.10)`);
console.log(`ratio logo (b) / no logo:  ${(mid(withBits) / mid(none)).toFixed(3)} (goal <= 1.10)`);
console.log(`ratio JPEG logo / no logo: ${(mid(withJpeg) / mid(none)).toFixed(3)} (goal <= 1.10)`);

const normalPng = bench.normalizeLogo(noisePng, "image/png").image;
await cpu(
  "(not used) pdf-lib embedPng of that PNG + save",
  async () => {
    const doc = await bench.PDFDocument.create();
    doc.addPage().drawImage(await doc.embedPng(normalPng), { x: 0, y: 0 });
    return doc.save();
  },
  10,
);
const pdf = await bench.renderPdf(1, seed++, noiseLogo);
await cpu("parse the finished PDF back (PDFDocument.load)", () => bench.PDFDocument.load(pdf), 10);
await cpu(
  "upload: normalize 2000x2000 16-bit RGBA PNG",
  () => bench.normalizeLogo(bigPng, "image/png").image,
  5,
);
await cpu(
  "upload: refuse the bomb (1x1, ~400 MiB IDAT)",
  () => {
    try {
      bench.normalizeLogo(bomb, "image/png");
    } catch {
      return null;
    }
    throw new Error("the bomb was accepted");
  },
  10,
);

#!/usr/bin/env node
// The worst bank statements the size limit (64 MiB) lets in, on `wrangler dev`: is parsing
// linear in the file's size? Three shapes, each at 8, 16, 32 and 64 MiB, each imported once:
//
//   nested   one entry holding elements nested 60 deep (the most the depth limit lets through),
//            again and again: every closing tag is a path check, the cost that was quadratic;
//   entries  50,000 entries (the entry limit), each padded with nested unknown elements;
//   mt940    MT940 entries whose :86: details run to the field limit in 65-character lines.
//
// Prints each request's status and time, and the time per MiB as a ratio to the 8 MiB file of
// the same shape (1.0 everywhere is linear; a quadratic parser doubles it with each size).
// Then the file that stalled the Worker before: 1,000,000 levels in one entry (7 MiB), refused.
//
//   node bench/bank-parse-worst.mjs   (SIZES=8,16,32,64 in MiB, PORT random unless set)
//
// Loopback only; wrangler is stopped at the end and its state removed.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminToken, call, freshState, removeState, startDev, stopDev } from "./lib/dev-server.mjs";

const MiB = 1024 * 1024;
const SIZES = (process.env.SIZES ?? "8,16,32,64").split(",").map(Number);
const PORT = Number(process.env.PORT ?? 20_000 + Math.floor(Math.random() * 9_000));
const BASE = `http://127.0.0.1:${PORT}`;
const LIMIT = 64 * MiB;

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' +
  "<BkToCstmrStmt><GrpHdr><MsgId>W</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr>" +
  "<Stmt><Id>W</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>";
const TAIL = "</Stmt></BkToCstmrStmt></Document>\n";
const entry = (i, padding) =>
  `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>` +
  `<BookgDt><Dt>2026-11-20</Dt></BookgDt><AcctSvcrRef>W-${i}</AcctSvcrRef>${padding}</Ntry>`;
/** Elements nested `depth` deep: <X><X>...</X></X>. */
const nest = (depth) => `${"<X>".repeat(depth)}${"</X>".repeat(depth)}`;

/** A file of about `bytes` of the shape, under the limit. */
function file(shape, bytes) {
  if (shape === "nested") {
    const unit = nest(56); // the entry sits 4 deep: 60 levels in all
    const count = Math.floor((bytes - HEAD.length - TAIL.length - 300) / unit.length);
    return { type: "application/xml", body: HEAD + entry(0, unit.repeat(count)) + TAIL };
  }
  if (shape === "entries") {
    const per = Math.floor((bytes - HEAD.length - TAIL.length) / 50_000);
    const unit = nest(20);
    const padding = unit.repeat(Math.max(0, Math.floor((per - 160) / unit.length)));
    const parts = [HEAD];
    for (let i = 0; i < 50_000; i++) parts.push(entry(i, padding));
    parts.push(TAIL);
    return { type: "application/xml", body: parts.join("") };
  }
  // MT940: entries whose :86: runs to the field limit (4,096 characters) in 65-character lines.
  const details = `:86:?00GUTSCHRIFT?20${"Rechnung 12345 Auftrag 6789 ".repeat(140)}`
    .match(/.{1,65}/g)
    .join("\r\n");
  const parts = [":20:W", ":25:DE89370400440532013000", ":28C:1/1", ":60F:C261119EUR0,00"];
  let size = 100;
  for (let i = 0; size < bytes - details.length - 100; i++) {
    const line = `:61:2611201120CR1,00NTRF//W-${i}`;
    parts.push(line, details);
    size += line.length + details.length + 4;
  }
  parts.push(":62F:C261120EUR0,00", "-}");
  return { type: "text/plain", body: `${parts.join("\r\n")}\r\n` };
}

function post(key, { type, body }) {
  const path = join(tmpdir(), "bank-parse-worst.body");
  writeFileSync(path, body);
  const run = spawnSync(
    "curl",
    [
      "-s",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code} %{time_total}",
      "-H",
      `Authorization: Bearer ${key}`,
      "-H",
      `Content-Type: ${type}`,
      "--data-binary",
      `@${path}`,
      `${BASE}/v1/bank-statements`,
    ],
    { encoding: "utf8" },
  );
  rmSync(path, { force: true });
  const [status, seconds] = run.stdout.split(" ");
  return { status, seconds: Number(seconds) };
}

async function main() {
  const state = freshState("bank-parse-worst");
  const dev = await startDev({ port: PORT, state, vars: ["RATE_LIMIT_ENABLED:false"] });
  try {
    const org = await call(BASE, "POST", "/v1/admin/organizations", adminToken(), {
      name: "Bench",
      tier: "business",
      default_currency: "EUR",
      owner: { email: `bench-${Date.now()}@example.com` },
    });
    for (const shape of ["nested", "entries", "mt940"]) {
      let base;
      for (const size of SIZES) {
        const made = file(shape, Math.min(size * MiB, LIMIT - 1024));
        const mib = Buffer.byteLength(made.body) / MiB;
        // A fresh organization per file: the entries of one are no duplicates of another's.
        const { api_key: key } = await call(BASE, "POST", "/v1/admin/organizations", adminToken(), {
          name: `Bench ${shape} ${size}`,
          tier: "business",
          default_currency: "EUR",
          owner: { email: `bench-${shape}-${size}-${Date.now()}@example.com` },
        });
        const { status, seconds } = post(key, made);
        const perMiB = seconds / mib;
        base ??= perMiB;
        console.log(
          `${shape.padEnd(7)} ${mib.toFixed(1).padStart(5)} MiB: HTTP ${status} in ${seconds.toFixed(2)} s, ` +
            `${(perMiB * 1000).toFixed(0)} ms/MiB, ratio to the first size ${(perMiB / base).toFixed(2)}`,
        );
      }
    }
    const stall = `${HEAD}${entry(0, nest(1_000_000))}${TAIL}`;
    const { status, seconds } = post(org.api_key, { type: "application/xml", body: stall });
    console.log(
      `1,000,000 levels (${(stall.length / MiB).toFixed(1)} MiB): HTTP ${status} in ${seconds.toFixed(2)} s`,
    );
  } finally {
    await stopDev(dev);
    removeState(state);
  }
}

await main();

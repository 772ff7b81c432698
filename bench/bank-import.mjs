#!/usr/bin/env node
// Bank statement import on `wrangler dev`: a generated 20,000-entry CAMT.053 (ENTRIES overrides)
// imported in one request, then imported again (every entry a duplicate). Prints the file size,
// each request's time and status, the counts, and the isolate's memory during the first import
// (JS heap + ArrayBuffer backing stores, via bench/lib/isolate-memory.mjs).
//
//   node bench/bank-import.mjs   (ENTRIES=20000, INVOICES=40, PORT random unless set)
//   PROFILE=1 node bench/bank-import.mjs   (a CPU profile of the Worker isolate during the first
//                                           import instead of the memory samples)
//
// Loopback only; wrangler is stopped at the end and its state removed.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminToken, call, freshState, pool, removeState, startDev, stopDev } from "./lib/dev-server.mjs";
import { printProfile, processCpu, startProfile } from "./lib/profile.mjs";
import { timedPost } from "./lib/timed-post.mjs";

const PROFILE = process.env.PROFILE === "1";
const ENTRIES = Number(process.env.ENTRIES ?? 20_000);
const INVOICES = Number(process.env.INVOICES ?? 40);
const PORT = Number(process.env.PORT ?? 20_000 + Math.floor(Math.random() * 9_000));
const BASE = `http://127.0.0.1:${PORT}`;
const FILE = join(tmpdir(), `bank-import-${ENTRIES}.xml`);

/** RF creditor reference check digits (ISO 11649), as src/lib/payment-reference.ts computes them. */
function mod97(text) {
  let r = 0;
  for (const c of text) {
    const v = Number.parseInt(c, 36);
    r = v < 10 ? (r * 10 + v) % 97 : (r * 100 + v) % 97;
  }
  return r;
}

const NAMES = [
  "Müller Logistik GmbH",
  "Dupont SARL",
  "Rossi S.p.A.",
  "Jansen B.V.",
  "García y Hijos S.L.",
  "Nowak Sp. z o.o.",
];

/** A CAMT.053.001.02 the way a bank writes a busy day: every entry with its transaction details. */
function statement(references) {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">',
    "<BkToCstmrStmt><GrpHdr><MsgId>BENCH-1</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr>",
    "<Stmt><Id>BENCH-STMT-1</Id><CreDtTm>2026-11-21T06:00:00</CreDtTm>",
    "<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>",
    '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-20</Dt></Dt></Bal>',
  ];
  for (let i = 0; i < ENTRIES; i++) {
    const credit = i % 10 !== 9;
    const reference = references[i % 500 === 0 ? (i / 500) % references.length : -1];
    const amount = (((i * 7919) % 500_000) + 100) / 100;
    const name = NAMES[i % NAMES.length];
    const text = reference ? `Rechnung ${reference}` : `Order ${100000 + i} / customer ${i % 977}`;
    parts.push(
      `\n<Ntry><Amt Ccy="EUR">${amount.toFixed(2)}</Amt><CdtDbtInd>${credit ? "CRDT" : "DBIT"}</CdtDbtInd><Sts>BOOK</Sts>`,
      "<BookgDt><Dt>2026-11-20</Dt></BookgDt><ValDt><Dt>2026-11-20</Dt></ValDt>",
      `<AcctSvcrRef>2026112000${String(i).padStart(7, "0")}</AcctSvcrRef>`,
      "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>",
      `<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties>`,
      credit
        ? `<Dbtr><Nm>${name}</Nm></Dbtr><DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct>`
        : `<Cdtr><Nm>${name}</Nm></Cdtr><CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></CdtrAcct>`,
      `</RltdPties><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    );
  }
  parts.push("\n</Stmt></BkToCstmrStmt></Document>\n");
  return parts.join("");
}

const timedImport = (key, withMemory) =>
  timedPost({
    url: `${BASE}/v1/bank-statements`,
    key,
    contentType: "application/xml",
    file: FILE,
    memoryPort: withMemory ? PORT + 500 : undefined,
    gcFirst: true,
  });

async function main() {
  const token = adminToken();
  const state = freshState("bank-import-bench");
  const dev = await startDev({ port: PORT, state, vars: ["RATE_LIMIT_ENABLED:false"] });
  try {
    const org = await call(BASE, "POST", "/v1/admin/organizations", token, {
      name: "Bench",
      tier: "business",
      default_currency: "EUR",
      owner: { email: `bench-${Date.now()}@example.com` },
    });
    const key = org.api_key;
    await call(BASE, "PATCH", "/v1/organization", key, { iban: "DE89370400440532013000" });
    const customer = await call(BASE, "POST", "/v1/customers", key, {
      name: "Müller Logistik GmbH",
      email: "ap@mueller.example",
      address: { line1: "Hafenstraße 1", city: "Hamburg", postal_code: "20457", country: "DE" },
    });
    const invoices = await pool([...Array(INVOICES).keys()], 4, async (i) => {
      const draft = await call(BASE, "POST", "/v1/invoices", key, {
        customer_id: customer.id,
        currency: "EUR",
        items: [{ description: `Transport ${i}`, quantity: 1, unit_price: 1000 + i }],
      });
      return call(BASE, "POST", `/v1/invoices/${draft.id}/send`, key);
    });
    const references = invoices.map((inv) => inv.payment_reference);
    if (!references.every((r) => r && mod97(`${r.slice(4)}${r.slice(0, 4)}`) === 1)) {
      throw new Error(`unexpected references: ${references.slice(0, 3)}`);
    }
    const xml = statement(references);
    writeFileSync(FILE, xml);
    console.log(
      `CAMT.053 file: ${ENTRIES} entries, ${(Buffer.byteLength(xml) / 1048576).toFixed(1)} MiB; ${INVOICES} open invoices`,
    );

    const profile = PROFILE ? await startProfile(PORT + 500) : undefined;
    const cpuBefore = processCpu(dev.pid);
    const first = timedImport(key, !PROFILE);
    const serverCpu = processCpu(dev.pid) - cpuBefore;
    console.log(`first import: HTTP ${first.status} in ${first.seconds.toFixed(2)} s`);
    console.log(`  server CPU (workerd with the local D1): ${serverCpu.toFixed(2)} s`);
    if (first.memory) console.log(`  ${first.memory}`);
    if (profile) printProfile(await profile.stop(join(tmpdir(), "bank-import.cpuprofile")));
    console.log(`  answer: ${first.answer.slice(0, 300)}`);
    const second = timedImport(key, false);
    console.log(`second import (all duplicates): HTTP ${second.status} in ${second.seconds.toFixed(2)} s`);
    console.log(`  answer: ${second.answer.slice(0, 300)}`);
  } finally {
    await stopDev(dev);
    removeState(state);
  }
}

await main();

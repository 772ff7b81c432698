#!/usr/bin/env node
// Checks e-invoice XML against the official business rules, compiled for SaxonJS
// (*.sef.json.gz beside this file; SOURCE.md names the releases, scripts/build-einvoice-rules.mjs
// rebuilds them):
//   en16931    EN 16931 core rules (CEN/TC 434 validation artefacts 1.3.16), always run
//   peppol     + Peppol BIS Billing 3.0 (OpenPEPPOL 3.0.19, release 2025-Q2)
//   xrechnung  + XRechnung CIUS (KoSIT xrechnung-schematron 2.5.0), with the Peppol BIS rules
//              KoSIT's release merges into it (XRECHNUNG_PEPPOL_RULES, run from the Peppol set)
// for UBL 2.1 Invoice / CreditNote and UN/CEFACT CII D16B (the XML inside Factur-X / ZUGFeRD).
// Node only (SaxonJS does not run in workerd).
//
//   node test/einvoice-rules/validate.mjs [--profile en16931|peppol|xrechnung] FILE.xml [...]
//   node test/einvoice-rules/validate.mjs [--profile ...] --stdin < FILE.xml
//     one JSON line per document; exit status 1 when any fails, 2 on a usage error
//
//   const r = await validateEInvoice(xml, { profile });
//     -> { syntax: "ubl" | "cii", profile, valid, fatal: [{ id, location, text }], warnings, firedRules }
// The default profile "auto" adds the rules of the profile the document declares (UBL
// CustomizationID, CII guideline parameter): a document claiming Peppol BIS 3.0 or XRechnung is
// held to those rules too. A rule set that fires no rule did not recognise the document: invalid.
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { gunzipSync } from "node:zlib";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const PROFILES = ["en16931", "peppol", "xrechnung"];

/**
 * The Peppol BIS rules KoSIT merges into its XRechnung release (xrechnung-schematron 2.5.0,
 * `src/xsl/rule-list.xml`); the compiled XRechnung sets hold the CIUS rules alone, so an
 * XRechnung is also run through the Peppol set and held to these of its rules (SOURCE.md).
 */
export const XRECHNUNG_PEPPOL_RULES = new Set(
  ["R001", "R005", "R008", "R010", "R020", "R040", "R041", "R042", "R043", "R044", "R046", "R053", "R054"]
    .concat(["R055", "R061", "R101", "R110", "R111", "R120", "R121", "R130"])
    .map((rule) => `PEPPOL-EN16931-${rule}`),
);

/** The compiled rule set files, e.g. en16931-ubl.sef.json.gz. */
export const RULE_SETS = PROFILES.flatMap((profile) => ["ubl", "cii"].map((s) => `${profile}-${s}`));

/** Paths of rule set files that are not there; the validator refuses to run without them. */
export function missingRuleSets() {
  return RULE_SETS.map((name) => join(HERE, `${name}.sef.json.gz`)).filter((path) => !existsSync(path));
}

const stylesheets = new Map();
function stylesheet(name) {
  if (!stylesheets.has(name)) {
    const path = join(HERE, `${name}.sef.json.gz`);
    if (!existsSync(path)) {
      throw new Error(`e-invoice rules missing: ${path} (see test/einvoice-rules/SOURCE.md to rebuild)`);
    }
    // Parsed once and handed to SaxonJS as an object: parsing the JSON text costs more than
    // running the rules on a small invoice.
    stylesheets.set(name, JSON.parse(gunzipSync(readFileSync(path)).toString("utf8")));
  }
  return stylesheets.get(name);
}

let saxonJs;
function loadSaxon() {
  saxonJs ??= createRequire(import.meta.url)("saxon-js");
  return saxonJs;
}

/** The text from the root element on: leading comments and processing instructions can be long. */
function headOf(xml, length) {
  return xml.replace(/^\uFEFF?(\s*(<\?[\s\S]*?\?>|<!--[\s\S]*?-->))*\s*/, "").slice(0, length);
}

/** "ubl", "cii", or null for anything else. */
export function detectSyntax(xml) {
  const head = headOf(xml, 4000);
  if (/urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100/.test(head)) return "cii";
  if (/urn:oasis:names:specification:ubl:schema:xsd:(Invoice|CreditNote)-2/.test(head)) return "ubl";
  return null;
}

/** The profile a document claims: "peppol", "xrechnung" or "en16931". */
export function declaredProfile(xml) {
  const head = headOf(xml, 6000);
  if (/urn:xeinkauf\.de:kosit:xrechnung|urn:xoev-de:kosit:standard:xrechnung/.test(head)) return "xrechnung";
  if (/urn:fdc:peppol\.eu:2017:poacc:billing:3\.0/.test(head)) return "peppol";
  return "en16931";
}

const attributesOf = (text) =>
  Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));

/**
 * Runs one rule set; reads the failed assertions and the fired rules out of its SVRL report.
 * `only`: the rule ids that count (the rest of the set's failures are left out).
 */
async function runRules(SaxonJS, name, xml, only) {
  // Synchronous: the stylesheet and the document are in memory, and it costs about 5% less.
  const result = SaxonJS.transform(
    { stylesheetInternal: stylesheet(name), sourceText: xml, destination: "serialized" },
    "sync",
  );
  const svrl = result.principalResult;
  const fatal = [];
  const warnings = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attributes = attributesOf(m[1]);
    const text = (m[2].match(/<svrl:text>([\s\S]*?)<\/svrl:text>/)?.[1] ?? "").replace(/\s+/g, " ").trim();
    const entry = { id: attributes.id ?? "?", location: attributes.location ?? "", text };
    if (only && !only.has(entry.id)) continue;
    const advisory = attributes.flag === "warning" || attributes.flag === "information";
    (advisory ? warnings : fatal).push(entry);
  }
  return { fatal, warnings, firedRules: (svrl.match(/<svrl:fired-rule\b/g) ?? []).length };
}

/**
 * The thread that runs the rules for the callers of this process: started on the first document,
 * one per process, so the rule sets are parsed once (there), and the caller's thread is free while
 * a document is checked, to send its next requests and read their answers. Documents are checked
 * one after another, in the order asked.
 */
let rulesThread;

function inRulesThread(xml, options) {
  if (!rulesThread) {
    const worker = new Worker(new URL(import.meta.url), { workerData: { einvoiceRules: true } });
    const pending = new Map();
    let next = 0;
    const fail = (error) => {
      rulesThread = undefined; // the next document starts a new thread
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    };
    worker.on("message", ({ id, result, error }) => {
      const job = pending.get(id);
      pending.delete(id);
      // Idle, it does not keep the process alive.
      if (pending.size === 0) worker.unref();
      if (error) job?.reject(Object.assign(new Error(error.message), { stack: error.stack }));
      else job?.resolve(result);
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the e-invoice rules thread exited (${code})`)));
    worker.unref();
    rulesThread = (xml, options) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, xml, options });
      });
  }
  return rulesThread(xml, options);
}

if (!isMainThread && workerData?.einvoiceRules === true) {
  parentPort.on("message", ({ id, xml, options }) => {
    validate(xml, options).then(
      (result) => parentPort.postMessage({ id, result }),
      (error) => {
        const { message, stack } = error instanceof Error ? error : new Error(String(error));
        parentPort.postMessage({ id, error: { message, stack } });
      },
    );
  });
}

/**
 * Results by options and XML text, for the life of the process: a test often asks twice about
 * one document (its profile, then its fatal rules), and the node tests share their processes
 * (vitest.config.ts), so a document is run through the rules once. The rules are pure functions
 * of the text: the answer is the same. Each caller gets its own copy.
 */
const results = new Map();

/**
 * Recorded verdicts (verdicts.json.gz beside this file): the rules' answers for the documents
 * that are the same in every run (the official examples, the documents of a fixed seed), written
 * by `npm run einvoice:verdicts`, which runs the node tests with every such document checked by the
 * rules. Keyed by the SHA-256 of the options and the XML, valid for the rule files they were
 * recorded with (`rulesFingerprint`): a changed document, a changed rule set or another SaxonJS is
 * checked by the rules again. One recorded answer in RECHECK_SHARE is checked by the rules anyway, and a
 * difference fails the caller, so a wrong record cannot stand.
 */
const VERDICTS = join(HERE, "verdicts.json.gz");
const RECHECK_SHARE = Number(process.env.EINVOICE_VERDICTS_RECHECK ?? 0.01);
let fingerprint;
let recordedVerdicts;

/**
 * SHA-256 over the compiled rule files, the Peppol rules XRechnung keeps and the version of the
 * SaxonJS that runs them: new rules or another engine check every document again.
 */
export function rulesFingerprint() {
  if (!fingerprint) {
    const hash = createHash("sha256");
    hash.update(`saxon-js ${createRequire(import.meta.url)("saxon-js/package.json").version}\n`);
    for (const name of RULE_SETS) hash.update(readFileSync(join(HERE, `${name}.sef.json.gz`)));
    hash.update([...XRECHNUNG_PEPPOL_RULES].join(" "));
    fingerprint = hash.digest("hex");
  }
  return fingerprint;
}

/** The recorded verdicts by key digest; none when they were recorded with other rules. */
export function readRecordedVerdicts() {
  if (!recordedVerdicts) {
    recordedVerdicts = new Map();
    if (existsSync(VERDICTS)) {
      const file = JSON.parse(gunzipSync(readFileSync(VERDICTS)).toString("utf8"));
      if (file.rules === rulesFingerprint()) {
        for (const [digest, verdict] of Object.entries(file.verdicts)) recordedVerdicts.set(digest, verdict);
      } else {
        console.warn(
          "test/einvoice-rules/verdicts.json.gz is for other rule files: npm run einvoice:verdicts",
        );
      }
    }
  }
  return recordedVerdicts;
}

/** The key of a verdict in verdicts.json.gz. */
export const verdictDigest = (key) => createHash("sha256").update(key).digest("hex");

async function recordedOrLive(key, xml, options) {
  const digest = verdictDigest(key);
  // EINVOICE_VERDICTS_RECORD: the directory scripts/record-einvoice-verdicts.mjs collects from.
  const recording = process.env.EINVOICE_VERDICTS_RECORD;
  const kept = recording ? undefined : readRecordedVerdicts().get(digest);
  if (kept && Math.random() >= RECHECK_SHARE) return kept;
  const live = await inRulesThread(xml, options);
  if (kept && !isDeepStrictEqual(kept, live)) {
    throw new Error(
      `the recorded verdict ${digest} differs from the rules' own: ${JSON.stringify(live.fatal)}; ` +
        "record them again (npm run einvoice:verdicts)",
    );
  }
  if (recording)
    appendFileSync(join(recording, `${process.pid}.jsonl`), `${JSON.stringify([digest, live])}\n`);
  return live;
}

/**
 * `recorded`: the document is the same in every run; its verdict may be read from the recorded
 * ones (above).
 * `failFast`: stop at the first rule set with a fatal failure, the profile's own set (smaller)
 * before the EN 16931 core: `valid` is the same, `fatal` lists that set's failures only.
 * `saxon`: a SaxonJS of the caller's, run in the caller's thread (not kept).
 */
export async function validateEInvoice(xml, options = {}) {
  if (options.saxon) return validate(xml, options);
  const { profile = "auto", failFast = false, recorded = false } = options;
  const key = `${profile} ${failFast === true}\n${xml}`;
  let result = results.get(key);
  if (!result) {
    result = recorded
      ? recordedOrLive(key, xml, { profile, failFast })
      : inRulesThread(xml, { profile, failFast });
    results.set(key, result);
    // A failure (a broken rule set) is not kept: the next call tries again.
    result.catch(() => results.delete(key));
  }
  return structuredClone(await result);
}

async function validate(xml, { profile = "auto", saxon, failFast = false }) {
  const syntax = detectSyntax(xml);
  if (!syntax) {
    const text = "neither a UBL 2.1 Invoice/CreditNote nor a CII D16B CrossIndustryInvoice";
    return {
      syntax: null,
      profile: null,
      valid: false,
      fatal: [{ id: "SYNTAX", location: "/", text }],
      warnings: [],
      firedRules: 0,
    };
  }
  const use = profile === "auto" ? declaredProfile(xml) : profile;
  if (!PROFILES.includes(use)) throw new Error(`unknown profile ${profile}`);
  const SaxonJS = saxon ?? loadSaxon();
  const names = [
    `en16931-${syntax}`,
    ...(use === "xrechnung" ? [`peppol-${syntax}`] : []),
    ...(use === "en16931" ? [] : [`${use}-${syntax}`]),
  ];
  if (failFast) names.reverse();
  const out = { syntax, profile: use, valid: false, fatal: [], warnings: [], firedRules: 0 };
  for (const name of names) {
    const only = use === "xrechnung" && name.startsWith("peppol-") ? XRECHNUNG_PEPPOL_RULES : undefined;
    const r = await runRules(SaxonJS, name, xml, only);
    out.fatal.push(...r.fatal);
    out.warnings.push(...r.warnings);
    out.firedRules += r.firedRules;
    if (r.firedRules === 0) {
      out.fatal.push({
        id: "NO-RULES-FIRED",
        location: "/",
        text: `${name}: no rule applied to this document`,
      });
    }
    if (failFast && out.fatal.length > 0) break;
  }
  out.valid = out.fatal.length === 0;
  return out;
}

async function main(argv) {
  const args = [...argv];
  let profile = "auto";
  const at = args.indexOf("--profile");
  if (at >= 0) [, profile] = args.splice(at, 2);
  const inputs =
    args[0] === "--stdin"
      ? [["<stdin>", readFileSync(0, "utf8")]]
      : args.map((file) => [file, readFileSync(file, "utf8")]);
  if (inputs.length === 0) {
    console.error("usage: validate.mjs [--profile en16931|peppol|xrechnung] FILE.xml [...] | --stdin");
    return 2;
  }
  let failed = 0;
  for (const [file, xml] of inputs) {
    const result = await validateEInvoice(xml, { profile });
    if (!result.valid) failed++;
    console.log(JSON.stringify({ file, ...result }));
  }
  return failed ? 1 : 0;
}

if (isMainThread && process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error?.stack ?? String(error));
      process.exit(2);
    },
  );
}

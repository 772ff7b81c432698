#!/usr/bin/env node
// Rebuilds test/einvoice-rules/*.sef.json.gz, the official e-invoice business rules compiled for
// SaxonJS, from the upstream releases named in test/einvoice-rules/SOURCE.md. For maintainers
// only (npm run einvoice:rules -- ...); no test runs it. Needs the devDependency xslt3.
//
//   npm run einvoice:rules -- --en16931 DIR --peppol DIR --xrechnung DIR --schxslt DIR
//
// Each DIR is a checkout (or an unpacked source archive) of the release tag SOURCE.md names:
//   --en16931    ConnectingEurope/eInvoicing-EN16931    tag validation-1.3.16   (ready XSLT)
//   --peppol     OpenPEPPOL/peppol-bis-invoice-3        tag v3.0.19             (Schematron)
//   --xrechnung  itplr-kosit/xrechnung-schematron       tag v2.5.0              (Schematron)
//   --schxslt    schxslt/schxslt                        tag v1.10.1             (Schematron to XSLT)
// A checkout of another version stops the build: update EXPECTED below and SOURCE.md together.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, "test/einvoice-rules");

/** What each release must say about itself: a mismatch means SOURCE.md would be wrong. */
const EXPECTED = {
  en16931: { file: "ubl/xslt/EN16931-UBL-validation.xslt", marker: "Schematron version 1.3.16 " },
  peppol: { file: "rules/sch/PEPPOL-EN16931-UBL.sch", marker: "release 3.0.19." },
  xrechnung: { file: "CHANGELOG.md", marker: "## v2.5.0 " },
  schxslt: { file: "core/src/main/resources/xslt/2.0/pipeline-for-svrl.xsl", marker: "pipeline.xsl" },
};

/** Output name -> where its rules come from: ready XSLT, or Schematron compiled with SchXslt. */
const RULES = {
  "en16931-ubl": { from: "en16931", xslt: "ubl/xslt/EN16931-UBL-validation.xslt" },
  "en16931-cii": { from: "en16931", xslt: "cii/xslt/EN16931-CII-validation.xslt" },
  "peppol-ubl": { from: "peppol", schematron: "rules/sch/PEPPOL-EN16931-UBL.sch" },
  "peppol-cii": { from: "peppol", schematron: "rules/sch/PEPPOL-EN16931-CII.sch" },
  "xrechnung-ubl": {
    from: "xrechnung",
    schematron: "src/validation/schematron/ubl/XRechnung-UBL-validation.sch",
  },
  "xrechnung-cii": {
    from: "xrechnung",
    schematron: "src/validation/schematron/cii/XRechnung-CII-validation.sch",
  },
};

/** License texts that travel with the compiled rules. */
const LICENSES = {
  "LICENSE-EN16931-EUPL-1.2.txt": { from: "en16931", file: "LICENSE.txt" },
  "LICENSE-XRECHNUNG-APACHE-2.0.txt": { from: "xrechnung", file: "LICENSE" },
  "LICENSE-SCHXSLT-MIT.txt": { from: "schxslt", file: "LICENSE" },
};

function sources(argv) {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, { type: "string" }])),
  });
  const dirs = {};
  for (const [name, { file, marker }] of Object.entries(EXPECTED)) {
    if (!values[name]) throw new Error(`--${name} DIR is missing (see the head of this script)`);
    const dir = resolve(values[name]);
    const path = join(dir, file);
    if (!existsSync(path)) throw new Error(`--${name} ${dir}: ${file} not found`);
    if (!readFileSync(path, "utf8").includes(marker)) {
      throw new Error(`--${name} ${dir}: ${file} lacks "${marker}": not the release SOURCE.md names`);
    }
    dirs[name] = dir;
  }
  return dirs;
}

const xslt3 = createRequire(import.meta.url).resolve("xslt3/xslt3.js");

function runXslt3(args) {
  const run = spawnSync(process.execPath, [xslt3, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`xslt3 ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
}

function build(dirs) {
  // One fixed scratch folder: the compiled stylesheets record their own location as a base URI,
  // so the output does not depend on where the checkouts are.
  const work = join(tmpdir(), "einvoice-rules-build");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const pipeline = join(dirs.schxslt, EXPECTED.schxslt.file);
  for (const [name, rule] of Object.entries(RULES)) {
    const xsl = join(work, `${name}.xsl`);
    if (rule.xslt) {
      copyFileSync(join(dirs[rule.from], rule.xslt), xsl);
    } else {
      // Read in place, so that the Schematron's own includes (../common.sch) resolve.
      runXslt3([`-xsl:${pipeline}`, `-s:${join(dirs[rule.from], rule.schematron)}`, `-o:${xsl}`]);
    }
    const sef = join(work, `${name}.sef.json`);
    runXslt3([`-xsl:${xsl}`, `-export:${sef}`, "-nogo", "-relocate:on"]);
    const target = join(OUT, `${name}.sef.json.gz`);
    writeFileSync(target, gzipSync(readFileSync(sef), { level: 9 }));
    console.log(`${basename(target)}  ${statSync(target).size} bytes`);
  }
  for (const [name, { from, file }] of Object.entries(LICENSES)) {
    copyFileSync(join(dirs[from], file), join(OUT, name));
  }
  rmSync(work, { recursive: true, force: true });
}

try {
  build(sources(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

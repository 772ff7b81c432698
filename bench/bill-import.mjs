#!/usr/bin/env node
// Receiving e-invoices on `wrangler dev`: POST /v1/bills of a UBL invoice of 1,000 lines (LINES
// overrides) and of a 10 MB Factur-X (FeRD's EN16931_Einfach.xml embedded beside 10 MB of
// incompressible page data), each imported once (201) and again (200, the same bytes). Prints
// each request's time and status, the Worker process's CPU during it (workerd with its local D1
// and R2), and the isolate's memory during the first import (JS heap + ArrayBuffer backing
// stores, via bench/lib/isolate-memory.mjs).
//
//   node bench/bill-import.mjs   (LINES=1000, PADDING_MB=10, PORT random unless set)
//
// Loopback only; wrangler is stopped at the end and its state removed.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AFRelationship, PDFDocument } from "pdf-lib";
import { adminToken, call, freshState, ROOT, removeState, startDev, stopDev } from "./lib/dev-server.mjs";
import { processCpu } from "./lib/profile.mjs";
import { timedPost } from "./lib/timed-post.mjs";

const LINES = Number(process.env.LINES ?? 1000);
const PADDING_MB = Number(process.env.PADDING_MB ?? 10);
const PORT = Number(process.env.PORT ?? 20_000 + Math.floor(Math.random() * 9_000));
const BASE = `http://127.0.0.1:${PORT}`;

const party = (name, vat) =>
  `<cac:Party><cbc:EndpointID schemeID="9930">${vat}</cbc:EndpointID><cac:PostalAddress><cbc:CityName>Berlin</cbc:CityName>` +
  "<cbc:PostalZone>10117</cbc:PostalZone><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>" +
  `<cac:PartyTaxScheme><cbc:CompanyID>${vat}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` +
  `<cac:PartyLegalEntity><cbc:RegistrationName>${name}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>`;

/** A UBL invoice of `lines` lines of 1 x 12.34 EUR at 19 %, its totals stated as EN 16931 asks. */
function ublInvoice(lines) {
  const net = (1234 * lines) / 100;
  const tax = Math.round(1234 * lines * 0.19) / 100;
  const eur = (amount) => `currencyID="EUR">${amount.toFixed(2)}`;
  const vat = "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>";
  const body = Array.from(
    { length: lines },
    (_, i) =>
      `<cac:InvoiceLine><cbc:ID>${i + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity>` +
      `<cbc:LineExtensionAmount ${eur(12.34)}</cbc:LineExtensionAmount><cac:Item><cbc:Name>Position ${i + 1}</cbc:Name>` +
      `<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>${vat}</cac:ClassifiedTaxCategory></cac:Item>` +
      `<cac:Price><cbc:PriceAmount ${eur(12.34)}</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>BENCH-${lines}</cbc:ID><cbc:IssueDate>2026-11-02</cbc:IssueDate>
<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:BuyerReference>PO-1</cbc:BuyerReference>
<cac:AccountingSupplierParty>${party("Lieferant GmbH", "DE123456789")}</cac:AccountingSupplierParty>
<cac:AccountingCustomerParty>${party("Bench AG", "DE987654321")}</cac:AccountingCustomerParty>
<cac:TaxTotal><cbc:TaxAmount ${eur(tax)}</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount ${eur(net)}</cbc:TaxableAmount>
<cbc:TaxAmount ${eur(tax)}</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>${vat}</cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount ${eur(net)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount ${eur(net)}</cbc:TaxExclusiveAmount>
<cbc:TaxInclusiveAmount ${eur(net + tax)}</cbc:TaxInclusiveAmount><cbc:PayableAmount ${eur(net + tax)}</cbc:PayableAmount></cac:LegalMonetaryTotal>
${body}
</Invoice>
`;
}

/** FeRD's EN 16931 CII as the Factur-X attachment of a PDF padded with `mb` MB of random page data. */
async function facturx(mb) {
  const cii = readFileSync(join(ROOT, "test/einvoice-examples/ferd-zugferd/2.3/EN16931_Einfach.xml"));
  const doc = await PDFDocument.create();
  doc.addPage().drawText("Rechnung");
  doc.context.register(doc.context.stream(randomBytes(mb * 2 ** 20), {}));
  await doc.attach(cii, "factur-x.xml", { mimeType: "text/xml", afRelationship: AFRelationship.Alternative });
  return doc.save();
}

function report(label, devPid, key, file, contentType) {
  for (const [round, memoryPort] of [
    ["first import", PORT + 500],
    ["same bytes again", undefined],
  ]) {
    const before = processCpu(devPid);
    const result = timedPost({ url: `${BASE}/v1/bills`, key, contentType, file, memoryPort });
    const cpu = processCpu(devPid) - before;
    console.log(
      `${label}, ${round}: HTTP ${result.status} in ${result.seconds.toFixed(2)} s, server CPU ${cpu.toFixed(2)} s`,
    );
    if (result.memory) console.log(`  ${result.memory}`);
    if (!/^20[01]$/.test(result.status ?? "")) console.log(`  answer: ${result.answer.slice(0, 300)}`);
  }
}

async function main() {
  const state = freshState("bill-import-bench");
  const dev = await startDev({ port: PORT, state, vars: ["RATE_LIMIT_ENABLED:false"] });
  try {
    const org = await call(BASE, "POST", "/v1/admin/organizations", adminToken(), {
      name: "Bench AG",
      tier: "business",
      default_currency: "EUR",
      owner: { email: `bench-${Date.now()}@example.com` },
    });
    const ubl = join(tmpdir(), `bill-import-${LINES}.xml`);
    writeFileSync(ubl, ublInvoice(LINES));
    const pdf = join(tmpdir(), `bill-import-${PADDING_MB}mb.pdf`);
    writeFileSync(pdf, await facturx(PADDING_MB));
    const mib = (path) => (readFileSync(path).byteLength / 2 ** 20).toFixed(2);
    console.log(`UBL of ${LINES} lines: ${mib(ubl)} MiB; Factur-X: ${mib(pdf)} MiB`);
    report(`UBL ${LINES} lines`, dev.pid, org.api_key, ubl, "application/xml");
    report(`Factur-X ${PADDING_MB} MB`, dev.pid, org.api_key, pdf, "application/pdf");
  } finally {
    await stopDev(dev);
    removeState(state);
  }
}

await main();

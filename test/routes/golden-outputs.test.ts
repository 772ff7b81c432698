// Golden outputs: what requests that use only the fields of today's API produce, pinned as text
// under test/fixtures/golden/ (one file per output), so that a change to any of them shows up as
// a readable diff. A small set of representative documents (two VAT rates, a tax-inclusive rate,
// line and document discounts, reverse charge abroad, a VAT-exempt JPY invoice, credit notes by
// lines and by amount, a quote) is created and sent at a fixed time; for each, the API JSON, the
// UBL and CII downloads, the PDF and Factur-X read back as text, the hosted page and the e-mail
// preview are compared with their fixtures.
//
// What varies between runs is replaced by stable names before comparing (docs/testing.md,
// "Golden outputs"): generated ids (`inv_#1`), UUIDs, hosted-page tokens, the owner's unique
// e-mail address. An issued PDF is dated by its issue date, so its bytes are compared too.
// Nothing else is touched: amounts, labels, codes, element order and whitespace are compared as
// produced. Time is pinned with setClockForTests, so dates and timestamps are real values. A JSON
// answer may gain fields (it is compared on the fields its fixture has); every document must stay
// the same.
//
// A change that is meant to change an output: rewrite the fixtures and review their diff.
//
//   UPDATE_GOLDEN=1 npx vitest run --project workers test/routes/golden-outputs.test.ts
//
// (the same as passing `-u`; a fixture no output writes any more must be deleted by hand: the
// last test lists it).
import { PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { getDocumentProxy } from "unpdf";
import type { ImportGlobFunction } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { createCustomer, createProduct } from "../helpers/factories";
import { embeddedFiles, facturxXml } from "../helpers/facturx";
import { createTaxRate, draft, send, standardRate } from "./billing/helpers";

declare global {
  interface ImportMeta {
    /** Vite's import.meta.glob: how this test, inside workerd, lists and reads its fixtures. */
    glob: ImportGlobFunction;
  }
}

const NOW = new Date("2026-03-02T09:30:00.000Z");
const FIXTURES = "../fixtures/golden";

/** The fixtures on disk, by file name (read through Vite, the test runs inside workerd). */
const onDisk = Object.keys(import.meta.glob("../fixtures/golden/*", { query: "?raw", eager: false })).map(
  (path) => path.slice(path.lastIndexOf("/") + 1),
);

/**
 * Replaces what differs between two runs with stable names: ids and tokens get a number per kind
 * in the order they are first seen (the test registers each one as it creates it, so the numbers
 * do not depend on which output mentions it first).
 */
class Names {
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  name(value: string, kind: string): string {
    let name = this.names.get(value);
    if (!name) {
      const count = (this.counts.get(kind) ?? 0) + 1;
      this.counts.set(kind, count);
      name = `${kind}#${count}`;
      this.names.set(value, name);
    }
    return name;
  }

  /** Registers a generated id (`inv_` + 24 base36 characters) under its own prefix. */
  id(value: string): void {
    this.name(value, value.slice(0, value.indexOf("_") + 1));
  }

  normalize(text: string): string {
    let out = text;
    for (const [value, name] of this.names) out = out.replaceAll(value, name);
    // Ids and UUIDs the test did not register (an e-mail's id, the organization's UUID).
    out = out.replace(/\b([a-z]{2,5})_[0-9a-z]{24}\b/g, (id, prefix: string) => this.name(id, `${prefix}_`));
    return out.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, (uuid) =>
      this.name(uuid, "uuid"),
    );
  }
}

const names = new Names();
/** Every fixture this run produced, by file name, normalized. */
const outputs = new Map<string, string>();
/** The documents of each case, in the order they are written. */
const cases: string[] = [];

function output(file: string, text: string) {
  expect(outputs.has(file), file).toBe(false);
  outputs.set(file, names.normalize(text));
}

/** The JSON fixtures as committed, parsed (a new branch may add fields: see `asBefore`). */
const committedJson = new Map(
  Object.entries(
    import.meta.glob<string>("../fixtures/golden/*.json", { query: "?raw", import: "default", eager: true }),
  ).map(([path, text]) => [path.slice(path.lastIndexOf("/") + 1), JSON.parse(text) as unknown]),
);

/**
 * A response as a client written against the committed fixture reads it: the fields the fixture
 * has, in the order the response gives them. New response fields may be added; a
 * changed, missing or reordered one still fails. Arrays keep every element (a new tax breakdown
 * row is a change). Without a fixture, the whole response.
 */
function asBefore(value: unknown, before: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (Array.isArray(value) && Array.isArray(before)) {
    return value.map((element, index) => asBefore(element, before[index]));
  }
  if (!isObject(value) || !isObject(before)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key in before)
      .map(([key, field]) => [key, asBefore(field, before[key])]),
  );
}

function outputJson(file: string, value: unknown) {
  output(file, `${JSON.stringify(asBefore(value, committedJson.get(file)), null, 2)}\n`);
}

const SELLER = {
  legal_name: "Müller Werkzeuge GmbH",
  trading_name: "Müller Werkzeuge",
  address: {
    line1: "Hauptstraße 5",
    line2: "Hinterhaus",
    city: "München",
    postal_code: "80331",
    country: "DE",
  },
  vat_id: "DE123456789",
  tax_registration_id: "143/123/45678",
  company_id: "HRB 12345",
  email: "rechnung@mueller.example",
  phone: "+49 89 123456",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  account_holder: "Müller Werkzeuge GmbH",
  invoice_footer: "Geschäftsführerin: Ada Müller · Amtsgericht München HRB 12345",
  locale: "de",
  electronic_address: { scheme: "9930", id: "DE123456789" },
  payment_terms_days: 14,
};

async function ok(org: TestOrg, method: string, path: string, body?: unknown) {
  const res = await api(method, path, { token: org.owner.key, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as Record<string, any>;
}

/** A download as the client sees it: status, the headers that name the file, and the body. */
async function download(org: TestOrg, path: string) {
  const res = await api("GET", path, { token: org.owner.key });
  const bytes = new Uint8Array(await res.raw.arrayBuffer());
  const head = [
    `GET ${path}`,
    `status: ${res.status}`,
    `content-type: ${res.headers.get("Content-Type")}`,
    `content-disposition: ${res.headers.get("Content-Disposition")}`,
  ].join("\n");
  return { status: res.status, bytes, head, text: new TextDecoder().decode(bytes) };
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * SHA-256 of every object of a PDF but its Info dictionary (and the object and cross-reference
 * streams that pack it), each as its number and its exact bytes: the pages, fonts, images,
 * embedded files and XMP. The plain PDF's Info holds the moment it was rendered (pdf-lib's own
 * clock, not the invoice's), the one part of it that differs between two runs.
 */
async function objectsDigest(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const info = doc.context.trailerInfo.Info?.toString();
  const parts: Uint8Array[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (ref.toString() === info) continue;
    const type = object instanceof PDFRawStream ? object.dict.get(PDFName.of("Type")) : undefined;
    if (type === PDFName.of("ObjStm") || type === PDFName.of("XRef")) continue;
    const serialized = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(serialized, 0);
    parts.push(new TextEncoder().encode(`${ref.toString()}\n`), serialized);
  }
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return sha256(all);
}

/**
 * A PDF as text: its metadata, the digest of its objects, and every text run of every page with
 * its position, font and size, top to bottom, left to right, so a moved, restyled or reworded
 * run shows in the diff. An issued document's PDF is dated by its issue date, so its Info dates
 * and its whole file's bytes are compared too.
 */
async function pdfAsText(bytes: Uint8Array): Promise<{ text: string; pages: string }> {
  const pdf = await getDocumentProxy(bytes.slice());
  const info = (await pdf.getMetadata()).info as Record<string, unknown>;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const { width, height } = page.getViewport({ scale: 1 });
    const { items } = await page.getTextContent();
    const runs = (items as { str: string; transform: number[]; fontName: string }[])
      .filter((item) => item.str !== "")
      .map((item) => ({
        x: item.transform[4]!,
        y: item.transform[5]!,
        size: Math.hypot(item.transform[2]!, item.transform[3]!),
        // pdf.js names fonts per loaded document (g_d<n>_f<m>): keep the font, not the document.
        font: item.fontName.replace(/^g_d\d+_/, ""),
        str: item.str,
      }))
      .sort((a, b) => b.y - a.y || a.x - b.x);
    pages.push(
      [
        `--- page ${number} (${width} x ${height})`,
        ...runs.map(
          (run) =>
            `${run.y.toFixed(2).padStart(7)} ${run.x.toFixed(2).padStart(7)} ${run.font}/${run.size.toFixed(2)} ${JSON.stringify(run.str)}`,
        ),
      ].join("\n"),
    );
  }
  await pdf.destroy();
  const meta = ["Title", "Author", "Subject", "Keywords", "Creator", "Producer", "CreationDate", "ModDate"]
    .filter((key) => info[key] !== undefined && info[key] !== "")
    .map((key) => `${key}: ${String(info[key])}`);
  const head = [
    `pages: ${pdf.numPages}`,
    `PDF version: ${String(info.PDFFormatVersion)}`,
    ...meta,
    `bytes: ${bytes.length}`,
    `sha256: ${await sha256(bytes)}`,
    `sha256 of every object but the Info dictionary: ${await objectsDigest(bytes)}`,
  ];
  return { text: [...head, "", ...pages].join("\n"), pages: pages.join("\n") };
}

/** A PDF string or hex string as text (an embedded file's name). */
const pdfText = (value: unknown) =>
  value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : String(value);

/**
 * Markup as lines: a line break before each tag that follows another, and each line break of the
 * markup itself marked `↵` (so the fixture still says exactly where the markup has them).
 */
function markup(html: string): string {
  expect(html).not.toContain("↵");
  return html.replaceAll("\n", "↵\n").replace(/></g, ">\n<");
}

/** Every distinct inline style of the e-mails, in the order first seen (email-styles.txt). */
const emailStyles: string[] = [];

/**
 * The e-mail's HTML with each distinct inline style written once, in email-styles.txt, and named
 * where it is used (`style="§3"`): the same markup, without repeating 80-character styles.
 */
function emailMarkup(html: string): string {
  expect(html).not.toContain("§");
  const body = html.replace(/ style="([^"]*)"/g, (_, style: string) => {
    let index = emailStyles.indexOf(style);
    if (index < 0) index = emailStyles.push(style) - 1;
    return ` style="§${index + 1}"`;
  });
  return markup(body);
}

/**
 * The lines `after` changes in `before` (a longest-common-subsequence line diff): `<n> - line`
 * drops line n of `before`, `<n> + line` inserts before it. With `before`, it says all of `after`.
 */
function lineDiff(before: string, after: string): string {
  const a = before.split("\n");
  const b = after.split("\n");
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i]![j] =
        a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) [i, j] = [i + 1, j + 1];
    else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!))
      out.push(`${i + 1} + ${b[j++]}`);
    else out.push(`${i + 1} - ${a[i++]}`);
  }
  return out.join("\n");
}

/**
 * The hosted page with its style sheet (the same on every page, pinned once in hosted-page.css)
 * and its EPC QR code drawn as rows of modules (checked to give back the SVG's exact <rect> runs).
 */
function hostedMarkup(html: string): string {
  const style = /<style>([^<]*)<\/style>/.exec(html);
  expect(style, "the page's <style>").not.toBeNull();
  const css = style![1]!;
  if (outputs.has("hosted-page.css")) expect(css, "every page has one style sheet").toBe(hostedCss);
  else {
    hostedCss = css;
    output("hosted-page.css", `${css}\n`);
  }
  const page = html.replace(style![0], "<style>/* hosted-page.css */</style>");
  const qr = /<g fill="#000">((?:<rect [^>]*><\/rect>)*)<\/g>/.exec(page);
  if (!qr) return markup(page);
  expect(page).not.toContain("QR-MODULES");
  return markup(page.replace(qr[0], `<g fill="#000">QR-MODULES</g>`)).replace(
    "QR-MODULES",
    qrModules(qr[1]!),
  );
}

let hostedCss = "";

/** The QR code's <rect> runs as a picture (# dark, . light), one line per row. */
function qrModules(rects: string): string {
  const runs = [...rects.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="1"><\/rect>/g)].map((m) =>
    m.slice(1).map(Number),
  );
  const size = Math.max(...runs.map(([x, , width]) => x! + width!), ...runs.map(([, y]) => y! + 1));
  const rows = Array.from({ length: size }, () => Array<string>(size).fill("."));
  for (const [x, y, width] of runs) rows[y!]!.fill("#", x!, x! + width!);
  // The picture must say everything the rects do: drawn back into runs, it gives the same markup.
  const redrawn = rows
    .flatMap((row, y) =>
      [...row.join("").matchAll(/#+/g)].map(
        (m) => `<rect x="${m.index}" y="${y}" width="${m[0].length}" height="1"></rect>`,
      ),
    )
    .join("");
  expect(redrawn, "the QR code is rows of runs").toBe(rects);
  return `\n<!-- QR modules, one row per line: -->\n${rows.map((row) => row.join("")).join("\n")}\n`;
}

/** Every output of an issued document (invoice or credit note) under `name`. */
async function captureDocument(
  org: TestOrg,
  name: string,
  kind: "invoices" | "credit-notes",
  id: string,
  extra: { profiles?: boolean } = {},
) {
  cases.push(name);
  const base = `/v1/${kind}/${id}`;
  const json = await api("GET", base, { token: org.owner.key });
  expect(json.status).toBe(200);
  outputJson(`${name}.json`, json.body);

  const heads: string[] = [];
  const xml: Record<string, string> = {};
  for (const syntax of ["ubl", "cii"] as const) {
    const answer = await download(org, `${base}/einvoice?syntax=${syntax}`);
    heads.push(answer.head);
    xml[syntax] = answer.text;
    // A refusal (422) is pinned as well: its status and error body.
    output(
      `${name}.${syntax}.xml`,
      answer.status === 200 ? answer.text : `${answer.head}\n\n${answer.text}\n`,
    );
  }
  if (extra.profiles) {
    // Pinned as what it changes in the Peppol UBL, most of which it repeats.
    const en16931 = await download(org, `${base}/einvoice?syntax=ubl&profile=en16931`);
    heads.push(en16931.head);
    const diff = lineDiff(xml.ubl!, en16931.text);
    output(`${name}.ubl-en16931.diff`, `(the lines it changes in ${name}.ubl.xml)\n${diff}\n`);
  }

  const pdf = await download(org, `${base}/pdf`);
  expect(pdf.status, pdf.text.slice(0, 300)).toBe(200);
  heads.push(pdf.head);
  const printed = await pdfAsText(pdf.bytes);
  output(`${name}.pdf.txt`, `${printed.text}\n`);

  const facturx = await download(org, `${base}/pdf?format=facturx`);
  heads.push(facturx.head);
  if (facturx.status === 200) {
    const fx = await pdfAsText(facturx.bytes);
    const doc = await PDFDocument.load(facturx.bytes, { updateMetadata: false });
    // Its pages are the PDF's and its XML is the CII download: asserted here, said in the fixture.
    expect(fx.pages, `${name}: the Factur-X pages say what the PDF says`).toBe(printed.pages);
    expect(facturxXml(doc), `${name}: the embedded XML is the CII download`).toBe(xml.cii);
    const files = embeddedFiles(doc).map(
      (file) => `${pdfText(file.spec.lookup(PDFName.of("F")))} (${file.bytes.length} bytes)`,
    );
    output(
      `${name}.facturx.txt`,
      `${fx.text.slice(0, fx.text.indexOf("\n\n--- page"))}\nembedded files: ${files.join(", ")}\n` +
        `embedded factur-x.xml: the CII download, byte for byte (${name}.cii.xml)\n` +
        `pages: the same text runs as ${name}.pdf.txt\n`,
    );
  } else {
    output(`${name}.facturx.txt`, `${facturx.head}\n\n${facturx.text}\n`);
  }

  const preview = await api("GET", `${base}/email-preview`, { token: org.owner.key });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  await captureEmail(name, preview.body);

  output(`${name}.downloads.txt`, `${heads.join("\n\n")}\n`);
}

async function captureEmail(name: string, preview: Record<string, any>) {
  const { html, text, ...head } = preview;
  output(`${name}.email.txt`, `${JSON.stringify(head, null, 2)}\n\n${text}\n`);
  output(`${name}.email.html`, `${emailMarkup(html)}\n`);
}

/** The hosted page's token: the last part of `hosted_url`. */
const tokenOf = (hostedUrl: string) => hostedUrl.slice(hostedUrl.lastIndexOf("/") + 1);

/** Sends a draft, naming its ids and its page's token in the order the invoices are made. */
async function issue(org: TestOrg, invoice: Record<string, any>) {
  names.id(invoice.id);
  for (const item of invoice.items) names.id(item.id);
  const sent = await send(org, invoice.id);
  names.name(tokenOf(sent.hosted_url), "TOKEN");
  return sent;
}

async function captureHostedPage(name: string, hostedUrl: string) {
  const token = tokenOf(hostedUrl);
  const page = await api("GET", `/i/${token}`);
  expect(page.status).toBe(200);
  output(`${name}.hosted.html`, `${hostedMarkup(String(page.body))}\n`);
}

beforeAll(async () => {
  setClockForTests(() => new Date(NOW));
  const org = await createOrg({ currency: "EUR", name: "Müller Werkzeuge" });
  names.name(org.owner.email, "OWNER-EMAIL");
  names.name(org.organizationId, "ORGANIZATION");
  await ok(org, "PATCH", "/v1/organization", SELLER);

  const vat19 = await standardRate(org, 19);
  const vat7 = await standardRate(org, 7);
  const inclusive19 = await createTaxRate(org, { percentage: 19, category: "S", inclusive: true });
  const reverse = await createTaxRate(org, {
    percentage: 0,
    category: "AE",
    exemption_reason_code: "VATEX-EU-AE",
  });
  const exempt = await createTaxRate(org, {
    percentage: 0,
    category: "E",
    exemption_reason: "Steuerfreie Heilbehandlung",
    exemption_reason_code: "VATEX-EU-132-1C",
  });
  for (const rate of [vat19, vat7, inclusive19, reverse, exempt]) names.id(rate.id);
  const hours = await createProduct(org, {
    name: "Beratungsstunde",
    price: 95.5,
    currency: "EUR",
    unit_code: "HUR",
  });
  names.id((hours as { id: string }).id);

  const german = await createCustomer(org, {
    name: "Globex AG",
    email: "ap@globex.example",
    address: { line1: "Friedrichstraße 1", city: "Berlin", postal_code: "10117", country: "DE" },
    vat_id: "DE987654321",
    buyer_reference: "LEIT-4711",
    electronic_address: { scheme: "9930", id: "DE987654321" },
  });
  const english = await createCustomer(org, {
    name: "Initech Ltd",
    email: "accounts@initech.example",
    address: { line1: "2 Market Street", city: "Dublin", postal_code: "D02 X285", country: "IE" },
    vat_id: "IE6388047V",
    buyer_reference: "ACC-2026",
    electronic_address: { scheme: "9935", id: "IE6388047V" },
    locale: "en",
  });
  const french = await createCustomer(org, {
    name: "Société Générale d'Outillage SARL",
    email: "compta@sgo.example",
    address: { line1: "1 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
    vat_id: "FR40303265045",
    electronic_address: { scheme: "0009", id: "30326504500017" },
    tax_exempt: "reverse",
    locale: "fr",
  });
  const japanese = await createCustomer(org, {
    name: "Yamada Kogyo KK",
    email: "keiri@yamada.example",
    address: { line1: "1-1 Marunouchi", city: "Chiyoda-ku, Tokyo", postal_code: "100-0005", country: "JP" },
    tax_exempt: "exempt",
    locale: "en",
  });
  for (const customer of [german, english, french, japanese]) names.id(customer.id);

  // 1. Two VAT rates, line discounts by amount and by percentage, two document discounts, a
  //    product line with its unit, notes, purchase order, buyer reference, service period.
  const standard = await draft(org, {
    customer_id: german.id,
    currency: "EUR",
    due_date: "2026-03-16",
    purchase_order: "PO-2026-0815",
    buyer_reference: "LEIT-4711-99",
    service_period: { start: "2026-02-01", end: "2026-02-28" },
    payment_terms: "Zahlbar innerhalb von 14 Tagen ohne Abzug",
    notes: "Vielen Dank für Ihren Auftrag.\nBitte geben Sie bei Zahlung die Rechnungsnummer an.",
    discounts: [
      { description: "Treuerabatt", percentage: 2 },
      { description: "Gutschein", amount: 25 },
    ],
    items: [
      { product_id: hours.id, quantity: 12.5, tax_rate_id: vat19.id, discount: { percentage: 10 } },
      { description: "Workshop vor Ort", quantity: 2, unit_price: 1250, tax_rate_id: vat19.id },
      {
        description: "Fachbücher",
        quantity: 3,
        unit_price: 39.9,
        tax_rate_id: vat7.id,
        discount: { amount: 5 },
      },
      { description: "Anfahrt", quantity: 1, unit_price: 0.99, tax_rate_id: vat7.id },
    ],
  });
  outputJson("invoice-de-two-rates.created.json", standard);
  const standardSent = await issue(org, standard);

  // 2. A tax-inclusive rate in English, a document discount by amount, a partial payment.
  const gross = await draft(org, {
    customer_id: english.id,
    due_date: "2026-04-01",
    delivery_date: "2026-02-27",
    discounts: [{ description: "Early order", amount: 10 }],
    items: [
      { description: "Annual licence (gross)", quantity: 1, unit_price: 1190, tax_rate_id: inclusive19.id },
      {
        description: "Support hours",
        quantity: 2.75,
        unit_price: 59.5,
        tax_rate_id: inclusive19.id,
        discount: { percentage: "12.5" },
      },
    ],
  });
  const grossSent = await issue(org, gross);
  const payment = await ok(org, "POST", `/v1/invoices/${gross.id}/payments`, {
    amount: 500,
    received_at: "2026-03-02",
    method: "bank_transfer",
  });
  names.id(payment.id);

  // 3. Reverse charge to a French business customer, in French.
  const reverseCharge = await draft(org, {
    customer_id: french.id,
    due_date: "2026-04-01",
    purchase_order: "BC-2026-117",
    items: [
      { description: "Licence logicielle", quantity: 1, unit_price: 1200, tax_rate_id: reverse.id },
      {
        description: "Formation",
        quantity: 3,
        unit_price: 450,
        tax_rate_id: reverse.id,
        discount: { amount: 50 },
      },
    ],
  });
  const reverseSent = await issue(org, reverseCharge);

  // 4. VAT-exempt, in yen (no minor unit), to a customer outside the EU.
  const yen = await draft(org, {
    customer_id: japanese.id,
    currency: "JPY",
    due_date: "2026-04-01",
    discounts: [{ description: "Volume", percentage: 3 }],
    items: [
      { description: "Therapy session", quantity: 3, unit_price: 12500, tax_rate_id: exempt.id },
      {
        description: "Assessment",
        quantity: 1,
        unit_price: 8999,
        tax_rate_id: exempt.id,
        discount: { percentage: 15 },
      },
    ],
  });
  const yenSent = await issue(org, yen);

  // 5. Credit notes: two lines of the first invoice (by quantity and by amount), and an amount of
  //    the second.
  const byLines = await ok(org, "POST", "/v1/credit-notes", {
    invoice_id: standard.id,
    reason: "Zwei Stunden zu viel berechnet; Bücher beschädigt",
    lines: [
      { invoice_item_id: standard.items[0].id, quantity: 2 },
      { invoice_item_id: standard.items[2].id, amount: 20 },
    ],
  });
  const byAmount = await ok(org, "POST", "/v1/credit-notes", {
    invoice_id: gross.id,
    reason: "Goodwill",
    amount: 119,
    refund_method: "bank_transfer",
    refund_reference: "REF-77",
  });
  for (const note of [byLines, byAmount]) {
    names.id(note.id);
    for (const item of note.items) names.id(item.id);
  }

  // 6. A quote with two rates and discounts, sent.
  const quote = await ok(org, "POST", "/v1/quotes", {
    customer_id: german.id,
    expires_at: "2026-04-01",
    notes: "Angebot gültig bis 1. April 2026.",
    discounts: [{ description: "Projektrabatt", percentage: 5 }],
    items: [
      { product_id: hours.id, quantity: 40, tax_rate_id: vat19.id },
      { description: "Handbuch", quantity: 1, unit_price: 49, tax_rate_id: vat7.id, discount: { amount: 4 } },
    ],
  });
  names.id(quote.id);
  for (const item of quote.items) names.id(item.id);

  // The outputs, in a fixed order.
  const invoices: [string, Record<string, any>, { profiles?: boolean }][] = [
    ["invoice-de-two-rates", standardSent, { profiles: true }],
    ["invoice-en-inclusive", grossSent, {}],
    ["invoice-fr-reverse-charge", reverseSent, {}],
    ["invoice-jpy-exempt", yenSent, {}],
  ];
  for (const [name, invoice, extra] of invoices) {
    await captureDocument(org, name, "invoices", invoice.id, extra);
    await captureHostedPage(name, invoice.hosted_url);
  }
  for (const [name, note] of [
    ["credit-note-de-lines", byLines],
    ["credit-note-en-amount", byAmount],
  ] as const) {
    await captureDocument(org, name, "credit-notes", note.id);
  }
  cases.push("quote-de");
  const sentQuote = await ok(org, "POST", `/v1/quotes/${quote.id}/send`);
  outputJson("quote-de.json", sentQuote);
  await captureEmail("quote-de", await ok(org, "GET", `/v1/quotes/${quote.id}/email-preview`));
  output("email-styles.txt", `${emailStyles.map((style, index) => `§${index + 1} = ${style}`).join("\n")}\n`);
}, 120_000);

afterAll(() => setClockForTests());

const CASES = [
  "invoice-de-two-rates",
  "invoice-en-inclusive",
  "invoice-fr-reverse-charge",
  "invoice-jpy-exempt",
  "credit-note-de-lines",
  "credit-note-en-amount",
  "quote-de",
];

/** The fixtures that belong to no one document. */
const SHARED = ["hosted-page.css", "email-styles.txt"];

describe("golden outputs of requests that use only today's fields", () => {
  it.each(SHARED)("%s (shared by the pages or the e-mails) matches its fixture", async (file) => {
    expect(outputs.has(file)).toBe(true);
    await expect(outputs.get(file), file).toMatchFileSnapshot(`${FIXTURES}/${file}`);
  });

  it.each(CASES)("%s: every output matches its fixture", async (name) => {
    expect(cases).toContain(name);
    const files = [...outputs.keys()].filter((file) => file.startsWith(`${name}.`));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      await expect.soft(outputs.get(file), file).toMatchFileSnapshot(`${FIXTURES}/${file}`);
    }
  });

  it("writes no fixture for a document it does not know, and leaves none on disk unwritten", () => {
    expect(cases).toEqual(CASES);
    const known = (file: string) =>
      SHARED.includes(file) || CASES.some((name) => file.startsWith(`${name}.`));
    expect([...outputs.keys()].filter((file) => !known(file))).toEqual([]);
    expect(
      onDisk.filter((file) => !outputs.has(file)),
      "stale fixtures: delete them",
    ).toEqual([]);
  });
});

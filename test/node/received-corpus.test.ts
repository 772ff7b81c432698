// The received-document reader (src/document/received/) over every official example kept in
// test/einvoice-examples/ (CEN/TC 434 UBL and CII, the KoSIT XRechnung test suite, FeRD's
// ZUGFeRD/Factur-X XMLs) and the service's own golden outputs (test/fixtures/golden/*.ubl.xml,
// *.cii.xml): what it reads must equal an independent reading of the same file
// (test/node/examples/semantic.ts, fast-xml-parser): totals BT-106..BT-115, the VAT breakdown, every
// line (BT-131 and the rest), the parties' names and identifiers, the references. Then the round
// trip: each document read is written again by the outgoing writers (src/render/einvoice/ubl.ts,
// cii.ts) and read back to the same EN 16931 view, and CII files of every source embedded in a PDF (Factur-X, with
// and without object streams) read as the XML alone.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { AFRelationship, PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { EDocument, EProfile } from "../../src/document/einvoice";
import { type ReceivedDocument, readEInvoice } from "../../src/document/received";
import { renderCii } from "../../src/render/einvoice/cii";
import { renderUbl } from "../../src/render/einvoice/ubl";
import { EXAMPLES_DIR, examplePaths } from "./examples/catalog";
import { decimal, readDocument, type SemanticDocument } from "./examples/semantic";

const GOLDEN_DIR = resolve(import.meta.dirname, "../fixtures/golden");
const goldenPaths = readdirSync(GOLDEN_DIR)
  // A golden "XML" that holds the API's refusal (a document not ready in that syntax) is no document.
  .filter(
    (name) => /\.(ubl|cii)\.xml$/.test(name) && readFileSync(join(GOLDEN_DIR, name), "utf8").startsWith("<"),
  )
  .sort();

/** Every file read: the official examples, then the golden outputs. */
const CORPUS: { name: string; path: string }[] = [
  ...examplePaths().map((path) => ({ name: path, path: join(EXAMPLES_DIR, path) })),
  ...goldenPaths.map((name) => ({ name: `golden/${name}`, path: join(GOLDEN_DIR, name) })),
];

const bytesOf = (path: string) => new Uint8Array(readFileSync(path));
const read = (path: string) => readEInvoice(bytesOf(path), "xml");

const amount = (value: string | null | undefined) => decimal(value ?? null);
const zeroIfAbsent = (value: string | null) => amount(value) ?? "0";
const oneLine = (value: string | null) => value?.replace(/\s+/g, " ") ?? null;

/** The terms both readings state, in the independent reading's shape. */
function termsOfReceived(doc: ReceivedDocument, syntax: "ubl" | "cii") {
  const party = (p: ReceivedDocument["seller"]) => ({
    name: oneLine(p.name) || null,
    vatId: p.vatId,
    taxRegistrationId: p.taxRegistrationId,
    legalId: p.companyId ? { id: p.companyId, scheme: p.companyIdScheme } : null,
    identifiers: p.identifiers.map((i) => ({ id: i.id, scheme: i.scheme })),
    endpoint: p.endpoint ? { id: p.endpoint.id, scheme: p.endpoint.scheme || null } : null,
    country: p.address.country || null,
    hasAddressLine: p.address.line1 !== null,
    city: p.address.city,
    postalCode: p.address.postalCode,
  });
  const adjustment = (
    a: ReceivedDocument["lines"][number]["allowances"][number] & {
      tax?: { category: string | null; percent: string | null };
    },
    charge: boolean,
  ) => ({
    charge,
    amount: amount(a.amount) ?? "",
    base: amount(a.base),
    percentage: amount(a.percent),
    reason: a.reason,
    reasonCode: a.reasonCode,
    category: a.tax?.category ?? null,
    rate: amount(a.tax?.percent),
  });
  const adjustments = (
    allowances: Parameters<typeof adjustment>[0][],
    charges: Parameters<typeof adjustment>[0][],
  ) => [...allowances.map((a) => adjustment(a, false)), ...charges.map((c) => adjustment(c, true))];
  const inOrder = <T extends { charge: boolean }>(list: T[]) =>
    [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    customization: doc.customizationId,
    typeCode: doc.typeCode || null,
    number: doc.number || null,
    issueDate: doc.issueDate || null,
    currency: doc.currency || null,
    taxCurrency: doc.taxCurrency?.code ?? null,
    buyerReference: doc.buyerReference,
    purchaseOrder: doc.purchaseOrder,
    preceding: doc.preceding,
    period: doc.period,
    deliveryDate: doc.deliveryDate,
    seller: party(doc.seller),
    buyer: party(doc.buyer),
    payee: doc.payee
      ? {
          name: oneLine(doc.payee.name),
          identifiers: doc.payee.identifier ? [doc.payee.identifier] : [],
          legalId: doc.payee.companyId
            ? { id: doc.payee.companyId, scheme: doc.payee.companyIdScheme }
            : null,
        }
      : null,
    taxRepresentative: doc.taxRepresentative
      ? {
          name: oneLine(doc.taxRepresentative.name),
          vatId: doc.taxRepresentative.vatId || null,
          line1: doc.taxRepresentative.address.line1,
          city: doc.taxRepresentative.address.city,
          postalCode: doc.taxRepresentative.address.postalCode,
          country: doc.taxRepresentative.address.country || null,
        }
      : null,
    allowances: inOrder(adjustments(doc.allowances, doc.charges)),
    totals: {
      lineTotal: amount(doc.totals.lineExtension),
      allowanceTotal: zeroIfAbsent(doc.totals.allowanceTotal),
      chargeTotal: zeroIfAbsent(doc.totals.chargeTotal),
      taxExclusive: amount(doc.totals.taxExclusive),
      taxTotal: amount(doc.totals.taxTotal),
      taxTotalInTaxCurrency: amount(doc.taxCurrency?.taxTotal),
      taxInclusive: amount(doc.totals.taxInclusive),
      prepaid: zeroIfAbsent(doc.totals.prepaid),
      rounding: zeroIfAbsent(doc.totals.rounding),
      payable: amount(doc.totals.payable),
    },
    breakdown: doc.subtotals.map((s) => ({
      category: s.tax.category ?? "",
      rate: amount(s.tax.percent),
      taxable: amount(s.taxable) ?? "",
      tax: amount(s.amount) ?? "",
      exemptionReason: s.exemptionReason,
      exemptionReasonCode: s.exemptionCode,
    })),
    lines: doc.lines.map((l) => ({
      id: l.id,
      name: l.name || null,
      quantity: amount(l.quantity) ?? "",
      unitCode: l.unitCode || null,
      net: amount(l.net) ?? "",
      price: amount(l.price) ?? "",
      baseQuantity: amount(l.baseQuantity),
      grossPrice: amount(l.grossPrice),
      priceDiscount: amount(l.priceDiscount),
      category: l.tax.category,
      rate: amount(l.tax.percent),
      allowances: inOrder(adjustments(l.allowances, l.charges)),
      period: l.period,
      subLines: syntax === "ubl" ? l.subLines.length : 0,
    })),
    hasPaymentMeans: doc.paymentMeans !== null,
    iban: doc.paymentMeans?.iban ?? null,
  };
}

/** An empty element states nothing: "" as null, and an identifier without its id as none. */
function blankAsAbsent(value: unknown): unknown {
  if (value === "") return null;
  if (Array.isArray(value)) return value.map(blankAsAbsent);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, blankAsAbsent(item)] as const);
  const keys = entries.map(([key]) => key).sort();
  if (keys.join() === "id,scheme" && entries.find(([key]) => key === "id")?.[1] === null) return null;
  return Object.fromEntries(entries);
}

/** The same terms of the independent reading. */
function termsOfSemantic(doc: SemanticDocument) {
  const inOrder = <T extends { charge: boolean }>(list: T[]) =>
    [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const { hasPayee, hasTaxRepresentative, ibans, kind, syntax, ...rest } = doc;
  void hasPayee;
  void hasTaxRepresentative;
  void kind;
  void syntax;
  return {
    ...rest,
    allowances: inOrder(doc.allowances),
    lines: doc.lines.map((l) => ({ ...l, allowances: inOrder(l.allowances), subLines: l.subLines.length })),
    iban: ibans[0] || null,
  };
}

describe("reading every official example and golden output", () => {
  it("finds the corpus", () => {
    expect(examplePaths().length).toBeGreaterThanOrEqual(140);
    expect(goldenPaths.length).toBeGreaterThanOrEqual(10);
  });

  it.each(CORPUS)("$name reads as the independent reading does", ({ path }) => {
    const received = read(path);
    const independent = readDocument(readFileSync(path, "utf8"));
    expect(received.syntax).toBe(independent.syntax);
    expect(received.container).toBe("xml");
    expect(Buffer.from(received.xml).equals(readFileSync(path))).toBe(true);
    if (independent.syntax === "ubl") expect(received.document.kind).toBe(independent.kind);
    expect(blankAsAbsent(termsOfReceived(received.document, received.syntax))).toEqual(
      blankAsAbsent(termsOfSemantic(independent)),
    );
  });
});

/**
 * The outgoing view of a document read (what the writers take): its first note and payment
 * means, a term not stated as the writers' empty or zero. Read through it on both sides of the
 * round trip, so each comparison is of what the writer states.
 */
function outgoingView(doc: ReceivedDocument): EDocument {
  type Category = EDocument["lines"][number]["tax"]["category"];
  const tax = (t: { category: string | null; percent: string | null }) => ({
    category: t.category as Category,
    percent: t.percent,
  });
  const period = (p: { start: string | null; end: string | null } | null) =>
    p ? { start: p.start ?? "", end: p.end ?? "" } : null;
  type SubLine = ReceivedDocument["lines"][number]["subLines"][number];
  const subLine = (s: SubLine): EDocument["lines"][number]["subLines"][number] => ({
    ...s,
    tax: tax(s.tax),
    subLines: s.subLines.map(subLine),
  });
  const { notes, customizationId, profileId, paymentMeans, totals, taxCurrency, ...rest } = doc;
  void customizationId;
  void profileId;
  return {
    ...rest,
    note: notes[0]?.text ?? null,
    noteSubjectCode: notes[0]?.subjectCode ?? null,
    taxCurrency: taxCurrency ? { code: taxCurrency.code, taxTotal: taxCurrency.taxTotal ?? "0" } : null,
    period: period(doc.period),
    lines: doc.lines.map((l) => ({
      ...l,
      tax: tax(l.tax),
      period: period(l.period),
      subLines: l.subLines.map(subLine),
    })),
    allowances: doc.allowances.map((a) => ({ ...a, tax: tax(a.tax) })),
    charges: doc.charges.map((a) => ({ ...a, tax: tax(a.tax) })),
    subtotals: doc.subtotals.map((s) => ({ ...s, tax: tax(s.tax) })),
    totals: {
      lineExtension: totals.lineExtension ?? "0",
      allowanceTotal: totals.allowanceTotal ?? "0",
      chargeTotal: totals.chargeTotal,
      taxExclusive: totals.taxExclusive ?? "0",
      taxTotal: totals.taxTotal ?? "0",
      taxInclusive: totals.taxInclusive ?? "0",
      prepaid: totals.prepaid ?? "0",
      rounding: totals.rounding ?? "0",
      payable: totals.payable ?? "0",
    },
    paymentMeans: paymentMeans
      ? { ...paymentMeans, code: paymentMeans.code as NonNullable<EDocument["paymentMeans"]>["code"] }
      : null,
  };
}

/** The profile a document read declares, as the writers name it. */
function profileOf(doc: ReceivedDocument): EProfile {
  const id = doc.customizationId ?? "";
  if (id.includes("xrechnung") || doc.lines.some((l) => l.subLines.length > 0)) return "xrechnung";
  return id.includes("peppol") ? "peppol" : "en16931";
}

/** What a writer states of `view`: the terms its syntax has no place for, or writes only with others, as it writes them. */
function statedBy(view: EDocument, syntax: "ubl" | "cii"): EDocument {
  const means = view.paymentMeans;
  return {
    ...view,
    // A UBL CreditNote states no due date; the writer gives it none.
    dueDate: syntax === "ubl" && view.kind === "credit_note" ? null : view.dueDate,
    // The CII schema holds one preceding invoice.
    preceding: syntax === "cii" ? view.preceding.slice(0, 1) : view.preceding,
    // The writers state the remittance reference and the account's name (UBL: its BIC too) with an account only.
    paymentMeans: means
      ? {
          ...means,
          reference: means.iban ? means.reference : null,
          accountName: means.iban ? means.accountName : null,
          bic: syntax === "ubl" && !means.iban ? null : means.bic,
        }
      : null,
    seller: syntax === "cii" ? schemeLastIdentifiers(view.seller) : view.seller,
    buyer: syntax === "cii" ? schemeLastIdentifiers(view.buyer) : view.buyer,
    lines: view.lines.map((line) => ({
      ...line,
      // A price discount is written with its gross price (UBL: zero when none is given).
      priceDiscount: !line.grossPrice
        ? null
        : syntax === "ubl" && !line.priceDiscount
          ? "0"
          : line.priceDiscount,
      subLines: syntax === "cii" ? [] : line.subLines,
    })),
  };
}

/** The CII schema lists the identifiers without a scheme (ram:ID) before those with one (ram:GlobalID). */
const schemeLastIdentifiers = (party: EDocument["seller"]) => ({
  ...party,
  identifiers: [...party.identifiers.filter((i) => !i.scheme), ...party.identifiers.filter((i) => i.scheme)],
});

const encode = (text: string) => new TextEncoder().encode(text);

describe("the round trip through the outgoing writers", () => {
  it.each(CORPUS)("$name, written again as UBL and CII, reads back to the same view", ({ path }) => {
    const view = outgoingView(read(path).document);
    const profile = profileOf(read(path).document);
    const ubl = readEInvoice(encode(renderUbl(view, profile)), "xml");
    expect(ubl.syntax).toBe("ubl");
    expect(outgoingView(ubl.document)).toEqual(statedBy(view, "ubl"));
    const cii = readEInvoice(
      encode(renderCii(view, profile === "xrechnung" ? "xrechnung" : "en16931")),
      "xml",
    );
    expect(cii.syntax).toBe("cii");
    expect(outgoingView(cii.document)).toEqual(statedBy(view, "cii"));
  });
});

/** A PDF carrying `files` as associated files, as the Factur-X writer embeds its XML. */
async function pdfCarrying(files: { name: string; bytes: Uint8Array }[], useObjectStreams: boolean) {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText("Invoice");
  for (const file of files) {
    await pdf.attach(file.bytes, file.name, {
      mimeType: file.name.endsWith(".xml") ? "text/xml" : "text/plain",
      afRelationship: AFRelationship.Alternative,
    });
  }
  return pdf.save({ useObjectStreams });
}

const sourceOf = (name: string) => name.split("/")[0]!;
const CII_FILES = CORPUS.filter(({ path }) => read(path).syntax === "cii")
  .map((file) => ({ ...file, size: statSync(file.path).size }))
  .sort((a, b) => a.size - b.size);

/**
 * The CII files a PDF carries below: how a PDF holds a file does not depend on what the XML says,
 * so not all of them (each is two PDFs written and read, about 50 ms): by size, the smallest, the
 * largest and every eighth between, and the smallest of any source those leave out.
 */
const CII_SAMPLE = CII_FILES.filter((_, i, all) => i % 8 === 0 || i === all.length - 1);
for (const file of CII_FILES) {
  if (!CII_SAMPLE.some(({ name }) => sourceOf(name) === sourceOf(file.name))) CII_SAMPLE.push(file);
}

describe("Factur-X: the invoice XML a PDF carries", () => {
  it("samples CII files of every source", () => {
    const sources = (files: { name: string }[]) =>
      [...new Set(files.map(({ name }) => sourceOf(name)))].sort();
    expect(CII_SAMPLE.length).toBeGreaterThanOrEqual(10);
    expect(sources(CII_SAMPLE)).toEqual(sources(CII_FILES));
  });

  it.each(CII_SAMPLE)("$name embedded as factur-x.xml reads as the XML alone", async ({ path }) => {
    const xml = bytesOf(path);
    const alone = readEInvoice(xml, "xml");
    for (const useObjectStreams of [true, false]) {
      const pdf = await pdfCarrying(
        [
          { name: "readme.txt", bytes: encode("Not the invoice") },
          { name: "factur-x.xml", bytes: xml },
        ],
        useObjectStreams,
      );
      const received = readEInvoice(pdf, "pdf");
      expect(received.container).toBe("pdf");
      expect(received.filename).toBe("factur-x.xml");
      expect(Buffer.from(received.xml).equals(Buffer.from(xml))).toBe(true);
      expect(received.document).toEqual(alone.document);
    }
  });

  it("finds an invoice XML under another name, after files that are not one", async () => {
    const ubl = bytesOf(join(EXAMPLES_DIR, examplePaths().find((p) => p.includes("/ubl/"))!));
    const pdf = await pdfCarrying(
      [
        { name: "terms.xml", bytes: encode("<terms>Pay in 30 days</terms>") },
        { name: "notes.txt", bytes: encode("hello") },
        { name: "rechnung.xml", bytes: ubl },
      ],
      true,
    );
    const received = readEInvoice(pdf, "pdf");
    expect(received).toMatchObject({ syntax: "ubl", container: "pdf", filename: "rechnung.xml" });
    expect(received.document).toEqual(readEInvoice(ubl, "xml").document);
  });
});

// GET /v1/invoices/{id}/pdf?format=facturx (and credit notes): the invoice PDF as PDF/A-3b with
// its CII embedded as factur-x.xml. Read back with pdf-lib's object model: the embedded file and
// its relationship, the XMP (PDF/A identification, Factur-X extension schema and properties),
// the sRGB output intent, embedded fonts, Info/XMP agreement, the trailer id. (The embedded XML
// is validated against EN 16931 in test/node/einvoice-validation.test.ts.)
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer } from "../helpers/factories";
import { embeddedFiles, facturxXml, pageFonts, xmpPacket } from "../helpers/facturx";
import { draft, post, send, standardRate } from "./billing/helpers";

const SELLER = {
  legal_name: "Müller & Søn GmbH",
  address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
  vat_id: "DE123456789",
  email: "billing@mueller.example",
  phone: "+49 30 1234567",
  iban: "DE89370400440532013000",
  electronic_address: { scheme: "9930", id: "DE123456789" },
};

async function readyInvoice() {
  const org = await createOrg({ currency: "EUR" });
  const patched = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, {
    name: "Ørsted Łódź Ελλάς",
    buyer_reference: "REF-1",
    electronic_address: { scheme: "0060", id: "123456789" },
  });
  const created = await draft(org, {
    customer_id: customer.id,
    items: [
      { description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id },
      { description: "Schulung", quantity: 1, unit_price: 50.5, tax_rate_id: rate.id },
    ],
  });
  const invoice = await send(org, created.id);
  return { org, rate, invoice };
}

async function facturx(org: TestOrg, path: string) {
  const res = await api("GET", `${path}/pdf?format=facturx`, { token: org.owner.key });
  expect(res.status, String(res.body).slice(0, 300)).toBe(200);
  const bytes = new Uint8Array(await res.raw.arrayBuffer());
  return { res, bytes, doc: await PDFDocument.load(bytes, { updateMetadata: false }) };
}

describe("Factur-X PDF", () => {
  it("embeds the invoice's CII as factur-x.xml, an associated file with relationship Alternative", async () => {
    const { org, invoice } = await readyInvoice();
    const { res, bytes, doc } = await facturx(org, `/v1/invoices/${invoice.id}`);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(
      `inline; filename="${invoice.number}.pdf"; filename*=UTF-8''${invoice.number}.pdf`,
    );
    expect(new TextDecoder().decode(bytes.subarray(0, 8))).toBe("%PDF-1.7");

    const cii = await api("GET", `/v1/invoices/${invoice.id}/einvoice?syntax=cii`, { token: org.owner.key });
    expect(facturxXml(doc)).toBe(cii.body);

    const [file, ...others] = embeddedFiles(doc);
    expect(others).toEqual([]);
    expect(file!.spec.lookup(PDFName.of("AFRelationship"))).toBe(PDFName.of("Alternative"));
    expect(file!.spec.has(PDFName.of("UF"))).toBe(true);
    expect(file!.stream.dict.lookup(PDFName.of("Subtype"))).toBe(PDFName.of("text/xml"));
    const params = file!.stream.dict.lookup(PDFName.of("Params"), PDFDict);
    expect(params.has(PDFName.of("ModDate"))).toBe(true);
    // The catalog's /AF lists the same file specification.
    const af = doc.catalog.lookup(PDFName.of("AF"), PDFArray);
    expect(af.size()).toBe(1);
    expect(af.lookup(0, PDFDict)).toBe(file!.spec);
  });

  it("declares PDF/A-3B and Factur-X EN 16931 in uncompressed XMP that matches the Info dictionary", async () => {
    const { org, invoice } = await readyInvoice();
    const { doc } = await facturx(org, `/v1/invoices/${invoice.id}`);
    const { text: xmp, filtered } = xmpPacket(doc);
    expect(filtered).toBe(false);
    expect(xmp.startsWith('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>')).toBe(true);
    expect(xmp.trimEnd().endsWith('<?xpacket end="w"?>')).toBe(true);
    for (const fragment of [
      "<pdfaid:part>3</pdfaid:part>",
      "<pdfaid:conformance>B</pdfaid:conformance>",
      "<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>",
      "<pdfaSchema:prefix>fx</pdfaSchema:prefix>",
      "<pdfaProperty:name>ConformanceLevel</pdfaProperty:name>",
      "<fx:DocumentType>INVOICE</fx:DocumentType>",
      "<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>",
      "<fx:Version>1.0</fx:Version>",
      "<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>",
      `<rdf:li xml:lang="x-default">Invoice ${invoice.number}</rdf:li>`,
      "<rdf:li>Müller &amp; Søn GmbH</rdf:li>",
      "<pdf:Producer>invoicing-api (pdf-lib)</pdf:Producer>",
      "<xmp:CreatorTool>invoicing-api</xmp:CreatorTool>",
    ]) {
      expect(xmp).toContain(fragment);
    }
    // Info and XMP name the same title, author, producer and instant.
    expect(doc.getTitle()).toBe(`Invoice ${invoice.number}`);
    expect(doc.getAuthor()).toBe("Müller & Søn GmbH");
    expect(doc.getProducer()).toBe("invoicing-api (pdf-lib)");
    const created = doc.getCreationDate()!;
    expect(doc.getModificationDate()!.getTime()).toBe(created.getTime());
    expect(xmp).toContain(`<xmp:CreateDate>${created.toISOString().slice(0, 19)}Z</xmp:CreateDate>`);
    expect(created.toISOString().slice(0, 10)).toBe(invoice.issue_date);
  });

  it("carries an sRGB output intent, embedded fonts, a file id, and the same extractable text", async () => {
    const { org, invoice } = await readyInvoice();
    const { bytes, doc } = await facturx(org, `/v1/invoices/${invoice.id}`);
    const intents = doc.catalog.lookup(PDFName.of("OutputIntents"), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = intents.lookup(0, PDFDict);
    expect(intent.lookup(PDFName.of("S"))).toBe(PDFName.of("GTS_PDFA1"));
    const profile = intent.lookup(PDFName.of("DestOutputProfile"), PDFStream);
    expect(profile.dict.lookup(PDFName.of("N"))?.toString()).toBe("3");

    const fonts = pageFonts(doc);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => !font.embedded)).toEqual([]);
    expect(doc.context.trailerInfo.ID).toBeDefined();

    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    for (const part of [invoice.number, "Ørsted Łódź Ελλάς", "Beratung", "Schulung", "Müller & Søn GmbH"]) {
      expect(text).toContain(part);
    }
  });

  it("renders the same bytes twice", async () => {
    const { org, invoice } = await readyInvoice();
    const first = await facturx(org, `/v1/invoices/${invoice.id}`);
    const second = await facturx(org, `/v1/invoices/${invoice.id}`);
    expect(second.bytes).toEqual(first.bytes);
  });

  it("does the same for a credit note (type 381)", async () => {
    const { org, invoice } = await readyInvoice();
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Goodwill",
      amount: 10,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const { doc } = await facturx(org, `/v1/credit-notes/${note.body.id}`);
    const xml = facturxXml(doc);
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(xmpPacket(doc).text).toContain(`Credit note ${note.body.number}`);
  });

  it("refuses a draft (409) and an invoice EN 16931 cannot describe (422 naming the fields)", async () => {
    const { org, rate } = await readyInvoice();
    const customer = await createCustomer(org, {});
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Work", quantity: 1, unit_price: 10, tax_rate_id: rate.id }],
    });
    expectError(
      await api("GET", `/v1/invoices/${created.id}/pdf?format=facturx`, { token: org.owner.key }),
      409,
      "conflict",
    );
    // The plain PDF of the same draft still renders.
    expect((await api("GET", `/v1/invoices/${created.id}/pdf`, { token: org.owner.key })).status).toBe(200);

    const bare = await createOrg({ currency: "EUR" });
    const bareRate = await standardRate(bare, 19);
    const bareCustomer = await createCustomer(bare, {});
    const sent = await send(
      bare,
      (
        await draft(bare, {
          customer_id: bareCustomer.id,
          items: [{ description: "Work", quantity: 1, unit_price: 10, tax_rate_id: bareRate.id }],
        })
      ).id,
    );
    const res = await api("GET", `/v1/invoices/${sent.id}/pdf?format=facturx`, { token: bare.owner.key });
    expectError(res, 422, "validation_error");
    // The Factur-X embeds the CII: it names what the CII lacks (not the UBL's Peppol endpoints).
    expect(sent.einvoice.syntaxes.cii.ready).toBe(false);
    expect(Object.keys(res.body.error.details)).toEqual(sent.einvoice.syntaxes.cii.missing);
    expect(sent.einvoice.syntaxes.ubl.missing).toEqual(
      expect.arrayContaining(["organization.electronic_address", "customer.electronic_address"]),
    );
    expect(sent.einvoice.syntaxes.cii.missing).not.toContain("customer.electronic_address");
  });

  it("answers ?format=pdf like no format and refuses an unknown format", async () => {
    const { org, invoice } = await readyInvoice();
    const plain = await api("GET", `/v1/invoices/${invoice.id}/pdf?format=pdf`, { token: org.owner.key });
    expect(plain.status).toBe(200);
    const doc = await PDFDocument.load(new Uint8Array(await plain.raw.arrayBuffer()), {
      updateMetadata: false,
    });
    expect(embeddedFiles(doc)).toEqual([]);
    const bad = await api("GET", `/v1/invoices/${invoice.id}/pdf?format=docx`, { token: org.owner.key });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.error.details).toHaveProperty("format");
  });
});

// Reading a received e-invoice inside workerd (src/document/received/): the service's own UBL,
// CII and Factur-X read back to the same document, and every hostile input refused with the
// reason a 422 `invalid_einvoice` states: document type declarations (XXE, billion laughs, an
// external DTD), deep nesting, too many elements, another root, not well-formed XML, a PDF whose
// embedded file or object stream is a decompression bomb, a PDF carrying no invoice XML.
import { deflateSync } from "node:zlib";
import { zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { InvalidEInvoice, readEInvoice } from "../../src/document/received";
import { MAX_INFLATED_BYTES } from "../../src/document/received/pdf";
import { MAX_XML_DEPTH, MAX_XML_ELEMENTS } from "../../src/document/received/xml";
import { api } from "../helpers/api";
import { concat } from "../helpers/png";
import { draft, readyOrg, send } from "../routes/billing/helpers";

const UBL_INVOICE = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2";
const CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";

const encode = (text: string) => new TextEncoder().encode(text);

/** A UBL invoice with `body` inside its root. */
const ubl = (body: string, prolog = "") =>
  encode(
    `<?xml version="1.0" encoding="UTF-8"?>\n${prolog}<Invoice xmlns="${UBL_INVOICE}" xmlns:cbc="${CBC}">${body}</Invoice>`,
  );

/** The reason readEInvoice refuses `bytes` with. */
function refusal(bytes: Uint8Array, mediaType: "xml" | "pdf" = "xml"): string {
  try {
    readEInvoice(bytes, mediaType);
  } catch (error) {
    if (error instanceof InvalidEInvoice) return error.reason;
    throw error;
  }
  throw new Error("read, not refused");
}

/**
 * A PDF by hand: a catalog naming one embedded file `name` whose stream holds `stream` as stored
 * (with `filter`), and `extra` objects before it.
 */
function pdfWithStream(
  name: string,
  stream: Uint8Array,
  filter = "/Filter /FlateDecode",
  extra: Uint8Array = new Uint8Array(),
): Uint8Array {
  return concat([
    encode(
      `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(${name}) 3 0 R] >> >> /AF [3 0 R] >>\nendobj\n` +
        "2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
        `3 0 obj\n<< /Type /Filespec /F (${name}) /UF (${name}) /EF << /F 4 0 R >> /AFRelationship /Alternative >>\nendobj\n`,
    ),
    extra,
    encode(
      `4 0 obj\n<< /Type /EmbeddedFile /Subtype /text#2Fxml ${filter} /Length ${stream.length} >>\nstream\n`,
    ),
    stream,
    encode("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  ]);
}

let bomb: Uint8Array | undefined;
/** 64 MiB of zeros, deflated by the native zlib to some 64 KB: four times the cap. */
const zeroBomb = () => {
  bomb ??= new Uint8Array(deflateSync(new Uint8Array(64 * 1024 * 1024), { level: 9 }));
  return bomb;
};

describe("readEInvoice: the service's own documents", () => {
  it("reads the UBL, the CII and the Factur-X of an issued invoice to the amounts it states", async () => {
    const { org, rate, customer } = await readyOrg();
    const created = await draft(org, {
      customer_id: customer,
      items: [
        { description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate },
        { description: "Reise", quantity: 1, unit_price: 45.5, tax_rate_id: rate },
      ],
    });
    const sent = await send(org, created.id);
    const download = async (path: string) => {
      const res = await api("GET", `/v1/invoices/${created.id}/${path}`, { token: org.owner.key });
      expect(res.status).toBe(200);
      return new Uint8Array(await res.raw.arrayBuffer());
    };
    const ublXml = await download("einvoice?syntax=ubl");
    const ciiXml = await download("einvoice?syntax=cii");
    const pdf = await download("pdf?format=facturx");

    const fromUbl = readEInvoice(ublXml, "xml");
    const fromCii = readEInvoice(ciiXml, "xml");
    const fromPdf = readEInvoice(pdf, "pdf");
    expect(fromUbl).toMatchObject({ syntax: "ubl", container: "xml", filename: null });
    expect(fromPdf).toMatchObject({ syntax: "cii", container: "pdf", filename: "factur-x.xml" });
    // The embedded XML is kept byte for byte: the CII download.
    expect(fromPdf.xml).toEqual(ciiXml);
    expect(fromPdf.document).toEqual(fromCii.document);
    for (const { document } of [fromUbl, fromCii]) {
      expect(document.number).toBe(sent.number);
      expect(document.lines.map((l) => l.net)).toEqual(["200.00", "45.50"]);
      expect(document.totals).toMatchObject({
        lineExtension: "245.50",
        taxExclusive: "245.50",
        taxTotal: "46.65",
        taxInclusive: "292.15",
        payable: "292.15",
      });
      expect(document.subtotals).toEqual([
        expect.objectContaining({
          tax: { category: "S", percent: "19" },
          taxable: "245.50",
          amount: "46.65",
        }),
      ]);
      expect(document.seller).toMatchObject({
        vatId: "DE123456789",
        endpoint: { scheme: "9930", id: "DE123456789" },
      });
      expect(document.buyer.endpoint).toEqual({ scheme: "0060", id: "123456789" });
      expect(document.buyerReference).toBe("REF-1");
      expect(document.paymentMeans).toMatchObject({ code: "58", iban: "DE89370400440532013000" });
    }
    expect(sent.total).toBe(292.15);
  });
});

describe("readEInvoice: hostile and foreign input is refused with its reason", () => {
  it("refuses an external entity (XXE)", () => {
    const xxe = ubl(
      "<cbc:ID>&xxe;</cbc:ID>",
      '<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n',
    );
    expect(refusal(xxe)).toMatch(/document type declaration/);
  });

  it("refuses the billion laughs", () => {
    const entities = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join("");
    const laughs = ubl("<cbc:ID>&lol9;</cbc:ID>", `<!DOCTYPE Invoice [<!ENTITY lol0 "lol">${entities}]>\n`);
    expect(refusal(laughs)).toMatch(/document type declaration/);
  });

  it("refuses an external DTD", () => {
    expect(
      refusal(ubl("<cbc:ID>1</cbc:ID>", '<!DOCTYPE Invoice SYSTEM "http://attacker.example/x.dtd">\n')),
    ).toMatch(/document type declaration/);
  });

  it("refuses an entity the XML does not define, even without a DTD", () => {
    expect(refusal(ubl("<cbc:ID>&undefined;</cbc:ID>"))).toMatch(/not well-formed/);
  });

  it(`refuses elements nested deeper than ${MAX_XML_DEPTH} levels`, () => {
    const deep = `${"<cbc:Note>".repeat(MAX_XML_DEPTH)}x${"</cbc:Note>".repeat(MAX_XML_DEPTH)}`;
    expect(refusal(ubl(deep))).toMatch(new RegExp(`nested deeper than ${MAX_XML_DEPTH}`));
    // Just within the limit it reads.
    const within = MAX_XML_DEPTH - 1;
    expect(() =>
      readEInvoice(ubl(`${"<x>".repeat(within - 1)}${"</x>".repeat(within - 1)}`), "xml"),
    ).not.toThrow();
  });

  it(`refuses more than ${MAX_XML_ELEMENTS} elements`, () => {
    expect(refusal(ubl("<cbc:Note/>".repeat(MAX_XML_ELEMENTS)))).toMatch(/more than \d+ elements/);
  });

  it("refuses a root that is not an invoice, matched by namespace and not by prefix", () => {
    expect(refusal(encode('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>'))).toMatch(
      /root <Order> .* is not a UBL 2.1 Invoice/,
    );
    expect(refusal(encode("<Invoice><ID>1</ID></Invoice>"))).toMatch(/root <Invoice> in no namespace/);
    expect(refusal(encode('<ubl:Invoice xmlns:ubl="urn:example:not-ubl"/>'))).toMatch(
      /not a UBL 2.1 Invoice/,
    );
    // Any prefix of the right namespace is the invoice.
    const prefixed = `<x:Invoice xmlns:x="${UBL_INVOICE}" xmlns:b="${CBC}"><b:ID>7</b:ID></x:Invoice>`;
    expect(readEInvoice(encode(prefixed), "xml").document.number).toBe("7");
  });

  it("refuses XML that is not well-formed, or not text", () => {
    expect(refusal(encode(`<Invoice xmlns="${UBL_INVOICE}"><ID>1</Invoice>`))).toMatch(/not well-formed/);
    expect(refusal(encode(""))).toMatch(/not well-formed|no root/);
    expect(refusal(new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]))).toMatch(
      /not valid utf-8/,
    );
    expect(refusal(encode(`<Invoice xmlns="${UBL_INVOICE}"><p:ID>1</p:ID></Invoice>`))).toMatch(
      /not well-formed/,
    );
  });

  it("reads the encoding the XML declares, and never fetches what it references", () => {
    // "Müller" in ISO-8859-1: ü is the single byte 0xFC.
    const latin1 = new Uint8Array([
      ...encode(
        `<?xml version="1.0" encoding="ISO-8859-1"?><Invoice xmlns="${UBL_INVOICE}" xmlns:cbc="${CBC}"><cbc:Note>M`,
      ),
      0xfc,
      ...encode("ller</cbc:Note></Invoice>"),
    ]);
    expect(readEInvoice(latin1, "xml").document.notes).toEqual([{ subjectCode: null, text: "Müller" }]);
    // An XInclude or a schema location is an element or attribute like any other: ignored.
    const referencing = ubl(
      '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="http://attacker.example/x.xml"/><cbc:ID>5</cbc:ID>',
    );
    expect(readEInvoice(referencing, "xml").document.number).toBe("5");
  });

  it("refuses a PDF whose embedded file is a decompression bomb, at the cap", () => {
    const bomb = zeroBomb();
    expect(bomb.length).toBeLessThan(256 * 1024);
    expect(refusal(pdfWithStream("factur-x.xml", bomb), "pdf")).toMatch(
      new RegExp(`inflates to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MiB`),
    );
  });

  it("refuses a PDF whose object stream is a decompression bomb", () => {
    const bomb = zeroBomb();
    const head = encode(
      `5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`,
    );
    const objectStream = concat([head, bomb, encode("\nendstream\nendobj\n")]);
    const pdf = pdfWithStream(
      "factur-x.xml",
      zlibSync(ubl("<cbc:ID>1</cbc:ID>")),
      "/Filter /FlateDecode",
      objectStream,
    );
    expect(refusal(pdf, "pdf")).toMatch(/an object stream inflates to more than/);
  });

  it("refuses a PDF without an invoice XML, and a file that is no PDF", () => {
    expect(refusal(pdfWithStream("notes.txt", encode("hello"), ""), "pdf")).toMatch(
      /no file the PDF carries is an invoice XML/,
    );
    const bare = encode(
      "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    );
    expect(refusal(bare, "pdf")).toMatch(/carries no embedded file/);
    expect(refusal(ubl("<cbc:ID>1</cbc:ID>"), "pdf")).toMatch(/not a PDF/);
    // A factur-x.xml that is not an invoice is the answer, whatever else the PDF carries.
    expect(refusal(pdfWithStream("factur-x.xml", encode("<Order/>"), ""), "pdf")).toMatch(/root <Order>/);
  });

  it("refuses a hostile XML embedded in a PDF as it refuses it alone", () => {
    const xxe = ubl(
      "<cbc:ID>&xxe;</cbc:ID>",
      '<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n',
    );
    expect(refusal(pdfWithStream("factur-x.xml", zlibSync(xxe)), "pdf")).toMatch(/document type declaration/);
  });

  it("reads an uncompressed or deflated embedded invoice from a hand-made PDF", () => {
    const xml = ubl("<cbc:ID>INV-9</cbc:ID><cbc:IssueDate>2026-01-31</cbc:IssueDate>");
    for (const pdf of [
      pdfWithStream("factur-x.xml", xml, ""),
      pdfWithStream("factur-x.xml", zlibSync(xml)),
    ]) {
      const received = readEInvoice(pdf, "pdf");
      expect(received.document).toMatchObject({ number: "INV-9", issueDate: "2026-01-31" });
      expect(received.xml).toEqual(xml);
    }
  });
});

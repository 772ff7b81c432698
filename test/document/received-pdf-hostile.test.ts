// A received PDF built so that a reader going over the same bytes again and again would spend
// seconds of CPU and megabytes of heap on a file of some kilobytes: each is read, or refused with a
// reason, after one pass over its bytes.
import { zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { InvalidEInvoice, readEInvoice } from "../../src/document/received";
import { concat } from "../helpers/png";

const encode = (text: string) => new TextEncoder().encode(text);

const FILESPEC = "<< /Type /Filespec /F (factur-x.xml) /EF << /F 4 0 R >> >>";

const INVOICE = encode(
  '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ' +
    'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>H-1</cbc:ID></Invoice>',
);

/**
 * A PDF whose catalog names the file specification 3 0 R for factur-x.xml (stream 4), with `body`
 * before the stream and `tail` after the end of the file.
 */
function pdf(body: Uint8Array, tail: Uint8Array = new Uint8Array()): Uint8Array {
  const xml = zlibSync(INVOICE);
  return concat([
    encode(
      "%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Names << /EmbeddedFiles << /Names [(factur-x.xml) 3 0 R] >> >> /AF [3 0 R] >>\nendobj\n",
    ),
    body,
    encode(`\n4 0 obj\n<< /Type /EmbeddedFile /Filter /FlateDecode /Length ${xml.length} >>\nstream\n`),
    xml,
    encode("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
    tail,
  ]);
}

/** The file specification as an object of the file. */
const filespec = (before = "") => encode(`${before}3 0 obj\n${FILESPEC}\nendobj\n`);

/** An object stream (object 5) holding the file specification 3 and `extra` (number, offset) pairs into `tail`. */
function objectStream(extra: [number, number][], tail: string): Uint8Array {
  const header = [[3, 0] as const, ...extra.map(([n, offset]) => [n, FILESPEC.length + 1 + offset] as const)]
    .map(([n, offset]) => `${n} ${offset}`)
    .join(" ");
  const data = zlibSync(encode(`${header}\n${FILESPEC}\n${tail}`));
  const first = header.length + 1;
  return concat([
    encode(
      `5 0 obj\n<< /Type /ObjStm /N ${extra.length + 1} /First ${first} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    ),
    data,
    encode("\nendstream\nendobj\n"),
  ]);
}

function refusal(bytes: Uint8Array): string {
  try {
    readEInvoice(bytes, "pdf");
  } catch (error) {
    if (error instanceof InvalidEInvoice) return error.reason;
    throw error;
  }
  throw new Error("read, not refused");
}

describe("a hostile received PDF", () => {
  it("reads an object stream whose objects all start at one 200,000-number array, reading the array once", () => {
    const array = `[${"0 ".repeat(200_000)}]`;
    const numbers = Array.from({ length: 400 }, (_, i): [number, number] => [10 + i, 0]);
    const bytes = pdf(objectStream(numbers, array));
    expect(bytes.length).toBeLessThan(8192);
    const received = readEInvoice(bytes, "pdf");
    expect(received).toMatchObject({ container: "pdf", filename: "factur-x.xml" });
    expect(received.document.number).toBe("H-1");
  });

  it("reads each object of an object stream only up to the next object's offset", () => {
    // Offsets at each opening bracket of a nested array: each object would span all the rest.
    const nested = `${"[".repeat(30)}${"0 ".repeat(50_000)}${"]".repeat(30)}`;
    const numbers = Array.from({ length: 30 }, (_, i): [number, number] => [10 + i, i]);
    expect(readEInvoice(pdf(objectStream(numbers, nested)), "pdf").document.number).toBe("H-1");
  });

  it("refuses objects repeating an unterminated hex string, after reading the file a few times", () => {
    const junk = encode("1 0 obj <".repeat(40_000));
    expect(refusal(pdf(filespec(), junk))).toMatch(/the PDF's objects make its bytes be read over and over/);
  });

  it("refuses objects repeating an unterminated literal string, after reading the file a few times", () => {
    const junk = encode("1 0 obj (".repeat(12_000));
    expect(refusal(pdf(filespec(), junk))).toMatch(/the PDF's objects make its bytes be read over and over/);
  });

  it("reads a PDF with an unterminated string after its end", () => {
    const junk = encode("9 0 obj (an unterminated string <and hex string\n");
    expect(readEInvoice(pdf(filespec(), junk), "pdf").document.number).toBe("H-1");
  });
});

// The files a PDF carries (Factur-X / ZUGFeRD 2.x: the invoice XML embedded as an associated
// file): its objects are read in file order (the last definition of an object wins, as after an
// incremental update), object streams included, without trusting the cross-reference table; each
// file specification (/Filespec, /EF) names an embedded file stream. Streams are inflated with
// fflate a slice at a time under a cap, so a decompression bomb is refused at the cap, not after
// it is inflated.
import { Unzlib } from "fflate";
import { InvalidEInvoice } from "./types";

/** The most bytes an embedded file or an object stream may inflate to. */
export const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

/** The most bytes all the streams a PDF is read for may inflate to together. */
const MAX_INFLATED_TOTAL = 48 * 1024 * 1024;

/** Compressed bytes pushed at once: deflate inflates at most some 1,032 times, so ~1 MiB out a push. */
const INFLATE_SLICE = 1024;

/** How deep arrays and dictionaries may nest in an object. */
const MAX_NESTING = 32;

/** The objects a PDF may define (its own and those in object streams). */
const MAX_OBJECTS = 500_000;

type PdfValue =
  | null
  | boolean
  | number
  | { name: string }
  | { str: string }
  | { ref: number }
  | PdfValue[]
  | { dict: Record<string, PdfValue> };

interface PdfObject {
  value: PdfValue;
  /** The stream's bytes as stored (still filtered), for a stream object. */
  stream: Uint8Array | null;
}

export interface EmbeddedFile {
  /** The file name (/UF, else /F); null for an embedded file stream no specification names. */
  filename: string | null;
  /** The file's bytes, inflated under the cap. */
  bytes: () => Uint8Array;
}

const isDict = (value: PdfValue | undefined): value is { dict: Record<string, PdfValue> } =>
  typeof value === "object" && value !== null && "dict" in value;
const nameOf = (value: PdfValue | undefined) =>
  typeof value === "object" && value !== null && "name" in value ? value.name : null;

/** Bytes as a string of the same length, one character a byte (PDF syntax is bytes). */
function binaryString(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += 8192) {
    parts.push(String.fromCharCode(...bytes.subarray(at, at + 8192)));
  }
  return parts.join("");
}

const WHITE = /[\0\t\n\f\r ]/;
const DELIMITER = /[\0\t\n\f\r ()<>[\]{}/%]/;

/** A reader of PDF values from `text` (bytes as characters), starting at `at`. */
class Lexer {
  constructor(
    readonly text: string,
    public at: number,
  ) {}

  skipWhite() {
    const text = this.text;
    while (this.at < text.length) {
      const c = text[this.at]!;
      if (c === "%") {
        while (this.at < text.length && text[this.at] !== "\n" && text[this.at] !== "\r") this.at++;
      } else if (WHITE.test(c)) this.at++;
      else break;
    }
  }

  private token(): string {
    const start = this.at;
    while (this.at < this.text.length && !DELIMITER.test(this.text[this.at]!)) this.at++;
    return this.text.slice(start, this.at);
  }

  value(depth = 0): PdfValue {
    if (depth > MAX_NESTING) throw new Error("nested too deep");
    this.skipWhite();
    const text = this.text;
    const c = text[this.at];
    if (c === undefined) throw new Error("unexpected end");
    if (c === "/") {
      this.at++;
      return {
        name: this.token().replace(/#([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      };
    }
    if (c === "<" && text[this.at + 1] === "<") {
      this.at += 2;
      const dict: Record<string, PdfValue> = {};
      for (;;) {
        this.skipWhite();
        if (text.startsWith(">>", this.at)) {
          this.at += 2;
          return { dict };
        }
        const key = this.value(depth + 1);
        const name = nameOf(key);
        if (name === null) throw new Error("a dictionary key is not a name");
        dict[name] = this.value(depth + 1);
      }
    }
    if (c === "<") {
      const end = text.indexOf(">", this.at);
      if (end < 0) throw new Error("unterminated hex string");
      const hex = text.slice(this.at + 1, end).replace(/[^0-9A-Fa-f]/g, "");
      this.at = end + 1;
      let str = "";
      for (let i = 0; i < hex.length; i += 2)
        str += String.fromCharCode(parseInt(hex.slice(i, i + 2).padEnd(2, "0"), 16));
      return { str };
    }
    if (c === "(") return { str: this.literalString() };
    if (c === "[") {
      this.at++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhite();
        if (text[this.at] === "]") {
          this.at++;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    const word = this.token();
    if (word === "") throw new Error(`unexpected ${JSON.stringify(c)}`);
    if (word === "true" || word === "false") return word === "true";
    if (word === "null") return null;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return null;
    // `n g R`: a reference.
    if (/^\d+$/.test(word)) {
      const match = /^[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+R(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/.exec(
        text.slice(this.at, this.at + 32),
      );
      if (match) {
        this.at += match[0].length;
        return { ref: Number(word) };
      }
    }
    return Number(word);
  }

  private literalString(): string {
    const text = this.text;
    let depth = 0;
    let out = "";
    this.at++;
    while (this.at < text.length) {
      const c = text[this.at++]!;
      if (c === "\\") {
        const next = text[this.at++] ?? "";
        const escaped: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
        if (escaped[next]) out += escaped[next];
        else if (/[0-7]/.test(next)) {
          let octal = next;
          while (octal.length < 3 && /[0-7]/.test(text[this.at] ?? "")) octal += text[this.at++];
          out += String.fromCharCode(parseInt(octal, 8) & 0xff);
        } else if (next === "\r") {
          if (text[this.at] === "\n") this.at++;
        } else if (next !== "\n") out += next;
      } else if (c === "(") {
        depth++;
        out += c;
      } else if (c === ")") {
        if (depth-- === 0) return out;
        out += c;
      } else out += c;
    }
    throw new Error("unterminated string");
  }
}

/** The inflater of a PDF's streams, sharing one budget of inflated bytes. */
class Inflater {
  private spent = 0;

  inflate(data: Uint8Array, what: string): Uint8Array {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const unzlib = new Unzlib((chunk) => {
      size += chunk.length;
      this.spent += chunk.length;
      if (size > MAX_INFLATED_BYTES || this.spent > MAX_INFLATED_TOTAL) {
        throw new InvalidEInvoice(
          `${what} inflates to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MiB (a decompression bomb?)`,
        );
      }
      chunks.push(chunk);
    });
    for (let at = 0; at < data.length; at += INFLATE_SLICE) {
      unzlib.push(data.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= data.length);
    }
    const out = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  /** A stream's bytes, undone of its filters: none or FlateDecode (the filters of an embedded file). */
  decode(object: PdfObject, what: string): Uint8Array {
    if (!object.stream || !isDict(object.value)) throw new Error("not a stream");
    const filter = object.value.dict.Filter;
    const filters = (Array.isArray(filter) ? filter : filter === undefined ? [] : [filter]).map(nameOf);
    let bytes = object.stream;
    for (const name of filters) {
      if (name !== "FlateDecode" && name !== "Fl") throw new Error(`filter ${name} is not read`);
      try {
        bytes = this.inflate(bytes, what);
      } catch (error) {
        if (error instanceof InvalidEInvoice) throw error;
        throw new Error(`${what} is not a valid deflate stream`);
      }
    }
    return bytes;
  }
}

/** Every object the PDF defines, by number: the last definition in the file wins. */
function readObjects(bytes: Uint8Array, text: string, inflater: Inflater): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const header = /(\d+)[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+obj\b/g;
  const objectStreams: PdfObject[] = [];
  for (let match = header.exec(text); match; match = header.exec(text)) {
    if (objects.size >= MAX_OBJECTS)
      throw new InvalidEInvoice(`the PDF defines more than ${MAX_OBJECTS} objects`);
    const lexer = new Lexer(text, match.index + match[0].length);
    let value: PdfValue;
    try {
      value = lexer.value();
    } catch {
      continue;
    }
    let stream: Uint8Array | null = null;
    lexer.skipWhite();
    if (isDict(value) && text.startsWith("stream", lexer.at)) {
      let start = lexer.at + "stream".length;
      if (text[start] === "\r") start++;
      if (text[start] === "\n") start++;
      const length = value.dict.Length;
      let end = typeof length === "number" && length >= 0 ? start + length : -1;
      // A /Length by reference, or one that does not end at `endstream`: the data runs to the keyword.
      if (end < 0 || end > text.length || !/^[\r\n]*endstream/.test(text.slice(end, end + 20))) {
        end = text.indexOf("endstream", start);
        if (end < 0) end = text.length;
        if (text[end - 1] === "\n") end--;
        if (text[end - 1] === "\r") end--;
      }
      stream = bytes.subarray(start, Math.max(start, end));
      header.lastIndex = Math.max(end, header.lastIndex);
    }
    const object = { value, stream };
    objects.set(Number(match[1]), object);
    if (isDict(value) && nameOf(value.dict.Type) === "ObjStm") objectStreams.push(object);
  }
  for (const objectStream of objectStreams) {
    let decoded: Uint8Array;
    try {
      decoded = inflater.decode(objectStream, "an object stream");
    } catch (error) {
      if (error instanceof InvalidEInvoice) throw error;
      continue;
    }
    const dict = (objectStream.value as { dict: Record<string, PdfValue> }).dict;
    const count = typeof dict.N === "number" ? dict.N : 0;
    const first = typeof dict.First === "number" ? dict.First : 0;
    const inner = binaryString(decoded);
    const lexer = new Lexer(inner, 0);
    try {
      const pairs: number[] = [];
      for (let i = 0; i < count * 2; i++) pairs.push(lexer.value() as number);
      for (let i = 0; i < count; i++) {
        const number = pairs[2 * i];
        const offset = pairs[2 * i + 1];
        if (typeof number !== "number" || typeof offset !== "number") break;
        // An object the file defines directly keeps that definition.
        if (objects.has(number)) continue;
        if (objects.size >= MAX_OBJECTS)
          throw new InvalidEInvoice(`the PDF defines more than ${MAX_OBJECTS} objects`);
        objects.set(number, { value: new Lexer(inner, first + offset).value(), stream: null });
      }
    } catch (error) {
      if (error instanceof InvalidEInvoice) throw error;
    }
  }
  return objects;
}

/** A PDF text string (a file name): UTF-16BE with its byte order mark, else PDFDocEncoding read as Latin-1. */
function textString(value: PdfValue | undefined): string | null {
  if (typeof value !== "object" || value === null || !("str" in value)) return null;
  const raw = value.str;
  if (raw.startsWith("\xFE\xFF")) {
    let out = "";
    for (let i = 2; i + 1 < raw.length; i += 2)
      out += String.fromCharCode((raw.charCodeAt(i) << 8) | raw.charCodeAt(i + 1));
    return out;
  }
  return raw;
}

/** The files embedded in `pdf`, in file order; throws InvalidEInvoice for a file that is not a PDF. */
export function embeddedFiles(pdf: Uint8Array): EmbeddedFile[] {
  const head = binaryString(pdf.subarray(0, 1024));
  if (!head.includes("%PDF-")) throw new InvalidEInvoice("not a PDF (no %PDF- header)");
  const text = binaryString(pdf);
  const inflater = new Inflater();
  const objects = readObjects(pdf, text, inflater);
  const resolve = (value: PdfValue | undefined, hops = 0): PdfValue | undefined =>
    typeof value === "object" && value !== null && "ref" in value && hops < 8
      ? resolve(objects.get(value.ref)?.value, hops + 1)
      : value;
  const streamOf = (value: PdfValue | undefined) =>
    typeof value === "object" && value !== null && "ref" in value ? objects.get(value.ref) : undefined;

  const files: EmbeddedFile[] = [];
  const named = new Set<PdfObject>();
  const fileOf = (stream: PdfObject, filename: string | null): EmbeddedFile => ({
    filename,
    bytes: () => {
      try {
        return inflater.decode(stream, `the embedded file ${filename ?? ""}`.trim());
      } catch (error) {
        if (error instanceof InvalidEInvoice) throw error;
        return new Uint8Array();
      }
    },
  });
  for (const object of objects.values()) {
    if (!isDict(object.value) || object.stream) continue;
    const dict = object.value.dict;
    const embedded = resolve(dict.EF);
    if (!isDict(embedded)) continue;
    const stream = streamOf(embedded.dict.UF) ?? streamOf(embedded.dict.F);
    if (!stream?.stream || named.has(stream)) continue;
    named.add(stream);
    files.push(fileOf(stream, textString(resolve(dict.UF)) ?? textString(resolve(dict.F))));
  }
  for (const object of objects.values()) {
    if (
      object.stream &&
      isDict(object.value) &&
      nameOf(object.value.dict.Type) === "EmbeddedFile" &&
      !named.has(object)
    ) {
      files.push(fileOf(object, null));
    }
  }
  return files;
}

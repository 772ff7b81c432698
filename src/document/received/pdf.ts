// The files a PDF carries (Factur-X / ZUGFeRD 2.x: the invoice XML embedded as an associated
// file): its objects are read in file order (the last definition of an object wins, as after an
// incremental update), object streams included, without trusting the cross-reference table; each
// file specification (/EF) names an embedded file stream. The bytes are read as bytes (no copy of
// the file as text) and a stream's data is stepped over, not scanned. Streams are inflated with
// fflate a slice at a time under a cap, so a decompression bomb is refused at the cap, not after
// it is inflated.
import { Unzlib } from "fflate";
import { InvalidEInvoice } from "./types";

/** The most bytes an embedded file may inflate to. */
export const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

/** The most bytes an object stream (objects, not data: some kilobytes in practice) may inflate to. */
const MAX_OBJECT_STREAM_BYTES = 4 * 1024 * 1024;

/** The most bytes all the streams a PDF is read for may inflate to together. */
const MAX_INFLATED_TOTAL = 40 * 1024 * 1024;

/** Compressed bytes pushed at once: deflate inflates at most some 1,032 times, so ~1 MiB out a push. */
const INFLATE_SLICE = 1024;

/** How deep arrays and dictionaries may nest in an object. */
const MAX_NESTING = 32;

/** The objects a PDF may define (its own and those in object streams). */
const MAX_OBJECTS = 500_000;

/**
 * The bytes the values of a PDF may span beyond its own bytes and its object streams' (each read
 * once): room for a few malformed objects read again from a later header, not for a file built to
 * make every object be read to its end.
 */
const REREAD_ALLOWANCE = 1024 * 1024;

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

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const KEYWORD = {
  obj: ascii("obj"),
  stream: ascii("stream"),
  endstream: ascii("endstream"),
  endobj: ascii("endobj"),
  pdf: ascii("%PDF-"),
};

/** PDF white space: NUL, tab, line feed, form feed, carriage return, space. */
const isWhite = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const DELIMITERS = new Uint8Array(256);
for (const byte of ascii("\0\t\n\f\r ()<>[]{}/%")) DELIMITERS[byte] = 1;
/** White space or a delimiter ( ) < > [ ] { } / %; the end of the bytes too. */
const isDelimiter = (byte: number | undefined) => byte === undefined || DELIMITERS[byte] === 1;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/** Where `pattern` next occurs in `bytes` from `from`; -1 when it does not. */
function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  const first = pattern[0]!;
  for (let at = bytes.indexOf(first, from); at >= 0; at = bytes.indexOf(first, at + 1)) {
    let i = 1;
    while (i < pattern.length && bytes[at + i] === pattern[i]) i++;
    if (i === pattern.length) return at;
  }
  return -1;
}

const startsWith = (bytes: Uint8Array, pattern: Uint8Array, at: number) =>
  pattern.every((byte, i) => bytes[at + i] === byte);

const textOf = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, start + 4096)));

/**
 * The bytes read as values from one PDF: its own bytes and its object streams' are each read once,
 * so a file whose objects make the reader go over the same bytes again and again is refused here
 * rather than read in time quadratic in its size.
 */
class ReadBudget {
  private left = REREAD_ALLOWANCE;

  /** `bytes` more bytes that a well-formed file reads once (the file, a decoded object stream). */
  allow(bytes: number) {
    this.left += bytes;
  }

  /** Spends the bytes `lexer` read since `from`; refuses the PDF once they exceed the budget. */
  spend(lexer: Lexer, from: number) {
    this.left -= lexer.at - from;
    if (this.left < 0)
      throw new InvalidEInvoice(
        "the PDF's objects make its bytes be read over and over (unterminated strings or overlapping objects)",
      );
  }
}

/** A reader of PDF values from `bytes`, starting at `at`. */
class Lexer {
  constructor(
    readonly bytes: Uint8Array,
    public at: number,
  ) {}

  skipWhite() {
    const bytes = this.bytes;
    while (this.at < bytes.length) {
      const byte = bytes[this.at];
      if (byte === 0x25 /* % */) {
        while (this.at < bytes.length && bytes[this.at] !== 0x0a && bytes[this.at] !== 0x0d) this.at++;
      } else if (isWhite(byte)) this.at++;
      else break;
    }
  }

  private token(): string {
    const start = this.at;
    while (this.at < this.bytes.length && !isDelimiter(this.bytes[this.at])) this.at++;
    return textOf(this.bytes, start, this.at);
  }

  value(depth = 0): PdfValue {
    if (depth > MAX_NESTING) throw new Error("nested too deep");
    this.skipWhite();
    const bytes = this.bytes;
    const byte = bytes[this.at];
    if (byte === undefined) throw new Error("unexpected end");
    if (byte === 0x2f /* / */) {
      this.at++;
      return {
        name: this.token().replace(/#([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      };
    }
    if (byte === 0x3c /* < */ && bytes[this.at + 1] === 0x3c) {
      this.at += 2;
      const dict: Record<string, PdfValue> = {};
      for (;;) {
        this.skipWhite();
        if (bytes[this.at] === 0x3e && bytes[this.at + 1] === 0x3e) {
          this.at += 2;
          return { dict };
        }
        const name = nameOf(this.value(depth + 1));
        if (name === null) throw new Error("a dictionary key is not a name");
        dict[name] = this.value(depth + 1);
      }
    }
    if (byte === 0x3c) {
      const end = bytes.indexOf(0x3e, this.at);
      if (end < 0) {
        this.at = bytes.length;
        throw new Error("unterminated hex string");
      }
      const hex = textOf(bytes, this.at + 1, end).replace(/[^0-9A-Fa-f]/g, "");
      this.at = end + 1;
      let str = "";
      for (let i = 0; i < hex.length; i += 2)
        str += String.fromCharCode(parseInt(hex.slice(i, i + 2).padEnd(2, "0"), 16));
      return { str };
    }
    if (byte === 0x28 /* ( */) return { str: this.literalString() };
    if (byte === 0x5b /* [ */) {
      this.at++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhite();
        if (bytes[this.at] === 0x5d /* ] */) {
          this.at++;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    const number = this.integer();
    if (number !== null) return this.reference() ? { ref: number } : number;
    const word = this.token();
    if (word === "") throw new Error(`unexpected byte ${byte}`);
    if (word === "true" || word === "false") return word === "true";
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return null;
    if (/^\d+$/.test(word) && this.reference()) return { ref: Number(word) };
    return Number(word);
  }

  /** An unsigned integer of at most 15 digits ending at a delimiter, consumed when it is one; else null. */
  private integer(): number | null {
    const bytes = this.bytes;
    let at = this.at;
    let number = 0;
    while (isDigit(bytes[at]) && at - this.at < 15) number = number * 10 + bytes[at++]! - 0x30;
    if (at === this.at || !isDelimiter(bytes[at])) return null;
    this.at = at;
    return number;
  }

  /** After an object number: ` <generation> R`, consumed when it is there. */
  private reference(): boolean {
    const bytes = this.bytes;
    let at = this.at;
    if (!isWhite(bytes[at])) return false;
    while (isWhite(bytes[at])) at++;
    if (!isDigit(bytes[at])) return false;
    while (isDigit(bytes[at])) at++;
    if (!isWhite(bytes[at])) return false;
    while (isWhite(bytes[at])) at++;
    if (bytes[at] !== 0x52 /* R */ || !isDelimiter(bytes[at + 1])) return false;
    this.at = at + 1;
    return true;
  }

  /** Where the literal string opening at `at` closes (its `)`); throws, at the end of the bytes, when it does not. */
  private literalStringEnd(): number {
    const bytes = this.bytes;
    let depth = 0;
    for (let at = this.at + 1; at < bytes.length; at++) {
      const byte = bytes[at];
      if (byte === 0x5c /* \ */) at++;
      else if (byte === 0x28 /* ( */) depth++;
      else if (byte === 0x29 /* ) */ && depth-- === 0) return at;
    }
    this.at = bytes.length;
    throw new Error("unterminated string");
  }

  private literalString(): string {
    const bytes = this.bytes;
    const escaped: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
    const end = this.literalStringEnd();
    let out = "";
    this.at++;
    while (this.at < end) {
      const c = String.fromCharCode(bytes[this.at++]!);
      if (c === "\\") {
        const next = String.fromCharCode(bytes[this.at++] ?? 0);
        if (escaped[next]) out += escaped[next];
        else if (/[0-7]/.test(next)) {
          let octal = next;
          while (octal.length < 3 && isDigit(bytes[this.at]) && bytes[this.at]! < 0x38)
            octal += String.fromCharCode(bytes[this.at++]!);
          out += String.fromCharCode(parseInt(octal, 8) & 0xff);
        } else if (next === "\r") {
          if (bytes[this.at] === 0x0a) this.at++;
        } else if (next !== "\n") out += next;
      } else out += c;
    }
    this.at = end + 1;
    return out;
  }
}

/** The inflater of a PDF's streams, sharing one budget of inflated bytes. */
class Inflater {
  private spent = 0;

  private inflate(data: Uint8Array, what: string, cap: number): Uint8Array {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const unzlib = new Unzlib((chunk) => {
      size += chunk.length;
      this.spent += chunk.length;
      if (size > cap || this.spent > MAX_INFLATED_TOTAL) {
        throw new InvalidEInvoice(
          `${what} inflates to more than ${Math.min(cap, MAX_INFLATED_TOTAL) / 1024 / 1024} MiB (a decompression bomb?)`,
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
  decode(object: PdfObject, what: string, cap = MAX_INFLATED_BYTES): Uint8Array {
    if (!object.stream || !isDict(object.value)) throw new Error("not a stream");
    const filter = object.value.dict.Filter;
    const filters = (Array.isArray(filter) ? filter : filter === undefined ? [] : [filter]).map(nameOf);
    let bytes = object.stream;
    for (const name of filters) {
      if (name !== "FlateDecode" && name !== "Fl") throw new Error(`filter ${name} is not read`);
      try {
        bytes = this.inflate(bytes, what, cap);
      } catch (error) {
        if (error instanceof InvalidEInvoice) throw error;
        throw new Error(`${what} is not a valid deflate stream`);
      }
    }
    return bytes;
  }
}

/** The object number of the header `<number> <generation> obj` whose keyword is at `objAt`; null when it is no header. */
function objectNumberBefore(bytes: Uint8Array, objAt: number): number | null {
  let at = objAt - 1;
  if (!isWhite(bytes[at])) return null;
  while (isWhite(bytes[at])) at--;
  if (!isDigit(bytes[at])) return null;
  while (isDigit(bytes[at])) at--;
  if (!isWhite(bytes[at])) return null;
  while (isWhite(bytes[at])) at--;
  const end = at + 1;
  while (isDigit(bytes[at])) at--;
  if (at + 1 === end || (at >= 0 && !isDelimiter(bytes[at]))) return null;
  return Number(textOf(bytes, at + 1, end));
}

/** The data of the stream whose dictionary `dict` ends before `at` (at `stream`), and where it ends. */
function streamAt(bytes: Uint8Array, dict: Record<string, PdfValue>, at: number) {
  let start = at + KEYWORD.stream.length;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  const length = dict.Length;
  let end = typeof length === "number" && length >= 0 ? start + length : -1;
  const endsAtKeyword = (from: number) => {
    let i = from;
    while (bytes[i] === 0x0d || bytes[i] === 0x0a || bytes[i] === 0x20) i++;
    return startsWith(bytes, KEYWORD.endstream, i);
  };
  // A /Length by reference, or one that does not end at `endstream`: the data runs to the keyword.
  if (end < 0 || end > bytes.length || !endsAtKeyword(end)) {
    end = indexOfBytes(bytes, KEYWORD.endstream, start);
    if (end < 0) end = bytes.length;
    if (bytes[end - 1] === 0x0a) end--;
    if (bytes[end - 1] === 0x0d) end--;
  }
  return { data: bytes.subarray(start, Math.max(start, end)), end: Math.max(start, end) };
}

/**
 * The objects an object stream holds, by number, each read from its offset up to the next object's:
 * the header's pairs are read from the header alone (bytes before /First), an offset shared by
 * several numbers is read once, and no byte is read for two objects.
 */
function objectStreamObjects(decoded: Uint8Array, dict: Record<string, PdfValue>, budget: ReadBudget) {
  const count = typeof dict.N === "number" && dict.N > 0 ? dict.N : 0;
  const first = typeof dict.First === "number" && dict.First >= 0 ? Math.min(dict.First, decoded.length) : 0;
  const header = new Lexer(decoded.subarray(0, first), 0);
  const pairs: [number, number][] = [];
  try {
    for (let i = 0; i < count; i++) {
      const number = header.value();
      const offset = header.value();
      if (typeof number !== "number" || typeof offset !== "number" || offset < 0) break;
      pairs.push([number, first + offset]);
    }
  } catch {
    // A header with fewer pairs than /N: the pairs it has.
  }
  budget.spend(header, 0);
  const starts = [...new Set(pairs.map(([, start]) => start))].sort((a, b) => a - b);
  const values = new Map<number, PdfValue>();
  starts.forEach((start, i) => {
    const lexer = new Lexer(decoded.subarray(0, starts[i + 1] ?? decoded.length), start);
    try {
      values.set(start, lexer.value());
    } catch {
      // An object cut short by the next one's offset is not read.
    }
    budget.spend(lexer, start);
  });
  return pairs.flatMap(([number, start]) => {
    const value = values.get(start);
    return value === undefined ? [] : [[number, value] as const];
  });
}

/** Every object the PDF defines, by number: the last definition in the file wins. */
function readObjects(bytes: Uint8Array, inflater: Inflater): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const objectStreams: PdfObject[] = [];
  const budget = new ReadBudget();
  budget.allow(bytes.length);
  const define = (number: number, object: PdfObject) => {
    if (!objects.has(number) && objects.size >= MAX_OBJECTS)
      throw new InvalidEInvoice(`the PDF defines more than ${MAX_OBJECTS} objects`);
    objects.set(number, object);
  };
  for (let at = indexOfBytes(bytes, KEYWORD.obj, 0); at >= 0; at = indexOfBytes(bytes, KEYWORD.obj, at)) {
    const objAt = at;
    at += KEYWORD.obj.length;
    if (!isDelimiter(bytes[at])) continue;
    const number = objectNumberBefore(bytes, objAt);
    if (number === null) continue;
    const lexer = new Lexer(bytes, at);
    let value: PdfValue;
    try {
      value = lexer.value();
    } catch {
      budget.spend(lexer, at);
      continue;
    }
    budget.spend(lexer, at);
    at = lexer.at;
    lexer.skipWhite();
    let stream: Uint8Array | null = null;
    if (isDict(value) && startsWith(bytes, KEYWORD.stream, lexer.at)) {
      const read = streamAt(bytes, value.dict, lexer.at);
      stream = read.data;
      at = read.end;
    }
    const object = { value, stream };
    define(number, object);
    if (isDict(value) && nameOf(value.dict.Type) === "ObjStm") objectStreams.push(object);
  }
  for (const objectStream of objectStreams) {
    let decoded: Uint8Array;
    try {
      decoded = inflater.decode(objectStream, "an object stream", MAX_OBJECT_STREAM_BYTES);
    } catch (error) {
      if (error instanceof InvalidEInvoice) throw error;
      continue;
    }
    budget.allow(decoded.length);
    const dict = (objectStream.value as { dict: Record<string, PdfValue> }).dict;
    for (const [number, value] of objectStreamObjects(decoded, dict, budget)) {
      // An object the file defines directly keeps that definition.
      if (!objects.has(number)) define(number, { value, stream: null });
    }
  }
  return objects;
}

/** A PDF text string (a file name): UTF-16BE with its byte order mark, else PDFDocEncoding read as Latin-1. */
function textString(value: PdfValue | undefined): string | null {
  if (typeof value !== "object" || value === null || !("str" in value)) return null;
  const raw = value.str;
  if (!raw.startsWith("\xFE\xFF")) return raw;
  let out = "";
  for (let i = 2; i + 1 < raw.length; i += 2)
    out += String.fromCharCode((raw.charCodeAt(i) << 8) | raw.charCodeAt(i + 1));
  return out;
}

/** The files embedded in `pdf`, in file order; throws InvalidEInvoice for a file that is not a PDF. */
export function embeddedFiles(pdf: Uint8Array): EmbeddedFile[] {
  const header = indexOfBytes(pdf.subarray(0, 1024), KEYWORD.pdf, 0);
  if (header < 0) throw new InvalidEInvoice("not a PDF (no %PDF- header)");
  const inflater = new Inflater();
  const objects = readObjects(pdf, inflater);
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
    const type = isDict(object.value) ? nameOf(object.value.dict.Type) : null;
    if (object.stream && type === "EmbeddedFile" && !named.has(object)) files.push(fileOf(object, null));
  }
  return files;
}

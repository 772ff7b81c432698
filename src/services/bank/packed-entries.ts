// A part of a statement's entries while it is read, held outside the JS heap: their texts as
// UTF-16 code units in one typed array and their amounts in another, reused from one part to the
// next. Parsing a part allocates some 10 KB of short-lived garbage per entry; entries kept as
// objects while the rest of their part is parsed outlive young-generation collections and are
// promoted, to pile up in the old generation until a full collection (a 100,000-entry file peaked
// at over 90 MiB). Packed, an entry object lives only until the parser's next chunk, and the
// import makes a part's entries again for one step at a time (import.ts).
import type { StatementEntry } from "../../lib/bank-statement/types";

/** An entry's texts, in the order they are packed. */
const TEXT_FIELDS = [
  "bookingDate",
  "valueDate",
  "currency",
  "counterpartyName",
  "counterpartyIban",
  "remittanceInformation",
  "structuredReference",
  "endToEndId",
  "bankReference",
] as const;
const FIELDS = TEXT_FIELDS.length;
/** A null text's length. */
const NULL = -1;
/** Code units handed to String.fromCharCode at once (its arguments go on the stack). */
const DECODE_SLICE = 8192;
/** Code units kept for the next part; a part of longer texts releases its buffer once it is read. */
const KEPT_UNITS = 1 << 20;

export class PackedEntries {
  /** Each entry's texts, FIELDS of them in TEXT_FIELDS' order, at FIELDS * its place. */
  private readonly texts = new PackedTexts(1 << 16, FIELDS * 1024);
  private amounts = new Float64Array(1024);
  /** The entries held. */
  length = 0;

  push(entry: StatementEntry) {
    if (this.length === this.amounts.length) this.amounts = grown(this.amounts, this.amounts.length * 2);
    this.amounts[this.length] = entry.amountMinor;
    for (const field of TEXT_FIELDS) this.texts.push(entry[field]);
    this.length++;
  }

  /** The amount of the entry at `index`, without making the entry. */
  amountOf(index: number): number {
    checkIndex(index, this.length);
    return this.amounts[index] ?? 0;
  }

  /** The entry at `index`, as an object again (a new one at each call). */
  entry(index: number): StatementEntry {
    checkIndex(index, this.length);
    const text = (field: number) => this.texts.at(index * FIELDS + field);
    return {
      bookingDate: text(0),
      valueDate: text(1),
      amountMinor: this.amountOf(index),
      currency: text(2) ?? "",
      counterpartyName: text(3),
      counterpartyIban: text(4),
      remittanceInformation: text(5),
      structuredReference: text(6),
      endToEndId: text(7),
      bankReference: text(8),
    };
  }

  /** Empties the store for the next part. */
  clear() {
    this.length = 0;
    this.texts.clear();
  }
}

function grown<T extends Uint16Array | Int32Array | Float64Array>(array: T, size: number): T {
  const next = new (array.constructor as new (size: number) => T)(size);
  next.set(array);
  return next;
}

/** What is past `length` is an earlier part's, or nothing: reading it is a mistake. */
function checkIndex(index: number, length: number): void {
  if (!(Number.isInteger(index) && index >= 0 && index < length)) {
    throw new RangeError(`index ${index} outside the ${length} packed`);
  }
}

function decode(units: Uint16Array, from: number, length: number): string {
  if (length <= DECODE_SLICE) {
    return String.fromCharCode.apply(null, units.subarray(from, from + length) as unknown as number[]);
  }
  let text = "";
  for (let at = from; at < from + length; at += DECODE_SLICE) {
    const end = Math.min(at + DECODE_SLICE, from + length);
    text += String.fromCharCode.apply(null, units.subarray(at, end) as unknown as number[]);
  }
  return text;
}

/** Texts (or nulls) as UTF-16 code units in one typed array, by their place. */
export class PackedTexts {
  private units: Uint16Array;
  private used = 0;
  private starts: Int32Array;
  /** Each text's length in code units, or NULL. */
  private lengths: Int32Array;
  length = 0;

  constructor(
    private readonly initialUnits = 1 << 14,
    slots = 1024,
  ) {
    this.units = new Uint16Array(initialUnits);
    this.starts = new Int32Array(slots);
    this.lengths = new Int32Array(slots);
  }

  push(text: string | null) {
    if (this.length === this.starts.length) {
      this.starts = grown(this.starts, this.starts.length * 2);
      this.lengths = grown(this.lengths, this.lengths.length * 2);
    }
    this.starts[this.length] = this.used;
    this.lengths[this.length] = text === null ? NULL : text.length;
    this.length++;
    if (text === null) return;
    if (this.used + text.length > this.units.length) {
      this.units = grown(this.units, Math.max(this.units.length * 2, this.used + text.length));
    }
    const { units } = this;
    let to = this.used;
    for (let i = 0; i < text.length; i++) units[to++] = text.charCodeAt(i);
    this.used = to;
  }

  at(index: number): string | null {
    checkIndex(index, this.length);
    const length = this.lengths[index] ?? NULL;
    return length === NULL ? null : decode(this.units, this.starts[index] ?? 0, length);
  }

  /** Empties the store; a buffer grown past KEPT_UNITS is released. */
  clear() {
    this.length = 0;
    this.used = 0;
    if (this.units.length > KEPT_UNITS) this.units = new Uint16Array(this.initialUnits);
  }
}

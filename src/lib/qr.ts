// A QR code encoder for the codes the documents draw (the EPC QR code): byte mode, error
// correction level M, the smallest version that holds the bytes (ISO/IEC 18004). Of the eight
// masks it takes the one with the lowest penalty as qrcode-generator 2.0.4 scores it, so a code
// is the one that library draws, module for module (test/lib/qr.test.ts compares them; the
// golden hosted pages pin one). The code is laid out once and each mask scored on a flat array:
// the mask's choice is most of the work.

/** Level M's error correction blocks per version: groups of [blocks, codewords, data codewords]. */
const BLOCKS_M: readonly (readonly number[])[] = [
  [1, 26, 16],
  [1, 44, 28],
  [1, 70, 44],
  [2, 50, 32],
  [2, 67, 43],
  [4, 43, 27],
  [4, 49, 31],
  [2, 60, 38, 2, 61, 39],
  [3, 58, 36, 2, 59, 37],
  [4, 69, 43, 1, 70, 44],
  [1, 80, 50, 4, 81, 51],
  [6, 58, 36, 2, 59, 37],
  [8, 59, 37, 1, 60, 38],
  [4, 64, 40, 5, 65, 41],
  [5, 65, 41, 5, 66, 42],
  [7, 73, 45, 3, 74, 46],
  [10, 74, 46, 1, 75, 47],
  [9, 69, 43, 4, 70, 44],
  [3, 70, 44, 11, 71, 45],
  [3, 67, 41, 13, 68, 42],
  [17, 68, 42],
  [17, 74, 46],
  [4, 75, 47, 14, 76, 48],
  [6, 73, 45, 14, 74, 46],
  [8, 75, 47, 13, 76, 48],
  [19, 74, 46, 4, 75, 47],
  [22, 73, 45, 3, 74, 46],
  [3, 73, 45, 23, 74, 46],
  [21, 73, 45, 7, 74, 46],
  [19, 75, 47, 10, 76, 48],
  [2, 74, 46, 29, 75, 47],
  [10, 74, 46, 23, 75, 47],
  [14, 74, 46, 21, 75, 47],
  [14, 74, 46, 23, 75, 47],
  [12, 75, 47, 26, 76, 48],
  [6, 75, 47, 34, 76, 48],
  [29, 74, 46, 14, 75, 47],
  [13, 74, 46, 32, 75, 47],
  [40, 75, 47, 7, 76, 48],
  [18, 75, 47, 31, 76, 48],
];

/** The centres of the alignment patterns per version, on both axes. */
const ALIGNMENT: readonly (readonly number[])[] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
  [6, 30, 54],
  [6, 32, 58],
  [6, 34, 62],
  [6, 26, 46, 66],
  [6, 26, 48, 70],
  [6, 26, 50, 74],
  [6, 30, 54, 78],
  [6, 30, 56, 82],
  [6, 30, 58, 86],
  [6, 34, 62, 90],
  [6, 28, 50, 72, 94],
  [6, 26, 50, 74, 98],
  [6, 30, 54, 78, 102],
  [6, 28, 54, 80, 106],
  [6, 32, 58, 84, 110],
  [6, 30, 58, 86, 114],
  [6, 34, 62, 90, 118],
  [6, 26, 50, 74, 98, 122],
  [6, 30, 54, 78, 102, 126],
  [6, 26, 52, 78, 104, 130],
  [6, 30, 56, 82, 108, 134],
  [6, 34, 60, 86, 112, 138],
  [6, 30, 58, 86, 114, 142],
  [6, 34, 62, 90, 118, 146],
  [6, 30, 54, 78, 102, 126, 150],
  [6, 24, 50, 76, 102, 128, 154],
  [6, 28, 54, 80, 106, 132, 158],
  [6, 32, 58, 84, 110, 136, 162],
  [6, 26, 54, 82, 110, 138, 166],
  [6, 30, 58, 86, 114, 142, 170],
];

/** GF(256) over x^8 + x^4 + x^3 + x^2 + 1: powers of the generator and their logarithms. */
const EXP = new Uint8Array(255);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++, x = x & 0x80 ? (x << 1) ^ 0x11d : x << 1) {
  EXP[i] = x;
  LOG[x] = i;
}
const multiply = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[(LOG[a]! + LOG[b]!) % 255]!);

const generators = new Map<number, Uint8Array>();

/** The generator polynomial of `length` error correction codewords, highest power first. */
function generator(length: number): Uint8Array {
  const known = generators.get(length);
  if (known) return known;
  let poly = Uint8Array.of(1);
  for (let i = 0; i < length; i++) {
    const next = new Uint8Array(poly.length + 1);
    for (let k = 0; k < next.length; k++) {
      next[k] = (k < poly.length ? poly[k]! : 0) ^ (k > 0 ? multiply(poly[k - 1]!, EXP[i]!) : 0);
    }
    poly = next;
  }
  generators.set(length, poly);
  return poly;
}

/** The Reed-Solomon codewords of one block: the remainder of data × x^length by the generator. */
function correction(data: Uint8Array, length: number): Uint8Array {
  const gen = generator(length);
  const remainder = new Uint8Array(length);
  for (const byte of data) {
    const factor = byte ^ remainder[0]!;
    remainder.copyWithin(0, 1);
    remainder[length - 1] = 0;
    for (let i = 0; i < length; i++) remainder[i]! ^= multiply(gen[i + 1]!, factor);
  }
  return remainder;
}

/** The blocks of a version: one entry per block, its codewords and data codewords. */
function blocksOf(version: number): { total: number; data: number }[] {
  const groups = BLOCKS_M[version - 1]!;
  const blocks: { total: number; data: number }[] = [];
  for (let g = 0; g < groups.length; g += 3) {
    for (let i = 0; i < groups[g]!; i++) blocks.push({ total: groups[g + 1]!, data: groups[g + 2]! });
  }
  return blocks;
}

const dataCapacity = (version: number) => blocksOf(version).reduce((sum, block) => sum + block.data, 0);
const countBits = (version: number) => (version < 10 ? 8 : 16);

/** The smallest version whose data codewords hold the byte-mode segment (40 when none does). */
function versionFor(length: number): number {
  for (let version = 1; version < 40; version++) {
    if (4 + countBits(version) + 8 * length <= dataCapacity(version) * 8) return version;
  }
  return 40;
}

/** The codewords in their order in the symbol: the data blocks interleaved, then their corrections. */
function codewords(bytes: Uint8Array, version: number): Uint8Array {
  const capacity = dataCapacity(version);
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, countBits(version));
  for (const byte of bytes) put(byte, 8);
  if (bits.length > capacity * 8) throw new RangeError(`${bytes.length} bytes do not fit a QR code`);
  if (bits.length + 4 <= capacity * 8) put(0, 4);
  while (bits.length % 8 !== 0) bits.push(0);
  for (let pad = 0; bits.length < capacity * 8; pad++) put(pad % 2 === 0 ? 0xec : 0x11, 8);

  const data = new Uint8Array(capacity);
  for (let i = 0; i < capacity; i++) {
    let byte = 0;
    for (let b = 0; b < 8; b++) byte = (byte << 1) | bits[i * 8 + b]!;
    data[i] = byte;
  }
  const blocks = blocksOf(version);
  const split: { data: Uint8Array; ec: Uint8Array }[] = [];
  let offset = 0;
  for (const block of blocks) {
    const part = data.subarray(offset, offset + block.data);
    offset += block.data;
    split.push({ data: part, ec: correction(part, block.total - block.data) });
  }
  const out: number[] = [];
  for (const field of ["data", "ec"] as const) {
    const longest = Math.max(...split.map((block) => block[field].length));
    for (let i = 0; i < longest; i++) {
      for (const block of split) if (i < block[field].length) out.push(block[field][i]!);
    }
  }
  return Uint8Array.from(out);
}

/** The BCH code of `data` (`shift` check bits) over the generator polynomial `poly`. */
function bch(data: number, shift: number, poly: number): number {
  const degree = (value: number) => 32 - Math.clz32(value);
  let d = data << shift;
  while (degree(d) - degree(poly) >= 0) d ^= poly << (degree(d) - degree(poly));
  return (data << shift) | d;
}
const FORMAT_POLY = 0b10100110111;
const FORMAT_MASK = 0b101010000010010;
const VERSION_POLY = 0b1111100100101;

const MASKS: readonly ((row: number, col: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

/** Unset, light and dark, in the symbol under construction. */
const UNSET = -1;

/** A symbol: its size, its modules row by row, and where its format and version bits go. */
interface Layout {
  size: number;
  modules: Int8Array;
  format: (mask: number, dark: boolean) => void;
}

/** The function patterns of a version, with the format and version areas light (reserved). */
function layout(version: number): Layout {
  const size = version * 4 + 17;
  const modules = new Int8Array(size * size).fill(UNSET);
  const set = (row: number, col: number, dark: boolean) => {
    modules[row * size + col] = dark ? 1 : 0;
  };
  for (const [top, left] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        const row = top + r;
        const col = left + c;
        if (row < 0 || row >= size || col < 0 || col >= size) continue;
        const ring = (r >= 0 && r <= 6 && (c === 0 || c === 6)) || (c >= 0 && c <= 6 && (r === 0 || r === 6));
        set(row, col, ring || (r >= 2 && r <= 4 && c >= 2 && c <= 4));
      }
    }
  }
  const centres = ALIGNMENT[version - 1]!;
  for (const row of centres) {
    for (const col of centres) {
      if (modules[row * size + col] !== UNSET) continue;
      for (let r = -2; r <= 2; r++) {
        for (let c = -2; c <= 2; c++) {
          set(row + r, col + c, r === -2 || r === 2 || c === -2 || c === 2 || (r === 0 && c === 0));
        }
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    if (modules[i * size + 6] === UNSET) set(i, 6, i % 2 === 0);
    if (modules[6 * size + i] === UNSET) set(6, i, i % 2 === 0);
  }
  // Level M is 00: the format's data is the mask alone.
  const format = (mask: number, dark: boolean) => {
    const bits = bch(mask, 10, FORMAT_POLY) ^ FORMAT_MASK;
    for (let i = 0; i < 15; i++) {
      const on = dark && ((bits >> i) & 1) === 1;
      set(i < 6 ? i : i < 8 ? i + 1 : size - 15 + i, 8, on);
      set(8, i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1, on);
    }
    set(size - 8, 8, dark);
    if (version >= 7) {
      const versionBits = bch(version, 12, VERSION_POLY);
      for (let i = 0; i < 18; i++) {
        const on = dark && ((versionBits >> i) & 1) === 1;
        set(Math.floor(i / 3), (i % 3) + size - 11, on);
        set((i % 3) + size - 11, Math.floor(i / 3), on);
      }
    }
  };
  format(0, false);
  return { size, modules, format };
}

/** The modules the codewords fill, in their order: two columns at a time, up and down, from the right. */
function dataCells(size: number, modules: Int8Array): Int32Array {
  const cells: number[] = [];
  let row = size - 1;
  let step = -1;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (;;) {
      for (let c = 0; c < 2; c++)
        if (modules[row * size + col - c] === UNSET) cells.push(row * size + col - c);
      row += step;
      if (row < 0 || row >= size) {
        row -= step;
        step = -step;
        break;
      }
    }
  }
  return Int32Array.from(cells);
}

/**
 * qrcode-generator's penalty of a symbol (lower is better): 3 + n - 5 for a module with n > 5 of
 * its (up to eight) neighbours alike, 3 for each 2×2 square alike, 40 for each 1:1:3:1:1 run of
 * seven modules in a row or column, and the dark share's distance from half.
 */
function penalty(size: number, m: Int8Array, box: Int32Array): number {
  // box[(row + 1) * (size + 1) + col + 1]: the dark modules above and left of (row, col), inclusive.
  const w = size + 1;
  for (let row = 0; row < size; row++) {
    let line = 0;
    for (let col = 0; col < size; col++) {
      line += m[row * size + col]!;
      box[(row + 1) * w + col + 1] = box[row * w + col + 1]! + line;
    }
  }
  let lost = 0;
  for (let row = 0; row < size; row++) {
    const top = row > 0 ? row - 1 : 0;
    const bottom = row < size - 1 ? row + 1 : row;
    for (let col = 0; col < size; col++) {
      const left = col > 0 ? col - 1 : 0;
      const right = col < size - 1 ? col + 1 : col;
      const darkAround =
        box[(bottom + 1) * w + right + 1]! -
        box[top * w + right + 1]! -
        box[(bottom + 1) * w + left]! +
        box[top * w + left]!;
      const dark = m[row * size + col]!;
      const neighbours = (bottom - top + 1) * (right - left + 1) - 1;
      const same = dark === 1 ? darkAround - 1 : neighbours - darkAround;
      if (same > 5) lost += 3 + same - 5;
    }
  }
  for (let row = 0; row < size - 1; row++) {
    for (let col = 0; col < size - 1; col++) {
      const at = row * size + col;
      const count = m[at]! + m[at + 1]! + m[at + size]! + m[at + size + 1]!;
      if (count === 0 || count === 4) lost += 3;
    }
  }
  const finderLike = (at: number, stride: number) =>
    m[at] === 1 &&
    m[at + stride] === 0 &&
    m[at + 2 * stride] === 1 &&
    m[at + 3 * stride] === 1 &&
    m[at + 4 * stride] === 1 &&
    m[at + 5 * stride] === 0 &&
    m[at + 6 * stride] === 1;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size - 6; col++) if (finderLike(row * size + col, 1)) lost += 40;
  }
  for (let col = 0; col < size; col++) {
    for (let row = 0; row < size - 6; row++) if (finderLike(row * size + col, size)) lost += 40;
  }
  let darkCount = 0;
  for (let i = 0; i < m.length; i++) darkCount += m[i]!;
  const ratio = Math.abs((100 * darkCount) / size / size - 50) / 5;
  return lost + ratio * 10;
}

/** The QR code of `bytes` (byte mode, level M): `matrix[row][col]` true = dark, without the quiet zone. */
export function qrCode(bytes: Uint8Array): boolean[][] {
  const version = versionFor(bytes.length);
  const words = codewords(bytes, version);
  const { size, modules, format } = layout(version);
  const cells = dataCells(size, modules);
  // Each data module's bit before masking (0 past the codewords), and its row and column.
  const bits = new Int8Array(cells.length);
  const rows = new Int32Array(cells.length);
  const cols = new Int32Array(cells.length);
  for (let k = 0; k < cells.length; k++) {
    if (k >> 3 < words.length) bits[k] = (words[k >> 3]! >> (7 - (k & 7))) & 1;
    rows[k] = Math.floor(cells[k]! / size);
    cols[k] = cells[k]! % size;
  }
  const masked = (mask: number, into: Int8Array) => {
    const flip = MASKS[mask]!;
    for (let k = 0; k < cells.length; k++) into[cells[k]!] = bits[k]! ^ (flip(rows[k]!, cols[k]!) ? 1 : 0);
  };
  let best = 0;
  let lowest = 0;
  const trial = new Int8Array(modules.length);
  const box = new Int32Array((size + 1) * (size + 1));
  for (let mask = 0; mask < 8; mask++) {
    trial.set(modules);
    masked(mask, trial);
    const lost = penalty(size, trial, box);
    if (mask === 0 || lowest > lost) {
      lowest = lost;
      best = mask;
    }
  }
  masked(best, modules);
  format(best, true);
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => modules[row * size + col] === 1),
  );
}

// Builds PNG files for the logo tests: any colour type and bit depth, Adam7-interlaced or not,
// with extra chunks; and a decompression bomb (a small header over a huge IDAT stream).
import { deflateSync } from "node:zlib";
import { unzlibSync } from "fflate";

/**
 * A zlib stream of `data`, by workerd's native zlib: the test images run to tens of megabytes
 * before compression, a few seconds of a run for a deflate written in JavaScript.
 */
const zlib = (data: Uint8Array): Uint8Array => new Uint8Array(deflateSync(data, { level: 9 }));

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The bytes of `parts`, one after another. */
export const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

function ihdr(width: number, height: number, bitDepth: number, colorType: number, interlaced: boolean) {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([bitDepth, colorType, 0, 0, interlaced ? 1 : 0], 8);
  return pngChunk("IHDR", data);
}

export interface TestPng {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  bitDepth: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  /** The samples of one pixel as stored (palette index, gray, gray+alpha, RGB or RGBA). */
  pixel: (x: number, y: number) => number[];
  /** Chunks between IHDR and IDAT (PLTE, tRNS, tEXt, ...). */
  chunks?: Uint8Array[];
  /** The row filter (0-4, applied for real), or "cycle" for row n using filter n mod 5. */
  filter?: number | "cycle";
  /** Writes this byte as every row's filter type, over unfiltered data (to test refusals). */
  invalidFilterByte?: number;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Applies PNG filter `type` to a row of raw bytes, given the previous row of the same pass. */
function filterRow(type: number, line: Uint8Array, prev: Uint8Array, bpp: number): Uint8Array {
  const out = new Uint8Array(line.length);
  for (let i = 0; i < line.length; i++) {
    const a = i >= bpp ? line[i - bpp]! : 0;
    const b = prev[i]!;
    const c = i >= bpp ? prev[i - bpp]! : 0;
    const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type]!;
    out[i] = (line[i]! - predicted) & 0xff;
  }
  return out;
}

/** Packs rows of samples at the bit depth, filter type 0, pass by pass when interlaced. */
export function encodeTestPng(png: TestPng): Uint8Array {
  const channels = CHANNELS[png.colorType]!;
  const passes = png.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const rows: Uint8Array[] = [];
  const bpp = Math.max(1, (channels * png.bitDepth) >> 3);
  for (const [x0, y0, dx, dy] of passes) {
    const passWidth = Math.ceil((png.width - x0) / dx);
    if (passWidth <= 0) continue;
    let prev = new Uint8Array(Math.ceil((passWidth * channels * png.bitDepth) / 8));
    for (let y = y0; y < png.height; y += dy) {
      const row = new Uint8Array(1 + prev.length);
      let bit = 0;
      for (let x = x0; x < png.width; x += dx) {
        for (const sample of png.pixel(x, y)) {
          if (png.bitDepth === 16) {
            row[1 + bit / 8] = sample >> 8;
            row[2 + bit / 8] = sample & 0xff;
          } else if (png.bitDepth === 8) {
            row[1 + bit / 8] = sample;
          } else {
            row[1 + (bit >> 3)]! |= sample << (8 - png.bitDepth - (bit & 7));
          }
          bit += png.bitDepth;
        }
      }
      const line = row.subarray(1);
      const type = png.filter === "cycle" ? rows.length % 5 : (png.filter ?? 0);
      const filtered = png.invalidFilterByte === undefined ? filterRow(type, line, prev, bpp) : line.slice();
      prev = line.slice();
      row[0] = png.invalidFilterByte ?? type;
      row.set(filtered, 1);
      rows.push(row);
    }
  }
  return concat([
    Uint8Array.from(SIGNATURE),
    ihdr(png.width, png.height, png.bitDepth, png.colorType, Boolean(png.interlaced)),
    ...(png.chunks ?? []),
    pngChunk("IDAT", zlib(concat(rows))),
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

/** A PNG whose header says 1x1 RGB (4 bytes of image data) over an IDAT of `inflated` zero bytes. */
export function pngBomb(inflated: number): Uint8Array {
  return concat([
    Uint8Array.from(SIGNATURE),
    ihdr(1, 1, 8, 2, false),
    pngChunk("IDAT", zlib(new Uint8Array(inflated))),
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

export interface PngSummary {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  chunkTypes: string[];
  /** The inflated IDAT data (filtered rows). */
  data: Uint8Array;
}

/** Reads a PNG's header and chunk list (a stored logo's), and inflates its image data. */
export function readTestPng(bytes: Uint8Array): PngSummary {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkTypes: string[] = [];
  const idat: Uint8Array[] = [];
  let at = 8;
  while (at < bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    chunkTypes.push(type);
    if (type === "IDAT") idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return {
    width: view.getUint32(16),
    height: view.getUint32(20),
    bitDepth: bytes[24]!,
    colorType: bytes[25]!,
    interlaced: bytes[28] === 1,
    chunkTypes,
    data: unzlibSync(concat(idat)),
  };
}

/** An 8-bit RGB PNG whose IDAT is `zlib` as given (a hand-made stream, valid or not). */
export function rgbPngWithIdat(width: number, height: number, zlib: Uint8Array): Uint8Array {
  return concat([
    Uint8Array.from(SIGNATURE),
    ihdr(width, height, 8, 2, false),
    pngChunk("IDAT", zlib),
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

/**
 * A zlib stream of `data` in one stored (uncompressed) block, with the block's NLEN and the
 * Adler-32 checksum given or correct. zlib refuses a wrong NLEN or checksum; fflate does not.
 */
export function storedZlib(data: Uint8Array, wrong: { nlen?: boolean; adler?: boolean } = {}): Uint8Array {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const adler = (((b << 16) | a) >>> 0) ^ (wrong.adler ? 1 : 0);
  const nlen = (~data.length & 0xffff) ^ (wrong.nlen ? 1 : 0);
  const out = new Uint8Array(2 + 5 + data.length + 4);
  out.set([0x78, 0x01, 0x01, data.length & 0xff, data.length >> 8, nlen & 0xff, nlen >> 8]);
  out.set(data, 7);
  new DataView(out.buffer).setUint32(7 + data.length, adler);
  return out;
}

/** The data of a PNG's IDAT chunks, concatenated (not inflated). */
export function idatOf(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const idat: Uint8Array[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = view.getUint32(at);
    if (String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === "IDAT")
      idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return concat(idat);
}

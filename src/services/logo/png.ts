// A PNG decoder for logos that can never be made to inflate more than the image needs: the IDAT
// stream is inflated in small slices and refused as soon as it passes height x (1 + row bytes)
// (per Adam7 pass when interlaced). Rows are unfiltered one at a time and averaged straight into
// the downscaled picture (box filter), so memory stays at one row plus the small output.
import { Unzlib, zlibSync } from "fflate";
import { ApiError } from "../../lib/errors";
import { invalidLogo } from "./errors";

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** Samples per pixel of each colour type: gray, RGB, palette, gray+alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const BIT_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Adam7: the first column and row of each pass and its steps. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
/** Compressed bytes handed to the inflater at a time: at most ~4 MiB can come out of one. */
const INFLATE_SLICE = 4096;

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

export interface PngInfo extends PngHeader {
  /** The IDAT data, concatenated (the zlib stream). */
  idat: Uint8Array;
  palette: Uint8Array | null;
  /** Palette alphas, or the one transparent gray/RGB value (as stored, 16-bit samples). */
  transparency: Uint8Array | null;
  /** Every chunk type present, in order. */
  chunkTypes: string[];
}

/** An 8-bit RGBA picture, row-major. */
export interface Rgba {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const u32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const chunkName = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Walks the chunks: lengths inside the file, IHDR first, IDATs in one run, IEND last. */
export function readPngChunks(bytes: Uint8Array): PngInfo {
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte))
    throw invalidLogo("bad_signature", "Not a PNG file");
  let at = 8;
  let header: PngHeader | null = null;
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  const idats: Uint8Array[] = [];
  const chunkTypes: string[] = [];
  let ended = false;
  while (!ended) {
    if (at + 12 > bytes.length) throw invalidLogo("truncated", "The PNG ends before its IEND chunk");
    const length = u32(bytes, at);
    const type = chunkName(bytes, at + 4);
    if (length > bytes.length - at - 12) {
      throw invalidLogo("truncated", `The PNG's ${type} chunk runs past the end of the file`);
    }
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (chunkTypes.length === 0 && type !== "IHDR")
      throw invalidLogo("bad_structure", "The PNG does not start with IHDR");
    if (type === "IDAT" && idats.length > 0 && chunkTypes.at(-1) !== "IDAT") {
      throw invalidLogo("bad_structure", "The PNG's IDAT chunks are not consecutive");
    }
    chunkTypes.push(type);
    switch (type) {
      case "IHDR":
        if (header) throw invalidLogo("bad_structure", "The PNG has two IHDR chunks");
        header = parseHeader(data);
        break;
      case "PLTE":
        if (length === 0 || length % 3 !== 0 || length > 768) {
          throw invalidLogo("bad_structure", "The PNG's palette is malformed");
        }
        palette = data;
        break;
      case "tRNS":
        transparency = data;
        break;
      case "IDAT":
        idats.push(data);
        break;
      case "IEND":
        ended = true;
        break;
    }
    at += 12 + length;
  }
  if (!header) throw invalidLogo("bad_structure", "The PNG has no IHDR chunk");
  if (idats.length === 0) throw invalidLogo("bad_structure", "The PNG has no image data (IDAT)");
  if (header.colorType === 3 && !palette)
    throw invalidLogo("bad_structure", "The palette PNG has no PLTE chunk");
  const idat = idats.length === 1 ? idats[0]! : concat(idats);
  return { ...header, idat, palette, transparency, chunkTypes };
}

function parseHeader(data: Uint8Array): PngHeader {
  if (data.length !== 13) throw invalidLogo("bad_header", "The PNG's IHDR chunk is not 13 bytes");
  const width = u32(data, 0);
  const height = u32(data, 4);
  const [bitDepth, colorType, compression, filter, interlace] = data.subarray(8, 13);
  if (width === 0 || height === 0) throw invalidLogo("bad_header", "The PNG's width or height is 0");
  if (!(colorType! in CHANNELS) || !BIT_DEPTHS[colorType!]!.includes(bitDepth!)) {
    throw invalidLogo(
      "bad_header",
      `The PNG's colour type ${colorType} with bit depth ${bitDepth} is not valid`,
    );
  }
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) {
    throw invalidLogo("bad_header", "The PNG names an unknown compression, filter or interlace method");
  }
  return { width, height, bitDepth: bitDepth!, colorType: colorType!, interlaced: interlace === 1 };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

interface Pass {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
}

function passesOf(info: PngHeader): Pass[] {
  if (!info.interlaced) return [{ x0: 0, y0: 0, dx: 1, dy: 1, width: info.width, height: info.height }];
  return ADAM7.map(([x0, y0, dx, dy]) => ({
    x0,
    y0,
    dx,
    dy,
    width: Math.max(0, Math.ceil((info.width - x0) / dx)),
    height: Math.max(0, Math.ceil((info.height - y0) / dy)),
  })).filter((pass) => pass.width > 0 && pass.height > 0);
}

const rowBytes = (info: PngHeader, width: number) =>
  Math.ceil((width * CHANNELS[info.colorType]! * info.bitDepth) / 8);

/** Exactly how many bytes the IDAT stream inflates to: every row of every pass, filter byte included. */
export function inflatedSize(info: PngHeader): number {
  return passesOf(info).reduce((sum, pass) => sum + pass.height * (1 + rowBytes(info, pass.width)), 0);
}

/** Reverses one row's filter in place; `prev` is the pass's previous row (zeros for its first). */
function unfilter(type: number, row: Uint8Array, prev: Uint8Array, bpp: number) {
  const n = row.length;
  switch (type) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) row[i] = (row[i]! + row[i - bpp]!) & 0xff;
      return;
    case 2:
      for (let i = 0; i < n; i++) row[i] = (row[i]! + prev[i]!) & 0xff;
      return;
    case 3:
      for (let i = 0; i < n; i++)
        row[i] = (row[i]! + (((i >= bpp ? row[i - bpp]! : 0) + prev[i]!) >> 1)) & 0xff;
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0;
        const b = prev[i]!;
        const c = i >= bpp ? prev[i - bpp]! : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        row[i] = (row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
      return;
    default:
      throw invalidLogo("bad_filter", `A PNG row uses filter type ${type} (only 0-4 exist)`);
  }
}

/**
 * Turns one unfiltered row into 8-bit RGBA (4 bytes per pixel in `out`). `raw` receives the
 * samples as stored (16-bit or sub-byte values unpacked), for palette lookups and tRNS keys.
 */
function expandRow(
  info: PngInfo,
  row: Uint8Array,
  width: number,
  raw: Uint16Array,
  eight: Uint8Array,
  out: Uint8Array,
) {
  const { bitDepth, colorType, palette, transparency } = info;
  const channels = CHANNELS[colorType]!;
  const samples = width * channels;
  if (bitDepth === 8) {
    if (colorType === 3 || transparency) for (let i = 0; i < samples; i++) raw[i] = row[i]!;
  } else if (bitDepth === 16) {
    for (let i = 0; i < samples; i++) raw[i] = (row[2 * i]! << 8) | row[2 * i + 1]!;
  } else {
    const perByte = 8 / bitDepth;
    const mask = (1 << bitDepth) - 1;
    for (let i = 0; i < samples; i++) {
      raw[i] = (row[(i / perByte) | 0]! >> (8 - bitDepth * ((i % perByte) + 1))) & mask;
    }
  }
  if (colorType === 3) {
    const entries = palette!.length / 3;
    for (let x = 0; x < width; x++) {
      const index = raw[x]!;
      if (index >= entries) {
        throw invalidLogo(
          "bad_palette_index",
          `A PNG pixel names palette entry ${index}, past the palette's end`,
        );
      }
      out[4 * x] = palette![3 * index]!;
      out[4 * x + 1] = palette![3 * index + 1]!;
      out[4 * x + 2] = palette![3 * index + 2]!;
      out[4 * x + 3] = transparency && index < transparency.length ? transparency[index]! : 255;
    }
    return;
  }
  const key =
    transparency && transparency.length >= 2 * channels
      ? Array.from({ length: channels }, (_, i) => (transparency[2 * i]! << 8) | transparency[2 * i + 1]!)
      : null;
  // To 8 bits: 16-bit by rounding v / 257, 1/2/4-bit by scaling to 0..255.
  if (bitDepth === 16) for (let i = 0; i < samples; i++) eight[i] = ((raw[i]! + 128) / 257) | 0;
  else if (bitDepth === 8) eight.set(row.subarray(0, samples));
  else {
    const scale = 255 / ((1 << bitDepth) - 1);
    for (let i = 0; i < samples; i++) eight[i] = (raw[i]! * scale) | 0;
  }
  switch (colorType) {
    case 0:
      for (let x = 0; x < width; x++) {
        out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = eight[x]!;
        out[4 * x + 3] = key && key[0] === raw[x] ? 0 : 255;
      }
      return;
    case 4:
      for (let x = 0; x < width; x++) {
        out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = eight[2 * x]!;
        out[4 * x + 3] = eight[2 * x + 1]!;
      }
      return;
    case 2:
      for (let x = 0; x < width; x++) {
        out[4 * x] = eight[3 * x]!;
        out[4 * x + 1] = eight[3 * x + 1]!;
        out[4 * x + 2] = eight[3 * x + 2]!;
        const keyed = key && key[0] === raw[3 * x] && key[1] === raw[3 * x + 1] && key[2] === raw[3 * x + 2];
        out[4 * x + 3] = keyed ? 0 : 255;
      }
      return;
    default:
      out.set(eight.subarray(0, samples));
  }
}

/** The size of the downscaled picture: the long side at most `maxSide`, never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Decodes the PNG into 8-bit RGBA of at most `maxSide` pixels on its long side. Every source
 * pixel is added (alpha-weighted) to the output pixel it falls in, so Adam7 passes need no
 * full-size buffer. Throws `invalid_logo` on anything malformed, and as soon as the inflated
 * data passes what the header allows.
 */
export function decodePng(info: PngInfo, maxSide: number): Rgba {
  const out = fitWithin(info.width, info.height, maxSide);
  const xMap = new Uint32Array(info.width);
  for (let x = 0; x < info.width; x++)
    xMap[x] = Math.min(out.width - 1, Math.floor((x * out.width) / info.width));
  const yOf = (y: number) => Math.min(out.height - 1, Math.floor((y * out.height) / info.height));
  // Per output pixel: sum of r*a, g*a, b*a, a and the count of source pixels.
  const sums = new Float64Array(out.width * out.height * 5);

  const passes = passesOf(info);
  const bpp = Math.max(1, (CHANNELS[info.colorType]! * info.bitDepth) >> 3);
  const expected = inflatedSize(info);
  const rgba = new Uint8Array(info.width * 4);
  const raw = new Uint16Array(info.width * 4);
  const eight = new Uint8Array(info.width * 4);
  let passIndex = 0;
  let rowInPass = 0;
  let row = new Uint8Array(1 + rowBytes(info, passes[0]!.width));
  let prev = new Uint8Array(row.length);
  let filled = 0;
  let produced = 0;

  const finishRow = () => {
    const pass = passes[passIndex]!;
    const data = row.subarray(1);
    unfilter(row[0]!, data, prev.subarray(1), bpp);
    expandRow(info, data, pass.width, raw, eight, rgba);
    const base = yOf(pass.y0 + rowInPass * pass.dy) * out.width;
    for (let i = 0; i < pass.width; i++) {
      const at = (base + xMap[pass.x0 + i * pass.dx]!) * 5;
      const a = rgba[4 * i + 3]!;
      sums[at] = sums[at]! + rgba[4 * i]! * a;
      sums[at + 1] = sums[at + 1]! + rgba[4 * i + 1]! * a;
      sums[at + 2] = sums[at + 2]! + rgba[4 * i + 2]! * a;
      sums[at + 3] = sums[at + 3]! + a;
      sums[at + 4] = sums[at + 4]! + 1;
    }
    [row, prev] = [prev, row];
    filled = 0;
    rowInPass++;
    if (rowInPass === pass.height) {
      passIndex++;
      rowInPass = 0;
      if (passIndex < passes.length) {
        row = new Uint8Array(1 + rowBytes(info, passes[passIndex]!.width));
        prev = new Uint8Array(row.length);
      }
    }
  };

  const inflater = new Unzlib((chunk) => {
    produced += chunk.length;
    if (produced > expected) {
      throw invalidLogo(
        "inflate_limit_exceeded",
        `The PNG's image data inflates past the ${expected} bytes its ${info.width}x${info.height} header allows`,
      );
    }
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(row.length - filled, chunk.length - at);
      row.set(chunk.subarray(at, at + take), filled);
      filled += take;
      at += take;
      if (filled === row.length) finishRow();
    }
  });
  try {
    for (let at = 0; at < info.idat.length; at += INFLATE_SLICE) {
      const end = Math.min(info.idat.length, at + INFLATE_SLICE);
      inflater.push(info.idat.subarray(at, end), end === info.idat.length);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalidLogo("corrupt_data", `The PNG's image data does not inflate (${String(error)})`);
  }
  if (produced < expected) {
    throw invalidLogo("truncated", `The PNG's image data ends after ${produced} of ${expected} bytes`);
  }

  const pixels = new Uint8Array(out.width * out.height * 4);
  for (let p = 0; p < out.width * out.height; p++) {
    const alphaSum = sums[p * 5 + 3]!;
    const count = sums[p * 5 + 4]!;
    if (alphaSum > 0) {
      pixels[p * 4] = Math.round(sums[p * 5]! / alphaSum);
      pixels[p * 4 + 1] = Math.round(sums[p * 5 + 1]! / alphaSum);
      pixels[p * 4 + 2] = Math.round(sums[p * 5 + 2]! / alphaSum);
    }
    pixels[p * 4 + 3] = count > 0 ? Math.round(alphaSum / count) : 0;
  }
  return { width: out.width, height: out.height, pixels };
}

/** Filters each row with the type that gives the smallest sum of absolute values (libpng's rule). */
export function filterRows(data: Uint8Array, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(height * (stride + 1));
  const zero = new Uint8Array(stride);
  const candidate = new Uint8Array(stride);
  const best = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const line = data.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? data.subarray((y - 1) * stride, y * stride) : zero;
    let bestType = 0;
    let bestCost = Number.POSITIVE_INFINITY;
    for (let type = 0; type <= 4; type++) {
      let cost = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? line[i - bpp]! : 0;
        const b = prev[i]!;
        const c = i >= bpp ? prev[i - bpp]! : 0;
        let predicted = 0;
        if (type === 1) predicted = a;
        else if (type === 2) predicted = b;
        else if (type === 3) predicted = (a + b) >> 1;
        else if (type === 4) {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        }
        const value = (line[i]! - predicted) & 0xff;
        candidate[i] = value;
        cost += value < 128 ? value : 256 - value;
      }
      if (cost < bestCost) {
        bestCost = cost;
        bestType = type;
        best.set(candidate);
      }
    }
    out[y * (stride + 1)] = bestType;
    out.set(best, y * (stride + 1) + 1);
  }
  return out;
}

/** A zlib stream of the rows, PNG-filtered: a PNG's IDAT, or a PDF Flate stream with /Predictor 15. */
export const compressRows = (data: Uint8Array, width: number, height: number, bpp: number) =>
  zlibSync(filterRows(data, width, height, bpp), { level: 9 });

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An 8-bit RGB (colour type 2) or RGBA (6) PNG of IHDR, one IDAT and IEND; the IDAT data's offset. */
export function encodePng(width: number, height: number, channels: 3 | 4, idat: Uint8Array) {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const bytes = concat([
    Uint8Array.from(PNG_SIGNATURE),
    chunk("IHDR", header),
    chunk("IDAT", idat),
    chunk("IEND", new Uint8Array(0)),
  ]);
  return { bytes, idatOffset: 8 + 25 + 8 };
}

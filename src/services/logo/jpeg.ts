// JPEG logos are kept as they are (a PDF embeds them as DCT data, never decoding them), once their
// marker structure is known to be whole: SOI, one frame header (SOF) with sane dimensions, at
// least one scan (SOS) with its entropy-coded data, EOI, and every segment inside the file.
// Metadata segments (EXIF, XMP, ICC, comments) and bytes after EOI are dropped.
import { invalidLogo } from "./errors";

export interface JpegInfo {
  width: number;
  height: number;
  components: number;
  /** The file without metadata segments and trailing bytes (the input itself when nothing was dropped). */
  bytes: Uint8Array;
}

/** Baseline, extended and progressive Huffman: what PDF's DCTDecode reads everywhere. */
const SUPPORTED_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** APP0 (JFIF) and APP14 (Adobe: how to read the colour transform) stay; other APPn and COM go. */
const isDroppedMetadata = (marker: number) =>
  (marker >= 0xe1 && marker <= 0xed) || marker === 0xef || marker === 0xfe;

export function readJpeg(bytes: Uint8Array): JpegInfo {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8)
    throw invalidLogo("bad_signature", "Not a JPEG file (no SOI marker)");
  const kept: [number, number][] = [[0, 2]];
  let dropped = false;
  let frame: Omit<JpegInfo, "bytes"> | null = null;
  let scans = 0;
  let at = 2;
  for (;;) {
    if (at >= bytes.length) throw invalidLogo("truncated", "The JPEG ends before its EOI marker");
    if (bytes[at] !== 0xff)
      throw invalidLogo("bad_structure", `The JPEG has no marker where one must be (byte ${at})`);
    const start = at;
    while (bytes[at] === 0xff) at++; // fill bytes
    if (at >= bytes.length) throw invalidLogo("truncated", "The JPEG ends before its EOI marker");
    const marker = bytes[at++]!;
    if (marker === 0xd9) {
      if (!frame) throw invalidLogo("no_frame", "The JPEG has no frame header (SOF)");
      if (scans === 0) throw invalidLogo("no_scan", "The JPEG has no image data (no SOS scan)");
      kept.push([start, at]);
      if (at < bytes.length) dropped = true;
      break;
    }
    if (marker === 0xd8 || marker === 0x00)
      throw invalidLogo("bad_structure", "The JPEG has a misplaced marker");
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push([start, at]);
      continue;
    }
    if (at + 2 > bytes.length) throw invalidLogo("truncated", "The JPEG ends inside a segment header");
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (length < 2 || at + length > bytes.length) {
      throw invalidLogo(
        "truncated",
        `A JPEG segment (marker FF${marker.toString(16).toUpperCase()}) runs past the end of the file`,
      );
    }
    const segment = bytes.subarray(at + 2, at + length);
    at += length;
    if (isFrame(marker)) {
      if (frame) throw invalidLogo("bad_structure", "The JPEG has two frame headers (SOF)");
      if (!SUPPORTED_FRAMES.has(marker)) {
        throw invalidLogo(
          "unsupported",
          "The JPEG is lossless, hierarchical or arithmetic-coded: use a baseline or progressive JPEG",
        );
      }
      if (segment.length < 6) throw invalidLogo("bad_structure", "The JPEG's frame header is too short");
      const precision = segment[0]!;
      const height = (segment[1]! << 8) | segment[2]!;
      const width = (segment[3]! << 8) | segment[4]!;
      const components = segment[5]!;
      if (precision !== 8)
        throw invalidLogo("unsupported", `The JPEG has ${precision}-bit samples: only 8-bit JPEGs print`);
      if (width === 0 || height === 0)
        throw invalidLogo("bad_header", "The JPEG's frame header gives a width or height of 0");
      if (![1, 3, 4].includes(components)) {
        throw invalidLogo("unsupported", `The JPEG has ${components} colour components (1, 3 or 4 print)`);
      }
      if (segment.length !== 6 + 3 * components)
        throw invalidLogo("bad_structure", "The JPEG's frame header has the wrong length");
      frame = { width, height, components };
    }
    if (isDroppedMetadata(marker)) {
      dropped = true;
    } else {
      kept.push([start, at]);
    }
    if (marker === 0xda) {
      if (!frame)
        throw invalidLogo("bad_structure", "The JPEG has a scan (SOS) before its frame header (SOF)");
      // Entropy-coded data runs to the next marker other than a stuffed 0x00 or a restart marker.
      const dataStart = at;
      while (at < bytes.length) {
        if (bytes[at] === 0xff) {
          const next = bytes[at + 1];
          if (next === undefined) break;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
          at += 2;
        } else {
          at++;
        }
      }
      if (at >= bytes.length - 1)
        throw invalidLogo("truncated", "The JPEG's image data ends before its EOI marker");
      if (at === dataStart) throw invalidLogo("no_scan", "The JPEG's scan has no image data");
      kept.push([dataStart, at]);
      scans++;
    }
  }
  if (!frame) throw invalidLogo("no_frame", "The JPEG has no frame header (SOF)");
  if (!dropped) return { ...frame, bytes };
  const out = new Uint8Array(kept.reduce((sum, [from, to]) => sum + to - from, 0));
  let offset = 0;
  for (const [from, to] of kept) {
    out.set(bytes.subarray(from, to), offset);
    offset += to - from;
  }
  return { ...frame, bytes: out };
}

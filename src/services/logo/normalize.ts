// What a logo becomes once accepted: the image served back (an 8-bit RGB/RGBA PNG of at most
// 600 px on its long side with only IHDR/IDAT/IEND, or the JPEG without its metadata), and the
// form a PDF embeds without decoding anything (JPEG: the DCT data; PNG: Flate streams of
// PNG-predicted RGB rows and, when transparent, alpha rows).

import { invalidLogo } from "./errors";
import { readJpeg } from "./jpeg";
import { compressRows, decodePng, encodePng, readPngChunks } from "./png";

export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** The long side of a stored PNG logo: 600 px is ~3.75x the 160 pt box it prints in. */
export const MAX_LOGO_SIDE = 600;
/** At most this many pixels in the uploaded image (PNG and JPEG alike). */
export const MAX_LOGO_PIXELS = 4_000_000;

import type { PrintableLogo } from "../../document/types";

export type { PrintableLogo } from "../../document/types";

export interface NormalizedLogo {
  contentType: LogoType;
  /** The image served by GET /v1/organization/logo. */
  image: Uint8Array;
  printable: PrintableLogo;
  /** Where `printable.rgb` lies inside `image` (a PNG whose IDAT is exactly that stream), if it does. */
  rgbInImage: number | null;
}

/** The longest side decoded: a row's buffers grow with the width (4,000,000 x 1 would need ~150 MB). */
export const MAX_DECODED_SIDE = 10_000;

function tooManyPixels(width: number, height: number) {
  if (width * height > MAX_LOGO_PIXELS) {
    return invalidLogo(
      "too_many_pixels",
      `The logo is ${width}x${height} pixels: at most ${MAX_LOGO_PIXELS} pixels`,
    );
  }
  if (Math.max(width, height) > MAX_DECODED_SIDE) {
    return invalidLogo(
      "side_too_long",
      `The logo is ${width}x${height} pixels: at most ${MAX_DECODED_SIDE} on a side`,
    );
  }
  return null;
}

function normalizePng(bytes: Uint8Array): NormalizedLogo {
  const info = readPngChunks(bytes);
  const refused = tooManyPixels(info.width, info.height);
  if (refused) throw refused;
  const { width, height, pixels } = decodePng(info, MAX_LOGO_SIDE);
  const count = width * height;
  let opaque = true;
  for (let p = 0; p < count; p++) if (pixels[4 * p + 3] !== 255) opaque = false;
  const rgb = new Uint8Array(count * 3);
  for (let p = 0; p < count; p++) rgb.set(pixels.subarray(4 * p, 4 * p + 3), 3 * p);
  let alpha: Uint8Array | null = null;
  if (!opaque) {
    const plane = new Uint8Array(count);
    for (let p = 0; p < count; p++) plane[p] = pixels[4 * p + 3]!;
    alpha = compressRows(plane, width, height, 1);
  }

  // Written again even when the upload already is an 8-bit RGB/RGBA PNG: its IDAT was only
  // inflated by fflate, which does not check the Adler-32, a stored block's NLEN or that the
  // Huffman tables are complete, so zlib (a PDF viewer, a browser) may refuse the stream as uploaded.
  const idat = opaque ? compressRows(rgb, width, height, 3) : compressRows(pixels, width, height, 4);
  const png = encodePng(width, height, opaque ? 3 : 4, idat);
  return {
    contentType: "image/png",
    image: png.bytes,
    printable: {
      kind: "raster",
      width,
      height,
      rgb: opaque ? idat : compressRows(rgb, width, height, 3),
      alpha,
    },
    rgbInImage: opaque ? png.idatOffset : null,
  };
}

function normalizeJpeg(bytes: Uint8Array): NormalizedLogo {
  const jpeg = readJpeg(bytes);
  const refused = tooManyPixels(jpeg.width, jpeg.height);
  if (refused) throw refused;
  const { width, height, components } = jpeg;
  return {
    contentType: "image/jpeg",
    image: jpeg.bytes,
    printable: { kind: "jpeg", width, height, components, bytes: jpeg.bytes },
    rgbInImage: null,
  };
}

/**
 * Checks and normalizes an uploaded (or a stored, older) logo. Throws 422 `invalid_logo` with a
 * reason when the bytes are not a whole image of the type, or would inflate past their header.
 */
export function normalizeLogo(bytes: Uint8Array, type: LogoType): NormalizedLogo {
  return type === "image/png" ? normalizePng(bytes) : normalizeJpeg(bytes);
}

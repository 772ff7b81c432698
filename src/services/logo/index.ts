// The organization's logo, printed top-left on its PDFs. Uploaded as a PNG or JPEG of at most
// 512 KB, checked with a bounded decoder and stored normalized (./normalize.ts) in R2 under
// `logos/{organizationId}`: one object holding the image GET serves and, after it, the streams a
// PDF embeds, so a render never decodes an image. Older logos, stored as uploaded, are
// normalized on their first render and replaced (see docs/pdf.md, "Logo").
import { ApiError, notFound, validationError } from "../../lib/errors";
import { MAX_LOGO_BYTES } from "../../lib/limits";
import { logWarn } from "../../lib/log";
import {
  LOGO_TYPES,
  type LogoType,
  MAX_LOGO_PIXELS,
  type NormalizedLogo,
  normalizeLogo,
  type PrintableLogo,
} from "./normalize";
import { PNG_SIGNATURE } from "./png";

export { LOGO_TYPES, type LogoType, MAX_LOGO_PIXELS, MAX_LOGO_SIDE, type PrintableLogo } from "./normalize";

const logoKey = (organizationId: string) => `logos/${organizationId}`;

/** customMetadata.logo of a stored logo: normalized (this layout), or an older one that failed to. */
const NORMALIZED = "normalized-1";
const UNUSABLE = "unusable";

const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** The type the bytes really are (their magic number), whatever the header said. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, JPEG_SIGNATURE)) return "image/jpeg";
  return null;
}

/**
 * Width and height from the image header, without decoding: PNG's IHDR, or a JPEG's
 * start-of-frame marker. Null when the header cannot be found.
 */
export function imageSize(bytes: Uint8Array, type: LogoType): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === "image/png") {
    // Signature (8), IHDR length (4) and type (4), then width and height.
    return bytes.byteLength >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  }
  let at = 2;
  while (at + 9 < bytes.byteLength) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

/**
 * Reads the body up to the limit (413 as soon as it passes it, whatever Content-Length said),
 * checks that the declared type is PNG or JPEG and that the bytes are what it declares and not
 * too many pixels by their header (422 `validation_error`), then decodes them with a bound
 * (422 `invalid_logo` with a reason) and answers the normalized logo.
 */
export async function readLogo(
  body: ReadableStream<Uint8Array> | null,
  declaredType: string | undefined,
): Promise<NormalizedLogo> {
  const type = (declaredType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(LOGO_TYPES as readonly string[]).includes(type)) {
    throw validationError({ "Content-Type": "The logo must be image/png or image/jpeg" });
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_LOGO_BYTES) {
        await reader.cancel();
        throw new ApiError("payload_too_large", `The logo is larger than ${MAX_LOGO_BYTES} bytes (512 KB)`);
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  if (size === 0) throw validationError({ body: "The logo is empty" });
  if (sniffLogoType(bytes) !== type) {
    throw validationError({ body: `The bytes are not a ${type === "image/png" ? "PNG" : "JPEG"} image` });
  }
  const dimensions = imageSize(bytes, type as LogoType);
  if (!dimensions || dimensions.width === 0 || dimensions.height === 0) {
    throw validationError({ body: "The image's size cannot be read from its header" });
  }
  if (dimensions.width * dimensions.height > MAX_LOGO_PIXELS) {
    throw validationError({
      body: `The logo is ${dimensions.width}x${dimensions.height} pixels: at most ${MAX_LOGO_PIXELS.toLocaleString("en")} pixels (e.g. 2000x2000)`,
    });
  }
  return normalizeLogo(bytes, type as LogoType);
}

/** The object's body (the image, then the PDF streams not already inside it) and its metadata. */
function storedForm(logo: NormalizedLogo) {
  const { image, printable, rgbInImage } = logo;
  const parts = [image];
  const metadata: Record<string, string> = {
    logo: NORMALIZED,
    imageLength: String(image.byteLength),
    width: String(printable.width),
    height: String(printable.height),
  };
  if (printable.kind === "raster") {
    let at = image.byteLength;
    if (rgbInImage === null) {
      parts.push(printable.rgb);
      metadata.rgb = `${at}+${printable.rgb.byteLength}`;
      at += printable.rgb.byteLength;
    } else {
      metadata.rgb = `${rgbInImage}+${printable.rgb.byteLength}`;
    }
    if (printable.alpha) {
      parts.push(printable.alpha);
      metadata.alpha = `${at}+${printable.alpha.byteLength}`;
    }
  } else {
    metadata.components = String(printable.components);
  }
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  return { body, metadata };
}

export async function putLogo(bucket: R2Bucket, organizationId: string, logo: NormalizedLogo) {
  const { body, metadata } = storedForm(logo);
  await bucket.put(logoKey(organizationId), body, {
    httpMetadata: { contentType: logo.contentType },
    customMetadata: metadata,
  });
  return {
    content_type: logo.contentType,
    size: logo.image.byteLength,
    width: logo.printable.width,
    height: logo.printable.height,
  };
}

const sliceOf = (bytes: Uint8Array, range: string) => {
  const [offset, length] = range.split("+").map(Number) as [number, number];
  return bytes.subarray(offset, offset + length);
};

/** The printable form of a normalized object (no decoding: slices of its bytes). */
function printableOf(
  bytes: Uint8Array,
  contentType: LogoType,
  metadata: Record<string, string>,
): PrintableLogo {
  const width = Number(metadata.width);
  const height = Number(metadata.height);
  if (contentType === "image/jpeg") {
    const image = bytes.subarray(0, Number(metadata.imageLength));
    return { kind: "jpeg", width, height, components: Number(metadata.components), bytes: image };
  }
  const alpha = metadata.alpha ? sliceOf(bytes, metadata.alpha) : null;
  return { kind: "raster", width, height, rgb: sliceOf(bytes, metadata.rgb ?? "0+0"), alpha };
}

const contentTypeOf = (object: R2Object): LogoType =>
  object.httpMetadata?.contentType === "image/jpeg" ? "image/jpeg" : "image/png";

/**
 * The logo as a PDF embeds it, or null when the organization has none (or its stored logo
 * cannot be used). A logo stored before normalization is normalized here once, with the same
 * bounded decoder as an upload, and written back in place of the original unless a new upload
 * replaced it meanwhile; one that fails is marked unusable, so no render decodes it again.
 */
export async function findPrintableLogo(
  bucket: R2Bucket,
  organizationId: string,
): Promise<PrintableLogo | null> {
  const object = await bucket.get(logoKey(organizationId));
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  const contentType = contentTypeOf(object);
  const metadata = object.customMetadata ?? {};
  if (metadata.logo === NORMALIZED) return printableOf(bytes, contentType, metadata);
  if (metadata.logo === UNUSABLE) return null;

  const onlyIf = { etagMatches: object.etag };
  // The write-back only saves the next render's decoding: when R2 refuses it, this render still
  // prints what it decoded (or leaves out what it could not), and the next one tries again.
  const writeBack = (body: Uint8Array, customMetadata: Record<string, string>) =>
    bucket
      .put(logoKey(organizationId), body, { onlyIf, httpMetadata: { contentType }, customMetadata })
      .catch((error: unknown) => {
        logWarn("pdf_logo_write_back_failed", { organization_id: organizationId, error: String(error) });
      });
  let logo: NormalizedLogo;
  try {
    logo = normalizeLogo(bytes, contentType);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const reason = String(error.details?.reason);
    logWarn("pdf_logo_unusable", { organization_id: organizationId, reason });
    // Kept for GET as it was uploaded; renders leave it out without decoding it again.
    await writeBack(bytes, { logo: UNUSABLE, reason });
    return null;
  }
  const { body, metadata: stored } = storedForm(logo);
  await writeBack(body, stored);
  return logo.printable;
}

/** Where the hosted page shows the logo, and its size in pixels (so the page does not reflow). */
export interface PageLogo {
  width: number;
  height: number;
}

/**
 * The size of the organization's logo for the hosted page (one metadata read, no body), or null
 * when it has none, or none normalized yet (the first PDF render normalizes an older one).
 */
export async function pageLogoOf(bucket: R2Bucket, organizationId: string): Promise<PageLogo | null> {
  const object = await bucket.head(logoKey(organizationId));
  const metadata = object?.customMetadata ?? {};
  if (metadata.logo !== NORMALIZED) return null;
  const width = Number(metadata.width);
  const height = Number(metadata.height);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The stored image as GET serves it (without the PDF streams stored after it). */
export async function getLogo(bucket: R2Bucket, organizationId: string) {
  const object = await bucket.get(logoKey(organizationId));
  if (!object) throw notFound("Logo");
  const bytes = new Uint8Array(await object.arrayBuffer());
  const metadata = object.customMetadata ?? {};
  const image = metadata.logo === NORMALIZED ? bytes.subarray(0, Number(metadata.imageLength)) : bytes;
  return { bytes: image, contentType: contentTypeOf(object) };
}

export async function deleteLogo(bucket: R2Bucket, organizationId: string) {
  const object = await bucket.head(logoKey(organizationId));
  if (!object) throw notFound("Logo");
  await bucket.delete(logoKey(organizationId));
}

/**
 * A short tag of the stored logo that changes when it is replaced (the R2 etag), for the logo's
 * public URL in e-mails; null when there is none or it cannot be shown.
 */
export async function logoTag(bucket: R2Bucket, organizationId: string): Promise<string | null> {
  const object = await bucket.head(logoKey(organizationId));
  if (!object || object.customMetadata?.logo === UNUSABLE) return null;
  return object.etag.replace(/[^A-Za-z0-9]/g, "").slice(0, 16);
}

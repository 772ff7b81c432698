// The organization's logo, printed top-left on its PDFs: one PNG or JPEG of at most 512 KB,
// stored in R2 under `logos/{organizationId}` with its content type.
import { ApiError, notFound, validationError } from "../lib/errors";
import { MAX_LOGO_BYTES } from "../lib/limits";

export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const logoKey = (organizationId: string) => `logos/${organizationId}`;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** The type the bytes really are (their magic number), whatever the header said. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, JPEG_SIGNATURE)) return "image/jpeg";
  return null;
}

/** At most this many pixels: decoding needs ~16 bytes each, and a Worker has 128 MB. */
export const MAX_LOGO_PIXELS = 4_000_000;

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
 * then checks that the declared type is PNG or JPEG and that the bytes are what it declares (422).
 */
export async function readLogo(body: ReadableStream<Uint8Array> | null, declaredType: string | undefined) {
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
  return { bytes, contentType: type as LogoType };
}

export async function putLogo(
  bucket: R2Bucket,
  organizationId: string,
  logo: { bytes: Uint8Array; contentType: LogoType },
) {
  await bucket.put(logoKey(organizationId), logo.bytes, { httpMetadata: { contentType: logo.contentType } });
  return { content_type: logo.contentType, size: logo.bytes.byteLength };
}

/** The stored logo, or null when the organization has none. */
export async function findLogo(bucket: R2Bucket, organizationId: string) {
  const object = await bucket.get(logoKey(organizationId));
  if (!object) return null;
  const contentType = object.httpMetadata?.contentType;
  const bytes = new Uint8Array(await object.arrayBuffer());
  return { bytes, contentType: contentType === "image/jpeg" ? "image/jpeg" : "image/png" } as const;
}

export async function getLogo(bucket: R2Bucket, organizationId: string) {
  const logo = await findLogo(bucket, organizationId);
  if (!logo) throw notFound("Logo");
  return logo;
}

export async function deleteLogo(bucket: R2Bucket, organizationId: string) {
  const object = await bucket.head(logoKey(organizationId));
  if (!object) throw notFound("Logo");
  await bucket.delete(logoKey(organizationId));
}

// The logo upload decodes with a bound and stores a normalized image; the PDFs (archived at send)
// embed it without decoding it again and parse. Pixels are read back from the PDF with pdf.js.
import { env } from "cloudflare:workers";
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { describe, expect, it } from "vitest";
import { findPrintableLogo } from "../../src/services/logo";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import {
  encodeTestPng,
  idatOf,
  pngBomb,
  pngChunk,
  readTestPng,
  rgbPngWithIdat,
  storedZlib,
} from "../helpers/png";
import { draft, sentInvoice } from "./billing/helpers";

const putLogo = (org: TestOrg, body: Uint8Array, type: string) =>
  api("PUT", "/v1/organization/logo", {
    token: org.owner.key,
    rawBody: body,
    headers: { "Content-Type": type },
  });

async function storedLogo(org: TestOrg) {
  const res = await api("GET", "/v1/organization/logo", { token: org.owner.key });
  expect(res.status).toBe(200);
  return { type: res.headers.get("Content-Type"), bytes: new Uint8Array(await res.raw.arrayBuffer()) };
}

interface PdfImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel (pdf.js applies the soft mask). */
  rgba: Uint8Array;
}

/** The first image painted on page 1 of the document's PDF, decoded by pdf.js, or null. */
async function logoOfPdf(org: TestOrg, invoiceId: string): Promise<PdfImage | null> {
  const res = await api("GET", `/v1/invoices/${invoiceId}/pdf`, { token: org.owner.key });
  expect(res.status).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(await res.raw.arrayBuffer()));
  const page = await pdf.getPage(1);
  const { OPS } = await getResolvedPDFJS();
  const operators = await page.getOperatorList();
  const at = operators.fnArray.indexOf(OPS.paintImageXObject);
  if (at < 0) return null;
  const name = operators.argsArray[at][0] as string;
  const image = await new Promise<{ width: number; height: number; data: Uint8Array; kind: number }>(
    (resolve) => page.objs.get(name, resolve),
  );
  const pixels = image.width * image.height;
  const channels = image.data.length / pixels;
  const rgba = new Uint8Array(pixels * 4);
  for (let p = 0; p < pixels; p++) {
    rgba.set(image.data.subarray(p * channels, p * channels + 3), p * 4);
    rgba[p * 4 + 3] = channels === 4 ? image.data[p * channels + 3]! : 255;
  }
  return { width: image.width, height: image.height, rgba };
}

/** Inflates a zlib stream as zlib does (workerd's DecompressionStream): checksum and block lengths checked. */
async function inflateStrictly(zlib: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([zlib]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const pixelAt = (image: PdfImage, x: number, y: number) => [
  ...image.rgba.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
];

// 16x16 baseline JPEG (ImageMagick) with a COM segment "secret comment".
const JPEG = Uint8Array.from(
  atob(
    "/9j/4AAQSkZJRgABAQAAAQABAAD//gAQc2VjcmV0IGNvbW1lbnT/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAUG/8QAFhAAAwAAAAAAAAAAAAAAAAAAABRh/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABcRAAMBAAAAAAAAAAAAAAAAAAAWYWL/2gAMAwEAAhEDEQA/AMaxQxSWxQxREs5FbDT/2Q==",
  ),
  (c) => c.charCodeAt(0),
);
const items = [{ description: "Work", quantity: 1, unit_price: 10 }];

describe("logo upload: bounded decoding", () => {
  it("answers 422 invalid_logo to a 1x1 PNG whose image data inflates to 8 MiB, and stores nothing", async () => {
    const org = await createOrg();
    const bomb = pngBomb(8 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const error = expectError(await putLogo(org, bomb, "image/png"), 422, "invalid_logo");
    expect(error.details?.reason).toBe("inflate_limit_exceeded");
    expect(error.message).toContain("1x1");
    expect(await env.DOCUMENTS.head(`logos/${org.organizationId}`)).toBeNull();
  });

  it("answers 422 invalid_logo to truncated and malformed PNGs", async () => {
    const org = await createOrg();
    const png = encodeTestPng({
      width: 40,
      height: 40,
      colorType: 2,
      bitDepth: 8,
      pixel: (x, y) => [x * 6, y * 6, 99],
    });
    // Cut inside the IDAT chunk.
    const cut = expectError(
      await putLogo(org, png.subarray(0, png.length - 30), "image/png"),
      422,
      "invalid_logo",
    );
    expect(cut.details?.reason).toBe("truncated");
    // Whole chunks, but image data for 20 of the 40 rows.
    const short = encodeTestPng({ width: 40, height: 20, colorType: 2, bitDepth: 8, pixel: () => [1, 2, 3] });
    new DataView(short.buffer).setUint32(20, 40);
    const fixedCrc = Uint8Array.from([
      ...short.subarray(0, 8),
      ...pngChunk("IHDR", short.subarray(16, 29)),
      ...short.subarray(33),
    ]);
    expect(expectError(await putLogo(org, fixedCrc, "image/png"), 422, "invalid_logo").details?.reason).toBe(
      "truncated",
    );
    // A row filter type that does not exist.
    const badFilter = encodeTestPng({
      width: 4,
      height: 4,
      colorType: 0,
      bitDepth: 8,
      pixel: () => [7],
      invalidFilterByte: 9,
    });
    expect(expectError(await putLogo(org, badFilter, "image/png"), 422, "invalid_logo").details?.reason).toBe(
      "bad_filter",
    );
    expect(await env.DOCUMENTS.head(`logos/${org.organizationId}`)).toBeNull();
  });

  it("answers 422 invalid_logo to a 200000x20 PNG (4,000,000 pixels, but rows too long to decode)", async () => {
    const org = await createOrg();
    const png = encodeTestPng({ width: 200_000, height: 20, colorType: 0, bitDepth: 1, pixel: () => [1] });
    const error = expectError(await putLogo(org, png, "image/png"), 422, "invalid_logo");
    expect(error.details?.reason).toBe("side_too_long");
    expect(await env.DOCUMENTS.head(`logos/${org.organizationId}`)).toBeNull();
  });

  it("answers 422 invalid_logo to a header-only JPEG and a truncated one", async () => {
    const org = await createOrg();
    // SOI and a frame header (SOF0, 16x16, 3 components), nothing else.
    const headerOnly = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11,
      1,
    ]);
    const header = expectError(await putLogo(org, headerOnly, "image/jpeg"), 422, "invalid_logo");
    expect(header.details?.reason).toBe("truncated");
    const truncated = expectError(
      await putLogo(org, JPEG.subarray(0, JPEG.length - 10), "image/jpeg"),
      422,
      "invalid_logo",
    );
    expect(truncated.details?.reason).toBe("truncated");
    const noScan = Uint8Array.from([...headerOnly, 0xff, 0xd9]);
    expect(expectError(await putLogo(org, noScan, "image/jpeg"), 422, "invalid_logo").details?.reason).toBe(
      "no_scan",
    );
    expect(await env.DOCUMENTS.head(`logos/${org.organizationId}`)).toBeNull();
  });
});

describe("logo upload: normalized storage", () => {
  it("stores a 2000x2000 16-bit PNG as a 600x600 8-bit PNG of IHDR/IDAT/IEND, and the PDF prints it", async () => {
    const org = await createOrg();
    // Left half opaque red, right half opaque blue, with a tEXt chunk.
    const text = new TextEncoder().encode("Comment\0made by a test");
    const png = encodeTestPng({
      width: 2000,
      height: 2000,
      colorType: 2,
      bitDepth: 16,
      pixel: (x) => (x < 1000 ? [65535, 0, 0] : [0, 0, 65535]),
      chunks: [pngChunk("tEXt", text)],
    });
    expect(png.length).toBeLessThan(512 * 1024);
    const res = await putLogo(org, png, "image/png");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await storedLogo(org);
    expect(res.body).toEqual({
      content_type: "image/png",
      size: stored.bytes.length,
      width: 600,
      height: 600,
    });
    expect(stored.type).toBe("image/png");
    const summary = readTestPng(stored.bytes);
    expect(summary).toMatchObject({ width: 600, height: 600, bitDepth: 8, colorType: 2, interlaced: false });
    expect(summary.chunkTypes).toEqual(["IHDR", "IDAT", "IEND"]);

    const invoice = await sentInvoice(org, { items });
    const image = await logoOfPdf(org, invoice.id);
    expect(image).toMatchObject({ width: 600, height: 600 });
    expect(pixelAt(image!, 10, 300)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(image!, 590, 300)).toEqual([0, 0, 255, 255]);
  });

  it("accepts a palette PNG with tRNS and a gray+alpha PNG; the PDF keeps their colours and transparency", async () => {
    const org = await createOrg();
    const palette = encodeTestPng({
      width: 30,
      height: 10,
      colorType: 3,
      bitDepth: 4,
      pixel: (x) => [x < 10 ? 0 : x < 20 ? 1 : 2],
      chunks: [
        pngChunk("PLTE", Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255])),
        pngChunk("tRNS", Uint8Array.from([255, 0])),
      ],
    });
    expect((await putLogo(org, palette, "image/png")).status).toBe(200);
    const stored = readTestPng((await storedLogo(org)).bytes);
    expect(stored).toMatchObject({ width: 30, height: 10, bitDepth: 8, colorType: 6 });
    expect(stored.chunkTypes).toEqual(["IHDR", "IDAT", "IEND"]);
    const invoice = await draft(org, { items });
    const image = (await logoOfPdf(org, invoice.id))!;
    expect(pixelAt(image, 5, 5)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(image, 15, 5)[3]).toBe(0); // transparent green
    expect(pixelAt(image, 25, 5)).toEqual([0, 0, 255, 255]);

    const grayAlpha = encodeTestPng({
      width: 8,
      height: 8,
      colorType: 4,
      bitDepth: 8,
      pixel: (x) => [200, x < 4 ? 255 : 0],
    });
    expect((await putLogo(org, grayAlpha, "image/png")).status).toBe(200);
    expect(readTestPng((await storedLogo(org)).bytes)).toMatchObject({
      width: 8,
      height: 8,
      bitDepth: 8,
      colorType: 6,
    });
    const gray = (await logoOfPdf(org, invoice.id))!;
    expect(pixelAt(gray, 1, 1)).toEqual([200, 200, 200, 255]);
    expect(pixelAt(gray, 6, 1)[3]).toBe(0);
  });

  it("decodes Adam7-interlaced PNGs (1-bit gray, 16-bit RGBA) to the same image as non-interlaced ones", async () => {
    const org = await createOrg();
    const cases = [
      { colorType: 0, bitDepth: 1, pixel: (x: number, y: number) => [(x + y) % 3 === 0 ? 1 : 0] },
      {
        colorType: 6,
        bitDepth: 16,
        pixel: (x: number, y: number) => [x * 3000, y * 3000, 40000, x < 9 ? 65535 : 30000],
      },
    ] as const;
    for (const png of cases) {
      const stored: Uint8Array[] = [];
      for (const interlaced of [false, true]) {
        const res = await putLogo(
          org,
          encodeTestPng({ width: 19, height: 13, interlaced, ...png }),
          "image/png",
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        stored.push((await storedLogo(org)).bytes);
      }
      expect(readTestPng(stored[1]!)).toMatchObject({
        width: 19,
        height: 13,
        bitDepth: 8,
        interlaced: false,
      });
      expect(stored[1]).toEqual(stored[0]);
    }
  });

  it("reverses all five row filters (None, Sub, Up, Average, Paeth), interlaced or not", async () => {
    const org = await createOrg();
    // 16-bit RGBA, so every upload is re-encoded: the same pixels give the same stored PNG.
    const pixel = (x: number, y: number) => [
      (x * 7919 + y * 104729) & 0xffff,
      x * 2000,
      y * 3000,
      65535 - x * y * 50,
    ];
    const stored: Uint8Array[] = [];
    for (const interlaced of [false, true]) {
      for (const filter of [0, 1, 2, 3, 4, "cycle"] as const) {
        const png = encodeTestPng({
          width: 23,
          height: 17,
          colorType: 6,
          bitDepth: 16,
          interlaced,
          filter,
          pixel,
        });
        const res = await putLogo(org, png, "image/png");
        expect(res.status, `filter ${filter}: ${JSON.stringify(res.body)}`).toBe(200);
        stored.push((await storedLogo(org)).bytes);
      }
    }
    for (const bytes of stored) expect(bytes).toEqual(stored[0]);
    // And the pixels are the ones encoded (16-bit samples rounded to 8 bits).
    const invoice = await draft(org, { items });
    const image = (await logoOfPdf(org, invoice.id))!;
    for (const [x, y] of [
      [0, 0],
      [5, 3],
      [22, 16],
    ] as const) {
      const expected = pixel(x, y).map((v) => Math.floor((v + 128) / 257));
      const got = pixelAt(image, x, y);
      expect(got[3]).toBe(expected[3]);
      // pdf.js composites colour under the soft mask: compare colour where the pixel is opaque enough.
      if (expected[3]! > 200)
        for (let c = 0; c < 3; c++) expect(Math.abs(got[c]! - expected[c]!)).toBeLessThanOrEqual(1);
    }
  });

  it("writes a PNG's image data again: an IDAT fflate accepts but zlib refuses never reaches GET or a PDF", async () => {
    // 4x4 RGB, filter 0 rows of (x * 60, y * 60, 90).
    const rows = new Uint8Array(4 * 13);
    for (let y = 0; y < 4; y++)
      for (let x = 0; x < 4; x++) rows.set([x * 60, y * 60, 90], y * 13 + 1 + x * 3);
    await expect(inflateStrictly(storedZlib(rows))).resolves.toEqual(rows);
    for (const wrong of [{ nlen: true }, { adler: true }]) {
      await expect(inflateStrictly(storedZlib(rows, wrong)), JSON.stringify(wrong)).rejects.toThrow();
      const org = await createOrg();
      const res = await putLogo(org, rgbPngWithIdat(4, 4, storedZlib(rows, wrong)), "image/png");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ content_type: "image/png", width: 4, height: 4 });
      // The PNG GET serves and the stream a PDF embeds both inflate with zlib, to the same pixels.
      const served = idatOf((await storedLogo(org)).bytes);
      expect(readTestPng((await storedLogo(org)).bytes).data).toEqual(await inflateStrictly(served));
      const object = await env.DOCUMENTS.get(`logos/${org.organizationId}`);
      const [offset, length] = object!.customMetadata!.rgb!.split("+").map(Number) as [number, number];
      const printed = new Uint8Array(await object!.arrayBuffer()).subarray(offset, offset + length);
      const inflated = await inflateStrictly(printed);
      expect(inflated.length).toBe(rows.length);
      const invoice = await draft(org, { items });
      const image = await logoOfPdf(org, invoice.id);
      expect(image).toMatchObject({ width: 4, height: 4 });
      expect(pixelAt(image!, 3, 2)).toEqual([180, 120, 90, 255]);
    }
  });

  it("keeps a valid JPEG as DCT data without its comment segment; the PDF embeds it", async () => {
    const org = await createOrg();
    const res = await putLogo(org, JPEG, "image/jpeg");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ content_type: "image/jpeg", width: 16, height: 16 });
    const stored = await storedLogo(org);
    expect(stored.type).toBe("image/jpeg");
    expect(new TextDecoder("latin1").decode(stored.bytes)).not.toContain("secret comment");
    expect(stored.bytes.length).toBe(JPEG.length - 18); // the COM segment: marker, length, 14 bytes
    const invoice = await draft(org, { items });
    const image = await logoOfPdf(org, invoice.id);
    expect(image).toMatchObject({ width: 16, height: 16 });
  });
});

describe("logos stored before normalization", () => {
  const storeRaw = (org: TestOrg, bytes: Uint8Array, contentType: string) =>
    env.DOCUMENTS.put(`logos/${org.organizationId}`, bytes, { httpMetadata: { contentType } });

  it("normalizes a stored 16-bit PNG on the first render and replaces it", async () => {
    const org = await createOrg();
    const png = encodeTestPng({
      width: 1200,
      height: 300,
      colorType: 2,
      bitDepth: 16,
      pixel: () => [0, 65535, 0],
    });
    await storeRaw(org, png, "image/png");
    const invoice = await draft(org, { items });
    expect(await logoOfPdf(org, invoice.id)).toMatchObject({ width: 600, height: 150 });
    const object = await env.DOCUMENTS.head(`logos/${org.organizationId}`);
    expect(object?.customMetadata).toMatchObject({ width: "600", height: "150" });
    expect(readTestPng((await storedLogo(org)).bytes)).toMatchObject({
      width: 600,
      height: 150,
      bitDepth: 8,
    });
  });

  it("prints a stored older logo even when R2 refuses the normalized write-back, and keeps it as it was", async () => {
    const org = await createOrg();
    const png = encodeTestPng({ width: 8, height: 4, colorType: 0, bitDepth: 16, pixel: () => [65535] });
    await storeRaw(org, png, "image/png");
    // The real bucket, except that writes fail (an R2 error).
    const failingPuts = new Proxy(env.DOCUMENTS, {
      get: (bucket, name) =>
        name === "put"
          ? () => Promise.reject(new Error("R2 put failed"))
          : Reflect.get(bucket, name).bind(bucket),
    });
    const logo = await findPrintableLogo(failingPuts, org.organizationId);
    expect(logo).toMatchObject({ kind: "raster", width: 8, height: 4 });
    expect(await inflateStrictly((logo as { rgb: Uint8Array }).rgb)).toHaveLength(4 * (1 + 8 * 3));
    // Nothing written: the next render normalizes it again.
    expect((await env.DOCUMENTS.head(`logos/${org.organizationId}`))?.customMetadata).toEqual({});
    // A stored logo that cannot be used: left out, also when marking it unusable fails.
    await storeRaw(org, pngBomb(1024 * 1024), "image/png");
    expect(await findPrintableLogo(failingPuts, org.organizationId)).toBeNull();
    expect((await env.DOCUMENTS.head(`logos/${org.organizationId}`))?.customMetadata).toEqual({});
  });

  it("leaves out a stored bomb or header-only JPEG, marks it unusable, and the archived PDF parses", async () => {
    const org = await createOrg();
    await storeRaw(org, pngBomb(8 * 1024 * 1024), "image/png");
    const invoice = await sentInvoice(org, { items });
    expect(await logoOfPdf(org, invoice.id)).toBeNull();
    const object = await env.DOCUMENTS.head(`logos/${org.organizationId}`);
    expect(object?.customMetadata).toMatchObject({ logo: "unusable", reason: "inflate_limit_exceeded" });

    const headerOnly = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11,
      1,
    ]);
    await storeRaw(org, headerOnly, "image/jpeg");
    const second = await sentInvoice(org, { items });
    expect(await logoOfPdf(org, second.id)).toBeNull();
    expect((await env.DOCUMENTS.head(`logos/${org.organizationId}`))?.customMetadata?.logo).toBe("unusable");
    // GET still serves what was uploaded.
    expect((await storedLogo(org)).bytes).toEqual(headerOnly);
  });
});

// The QR encoder (src/lib/qr.ts) against qrcode-generator 2.0.4 (a development dependency, the
// reference): the same bytes give the same modules, mask choice included, across lengths,
// versions 1 to 40 and bytes of every value.
import qrcode from "qrcode-generator";
import { describe, expect, it } from "vitest";
import { epcPayload } from "../../src/lib/epc-qr";
import { qrCode } from "../../src/lib/qr";

/** The library's modules for `bytes`, as the encoder was called before (byte mode, level M). */
function library(bytes: Uint8Array): boolean[][] {
  const qr = qrcode(0, "M");
  qr.addData(String.fromCharCode(...bytes), "Byte");
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => qr.isDark(row, col)),
  );
}

/** A small seeded generator (mulberry32): the same bytes on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bytesOf = (next: () => number, length: number) =>
  Uint8Array.from({ length }, () => Math.floor(next() * 256));

describe("the QR encoder", () => {
  it("draws what qrcode-generator draws for EPC payloads", () => {
    const payload = epcPayload({
      name: "Müller & Söhne GmbH",
      iban: "DE89 3704 0044 0532 0130 00",
      bic: "COBADEFFXXX",
      amountMinor: 123_456,
      reference: "RF18 5390 0754 7034",
    });
    const bytes = new TextEncoder().encode(payload);
    const matrix = qrCode(bytes);
    expect(matrix).toHaveLength(41); // version 6
    expect(matrix).toEqual(library(bytes));
  });

  it("draws what qrcode-generator draws for 120 random byte strings of up to 331 bytes", () => {
    const next = random(20261205);
    for (let i = 0; i < 120; i++) {
      const bytes = bytesOf(next, Math.floor(next() * 332));
      expect(qrCode(bytes), `case ${i}, ${bytes.length} bytes`).toEqual(library(bytes));
    }
  });

  it("draws what qrcode-generator draws at versions' capacities and one byte past them", () => {
    const next = random(7);
    // Level M's byte capacity of versions 1, 6, 7 (the first with version bits), 9 (the last
    // with an 8-bit count), 10, 13, 30 and 40.
    for (const capacity of [14, 106, 122, 180, 213, 331, 1370, 2331]) {
      for (const length of [capacity, capacity + 1]) {
        if (length > 2331) continue;
        const bytes = bytesOf(next, length);
        expect(qrCode(bytes), `${length} bytes`).toEqual(library(bytes));
      }
    }
  });

  it("refuses what no version holds", () => {
    expect(() => qrCode(new Uint8Array(2332))).toThrow(RangeError);
  });
});

// The byte encodings the crypto and auth code share: hex, base64, base64url.
import { describe, expect, it } from "vitest";
import { fromBase64, fromBase64Url, sha256Hex, toBase64, toBase64Url, toHex } from "../../src/lib/encoding";

describe("encodings", () => {
  it("writes every byte as two lower-case hex digits, in order", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hex = toHex(all);
    expect(hex).toHaveLength(512);
    expect(hex.slice(0, 8)).toBe("00010203");
    expect(hex.slice(-8)).toBe("fcfdfeff");
    expect(toHex(new Uint8Array())).toBe("");
  });

  it("hashes to SHA-256 in hex (the test vector of FIPS 180-2)", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("round-trips base64 and base64url, and refuses a base64url with other characters", () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff))).toBe("-_8");
    expect(() => fromBase64Url("a+b")).toThrow("invalid base64url");
  });
});

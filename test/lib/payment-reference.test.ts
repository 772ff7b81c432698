import { describe, expect, it } from "vitest";
import { epcPayload } from "../../src/lib/epc-qr";
import {
  checkTypedReference,
  derivePaymentReference,
  isValidRf,
  ogmReference,
  parseOgm,
  referenceKey,
  referenceKeysIn,
  rfReference,
} from "../../src/lib/payment-reference";

describe("ISO 11649 RF creditor references", () => {
  it("computes the check digits of the standard's example", () => {
    expect(rfReference("539007547034")).toBe("RF18539007547034");
  });

  it("derives one from an invoice number's letters and digits, at most 25 characters", () => {
    expect(rfReference("INV-000123")).toBe("RF73INV000123");
    const long = rfReference("ACME-2026/INVOICE-0000000000012345");
    expect(long).toHaveLength(25);
    expect(isValidRf(long ?? "")).toBe(true);
    expect(rfReference("--")).toBeNull();
  });

  it.each(["RF18539007547034", "RF18 5390 0754 7034", "rf18539007547034", "RF73INV000123"])(
    "accepts %s",
    (text) => {
      expect(isValidRf(text)).toBe(true);
    },
  );

  it.each([
    "RF19539007547034",
    "RF18539007547043",
    "RF18",
    "RF1853900754703412345678901",
    "XX18539007547034",
  ])("refuses %s", (text) => {
    expect(isValidRf(text)).toBe(false);
  });
});

describe("Belgian structured communication", () => {
  it("derives +++xxx/xxxx/xxxxx+++ from the number's last 10 digits and their mod-97 check", () => {
    expect(ogmReference("INV-000123")).toBe("+++000/0000/12326+++");
    // 0108068171 mod 97 = 83
    expect(ogmReference("0108068171")).toBe("+++010/8068/17183+++");
  });

  it("writes 97 when the remainder is 0", () => {
    expect(ogmReference("0000000097")).toBe("+++000/0000/09797+++");
  });

  it("parses the typed forms and refuses wrong check digits", () => {
    expect(parseOgm("+++010/8068/17183+++")).toBe("+++010/8068/17183+++");
    expect(parseOgm("***010/8068/17183***")).toBe("+++010/8068/17183+++");
    expect(parseOgm("010806817183")).toBe("+++010/8068/17183+++");
    expect(parseOgm("+++010/8068/17184+++")).toBeNull();
    expect(parseOgm("+++010/8068/1718+++")).toBeNull();
  });
});

describe("derivePaymentReference", () => {
  it("gives each format of an invoice number", () => {
    expect(derivePaymentReference("rf", "INV-000123")).toBe("RF73INV000123");
    expect(derivePaymentReference("number", "INV-000123")).toBe("INV-000123");
    expect(derivePaymentReference("be_ogm", "INV-000123")).toBe("+++000/0000/12326+++");
    expect(derivePaymentReference("rf", null)).toBeNull();
  });
});

describe("checkTypedReference", () => {
  it("refuses an RF reference or a structured communication with wrong check digits", () => {
    expect(checkTypedReference("RF19539007547034")).toMatchObject({ ok: false });
    expect(checkTypedReference("+++010/8068/17184+++")).toMatchObject({ ok: false });
    expect(checkTypedReference("010/8068/17184")).toMatchObject({ ok: false });
  });

  it("accepts valid ones (canonical) and lets free text through as it is", () => {
    expect(checkTypedReference("rf18 5390 0754 7034")).toEqual({ ok: true, value: "RF18539007547034" });
    expect(checkTypedReference("***010/8068/17183***")).toEqual({ ok: true, value: "+++010/8068/17183+++" });
    expect(checkTypedReference("Wire 2026-11 / INV-000123")).toEqual({
      ok: true,
      value: "Wire 2026-11 / INV-000123",
    });
  });
});

describe("referenceKeysIn", () => {
  it("finds RF references (also in groups of four), structured communications and invoice numbers", () => {
    const keys = referenceKeysIn("Payment RF18 5390 0754 7034 thanks; INV-000045 and +++010/8068/17183+++");
    expect(keys).toContain("RF18539007547034");
    expect(keys).toContain("010806817183");
    expect(keys).toContain(referenceKey("INV-000045"));
  });

  it("ignores an RF-looking text whose check digits fail", () => {
    expect(referenceKeysIn("RF19539007547034")).not.toContain("RF19539007547034");
  });

  it("keys a reference the way the text is keyed", () => {
    expect(referenceKey("RF18 5390 0754 7034")).toBe("RF18539007547034");
    expect(referenceKey("+++010/8068/17183+++")).toBe("010806817183");
    expect(referenceKey("inv-000045")).toBe("INV000045");
  });
});

describe("the EPC QR payload with an RF reference", () => {
  it("puts it in the structured field and leaves the text empty (EPC069-12 allows one)", () => {
    const lines = epcPayload({
      name: "Acme",
      iban: "DE89370400440532013000",
      bic: null,
      amountMinor: 100,
      reference: "RF73INV000123",
    }).split("\n");
    expect(lines[9]).toBe("RF73INV000123");
    expect(lines[10]).toBe("");
  });

  it("keeps any other reference as the text", () => {
    const lines = epcPayload({
      name: "Acme",
      iban: "DE89370400440532013000",
      bic: null,
      amountMinor: 100,
      reference: "+++000/0000/12326+++",
    }).split("\n");
    expect(lines[9]).toBe("");
    expect(lines[10]).toBe("+++000/0000/12326+++");
  });
});

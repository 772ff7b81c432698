// The dedupe keys of a statement read in two parts, pinned: a re-import finds an entry only if
// its key is the one written before (src/services/bank/dedupe.ts). A short bank reference is the
// key, numbered `#n` from its second time in the file, across parts; its earlier key (the format
// of older imports) is the key itself, so none is given. A reference over 64 characters is
// hashed, and its earlier key holds it as written, numbered alike.
import { describe, expect, it } from "vitest";
import type { StatementEntry } from "../../src/lib/bank-statement/types";
import { dedupeKeys, newFileKeys } from "../../src/services/bank/dedupe";

const ACCOUNT = "DE89370400440532013000";
const LONG = `LONG-${"R".repeat(70)}`;

const entry = (bankReference: string | null): StatementEntry => ({
  bookingDate: "2026-11-02",
  valueDate: "2026-11-02",
  amountMinor: 1250,
  currency: "EUR",
  counterpartyName: "Acme",
  counterpartyIban: null,
  remittanceInformation: "Invoice 7",
  structuredReference: null,
  endToEndId: null,
  bankReference,
});

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("dedupe keys across the parts of a file", () => {
  it("numbers a short reference and a hashed one across parts, with the earlier keys of older imports", async () => {
    const file = newFileKeys();
    const first = await dedupeKeys(ACCOUNT, [entry("B-1"), entry("B-1"), entry(LONG)], file);
    const second = await dedupeKeys(ACCOUNT, [entry("B-1"), entry(LONG)], file);
    const hashed = `${ACCOUNT}|ref:sha256:${(await sha256Hex(LONG)).slice(0, 40)}`;
    expect(first.keys).toEqual([`${ACCOUNT}|ref:B-1`, `${ACCOUNT}|ref:B-1#2`, hashed]);
    expect(first.earlierKeys).toEqual([null, null, `${ACCOUNT}|ref:${LONG}`]);
    expect(second.keys).toEqual([`${ACCOUNT}|ref:B-1#3`, `${hashed}#2`]);
    expect(second.earlierKeys).toEqual([null, `${ACCOUNT}|ref:${LONG}#2`]);
    expect(first.accountPrefix).toBe(`${ACCOUNT}|`);
  });
});

// The statement parsers on their own: CAMT.053/.054 details (status, reversals, batch entries,
// DtTm, chunking), MT940 fields (reversal marks, continued :86: lines, block wrappers).
import { describe, expect, it } from "vitest";
import { parseCamt } from "../../src/lib/bank-statement/camt";
import { parseMt940 } from "../../src/lib/bank-statement/mt940";
import { StatementFormatError } from "../../src/lib/bank-statement/types";
import { camt053, mt940 } from "../helpers/bank-statements";

/** The text in chunks of `size` characters, as a body arrives. */
async function* chunks(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const ntry = (body: string) => `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>N1</MsgId><CreDtTm>2026-11-20T10:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N1</Id><Acct><Id><Othr><Id>0532013000</Id></Othr></Id><Ccy>EUR</Ccy></Acct>${body}</Ntfctn>
</BkToCstmrDbtCdtNtfctn></Document>`;

describe("parseCamt", () => {
  it("reads the same entries whatever the chunk boundaries", async () => {
    const file = camt053([
      {
        amount: 12.5,
        name: "Ada",
        iban: "DE02120300000000202051",
        text: "Invoice INV-000001",
        bankRef: "R1",
      },
      { amount: 3, debit: true, name: "Shop", bankRef: "R2", endToEnd: "E2" },
    ]);
    const whole = await parseCamt(chunks(file, file.length));
    const tiny = await parseCamt(chunks(file, 7));
    expect(tiny).toEqual(whole);
    expect(whole).toMatchObject({
      format: "camt.053",
      accountIban: "DE89370400440532013000",
      statementId: "STMT-2026-11-20",
    });
    expect(whole.entries).toEqual([
      {
        bookingDate: "2026-11-20",
        valueDate: "2026-11-20",
        amountMinor: 1250,
        currency: "EUR",
        counterpartyName: "Ada",
        counterpartyIban: "DE02120300000000202051",
        remittanceInformation: "Invoice INV-000001",
        structuredReference: null,
        endToEndId: null,
        bankReference: "R1",
      },
      expect.objectContaining({
        amountMinor: -300,
        counterpartyName: "Shop",
        endToEndId: "E2",
        bankReference: "R2",
      }),
    ]);
  });

  it("reads CAMT.054, skips pending entries, keeps a reversal's own direction (a returned credit is a DBIT), splits batch entries, takes DtTm", async () => {
    const parsed = await parseCamt(
      chunks(
        ntry(`
<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts><BookgDt><Dt>2026-11-20</Dt></BookgDt></Ntry>
<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts>BOOK</Sts><BookgDt><DtTm>2026-11-20T09:30:00</DtTm></BookgDt><AcctSvcrRef>REV</AcctSvcrRef></Ntry>
<Ntry><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><AcctSvcrRef>BATCH</AcctSvcrRef><NtryDtls>
<TxDtls><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Nm>One</Nm></Dbtr></RltdPties></TxDtls>
<TxDtls><Amt Ccy="EUR">20.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Refs><AcctSvcrRef>B2</AcctSvcrRef></Refs><RltdPties><Dbtr><Nm>Two</Nm></Dbtr></RltdPties><RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>
</NtryDtls></Ntry>`),
        50,
      ),
    );
    expect(parsed).toMatchObject({ format: "camt.054", account: "0532013000", accountIban: null });
    expect(
      parsed.entries.map((e) => [
        e.amountMinor,
        e.bankReference,
        e.counterpartyName,
        e.structuredReference,
        e.bookingDate,
      ]),
    ).toEqual([
      [-1000, "REV", null, null, "2026-11-20"],
      [1000, "BATCH/1", "One", null, null],
      [2000, "B2", "Two", "RF18539007547034", null],
    ]);
  });

  it("refuses an unknown version, a missing amount and a file of two accounts", async () => {
    const v9 = camt053([{ amount: 1 }]).replace("camt.053.001.02", "camt.053.001.09");
    await expect(parseCamt(chunks(v9, 100))).rejects.toThrow(/\.001\.02 to \.001\.08/);
    const noAmount = ntry("<Ntry><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts></Ntry>");
    await expect(parseCamt(chunks(noAmount, 100))).rejects.toMatchObject({
      name: "StatementFormatError",
      where: expect.stringMatching(/Ntry\[1\]\/Amt \(line \d+\)$/),
    });
    const two = camt053([{ amount: 1 }]).replace(
      "</Stmt>",
      "</Stmt><Stmt><Id>2</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct></Stmt>",
    );
    await expect(parseCamt(chunks(two, 100))).rejects.toThrow(/two accounts/);
  });
});

describe("parseMt940", () => {
  it("reads entries, continued :86: lines and both detail layouts, whatever the chunks", async () => {
    const entries = [
      {
        amount: 100,
        name: "A very long counterparty name GmbH & Co. KG",
        iban: "DE02120300000000202051",
        text: "RF18 5390 0754 7034 and more words to wrap the line",
        endToEnd: "E2E-9",
        bankRef: "BANK1",
      },
      { amount: 7.5, debit: true, text: "Fee" },
    ];
    const german = mt940(entries, { layout: "german" });
    const parsed = await parseMt940(chunks(german, 13));
    expect(parsed).toMatchObject({
      format: "mt940",
      accountIban: "DE89370400440532013000",
      statementId: "STARTUMSE",
    });
    expect(parsed.entries[0]).toEqual({
      bookingDate: "2026-11-20",
      valueDate: "2026-11-20",
      amountMinor: 10000,
      currency: "EUR",
      counterpartyName: "A very long counterparty name GmbH & Co. KG",
      counterpartyIban: "DE02120300000000202051",
      remittanceInformation: "RF18 5390 0754 7034 and more words to wrap the line",
      structuredReference: null,
      endToEndId: "E2E-9",
      bankReference: "BANK1",
    });
    expect(parsed.entries[1]).toMatchObject({
      amountMinor: -750,
      remittanceInformation: "Fee",
      bankReference: null,
    });
    const swift = await parseMt940(chunks(mt940(entries, { layout: "swift" }), 1000));
    expect(swift.entries[0]).toMatchObject({
      counterpartyName: entries[0]?.name,
      counterpartyIban: "DE02120300000000202051",
      endToEndId: "E2E-9",
    });
  });

  it("books RC as money out and RD as money in", async () => {
    const file = [
      ":20:X",
      ":25:DE89370400440532013000",
      ":60F:C261119EUR0,00",
      ":61:2611201120RC5,00NTRFNONREF",
      ":61:2611201120RD2,00NTRFNONREF",
      ":62F:C261120EUR0,00",
    ].join("\n");
    const parsed = await parseMt940(chunks(file, 5));
    expect(parsed.entries.map((e) => e.amountMinor)).toEqual([-500, 200]);
  });

  it("names the line of a malformed field", async () => {
    const file = [
      ":20:X",
      ":25:DE89370400440532013000",
      ":60F:C261119EUR0,00",
      ":61:2611201120C5.00NTRFNONREF",
    ].join("\n");
    const error = await parseMt940(chunks(file, 64)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatementFormatError);
    expect((error as StatementFormatError).where).toBe("line 4");
  });
});

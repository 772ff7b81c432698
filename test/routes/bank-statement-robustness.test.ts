// Bank statements that would post wrong money or stall the Worker: impossible dates, files
// nested or sized past what a bank writes, batch entries whose details do not add up to the
// booking, re-exports of an entry with its free text re-formatted, amounts past 15 digits,
// unbounded references, zero amounts and unknown charsets. Each answers 422 (or 415) and stores
// nothing, or imports without paying an invoice twice.
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/lib/encoding";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { camt053, camt053Of, mt940, type TestEntry } from "../helpers/bank-statements";
import { d1Of } from "../helpers/db";
import { createCustomer, createInvoice, SELLER } from "../helpers/factories";

type Invoice = { id: string; number: string; status: string; amount_paid: number; payment_reference: string };

async function setup(invoiceAmounts: number[] = [100]) {
  const org = await createOrg({ currency: "EUR" });
  expect((await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER })).status).toBe(200);
  const customer = await createCustomer(org, { name: "Acme Trading GmbH" });
  const invoices: Invoice[] = [];
  for (const amount of invoiceAmounts) {
    const created = await createInvoice(org, {
      customer_id: customer.id,
      currency: "EUR",
      items: [{ description: "Work", quantity: 1, unit_price: amount }],
    });
    const sent = await api("POST", `/v1/invoices/${created.id}/send`, { token: org.owner.key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    invoices.push(sent.body);
  }
  return { org, invoices };
}

const upload = (org: TestOrg, body: string, contentType = "application/xml") =>
  api("POST", "/v1/bank-statements", {
    token: org.owner.key,
    rawBody: body,
    headers: { "Content-Type": contentType },
  });

const invoiceOf = async (org: TestOrg, id: string): Promise<Invoice> =>
  (await api("GET", `/v1/invoices/${id}`, { token: org.owner.key })).body;

const transactions = async (org: TestOrg) =>
  (await api("GET", "/v1/bank-transactions?limit=100", { token: org.owner.key })).body.data as Record<
    string,
    any
  >[];

/** Nothing of a refused file is stored: no statement, no transaction, the invoices unpaid. */
async function expectNothingStored(org: TestOrg, invoices: readonly Invoice[]) {
  const statements = await api("GET", "/v1/bank-statements", { token: org.owner.key });
  expect(statements.body.data).toEqual([]);
  expect(await transactions(org)).toEqual([]);
  for (const invoice of invoices) {
    expect(await invoiceOf(org, invoice.id)).toMatchObject({ status: "sent", amount_paid: 0 });
  }
}

/** A refused file: 422 naming what and where, and nothing stored. */
async function expectRefused(
  org: TestOrg,
  invoices: readonly Invoice[],
  res: Awaited<ReturnType<typeof upload>>,
) {
  const error = expectError(res, 422, "validation_error");
  expect(error.details).toMatchObject({ file: expect.any(String), location: expect.any(String) });
  await expectNothingStored(org, invoices);
  return error.details as { file: string; location: string };
}

/** One booked CRDT entry of 100.00 EUR naming `reference`, with the booking date `date`. */
const ntry = (reference: string, date: string, amount = "100.00") => `
  <Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
    <BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>2026-11-20</Dt></ValDt>
    <NtryDtls><TxDtls><RmtInf><Ustrd>${reference}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

describe("dates read from a statement", () => {
  it("refuses an impossible CAMT booking date with 422 naming the element, and stores nothing", async () => {
    const { org, invoices } = await setup();
    const [invoice] = invoices as [Invoice];
    const details = await expectRefused(
      org,
      invoices,
      await upload(org, camt053Of(ntry(invoice.payment_reference, "2026-99-99"))),
    );
    expect(details.file).toContain("2026-99-99");
    expect(details.location).toMatch(/Ntry\[1\]\/BookgDt\/Dt/);
    // The date that reached the hosted page and receipt as "Invalid time value" never gets in.
    for (const date of ["2026-02-29", "2026-04-31", "1999-12-31", "2031-01-01"]) {
      const res = await upload(org, camt053Of(ntry(invoice.payment_reference, date)));
      expect(res.status, `${date}: ${JSON.stringify(res.body)}`).toBe(422);
    }
    await expectNothingStored(org, invoices);
    const dateTime = (time: string) =>
      camt053Of(
        ntry(invoice.payment_reference, "2026-11-20").replace(
          "<Dt>2026-11-20</Dt></BookgDt>",
          `<DtTm>${time}</DtTm></BookgDt>`,
        ),
      );
    for (const time of ["2026-11-20T25:00:00", "2026-11-20", "2026-02-30T10:00:00+01:00"]) {
      expect((await upload(org, dateTime(time))).status, time).toBe(422);
    }
    await expectNothingStored(org, invoices);
    expect((await upload(org, dateTime("2026-11-20T10:15:00.123+01:00"))).body).toMatchObject({ matched: 1 });
    // A leap day is a date, and so is a day with its time zone (xs:date).
    const leap = await upload(org, camt053Of(ntry("no reference", "2024-02-29")));
    expect(leap.status, JSON.stringify(leap.body)).toBe(201);
    const zoned = await upload(org, camt053Of(ntry("zoned", "2026-11-19+01:00")));
    expect(zoned.status, JSON.stringify(zoned.body)).toBe(201);
  });

  it("checks only booked entries' dates: a pending entry booked next week is skipped, not refused", async () => {
    const { org, invoices } = await setup();
    const [invoice] = invoices as [Invoice];
    const ahead = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const pending = ntry("pending", ahead).replace("<Sts>BOOK</Sts>", "<Sts>PDNG</Sts>");
    const res = await upload(org, camt053Of(pending + ntry(invoice.payment_reference, "2026-11-20")));
    expect(res.body).toMatchObject({ entries: 1, imported: 1, matched: 1 });
    // Booked, the same date is refused: it would date a payment next week.
    const booked = expectError(await upload(org, camt053Of(ntry("booked", ahead))), 422, "validation_error");
    expect(booked.details).toMatchObject({ location: expect.stringMatching(/Ntry\[1\]\/BookgDt\/Dt/) });
  });

  it("refuses an MT940 value date of month 13, an entry date 1399 and 29 February of 2026", async () => {
    const { org, invoices } = await setup();
    const [invoice] = invoices as [Invoice];
    const file = mt940([{ amount: 100, structured: invoice.payment_reference, bankRef: "M-1" }]);
    for (const [from, to] of [
      [":61:2611201120CR", ":61:2613991120CR"],
      [":61:2611201120CR", ":61:2611201399CR"],
      [":61:2611201120CR", ":61:2602290229CR"],
    ] as const) {
      const details = await expectRefused(
        org,
        invoices,
        await upload(org, file.replace(from, to), "text/plain"),
      );
      expect(details.location).toBe("line 6");
    }
    // An entry date is read in the value date's year or the next to it, within 3 months of it:
    // 0229 beside a value date of 2025-03-01 is no date of 2024.
    await expectRefused(
      org,
      invoices,
      await upload(org, file.replace(":61:2611201120CR", ":61:2503010229CR"), "text/plain"),
    );
    // 29 February of a leap year is a date.
    const leap = await upload(org, file.replace(":61:2611201120CR", ":61:2402290229CR"), "text/plain");
    expect(leap.status, JSON.stringify(leap.body)).toBe(201);
    expect((await transactions(org))[0]).toMatchObject({
      booking_date: "2024-02-29",
      value_date: "2024-02-29",
    });
  });
});

describe("files past what a bank writes", () => {
  it("refuses elements nested deeper than 64 levels inside an entry with 422", async () => {
    const { org, invoices } = await setup();
    const [invoice] = invoices as [Invoice];
    const deep = `${"<X>".repeat(25_000)}${"</X>".repeat(25_000)}`;
    const file = camt053Of(
      ntry(invoice.payment_reference, "2026-11-20").replace("<NtryDtls>", `${deep}<NtryDtls>`),
    );
    const details = await expectRefused(org, invoices, await upload(org, file));
    expect(details.file).toMatch(/nested deeper than 64/);
    // Nested within the limit, an unknown element is skipped and the entry imports.
    const shallow = `${"<X>".repeat(40)}${"</X>".repeat(40)}`;
    const fine = camt053Of(
      ntry(invoice.payment_reference, "2026-11-20").replace("<NtryDtls>", `${shallow}<NtryDtls>`),
    );
    expect((await upload(org, fine)).body).toMatchObject({ imported: 1, matched: 1 });
  });

  it("refuses a 3 MB reference, a 2 MB account line and an MT940 line of 5,000 characters", async () => {
    const { org, invoices } = await setup();
    const [invoice] = invoices as [Invoice];
    const huge = "R".repeat(3_000_000);
    const camt = camt053([{ amount: 100, structured: invoice.payment_reference, bankRef: huge }]);
    expect((await expectRefused(org, invoices, await upload(org, camt))).file).toMatch(/longer than 4096/);
    const account = mt940([{ amount: 100, structured: invoice.payment_reference }], {
      account: "1".repeat(2_000_000),
    });
    expect((await expectRefused(org, invoices, await upload(org, account, "text/plain"))).location).toBe(
      "line 3",
    );
    const reference = mt940([
      { amount: 100, structured: invoice.payment_reference, bankRef: "B".repeat(5000) },
    ]);
    await expectRefused(org, invoices, await upload(org, reference, "text/plain"));
  });

  it("keys a long bank reference by its hash, stores it clipped, and finds it again", async () => {
    const { org, invoices } = await setup();
    const [invoice] = invoices as [Invoice];
    const bankRef = `REF-${"9".repeat(300)}`;
    const file = camt053([{ amount: 100, structured: invoice.payment_reference, bankRef }]);
    expect((await upload(org, file)).body).toMatchObject({ imported: 1, matched: 1 });
    const [row] = await (await d1Of(org.organizationId))
      .prepare("SELECT dedupe_key, bank_reference FROM bank_transactions WHERE organization_id = ?")
      .bind(org.organizationId)
      .all<{ dedupe_key: string; bank_reference: string }>()
      .then((r) => r.results);
    expect(row?.dedupe_key).toMatch(/^DE89370400440532013000\|ref:sha256:[0-9a-f]{40}$/);
    expect(row?.bank_reference).toBe(bankRef.slice(0, 140));
    expect((await upload(org, file)).body).toMatchObject({ imported: 0, duplicates: 1 });
    expect(await invoiceOf(org, invoice.id)).toMatchObject({ status: "paid", amount_paid: 100 });
  });
});

describe("batch entries", () => {
  const batch = (entryAmount: string, details: { amount: string; cd: "CRDT" | "DBIT"; ref: string }[]) => `
    <Ntry><Amt Ccy="EUR">${entryAmount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
      <BookgDt><Dt>2026-11-20</Dt></BookgDt><ValDt><Dt>2026-11-20</Dt></ValDt><AcctSvcrRef>BATCH-1</AcctSvcrRef>
      <NtryDtls>${details
        .map(
          (d) => `<TxDtls><Amt Ccy="EUR">${d.amount}</Amt><CdtDbtInd>${d.cd}</CdtDbtInd>
            <RmtInf><Strd><CdtrRefInf><Ref>${d.ref}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>`,
        )
        .join("")}</NtryDtls></Ntry>`;

  it("refuses an entry of 1.00 whose two details of 1,000.00 name two invoices: 422, nothing paid", async () => {
    const { org, invoices } = await setup([1000, 1000]);
    const [a, b] = invoices as [Invoice, Invoice];
    const file = camt053Of(
      batch("1.00", [
        { amount: "1000.00", cd: "CRDT", ref: a.payment_reference },
        { amount: "1000.00", cd: "CRDT", ref: b.payment_reference },
      ]),
      { version: "08" },
    );
    const details = await expectRefused(org, invoices, await upload(org, file));
    expect(details.file).toContain("add up to 2000 EUR, not the entry's 1");
    expect(details.location).toMatch(/Ntry\[1\]\/NtryDtls/);
  });

  it("refuses a DBIT detail as the one detail of a CRDT entry, and one detail without an amount", async () => {
    const { org, invoices } = await setup([100]);
    const [a] = invoices as [Invoice];
    const debit = camt053Of(batch("100.00", [{ amount: "100.00", cd: "DBIT", ref: a.payment_reference }]), {
      version: "08",
    });
    expect((await expectRefused(org, invoices, await upload(org, debit))).file).toContain(
      "A TxDtls of the CRDT entry is a DBIT",
    );
    const mixed = camt053Of(
      batch("100.00", [{ amount: "100.00", cd: "CRDT", ref: a.payment_reference }]).replace(
        "</NtryDtls>",
        "<TxDtls><RmtInf><Ustrd>x</Ustrd></RmtInf></TxDtls></NtryDtls>",
      ),
      { version: "08" },
    );
    expect((await expectRefused(org, invoices, await upload(org, mixed))).file).toMatch(/all or none/);
  });

  it("refuses details going both ways, even when they net to the entry: 1,000 + 1,000 − 1,999 is no 1.00 credit", async () => {
    const { org, invoices } = await setup([1000, 1000]);
    const [a, b] = invoices as [Invoice, Invoice];
    const file = camt053Of(
      batch("1.00", [
        { amount: "1000.00", cd: "CRDT", ref: a.payment_reference },
        { amount: "1000.00", cd: "CRDT", ref: b.payment_reference },
        { amount: "1999.00", cd: "DBIT", ref: "netted" },
      ]),
      { version: "08" },
    );
    const details = await expectRefused(org, invoices, await upload(org, file));
    expect(details.file).toContain("every detail goes the entry's way");
  });

  it("posts the booked amount of a single entry whose one detail states more (charges taken off)", async () => {
    const { org, invoices } = await setup([100]);
    const [a] = invoices as [Invoice];
    const file = camt053Of(batch("99.50", [{ amount: "100.00", cd: "CRDT", ref: a.payment_reference }]), {
      version: "08",
    });
    expect((await upload(org, file)).body).toMatchObject({ imported: 1, matched: 1 });
    expect(await invoiceOf(org, a.id)).toMatchObject({ status: "sent", amount_paid: 99.5 });
  });

  it("takes a reversal's direction as written: a returned credit (DBIT, RvslInd) pays nothing", async () => {
    const { org, invoices } = await setup([100]);
    const [a] = invoices as [Invoice];
    const returned = ntry(a.payment_reference, "2026-11-20").replace(
      "<CdtDbtInd>CRDT</CdtDbtInd>",
      "<CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd>",
    );
    expect((await upload(org, camt053Of(returned))).body).toMatchObject({
      imported: 1,
      matched: 0,
      ignored: 1,
    });
    expect((await transactions(org))[0]).toMatchObject({ amount: -100, matched_by: "rule:debit" });
    expect(await invoiceOf(org, a.id)).toMatchObject({ status: "sent", amount_paid: 0 });
  });
});

describe("a re-export of an entry without a bank reference", () => {
  const entry = (invoice: Invoice): TestEntry => ({
    amount: 100,
    name: "Acme Trading GmbH",
    iban: "DE02120300000000202051",
    text: `Invoice ${invoice.payment_reference} thanks`,
  });

  it("is the same entry with the payer's name in capitals or a doubled space: imported once, paid once", async () => {
    const { org, invoices } = await setup([100]);
    const [invoice] = invoices as [Invoice];
    expect((await upload(org, camt053([entry(invoice)]))).body).toMatchObject({ imported: 1, matched: 1 });
    for (const changed of [
      { ...entry(invoice), name: "ACME TRADING GMBH" },
      { ...entry(invoice), text: `Invoice  ${invoice.payment_reference}   thanks` },
      { ...entry(invoice), name: "\uFF21\uFF43\uFF4D\uFF45 Trading GmbH" }, // full-width "Acme": NFKC-equal
    ]) {
      const again = await upload(org, camt053([changed]));
      expect(again.body, JSON.stringify(changed)).toMatchObject({ entries: 1, imported: 0, duplicates: 1 });
    }
    // The same booking in MT940 says the same: it is that entry too.
    expect((await upload(org, mt940([entry(invoice)]), "text/plain")).body).toMatchObject({ duplicates: 1 });
    const other = await setup([100]);
    const [otherInvoice] = other.invoices as [Invoice];
    const mt = await upload(other.org, mt940([entry(otherInvoice)]), "text/plain");
    expect(mt.body).toMatchObject({ imported: 1, matched: 1 });
    const capitals = { ...entry(otherInvoice), name: "acme trading gmbh" };
    const mtAgain = await upload(other.org, mt940([capitals]), "text/plain");
    expect(mtAgain.body).toMatchObject({ imported: 0, duplicates: 1 });
    expect(await invoiceOf(other.org, otherInvoice.id)).toMatchObject({ status: "paid", amount_paid: 100 });
    expect(await invoiceOf(org, invoice.id)).toMatchObject({ status: "paid", amount_paid: 100 });
  });

  it("with other free text goes to review flagged as a likely duplicate, and pays nothing", async () => {
    const { org, invoices } = await setup([300]);
    const [invoice] = invoices as [Invoice];
    const first = { ...entry(invoice), amount: 100 };
    expect((await upload(org, camt053([first]))).body).toMatchObject({ imported: 1, matched: 1 });
    const [original] = await transactions(org);
    const reworded = { ...first, text: `Payment ${invoice.payment_reference} November`, name: "Acme" };
    const again = await upload(org, camt053([reworded]));
    expect(again.body).toMatchObject({ imported: 1, matched: 0, suggested: 1 });
    const flagged = (await transactions(org)).find((t) => t.id !== original?.id);
    expect(flagged).toMatchObject({
      status: "suggested",
      likely_duplicate_of: original?.id,
      allocations: [],
      suggestions: [{ invoice_id: invoice.id, rule: "reference" }],
    });
    expect(original?.likely_duplicate_of).toBeNull();
    expect(await invoiceOf(org, invoice.id)).toMatchObject({ amount_paid: 100 });

    // The same booking once more, now with the bank's reference (the end-of-day statement after
    // an intraday one): still the earlier entry, to review.
    const withRef = await upload(org, camt053([{ ...first, text: "other words", bankRef: "EOD-1" }]));
    expect(withRef.body).toMatchObject({ imported: 1, matched: 0 });
    expect(await invoiceOf(org, invoice.id)).toMatchObject({ amount_paid: 100 });
    // Another day, or another amount, is another payment.
    const nextDay = await upload(org, camt053([{ ...reworded, date: "2026-11-21" }]));
    expect(nextDay.body).toMatchObject({ imported: 1, matched: 1 });
    expect(await invoiceOf(org, invoice.id)).toMatchObject({ amount_paid: 200 });
  });

  it("pairs an end-of-day statement's entries with their intraday copies: a second payment that day still pays", async () => {
    const { org, invoices } = await setup([50, 50]);
    const [alice, bob] = invoices as [Invoice, Invoice];
    const a: TestEntry = { amount: 50, name: "Alice", text: `Invoice ${alice.payment_reference}` };
    const b: TestEntry = { amount: 50, name: "Bob", text: `Invoice ${bob.payment_reference}` };
    expect((await upload(org, mt940([a]), "text/plain")).body).toMatchObject({ imported: 1, matched: 1 });
    const endOfDay = await upload(org, mt940([a, b]), "text/plain");
    expect(endOfDay.body).toMatchObject({ entries: 2, duplicates: 1, imported: 1, matched: 1 });
    expect((await transactions(org)).every((t) => t.likely_duplicate_of === null)).toBe(true);
    expect(await invoiceOf(org, bob.id)).toMatchObject({ status: "paid", amount_paid: 50 });
  });

  it("takes two bank references with the payer's same end-to-end id for one payment reported twice", async () => {
    const { org, invoices } = await setup([300]);
    const [invoice] = invoices as [Invoice];
    const paid: TestEntry = { amount: 100, text: `Invoice ${invoice.payment_reference}`, endToEnd: "E2E-77" };
    expect((await upload(org, camt053([{ ...paid, bankRef: "NTFCTN-1" }]))).body).toMatchObject({
      matched: 1,
    });
    const statement = await upload(org, camt053([{ ...paid, bankRef: "STMT-1" }]));
    expect(statement.body).toMatchObject({ imported: 1, matched: 0, suggested: 1 });
    expect(await invoiceOf(org, invoice.id)).toMatchObject({ amount_paid: 100 });
    // Another end-to-end id under another bank reference is another payment.
    const other = await upload(org, camt053([{ ...paid, endToEnd: "E2E-78", bankRef: "STMT-2" }]));
    expect(other.body).toMatchObject({ imported: 1, matched: 1 });
    expect(await invoiceOf(org, invoice.id)).toMatchObject({ amount_paid: 200 });
  });

  it("is still found when it was stored under the key of the texts as written", async () => {
    const { org, invoices } = await setup([100]);
    const [invoice] = invoices as [Invoice];
    const written = { ...entry(invoice), name: "ACME Trading GmbH" };
    expect((await upload(org, camt053([written]))).body).toMatchObject({ imported: 1, matched: 1 });
    // What an import before normalization stored: the hash of the texts as written.
    const legacy = `DE89370400440532013000|hash:${(
      await sha256Hex(
        JSON.stringify([
          "2026-11-20",
          "2026-11-20",
          10000,
          "EUR",
          "ACME Trading GmbH",
          "DE02120300000000202051",
          `Invoice ${invoice.payment_reference} thanks`,
          null,
          null,
        ]),
      )
    ).slice(0, 40)}`;
    await (await d1Of(org.organizationId))
      .prepare("UPDATE bank_transactions SET dedupe_key = ? WHERE organization_id = ?")
      .bind(legacy, org.organizationId)
      .run();
    expect((await upload(org, camt053([written]))).body).toMatchObject({ imported: 0, duplicates: 1 });

    // A bank reference of 65 to 256 characters was keyed as written too.
    const longRef = `R-${"7".repeat(100)}`;
    const withRef = { ...written, date: "2026-11-19", bankRef: longRef };
    expect((await upload(org, camt053([withRef]))).body).toMatchObject({ imported: 1 });
    await (await d1Of(org.organizationId))
      .prepare("UPDATE bank_transactions SET dedupe_key = ? WHERE organization_id = ? AND bank_reference = ?")
      .bind(`DE89370400440532013000|ref:${longRef}`, org.organizationId, longRef)
      .run();
    expect((await upload(org, camt053([withRef]))).body).toMatchObject({ imported: 0, duplicates: 1 });
  });
});

describe("amounts and the small ones", () => {
  it("refuses an amount past 15 digits (a cent would be lost) in CAMT and MT940", async () => {
    const { org, invoices } = await setup();
    const camt = camt053Of(ntry("x", "2026-11-20", "90071992547409.91"));
    expect((await expectRefused(org, invoices, await upload(org, camt))).file).toMatch(/too large/);
    const mt = mt940([{ amount: 1 }]).replace("CR1,00NTRF", "CR90071992547409,91NTRF");
    expect((await expectRefused(org, invoices, await upload(org, mt, "text/plain"))).file).toMatch(
      /too large/,
    );
    // 15 digits are an amount.
    const largest = await upload(org, camt053Of(ntry("x", "2026-11-20", "9999999999999.99")));
    expect(largest.status, JSON.stringify(largest.body)).toBe(201);
    expect((await transactions(org))[0]).toMatchObject({ amount: 9999999999999.99 });
  });

  it("stores a 0.00 credit as ignored by its own rule, not as a debit", async () => {
    const { org } = await setup();
    const res = await upload(org, camt053Of(ntry("nothing", "2026-11-20", "0.00")));
    expect(res.body).toMatchObject({ imported: 1, ignored: 1, matched: 0 });
    expect((await transactions(org))[0]).toMatchObject({
      amount: 0,
      status: "ignored",
      matched_by: "rule:zero_amount",
    });
  });

  it("answers 415 for a charset it does not know, and reads a known one", async () => {
    const { org, invoices } = await setup();
    const file = camt053([{ amount: 100, text: "Zahlung für Waren" }]);
    const res = await upload(org, file, "application/xml; charset=bogus-xyz");
    expect(expectError(res, 415, "unsupported_media_type").message).toContain("bogus-xyz");
    await expectNothingStored(org, invoices);
    const utf8 = await upload(org, file, "text/xml; charset=utf-8");
    expect(utf8.status).toBe(201);
    expect((await transactions(org))[0]).toMatchObject({ remittance_information: "Zahlung für Waren" });
  });
});

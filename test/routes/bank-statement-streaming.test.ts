// Statements of thousands of entries, read as they stream in: they import in parts (1,000
// entries each) with the results of one whole import, the invoices they pay settle across parts,
// and a body that breaks off or turns malformed half-way leaves nothing visible and nothing
// stored, after its first parts were written, so that a retry imports the file.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { camt053, mt940, type TestEntry } from "../helpers/bank-statements";
import { d1Of } from "../helpers/db";
import { createCustomer, createInvoice, SELLER } from "../helpers/factories";

type Invoice = { id: string; status: string; amount_paid: number; payment_reference: string };

async function setup() {
  const org = await createOrg({ currency: "EUR" });
  expect((await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER })).status).toBe(200);
  const customer = await createCustomer(org, { name: "Acme Trading GmbH" });
  const invoices: Invoice[] = [];
  for (const amount of [1000, 2000]) {
    const created = await createInvoice(org, {
      customer_id: customer.id,
      currency: "EUR",
      items: [{ description: "Work", quantity: 1, unit_price: amount }],
    });
    const sent = await api("POST", `/v1/invoices/${created.id}/send`, { token: org.owner.key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    invoices.push(sent.body);
  }
  return { org, invoices: invoices as [Invoice, Invoice] };
}

/**
 * `count` entries as a busy day brings them: small credits naming nothing (unmatched), a debit
 * in a thousand (ignored), an identical pair without the bank's reference far apart in the file,
 * and the payments of the two invoices, the second paid in two parts in different parts of the
 * import. Statements import in parts of 1,000 entries, so a few thousand cross every boundary
 * these tests look at; the throughput of large statements is bench/bank-import.mjs's to measure.
 */
function day(count: number, [a, b]: readonly [Invoice, Invoice]): TestEntry[] {
  return Array.from({ length: count }, (_, i): TestEntry => {
    if (i === 10) return { amount: 1000, structured: a.payment_reference, bankRef: `B-${i}` };
    if (i === 1800) return { amount: 1500, structured: b.payment_reference, bankRef: `B-${i}` };
    if (i === 3500) return { amount: 500, structured: b.payment_reference, bankRef: `B-${i}` };
    if (i === 100 || i === 3550) return { amount: 42, text: "Same transfer twice" };
    return { amount: 1 + (i % 400), debit: i % 1000 === 999, text: `Order ${i}`, bankRef: `B-${i}` };
  });
}

const encoder = new TextEncoder();

/**
 * `text` as a request body arriving in pieces of `size` characters (ASCII). With `failAt`, the
 * body breaks off instead of sending that piece, once `beforeFailing` has run.
 */
function pieces(
  text: string,
  size: number,
  failAt?: { piece: number; beforeFailing: () => Promise<void> },
): ReadableStream<Uint8Array> {
  let piece = 0;
  return new ReadableStream({
    async pull(controller) {
      if (failAt && piece === failAt.piece) {
        await failAt.beforeFailing();
        controller.error(new Error("connection reset by peer"));
        return;
      }
      const start = piece * size;
      if (start >= text.length) return controller.close();
      controller.enqueue(encoder.encode(text.slice(start, start + size)));
      piece++;
    },
  });
}

const upload = (org: TestOrg, body: ReadableStream<Uint8Array> | string, contentType = "application/xml") =>
  api("POST", "/v1/bank-statements", {
    token: org.owner.key,
    rawBody: body,
    headers: { "Content-Type": contentType },
  });

const invoiceOf = async (org: TestOrg, id: string): Promise<Invoice> =>
  (await api("GET", `/v1/invoices/${id}`, { token: org.owner.key })).body;

/** The organization's rows, importing ones included (which no API answer shows). */
async function stored(org: TestOrg) {
  const count = async (table: string) =>
    (
      await (
        await d1Of(org.organizationId)
      )
        .prepare(`SELECT count(*) AS n FROM ${table} WHERE organization_id = ?`)
        .bind(org.organizationId)
        .first<{ n: number }>()
    )?.n;
  return { statements: await count("bank_statements"), transactions: await count("bank_transactions") };
}

/** Nothing visible: no statement, no transaction, the invoices unpaid; and nothing stored. */
async function expectNothing(org: TestOrg, invoices: readonly Invoice[]) {
  expect((await api("GET", "/v1/bank-statements", { token: org.owner.key })).body.data).toEqual([]);
  expect((await api("GET", "/v1/bank-transactions", { token: org.owner.key })).body.meta.total).toBe(0);
  for (const invoice of invoices) {
    expect(await invoiceOf(org, invoice.id)).toMatchObject({ status: "sent", amount_paid: 0 });
  }
  expect(await stored(org)).toEqual({ statements: 0, transactions: 0 });
}

/** The piece of `size` characters in which the `n`-th (1-based) entry of `file` starts. */
const pieceOfEntry = (file: string, n: number, size: number) => {
  let at = -1;
  for (let i = 0; i < n; i++) at = file.indexOf("<Ntry>", at + 1);
  return Math.floor(at / size);
};

describe("a statement of 3,600 entries streamed in 16 KB pieces", () => {
  it("imports every entry in file order, settles invoices across parts, and adds nothing the second time", async () => {
    const { org, invoices } = await setup();
    const [a, b] = invoices;
    const file = camt053(day(3600, invoices));

    const res = await upload(org, pieces(file, 16_384));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      format: "camt.053",
      account_iban: "DE89370400440532013000",
      bank_statement_id: "STMT-2026-11-20",
      entries: 3600,
      imported: 3600,
      duplicates: 0,
      matched: 3,
      suggested: 0,
      unmatched: 3594,
      ignored: 3,
    });
    // The second invoice's two payments, in the second part and the fourth, see each other.
    expect(await invoiceOf(org, a.id)).toMatchObject({ status: "paid", amount_paid: 1000 });
    expect(await invoiceOf(org, b.id)).toMatchObject({ status: "paid", amount_paid: 2000 });
    const payments = await api("GET", `/v1/invoices/${b.id}/payments`, { token: org.owner.key });
    // Both land (recorded in one batch at the import's end, so their list order is not the file's).
    expect(
      payments.body.data.map((p: { amount: number }) => p.amount).sort((x: number, y: number) => x - y),
    ).toEqual([500, 1500]);

    // In file order across a parts' boundary: the third part starts at the 2,001st entry or a few
    // after it (a part closes at the end of the piece in which it reaches 1,000 entries).
    const page = await api("GET", `/v1/bank-transactions?statement_id=${res.body.id}&limit=100&offset=1950`, {
      token: org.owner.key,
    });
    expect(page.body.meta.total).toBe(3600);
    expect(page.body.data.map((t: { bank_reference: string }) => t.bank_reference)).toEqual(
      Array.from({ length: 100 }, (_, i) => `B-${1950 + i}`),
    );
    // The identical pair, one in the first part and one in the fourth, is two transactions.
    const pair = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT dedupe_key AS key FROM bank_transactions WHERE organization_id = ? AND bank_reference IS NULL ORDER BY rowid",
      )
      .bind(org.organizationId)
      .all<{ key: string }>();
    expect(pair.results).toHaveLength(2);
    expect(pair.results[1]?.key).toBe(`${pair.results[0]?.key}#2`);

    const again = await upload(org, pieces(file, 16_384));
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      entries: 3600,
      imported: 0,
      duplicates: 3600,
      matched: 0,
      ignored: 0,
    });
    expect(await stored(org)).toEqual({ statements: 2, transactions: 3600 });
  });

  it("reads MT940 in pieces that cut its lines, in parts, the same", async () => {
    const { org, invoices } = await setup();
    const file = mt940(day(2600, invoices));
    const res = await upload(org, pieces(file, 1000), "text/plain");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      format: "mt940",
      entries: 2600,
      imported: 2600,
      matched: 2,
      ignored: 2,
    });
    expect(await invoiceOf(org, invoices[1].id)).toMatchObject({ status: "sent", amount_paid: 1500 });
    const again = await upload(org, pieces(file, 1000), "text/plain");
    expect(again.body).toMatchObject({ imported: 0, duplicates: 2600 });
  });
});

describe("a statement that fails half-way", () => {
  it("leaves nothing when the body breaks off after the first part was written, and a retry imports it", async () => {
    const { org, invoices } = await setup();
    const file = camt053(day(2600, invoices));
    const size = 16_384;
    let whileStreaming: { transactions?: number; statements?: number; listed?: unknown } = {};
    const res = await upload(
      org,
      pieces(file, size, {
        piece: pieceOfEntry(file, 2550, size),
        beforeFailing: async () => {
          // The first parts (2,000 entries, the first invoice's payment among them) are written,
          // under a statement no reader sees.
          for (let tries = 0; tries < 50 && !whileStreaming.transactions; tries++) {
            whileStreaming = await stored(org);
            if (!whileStreaming.transactions) await new Promise((r) => setTimeout(r, 100));
          }
          whileStreaming.listed = (
            await api("GET", "/v1/bank-statements", { token: org.owner.key })
          ).body.data;
        },
      }),
    );
    expect(whileStreaming).toEqual({ statements: 1, transactions: expect.any(Number), listed: [] });
    expect(whileStreaming.transactions).toBeGreaterThanOrEqual(2000);
    expect(whileStreaming.transactions).toBeLessThan(2550);
    expect(res.status).toBeGreaterThanOrEqual(400);
    await expectNothing(org, invoices);

    const retry = await upload(org, pieces(file, size));
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toMatchObject({ entries: 2600, imported: 2600, matched: 2 });
    expect(await invoiceOf(org, invoices[0].id)).toMatchObject({ status: "paid", amount_paid: 1000 });
  });

  it("answers 422 naming the entry for a malformed entry past the first part, stores nothing, and takes the fixed file", async () => {
    const { org, invoices } = await setup();
    const entries = day(2600, invoices);
    entries[2550] = { amount: 777.77, text: "Broken", bankRef: "B-2550" };
    const fixed = camt053(entries);
    const broken = fixed.replace('<Amt Ccy="EUR">777.77</Amt>', '<Amt Ccy="EUR">77x.77</Amt>');
    expect(broken).not.toBe(fixed);

    const res = await upload(org, pieces(broken, 16_384));
    const error = expectError(res, 422, "validation_error");
    expect(error.details).toMatchObject({ file: 'Not an amount: "77x.77" (EUR)' });
    expect(String(error.details?.location)).toContain("Ntry[2551]/Amt");
    await expectNothing(org, invoices);

    const retry = await upload(org, pieces(fixed, 16_384));
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toMatchObject({ entries: 2600, imported: 2600, matched: 2 });
  });
});

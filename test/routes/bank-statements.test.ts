// POST /v1/bank-statements and the review queue: CAMT.053 and MT940 statements settle the
// invoices they name exactly, leave the rest for review with suggestions, add nothing when
// imported twice, and unmatch restores the state before; malformed files store nothing.
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runScheduled } from "../../src/cron";
import { bankStatements, bankTransactions } from "../../src/db/schema/bank";
import { unmatchTransaction } from "../../src/services/bank/review";
import { addMember, api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { camt053, mt940, type TestEntry } from "../helpers/bank-statements";
import { client, expectStatus } from "../helpers/client";
import { d1Of, dbOf } from "../helpers/db";
import { createCustomer, createInvoice, SELLER } from "../helpers/factories";
import { raceBefore } from "../helpers/race";
import { createWebhook, mockReceiver } from "../webhooks/helpers";

type Invoice = {
  id: string;
  number: string;
  status: string;
  amount_paid: number;
  amount_due: number;
  payment_reference: string | null;
};

async function sentInvoice(org: TestOrg, customerId: string, amount: number): Promise<Invoice> {
  const created = await createInvoice(org, {
    customer_id: customerId,
    currency: "EUR",
    items: [{ description: "Work", quantity: 1, unit_price: amount }],
  });
  const sent = await api("POST", `/v1/invoices/${created.id}/send`, { token: org.owner.key });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body;
}

const getInvoice = async (org: TestOrg, id: string): Promise<Invoice> =>
  (await api("GET", `/v1/invoices/${id}`, { token: org.owner.key })).body;

const upload = (org: TestOrg, body: string, contentType: string, key = org.owner.key) =>
  api("POST", "/v1/bank-statements", { token: key, rawBody: body, headers: { "Content-Type": contentType } });

const transactions = async (org: TestOrg, query = "") =>
  (await api("GET", `/v1/bank-transactions?limit=100${query}`, { token: org.owner.key })).body as {
    data: Record<string, any>[];
    meta: { total: number };
  };

/** Seven invoices of four customers and the statement entries of the done-when. */
async function scenario() {
  const org = await createOrg({ currency: "EUR" });
  expect((await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER })).status).toBe(200);
  const acme = await createCustomer(org, { name: "Acme Trading GmbH" });
  const globex = await createCustomer(org, { name: "Globex" });
  const initech = await createCustomer(org, { name: "Initech" });
  const umbrella = await createCustomer(org, { name: "Umbrella" });
  const exact = await sentInvoice(org, acme.id, 100);
  const byNumber = await sentInvoice(org, globex.id, 200);
  const amountOnly = await sentInvoice(org, initech.id, 300);
  const partial = await sentInvoice(org, acme.id, 400);
  const over = await sentInvoice(org, umbrella.id, 50);
  const firstOfTwo = await sentInvoice(org, globex.id, 60);
  const secondOfTwo = await sentInvoice(org, globex.id, 70);
  const invoices = { exact, byNumber, amountOnly, partial, over, firstOfTwo, secondOfTwo };
  const entries: TestEntry[] = [
    {
      amount: 100,
      name: "Acme Trading GmbH",
      iban: "DE02120300000000202051",
      structured: exact.payment_reference ?? "",
      bankRef: "B-1",
      endToEnd: "E2E-1",
    },
    { amount: 200, name: "Globex", text: `Payment for ${byNumber.number} thanks`, bankRef: "B-2" },
    {
      amount: 300,
      name: "Initech Ltd",
      iban: "DE12500105170648489890",
      text: "November services",
      bankRef: "B-3",
    },
    {
      amount: 150,
      name: "Acme Trading GmbH",
      text: `Teilzahlung ${partial.payment_reference}`,
      bankRef: "B-4",
    },
    { amount: 80, name: "Umbrella", text: `${over.number}`, bankRef: "B-5" },
    { amount: 130, name: "Globex", text: `${firstOfTwo.number}, ${secondOfTwo.number}`, bankRef: "B-6" },
    { amount: 25, debit: true, name: "Office Supplies", text: "Paper", bankRef: "B-7" },
    { amount: 999.99, name: "Unknown Payer", text: "Donation", bankRef: "B-8" },
  ];
  return { org, customers: { acme, globex, initech, umbrella }, invoices, entries };
}

async function expectSettled(org: TestOrg, invoices: Awaited<ReturnType<typeof scenario>>["invoices"]) {
  const now = async (inv: Invoice) => {
    const read = await getInvoice(org, inv.id);
    return { status: read.status, amount_paid: read.amount_paid, amount_due: read.amount_due };
  };
  expect(await now(invoices.exact)).toEqual({ status: "paid", amount_paid: 100, amount_due: 0 });
  expect(await now(invoices.byNumber)).toEqual({ status: "paid", amount_paid: 200, amount_due: 0 });
  expect(await now(invoices.amountOnly)).toEqual({ status: "sent", amount_paid: 0, amount_due: 300 });
  expect(await now(invoices.partial)).toEqual({ status: "sent", amount_paid: 150, amount_due: 250 });
  expect(await now(invoices.over)).toEqual({ status: "paid", amount_paid: 50, amount_due: 0 });
  expect(await now(invoices.firstOfTwo)).toEqual({ status: "paid", amount_paid: 60, amount_due: 0 });
  expect(await now(invoices.secondOfTwo)).toEqual({ status: "paid", amount_paid: 70, amount_due: 0 });
}

async function checkDoneWhen(format: "camt" | "mt940-german" | "mt940-swift") {
  const { org, customers, invoices, entries } = await scenario();
  expect(invoices.exact.payment_reference).toMatch(/^RF\d{2}INV\d{6}$/);
  const file =
    format === "camt"
      ? camt053(entries)
      : mt940(entries, { layout: format === "mt940-german" ? "german" : "swift" });
  const contentType = format === "camt" ? "application/xml" : "text/plain";

  const first = await upload(org, file, contentType);
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  expect(first.body).toMatchObject({
    format: format === "camt" ? "camt.053" : "mt940",
    account_iban: "DE89370400440532013000",
    entries: 8,
    imported: 8,
    duplicates: 0,
    matched: 5,
    suggested: 1,
    unmatched: 1,
    ignored: 1,
  });
  await expectSettled(org, invoices);

  const all = await transactions(org);
  const byRef = (ref: string) => all.data.find((t) => t.bank_reference === ref) ?? {};
  expect(byRef("B-1")).toMatchObject({
    status: "matched",
    matched_by: "rule:reference",
    amount: 100,
    currency: "EUR",
    counterparty_name: "Acme Trading GmbH",
    counterparty_iban: "DE02120300000000202051",
    allocations: [
      { invoice_id: invoices.exact.id, bill_id: null, amount: 100, payment_id: expect.any(String) },
    ],
  });
  expect(byRef("B-2")).toMatchObject({ status: "matched", matched_by: "rule:invoice_number" });
  expect(byRef("B-3")).toMatchObject({
    status: "suggested",
    allocations: [],
    suggestions: [{ invoice_id: invoices.amountOnly.id, amount: 300, rule: "amount_and_name", score: 0.8 }],
  });
  expect(byRef("B-4")).toMatchObject({
    status: "matched",
    allocations: [{ invoice_id: invoices.partial.id, amount: 150 }],
  });
  expect(byRef("B-5")).toMatchObject({
    status: "matched",
    allocations: [{ invoice_id: invoices.over.id, amount: 50 }],
    credit: { customer_id: customers.umbrella.id, amount: 30 },
  });
  expect(byRef("B-6").allocations).toEqual([
    { invoice_id: invoices.firstOfTwo.id, bill_id: null, amount: 60, payment_id: expect.any(String) },
    { invoice_id: invoices.secondOfTwo.id, bill_id: null, amount: 70, payment_id: expect.any(String) },
  ]);
  expect(byRef("B-7")).toMatchObject({ status: "ignored", amount: -25, matched_by: "rule:debit" });
  expect(byRef("B-8")).toMatchObject({ status: "unmatched", suggestions: [] });

  // The posted payments are bank transfers linked to their transaction.
  const paid = await api("GET", `/v1/invoices/${invoices.exact.id}/payments`, { token: org.owner.key });
  expect(paid.body.data).toEqual([
    expect.objectContaining({ amount: 100, method: "bank_transfer", bank_transaction_id: byRef("B-1").id }),
  ]);

  // The review queue.
  const queue = await transactions(org, "&status=suggested");
  expect(queue.data.map((t) => t.bank_reference)).toEqual(["B-3"]);
  expect((await transactions(org, `&statement_id=${first.body.id}`)).meta.total).toBe(8);

  // Importing the same file again adds nothing and pays nothing twice.
  const again = await upload(org, file, contentType);
  expect(again.status).toBe(201);
  expect(again.body).toMatchObject({
    entries: 8,
    imported: 0,
    duplicates: 8,
    matched: 0,
    suggested: 0,
    unmatched: 0,
  });
  expect((await transactions(org)).meta.total).toBe(8);
  await expectSettled(org, invoices);
  const statements = await api("GET", "/v1/bank-statements", { token: org.owner.key });
  expect(statements.body.meta.total).toBe(2);

  // A person matches the suggestion.
  const matched = await api("POST", `/v1/bank-transactions/${byRef("B-3").id}/match`, {
    token: org.owner.key,
    body: { allocations: [{ invoice_id: invoices.amountOnly.id, amount: 300 }] },
  });
  expect(matched.status, JSON.stringify(matched.body)).toBe(200);
  expect(matched.body).toMatchObject({ status: "matched", matched_by: `user:${org.owner.id}`, credit: null });
  expect((await getInvoice(org, invoices.amountOnly.id)).status).toBe("paid");

  // Unmatch restores every invoice and withdraws the credit.
  for (const ref of ["B-1", "B-2", "B-3", "B-4", "B-5", "B-6"]) {
    const undone = await api("POST", `/v1/bank-transactions/${byRef(ref).id}/unmatch`, {
      token: org.owner.key,
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ allocations: [], credit: null, matched_by: null });
    expect(["unmatched", "suggested"]).toContain(undone.body.status);
  }
  for (const inv of Object.values(invoices)) {
    expect(await getInvoice(org, inv.id)).toMatchObject({ status: "sent", amount_paid: 0 });
  }
  const reversed = await api("GET", `/v1/invoices/${invoices.exact.id}/payments`, { token: org.owner.key });
  expect(reversed.body.data).toEqual([expect.objectContaining({ reversed_at: expect.any(String) })]);
  expect((await transactions(org, "&status=matched")).meta.total).toBe(0);

  // The events: matched and needs_review, as webhooks get them.
  const events = await api("GET", "/v1/events?limit=100", { token: org.owner.key });
  const types = (events.body.data as { type: string }[]).map((e) => e.type);
  expect(types.filter((t) => t === "bank_transaction.matched")).toHaveLength(6);
  expect(types.filter((t) => t === "bank_transaction.needs_review").length).toBeGreaterThanOrEqual(2 + 6);
}

describe("POST /v1/bank-statements", () => {
  it("imports a CAMT.053: exact references settle, the rest waits, twice adds nothing, unmatch restores", async () => {
    await checkDoneWhen("camt");
  });

  it("does the same for MT940 with German ?-subfield details", async () => {
    await checkDoneWhen("mt940-german");
  });

  it("does the same for MT940 with SWIFT /CODE/ details", async () => {
    await checkDoneWhen("mt940-swift");
  });

  it("reads CAMT.053.001.08 (Sts/Cd, Pty/Nm) and the multipart field file", async () => {
    const { org, invoices, entries } = await scenario();
    const form = new FormData();
    form.append(
      "file",
      new Blob([camt053(entries, { version: "08" })], { type: "application/xml" }),
      "stmt.xml",
    );
    const res = await api("POST", "/v1/bank-statements", { token: org.owner.key, rawBody: form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      format: "camt.053",
      imported: 8,
      matched: 5,
      suggested: 1,
      unmatched: 1,
    });
    await expectSettled(org, invoices);
  });

  it("lets a member import, and keeps each organization's transactions its own", async () => {
    const { org, entries } = await scenario();
    const member = await addMember(org, "member");
    expect((await upload(org, camt053(entries), "application/xml", member.key)).status).toBe(201);
    const stranger = await createOrg({ currency: "EUR" });
    const theirs = await api("GET", "/v1/bank-transactions", { token: stranger.owner.key });
    expect(theirs.body.meta.total).toBe(0);
    const one = (await transactions(org)).data[0] ?? {};
    expectError(
      await api("GET", `/v1/bank-transactions/${one.id}`, { token: stranger.owner.key }),
      404,
      "not_found",
    );
    expectError(
      await api("POST", `/v1/bank-transactions/${one.id}/ignore`, { token: stranger.owner.key }),
      404,
      "not_found",
    );
  });
});

describe("an invoice number in free text", () => {
  it("pays at once only when the amount or the payer agrees; otherwise it is a suggestion", async () => {
    const org = await createOrg({ currency: "EUR" });
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
    const globex = await createCustomer(org, { name: "Globex" });
    const invoice = await sentInvoice(org, globex.id, 200);
    // Someone else's transfer whose text happens to hold the number, for another amount.
    const stray: TestEntry = {
      amount: 10.42,
      name: "Someone Else",
      text: `Refund order 77 ${invoice.number}`,
    };
    const exact: TestEntry = {
      amount: 200,
      name: "Somebody",
      text: `Payment ${invoice.number}`,
      bankRef: "B-2",
    };
    expect((await upload(org, camt053([stray]), "application/xml")).status).toBe(201);
    const [suggested] = (await transactions(org)).data;
    expect(suggested?.status).toBe("suggested");
    expect(suggested?.suggestions[0]).toMatchObject({ invoice_id: invoice.id, rule: "reference" });
    expect((await getInvoice(org, invoice.id)).amount_paid).toBe(0);
    // The same number with the amount it owes: settled.
    expect((await upload(org, camt053([exact]), "application/xml")).status).toBe(201);
    expect((await getInvoice(org, invoice.id)).status).toBe("paid");
  });
});

describe("malformed statements", () => {
  async function expectNothingStored(org: TestOrg) {
    expect((await api("GET", "/v1/bank-statements", { token: org.owner.key })).body.meta.total).toBe(0);
    expect((await transactions(org)).meta.total).toBe(0);
  }

  it("answers 422 naming the CAMT element and its line, and stores nothing", async () => {
    const org = await createOrg({ currency: "EUR" });
    const file = camt053([
      { amount: 10, text: "fine", bankRef: "X-1" },
      { amount: 20, text: "broken", bankRef: "X-2" },
    ]).replace('<Amt Ccy="EUR">20.00</Amt>', '<Amt Ccy="EUR">20,0x</Amt>');
    const error = expectError(await upload(org, file, "application/xml"), 422, "validation_error");
    expect(error.details?.location).toMatch(/^Document\/BkToCstmrStmt\/Stmt\/Ntry\[2\]\/Amt \(line \d+\)$/);
    expect(error.details?.file).toMatch(/Not an amount/);
    await expectNothingStored(org);
  });

  it("answers 422 for XML that is not well-formed, and for another document type", async () => {
    const org = await createOrg({ currency: "EUR" });
    const truncated = camt053([{ amount: 10, bankRef: "X-1" }]).slice(0, 600);
    const error = expectError(await upload(org, truncated, "application/xml"), 422, "validation_error");
    expect(error.details?.location).toMatch(/^line \d+$/);
    const pain =
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>';
    const other = expectError(await upload(org, pain, "application/xml"), 422, "validation_error");
    expect(other.details?.location).toMatch(/^Document/);
    expect(other.message).toMatch(/pain\.001/);
    await expectNothingStored(org);
  });

  it("answers 422 naming the MT940 line, and stores nothing", async () => {
    const org = await createOrg({ currency: "EUR" });
    const lines = mt940([
      { amount: 10, text: "fine" },
      { amount: 20, text: "broken" },
    ]).split("\r\n");
    const second = lines.findIndex(
      (l, i) => l.startsWith(":61:") && i > lines.findIndex((m) => m.startsWith(":61:")),
    );
    lines[second] = ":61:2611201120CRxx,00NTRFNONREF";
    const error = expectError(await upload(org, lines.join("\r\n"), "text/plain"), 422, "validation_error");
    expect(error.details?.location).toBe(`line ${second + 1}`);
    await expectNothingStored(org);
  });

  it("answers 415 for another media type", async () => {
    const org = await createOrg({ currency: "EUR" });
    expectError(await upload(org, "{}", "application/json"), 415, "unsupported_media_type");
  });
});

describe("the review actions", () => {
  it("refuses a match beyond an invoice's amount due or the transfer, and ignores / unignores", async () => {
    const { org, invoices, entries } = await scenario();
    await upload(org, camt053(entries), "application/xml");
    const all = await transactions(org);
    const unknown = all.data.find((t) => t.bank_reference === "B-8") ?? {};
    const tooMuch = await api("POST", `/v1/bank-transactions/${unknown.id}/match`, {
      token: org.owner.key,
      body: { allocations: [{ invoice_id: invoices.amountOnly.id, amount: 301 }] },
    });
    expect(expectError(tooMuch, 422, "validation_error").details).toHaveProperty(["allocations.0.amount"]);
    const ignored = await api("POST", `/v1/bank-transactions/${unknown.id}/ignore`, { token: org.owner.key });
    expect(ignored.body).toMatchObject({ status: "ignored", matched_by: `user:${org.owner.id}` });
    const back = await api("POST", `/v1/bank-transactions/${unknown.id}/unmatch`, { token: org.owner.key });
    expect(back.body).toMatchObject({ status: "unmatched" });
    const matchedOne = all.data.find((t) => t.bank_reference === "B-1") ?? {};
    const twice = await api("POST", `/v1/bank-transactions/${matchedOne.id}/match`, {
      token: org.owner.key,
      body: { allocations: [{ invoice_id: invoices.amountOnly.id, amount: 1 }] },
    });
    expect(expectError(twice, 409, "conflict").details?.reason).toBe("transaction_matched");
  });

  it("an unmatch racing a person reversing its payment by hand reverses it once", async () => {
    const org = await createOrg({ currency: "EUR" });
    expect((await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER })).status).toBe(200);
    const customer = await createCustomer(org, { name: "Acme Trading GmbH" });
    const invoice = await sentInvoice(org, customer.id, 100);
    const byHand = await api("POST", `/v1/invoices/${invoice.id}/payments`, {
      token: org.owner.key,
      body: { amount: 70, method: "cash" },
    });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(201);
    const file = camt053([
      { amount: 30, name: "Acme Trading GmbH", text: `Rest ${invoice.payment_reference}`, bankRef: "R-1" },
    ]);
    expect((await upload(org, file, "application/xml")).body).toMatchObject({ matched: 1 });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "paid", amount_paid: 100 });
    const [transaction] = (await transactions(org, "&status=matched")).data;
    const listed = await api("GET", `/v1/invoices/${invoice.id}/payments`, { token: org.owner.key });
    const fromBank = (listed.body.data as { id: string; bank_transaction_id: string | null }[]).find(
      (p) => p.bank_transaction_id === transaction?.id,
    );
    // The person's DELETE commits after the unmatch read the payments, before it reads the invoices.
    const race = raceBefore(await d1Of(org.organizationId), /from "invoices"/, async () => {
      const reversed = await api("DELETE", `/v1/invoices/${invoice.id}/payments/${fromBank?.id}`, {
        token: org.owner.key,
      });
      expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    });
    const undone = await unmatchTransaction(race.db, org.organizationId, String(transaction?.id));
    expect(race.raced()).toBe(true);
    expect(undone.transaction).toMatchObject({ allocations: [], matched_by: null });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 70,
      amount_due: 30,
    });
    const { results } = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT payload FROM webhook_events WHERE organization_id = ? AND type = 'invoice.payment_reversed'",
      )
      .bind(org.organizationId)
      .all<{ payload: string }>();
    expect(results.map((row) => JSON.parse(row.payload).data.object.id)).toEqual([fromBank?.id]);
  });

  it("learns the payer's IBAN from a person's match and suggests by it next time", async () => {
    const { org, invoices } = await scenario();
    const payer = "DE75512108001245126199";
    await upload(
      org,
      camt053([{ amount: 300, name: "Someone", iban: payer, text: "services", bankRef: "L-1" }]),
      "application/xml",
    );
    const [first] = (await transactions(org)).data;
    await api("POST", `/v1/bank-transactions/${first?.id}/match`, {
      token: org.owner.key,
      body: { allocations: [{ invoice_id: invoices.amountOnly.id, amount: 300 }] },
    });
    await upload(
      org,
      camt053([{ amount: 5, name: "Someone", iban: payer, text: "more", bankRef: "L-2" }]),
      "application/xml",
    );
    const second = (await transactions(org)).data.find((t) => t.bank_reference === "L-2");
    // Initech's other open invoices: none; its paid one is not suggested. Add one and import again.
    expect(second?.status).toBe("unmatched");
    const initech = (await getInvoice(org, invoices.amountOnly.id)) as unknown as { customer_id: string };
    const another = await sentInvoice(org, initech.customer_id, 5);
    await upload(
      org,
      camt053([{ amount: 5, name: "Someone", iban: payer, text: "again", bankRef: "L-3" }]),
      "application/xml",
    );
    const third = (await transactions(org)).data.find((t) => t.bank_reference === "L-3");
    expect(third?.suggestions).toEqual([
      { invoice_id: another.id, amount: 5, rule: "amount_and_iban", score: 0.9 },
    ]);
    // Unmatching the match that taught it unteaches it: the account is no longer Initech's.
    const undone = await api("POST", `/v1/bank-transactions/${first?.id}/unmatch`, { token: org.owner.key });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    await upload(
      org,
      camt053([{ amount: 5, name: "Someone", iban: payer, text: "once more", bankRef: "L-4" }]),
      "application/xml",
    );
    const fourth = (await transactions(org)).data.find((t) => t.bank_reference === "L-4");
    expect(fourth?.suggestions.map((s: { rule: string }) => s.rule)).not.toContain("amount_and_iban");
  });
});

describe("an import that never finished", () => {
  it("is invisible, and the next import removes it and imports its entries", async () => {
    const { org, invoices, entries } = await scenario();
    const db = await dbOf(org.organizationId);
    const at = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await db.insert(bankStatements).values({
      id: "bst_died",
      organizationId: org.organizationId,
      format: "camt.053",
      state: "importing",
      createdAt: at,
    });
    await db.insert(bankTransactions).values({
      id: "btx_died",
      organizationId: org.organizationId,
      statementId: "bst_died",
      dedupeKey: "DE89370400440532013000|ref:B-1",
      amountMinor: 10000,
      currency: "EUR",
      status: "unmatched",
      createdAt: at,
    });
    expect((await transactions(org)).meta.total).toBe(0);
    expectError(
      await api("GET", "/v1/bank-transactions/btx_died", { token: org.owner.key }),
      404,
      "not_found",
    );

    const res = await upload(org, camt053(entries), "application/xml");
    expect(res.body).toMatchObject({ imported: 8, duplicates: 0, matched: 5 });
    await expectSettled(org, invoices);
    const left = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM bank_statements WHERE id = 'bst_died'")
      .first();
    expect(left?.n).toBe(0);
  });

  it("answers 409 while another import of the same entries runs, and stores nothing", async () => {
    const { org, entries } = await scenario();
    const db = await dbOf(org.organizationId);
    const at = new Date().toISOString();
    await db.insert(bankStatements).values({
      id: "bst_running",
      organizationId: org.organizationId,
      format: "camt.053",
      state: "importing",
      createdAt: at,
    });
    await db.insert(bankTransactions).values({
      id: "btx_running",
      organizationId: org.organizationId,
      statementId: "bst_running",
      dedupeKey: "DE89370400440532013000|ref:B-8",
      amountMinor: 99999,
      currency: "EUR",
      status: "unmatched",
      createdAt: at,
    });
    const res = await upload(org, camt053(entries), "application/xml");
    expect(expectError(res, 409, "conflict").details?.reason).toBe("import_in_progress");
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM bank_transactions WHERE organization_id = ?")
      .bind(org.organizationId)
      .first();
    expect(stored?.n).toBe(1);
    const paid = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM payments WHERE organization_id = ?")
      .bind(org.organizationId)
      .first();
    expect(paid?.n).toBe(0);
  });
});

describe("webhooks", () => {
  afterEach(() => vi.restoreAllMocks());

  it("delivers bank_transaction.matched and bank_transaction.needs_review, signed", async () => {
    const { org, invoices, entries } = await scenario();
    const hook = await createWebhook(org, {
      events: ["bank_transaction.matched", "bank_transaction.needs_review"],
    });
    const calls = mockReceiver();
    expect((await upload(org, camt053(entries), "application/xml")).status).toBe(201);
    // The matches are attempted at once; the import's needs_review events by the webhook sweep.
    await expect.poll(() => calls.length, { timeout: 5000 }).toBe(5);
    await runScheduled({ cron: "* * * * *" }, env);
    await expect.poll(() => calls.length, { timeout: 5000 }).toBe(5 + 2);
    const events = calls.map(
      (call) =>
        new Webhook(hook.secret).verify(call.body, call.headers) as { type: string; data: { object: any } },
    );
    const matched = events.filter((e) => e.type === "bank_transaction.matched").map((e) => e.data.object);
    expect(matched.find((t) => t.bank_reference === "B-1")).toMatchObject({
      status: "matched",
      allocations: [{ invoice_id: invoices.exact.id, amount: 100 }],
    });
    const review = events.filter((e) => e.type === "bank_transaction.needs_review").map((e) => e.data.object);
    expect(review.map((t) => [t.bank_reference, t.status]).sort()).toEqual([
      ["B-3", "suggested"],
      ["B-8", "unmatched"],
    ]);
    // Written by SQL at import: the same object the API answers (amounts, suggestions and all).
    for (const object of [...review, ...matched]) {
      const read = await api("GET", `/v1/bank-transactions/${object.id}`, { token: org.owner.key });
      expect(object).toEqual(read.body);
    }
  });
});

describe("the review queue through the typed client", () => {
  it("lists by status, matches over two invoices with the rest as credit, and unmatches", async () => {
    const { org, customers, invoices, entries } = await scenario();
    await upload(org, camt053(entries), "application/xml");
    const api2 = client(org.owner.key);
    const queue = expectStatus(
      await api2.GET("/v1/bank-transactions", { params: { query: { status: "unmatched" } } }),
      200,
    );
    const unknown = queue.data.find((t) => t.bank_reference === "B-8");
    expect(unknown?.amount).toBe(999.99);
    const matched = expectStatus(
      await api2.POST("/v1/bank-transactions/{id}/match", {
        params: { path: { id: unknown?.id ?? "" } },
        body: {
          allocations: [
            { invoice_id: invoices.amountOnly.id, amount: 300 },
            { invoice_id: invoices.partial.id, amount: 250 },
          ],
        },
      }),
      200,
    );
    expect(matched.allocations.map((a) => [a.invoice_id, a.amount])).toEqual([
      [invoices.amountOnly.id, 300],
      [invoices.partial.id, 250],
    ]);
    expect(matched.credit).toEqual({ customer_id: customers.initech.id, amount: 449.99 });
    expect((await getInvoice(org, invoices.partial.id)).status).toBe("paid");
    const read = expectStatus(
      await api2.GET("/v1/bank-transactions/{id}", { params: { path: { id: matched.id } } }),
      200,
    );
    expect(read).toEqual({ ...matched, matched_at: expect.any(String) });
    const undone = expectStatus(
      await api2.POST("/v1/bank-transactions/{id}/unmatch", { params: { path: { id: matched.id } } }),
      200,
    );
    expect(undone).toMatchObject({ status: "unmatched", allocations: [], credit: null });
    expect(await getInvoice(org, invoices.partial.id)).toMatchObject({ status: "sent", amount_paid: 150 });
    const statements = expectStatus(await api2.GET("/v1/bank-statements"), 200);
    expect(statements.data[0]).toMatchObject({ format: "camt.053", entries: 8, matched: 5 });
  });
});

describe("Idempotency-Key on the import", () => {
  it("replays the first answer for a retry with the same key", async () => {
    const { org, entries } = await scenario();
    const file = camt053(entries);
    const headers = {
      "Content-Type": "application/xml",
      "Idempotency-Key": "import-1",
      "Content-Length": String(new TextEncoder().encode(file).byteLength),
    };
    const first = await api("POST", "/v1/bank-statements", { token: org.owner.key, rawBody: file, headers });
    expect(first.status).toBe(201);
    const retry = await api("POST", "/v1/bank-statements", { token: org.owner.key, rawBody: file, headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect((await transactions(org)).meta.total).toBe(8);
  });
});

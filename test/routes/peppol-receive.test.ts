// Receiving over Peppol through the provider's webhook: the token checked before anything, the
// document fetched with the organization's credentials (never read from the body), an invoice or
// credit note imported as a bill once, a Message Level Response applied to the delivery it answers,
// what is not an e-invoice refused and left unread at the provider.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { einvoiceDeliveries, networkReceipts } from "../../src/db/schema/networks";
// The two examples this file receives (one module each: not the folder's 3.4 MB of examples).
import creditNoteExample from "../einvoice-examples/cen-tc434/ubl/examples/ubl-tc434-creditnote1.xml?raw";
import invoiceExample from "../einvoice-examples/cen-tc434/ubl/examples/ubl-tc434-example1.xml?raw";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { dbOf, readOnEveryTenant } from "../helpers/db";
import {
  connectDirectly,
  type DirectConnection,
  disconnectDirectly,
  postPeppolWebhook,
} from "../helpers/peppol-connection";
import { FakeRecommandAccount, messageResponse, useFakeRecommand } from "../helpers/recommand";

useFakeRecommand();
afterAll(disconnectDirectly);

/** EN 16931's example 1: 229.60 EUR before VAT, 20.73 VAT, 250.33 payable. */
const INVOICE = () => invoiceExample;
/** EN 16931's credit note example: 100.11 EUR, exempt. */
const CREDIT_NOTE = () => creditNoteExample;
const NOT_AN_EINVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>PO-1</cbc:ID></Order>`;

async function billsOf(org: TestOrg) {
  const res = await api("GET", "/v1/bills?limit=100", { token: org.owner.key });
  expect(res.status).toBe(200);
  return res.body.data as Array<Record<string, any>>;
}

async function eventsOf(org: TestOrg, type: string) {
  const res = await api("GET", "/v1/events?limit=100", { token: org.owner.key });
  return (res.body.data as Array<{ type: string; data: { object: any } }>).filter((e) => e.type === type);
}

/** The fake's requests for one provider document (its fetch and its mark-as-read). */
async function callsFor(account: FakeRecommandAccount, documentId: string) {
  return (await account.requests())
    .filter((r) => r.path.startsWith(`/api/v1/documents/${documentId}`))
    .map((r) => `${r.method} ${r.path}`);
}

interface Connected {
  org: TestOrg;
  account: FakeRecommandAccount;
  connection: DirectConnection;
}

async function connected(): Promise<Connected> {
  const org = await createOrg({ currency: "EUR" });
  const account = await FakeRecommandAccount.open();
  const connection = await connectDirectly(org, account);
  return { org, account, connection };
}

/** A document arrives at the fake; its one webhook call, as the provider would make it. */
async function arrive({ account, connection }: Connected, xml: string) {
  const received = await account.receive(connection.companyId, xml);
  expect(received.webhooks).toHaveLength(1);
  return { documentId: received.documentId, hook: received.webhooks[0]! };
}

describe("POST /hooks/peppol/{organization_id}", () => {
  let ctx: Connected;
  beforeAll(async () => {
    ctx = await connected();
  });

  it("imports a received invoice as a bill from the provider's bytes, and marks it read", async () => {
    const { documentId, hook } = await arrive(ctx, INVOICE());
    const res = await postPeppolWebhook(hook);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ received: true, outcome: "imported", bill_id: expect.any(String) });

    const [bill, ...others] = await billsOf(ctx.org);
    expect(others).toHaveLength(0);
    expect(bill).toMatchObject({
      id: res.body.bill_id,
      source: "peppol",
      number: "12115118",
      type_code: "380",
      currency: "EUR",
      tax_exclusive_total: 229.6,
      tax_total: 20.73,
      total: 250.33,
      amount_due: 250.33,
      original: { syntax: "ubl", container: "xml", filename: `${documentId}.xml` },
    });
    const original = await api("GET", `/v1/bills/${bill!.id}/original`, { token: ctx.org.owner.key });
    expect(original.status).toBe(200);
    expect(new Uint8Array(await original.raw.arrayBuffer())).toEqual(new TextEncoder().encode(INVOICE()));

    expect(await callsFor(ctx.account, documentId)).toEqual([
      `GET /api/v1/documents/${documentId}`,
      `POST /api/v1/documents/${documentId}/mark-as-read`,
    ]);
    const fetched = (await ctx.account.requests()).find((r) => r.path === `/api/v1/documents/${documentId}`);
    expect(fetched).toMatchObject({ authorization: ctx.account.authorization, accept: "application/xml" });
    const held = (await ctx.account.documents()).find((d) => d.id === documentId);
    expect(held?.readAt).not.toBeNull();
    expect((await eventsOf(ctx.org, "bill.received")).map((e) => e.data.object.id)).toContain(bill!.id);

    // The same webhook again: answered as recorded, nothing fetched, no second bill.
    const again = await postPeppolWebhook(hook);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ received: true, outcome: "imported", bill_id: bill!.id });
    expect(await billsOf(ctx.org)).toHaveLength(1);
    expect(await callsFor(ctx.account, documentId)).toHaveLength(2);
  });

  it("imports a received credit note as a bill with type_code 381", async () => {
    const { hook } = await arrive(ctx, CREDIT_NOTE());
    const res = await postPeppolWebhook(hook);
    expect(res.body).toMatchObject({ outcome: "imported" });
    const bill = (await billsOf(ctx.org)).find((b) => b.id === res.body.bill_id);
    expect(bill).toMatchObject({ source: "peppol", type_code: "381", total: 100.11 });
  });

  it("answers a second document with the same supplier, number and date as a duplicate of its bill", async () => {
    const first = (await billsOf(ctx.org)).find((b) => b.number === "12115118");
    expect(first).toBeDefined();
    const { hook } = await arrive(ctx, INVOICE().replace("<cbc:Note>", "<cbc:Note>Resent. "));
    const res = await postPeppolWebhook(hook);
    expect(res.body).toMatchObject({ outcome: "duplicate", bill_id: first!.id });
    expect((await billsOf(ctx.org)).filter((b) => b.number === "12115118")).toHaveLength(1);
  });

  it("refuses what is not an e-invoice, leaves it unread at the provider and does not fetch it again", async () => {
    const { documentId, hook } = await arrive(ctx, NOT_AN_EINVOICE);
    const before = (await billsOf(ctx.org)).length;
    const res = await postPeppolWebhook(hook);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: "refused", reason: expect.stringContaining("Order") });
    expect((await ctx.account.documents()).find((d) => d.id === documentId)?.readAt).toBeNull();
    const [receipt] = await (await dbOf(ctx.org.organizationId))
      .select()
      .from(networkReceipts)
      .where(eq(networkReceipts.providerDocumentId, documentId));
    expect(receipt).toMatchObject({ outcome: "refused", markedReadAt: null });

    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "refused" });
    expect(await callsFor(ctx.account, documentId)).toEqual([`GET /api/v1/documents/${documentId}`]);
    expect(await billsOf(ctx.org)).toHaveLength(before);
  });

  it("answers 200 ignored to another event, without calling the provider", async () => {
    const before = (await ctx.account.requests()).length;
    const res = await postPeppolWebhook({
      url: ctx.connection.webhookUrl,
      body: { eventType: "company.verification", companyId: ctx.connection.companyId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "ignored" });
    expect(await ctx.account.requests()).toHaveLength(before);
  });

  it("answers 400 to an authenticated body that is not { eventType, documentId }", async () => {
    expectError(
      await postPeppolWebhook({ url: ctx.connection.webhookUrl, body: ["x"] }),
      400,
      "invalid_request",
    );
    expectError(
      await postPeppolWebhook({ url: ctx.connection.webhookUrl, body: { eventType: "document.received" } }),
      400,
      "invalid_request",
    );
  });

  it("answers 413 to a body over 16 KiB", async () => {
    const res = await postPeppolWebhook({
      url: ctx.connection.webhookUrl,
      body: { eventType: "document.received", documentId: "x", padding: "x".repeat(17 * 1024) },
    });
    expectError(res, 413, "payload_too_large");
  });

  it("answers 502 when the provider cannot be reached, and receives the document when it can", async () => {
    const { documentId, hook } = await arrive(ctx, INVOICE().replaceAll("12115118", "12115119"));
    await ctx.account.fail({ method: "GET", path: `/api/v1/documents/${documentId}`, status: 503 });
    expectError(await postPeppolWebhook(hook), 502, "network_provider_error");
    expect((await billsOf(ctx.org)).some((b) => b.number === "12115119")).toBe(false);

    await ctx.account.fail({ method: "GET", path: `/api/v1/documents/${documentId}`, drop: true });
    expectError(await postPeppolWebhook(hook), 502, "network_provider_error");

    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "imported" });
    expect((await billsOf(ctx.org)).filter((b) => b.number === "12115119")).toHaveLength(1);
  });

  it("keeps the receipt when marking read fails, and marks it again without importing again", async () => {
    const { documentId, hook } = await arrive(ctx, INVOICE().replaceAll("12115118", "12115120"));
    await ctx.account.fail({
      method: "POST",
      path: `/api/v1/documents/${documentId}/mark-as-read`,
      status: 503,
    });
    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "imported" });
    expect((await ctx.account.documents()).find((d) => d.id === documentId)?.readAt).toBeNull();

    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "imported" });
    expect((await ctx.account.documents()).find((d) => d.id === documentId)?.readAt).not.toBeNull();
    expect(await callsFor(ctx.account, documentId)).toEqual([
      `GET /api/v1/documents/${documentId}`,
      `POST /api/v1/documents/${documentId}/mark-as-read`,
      `POST /api/v1/documents/${documentId}/mark-as-read`,
    ]);
    expect((await billsOf(ctx.org)).filter((b) => b.number === "12115120")).toHaveLength(1);
  });
});

describe("a forged Peppol webhook", () => {
  it.each([
    ["a wrong token", (c: Connected) => c.connection.webhookUrl.replace(/token=.*/, "token=forged")],
    ["no token", (c: Connected) => c.connection.webhookUrl.replace(/\?token=.*/, "")],
    ["an empty token", (c: Connected) => c.connection.webhookUrl.replace(/token=.*/, "token=")],
    [
      "another organization's id",
      (c: Connected) => c.connection.webhookUrl.replace(c.org.organizationId, "org_unknown"),
    ],
  ])("with %s answers 401 and calls nothing at the provider", async (_, urlOf) => {
    const ctx = await connected();
    const { documentId } = await ctx.account.receive(ctx.connection.companyId, INVOICE());
    const before = await ctx.account.requests();
    const res = await postPeppolWebhook({
      url: urlOf(ctx),
      body: { eventType: "document.received", documentId },
    });
    const error = expectError(res, 401, "unauthorized");
    expect(error.message).toBe("Unknown webhook: the organization or its token does not match");
    expect(await ctx.account.requests()).toEqual(before);
    expect(await billsOf(ctx.org)).toHaveLength(0);
  });

  it.each([
    [
      "an organization id out of format, and a body over 16 KiB",
      `/hooks/peppol/${"o".repeat(100)}?token=forged`,
    ],
    ["a wrong token and a body over 16 KiB", undefined],
  ])("with %s answers the same 401", async (_, path) => {
    const ctx = await connected();
    const url = new URL(ctx.connection.webhookUrl.replace(/token=.*/, "token=forged"));
    const res = await api("POST", path ?? `${url.pathname}${url.search}`, {
      body: { eventType: "document.received", documentId: "x", padding: "x".repeat(17 * 1024) },
    });
    expect(expectError(res, 401, "unauthorized").message).toBe(
      "Unknown webhook: the organization or its token does not match",
    );
  });

  it("answers an organization without a Peppol connection the same 401", async () => {
    const org = await createOrg();
    const res = await api("POST", `/hooks/peppol/${org.organizationId}?token=anything`, {
      body: { eventType: "document.received", documentId: "doc_1" },
    });
    expect(expectError(res, 401, "unauthorized").message).toBe(
      "Unknown webhook: the organization or its token does not match",
    );
  });
});

describe("a Message Level Response", () => {
  async function delivery(ctx: Connected, status: "pending" | "delivered") {
    const at = new Date().toISOString();
    const row = {
      id: `dlv_${crypto.randomUUID().replaceAll("-", "")}`,
      organizationId: ctx.org.organizationId,
      documentType: "invoice" as const,
      documentId: `inv_${crypto.randomUUID().replaceAll("-", "")}`,
      documentNumber: "INV-0001",
      channel: "peppol" as const,
      provider: "recommand" as const,
      recipient: "0208:0123456749",
      status,
      providerDocumentId: "doc_sent",
      envelopeId: crypto.randomUUID(),
      attempts: 1,
      createdAt: at,
      updatedAt: at,
    };
    await (await dbOf(ctx.org.organizationId)).insert(einvoiceDeliveries).values(row);
    return row;
  }
  const stored = async (id: string) =>
    (
      await readOnEveryTenant((db) =>
        db.select().from(einvoiceDeliveries).where(eq(einvoiceDeliveries.id, id)),
      )
    )[0];

  let ctx: Connected;
  beforeAll(async () => {
    ctx = await connected();
  });

  it("RE fails the delivery it answers with code rejected and records invoice.delivery_failed", async () => {
    const sent = await delivery(ctx, "delivered");
    const { documentId, hook } = await arrive(
      ctx,
      messageResponse(sent.envelopeId, "RE", "Unknown buyer reference"),
    );
    const res = await postPeppolWebhook(hook);
    expect(res.body).toMatchObject({ received: true, outcome: "response" });
    expect(await stored(sent.id)).toMatchObject({
      status: "failed",
      responseCode: "RE",
      respondedAt: expect.any(String),
      error: { code: "rejected", message: "Unknown buyer reference", rules: [] },
    });
    const [event] = (await eventsOf(ctx.org, "invoice.delivery_failed")).filter(
      (e) => e.data.object.id === sent.id,
    );
    expect(event?.data.object).toMatchObject({
      object: "delivery",
      status: "failed",
      document_id: sent.documentId,
      error: { code: "rejected" },
      response: { code: "RE" },
    });
    expect((await ctx.account.documents()).find((d) => d.id === documentId)?.readAt).not.toBeNull();
    expect(await billsOf(ctx.org)).toHaveLength(0);

    // Received again: applied once.
    await postPeppolWebhook(hook);
    expect(
      (await eventsOf(ctx.org, "invoice.delivery_failed")).filter((e) => e.data.object.id === sent.id),
    ).toHaveLength(1);
  });

  it("AP delivers a pending delivery; AB on a delivered one only records the response", async () => {
    const pending = await delivery(ctx, "pending");
    const { hook } = await arrive(ctx, messageResponse(pending.envelopeId, "AP"));
    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "response" });
    expect(await stored(pending.id)).toMatchObject({ status: "delivered", responseCode: "AP", error: null });
    expect(
      (await eventsOf(ctx.org, "invoice.delivered")).filter((e) => e.data.object.id === pending.id),
    ).toHaveLength(1);

    const delivered = await delivery(ctx, "delivered");
    const ab = await arrive(ctx, messageResponse(delivered.envelopeId, "AB"));
    expect((await postPeppolWebhook(ab.hook)).body).toMatchObject({ outcome: "response" });
    expect(await stored(delivered.id)).toMatchObject({ status: "delivered", responseCode: "AB" });
    expect(
      (await eventsOf(ctx.org, "invoice.delivered")).filter((e) => e.data.object.id === delivered.id),
    ).toHaveLength(0);
  });

  it("applies one response once when the webhook and the sweep receive it together", async () => {
    const pending = await delivery(ctx, "pending");
    const { hook } = await arrive(ctx, messageResponse(pending.envelopeId, "AP"));
    const answers = await Promise.all([
      postPeppolWebhook(hook),
      postPeppolWebhook(hook),
      postPeppolWebhook(hook),
    ]);
    for (const answer of answers) expect(answer.body).toMatchObject({ outcome: "response" });
    expect(await stored(pending.id)).toMatchObject({ status: "delivered", responseCode: "AP" });
    expect(
      (await eventsOf(ctx.org, "invoice.delivered")).filter((e) => e.data.object.id === pending.id),
    ).toHaveLength(1);
  });

  it("leaves a response to a delivery being sent unapplied and unread, and applies it on a later pass", async () => {
    const pending = await delivery(ctx, "pending");
    const claimedAt = new Date().toISOString();
    await (await dbOf(ctx.org.organizationId))
      .update(einvoiceDeliveries)
      .set({ claimedAt })
      .where(eq(einvoiceDeliveries.id, pending.id));
    const { documentId, hook } = await arrive(ctx, messageResponse(pending.envelopeId, "RE"));

    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "response" });
    expect(await stored(pending.id)).toMatchObject({ status: "pending", responseCode: null, claimedAt });
    expect((await ctx.account.documents()).find((d) => d.id === documentId)?.readAt).toBeNull();
    expect(
      await (await dbOf(ctx.org.organizationId))
        .select()
        .from(networkReceipts)
        .where(eq(networkReceipts.providerDocumentId, documentId)),
    ).toHaveLength(0);

    // The send finished (its claim released): the next pass applies the response.
    await (await dbOf(ctx.org.organizationId))
      .update(einvoiceDeliveries)
      .set({ status: "delivered", claimedAt: null })
      .where(eq(einvoiceDeliveries.id, pending.id));
    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "response" });
    expect(await stored(pending.id)).toMatchObject({ status: "failed", responseCode: "RE" });
    expect(
      (await eventsOf(ctx.org, "invoice.delivery_failed")).filter((e) => e.data.object.id === pending.id),
    ).toHaveLength(1);
    expect((await ctx.account.documents()).find((d) => d.id === documentId)?.readAt).not.toBeNull();
  });

  it("leaves a response to no delivery unread while a send's envelope id is unknown", async () => {
    const own = await connected();
    const sending = await delivery(own, "pending");
    await (await dbOf(own.org.organizationId))
      .update(einvoiceDeliveries)
      .set({ envelopeId: null })
      .where(eq(einvoiceDeliveries.id, sending.id));
    const { documentId, hook } = await arrive(own, messageResponse(sending.envelopeId, "AP"));
    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "response" });
    expect((await own.account.documents()).find((d) => d.id === documentId)?.readAt).toBeNull();

    // The send's envelope id is known now: the response applies to it.
    await (await dbOf(own.org.organizationId))
      .update(einvoiceDeliveries)
      .set({ envelopeId: sending.envelopeId })
      .where(eq(einvoiceDeliveries.id, sending.id));
    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "response" });
    expect(await stored(sending.id)).toMatchObject({ status: "delivered", responseCode: "AP" });
    expect((await own.account.documents()).find((d) => d.id === documentId)?.readAt).not.toBeNull();
  });

  it("answers a response to no delivery of the organization as a response, marked read", async () => {
    const { documentId, hook } = await arrive(ctx, messageResponse(crypto.randomUUID(), "RE"));
    expect((await postPeppolWebhook(hook)).body).toMatchObject({ outcome: "response" });
    expect((await ctx.account.documents()).find((d) => d.id === documentId)?.readAt).not.toBeNull();
  });
});

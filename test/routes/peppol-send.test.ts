// Sending invoices and credit notes over Peppol (POST .../send { channels }): the UBL GET
// .../einvoice?syntax=ubl serves, delivered byte for byte to the fake Recommand; the deliveries
// each document shows, their events, refusals, retries by the sweep, and the channel chosen.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { einvoiceDeliveries, einvoiceNetworks } from "../../src/db/schema/networks";
import { disconnectedDelivery } from "../../src/services/einvoice-networks/deliveries";
import { sweepNetworkDeliveries } from "../../src/services/einvoice-networks/sweep";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { dbOf, readOnEveryTenant } from "../helpers/db";
import { createCustomer, SELLER } from "../helpers/factories";
import { postPeppolWebhook } from "../helpers/peppol-connection";
import { connectPeppol, FakeRecommandAccount, messageResponse, useFakeRecommand } from "../helpers/recommand";
import { draft, get, post, standardRate } from "./billing/helpers";

useFakeRecommand();

/** The connections this file made, removed after it (the files of `workers` share one D1). */
const connected: string[] = [];
afterAll(async () => {
  for (const id of connected) {
    await (await dbOf(id)).delete(einvoiceNetworks).where(eq(einvoiceNetworks.organizationId, id));
  }
});

const REGISTERED = { scheme: "0208", id: "0403170701" };
const UNREGISTERED = { scheme: "0208", id: "0000000097" };
const MINUTE = 60_000;

/** An organization whose invoices are e-invoices, its own account at the fake, connected when asked. */
async function peppolOrg(options: { connected?: boolean } = {}) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const account = await FakeRecommandAccount.open();
  await account.register(`${REGISTERED.scheme}:${REGISTERED.id}`);
  const company = options.connected === false ? null : await connect(org, account);
  return { org, rate, account, company };
}

/** PUT /v1/einvoice-networks/peppol: the organization registered at the fake from its billing profile. */
async function connect(org: TestOrg, account: FakeRecommandAccount) {
  const put = await connectPeppol(org, account);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  connected.push(org.organizationId);
  return { companyId: put.body.company_id as string };
}

async function draftFor(org: TestOrg, rate: { id: string }, electronicAddress: unknown) {
  const customer = await createCustomer(org, {
    buyer_reference: "REF-1",
    ...(electronicAddress ? { electronic_address: electronicAddress } : {}),
  });
  return draft(org, {
    customer_id: customer.id,
    items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
  });
}

const sendDocument = (org: TestOrg, path: string, body?: unknown) =>
  api("POST", `${path}/send`, { token: org.owner.key, ...(body === undefined ? {} : { body }) });

async function sentOverPeppol(account: FakeRecommandAccount) {
  const requests = await account.requests();
  return requests.filter((r) => r.method === "POST" && /^\/api\/v1\/[^/]+\/send$/.test(r.path));
}

const deliveryRow = async (documentId: string) => {
  const [row] = await readOnEveryTenant((db) =>
    db.select().from(einvoiceDeliveries).where(eq(einvoiceDeliveries.documentId, documentId)),
  );
  return row!;
};

const sweep = async (org: TestOrg, at: Date) =>
  sweepNetworkDeliveries(await dbOf(org.organizationId), env, at, { organizationId: org.organizationId });

const events = async (org: TestOrg, type: string) =>
  (await get(org, `/v1/events?type=${type}`)).body.data as Array<{ data: { object: Record<string, any> } }>;

describe("POST /v1/invoices/{id}/send over Peppol", () => {
  it("delivers an invoice and a credit note to a registered customer: the served UBL, byte for byte, no e-mail", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);

    const sent = await sendDocument(org, `/v1/invoices/${invoice.id}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe("sent");
    expect(sent.body.deliveries).toEqual([
      expect.objectContaining({
        channel: "peppol",
        status: "delivered",
        recipient: "0208:0403170701",
        provider_document_id: expect.stringMatching(/^doc_/),
        error: null,
        attempts: 1,
      }),
    ]);

    const ubl = await get(org, `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`);
    expect(ubl.status).toBe(200);
    const [request] = await sentOverPeppol(account);
    expect(request!.path).toBe(`/api/v1/${company!.companyId}/send`);
    expect(request!.authorization).toBe(account.authorization);
    expect(JSON.parse(request!.body)).toEqual({
      recipient: "0208:0403170701",
      documentType: "xml",
      document: ubl.body,
    });
    const [stored] = await account.documents();
    expect(stored!.xml).toBe(ubl.body);
    expect(stored!.id).toBe(sent.body.deliveries[0].provider_document_id);
    expect((await get(org, `/v1/invoices/${invoice.id}/emails`)).body.data).toEqual([]);

    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body.deliveries).toEqual(sent.body.deliveries);
    const listed = await get(org, "/v1/invoices");
    expect(listed.body.data.find((i: { id: string }) => i.id === invoice.id).deliveries).toEqual(
      sent.body.deliveries,
    );
    expect((await deliveryRow(invoice.id)).envelopeId).toBe(stored!.envelopeId);

    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Refund",
      amount: 11.9,
    });
    expect(note.status).toBe(201);
    expect(note.body.deliveries).toEqual([]);
    const noteSent = await sendDocument(org, `/v1/credit-notes/${note.body.id}`);
    expect(noteSent.status, JSON.stringify(noteSent.body)).toBe(200);
    expect(noteSent.body.deliveries).toEqual([
      expect.objectContaining({ channel: "peppol", status: "delivered", attempts: 1 }),
    ]);
    const noteUbl = await get(org, `/v1/credit-notes/${note.body.id}/einvoice?syntax=ubl`);
    const requests = await sentOverPeppol(account);
    expect(requests).toHaveLength(2);
    expect(JSON.parse(requests[1]!.body)).toEqual({
      recipient: "0208:0403170701",
      documentType: "xml",
      document: noteUbl.body,
    });
    expect((await get(org, `/v1/credit-notes/${note.body.id}`)).body.deliveries).toEqual(
      noteSent.body.deliveries,
    );
    expect((await get(org, `/v1/credit-notes/${note.body.id}/emails`)).body.data).toEqual([]);

    const delivered = await events(org, "invoice.delivered");
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.data.object).toMatchObject({
      object: "delivery",
      document_type: "invoice",
      document_id: invoice.id,
      number: sent.body.number,
      status: "delivered",
      provider_document_id: stored!.id,
    });
    const noteDelivered = await events(org, "credit_note.delivered");
    expect(noteDelivered.map((e) => e.data.object.document_id)).toEqual([note.body.id]);

    // Sending again is a reminder, by e-mail; the delivered delivery is left alone.
    const again = await sendDocument(org, `/v1/invoices/${invoice.id}`);
    expect(again.status).toBe(200);
    expect(again.body.deliveries).toEqual(sent.body.deliveries);
    expect((await get(org, `/v1/invoices/${invoice.id}/emails`)).body.data).toHaveLength(1);
    const noteAgain = await sendDocument(org, `/v1/credit-notes/${note.body.id}`);
    expect(noteAgain.body.deliveries).toEqual(noteSent.body.deliveries);
    expect((await get(org, `/v1/credit-notes/${note.body.id}/emails`)).body.data).toHaveLength(1);
    // Peppol asked for again: nothing to do, the deliveries unchanged, nothing e-mailed.
    const peppolAgain = await sendDocument(org, `/v1/invoices/${invoice.id}`, { channels: ["peppol"] });
    expect(peppolAgain.status).toBe(200);
    expect(peppolAgain.body.deliveries).toEqual(sent.body.deliveries);
    expect((await get(org, `/v1/invoices/${invoice.id}/emails`)).body.data).toHaveLength(1);
    expect(await sentOverPeppol(account)).toHaveLength(2);
  });

  it("shows a provider's refusal as a failed delivery naming its rules, never retried by the sweep; sending again tries again", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);
    await account.fail({
      path: `/api/v1/${company!.companyId}/send`,
      status: 400,
      body: {
        success: false,
        errors: {
          root: ["Invalid document"],
          document: ["BR-CO-15: Invoice total amount with VAT = total without VAT + total VAT"],
        },
      },
    });

    const sent = await sendDocument(org, `/v1/invoices/${invoice.id}`);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe("sent");
    expect(sent.body.deliveries).toEqual([
      expect.objectContaining({
        status: "failed",
        attempts: 1,
        provider_document_id: null,
        error: {
          code: "refused",
          message: "Invalid document",
          rules: [
            { rule: "BR-CO-15", message: "Invoice total amount with VAT = total without VAT + total VAT" },
          ],
        },
      }),
    ]);
    const failed = await events(org, "invoice.delivery_failed");
    expect(failed.map((e) => e.data.object.error.code)).toEqual(["refused"]);

    await sweep(org, new Date(Date.now() + 2 * 60 * MINUTE));
    expect(await sentOverPeppol(account)).toHaveLength(1);
    expect((await deliveryRow(invoice.id)).status).toBe("failed");

    const again = await sendDocument(org, `/v1/invoices/${invoice.id}`);
    expect(again.body.deliveries).toEqual([
      expect.objectContaining({
        id: sent.body.deliveries[0].id,
        status: "delivered",
        attempts: 2,
        error: null,
      }),
    ]);
    expect(await sentOverPeppol(account)).toHaveLength(2);
  });

  it("keeps a 503 pending and lets the sweep deliver it once, after asking the provider", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);
    await account.fail({ path: `/api/v1/${company!.companyId}/send`, status: 503 });

    const before = Date.now();
    const sent = await sendDocument(org, `/v1/invoices/${invoice.id}`);
    expect(sent.status).toBe(200);
    expect(sent.body.deliveries).toEqual([
      expect.objectContaining({ status: "pending", attempts: 1, error: null }),
    ]);
    const pending = await deliveryRow(invoice.id);
    expect(pending.ambiguous).toBe(true);
    expect(pending.claimedAt).toBeNull();
    expect(Date.parse(pending.nextAttemptAt!)).toBeGreaterThanOrEqual(before + MINUTE);
    expect(Date.parse(pending.nextAttemptAt!)).toBeLessThanOrEqual(Date.now() + MINUTE);
    expect(await events(org, "invoice.delivery_failed")).toEqual([]);

    // Not due yet: nothing is sent.
    await sweep(org, new Date());
    expect(await sentOverPeppol(account)).toHaveLength(1);

    const due = new Date(Date.now() + 2 * MINUTE);
    // Two sweeps at once: one claims the delivery, one event, one send.
    const swept = await Promise.all([sweep(org, due), sweep(org, due)]);
    expect(swept.flat()).toEqual([expect.stringMatching(/^evt_/)]);
    await sweep(org, new Date(due.getTime() + 10 * MINUTE));
    expect(await sentOverPeppol(account)).toHaveLength(2);
    const documents = await account.documents();
    expect(documents).toHaveLength(1);
    const requests = (await account.requests()).map((r) => `${r.method} ${r.path.split("?")[0]}`);
    // The ambiguous attempt is looked for before it is sent again.
    expect(requests.slice(-2)).toEqual(["GET /api/v1/documents", `POST /api/v1/${company!.companyId}/send`]);

    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body.deliveries).toEqual([
      expect.objectContaining({ status: "delivered", attempts: 2, provider_document_id: documents[0]!.id }),
    ]);
    expect((await events(org, "invoice.delivered")).map((e) => e.data.object.document_id)).toEqual([
      invoice.id,
    ]);
  });

  it("finds a document the provider stored before the connection dropped, and does not send it again", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);
    await account.fail({ path: `/api/v1/${company!.companyId}/send`, storeThenDrop: true });

    const sent = await sendDocument(org, `/v1/invoices/${invoice.id}`);
    expect(sent.status).toBe(200);
    expect(sent.body.deliveries[0]).toMatchObject({ status: "pending", attempts: 1 });
    const [stored] = await account.documents();
    expect(stored).toBeDefined();

    await sweep(org, new Date(Date.now() + 2 * MINUTE));
    expect(await sentOverPeppol(account)).toHaveLength(1);
    expect(await account.documents()).toHaveLength(1);
    const row = await deliveryRow(invoice.id);
    expect(row).toMatchObject({ status: "delivered", providerDocumentId: stored!.id, ambiguous: false });
  });

  it("asks the provider first when an attempt's lease ran out: a cut-off attempt is never sent twice", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);
    await account.fail({ path: `/api/v1/${company!.companyId}/send`, storeThenDrop: true });
    await sendDocument(org, `/v1/invoices/${invoice.id}`);
    // As if the attempt had been cut off after the provider took it: held, outcome not recorded.
    const due = new Date(Date.now() + 10 * MINUTE);
    await (await dbOf(org.organizationId))
      .update(einvoiceDeliveries)
      .set({ ambiguous: false, claimedAt: new Date(due.getTime() - 3 * MINUTE).toISOString() })
      .where(eq(einvoiceDeliveries.documentId, invoice.id));

    await sweep(org, due);
    expect(await sentOverPeppol(account)).toHaveLength(1);
    const [stored] = await account.documents();
    expect(await deliveryRow(invoice.id)).toMatchObject({
      status: "delivered",
      providerDocumentId: stored!.id,
    });
  });

  it("claims each due delivery right before its attempt, none once the run's budget is spent", async () => {
    const { org, rate, account, company } = await peppolOrg();
    await account.fail({ path: `/api/v1/${company!.companyId}/send`, status: 503, times: 2 });
    const first = await draftFor(org, rate, REGISTERED);
    const second = await draftFor(org, rate, REGISTERED);
    await sendDocument(org, `/v1/invoices/${first.id}`);
    await sendDocument(org, `/v1/invoices/${second.id}`);
    const due = new Date(Date.now() + 10 * MINUTE);

    expect(
      await sweepNetworkDeliveries(await dbOf(org.organizationId), env, due, {
        organizationId: org.organizationId,
        budgetMs: 0,
      }),
    ).toEqual([]);
    for (const id of [first.id, second.id]) {
      expect(await deliveryRow(id)).toMatchObject({ status: "pending", claimedAt: null });
    }
    expect(await sweep(org, due)).toHaveLength(2);
    expect((await deliveryRow(second.id)).status).toBe("delivered");
  });

  it("records no event for an outcome whose row another claim took meanwhile", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);
    await account.fail({ path: `/api/v1/${company!.companyId}/send`, status: 503 });
    await sendDocument(org, `/v1/invoices/${invoice.id}`);
    const held = await deliveryRow(invoice.id);
    const otherClaim = new Date().toISOString();
    await (await dbOf(org.organizationId))
      .update(einvoiceDeliveries)
      .set({ claimedAt: otherClaim })
      .where(eq(einvoiceDeliveries.id, held.id));

    const stale = await disconnectedDelivery(await dbOf(org.organizationId), held, new Date());
    expect(stale.eventIds).toEqual([]);
    expect(await events(org, "invoice.delivery_failed")).toEqual([]);
    expect(await deliveryRow(invoice.id)).toMatchObject({ status: "pending", claimedAt: otherClaim });
  });

  it("never adopts an earlier round's document when a delivery started again is ambiguous", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const rejected = await draftFor(org, rate, REGISTERED);
    const refused = await draftFor(org, rate, REGISTERED);
    await sendDocument(org, `/v1/invoices/${rejected.id}`);
    await sendDocument(org, `/v1/invoices/${refused.id}`);
    const [first, second] = await account.documents();
    const db = await dbOf(org.organizationId);
    // Earlier rounds ended failed: one recorded the provider's document, one did not.
    await db
      .update(einvoiceDeliveries)
      .set({ status: "failed", error: { code: "rejected", message: "Rejected", rules: [] } })
      .where(eq(einvoiceDeliveries.documentId, rejected.id));
    await db
      .update(einvoiceDeliveries)
      .set({
        status: "failed",
        providerDocumentId: null,
        error: { code: "refused", message: "No", rules: [] },
      })
      .where(eq(einvoiceDeliveries.documentId, refused.id));

    await account.fail({ path: `/api/v1/${company!.companyId}/send`, status: 503, times: 2 });
    await sendDocument(org, `/v1/invoices/${rejected.id}`);
    await sendDocument(org, `/v1/invoices/${refused.id}`);
    await sweep(org, new Date(Date.now() + 10 * MINUTE));

    expect(await account.documents()).toHaveLength(4);
    expect((await deliveryRow(rejected.id)).providerDocumentId).not.toBe(first!.id);
    expect((await deliveryRow(refused.id)).providerDocumentId).not.toBe(second!.id);
    expect((await deliveryRow(refused.id)).status).toBe("delivered");
  });

  it("settles a round started again only with a response to its own message, not the earlier round's", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);
    await sendDocument(org, `/v1/invoices/${invoice.id}`);
    const [first] = await account.documents();
    const respond = async (code: "AP" | "RE") => {
      const { webhooks } = await account.receive(
        company!.companyId,
        messageResponse(first!.envelopeId, code),
      );
      for (const hook of webhooks) expect((await postPeppolWebhook(hook)).status).toBe(200);
    };
    // The buyer rejects the first message; the invoice is sent again and the network fails.
    await respond("RE");
    expect(await deliveryRow(invoice.id)).toMatchObject({ status: "failed", responseCode: "RE" });
    await account.fail({ path: `/api/v1/${company!.companyId}/send`, status: 503 });
    await sendDocument(org, `/v1/invoices/${invoice.id}`, { channels: ["peppol"] });
    expect(await deliveryRow(invoice.id)).toMatchObject({
      status: "pending",
      envelopeId: null,
      responseCode: null,
    });
    // A late response to the first message must not settle the new round.
    await respond("AP");
    expect(await deliveryRow(invoice.id)).toMatchObject({ status: "pending", responseCode: null });
  });

  it("keeps a delivery started again after gave_up ambiguous: the provider is asked before it is sent", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);
    await account.fail({ path: `/api/v1/${company!.companyId}/send`, storeThenDrop: true });
    await sendDocument(org, `/v1/invoices/${invoice.id}`);
    const [stored] = await account.documents();
    await (await dbOf(org.organizationId))
      .update(einvoiceDeliveries)
      .set({
        status: "failed",
        nextAttemptAt: null,
        error: { code: "gave_up", message: "No answer", rules: [] },
      })
      .where(eq(einvoiceDeliveries.documentId, invoice.id));

    const again = await sendDocument(org, `/v1/invoices/${invoice.id}`, { channels: ["peppol"] });
    expect(again.body.deliveries).toEqual([
      expect.objectContaining({ status: "delivered", provider_document_id: stored!.id }),
    ]);
    expect(await sentOverPeppol(account)).toHaveLength(1);
  });

  it("gives up after retry_until on a delivery whose connection cannot be opened", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);
    await account.fail({ path: `/api/v1/${company!.companyId}/send`, status: 503 });
    await sendDocument(org, `/v1/invoices/${invoice.id}`);
    await (await dbOf(org.organizationId))
      .update(einvoiceNetworks)
      .set({ apiSecret: "not-sealed" })
      .where(eq(einvoiceNetworks.organizationId, org.organizationId));

    await sweep(org, new Date(Date.now() + 25 * 60 * MINUTE));
    expect(await deliveryRow(invoice.id)).toMatchObject({
      status: "failed",
      error: expect.objectContaining({ code: "gave_up" }),
    });
    expect(await sentOverPeppol(account)).toHaveLength(1);
  });

  it("fails a pending delivery whose connection was removed: disconnected", async () => {
    const { org, rate, account, company } = await peppolOrg();
    const invoice = await draftFor(org, rate, REGISTERED);
    await account.fail({ path: `/api/v1/${company!.companyId}/send`, status: 503 });
    await sendDocument(org, `/v1/invoices/${invoice.id}`);
    await (await dbOf(org.organizationId))
      .delete(einvoiceNetworks)
      .where(
        and(eq(einvoiceNetworks.organizationId, org.organizationId), eq(einvoiceNetworks.network, "peppol")),
      );

    await sweep(org, new Date(Date.now() + 2 * MINUTE));
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body.deliveries).toEqual([
      expect.objectContaining({
        status: "failed",
        attempts: 1,
        error: expect.objectContaining({ code: "disconnected" }),
      }),
    ]);
    expect(await sentOverPeppol(account)).toHaveLength(1);
    expect((await events(org, "invoice.delivery_failed")).map((e) => e.data.object.error.code)).toEqual([
      "disconnected",
    ]);
  });
});

describe("the channels of a send", () => {
  it("e-mails an unregistered customer by default, and does both when asked for both", async () => {
    const { org, rate, account } = await peppolOrg();
    const unregistered = await draftFor(org, rate, UNREGISTERED);
    const sent = await sendDocument(org, `/v1/invoices/${unregistered.id}`);
    expect(sent.status).toBe(200);
    expect(sent.body.deliveries).toEqual([]);
    expect((await get(org, `/v1/invoices/${unregistered.id}/emails`)).body.data).toHaveLength(1);
    expect(await sentOverPeppol(account)).toHaveLength(0);

    const both = await draftFor(org, rate, REGISTERED);
    const bothSent = await sendDocument(org, `/v1/invoices/${both.id}`, { channels: ["peppol", "email"] });
    expect(bothSent.status).toBe(200);
    expect(bothSent.body.deliveries).toEqual([expect.objectContaining({ status: "delivered" })]);
    expect((await get(org, `/v1/invoices/${both.id}/emails`)).body.data).toHaveLength(1);
    expect(await sentOverPeppol(account)).toHaveLength(1);

    // E-mail alone, to a registered customer: no Peppol delivery.
    const emailOnly = await draftFor(org, rate, REGISTERED);
    const mailed = await sendDocument(org, `/v1/invoices/${emailOnly.id}`, { channels: ["email"] });
    expect(mailed.body.deliveries).toEqual([]);
    expect(await sentOverPeppol(account)).toHaveLength(1);
  });

  it("sends over Peppol to a customer who chose it when the lookup fails; e-mails others", async () => {
    const { org, rate, account } = await peppolOrg();
    await account.fail({ path: "/api/v1/verify", status: 503, times: 10 });
    const chose = await createCustomer(org, {
      buyer_reference: "REF-1",
      electronic_address: REGISTERED,
      einvoice_profile: "peppol",
    });
    const peppolDraft = await draft(org, {
      customer_id: chose.id,
      items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
    });
    const sent = await sendDocument(org, `/v1/invoices/${peppolDraft.id}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.deliveries).toEqual([expect.objectContaining({ status: "delivered" })]);
    expect((await get(org, `/v1/invoices/${peppolDraft.id}/emails`)).body.data).toEqual([]);

    const other = await draftFor(org, rate, REGISTERED);
    const mailed = await sendDocument(org, `/v1/invoices/${other.id}`);
    expect(mailed.body.deliveries).toEqual([]);
    expect((await get(org, `/v1/invoices/${other.id}/emails`)).body.data).toHaveLength(1);
    expect(await sentOverPeppol(account)).toHaveLength(1);
  });

  it("sends the Peppol UBL (Peppol BIS) to a customer whose downloads default to EN 16931", async () => {
    const { org, rate, account } = await peppolOrg();
    const customer = await createCustomer(org, {
      buyer_reference: "REF-1",
      electronic_address: REGISTERED,
      einvoice_profile: "en16931",
    });
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
    });
    const sent = await sendDocument(org, `/v1/invoices/${invoice.id}`, { channels: ["peppol"] });
    expect(sent.body.deliveries).toEqual([expect.objectContaining({ status: "delivered" })]);
    const peppol = await get(org, `/v1/invoices/${invoice.id}/einvoice?syntax=ubl&profile=peppol`);
    const download = await get(org, `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`);
    expect(download.body).not.toBe(peppol.body);
    const [request] = await sentOverPeppol(account);
    expect(JSON.parse(request!.body).document).toBe(peppol.body);
  });

  it("refuses Peppol before issuing: no connection (409), no address Peppol takes (422), malformed channels", async () => {
    const { org, rate, account } = await peppolOrg({ connected: false });
    const invoice = await draftFor(org, rate, REGISTERED);
    const refused = await sendDocument(org, `/v1/invoices/${invoice.id}`, { channels: ["peppol"] });
    expectError(refused, 409, "conflict");
    expect(refused.body.error.details.reason).toBe("peppol_not_connected");
    expect((await get(org, `/v1/invoices/${invoice.id}`)).body.status).toBe("draft");

    // Without a network, the default send is today's: e-mail, no deliveries, no provider call;
    // a JSON body with other keys is accepted as it was before `channels`.
    const plain = await sendDocument(org, `/v1/invoices/${invoice.id}`, { foo: 1 });
    expect(plain.status).toBe(200);
    expect(plain.body.deliveries).toEqual([]);
    expect(await account.requests()).toEqual([]);

    const connected = await peppolOrg();
    const noAddress = await draftFor(connected.org, connected.rate, null);
    const unaddressed = await sendDocument(connected.org, `/v1/invoices/${noAddress.id}`, {
      channels: ["peppol"],
    });
    expectError(unaddressed, 422, "validation_error");
    expect(Object.keys(unaddressed.body.error.details)).toEqual(["customer.electronic_address"]);
    expect((await get(connected.org, `/v1/invoices/${noAddress.id}`)).body.status).toBe("draft");

    for (const channels of [[], ["peppol", "peppol"], ["fax"]]) {
      const bad = await sendDocument(connected.org, `/v1/invoices/${noAddress.id}`, { channels });
      expect(bad.status, JSON.stringify(channels)).toBe(422);
    }
    expect((await get(connected.org, `/v1/invoices/${noAddress.id}`)).body.status).toBe("draft");
  });

  it("refuses Peppol when the document's Peppol UBL cannot be produced (422 naming its fields), e-mails by default", async () => {
    const { org, rate, account } = await peppolOrg();
    const patched = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { electronic_address: null },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const invoice = await draftFor(org, rate, REGISTERED);
    const ubl = (await get(org, `/v1/invoices/${invoice.id}`)).body.einvoice.syntaxes.ubl;
    expect(ubl.missing).toContain("organization.electronic_address");

    const refused = await sendDocument(org, `/v1/invoices/${invoice.id}`, { channels: ["peppol"] });
    expectError(refused, 422, "validation_error");
    expect(Object.keys(refused.body.error.details)).toEqual(ubl.missing);
    expect((await get(org, `/v1/invoices/${invoice.id}`)).body.status).toBe("draft");

    const sent = await sendDocument(org, `/v1/invoices/${invoice.id}`);
    expect(sent.status).toBe(200);
    expect(sent.body.deliveries).toEqual([]);
    expect((await get(org, `/v1/invoices/${invoice.id}/emails`)).body.data).toHaveLength(1);
    expect(await sentOverPeppol(account)).toHaveLength(0);
  });

  it("refuses Peppol for a credit note of an organization without a connection, nothing e-mailed", async () => {
    const { org, rate } = await peppolOrg({ connected: false });
    const invoice = await draftFor(org, rate, REGISTERED);
    await sendDocument(org, `/v1/invoices/${invoice.id}`);
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Refund",
      amount: 11.9,
    });
    const refused = await sendDocument(org, `/v1/credit-notes/${note.body.id}`, { channels: ["peppol"] });
    expectError(refused, 409, "conflict");
    expect((await get(org, `/v1/credit-notes/${note.body.id}/emails`)).body.data).toEqual([]);
  });
});

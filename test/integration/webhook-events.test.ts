// End to end: a change through the API reaches a subscribed receiver as a signed Standard
// Webhooks delivery, through the outbox and the first attempt after the response.

import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addMember, api, createOrg, type TestOrg } from "../helpers/api";
import { insertCustomer } from "../helpers/customers";
import { d1Of } from "../helpers/db";
import { uploadFile } from "../helpers/documents";
import { createCustomer, createInvoice } from "../helpers/factories";
import { daysFromToday } from "../helpers/projects";
import { createWebhook, mockReceiver } from "../webhooks/helpers";

afterEach(() => vi.restoreAllMocks());

async function receivedEvent(calls: ReturnType<typeof mockReceiver>, secret: string, type: string) {
  await expect.poll(() => calls.some((c) => JSON.parse(c.body).type === type), { timeout: 3000 }).toBe(true);
  const call = calls.find((c) => JSON.parse(c.body).type === type)!;
  // The receiver's own check: the library throws on a bad signature.
  return new Webhook(secret).verify(call.body, call.headers) as {
    id: string;
    type: string;
    data: { object: any };
  };
}

async function subscribedOrg(events: string[] = ["*"]): Promise<{ org: TestOrg; secret: string }> {
  const org = await createOrg();
  const hook = await createWebhook(org, { events });
  return { org, secret: hook.secret };
}

describe("resource changes are delivered as webhooks", () => {
  it("delivers project.created with the project as data.object", async () => {
    const { org, secret } = await subscribedOrg(["project.created"]);
    const calls = mockReceiver();
    const customerId = await insertCustomer(org.organizationId);
    const created = await api("POST", "/v1/projects", {
      token: org.owner.key,
      body: {
        name: "Website",
        customer_id: customerId,
        start_date: daysFromToday(0),
        end_date: daysFromToday(30),
      },
    });
    expect(created.status).toBe(201);
    const event = await receivedEvent(calls, secret, "project.created");
    expect(event.data.object).toMatchObject({ id: created.body.id, name: "Website" });
  });

  it("delivers customer.created, invoice.created and invoice.sent in order of the changes", async () => {
    const { org, secret } = await subscribedOrg(["customer.created", "invoice.created", "invoice.sent"]);
    const calls = mockReceiver();
    const customer = await createCustomer(org);
    const invoice = await createInvoice(org, { customer_id: customer.id });
    const sent = await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key });
    expect(sent.status).toBe(200);
    expect((await receivedEvent(calls, secret, "customer.created")).data.object).toMatchObject({
      id: customer.id,
    });
    const created = await receivedEvent(calls, secret, "invoice.created");
    expect(created.data.object).toMatchObject({ id: invoice.id, number: invoice.number, status: "draft" });
    expect((await receivedEvent(calls, secret, "invoice.sent")).data.object).toMatchObject({
      status: "sent",
    });
  });

  it("delivers document.uploaded and document.deleted without the document's content", async () => {
    const { org, secret } = await subscribedOrg(["document.uploaded", "document.deleted"]);
    const calls = mockReceiver();
    const uploaded = await uploadFile(org.owner.key, "top secret payroll", { classification: "restricted" });
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.data.id;
    expect((await receivedEvent(calls, secret, "document.uploaded")).data.object).toMatchObject({ id });
    expect((await api("DELETE", `/v1/documents/${id}`, { token: org.owner.key })).status).toBe(200);
    expect((await receivedEvent(calls, secret, "document.deleted")).data.object).toMatchObject({ id });
    expect(calls.map((c) => c.body).join("")).not.toContain("top secret payroll");
  });

  it("redacts the names of a restricted document in every document event, not of a confidential one", async () => {
    const { org, secret } = await subscribedOrg(["document.uploaded", "document.deleted"]);
    const member = await addMember(org, "member");
    const calls = mockReceiver();
    const restricted = await uploadFile(member.key, "plan", {
      classification: "restricted",
      filename: "layoff-plan-Q3.pdf",
      headers: { "Entity-Type": "reorganisation", "Document-Type": "layoffs" },
    });
    expect(restricted.status).toBe(201);
    const id = restricted.body.data.id;
    const uploadedEvent = await receivedEvent(calls, secret, "document.uploaded");
    expect(uploadedEvent.data.object).toEqual({
      id,
      filename: null,
      originalName: null,
      documentType: null,
      classification: "restricted",
      mimeType: null,
      sizeBytes: 4,
      isEncrypted: true,
      entityType: null,
      entityId: null,
      expiresAt: restricted.body.data.expiresAt,
      createdAt: restricted.body.data.createdAt,
      redacted: true,
    });
    expect((await api("DELETE", `/v1/documents/${id}`, { token: member.key })).status).toBe(200);
    expect((await receivedEvent(calls, secret, "document.deleted")).data.object).toMatchObject({
      id,
      filename: null,
      originalName: null,
      redacted: true,
    });
    for (const word of ["layoff", "reorganisation", "layoffs", "application/pdf"]) {
      expect(calls.map((c) => c.body).join("")).not.toContain(word);
    }
    // The stored event, as GET /v1/events shows it to an admin, is redacted too.
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT payload FROM webhook_events WHERE organization_id = ?")
      .bind(org.organizationId)
      .all<{ payload: string }>();
    expect(stored.results).toHaveLength(2);
    for (const row of stored.results) expect(row.payload).not.toContain("layoff");

    const confidential = await uploadFile(member.key, "plan", {
      classification: "confidential",
      filename: "offsite-agenda.pdf",
    });
    await expect
      .poll(() => calls.filter((c) => JSON.parse(c.body).type === "document.uploaded").length, {
        timeout: 3000,
      })
      .toBe(2);
    const second = calls.filter((c) => JSON.parse(c.body).type === "document.uploaded")[1]!;
    expect(JSON.parse(second.body).data.object).toMatchObject({
      id: confidential.body.data.id,
      filename: "offsite-agenda.pdf",
      originalName: "offsite-agenda.pdf",
      mimeType: "application/pdf",
      redacted: false,
    });
  });

  it("emits nothing when the change is refused", async () => {
    const { org } = await subscribedOrg();
    const calls = mockReceiver();
    const res = await api("POST", "/v1/projects", { token: org.owner.key, body: { name: "" } });
    expect(res.status).toBe(422);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toEqual([]);
  });
});

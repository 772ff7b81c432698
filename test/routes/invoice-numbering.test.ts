// Invoice numbering: on_create (the default, numbered as the draft is created) and on_send
// (gap-free: a draft has no number until it is sent), the prefix and padding of new numbers.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { createCustomer, createInvoice } from "../helpers/factories";

async function patchOrganization(org: TestOrg, body: Record<string, unknown>) {
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const send = (org: TestOrg, id: string) => api("POST", `/v1/invoices/${id}/send`, { token: org.owner.key });

async function gapFreeOrg() {
  const org = await createOrg();
  await patchOrganization(org, { invoice_numbering: "on_send" });
  const customer = await createCustomer(org);
  return { org, customerId: customer.id };
}

describe("invoice numbering settings", () => {
  it("answers the defaults on GET /v1/organization", async () => {
    const org = await createOrg();
    const res = await api("GET", "/v1/organization", { token: org.owner.key });
    expect(res.body).toMatchObject({
      invoice_numbering: "on_create",
      number_prefix: "INV-",
      number_padding: 6,
    });
  });

  it("refuses a prefix with other characters and a padding outside 1..12", async () => {
    const org = await createOrg();
    for (const body of [
      { number_prefix: "INV <" },
      { number_prefix: "X".repeat(21) },
      { number_padding: 0 },
      { number_padding: 13 },
      { number_padding: 2.5 },
      { invoice_numbering: "sometimes" },
    ]) {
      const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body });
      expectError(res, 422, "validation_error");
      expect(Object.keys(res.body.error.details)).toEqual(Object.keys(body));
    }
  });
});

describe("on_create (default)", () => {
  it("numbers drafts as they are created, as before; a deleted draft leaves its gap", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const first = await createInvoice(org, { customer_id: customer.id });
    const second = await createInvoice(org, { customer_id: customer.id });
    expect([first.number, second.number]).toEqual(["INV-000001", "INV-000002"]);
    expect((await api("DELETE", `/v1/invoices/${second.id}`, { token: org.owner.key })).status).toBe(204);
    expect((await createInvoice(org, { customer_id: customer.id })).number).toBe("INV-000003");
    // Sending keeps the number taken at create.
    const sent = await send(org, first.id);
    expect(sent.body.number).toBe("INV-000001");
  });

  it("uses the prefix and padding for new numbers only", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const before = await createInvoice(org, { customer_id: customer.id });
    const profile = await patchOrganization(org, { number_prefix: "2026/", number_padding: 3 });
    expect(profile).toMatchObject({ number_prefix: "2026/", number_padding: 3 });
    const after = await createInvoice(org, { customer_id: customer.id });
    expect(after.number).toBe("2026/002");
    const again = await api("GET", `/v1/invoices/${before.id}`, { token: org.owner.key });
    expect(again.body.number).toBe("INV-000001");
    // An empty prefix, and null restores the defaults.
    await patchOrganization(org, { number_prefix: "", number_padding: 1 });
    expect((await createInvoice(org, { customer_id: customer.id })).number).toBe("3");
    const restored = await patchOrganization(org, { number_prefix: null, number_padding: null });
    expect(restored).toMatchObject({ number_prefix: "INV-", number_padding: 6 });
    expect((await createInvoice(org, { customer_id: customer.id })).number).toBe("INV-000004");
  });

  it("answers 409 number_taken when a changed prefix would spell an issued number", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    await patchOrganization(org, { number_prefix: "X1", number_padding: 1 });
    expect((await createInvoice(org, { customer_id: customer.id })).number).toBe("X11");
    await patchOrganization(org, { number_prefix: "X" });
    // As if nine more invoices had been issued since: the next is sequence 11, "X" + "11".
    await (await d1Of(org.organizationId))
      .prepare("UPDATE organizations SET invoice_sequence = 10 WHERE id = ?")
      .bind(org.organizationId)
      .run();
    const res = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: { customer_id: customer.id, items: [{ description: "Work", quantity: 1, unit_price: 1 }] },
    });
    expectError(res, 409, "conflict");
    expect(res.body.error.details.reason).toBe("number_taken");
    const list = await api("GET", "/v1/invoices", { token: org.owner.key });
    expect(list.body.meta.total).toBe(1);
  });
});

describe("on_send (gap-free)", () => {
  it("5 drafts, 2 deleted, 3 sent concurrently: INV-000001..INV-000003 exactly", async () => {
    const { org, customerId } = await gapFreeOrg();
    const drafts = [];
    for (let i = 0; i < 5; i++) drafts.push(await createInvoice(org, { customer_id: customerId }));
    expect(drafts.map((d) => d.number)).toEqual([null, null, null, null, null]);
    for (const draft of drafts.slice(0, 2)) {
      expect((await api("DELETE", `/v1/invoices/${draft.id}`, { token: org.owner.key })).status).toBe(204);
    }
    const sent = await Promise.all(drafts.slice(2).map((draft) => send(org, draft.id)));
    expect(sent.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(sent.map((res) => res.body.number).sort()).toEqual(["INV-000001", "INV-000002", "INV-000003"]);
    // Stored, and what reads answer.
    const list = await api("GET", "/v1/invoices", { token: org.owner.key });
    expect(list.body.data.map((i: { number: string }) => i.number).sort()).toEqual([
      "INV-000001",
      "INV-000002",
      "INV-000003",
    ]);
    const org2 = await api("GET", "/v1/organization", { token: org.owner.key });
    expect(org2.body.invoice_numbering).toBe("on_send");
  });

  it("writes the number into the e-mail and the invoice.sent event; invoice.created says null", async () => {
    const { org, customerId } = await gapFreeOrg();
    const draft = await createInvoice(org, { customer_id: customerId });
    const res = await send(org, draft.id);
    expect(res.body.number).toBe("INV-000001");
    const emails = await api("GET", `/v1/invoices/${draft.id}/emails`, { token: org.owner.key });
    const [email] = emails.body.data;
    expect(email.subject).toMatch(/^Invoice INV-000001 from /);
    expect(email.text).toContain("Please find invoice INV-000001 below");
    expect(email.html).toContain("invoice INV-000001 below");
    expect(`${email.subject}${email.text}${email.html}`).not.toContain("[number-");
    const { results } = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT type, payload FROM webhook_events WHERE organization_id = ? AND type IN ('invoice.created', 'invoice.sent')",
      )
      .bind(org.organizationId)
      .all<{ type: string; payload: string }>();
    const numbers = Object.fromEntries(
      results.map((row) => [row.type, JSON.parse(row.payload).data.object.number]),
    );
    expect(numbers).toEqual({ "invoice.created": null, "invoice.sent": "INV-000001" });
  });

  it("a reminder keeps the number; a draft numbered on create keeps its own after the switch", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const early = await createInvoice(org, { customer_id: customer.id });
    expect(early.number).toBe("INV-000001");
    await patchOrganization(org, { invoice_numbering: "on_send" });
    const late = await createInvoice(org, { customer_id: customer.id });
    expect(late.number).toBeNull();
    expect((await send(org, late.id)).body.number).toBe("INV-000002");
    expect((await send(org, early.id)).body.number).toBe("INV-000001");
    const reminder = await send(org, late.id);
    expect(reminder.status).toBe(200);
    expect(reminder.body.number).toBe("INV-000002");
    // Back to on_create: sequence continues.
    await patchOrganization(org, { invoice_numbering: "on_create" });
    expect((await createInvoice(org, { customer_id: customer.id })).number).toBe("INV-000003");
  });

  it("a draft's PDF says DRAFT and shows no number", async () => {
    const { org, customerId } = await gapFreeOrg();
    const draft = await createInvoice(org, { customer_id: customerId });
    const res = await api("GET", `/v1/invoices/${draft.id}/pdf`, { token: org.owner.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toContain(`draft-${draft.id}.pdf`);
    const bytes = new Uint8Array(await res.raw.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain("DRAFT");
    expect(text).not.toMatch(/INV-|Number/);
  });

  it("finds a sent invoice by its number, never a draft by an empty one", async () => {
    const { org, customerId } = await gapFreeOrg();
    const draft = await createInvoice(org, { customer_id: customerId });
    const other = await createInvoice(org, { customer_id: customerId });
    await send(org, draft.id);
    const found = await api("GET", "/v1/invoices?number=INV-000001", { token: org.owner.key });
    expect(found.body.data.map((i: { id: string }) => i.id)).toEqual([draft.id]);
    const none = await api("GET", "/v1/invoices?number=", { token: org.owner.key });
    expect(none.status).toBe(400);
    expect(other.number).toBeNull();
  });
});

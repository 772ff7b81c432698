// `metadata` on customers, products, invoices, credit notes, projects and webhook endpoints:
// accepted on create and update (Stripe's merge), answered on every read, list and event, and
// filtered by `?metadata[key]=value` through the metadata_entries index.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { metadataEntries } from "../../src/db/schema/metadata";
import { webhookEvents } from "../../src/db/schema/webhooks";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { insertCustomer } from "../helpers/customers";
import { dbOf, readOnEveryTenant } from "../helpers/db";
import { address, createCustomer, createInvoice } from "../helpers/factories";
import { createProject } from "../helpers/projects";

async function storedEntries(objectId: string) {
  const rows = await readOnEveryTenant((db) =>
    db
      .select({ key: metadataEntries.key, value: metadataEntries.value })
      .from(metadataEntries)
      .where(eq(metadataEntries.objectId, objectId)),
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

async function lastEventPayload(organizationId: string, type: string) {
  const rows = await (await dbOf(organizationId))
    .select({ payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.organizationId, organizationId), eq(webhookEvents.type, type)));
  return JSON.parse(rows.at(-1)!.payload).data.object;
}

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((row) => row.id).sort();

describe("metadata on customers", () => {
  it("stores metadata on create and answers it on read, list and the event", async () => {
    const org = await createOrg();
    const created = await createCustomer(org, { metadata: { crm_id: "c-42", tier: "gold" } });
    expect((created as any).metadata).toEqual({ crm_id: "c-42", tier: "gold" });
    const read = await api("GET", `/v1/customers/${created.id}`, { token: org.owner.key });
    expect(read.body.metadata).toEqual({ crm_id: "c-42", tier: "gold" });
    const list = await api("GET", "/v1/customers", { token: org.owner.key });
    expect(list.body.data[0].metadata).toEqual({ crm_id: "c-42", tier: "gold" });
    expect((await lastEventPayload(org.organizationId, "customer.created")).metadata).toEqual({
      crm_id: "c-42",
      tier: "gold",
    });
    expect(await storedEntries(created.id)).toEqual({ crm_id: "c-42", tier: "gold" });
  });

  it("answers {} for a customer without metadata, a row written before the column included", async () => {
    const org = await createOrg();
    const created = await createCustomer(org);
    expect((created as any).metadata).toEqual({});
    const legacy = await insertCustomer(org.organizationId);
    const read = await api("GET", `/v1/customers/${legacy}`, { token: org.owner.key });
    expect(read.body.metadata).toEqual({});
  });

  it('merges a PATCH: new keys added, changed keys replaced, "" and null remove a key', async () => {
    const org = await createOrg();
    const created = await createCustomer(org, { metadata: { a: "1", b: "2", c: "3" } });
    const res = await api("PATCH", `/v1/customers/${created.id}`, {
      token: org.owner.key,
      body: { metadata: { a: "10", b: "", c: null, d: "4" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual({ a: "10", d: "4" });
    expect(await storedEntries(created.id)).toEqual({ a: "10", d: "4" });
    expect((await lastEventPayload(org.organizationId, "customer.updated")).metadata).toEqual({
      a: "10",
      d: "4",
    });
    // A PATCH without metadata keeps it; `metadata: null` removes every key.
    const renamed = await api("PATCH", `/v1/customers/${created.id}`, {
      token: org.owner.key,
      body: { name: "Renamed" },
    });
    expect(renamed.body.metadata).toEqual({ a: "10", d: "4" });
    const cleared = await api("PATCH", `/v1/customers/${created.id}`, {
      token: org.owner.key,
      body: { metadata: null },
    });
    expect(cleared.body.metadata).toEqual({});
    expect(await storedEntries(created.id)).toEqual({});
  });

  it("filters the list by metadata[key]=value, several keys ANDed, within the organization", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const gold = await createCustomer(org, { metadata: { tier: "gold", region: "eu" } });
    const goldUs = await createCustomer(org, { metadata: { tier: "gold", region: "us" } });
    await createCustomer(org, { metadata: { tier: "silver", region: "eu" } });
    await createCustomer(org);
    await createCustomer(other, { metadata: { tier: "gold", region: "eu" } });

    const byTier = await api("GET", "/v1/customers?metadata[tier]=gold", { token: org.owner.key });
    expect(byTier.status).toBe(200);
    expect(ids(byTier)).toEqual([gold.id, goldUs.id].sort());
    expect(byTier.body.meta.total).toBe(2);

    const both = await api("GET", "/v1/customers?metadata%5Btier%5D=gold&metadata[region]=eu", {
      token: org.owner.key,
    });
    expect(ids(both)).toEqual([gold.id]);
    expect(both.body.meta.total).toBe(1);

    const none = await api("GET", "/v1/customers?metadata[tier]=GOLD", { token: org.owner.key });
    expect(none.body.data).toEqual([]);

    // A key changed by PATCH is found by its new value only.
    await api("PATCH", `/v1/customers/${gold.id}`, {
      token: org.owner.key,
      body: { metadata: { tier: "" } },
    });
    const after = await api("GET", "/v1/customers?metadata[tier]=gold", { token: org.owner.key });
    expect(ids(after)).toEqual([goldUs.id]);
  });

  it("refuses invalid filters with 400 naming the parameter", async () => {
    const org = await createOrg();
    const long = await api("GET", `/v1/customers?metadata[${"k".repeat(41)}]=x`, { token: org.owner.key });
    expectError(long, 400, "invalid_request");
    expect(Object.keys(long.body.error.details)).toEqual([`metadata[${"k".repeat(41)}]`]);
    const twice = await api("GET", "/v1/customers?metadata[a]=1&metadata[a]=2", { token: org.owner.key });
    expectError(twice, 400, "invalid_request");
    const many = Array.from({ length: 11 }, (_, i) => `metadata[k${i}]=v`).join("&");
    expectError(await api("GET", `/v1/customers?${many}`, { token: org.owner.key }), 400, "invalid_request");
  });

  it("answers 422 naming metadata.<key> for a bad key or value", async () => {
    const org = await createOrg();
    const body = {
      name: "Globex",
      email: "ap@globex.example",
      address,
      metadata: {
        ok: "fine",
        ["k".repeat(41)]: "x",
        long: "v".repeat(501),
        number: 5,
        "a[b]": "x",
        "line\nbreak": "x",
      },
    };
    const res = await api("POST", "/v1/customers", { token: org.owner.key, body });
    expectError(res, 422, "validation_error");
    expect(Object.keys(res.body.error.details).sort()).toEqual(
      [
        `metadata.${"k".repeat(41)}`,
        "metadata.long",
        "metadata.number",
        "metadata.a[b]",
        "metadata.line\nbreak",
      ].sort(),
    );
    const proto = await api("POST", "/v1/customers", {
      token: org.owner.key,
      rawBody: `{"name":"G","email":"a@b.example","address":${JSON.stringify(address)},"metadata":{"__proto__":"x"}}`,
      headers: { "Content-Type": "application/json" },
    });
    expectError(proto, 422, "validation_error");
    expect(Object.keys(proto.body.error.details)).toEqual(["metadata.__proto__"]);
    const array = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: { ...body, metadata: ["x"] },
    });
    expectError(array, 422, "validation_error");
    expect(array.body.error.details.metadata).toBeDefined();
  });

  it("holds at most 50 keys, counting the stored ones on PATCH", async () => {
    const org = await createOrg();
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key_${i}`, "v".repeat(500)]));
    const created = await createCustomer(org, { metadata: fifty });
    expect(Object.keys((created as any).metadata)).toHaveLength(50);
    expect(Object.keys(await storedEntries(created.id))).toHaveLength(50);

    const tooMany = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: { name: "G", email: "a@b.example", address, metadata: { ...fifty, one_more: "x" } },
    });
    expectError(tooMany, 422, "validation_error");
    expect(tooMany.body.error.details.metadata).toMatch(/50/);

    const patch = await api("PATCH", `/v1/customers/${created.id}`, {
      token: org.owner.key,
      body: { metadata: { one_more: "x" } },
    });
    expectError(patch, 422, "validation_error");
    expect(patch.body.error.details.metadata).toMatch(/50/);
    // Removing one makes room for another in the same PATCH.
    const swap = await api("PATCH", `/v1/customers/${created.id}`, {
      token: org.owner.key,
      body: { metadata: { key_0: null, one_more: "x" } },
    });
    expect(swap.status).toBe(200);
    expect(swap.body.metadata.one_more).toBe("x");
    expect(swap.body.metadata.key_0).toBeUndefined();
  });

  it("removes the entries with the customer", async () => {
    const org = await createOrg();
    const created = await createCustomer(org, { metadata: { a: "1" } });
    expect((await api("DELETE", `/v1/customers/${created.id}`, { token: org.owner.key })).status).toBe(204);
    expect(await storedEntries(created.id)).toEqual({});
  });
});

describe("metadata on invoices", () => {
  it("stores it on create, answers it on read, list and event, and filters the list", async () => {
    const org = await createOrg();
    const a = await createInvoice(org, { metadata: { order: "A-1", channel: "shop" } });
    const b = await createInvoice(org, { metadata: { order: "B-2", channel: "shop" } });
    await createInvoice(org);
    expect(a.metadata).toEqual({ order: "A-1", channel: "shop" });
    const read = await api("GET", `/v1/invoices/${a.id}`, { token: org.owner.key });
    expect(read.body.metadata).toEqual({ order: "A-1", channel: "shop" });
    expect((await lastEventPayload(org.organizationId, "invoice.created")).metadata).toEqual({});

    const shop = await api("GET", "/v1/invoices?metadata[channel]=shop", { token: org.owner.key });
    expect(shop.status).toBe(200);
    expect(ids(shop)).toEqual([a.id, b.id].sort());
    expect(shop.body.data.every((row: any) => row.metadata.channel === "shop")).toBe(true);
    const one = await api("GET", "/v1/invoices?metadata[channel]=shop&metadata[order]=B-2&status=draft", {
      token: org.owner.key,
    });
    expect(ids(one)).toEqual([b.id]);
    expect(one.body.meta.total).toBe(1);
    const all = await api("GET", "/v1/invoices", { token: org.owner.key });
    expect(
      all.body.data.find((row: any) => row.metadata && Object.keys(row.metadata).length === 0),
    ).toBeDefined();
  });

  it("merges metadata on PATCH, in every status (a paid invoice takes metadata and nothing else)", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org, { metadata: { order: "A-1" } });
    expect((await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key })).status).toBe(200);
    expect((await api("POST", `/v1/invoices/${invoice.id}/pay`, { token: org.owner.key })).status).toBe(200);

    const res = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { metadata: { order: null, synced: "yes" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata).toEqual({ synced: "yes" });
    expect(res.body.status).toBe("paid");
    expect(await storedEntries(invoice.id)).toEqual({ synced: "yes" });
    expect((await lastEventPayload(org.organizationId, "invoice.updated")).metadata).toEqual({
      synced: "yes",
    });

    const notes = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { metadata: { x: "1" }, notes: "late" },
    });
    expectError(notes, 409, "conflict");
    expect(await storedEntries(invoice.id)).toEqual({ synced: "yes" });
  });

  it("answers 422 naming metadata.<key>, and removes the entries with a deleted draft", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const bad = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: {
        customer_id: customer.id,
        items: [{ description: "Work", quantity: 1, unit_price: 10 }],
        metadata: { order: "x".repeat(501) },
      },
    });
    expectError(bad, 422, "validation_error");
    expect(Object.keys(bad.body.error.details)).toEqual(["metadata.order"]);

    const invoice = await createInvoice(org, { customer_id: customer.id, metadata: { order: "A-1" } });
    expect((await api("DELETE", `/v1/invoices/${invoice.id}`, { token: org.owner.key })).status).toBe(204);
    expect(await storedEntries(invoice.id)).toEqual({});
  });
});

describe("metadata on the other resources", () => {
  async function checkList(org: TestOrg, path: string, expectedId: string) {
    const res = await api("GET", `${path}?metadata[ext]=match`, { token: org.owner.key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ids(res)).toEqual([expectedId]);
    expect(res.body.data[0].metadata).toEqual({ ext: "match" });
  }

  it("products: create, read, PATCH, filter", async () => {
    const org = await createOrg();
    const body = { name: "Seat", price: 10, currency: "USD", unit: "seat" };
    const made = await api("POST", "/v1/products", {
      token: org.owner.key,
      body: { ...body, metadata: { ext: "match" } },
    });
    expect(made.body.metadata).toEqual({ ext: "match" });
    await api("POST", "/v1/products", {
      token: org.owner.key,
      body: { ...body, metadata: { ext: "other" } },
    });
    await checkList(org, "/v1/products", made.body.id);
    const patched = await api("PATCH", `/v1/products/${made.body.id}`, {
      token: org.owner.key,
      body: { metadata: { more: "1" } },
    });
    expect(patched.body.metadata).toEqual({ ext: "match", more: "1" });
    expect(
      (await api("GET", `/v1/products/${made.body.id}`, { token: org.owner.key })).body.metadata,
    ).toEqual({
      ext: "match",
      more: "1",
    });
  });

  it("credit notes: create, read, filter", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key });
    const note = await api("POST", "/v1/credit-notes", {
      token: org.owner.key,
      body: { invoice_id: invoice.id, reason: "Goodwill", amount: 1, metadata: { ext: "match" } },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.metadata).toEqual({ ext: "match" });
    await api("POST", "/v1/credit-notes", {
      token: org.owner.key,
      body: { invoice_id: invoice.id, reason: "Goodwill", amount: 1 },
    });
    const read = await api("GET", `/v1/credit-notes/${note.body.id}`, { token: org.owner.key });
    expect(read.body.metadata).toEqual({ ext: "match" });
    await checkList(org, "/v1/credit-notes", note.body.id);
  });

  it("projects: create, read, PUT (omitted keeps, object merges), filter at both mounts", async () => {
    const org = await createOrg();
    const project = await createProject(org.owner.key, org.organizationId, { metadata: { ext: "match" } });
    expect(project.metadata).toEqual({ ext: "match" });
    await createProject(org.owner.key, org.organizationId);
    await checkList(org, "/projects", project.id);
    await checkList(org, "/v1/projects", project.id);
    const put = await api("PUT", `/projects/${project.id}`, {
      token: org.owner.key,
      body: { name: "Renamed", customer_id: project.customer_id },
    });
    expect(put.body.metadata).toEqual({ ext: "match" });
    const merged = await api("PUT", `/projects/${project.id}`, {
      token: org.owner.key,
      body: { name: "Renamed", customer_id: project.customer_id, metadata: { ext: null, b: "2" } },
    });
    expect(merged.body.metadata).toEqual({ b: "2" });
    expect(await storedEntries(project.id)).toEqual({ b: "2" });
  });

  it("webhook endpoints: create, read, PATCH, filter, delete", async () => {
    const org = await createOrg();
    const made = await api("POST", "/v1/webhooks", {
      token: org.owner.key,
      body: { url: "https://hooks.example.com/a", events: ["*"], metadata: { ext: "match" } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.metadata).toEqual({ ext: "match" });
    const disabled = await api("POST", "/v1/webhooks", {
      token: org.owner.key,
      body: { url: "https://hooks.example.com/b", events: ["*"], enabled: false, metadata: { ext: "other" } },
    });
    expect(disabled.body.metadata).toEqual({ ext: "other" });
    expect(await storedEntries(disabled.body.id)).toEqual({ ext: "other" });
    await checkList(org, "/v1/webhooks", made.body.id);
    const patched = await api("PATCH", `/v1/webhooks/${made.body.id}`, {
      token: org.owner.key,
      body: { metadata: { ext: "", team: "billing" } },
    });
    expect(patched.body.metadata).toEqual({ team: "billing" });
    expect(await storedEntries(made.body.id)).toEqual({ team: "billing" });
    const read = await api("GET", `/v1/webhooks/${made.body.id}`, { token: org.owner.key });
    expect(read.body.metadata).toEqual({ team: "billing" });
    expect((await api("DELETE", `/v1/webhooks/${made.body.id}`, { token: org.owner.key })).status).toBe(204);
    expect(await storedEntries(made.body.id)).toEqual({});
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../helpers/api";
import { address, createCustomer, createInvoice } from "../helpers/factories";

describe("customers", () => {
  it("creates a customer and returns it with its address", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: { name: "Globex", email: "ap@globex.example", address: { ...address, country: "de" } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^cus_[0-9a-z]{24}$/),
      name: "Globex",
      email: "ap@globex.example",
      address: { ...address, line2: null, region: null, country: "DE" },
      vat_id: null,
      buyer_reference: null,
      electronic_address: null,
      tax_exempt: "none",
      archived: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await api("GET", `/v1/customers/${res.body.id}`, { token: org.owner.key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("answers 422 naming each invalid field", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: {
        name: "",
        email: "not-an-email",
        address: { line1: "x", city: "y", postal_code: "1", country: "XX" },
      },
    });
    const error = expectError(res, 422, "validation_error");
    expect(Object.keys(error.details ?? {}).sort()).toEqual(["address.country", "email", "name"]);
    const missing = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: { name: "A", email: "a@b.example" },
    });
    expect(expectError(missing, 422, "validation_error").details).toHaveProperty("address");
  });

  it("takes and answers the tax identity: VAT id (normalised), address line2 and region, buyer reference, electronic address, tax exemption", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: {
        name: "Initech BV",
        email: "ap@initech.example",
        address: {
          line1: "Dam 1",
          line2: "3rd floor",
          city: "Amsterdam",
          postal_code: "1012 JS",
          region: "NH",
          country: "NL",
        },
        vat_id: "nl 1234.56789.b01",
        buyer_reference: "PO-LEITWEG-1",
        electronic_address: { scheme: "0106", id: "12345678" },
        tax_exempt: "reverse",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      address: {
        line1: "Dam 1",
        line2: "3rd floor",
        city: "Amsterdam",
        postal_code: "1012 JS",
        region: "NH",
        country: "NL",
      },
      vat_id: "NL123456789B01",
      buyer_reference: "PO-LEITWEG-1",
      electronic_address: { scheme: "0106", id: "12345678" },
      tax_exempt: "reverse",
    });
    const read = await api("GET", `/v1/customers/${res.body.id}`, { token: org.owner.key });
    expect(read.body).toEqual(res.body);
  });

  it("patches the tax identity, null clearing the optional fields", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org, {
      vat_id: "DE123456789",
      buyer_reference: "04011000-12345-67",
      electronic_address: { scheme: "0204", id: "04011000-12345-67" },
      address: { ...address, line2: "Hinterhaus", region: "BE" },
    });
    const set = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { tax_exempt: "exempt", vat_id: "ATU12345678", address: { region: "Wien" } },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      tax_exempt: "exempt",
      vat_id: "ATU12345678",
      buyer_reference: "04011000-12345-67",
      electronic_address: { scheme: "0204", id: "04011000-12345-67" },
      address: { ...address, line2: "Hinterhaus", region: "Wien" },
    });
    const cleared = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: {
        vat_id: null,
        buyer_reference: null,
        electronic_address: null,
        address: { line2: null, region: null },
      },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      vat_id: null,
      buyer_reference: null,
      electronic_address: null,
      tax_exempt: "exempt",
      address: { ...address, line2: null, region: null },
    });
    expect((await api("GET", `/v1/customers/${customer.id}`, { token: org.owner.key })).body).toEqual(
      cleared.body,
    );
  });

  it.each([
    ["vat_id", { vat_id: "DE12345" }],
    ["vat_id", { vat_id: "FR123" }],
    ["vat_id", { vat_id: "GR123456789" }],
    ["electronic_address.scheme", { electronic_address: { scheme: "0000", id: "x" } }],
    ["electronic_address.id", { electronic_address: { scheme: "0088", id: "" } }],
    ["electronic_address.id", { electronic_address: { scheme: "0088" } }],
    ["tax_exempt", { tax_exempt: "maybe" }],
    ["tax_exempt", { tax_exempt: null }],
    ["buyer_reference", { buyer_reference: "x".repeat(201) }],
    ["address.region", { address: { ...address, region: "x".repeat(101) } }],
    ["address.line1", { address: { ...address, line1: null } }],
  ])("answers 422 naming %s on create and on PATCH", async (field, body) => {
    const org = await createOrg();
    const created = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: { name: "Globex", email: "billing@globex.example", address, ...body },
    });
    expect(Object.keys(expectError(created, 422, "validation_error").details ?? {})).toEqual([field]);
    const customer = await createCustomer(org);
    const patched = await api("PATCH", `/v1/customers/${customer.id}`, { token: org.owner.key, body });
    expect(Object.keys(expectError(patched, 422, "validation_error").details ?? {})).toEqual([field]);
  });

  it("searches name or e-mail case-insensitively, with % and _ taken literally", async () => {
    const org = await createOrg();
    await createCustomer(org, { name: "Alpha 100% Ltd", email: "a@one.example" });
    await createCustomer(org, { name: "Beta", email: "under_score@two.example" });
    await createCustomer(org, { name: "Gamma", email: "underXscore@three.example" });
    await createCustomer(org, { name: "Delta 1000 Ltd", email: "d@four.example" });
    const names = async (search: string) => {
      const res = await api("GET", `/v1/customers?search=${encodeURIComponent(search)}`, {
        token: org.owner.key,
      });
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ name: string }>).map((c) => c.name).sort();
    };
    expect(await names("100%")).toEqual(["Alpha 100% Ltd"]);
    expect(await names("under_")).toEqual(["Beta"]);
    expect(await names("ALPHA")).toEqual(["Alpha 100% Ltd"]);
    expect(await names("TWO.EXAMPLE")).toEqual(["Beta"]);
    expect(await names("%")).toEqual(["Alpha 100% Ltd"]);
    expect(await names("_")).toEqual(["Beta"]);
  });

  it("searches with terms up to 200 characters (past D1's 50-byte LIKE pattern limit), \\ literal", async () => {
    const org = await createOrg();
    const long = `${"Long name ".repeat(19)}end_%\\ Ltd`; // 200 characters
    expect(long).toHaveLength(200);
    await createCustomer(org, { name: long });
    await createCustomer(org, { name: "Short" });
    const search = (term: string) =>
      api("GET", `/v1/customers?search=${encodeURIComponent(term)}`, { token: org.owner.key });
    const hit = await search(long.toUpperCase());
    expect(hit.status, JSON.stringify(hit.body)).toBe(200);
    expect(hit.body.data.map((c: { name: string }) => c.name)).toEqual([long]);
    const miss = await search("x".repeat(200));
    expect(miss.status).toBe(200);
    expect(miss.body.meta.total).toBe(0);
    expect((await search("end_%\\")).body.meta.total).toBe(1);
    expect((await search("end%")).body.meta.total).toBe(0);
    expect((await search("\\")).body.meta.total).toBe(1);
    expectError(await search("x".repeat(201)), 400, "invalid_request");
  });

  it("pages with limit (default 20, max 100) and offset, and reports the total", async () => {
    const org = await createOrg();
    for (let i = 0; i < 23; i++) await createCustomer(org, { name: `C${i}` });
    const first = await api("GET", "/v1/customers", { token: org.owner.key });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.meta).toEqual({ total: 23, limit: 20, offset: 0 });
    const rest = await api("GET", "/v1/customers?limit=5&offset=20", { token: org.owner.key });
    expect(rest.body.data).toHaveLength(3);
    expect(rest.body.meta).toEqual({ total: 23, limit: 5, offset: 20 });
    const ids = new Set([...first.body.data, ...rest.body.data].map((c: { id: string }) => c.id));
    expect(ids.size).toBe(23);
    expectError(
      await api("GET", "/v1/customers?limit=101", { token: org.owner.key }),
      400,
      "invalid_request",
    );
  });

  it("patches some fields, including one address field", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const res = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { name: "Globex AG", address: { city: "Munich" } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Globex AG",
      email: customer.email,
      address: { ...address, city: "Munich" },
    });
    const read = await api("GET", `/v1/customers/${customer.id}`, { token: org.owner.key });
    expect(read.body).toEqual(res.body);
  });

  it("refuses read-only fields on PATCH", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const res = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { id: "cus_x", organization_id: "other", created_at: "2000-01-01T00:00:00.000Z" },
    });
    const error = expectError(res, 422, "validation_error");
    expect(Object.keys(error.details ?? {}).sort()).toEqual(["created_at", "id", "organization_id"]);
  });

  it("deletes a customer without invoices (204, then 404)", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    expect((await api("DELETE", `/v1/customers/${customer.id}`, { token: org.owner.key })).status).toBe(204);
    expectError(await api("GET", `/v1/customers/${customer.id}`, { token: org.owner.key }), 404, "not_found");
  });

  it("answers 409 customer_has_invoices when deleting a customer with invoices", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    await createInvoice(org, { customer_id: customer.id });
    const error = expectError(
      await api("DELETE", `/v1/customers/${customer.id}`, { token: org.owner.key }),
      409,
      "conflict",
    );
    expect(error.details).toEqual({ reason: "customer_has_invoices" });
    expect((await api("GET", `/v1/customers/${customer.id}`, { token: org.owner.key })).status).toBe(200);
  });

  it("answers 409 customer_has_projects when deleting a customer with a project", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const project = await api("POST", "/v1/projects", {
      token: org.owner.key,
      body: { name: "Site", customer_id: customer.id, start_date: "2030-01-01", end_date: "2030-02-01" },
    });
    expect(project.status).toBe(201);
    const error = expectError(
      await api("DELETE", `/v1/customers/${customer.id}`, { token: org.owner.key }),
      409,
      "conflict",
    );
    expect(error.details).toEqual({ reason: "customer_has_projects" });
    expect((await api("GET", `/v1/customers/${customer.id}`, { token: org.owner.key })).status).toBe(200);
  });

  it("hides another organization's customer: 404 on read, update and delete, absent from lists", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const customer = await createCustomer(org);
    const key = other.owner.key;
    expectError(await api("GET", `/v1/customers/${customer.id}`, { token: key }), 404, "not_found");
    expectError(
      await api("PATCH", `/v1/customers/${customer.id}`, { token: key, body: { name: "x" } }),
      404,
      "not_found",
    );
    expectError(await api("DELETE", `/v1/customers/${customer.id}`, { token: key }), 404, "not_found");
    expect((await api("GET", "/v1/customers", { token: key })).body.meta.total).toBe(0);
  });

  it("answers 401 without credentials", async () => {
    expectError(await api("GET", "/v1/customers"), 401, "unauthorized");
    expectError(await api("POST", "/v1/customers", { body: {} }), 401, "unauthorized");
  });

  it("records customer.created, updated and deleted events", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    await api("PATCH", `/v1/customers/${customer.id}`, { token: org.owner.key, body: { name: "N" } });
    await api("DELETE", `/v1/customers/${customer.id}`, { token: org.owner.key });
    const { results } = await env.DB.prepare(
      "SELECT type, payload FROM webhook_events WHERE organization_id = ? ORDER BY created_at, rowid",
    )
      .bind(org.organizationId)
      .all<{ type: string; payload: string }>();
    expect(results.map((r) => r.type)).toEqual(["customer.created", "customer.updated", "customer.deleted"]);
    expect(JSON.parse(results[1]!.payload).data.object).toMatchObject({ id: customer.id, name: "N" });
  });
});

describe("archived customers", () => {
  it("archives a customer with invoices: hidden from the list, no new invoices, old ones readable", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const other = await createCustomer(org, { name: "Initech" });
    const invoice = await createInvoice(org, { customer_id: customer.id });
    // Deleting still answers as before.
    const refused = await api("DELETE", `/v1/customers/${customer.id}`, { token: org.owner.key });
    expect(expectError(refused, 409, "conflict").details).toMatchObject({ reason: "customer_has_invoices" });

    const archived = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { archived: true },
    });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);

    const active = await api("GET", "/v1/customers", { token: org.owner.key });
    expect(active.body.data.map((c: { id: string }) => c.id)).toEqual([other.id]);
    expect(active.body.meta.total).toBe(1);
    const onlyArchived = await api("GET", "/v1/customers?archived=true", { token: org.owner.key });
    expect(onlyArchived.body.data.map((c: { id: string }) => c.id)).toEqual([customer.id]);
    expect((await api("GET", `/v1/customers/${customer.id}`, { token: org.owner.key })).body.archived).toBe(
      true,
    );

    const create = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: { customer_id: customer.id, items: [{ description: "Work", quantity: 1, unit_price: 1 }] },
    });
    expect(expectError(create, 422, "validation_error").details).toEqual({
      customer_id: "The customer is archived",
    });
    const draft = await createInvoice(org, { customer_id: other.id });
    const move = await api("PATCH", `/v1/invoices/${draft.id}`, {
      token: org.owner.key,
      body: { customer_id: customer.id },
    });
    expectError(move, 422, "validation_error");
    const old = await api("GET", `/v1/invoices/${invoice.id}`, { token: org.owner.key });
    expect(old.status).toBe(200);
    expect(old.body.customer_id).toBe(customer.id);

    const restored = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { archived: false },
    });
    expect(restored.body.archived).toBe(false);
    await createInvoice(org, { customer_id: customer.id });
  });
});

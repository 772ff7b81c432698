import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../helpers/api";
import { client, expectApiError, expectStatus, invalid } from "../helpers/client";
import { d1Of } from "../helpers/db";
import { address, createCustomer, createInvoice } from "../helpers/factories";

const at = (id: string) => ({ params: { path: { id } } });

describe("customers", () => {
  it("creates a customer and returns it with its address", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const created = expectStatus(
      await owner.POST("/v1/customers", {
        body: { name: "Globex", email: "ap@globex.example", address: { ...address, country: "de" } },
      }),
      201,
    );
    expect(created).toEqual({
      id: expect.stringMatching(/^cus_[0-9a-z]{24}$/),
      name: "Globex",
      email: "ap@globex.example",
      address: { ...address, line2: null, region: null, country: "DE" },
      vat_id: null,
      buyer_reference: null,
      electronic_address: null,
      identifier: null,
      company_id: null,
      company_id_scheme: null,
      phone: null,
      iban: null,
      tax_registration_id: null,
      additional_identifiers: [],
      tax_exempt: "none",
      reminder_schedule: null,
      locale: null,
      einvoice_attachment: "none",
      einvoice_profile: null,
      metadata: {},
      archived: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = expectStatus(await owner.GET("/v1/customers/{id}", at(created.id)), 200);
    expect(read).toEqual(created);
  });

  it("answers 422 naming each invalid field", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const res = await owner.POST("/v1/customers", {
      body: {
        name: "",
        email: "not-an-email",
        address: { line1: "x", city: "y", postal_code: "1", country: "XX" },
      },
    });
    const error = expectApiError(res, 422, "validation_error");
    expect(Object.keys(error.details ?? {}).sort()).toEqual(["address.country", "email", "name"]);
    const missing = await owner.POST("/v1/customers", { body: invalid({ name: "A", email: "a@b.example" }) });
    expect(expectApiError(missing, 422, "validation_error").details).toHaveProperty("address");
  });

  it("takes and answers the tax identity: VAT id (normalised), address line2 and region, buyer reference, electronic address, tax exemption", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const created = expectStatus(
      await owner.POST("/v1/customers", {
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
      }),
      201,
    );
    expect(created).toMatchObject({
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
    expect((await owner.GET("/v1/customers/{id}", at(created.id))).data).toEqual(created);
  });

  it("patches the tax identity, null clearing the optional fields", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const customer = await createCustomer(org, {
      vat_id: "DE123456789",
      buyer_reference: "04011000-12345-67",
      electronic_address: { scheme: "0204", id: "04011000-12345-67" },
      address: { ...address, line2: "Hinterhaus", region: "BE" },
    });
    const set = await owner.PATCH("/v1/customers/{id}", {
      ...at(customer.id),
      body: { tax_exempt: "exempt", vat_id: "ATU12345678", address: { region: "Wien" } },
    });
    expect(expectStatus(set, 200)).toMatchObject({
      tax_exempt: "exempt",
      vat_id: "ATU12345678",
      buyer_reference: "04011000-12345-67",
      electronic_address: { scheme: "0204", id: "04011000-12345-67" },
      address: { ...address, line2: "Hinterhaus", region: "Wien" },
    });
    const cleared = expectStatus(
      await owner.PATCH("/v1/customers/{id}", {
        ...at(customer.id),
        body: {
          vat_id: null,
          buyer_reference: null,
          electronic_address: null,
          address: { line2: null, region: null },
        },
      }),
      200,
    );
    expect(cleared).toMatchObject({
      vat_id: null,
      buyer_reference: null,
      electronic_address: null,
      tax_exempt: "exempt",
      address: { ...address, line2: null, region: null },
    });
    expect((await owner.GET("/v1/customers/{id}", at(customer.id))).data).toEqual(cleared);
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
    const owner = client(org.owner.key);
    const created = await owner.POST("/v1/customers", {
      body: invalid({ name: "Globex", email: "billing@globex.example", address, ...body }),
    });
    expect(Object.keys(expectApiError(created, 422, "validation_error").details ?? {})).toEqual([field]);
    const customer = await createCustomer(org);
    const patched = await owner.PATCH("/v1/customers/{id}", { ...at(customer.id), body: invalid(body) });
    expect(Object.keys(expectApiError(patched, 422, "validation_error").details ?? {})).toEqual([field]);
  });

  it("stores the phone and IBAN a self-billed invoice states of the customer, refuses a bad IBAN, and clears both with null", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const customer = await createCustomer(org, {
      phone: "+49 89 7654321",
      iban: "de44 5001 0517 5407 3249 31",
    });
    expect(customer).toMatchObject({ phone: "+49 89 7654321", iban: "DE44500105175407324931" });
    const refused = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { iban: "DE00500105175407324931" },
    });
    expect(Object.keys(expectError(refused, 422, "validation_error").details ?? {})).toEqual(["iban"]);
    const cleared = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { phone: null, iban: null },
    });
    expect(cleared.status).toBe(200);
    expect(expectStatus(await owner.GET("/v1/customers/{id}", at(customer.id)), 200)).toMatchObject({
      phone: null,
      iban: null,
    });
  });

  it("stores the tax number and further identifiers a self-billed invoice states of the customer, and clears them with null or []", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const further = [{ scheme: "0088", id: "4000001123452" }, { id: "KD-0815" }];
    const created = expectStatus(
      await owner.POST("/v1/customers", {
        body: {
          name: "Lieferant GmbH",
          email: "ap@lieferant.example",
          address,
          tax_registration_id: " 201/113/40209 ",
          identifier: { id: "LIEF-4711" },
          additional_identifiers: further,
        },
      }),
      201,
    );
    expect(created).toMatchObject({
      tax_registration_id: "201/113/40209",
      identifier: { scheme: null, id: "LIEF-4711" },
      additional_identifiers: [
        { scheme: "0088", id: "4000001123452" },
        { scheme: null, id: "KD-0815" },
      ],
    });
    expect(expectStatus(await owner.GET("/v1/customers/{id}", at(created.id)), 200)).toEqual(created);

    // PATCH replaces the list whole; a field it leaves out stays.
    const replaced = expectStatus(
      await owner.PATCH("/v1/customers/{id}", {
        ...at(created.id),
        body: { additional_identifiers: [{ scheme: "0060", id: "123456789" }] },
      }),
      200,
    );
    expect(replaced).toMatchObject({
      tax_registration_id: "201/113/40209",
      additional_identifiers: [{ scheme: "0060", id: "123456789" }],
    });
    const emptied = expectStatus(
      await owner.PATCH("/v1/customers/{id}", { ...at(created.id), body: { additional_identifiers: [] } }),
      200,
    );
    expect(emptied.additional_identifiers).toEqual([]);
    await owner.PATCH("/v1/customers/{id}", { ...at(created.id), body: { additional_identifiers: further } });
    const cleared = expectStatus(
      await owner.PATCH("/v1/customers/{id}", {
        ...at(created.id),
        body: { tax_registration_id: null, additional_identifiers: null },
      }),
      200,
    );
    expect(cleared).toMatchObject({ tax_registration_id: null, additional_identifiers: [] });
    expect(expectStatus(await owner.GET("/v1/customers/{id}", at(created.id)), 200)).toEqual(cleared);
  });

  it("refuses further identifiers without a first identifier, more than five, or with an unknown scheme, storing nothing", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const alone = await owner.POST("/v1/customers", {
      body: { name: "L", email: "l@l.example", address, additional_identifiers: [{ id: "A" }] },
    });
    expect(expectApiError(alone, 422, "validation_error").details).toEqual({
      additional_identifiers:
        "additional_identifiers need an identifier (BT-29/BT-46): give it first, or clear them",
    });
    const customer = await createCustomer(org, {
      identifier: { id: "LIEF-4711" },
      additional_identifiers: [{ id: "A" }],
      tax_registration_id: "201/113/40209",
    });
    const before = expectStatus(await owner.GET("/v1/customers/{id}", at(customer.id)), 200);
    const refusals: [Record<string, unknown>, string][] = [
      [{ identifier: null }, "identifier"],
      [
        { additional_identifiers: Array.from({ length: 6 }, (_, k) => ({ id: `X${k}` })) },
        "additional_identifiers",
      ],
      [
        { additional_identifiers: [{ id: "A" }, { scheme: "9999", id: "B" }] },
        "additional_identifiers.1.scheme",
      ],
      [{ additional_identifiers: [{ id: "" }] }, "additional_identifiers.0.id"],
      [{ additional_identifiers: [{ id: "A", extra: 1 }] }, "additional_identifiers.0.extra"],
      [{ tax_registration_id: "x".repeat(101) }, "tax_registration_id"],
      [{ tax_registration_id: "" }, "tax_registration_id"],
    ];
    for (const [body, field] of refusals) {
      const res = await owner.PATCH("/v1/customers/{id}", { ...at(customer.id), body: invalid(body) });
      expect(Object.keys(expectApiError(res, 422, "validation_error").details ?? {}), field).toEqual([field]);
    }
    expect(expectStatus(await owner.GET("/v1/customers/{id}", at(customer.id)), 200)).toEqual(before);
    // Clearing the first identifier with the further ones goes through.
    const both = await owner.PATCH("/v1/customers/{id}", {
      ...at(customer.id),
      body: { identifier: null, additional_identifiers: null },
    });
    expect(expectStatus(both, 200)).toMatchObject({ identifier: null, additional_identifiers: [] });
  });

  it("searches name or e-mail case-insensitively, with % and _ taken literally", async () => {
    const org = await createOrg();
    await createCustomer(org, { name: "Alpha 100% Ltd", email: "a@one.example" });
    await createCustomer(org, { name: "Beta", email: "under_score@two.example" });
    await createCustomer(org, { name: "Gamma", email: "underXscore@three.example" });
    await createCustomer(org, { name: "Delta 1000 Ltd", email: "d@four.example" });
    const owner = client(org.owner.key);
    const names = async (search: string) => {
      const res = await owner.GET("/v1/customers", { params: { query: { search } } });
      return expectStatus(res, 200)
        .data.map((c) => c.name)
        .sort();
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
    const owner = client(org.owner.key);
    const search = (term: string) => owner.GET("/v1/customers", { params: { query: { search: term } } });
    const hit = expectStatus(await search(long.toUpperCase()), 200);
    expect(hit.data.map((c) => c.name)).toEqual([long]);
    expect(expectStatus(await search("x".repeat(200)), 200).meta.total).toBe(0);
    expect((await search("end_%\\")).data?.meta.total).toBe(1);
    expect((await search("end%")).data?.meta.total).toBe(0);
    expect((await search("\\")).data?.meta.total).toBe(1);
    expectApiError(await search("x".repeat(201)), 400, "invalid_request");
  });

  it("pages with limit (default 20, max 100) and offset, and reports the total", async () => {
    const org = await createOrg();
    for (let i = 0; i < 23; i++) await createCustomer(org, { name: `C${i}` });
    const owner = client(org.owner.key);
    const first = expectStatus(await owner.GET("/v1/customers"), 200);
    expect(first.data).toHaveLength(20);
    expect(first.meta).toEqual({ total: 23, limit: 20, offset: 0 });
    const rest = expectStatus(
      await owner.GET("/v1/customers", { params: { query: { limit: 5, offset: 20 } } }),
      200,
    );
    expect(rest.data).toHaveLength(3);
    expect(rest.meta).toEqual({ total: 23, limit: 5, offset: 20 });
    const ids = new Set([...first.data, ...rest.data].map((c) => c.id));
    expect(ids.size).toBe(23);
    expectApiError(
      await owner.GET("/v1/customers", { params: { query: { limit: 101 } } }),
      400,
      "invalid_request",
    );
  });

  it("patches some fields, including one address field", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const customer = await createCustomer(org);
    const patched = expectStatus(
      await owner.PATCH("/v1/customers/{id}", {
        ...at(customer.id),
        body: { name: "Globex AG", address: { city: "Munich" } },
      }),
      200,
    );
    expect(patched).toMatchObject({
      name: "Globex AG",
      email: customer.email,
      address: { ...address, city: "Munich" },
    });
    expect((await owner.GET("/v1/customers/{id}", at(customer.id))).data).toEqual(patched);
  });

  it("refuses read-only fields on PATCH", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const res = await client(org.owner.key).PATCH("/v1/customers/{id}", {
      ...at(customer.id),
      body: invalid({ id: "cus_x", organization_id: "other", created_at: "2000-01-01T00:00:00.000Z" }),
    });
    const error = expectApiError(res, 422, "validation_error");
    expect(Object.keys(error.details ?? {}).sort()).toEqual(["created_at", "id", "organization_id"]);
  });

  it("deletes a customer without invoices (204, then 404)", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const customer = await createCustomer(org);
    expectStatus(await owner.DELETE("/v1/customers/{id}", at(customer.id)), 204);
    expectApiError(await owner.GET("/v1/customers/{id}", at(customer.id)), 404, "not_found");
  });

  it("answers 409 customer_has_invoices when deleting a customer with invoices", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const customer = await createCustomer(org);
    await createInvoice(org, { customer_id: customer.id });
    const error = expectApiError(await owner.DELETE("/v1/customers/{id}", at(customer.id)), 409, "conflict");
    expect(error.details).toEqual({ reason: "customer_has_invoices" });
    expectStatus(await owner.GET("/v1/customers/{id}", at(customer.id)), 200);
  });

  it("answers 409 customer_has_projects when deleting a customer with a project", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const customer = await createCustomer(org);
    const project = await owner.POST("/v1/projects", {
      body: { name: "Site", customer_id: customer.id, start_date: "2030-01-01", end_date: "2030-02-01" },
    });
    expectStatus(project, 201);
    const error = expectApiError(await owner.DELETE("/v1/customers/{id}", at(customer.id)), 409, "conflict");
    expect(error.details).toEqual({ reason: "customer_has_projects" });
    expectStatus(await owner.GET("/v1/customers/{id}", at(customer.id)), 200);
  });

  it("hides another organization's customer: 404 on read, update and delete, absent from lists", async () => {
    const org = await createOrg();
    const other = client((await createOrg()).owner.key);
    const customer = await createCustomer(org);
    expectApiError(await other.GET("/v1/customers/{id}", at(customer.id)), 404, "not_found");
    expectApiError(
      await other.PATCH("/v1/customers/{id}", { ...at(customer.id), body: { name: "x" } }),
      404,
      "not_found",
    );
    expectApiError(await other.DELETE("/v1/customers/{id}", at(customer.id)), 404, "not_found");
    expect((await other.GET("/v1/customers")).data?.meta.total).toBe(0);
  });

  it("answers 401 without credentials", async () => {
    const anonymous = client(null);
    expectApiError(await anonymous.GET("/v1/customers"), 401, "unauthorized");
    expectApiError(await anonymous.POST("/v1/customers", { body: invalid({}) }), 401, "unauthorized");
  });

  it("records customer.created, updated and deleted events", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const customer = await createCustomer(org);
    await owner.PATCH("/v1/customers/{id}", { ...at(customer.id), body: { name: "N" } });
    await owner.DELETE("/v1/customers/{id}", at(customer.id));
    const { results } = await (await d1Of(org.organizationId))
      .prepare(
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

  it("stores the customer's language and e-invoice attachment, answers them, and clears the language with null", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const created = expectStatus(
      await owner.POST("/v1/customers", {
        body: {
          name: "Société Générale de Test",
          email: "compta@sgt.example",
          address: { ...address, country: "FR" },
          locale: "fr",
          einvoice_attachment: "xml",
        },
      }),
      201,
    );
    expect(created).toMatchObject({ locale: "fr", einvoice_attachment: "xml" });
    expect(expectStatus(await owner.GET("/v1/customers/{id}", at(created.id)), 200)).toMatchObject({
      locale: "fr",
      einvoice_attachment: "xml",
    });
    const changed = expectStatus(
      await owner.PATCH("/v1/customers/{id}", {
        ...at(created.id),
        body: { einvoice_attachment: "facturx" },
      }),
      200,
    );
    expect(changed).toMatchObject({ locale: "fr", einvoice_attachment: "facturx" });
    const cleared = expectStatus(
      await owner.PATCH("/v1/customers/{id}", { ...at(created.id), body: { locale: null } }),
      200,
    );
    expect(cleared).toMatchObject({ locale: null, einvoice_attachment: "facturx" });
  });

  it("answers 422 to a locale it does not support and to an unknown e-invoice attachment, storing nothing", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const bad = await owner.POST("/v1/customers", {
      body: invalid({
        name: "Klingon Corp",
        email: "ap@klingon.example",
        address,
        locale: "tlh",
        einvoice_attachment: "pdf",
      }),
    });
    expect(Object.keys(expectApiError(bad, 422, "validation_error").details ?? {}).sort()).toEqual([
      "einvoice_attachment",
      "locale",
    ]);
    const customer = await createCustomer(org, { locale: "de" });
    for (const locale of ["de-DE", "FR", "", "xx"]) {
      const res = await owner.PATCH("/v1/customers/{id}", { ...at(customer.id), body: invalid({ locale }) });
      expect(expectApiError(res, 422, "validation_error").details).toHaveProperty("locale");
    }
    expect(expectStatus(await owner.GET("/v1/customers/{id}", at(customer.id)), 200).locale).toBe("de");
  });
});

// The body rules every resource shares (docs/CONVENTIONS.md, validation): text without control,
// bidirectional or unpaired-surrogate characters, strict bodies that name an unknown field,
// numbers that do not underflow to 0, and dates within 1900-01-01..2999-12-31.
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN, type ApiResponse, api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { uploaded } from "../helpers/documents";
import { address, createCustomer, createInvoice, createProduct, dueIn } from "../helpers/factories";
import { createMilestone, createProject, createTask } from "../helpers/projects";
import { createWebhook } from "../webhooks/helpers";

/** Asserts 422 validation_error whose details name exactly `field` (and nothing else). */
function expectFieldError(res: ApiResponse, field: string) {
  const error = expectError(res, 422, "validation_error");
  expect(Object.keys(error.details ?? {}), JSON.stringify(error.details)).toEqual([field]);
  return error.details?.[field];
}

/** A request with a hand-written JSON text, for what JSON.stringify cannot produce. */
const rawJson = (org: TestOrg | string, method: string, path: string, json: string) =>
  api(method, path, {
    token: typeof org === "string" ? org : org.owner.key,
    rawBody: json,
    headers: { "Content-Type": "application/json" },
  });

describe("text fields refuse control, bidirectional and unpaired-surrogate characters", () => {
  it("customers: a name with CR LF (a forged e-mail header line) is 422 naming name, on create and update", async () => {
    const org = await createOrg();
    const body = { name: "Globex\r\nBcc: victim@example.com", email: "billing@globex.example", address };
    const message = expectFieldError(
      await api("POST", "/v1/customers", { token: org.owner.key, body }),
      "name",
    );
    expect(message).toBe("Must not contain control character U+000D");
    const customer = await createCustomer(org);
    const patch = (body: unknown) =>
      api("PATCH", `/v1/customers/${customer.id}`, { token: org.owner.key, body });
    expectFieldError(await patch({ name: "Globex\nBcc: x" }), "name");
    expectFieldError(await patch({ address: { line1: "1 Main\u0000Street" } }), "address.line1");
    expectFieldError(await patch({ email: "billing@globex.example\r\nBcc: x@evil.example" }), "email");
    const stored = await api("GET", `/v1/customers/${customer.id}`, { token: org.owner.key });
    expect(stored.body.name).toBe("Globex");
  });

  it("products: U+202E in a name and a lone surrogate are 422; an emoji (a surrogate pair) is fine", async () => {
    const org = await createOrg();
    const body = { name: "Consulting\u202Egnp.exe", price: 10, currency: "USD", unit: "hour" };
    expect(expectFieldError(await api("POST", "/v1/products", { token: org.owner.key, body }), "name")).toBe(
      "Must not contain bidirectional control character U+202E",
    );
    const lone = await rawJson(
      org,
      "POST",
      "/v1/products",
      '{"name":"Consulting \\ud800","price":10,"currency":"USD","unit":"hour"}',
    );
    expect(expectFieldError(lone, "name")).toBe("Must not contain unpaired surrogate U+D800");
    const lowAlone = await rawJson(
      org,
      "POST",
      "/v1/products",
      '{"name":"\\udc00x","price":1,"unit":"hour"}',
    );
    expectFieldError(lowAlone, "name");
    const product = await createProduct(org, {
      name: "Consulting \ud83d\ude00",
      description: "Line one\nLine two",
    });
    expect(product).toMatchObject({ name: "Consulting \ud83d\ude00", description: "Line one\nLine two" });
    const patch = await api("PATCH", `/v1/products/${product.id}`, {
      token: org.owner.key,
      body: { description: "Bell \u0007" },
    });
    expectFieldError(patch, "description");
  });

  it("invoices: a line break in an item description is 422; notes keep tab and line breaks but no other control", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const create = (body: Record<string, unknown>) =>
      api("POST", "/v1/invoices", {
        token: org.owner.key,
        body: {
          customer_id: customer.id,
          items: [{ description: "Work", quantity: 1, unit_price: 10 }],
          due_date: dueIn(30),
          ...body,
        },
      });
    expectFieldError(
      await create({ items: [{ description: "Work\nTotal: USD 0.00", quantity: 1, unit_price: 10 }] }),
      "items.0.description",
    );
    expectFieldError(await create({ notes: "Pay soon \u001B[31m" }), "notes");
    const invoice = await createInvoice(org, {
      customer_id: customer.id,
      notes: "Line one\r\nLine two\twith a tab",
    });
    expect(invoice.notes).toBe("Line one\r\nLine two\twith a tab");
    const patch = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { notes: "\u2067isolate" },
    });
    expectFieldError(patch, "notes");
  });

  it("projects, milestones and tasks: names refuse controls; descriptions keep line breaks", async () => {
    const org = await createOrg();
    const key = org.owner.key;
    const project = await createProject(key, org.organizationId, { description: "Scope:\n- pages\n- blog" });
    expect(project.description).toBe("Scope:\n- pages\n- blog");
    const putProject = await api("PUT", `/projects/${project.id}`, {
      token: key,
      body: { name: "Relaunch \u2066", customer_id: project.customer_id },
    });
    expect(expectFieldError(putProject, "name")).toBe(
      "Name must not contain bidirectional control character U+2066",
    );

    const milestones = `/projects/${project.id}/milestones`;
    expectFieldError(await api("POST", milestones, { token: key, body: { name: "Design\u0085" } }), "name");
    const milestone = await createMilestone(key, project.id, { description: "Mock-ups\r\nand review" });
    expect(milestone.description).toBe("Mock-ups\r\nand review");

    const tasks = `/projects/${project.id}/tasks`;
    expect(
      expectFieldError(await api("POST", tasks, { token: key, body: { title: "Draft\u007F" } }), "title"),
    ).toBe("Title must not contain control character U+007F");
    const task = await createTask(key, project.id, { description: "Step 1\nStep 2" });
    const putTask = await api("PUT", `${tasks}/${task.id}`, {
      token: key,
      body: { title: "Draft", description: "NUL \u0000" },
    });
    expectFieldError(putTask, "description");
  });

  it("identity: organization, owner and member names, member e-mails and API key names", async () => {
    const organization = (body: Record<string, unknown>) =>
      api("POST", "/v1/admin/organizations", {
        token: ADMIN_TOKEN,
        body: { name: "Acme", owner: { email: "owner-ctl@example.com" }, ...body },
      });
    expectFieldError(await organization({ name: "Acme\u202A" }), "name");
    expectFieldError(
      await organization({ owner: { email: "owner-ctl@example.com", name: "O\nwner" } }),
      "owner.name",
    );

    const org = await createOrg();
    const patchOrg = await api("PATCH", `/v1/admin/organizations/${org.organizationId}`, {
      token: ADMIN_TOKEN,
      body: { name: "Acme\r\n" + "Inc" },
    });
    expectFieldError(patchOrg, "name");
    const member = (body: Record<string, unknown>) =>
      api("POST", "/v1/members", {
        token: org.owner.key,
        body: { email: "m@example.com", role: "member", ...body },
      });
    expectFieldError(await member({ name: "Tab\there" }), "name");
    expectFieldError(await member({ email: "m@example.com\r\nBcc: x@example.com" }), "email");
    expectFieldError(
      await api("POST", "/v1/api-keys", { token: org.owner.key, body: { name: "ci\u0000key" } }),
      "name",
    );
  });

  it("webhooks: a description keeps line breaks but no bidi override; a URL keeps no control character", async () => {
    const org = await createOrg();
    const create = (body: Record<string, unknown>) =>
      api("POST", "/v1/webhooks", {
        token: org.owner.key,
        body: { url: "https://hooks.example.com/receive", events: ["*"], ...body },
      });
    expectFieldError(await create({ url: "https://hooks.example.com/re\u0001ceive" }), "url");
    expectFieldError(await create({ url: "https://hooks.example.com/\u202Eevil" }), "url");
    // The URL parser (and zod after it) deletes tab, CR and LF: what is stored has none.
    const stripped = await create({ url: "https://hooks.example.com/re\r\nceive" });
    expect(stripped.status).toBe(201);
    expect(stripped.body.url).toBe("https://hooks.example.com/receive");
    expectFieldError(await create({ description: "Billing \u202E" }), "description");
    const webhook = await createWebhook(org, { description: "Billing\nsystem" });
    const patch = await api("PATCH", `/v1/webhooks/${webhook.id}`, {
      token: org.owner.key,
      body: { description: "\ud800" },
    });
    expectFieldError(patch, "description");
  });
});

describe("every JSON body is strict: an unknown field is 422 naming it", () => {
  it("on the create and update body of every resource", async () => {
    const org = await createOrg();
    const key = org.owner.key;
    const customer = await createCustomer(org);
    const product = await createProduct(org);
    const invoice = await createInvoice(org, { customer_id: customer.id });
    const project = await createProject(key, org.organizationId, { customer_id: customer.id });
    const milestone = await createMilestone(key, project.id);
    const task = await createTask(key, project.id);
    // Disabled, so the events of this test are not delivered to a host that does not exist.
    const webhook = await createWebhook(org, { enabled: false });
    const document = await uploaded(key, "shared content");
    const other = "00000000-0000-4000-8000-000000000000";

    const cases: Array<[string, string, Record<string, unknown>, string?]> = [
      ["POST", "/v1/customers", { name: "A", email: "a@example.com", address }],
      ["PATCH", `/v1/customers/${customer.id}`, { name: "A" }],
      ["POST", "/v1/products", { name: "A", price: 1, unit: "hour" }],
      ["PATCH", `/v1/products/${product.id}`, { name: "A" }],
      [
        "POST",
        "/v1/invoices",
        { customer_id: customer.id, items: [{ quantity: 1, product_id: product.id }], due_date: dueIn(9) },
      ],
      ["PATCH", `/v1/invoices/${invoice.id}`, { notes: "x" }],
      ["POST", "/projects", { name: "P", customer_id: customer.id }],
      ["PUT", `/projects/${project.id}`, { name: "P", customer_id: customer.id }],
      ["PUT", `/v1/projects/${project.id}`, { name: "P", customer_id: customer.id }],
      ["POST", `/projects/${project.id}/milestones`, { name: "M" }],
      ["PUT", `/projects/${project.id}/milestones/${milestone.id}`, { name: "M" }],
      ["POST", `/projects/${project.id}/tasks`, { title: "T" }],
      ["PUT", `/projects/${project.id}/tasks/${task.id}`, { title: "T" }],
      ["POST", "/v1/api-keys", { name: "ci" }],
      ["POST", `/v1/documents/${document.id}/share`, { expiresIn: 60 }],
      ["POST", "/v1/members", { email: "new-member@example.com", role: "member" }],
      ["POST", "/v1/webhooks", { url: "https://hooks.example.com/x", events: ["*"] }],
      ["PATCH", `/v1/webhooks/${webhook.id}`, { enabled: true }],
      [
        "POST",
        "/v1/admin/organizations",
        { name: "B", owner: { email: "b-owner@example.com" } },
        ADMIN_TOKEN,
      ],
      ["PATCH", `/v1/admin/organizations/${org.organizationId}`, { name: "B" }, ADMIN_TOKEN],
      ["POST", "/v1/admin/documents/rewrap", { limit: 1 }, ADMIN_TOKEN],
    ];
    for (const [method, path, body, token] of cases) {
      const res = await api(method, path, { token: token ?? key, body: { ...body, organization_id: other } });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.error.details, `${method} ${path}`).toEqual({
        organization_id: "Unknown or read-only field",
      });
    }

    const stored = await api("GET", `/projects/${project.id}`, { token: key });
    expect(stored.body.name).toBe(project.name);
    const reorder = await api("PATCH", `/projects/${project.id}/milestones/reorder`, {
      token: key,
      body: { milestones: [{ id: milestone.id, order: 0, project_id: other }] },
    });
    expectFieldError(reorder, "milestones.0.project_id");
    const owner = await api("POST", "/v1/admin/organizations", {
      token: ADMIN_TOKEN,
      body: { name: "C", owner: { email: "c-owner@example.com", role: "admin" } },
    });
    expectFieldError(owner, "owner.role");
  });

  it("names __proto__ and constructor keys in details", async () => {
    const org = await createOrg();
    const res = await rawJson(
      org,
      "POST",
      "/v1/customers",
      `{"name":"A","email":"a@example.com","address":${JSON.stringify(address)},"__proto__":{"x":1},"constructor":1}`,
    );
    const error = expectError(res, 422, "validation_error");
    // The test client's JSON.parse also makes __proto__ an own property.
    expect(Object.keys(error.details ?? {}).sort()).toEqual(["__proto__", "constructor"]);
    const nested = await rawJson(org, "PATCH", "/v1/customers/cus_x", '{"address":{"__proto__":null}}');
    expect(Object.keys(expectError(nested, 422, "validation_error").details ?? {})).toEqual([
      "address.__proto__",
    ]);
  });
});

describe("numbers and dates", () => {
  it("answers 422 for a number that underflows to 0 (unit_price 1e-400), naming its path", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const invoice = (items: string) =>
      rawJson(
        org,
        "POST",
        "/v1/invoices",
        `{"customer_id":"${customer.id}","due_date":"${dueIn(9)}","items":[${items}]}`,
      );
    const message = expectFieldError(
      await invoice(
        '{"description":"a","quantity":1,"unit_price":1}, {"description":"b","quantity":1,"unit_price":1e-400}',
      ),
      "items.1.unit_price",
    );
    expect(message).toBe("Number is too small to represent: it would be read as 0");
    // Also when another field fails: both are named; quantity gets the underflow message.
    const both = expectError(
      await invoice('{"description":"","quantity":-1E-999,"unit_price":1}'),
      422,
      "validation_error",
    );
    expect(both.details).toEqual({
      "items.0.description": "Must not be empty",
      "items.0.quantity": "Number is too small to represent: it would be read as 0",
    });
    expectFieldError(
      await rawJson(org, "POST", "/v1/products", '{"name":"A","price":0.000e-500,"unit":"h","x":1}'),
      "x",
    );
    expectFieldError(
      await rawJson(org, "POST", "/v1/products", '{"name":"A","price":5e-325,"unit":"h"}'),
      "price",
    );
    // A zero written any way is still zero.
    const zero = await invoice(
      '{"description":"a","quantity":1,"unit_price":0.0e-400}, {"description":"b","quantity":1,"unit_price":-0}',
    );
    expect(zero.status, JSON.stringify(zero.body)).toBe(201);
    expect(zero.body.total).toBe(0);
  });

  it("answers 422 for a date before 1900-01-01 or after 2999-12-31, and takes the bounds", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const body = (due_date: string) => ({
      customer_id: customer.id,
      items: [{ description: "Work", quantity: 1, unit_price: 10 }],
      due_date,
    });
    for (const date of ["0000-01-01", "1899-12-31", "3000-01-01"]) {
      const res = await api("POST", "/v1/invoices", { token: org.owner.key, body: body(date) });
      expect(expectFieldError(res, "due_date")).toBe("Must be between 1900-01-01 and 2999-12-31");
    }
    const project = await createProject(org.owner.key, org.organizationId, {
      customer_id: customer.id,
      start_date: "1900-01-01",
      end_date: "2999-12-31",
    });
    expect(project).toMatchObject({ start_date: "1900-01-01", end_date: "2999-12-31" });
    const task = await api("POST", `/projects/${project.id}/tasks`, {
      token: org.owner.key,
      body: { title: "T", due_date: "3000-01-01" },
    });
    expectFieldError(task, "due_date");
  });
});

import { describe, expect, it } from "vitest";
import type { paths } from "../../client/src";
import { setClockForTests } from "../../src/lib/clock";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { client, expectApiError, expectStatus, invalid, type Schemas } from "../helpers/client";
import { d1Of, selectOnEveryTenant } from "../helpers/db";
import { createCustomer, createInvoice, createProduct, dueIn } from "../helpers/factories";

type ListQuery = NonNullable<paths["/v1/invoices"]["get"]["parameters"]["query"]>;
const at = (id: string) => ({ params: { path: { id } } });
const create = (org: TestOrg, body: Schemas["CreateInvoice"]) =>
  client(org.owner.key).POST("/v1/invoices", { body });
const read = (org: TestOrg, id: string) => client(org.owner.key).GET("/v1/invoices/{id}", at(id));
const update = (org: TestOrg, id: string, body: Schemas["UpdateInvoice"]) =>
  client(org.owner.key).PATCH("/v1/invoices/{id}", { ...at(id), body });
const send = (org: TestOrg, id: string) => client(org.owner.key).POST("/v1/invoices/{id}/send", at(id));
const pay = (org: TestOrg, id: string) => client(org.owner.key).POST("/v1/invoices/{id}/pay", at(id));
const remove = (org: TestOrg, id: string) => client(org.owner.key).DELETE("/v1/invoices/{id}", at(id));
const list = (org: TestOrg, query: ListQuery = {}) =>
  client(org.owner.key).GET("/v1/invoices", { params: { query } });

async function storedInvoice(id: string) {
  const [row] = await selectOnEveryTenant<Record<string, unknown>>("SELECT * FROM invoices WHERE id = ?", id);
  return row ?? null;
}

async function eventTypes(org: TestOrg) {
  const { results } = await (await d1Of(org.organizationId))
    .prepare(
      "SELECT type FROM webhook_events WHERE organization_id = ? AND type LIKE 'invoice.%' ORDER BY created_at, rowid",
    )
    .bind(org.organizationId)
    .all<{ type: string }>();
  return results.map((r) => r.type);
}

describe("line unit codes", () => {
  it("takes the product's unit, an explicit one over it, and C62 when neither gives one", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const hourly = await createProduct(org, { unit_code: "HUR" });
    const plain = await createProduct(org, { name: "Widget" });
    const invoice = expectStatus(
      await create(org, {
        customer_id: customer.id,
        items: [
          { product_id: hourly.id, quantity: 2 },
          { product_id: hourly.id, quantity: 1, unit_code: "DAY" },
          { product_id: plain.id, quantity: 3 },
          { description: "Travel", quantity: 120, unit_price: 0.3, unit_code: "KMT" },
          { description: "Setup", quantity: 1, unit_price: 50 },
        ],
      }),
      201,
    );
    expect(invoice.items.map((item) => item.unit_code)).toEqual(["HUR", "DAY", "C62", "KMT", "C62"]);
    const { results } = await (await d1Of(org.organizationId))
      .prepare("SELECT unit_code FROM invoice_items WHERE invoice_id = ? ORDER BY position")
      .bind(invoice.id)
      .all<{ unit_code: string }>();
    expect(results.map((row) => row.unit_code)).toEqual(["HUR", "DAY", "C62", "KMT", "C62"]);
    expect(expectStatus(await read(org, invoice.id), 200).items.map((item) => item.unit_code)).toEqual([
      "HUR",
      "DAY",
      "C62",
      "KMT",
      "C62",
    ]);

    // A PATCH of the lines prices them again: the product's unit comes back unless the line names one.
    const patched = expectStatus(
      await update(org, invoice.id, {
        items: [
          { product_id: hourly.id, quantity: 4 },
          { description: "Fuel", quantity: 30, unit_price: 1.8, unit_code: "LTR" },
        ],
      }),
      200,
    );
    expect(patched.items.map((item) => item.unit_code)).toEqual(["HUR", "LTR"]);
  });

  it.each([
    ["QQQ", "Unknown unit code"],
    ["day", "Unit codes are upper-case: use DAY"],
  ])("answers 422 naming items.N.unit_code for %j and stores nothing", async (code, message) => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const res = await create(org, {
      customer_id: customer.id,
      items: [
        { description: "Ok", quantity: 1, unit_price: 1 },
        { description: "Bad", quantity: 1, unit_price: 1, unit_code: code },
      ],
    });
    const error = expectApiError(res, 422, "validation_error");
    expect(error.details?.["items.1.unit_code"]).toContain(message);
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM invoices WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(stored).toEqual({ n: 0 });
  });
});

describe("creating invoices", () => {
  it("creates a draft with number INV-000001, items and the full shape", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const due = dueIn(14);
    const res = await create(org, {
      customer_id: customer.id,
      items: [{ description: "Design", quantity: 3, unit_price: 19.99 }],
      due_date: due,
      notes: "Thanks",
    });
    const invoice = expectStatus(res, 201);
    expect(invoice).toEqual({
      id: expect.stringMatching(/^inv_/),
      number: "INV-000001",
      customer_id: customer.id,
      status: "draft",
      total: 59.97,
      currency: "USD",
      due_date: due,
      notes: "Thanks",
      metadata: {},
      items: [
        {
          id: expect.any(String),
          product_id: null,
          description: "Design",
          quantity: 3,
          unit_code: "C62",
          unit_price: 19.99,
          amount: 59.97,
          tax_rate_id: null,
          discount: null,
          discount_amount: 0,
          net_amount: 59.97,
        },
      ],
      sent_at: null,
      paid_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      // Read-only figures of the tax model: with no tax rate and no discount, total = sum of lines.
      issue_date: null,
      voided_at: null,
      default_tax_rate_id: null,
      deliveries: [],
      ignore_tax_exempt: false,
      discounts: [],
      charges: [],
      service_period: null,
      delivery_date: null,
      purchase_order: null,
      buyer_reference: null,
      payment_terms: null,
      payee: null,
      locale: null,
      subtotal: 59.97,
      discount_total: 0,
      charge_total: 0,
      tax_exclusive_total: 59.97,
      tax_total: 0,
      rounding_amount: 0,
      prepaid_amount: 0,
      amount_paid: 0,
      amount_credited: 0,
      amount_due: 59.97,
      payment_reference: null,
      tax_breakdown: [
        {
          tax_rate_id: null,
          category: null,
          percentage: 0,
          taxable_amount: 59.97,
          tax_amount: 0,
          exemption_reason: null,
          exemption_reason_code: null,
        },
      ],
      seller: null,
      buyer: null,
      // A draft has no hosted page yet (the link is created at send).
      hosted_url: null,
      viewed_at: null,
      recurring_invoice_id: null,
      // A commercial invoice (380) citing no invoice, its VAT in its own currency.
      type_code: "380",
      preceding_invoice_id: null,
      preceding_invoice: null,
      tax_currency: null,
      exchange_rate: null,
      tax_total_in_tax_currency: null,
      // A draft is never ready; it names what the e-invoice would lack if sent now: its line
      // has no VAT category, the organization has no billing profile, the customer no endpoint.
      einvoice: {
        ready: false,
        missing: [
          "items.0.tax_rate_id",
          "organization.address.country",
          "organization.electronic_address",
          "organization.vat_id",
          "customer.electronic_address",
          "buyer_reference",
        ],
        syntaxes: {
          ubl: {
            ready: false,
            missing: [
              "items.0.tax_rate_id",
              "organization.address.country",
              "organization.electronic_address",
              "organization.vat_id",
              "customer.electronic_address",
              "buyer_reference",
            ],
          },
          cii: {
            ready: false,
            missing: ["items.0.tax_rate_id", "organization.address.country", "organization.vat_id"],
          },
        },
      },
    });
    expect((await read(org, invoice.id)).data).toEqual(invoice);
    const second = await createInvoice(org, { customer_id: customer.id });
    expect(second.number).toBe("INV-000002");
    expect(await eventTypes(org)).toEqual(["invoice.created", "invoice.created"]);
    const { results } = await (await d1Of(org.organizationId))
      .prepare("SELECT payload FROM webhook_events WHERE organization_id = ? AND type = 'invoice.created'")
      .bind(org.organizationId)
      .all<{ payload: string }>();
    expect(results.map((r) => JSON.parse(r.payload).data.object.number).sort()).toEqual([
      "INV-000001",
      "INV-000002",
    ]);
  });

  it.each([
    ["3 x 19.99", [{ quantity: 3, unit_price: 19.99 }], "USD", 59.97],
    ["1.5 x 33.33 (49.995 rounds half-up)", [{ quantity: 1.5, unit_price: 33.33 }], "USD", 50],
    [
      "0.1 + 0.2 as two lines",
      [
        { quantity: 1, unit_price: 0.1 },
        { quantity: 1, unit_price: 0.2 },
      ],
      "USD",
      0.3,
    ],
    [
      "JPY with no decimals",
      [
        { quantity: 3, unit_price: 333 },
        { quantity: 0.5, unit_price: 1 },
      ],
      "JPY",
      1000,
    ],
    [
      "KWD with three decimals",
      [
        { quantity: 2, unit_price: 1.005 },
        { quantity: 1.5, unit_price: 0.333 },
      ],
      "KWD",
      2.51,
    ],
  ])("totals %s exactly", async (_label, lines, currency, total) => {
    const org = await createOrg();
    const invoice = await createInvoice(org, {
      currency,
      items: lines.map((line, i) => ({ description: `Line ${i}`, ...line })),
    });
    expect(invoice.total).toBe(total);
    expect(invoice.currency).toBe(currency);
    const stored = await storedInvoice(invoice.id);
    expect(typeof stored?.total_minor).toBe("number");
  });

  it("stores integer minor units", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org, {
      items: [{ description: "x", quantity: 1.5, unit_price: 33.33 }],
    });
    expect((await storedInvoice(invoice.id))?.total_minor).toBe(5000);
    const item = await (await d1Of(org.organizationId))
      .prepare("SELECT quantity, unit_price_minor, amount_minor FROM invoice_items WHERE invoice_id = ?")
      .bind(invoice.id)
      .first();
    expect(item).toEqual({ quantity: 15000, unit_price_minor: 3333, amount_minor: 5000 });
  });

  it.each([
    [{ quantity: 1, unit_price: 1.9999999 }, "items.0.unit_price"],
    [{ quantity: 0, unit_price: 1 }, "items.0.quantity"],
    [{ quantity: -1, unit_price: 1 }, "items.0.quantity"],
    [{ quantity: 1.00001, unit_price: 1 }, "items.0.quantity"],
    [{ quantity: 1, unit_price: -5 }, "items.0.unit_price"],
    [{ quantity: 1 }, "items.0.unit_price"],
  ])("answers 422 for the item %o on %s", async (line, field) => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const res = await create(org, {
      customer_id: customer.id,
      items: [{ description: "x", ...line }],
      due_date: dueIn(1),
    });
    expect(expectApiError(res, 422, "validation_error").details).toHaveProperty([field]);
  });

  it("answers 422 for a JPY price with 7 decimals and a total past 2^53", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const jpy = await create(org, {
      customer_id: customer.id,
      currency: "JPY",
      items: [{ description: "x", quantity: 1, unit_price: 10.0000005 }],
      due_date: dueIn(1),
    });
    expect(expectApiError(jpy, 422, "validation_error").details).toHaveProperty(["items.0.unit_price"]);
    const huge = await create(org, {
      customer_id: customer.id,
      items: [{ description: "x", quantity: 10000, unit_price: 90071992547.4 }],
      due_date: dueIn(1),
    });
    expect(expectApiError(huge, 422, "validation_error").details).toHaveProperty(["items.0.amount"]);
  });

  it("caps unit price, line amount and total at 999,999,999,999,999 minor units (15 digits)", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const body = (items: Schemas["InvoiceItemInput"][], currency = "USD") => ({
      customer_id: customer.id,
      currency,
      items,
      due_date: dueIn(1),
    });
    // At the boundary: exact through JSON.
    const max = expectStatus(
      await create(org, body([{ description: "x", quantity: 1, unit_price: 9999999999999.99 }])),
      201,
    );
    expect(max.total).toBe(9999999999999.99);
    expect(max.items[0]).toMatchObject({ unit_price: 9999999999999.99, amount: 9999999999999.99 });
    expect((await read(org, max.id)).data?.total).toBe(9999999999999.99);
    // One minor unit more: the unit price itself.
    const price = await create(org, body([{ description: "x", quantity: 1, unit_price: 10000000000000 }]));
    expect(expectApiError(price, 422, "validation_error").details).toHaveProperty(["items.0.unit_price"]);
    // A line: 2 x 5,000,000,000,000.00 = 10^15 cents.
    const line = await create(org, body([{ description: "x", quantity: 2, unit_price: 5000000000000 }]));
    expect(expectApiError(line, 422, "validation_error").details).toHaveProperty(["items.0.amount"]);
    // The total: two lines that each fit.
    const total = await create(
      org,
      body([
        { description: "a", quantity: 1, unit_price: 9999999999999.99 },
        { description: "b", quantity: 1, unit_price: 0.01 },
      ]),
    );
    expect(expectApiError(total, 422, "validation_error").details).toHaveProperty(["items"]);
  });

  it("checks re-priced lines against the cap when a draft's currency changes", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org, {
      currency: "JPY",
      items: [{ description: "x", quantity: 1, unit_price: 999999999999999 }],
    });
    const res = await update(org, invoice.id, { currency: "USD" });
    expect(expectApiError(res, 422, "validation_error").details).toHaveProperty(["currency"]);
    const fits = await createInvoice(org, {
      currency: "JPY",
      items: [{ description: "x", quantity: 1, unit_price: 1234 }],
    });
    const ok = await update(org, fits.id, { currency: "IQD" });
    expect(ok.data).toMatchObject({ currency: "IQD", total: 1234 });
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT total_minor FROM invoices WHERE id = ?")
      .bind(fits.id)
      .first();
    expect(stored).toEqual({ total_minor: 1234000 }); // IQD has 3 decimals (ISO 4217)
  });

  it("answers 422 without items, with a bad date or an unknown customer", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const base = {
      customer_id: customer.id,
      items: [{ description: "x", quantity: 1, unit_price: 1 }],
      due_date: dueIn(1),
    };
    for (const [body, field] of [
      [{ ...base, items: [] }, "items"],
      [{ ...base, due_date: "2026-02-30" }, "due_date"],
      [{ ...base, due_date: "tomorrow" }, "due_date"],
      [{ ...base, customer_id: "cus_missing" }, "customer_id"],
      [{ ...base, currency: "ABC" }, "currency"],
    ] as const) {
      const res = await create(org, invalid(body));
      expect(expectApiError(res, 422, "validation_error").details).toHaveProperty([field]);
    }
    const other = await createOrg();
    const foreign = await createCustomer(other);
    const res = await create(org, { ...base, customer_id: foreign.id });
    expect(expectApiError(res, 422, "validation_error").details).toHaveProperty(["customer_id"]);
  });

  it("fills description and unit price from a product, and defaults the currency to the organization's", async () => {
    const org = await createOrg({ currency: "EUR" });
    const product = await createProduct(org, { name: "Hosting", price: 12.5, currency: "EUR" });
    const invoice = await createInvoice(org, {
      items: [
        { product_id: product.id, quantity: 2 },
        { product_id: product.id, description: "Hosting (discounted)", quantity: 1, unit_price: 10 },
      ],
    });
    expect(invoice.currency).toBe("EUR");
    expect(invoice.total).toBe(35);
    expect(invoice.items).toMatchObject([
      { product_id: product.id, description: "Hosting", quantity: 2, unit_price: 12.5, amount: 25 },
      { product_id: product.id, description: "Hosting (discounted)", unit_price: 10, amount: 10 },
    ]);
    const usd = await createProduct(org, { price: 5, currency: "USD" });
    const other = await createOrg();
    const foreign = await createProduct(other, { currency: "EUR" });
    const customer = await createCustomer(org);
    const res = await create(org, {
      customer_id: customer.id,
      items: [
        { product_id: usd.id, quantity: 1 },
        { product_id: foreign.id, quantity: 1 },
      ],
      due_date: dueIn(1),
    });
    const details = expectApiError(res, 422, "validation_error").details;
    expect(details).toHaveProperty(["items.0.product_id"]);
    expect(details).toHaveProperty(["items.1.product_id"]);
  });

  it("inserts 100 items (chunked under D1's 100 bound parameters)", async () => {
    const org = await createOrg();
    const items = Array.from({ length: 100 }, (_, i) => ({
      description: `Line ${i}`,
      quantity: 1,
      unit_price: 0.01,
    }));
    const invoice = await createInvoice(org, { items });
    expect(invoice.total).toBe(1);
    const stored = expectStatus(await read(org, invoice.id), 200);
    expect(stored.items.map((item) => item.description)).toEqual(items.map((i) => i.description));
  });

  it("gives 100 concurrent creates 100 distinct, consecutive numbers", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        create(org, {
          customer_id: customer.id,
          items: [{ description: "x", quantity: 1, unit_price: 1 }],
          due_date: dueIn(1),
        }),
      ),
    );
    expect(responses.map((r) => r.response.status)).toEqual(Array(100).fill(201));
    const numbers = responses.map((r) => r.data?.number).sort();
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => `INV-${String(i + 1).padStart(6, "0")}`));
  });

  it("refuses client-set number, status, total, organization_id and created_at", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const res = await create(
      org,
      invalid({
        customer_id: customer.id,
        items: [{ description: "x", quantity: 1, unit_price: 1 }],
        due_date: dueIn(1),
        number: "INV-999999",
        status: "paid",
        total: 0,
        organization_id: "other",
        created_at: "2000-01-01T00:00:00.000Z",
      }),
    );
    const details = expectApiError(res, 422, "validation_error").details ?? {};
    expect(Object.keys(details).sort()).toEqual([
      "created_at",
      "number",
      "organization_id",
      "status",
      "total",
    ]);
    expect((await list(org)).data?.meta.total).toBe(0);
  });
});

describe("invoice lifecycle", () => {
  it("sends a draft: status sent, sent_at set, an e-mail stored, event recorded", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const res = await send(org, invoice.id);
    expect(expectStatus(res, 200)).toMatchObject({
      id: invoice.id,
      status: "sent",
      sent_at: expect.any(String),
      items: expect.any(Array),
    });
    expect(await eventTypes(org)).toEqual(["invoice.created", "invoice.sent"]);
  });

  it("reports overdue from the moment the due date (UTC) has passed, before any sweep", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org, { due_date: "2030-01-10" });
    await send(org, invoice.id);
    setClockForTests(() => new Date("2030-01-10T23:59:59.000Z"));
    expect((await read(org, invoice.id)).data?.status).toBe("sent");
    setClockForTests(() => new Date("2030-01-11T00:00:00.000Z"));
    expect((await read(org, invoice.id)).data?.status).toBe("overdue");
    expect((await storedInvoice(invoice.id))?.status).toBe("sent");
    const overdue = expectStatus(await list(org, { status: "overdue" }), 200);
    expect(overdue.data.map((i) => i.id)).toEqual([invoice.id]);
    expect((await list(org, { status: "sent" })).data?.meta.total).toBe(0);
    const paid = await pay(org, invoice.id);
    expect(paid.data).toMatchObject({ status: "paid", paid_at: "2030-01-11T00:00:00.000Z" });
  });

  it("pays a sent invoice with POST /pay or PATCH { status: 'paid' }", async () => {
    const org = await createOrg();
    const a = await createInvoice(org);
    const b = await createInvoice(org);
    await send(org, a.id);
    await send(org, b.id);
    expect((await pay(org, a.id)).data).toMatchObject({
      status: "paid",
      paid_at: expect.any(String),
    });
    const viaPatch = await update(org, b.id, { status: "paid", notes: "Paid by wire" });
    expect(expectStatus(viaPatch, 200)).toMatchObject({ status: "paid", notes: "Paid by wire" });
    const types = await eventTypes(org);
    expect(types.filter((t) => t === "invoice.paid")).toHaveLength(2);
  });

  it("edits everything on a draft, recomputing the total", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const otherCustomer = await createCustomer(org, { name: "Initech" });
    const res = await update(org, invoice.id, {
      customer_id: otherCustomer.id,
      items: [{ description: "New", quantity: 2, unit_price: 1.25 }],
      due_date: "2031-05-05",
      notes: "Updated",
      currency: "EUR",
    });
    const updated = expectStatus(res, 200);
    expect(updated).toMatchObject({
      number: invoice.number,
      customer_id: otherCustomer.id,
      total: 2.5,
      currency: "EUR",
      due_date: "2031-05-05",
      notes: "Updated",
      items: [{ description: "New", quantity: 2, unit_price: 1.25, amount: 2.5 }],
    });
    expect((await read(org, invoice.id)).data).toEqual(updated);
    const jpy = await update(org, invoice.id, { currency: "JPY" });
    expect(expectApiError(jpy, 422, "validation_error").details).toHaveProperty(["currency"]);
    const kwd = await update(org, invoice.id, { currency: "KWD" });
    expect(kwd.data).toMatchObject({ currency: "KWD", total: 2.5, items: [{ unit_price: 1.25 }] });
  });

  it("lets a sent invoice change only its notes", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    await send(org, invoice.id);
    const notes = await update(org, invoice.id, { notes: "Reminder soon" });
    expect(notes.data).toMatchObject({ status: "sent", notes: "Reminder soon" });
    const before = await storedInvoice(invoice.id);
    for (const body of [
      { items: [{ description: "x", quantity: 1, unit_price: 5 }] },
      { due_date: "2030-01-01" },
      { currency: "EUR" },
      { customer_id: invoice.customer_id },
    ]) {
      const error = expectApiError(await update(org, invoice.id, body), 409, "conflict");
      expect(error.details?.reason).toBe("invoice_not_editable");
    }
    expect(await storedInvoice(invoice.id)).toEqual(before);
  });

  it("answers 409 to every forbidden transition and leaves the record unchanged", async () => {
    const org = await createOrg();
    const draft = await createInvoice(org);
    const sent = await createInvoice(org);
    const paid = await createInvoice(org);
    await send(org, sent.id);
    await send(org, paid.id);
    await pay(org, paid.id);
    const cases: Array<[string, () => Promise<{ error?: unknown; response: Response }>, string]> = [
      [draft.id, () => pay(org, draft.id), "invoice_not_sent"],
      [draft.id, () => update(org, draft.id, { status: "paid" }), "invalid_transition"],
      [draft.id, () => update(org, draft.id, { status: "sent" }), "invalid_transition"],
      [draft.id, () => update(org, draft.id, { status: "overdue" }), "invalid_transition"],
      [sent.id, () => update(org, sent.id, { status: "draft" }), "invalid_transition"],
      [sent.id, () => update(org, sent.id, { status: "overdue" }), "invalid_transition"],
      [sent.id, () => remove(org, sent.id), "invoice_not_draft"],
      [paid.id, () => pay(org, paid.id), "invoice_paid"],
      [paid.id, () => send(org, paid.id), "invoice_paid"],
      [paid.id, () => update(org, paid.id, { notes: "x" }), "invoice_paid"],
      [paid.id, () => update(org, paid.id, { status: "sent" }), "invoice_paid"],
      [paid.id, () => remove(org, paid.id), "invoice_not_draft"],
    ];
    for (const [id, call, reason] of cases) {
      const before = await storedInvoice(id);
      const eventsBefore = await eventTypes(org);
      const error = expectApiError(await call(), 409, "conflict");
      expect(error.details?.reason, reason).toBe(reason);
      expect(await storedInvoice(id)).toEqual(before);
      expect(await eventTypes(org)).toEqual(eventsBefore);
    }
  });

  it("answers 409 on PATCH of an overdue invoice's items, and pays it", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org, { due_date: "2030-03-01" });
    await send(org, invoice.id);
    setClockForTests(() => new Date("2030-03-05T00:00:00Z"));
    expectApiError(await update(org, invoice.id, { due_date: "2030-04-01" }), 409, "conflict");
    expect((await update(org, invoice.id, { status: "paid" })).data?.status).toBe("paid");
  });

  it("pays once under concurrency: one 200, the rest 409, one invoice.paid event", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    await send(org, invoice.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => pay(org, invoice.id)));
    expect(responses.filter((r) => r.response.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.response.status === 409)).toHaveLength(4);
    expect((await eventTypes(org)).filter((t) => t === "invoice.paid")).toHaveLength(1);
  });

  it("deletes drafts only (204, then 404) with an invoice.deleted event", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    expectStatus(await remove(org, invoice.id), 204);
    expectApiError(await read(org, invoice.id), 404, "not_found");
    const items = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM invoice_items WHERE invoice_id = ?")
      .bind(invoice.id)
      .first();
    expect(items).toEqual({ n: 0 });
    expect(await eventTypes(org)).toEqual(["invoice.created", "invoice.deleted"]);
  });

  it("records an invoice.updated event on PATCH", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    await update(org, invoice.id, { notes: "n" });
    expect(await eventTypes(org)).toEqual(["invoice.created", "invoice.updated"]);
  });
});

describe("listing invoices", () => {
  it("filters by status and customer, pages with meta, newest first, items included", async () => {
    const org = await createOrg();
    const alice = await createCustomer(org, { name: "Alice" });
    const bob = await createCustomer(org, { name: "Bob" });
    const created = [];
    for (let i = 0; i < 5; i++) {
      setClockForTests(() => new Date(Date.UTC(2030, 0, 1, 0, i)));
      created.push(
        await createInvoice(org, { customer_id: i % 2 ? bob.id : alice.id, due_date: "2030-06-01" }),
      );
    }
    await send(org, created[0]!.id);
    await send(org, created[1]!.id);
    await pay(org, created[1]!.id);

    const all = expectStatus(await list(org), 200);
    expect(all.meta).toEqual({ total: 5, limit: 20, offset: 0 });
    expect(all.data.map((i) => i.id)).toEqual(created.map((i) => i.id).reverse());
    expect(all.data[0]?.items).toHaveLength(1);

    const ids = async (query: ListQuery) => (await list(org, query)).data?.data.map((i) => i.id);
    expect(await ids({ status: "sent" })).toEqual([created[0]!.id]);
    expect(await ids({ status: "paid" })).toEqual([created[1]!.id]);
    expect(await ids({ status: "draft" })).toEqual([created[4]!.id, created[3]!.id, created[2]!.id]);
    expect(await ids({ customer_id: bob.id })).toEqual([created[3]!.id, created[1]!.id]);
    expect(await ids({ customer_id: alice.id, status: "draft" })).toEqual([created[4]!.id, created[2]!.id]);

    const page = expectStatus(await list(org, { limit: 2, offset: 2 }), 200);
    expect(page.meta).toEqual({ total: 5, limit: 2, offset: 2 });
    expect(page.data.map((i) => i.id)).toEqual([created[2]!.id, created[1]!.id]);

    expectApiError(await list(org, { limit: 101 }), 400, "invalid_request");
    expectApiError(await list(org, invalid({ status: "cancelled" })), 400, "invalid_request");
  });
});

describe("tenancy and auth", () => {
  it("answers 404 for another organization's invoice on every operation", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const invoice = await createInvoice(org);
    const stranger = client(other.owner.key);
    for (const call of [
      () => read(other, invoice.id),
      () => update(other, invoice.id, { notes: "x" }),
      () => send(other, invoice.id),
      () => pay(other, invoice.id),
      () => remove(other, invoice.id),
      () => stranger.GET("/v1/invoices/{id}/emails", at(invoice.id)),
    ]) {
      expectApiError(await call(), 404, "not_found");
    }
    expect((await list(other)).data?.meta.total).toBe(0);
    expect((await list(other, { customer_id: invoice.customer_id })).data?.data).toEqual([]);
    expect((await read(org, invoice.id)).data?.status).toBe("draft");
  });

  it("answers 401 without credentials", async () => {
    const anonymous = client(null);
    expectApiError(await anonymous.GET("/v1/invoices"), 401, "unauthorized");
    expectApiError(await anonymous.POST("/v1/invoices", { body: invalid({}) }), 401, "unauthorized");
  });
});

describe("OpenAPI", () => {
  it("documents every customer, product and invoice route", async () => {
    // The document itself is not an operation of the document: the untyped helper fetches it.
    const doc = (await api("GET", "/openapi.json")).body;
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        "POST /v1/customers",
        "GET /v1/customers",
        "GET /v1/customers/{id}",
        "PATCH /v1/customers/{id}",
        "DELETE /v1/customers/{id}",
        "POST /v1/products",
        "GET /v1/products",
        "GET /v1/products/{id}",
        "PATCH /v1/products/{id}",
        "DELETE /v1/products/{id}",
        "POST /v1/invoices",
        "GET /v1/invoices",
        "GET /v1/invoices/{id}",
        "PATCH /v1/invoices/{id}",
        "DELETE /v1/invoices/{id}",
        "POST /v1/invoices/{id}/send",
        "POST /v1/invoices/{id}/pay",
        "GET /v1/invoices/{id}/emails",
      ]),
    );
  });
});

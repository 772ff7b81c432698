import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { masterKeySet } from "../../src/crypto/document-keys";
import { setClockForTests } from "../../src/lib/clock";
import { sweepRecurringInvoices } from "../../src/services/recurring/sweep";
import { createOrg } from "../helpers/api";
import { client, expectApiError, expectStatus, invalid } from "../helpers/client";
import { d1Of } from "../helpers/db";
import { createCustomer } from "../helpers/factories";

const links = { keys: masterKeySet(env), baseUrl: "https://api.test" };
const at = (date: string) => new Date(`${date}T00:30:00.000Z`);

async function setup(today: string) {
  setClockForTests(() => at(today));
  const org = await createOrg();
  const api = client(org.owner.key);
  const customer = await createCustomer(org);
  const body = {
    customer_id: customer.id,
    items: [{ description: "Licence", quantity: 2, unit_price: 25 }],
    interval: "week" as const,
    interval_count: 2,
    start_date: today,
    auto_send: false,
  };
  return { org, api, customer, body };
}

const eventTypes = async (organizationId: string, prefix: string) =>
  (
    await (
      await d1Of(organizationId)
    )
      .prepare(
        "SELECT type FROM webhook_events WHERE organization_id = ? AND type LIKE ? ORDER BY created_at, rowid",
      )
      .bind(organizationId, `${prefix}%`)
      .all<{ type: string }>()
  ).results.map((r) => r.type);

describe("/v1/recurring-invoices", () => {
  it("creates, reads, lists and edits a template, with its events", async () => {
    const { org, api, body } = await setup("2031-01-05");
    const created = expectStatus(await api.POST("/v1/recurring-invoices", { body }), 201);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^rec_/),
      status: "active",
      next_run_date: "2031-01-05",
      invoices_created: 0,
      interval: "week",
      interval_count: 2,
      currency: "USD",
      auto_send: false,
    });
    const got = expectStatus(
      await api.GET("/v1/recurring-invoices/{id}", { params: { path: { id: created.id } } }),
      200,
    );
    expect(got).toEqual(created);
    const list = expectStatus(await api.GET("/v1/recurring-invoices"), 200);
    expect(list.data.map((r) => r.id)).toEqual([created.id]);

    const moved = expectStatus(
      await api.PATCH("/v1/recurring-invoices/{id}", {
        params: { path: { id: created.id } },
        body: { start_date: "2031-01-10", notes: "Thanks" },
      }),
      200,
    );
    expect(moved).toMatchObject({ next_run_date: "2031-01-10", notes: "Thanks" });
    expect(await eventTypes(org.organizationId, "recurring_invoice.")).toEqual([
      "recurring_invoice.created",
      "recurring_invoice.updated",
    ]);
    // Another organization does not see it.
    const other = client((await createOrg()).owner.key);
    expectApiError(
      await other.GET("/v1/recurring-invoices/{id}", { params: { path: { id: created.id } } }),
      404,
      "not_found",
    );
  });

  it("validates the template as invoice creation does, and the schedule", async () => {
    const { api, body } = await setup("2031-02-01");
    const rate = expectApiError(
      await api.POST("/v1/recurring-invoices", {
        body: {
          ...body,
          items: [{ description: "X", quantity: 1, unit_price: 1, tax_rate_id: "txr_missing" }],
        },
      }),
      422,
      "validation_error",
    );
    expect(rate.details).toEqual({ "items.0.tax_rate_id": "No such tax rate" });
    const customer = expectApiError(
      await api.POST("/v1/recurring-invoices", { body: { ...body, customer_id: "cus_missing" } }),
      422,
      "validation_error",
    );
    expect(customer.details).toEqual({ customer_id: "No such customer" });
    for (const [patch, field] of [
      [{ interval: "fortnight" }, "interval"],
      [{ interval_count: 0 }, "interval_count"],
      [{ start_date: "2031-02-30" }, "start_date"],
      [{ end_after: 0 }, "end_after"],
      [{ surprise: true }, "surprise"],
      [{ items: [] }, "items"],
      [{ discounts: [{ amount: 1, percentage: 5 }] }, "discounts.0"],
    ] as const) {
      const error = expectApiError(
        await api.POST("/v1/recurring-invoices", { body: invalid({ ...body, ...patch }) }),
        422,
        "validation_error",
      );
      expect(Object.keys(error.details ?? {}), JSON.stringify(error)).toContain(field);
    }
    const past = expectApiError(
      await api.POST("/v1/recurring-invoices", { body: { ...body, start_date: "2031-01-31" } }),
      422,
      "validation_error",
    );
    expect(past.details).toHaveProperty("start_date");
    const end = expectApiError(
      await api.POST("/v1/recurring-invoices", { body: { ...body, end_date: "2031-01-31" } }),
      422,
      "validation_error",
    );
    expect(end.details).toHaveProperty("end_date");
  });

  it("keeps the template items' unit codes and runs them into the invoice; refuses an unknown one", async () => {
    const { org, api, body } = await setup("2031-04-01");
    const bad = expectApiError(
      await api.POST("/v1/recurring-invoices", {
        body: { ...body, items: [{ description: "X", quantity: 1, unit_price: 1, unit_code: "QQQ" }] },
      }),
      422,
      "validation_error",
    );
    expect(bad.details).toHaveProperty("items.0.unit_code");
    const created = expectStatus(
      await api.POST("/v1/recurring-invoices", {
        body: {
          ...body,
          items: [
            { description: "Hosting", quantity: 1, unit_price: 25, unit_code: "MON" },
            { description: "Licence", quantity: 2, unit_price: 25 },
          ],
        },
      }),
      201,
    );
    expect(created.items.map((item) => item.unit_code)).toEqual(["MON", undefined]);
    await sweepRecurringInvoices(env, at("2031-04-01"), { links, organizationId: org.organizationId });
    const invoices = expectStatus(
      await api.GET("/v1/invoices", { params: { query: { recurring_invoice_id: created.id } } }),
      200,
    );
    expect(invoices.data[0]?.items.map((item) => item.unit_code)).toEqual(["MON", "C62"]);
  });

  it("runs every line term the invoice item takes into its invoices: price terms, discounts, charges, sub-items", async () => {
    const { org, api, body } = await setup("2031-05-01");
    const items = [
      {
        description: "Consulting",
        quantity: 4,
        unit_code: "HUR",
        gross_price: 120,
        price_discount: 20,
        base_quantity: 2,
        discounts: [
          { percentage: 10, reason_code: "95", description: "Loyalty" },
          { amount: 5, description: "Voucher" },
        ],
        charges: [{ amount: 7.5, reason_code: "FC", description: "Freight" }],
        service_period: { start: "2031-04-01", end: "2031-04-30" },
      },
      {
        description: "Hardware kit",
        quantity: 1,
        sub_items: [
          { description: "Router", quantity: 2, unit_price: 40 },
          { description: "Cable", quantity: 3, unit_price: 2.5, unit_code: "MTR" },
        ],
      },
      {
        description: "Support",
        quantity: 1,
        unit_price: 50,
        discount: { percentage: 20, base_amount: 40, reason_code: "95", description: "Partner" },
      },
    ];
    const created = expectStatus(await api.POST("/v1/recurring-invoices", { body: { ...body, items } }), 201);
    expect(created.items).toEqual(items);

    await sweepRecurringInvoices(env, at("2031-05-01"), { links, organizationId: org.organizationId });
    const list = expectStatus(
      await api.GET("/v1/invoices", { params: { query: { recurring_invoice_id: created.id } } }),
      200,
    );
    expect(list.data).toHaveLength(1);
    const invoice = expectStatus(
      await api.GET("/v1/invoices/{id}", { params: { path: { id: list.data[0]?.id ?? "" } } }),
      200,
    );
    const [consulting, kit, support] = invoice.items;
    // 4 hours at (120 - 20) per 2 hours = 200; less 10 % (20) and 5; plus 7.50 freight.
    expect(consulting).toMatchObject({
      description: "Consulting",
      quantity: 4,
      unit_code: "HUR",
      unit_price: 100,
      gross_price: 120,
      price_discount: 20,
      base_quantity: 2,
      amount: 200,
      discount_amount: 25,
      discounts: [
        { description: "Loyalty", reason_code: "95", percentage: 10, discount_amount: 20 },
        { description: "Voucher", reason_code: null, amount: 5, discount_amount: 5 },
      ],
      charges: [{ description: "Freight", reason_code: "FC", amount: 7.5, charge_amount: 7.5 }],
      net_amount: 182.5,
      service_period: { start: "2031-04-01", end: "2031-04-30" },
    });
    // 2 x 40 + 3 x 2.50: the line's amount is its sub-items' sum, and so its price.
    expect(kit).toMatchObject({
      description: "Hardware kit",
      unit_price: 87.5,
      amount: 87.5,
      net_amount: 87.5,
      sub_items: [
        {
          description: "Router",
          quantity: 2,
          unit_code: "C62",
          unit_price: 40,
          base_quantity: 1,
          amount: 80,
        },
        {
          description: "Cable",
          quantity: 3,
          unit_code: "MTR",
          unit_price: 2.5,
          base_quantity: 1,
          amount: 7.5,
        },
      ],
    });
    // 20 % of the stated base 40.
    expect(support).toMatchObject({
      amount: 50,
      discount: { percentage: 20, base_amount: 40, reason_code: "95", description: "Partner" },
      discount_amount: 8,
      net_amount: 42,
    });
    expect(invoice).toMatchObject({ subtotal: 312, tax_total: 0, total: 312 });
  });

  it("pause stops runs; resume skips the periods missed meanwhile; cancel is final", async () => {
    const { org, api, body } = await setup("2031-03-01");
    const created = expectStatus(
      await api.POST("/v1/recurring-invoices", { body: { ...body, interval: "day", interval_count: 1 } }),
      201,
    );
    const id = { params: { path: { id: created.id } } };
    expectStatus(await api.POST("/v1/recurring-invoices/{id}/pause", id), 200);
    expectApiError(await api.POST("/v1/recurring-invoices/{id}/pause", id), 409, "conflict");
    await sweepRecurringInvoices(env, at("2031-03-01"), { links, organizationId: org.organizationId });
    expect(expectStatus(await api.GET("/v1/recurring-invoices/{id}", id), 200).invoices_created).toBe(0);

    setClockForTests(() => at("2031-03-06"));
    const resumed = expectStatus(await api.POST("/v1/recurring-invoices/{id}/resume", id), 200);
    expect(resumed).toMatchObject({ status: "active", next_run_date: "2031-03-06" });
    await sweepRecurringInvoices(env, at("2031-03-06"), { links, organizationId: org.organizationId });
    const invoices = expectStatus(
      await api.GET("/v1/invoices", { params: { query: { recurring_invoice_id: created.id } } }),
      200,
    );
    expect(invoices.data.map((i) => [i.service_period, i.status])).toEqual([
      [{ start: "2031-03-06", end: "2031-03-06" }, "draft"],
    ]);
    // The schedule is fixed once an invoice exists.
    const locked = expectApiError(
      await api.PATCH("/v1/recurring-invoices/{id}", { ...id, body: { interval: "week" } }),
      409,
      "conflict",
    );
    expect(locked.details).toMatchObject({ reason: "schedule_locked" });

    const cancelled = expectStatus(await api.POST("/v1/recurring-invoices/{id}/cancel", id), 200);
    expect(cancelled).toMatchObject({ status: "cancelled", next_run_date: null });
    expectApiError(await api.POST("/v1/recurring-invoices/{id}/resume", id), 409, "conflict");
    setClockForTests(() => at("2031-03-09"));
    await sweepRecurringInvoices(env, at("2031-03-09"), { links, organizationId: org.organizationId });
    expect(expectStatus(await api.GET("/v1/recurring-invoices/{id}", id), 200).invoices_created).toBe(1);
    expect(await eventTypes(org.organizationId, "recurring_invoice.")).toEqual([
      "recurring_invoice.created",
      "recurring_invoice.paused",
      "recurring_invoice.resumed",
      "recurring_invoice.cancelled",
    ]);
  });
});

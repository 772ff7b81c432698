import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HOURLY, runScheduled } from "../../src/cron";
import { masterKeySet } from "../../src/crypto/document-keys";
import { setClockForTests } from "../../src/lib/clock";
import { sweepRecurringInvoices } from "../../src/services/recurring/sweep";
import { createOrg, api as rawApi } from "../helpers/api";
import { client, expectStatus } from "../helpers/client";
import { d1Of, selectOnEveryTenant } from "../helpers/db";
import { createCustomer, createProduct } from "../helpers/factories";

const links = { keys: masterKeySet(env), baseUrl: "https://api.test" };
const at = (date: string) => new Date(`${date}T00:30:00.000Z`);

async function dailyTemplate(startDate: string, extra: Record<string, unknown> = {}) {
  setClockForTests(() => at(startDate));
  const org = await createOrg();
  const api = client(org.owner.key);
  const customer = await createCustomer(org);
  const recurring = expectStatus(
    await api.POST("/v1/recurring-invoices", {
      body: {
        customer_id: customer.id,
        items: [{ description: "Daily", quantity: 1, unit_price: 3 }],
        interval: "day",
        interval_count: 1,
        start_date: startDate,
        auto_send: false,
        ...extra,
      },
    }),
    201,
  );
  return { org, api, recurring };
}

async function generated(recurringId: string) {
  return selectOnEveryTenant<{ number: string; run: number; start: string }>(
    "SELECT number, recurring_run_index AS run, service_period_start AS start FROM invoices WHERE recurring_invoice_id = ? ORDER BY number",
    recurringId,
  );
}

describe("recurring sweep", () => {
  it("runs hourly with the other sweeps and creates the due invoice once", async () => {
    const { recurring } = await dailyTemplate("2030-03-01");
    await runScheduled({ cron: HOURLY }, env);
    await runScheduled({ cron: HOURLY }, env);
    expect(await generated(recurring.id)).toEqual([
      { number: expect.stringMatching(/^INV-/), run: 0, start: "2030-03-01" },
    ]);
  });

  it("catches up after 10 days down with one invoice per missed period, in order, even with two sweeps at once", async () => {
    const { recurring, api, org } = await dailyTemplate("2030-04-01");
    setClockForTests(() => at("2030-04-11"));
    const [a, b] = await Promise.all([
      sweepRecurringInvoices(env, at("2030-04-11"), { links }),
      sweepRecurringInvoices(env, at("2030-04-11"), { links }),
    ]);
    const rows = await generated(recurring.id);
    expect(rows.map((r) => r.run)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows.map((r) => r.start)).toEqual(
      Array.from({ length: 11 }, (_, n) => `2030-04-${String(n + 1).padStart(2, "0")}`),
    );
    // Numbers follow the periods.
    const numbers = rows.map((r) => Number(r.number.slice(4)));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    expect(a.created + b.created).toBeGreaterThanOrEqual(11);

    // Twice more the same day: nothing new.
    await sweepRecurringInvoices(env, at("2030-04-11"), { links });
    await sweepRecurringInvoices(env, new Date("2030-04-11T23:00:00Z"), { links });
    expect(await generated(recurring.id)).toHaveLength(11);
    const read = expectStatus(
      await api.GET("/v1/recurring-invoices/{id}", { params: { path: { id: recurring.id } } }),
      200,
    );
    expect(read).toMatchObject({ invoices_created: 11, next_run_date: "2030-04-12", status: "active" });
    const events = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT COUNT(*) AS n FROM webhook_events WHERE type = 'invoice.created' AND json_extract(payload, '$.data.object.recurring_invoice_id') = ?",
      )
      .bind(recurring.id)
      .first();
    expect(events).toEqual({ n: 11 });
  });

  it("stops after end_after invoices and after end_date (completed)", async () => {
    const byCount = await dailyTemplate("2030-05-01", { end_after: 3 });
    const byDate = await dailyTemplate("2030-05-01", { end_date: "2030-05-02" });
    setClockForTests(() => at("2030-05-10"));
    await sweepRecurringInvoices(env, at("2030-05-10"), { links });
    expect((await generated(byCount.recurring.id)).map((r) => r.start)).toEqual([
      "2030-05-01",
      "2030-05-02",
      "2030-05-03",
    ]);
    expect((await generated(byDate.recurring.id)).map((r) => r.start)).toEqual(["2030-05-01", "2030-05-02"]);
    for (const { api, recurring } of [byCount, byDate]) {
      const read = expectStatus(
        await api.GET("/v1/recurring-invoices/{id}", { params: { path: { id: recurring.id } } }),
        200,
      );
      expect(read).toMatchObject({ status: "completed", next_run_date: null });
    }
  });

  it("pauses, with the reason, a template whose customer is gone, and generates nothing for it", async () => {
    const { recurring, api, org } = await dailyTemplate("2030-06-01");
    await (await d1Of(org.organizationId))
      .prepare("UPDATE recurring_invoices SET customer_id = 'cus_gone' WHERE id = ?")
      .bind(recurring.id)
      .run();
    await sweepRecurringInvoices(env, at("2030-06-01"), { links });
    expect(await generated(recurring.id)).toEqual([]);
    const read = expectStatus(
      await api.GET("/v1/recurring-invoices/{id}", { params: { path: { id: recurring.id } } }),
      200,
    );
    expect(read.status).toBe("paused");
    expect(read.pause_reason).toMatch(/customer/);
  });

  it("pauses, with the reason, a run whose total falls below zero (a product's price dropped), and generates nothing", async () => {
    setClockForTests(() => at("2030-07-01"));
    const org = await createOrg();
    const api = client(org.owner.key);
    const customer = await createCustomer(org);
    const product = await createProduct(org, { price: 100 });
    // 100.00 less a standing correction of 60.00: 40.00 when the template is saved.
    const recurring = expectStatus(
      await api.POST("/v1/recurring-invoices", {
        body: {
          customer_id: customer.id,
          items: [
            { product_id: product.id, quantity: 1 },
            { description: "Standing credit", quantity: -1, unit_price: 60 },
          ],
          interval: "day",
          interval_count: 1,
          start_date: "2030-07-01",
          auto_send: true,
        },
      }),
      201,
    );
    // The price drops to 50.00: the run would bill -10.00, which a template never owes back.
    const patched = await rawApi("PATCH", `/v1/products/${product.id}`, {
      token: org.owner.key,
      body: { price: 50 },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await sweepRecurringInvoices(env, at("2030-07-01"), { links });
    expect(await generated(recurring.id)).toEqual([]);
    const read = expectStatus(
      await api.GET("/v1/recurring-invoices/{id}", { params: { path: { id: recurring.id } } }),
      200,
    );
    expect(read).toMatchObject({ status: "paused", invoices_created: 0 });
    expect(read.pause_reason).toMatch(/items\.1\.quantity.*below zero/);
  });
});

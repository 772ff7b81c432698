// Business dates: due, delivery, service-period, expiry and schedule dates
// fall within 2000-01-01..today + 10 years, and a payment is received at most a day from now;
// anything else is 422 naming the field. "Today" is the organization's clock.
import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, createInvoice, dueIn } from "../helpers/factories";

const plusYears = (years: number, days = 0) => {
  const today = new Date();
  const date = new Date(
    Date.UTC(today.getUTCFullYear() + years, today.getUTCMonth(), today.getUTCDate() + days),
  );
  return date.toISOString().slice(0, 10);
};

function expectFieldRefused(res: Awaited<ReturnType<typeof api>>, field: string) {
  const error = expectError(res, 422, "validation_error");
  expect(Object.keys(error.details ?? {}), JSON.stringify(error)).toEqual([field]);
}

async function invoiceBody(org: TestOrg, extra: Record<string, unknown>) {
  const customer = await createCustomer(org);
  return {
    customer_id: customer.id,
    items: [{ description: "Work", quantity: 1, unit_price: 10 }],
    due_date: dueIn(30),
    ...extra,
  };
}

describe("business dates", () => {
  it("refuses invoice dates before 2000 or more than 10 years ahead, naming the field", async () => {
    const org = await createOrg();
    const cases: [Record<string, unknown>, string][] = [
      [{ due_date: "9999-12-31" }, "due_date"],
      [{ due_date: "1999-12-31" }, "due_date"],
      [{ due_date: plusYears(10, 1) }, "due_date"],
      [{ delivery_date: "2999-01-01" }, "delivery_date"],
      [{ service_period: { start: "1990-01-01", end: dueIn(1) } }, "service_period.start"],
      [{ service_period: { start: dueIn(0), end: "2999-12-31" } }, "service_period.end"],
    ];
    for (const [extra, field] of cases) {
      const res = await api("POST", "/v1/invoices", {
        token: org.owner.key,
        body: await invoiceBody(org, extra),
      });
      expectFieldRefused(res, field);
    }
    const invoice = await createInvoice(org, { due_date: plusYears(10), delivery_date: "2000-01-01" });
    expect(invoice).toMatchObject({ due_date: plusYears(10), delivery_date: "2000-01-01" });
    expectFieldRefused(
      await api("PATCH", `/v1/invoices/${invoice.id}`, {
        token: org.owner.key,
        body: { due_date: "9999-12-31" },
      }),
      "due_date",
    );
  });

  it("refuses a payment received more than a day from now or before 2000", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org, {
      items: [{ description: "Work", quantity: 1, unit_price: 100 }],
    });
    expect((await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key })).status).toBe(200);
    const pay = (received_at: string) =>
      api("POST", `/v1/invoices/${invoice.id}/payments`, {
        token: org.owner.key,
        body: { amount: 1, received_at },
      });
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    for (const at of ["9999-12-31", "9999-12-31T00:00:00Z", "1999-12-31", plusYears(0, 2), inTwoDays]) {
      expectFieldRefused(await pay(at), "received_at");
    }
    const stored = await api("GET", `/v1/invoices/${invoice.id}/payments`, { token: org.owner.key });
    expect(stored.body.data).toEqual([]);
    const tomorrow = await pay(plusYears(0, 1));
    expect(tomorrow.status, JSON.stringify(tomorrow.body)).toBe(201);
    expect((await pay("2000-01-01")).status).toBe(201);
  });

  it("bounds quote expiry and recurring schedules, and moves the window with the organization's clock", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const quote = await api("POST", "/v1/quotes", {
      token: org.owner.key,
      body: {
        customer_id: customer.id,
        items: [{ description: "Design", quantity: 1, unit_price: 10 }],
        expires_at: "9999-12-31",
      },
    });
    expectFieldRefused(quote, "expires_at");
    const schedule = await api("POST", "/v1/recurring-invoices", {
      token: org.owner.key,
      body: {
        customer_id: customer.id,
        items: [{ description: "Licence", quantity: 1, unit_price: 25 }],
        interval: "month",
        interval_count: 1,
        start_date: "9999-01-01",
      },
    });
    expectFieldRefused(schedule, "start_date");

    // A test organization living in 2040: its window ends in 2050, not ten years from real time.
    setClockForTests(() => new Date("2040-06-01T00:00:00Z"));
    const future = await createOrg({ testMode: true });
    setClockForTests();
    const ahead = await api("POST", "/v1/invoices", {
      token: future.owner.key,
      body: await invoiceBody(future, { due_date: "2045-01-01" }),
    });
    expect(ahead.status, JSON.stringify(ahead.body)).toBe(201);
    expectFieldRefused(
      await api("POST", "/v1/invoices", {
        token: future.owner.key,
        body: await invoiceBody(future, { due_date: "2050-06-02" }),
      }),
      "due_date",
    );
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { sweepReminders } from "../../src/services/invoices/reminders";
import { createOrg, type TestOrg } from "../helpers/api";
import { client, expectApiError, expectStatus } from "../helpers/client";
import { d1Of } from "../helpers/db";
import { createCustomer } from "../helpers/factories";
import { advanceClock } from "../helpers/test-clock";

const schedule = [
  { offset_days: 7 },
  { offset_days: -3, template: "A friendly heads-up: this invoice is due soon." },
  { offset_days: 1 },
];

async function sentInvoice(org: TestOrg, dueDate: string, customerOverrides: Record<string, unknown> = {}) {
  const api = client(org.owner.key);
  const customer = await createCustomer(org, customerOverrides);
  const invoice = expectStatus(
    await api.POST("/v1/invoices", {
      body: {
        customer_id: customer.id,
        items: [{ description: "Work", quantity: 1, unit_price: 100 }],
        due_date: dueDate,
      },
    }),
    201,
  );
  expectStatus(await api.POST("/v1/invoices/{id}/send", { params: { path: { id: invoice.id } } }), 200);
  return invoice;
}

async function reminders(org: TestOrg, invoiceId: string) {
  const emails = expectStatus(
    await client(org.owner.key).GET("/v1/invoices/{id}/emails", { params: { path: { id: invoiceId } } }),
    200,
  );
  return emails.data.filter((e) => e.kind === "reminder");
}

describe("payment reminders", () => {
  it("validates the schedule and shows it ordered on the organization and the customer", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    const set = expectStatus(
      await api.PATCH("/v1/organization", { body: { reminder_schedule: schedule } }),
      200,
    );
    expect(set.reminder_schedule).toEqual([
      { offset_days: -3, template: "A friendly heads-up: this invoice is due soon." },
      { offset_days: 1, template: null },
      { offset_days: 7, template: null },
    ]);
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ offset_days: i }));
    expectApiError(
      await api.PATCH("/v1/organization", { body: { reminder_schedule: tooMany } }),
      422,
      "validation_error",
    );
    const dup = expectApiError(
      await api.PATCH("/v1/organization", {
        body: { reminder_schedule: [{ offset_days: 1 }, { offset_days: 1 }] },
      }),
      422,
      "validation_error",
    );
    expect(dup.details).toHaveProperty(["reminder_schedule.1.offset_days"]);
    expectApiError(
      await api.PATCH("/v1/organization", { body: { reminder_schedule: [{ offset_days: -61 }] } }),
      422,
      "validation_error",
    );
    expectApiError(
      await api.PATCH("/v1/organization", { body: { reminder_schedule: [{ offset_days: 366 }] } }),
      422,
      "validation_error",
    );
    const customer = await createCustomer(org, { reminder_schedule: [{ offset_days: 2 }] });
    const read = (id: string) => api.GET("/v1/customers/{id}", { params: { path: { id } } });
    expect(expectStatus(await read(customer.id), 200).reminder_schedule).toEqual([
      { offset_days: 2, template: null },
    ]);
    const cleared = expectStatus(
      await api.PATCH("/v1/customers/{id}", {
        params: { path: { id: customer.id } },
        body: { reminder_schedule: null },
      }),
      200,
    );
    expect(cleared.reminder_schedule).toBeNull();
  });

  it("schedule (-3, +1, +7), paid on day +3: exactly two reminders (test clock)", async () => {
    setClockForTests(() => new Date("2032-01-01T09:00:00Z"));
    const org = await createOrg({ testMode: true });
    setClockForTests();
    const api = client(org.owner.key);
    expectStatus(await api.PATCH("/v1/organization", { body: { reminder_schedule: schedule } }), 200);
    const invoice = await sentInvoice(org, "2032-01-10");
    // A customer with no reminders of its own setting gets none.
    const quiet = await sentInvoice(org, "2032-01-10", { reminder_schedule: [] });

    const moved = await advanceClock(api, "2032-01-13");
    expect(moved.ran.filter((r) => r.sweep === "payment-reminders" && r.count > 0)).toEqual([
      { date: "2032-01-07", sweep: "payment-reminders", count: 1 },
      { date: "2032-01-11", sweep: "payment-reminders", count: 1 },
    ]);
    expectStatus(
      await api.PATCH("/v1/invoices/{id}", {
        params: { path: { id: invoice.id } },
        body: { status: "paid" },
      }),
      200,
    );
    expectStatus(await api.POST("/v1/test-clock/advance", { body: { to: "2032-02-01" } }), 200);

    const sent = await reminders(org, invoice.id);
    expect(sent.map((e) => e.reminder_step)).toEqual([-3, 1]);
    expect(sent.map((e) => e.created_at)).toEqual(["2032-01-07T00:00:00.000Z", "2032-01-11T00:00:00.000Z"]);
    expect(sent[0]?.text).toContain("A friendly heads-up");
    expect(sent[1]?.subject).toContain("Reminder");
    expect(sent.every((e) => e.transport === "outbox")).toBe(true);
    expect(await reminders(org, quiet.id)).toEqual([]);
  });

  it("switched on when an invoice is 30 days late: one reminder (the latest step); concurrent sweeps send once", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    setClockForTests(() => new Date("2033-03-01T10:00:00Z"));
    const invoice = await sentInvoice(org, "2033-03-05");
    setClockForTests();
    expectStatus(await api.PATCH("/v1/organization", { body: { reminder_schedule: schedule } }), 200);

    const at = new Date("2033-04-04T10:00:00Z"); // 30 days after the due date
    const [a, b] = await Promise.all([sweepReminders(env, at), sweepReminders(env, at)]);
    expect(a.sent + b.sent).toBe(1);
    expect(a.skipped + b.skipped).toBe(2);
    await sweepReminders(env, new Date("2033-04-05T10:00:00Z"));

    const sent = await reminders(org, invoice.id);
    expect(sent.map((e) => e.reminder_step)).toEqual([7]);
    const rows = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM invoice_emails WHERE invoice_id = ? AND kind = 'reminder'")
      .bind(invoice.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });
});

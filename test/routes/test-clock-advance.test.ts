// The test clock's advance jumps from event to event (same outcome as a walk day by day), caps
// the work of one request (202, then the background), and refuses a second advance before
// doing anything.
import { afterEach, describe, expect, it } from "vitest";
import { failTestClockAdvanceCallsForTests } from "../../src/durable-objects/test-clock-advancer";
import { setClockForTests } from "../../src/lib/clock";
import { setAdvanceWorkCapForTests } from "../../src/services/test-clock";
import { createOrg, type TestOrg } from "../helpers/api";
import { client, expectApiError, expectStatus } from "../helpers/client";
import { d1Of } from "../helpers/db";
import { createCustomer } from "../helpers/factories";
import { advanceClock, waitUntilReady } from "../helpers/test-clock";

const SWEEPS = ["overdue-invoices", "recurring-invoices", "quote-expiry", "payment-reminders"];

afterEach(() => {
  setAdvanceWorkCapForTests();
  failTestClockAdvanceCallsForTests();
});

async function testOrgAt(start: string): Promise<TestOrg> {
  setClockForTests(() => new Date(start));
  const org = await createOrg({ testMode: true });
  setClockForTests();
  return org;
}

/** YYYY-MM-DD `days` after `date`. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The 15th of each month from January 2027, `count` of them. */
const fifteenths = (count: number) =>
  Array.from({ length: count }, (_, n) => {
    const month = new Date(Date.UTC(2027, n, 15));
    return month.toISOString().slice(0, 10);
  });

async function monthlyTemplate(org: TestOrg, startDate: string, autoSend = true) {
  const customer = await createCustomer(org);
  return expectStatus(
    await client(org.owner.key).POST("/v1/recurring-invoices", {
      body: {
        customer_id: customer.id,
        items: [{ description: "Retainer", quantity: 1, unit_price: 500 }],
        interval: "month",
        interval_count: 1,
        start_date: startDate,
        payment_terms_days: 14,
        auto_send: autoSend,
      },
    }),
    201,
  );
}

async function invoicesOf(org: TestOrg, recurringId: string) {
  const list = expectStatus(
    await client(org.owner.key).GET("/v1/invoices", {
      params: { query: { recurring_invoice_id: recurringId, limit: 100 } },
    }),
    200,
  );
  return [...list.data].sort((a, b) =>
    (a.service_period?.start ?? "").localeCompare(b.service_period?.start ?? ""),
  );
}

/** Puts the organization's clock in `advancing` toward `target`, as an advance whose request died. */
async function markAdvancing(org: TestOrg, target: string) {
  await (await d1Of(org.organizationId))
    .prepare("UPDATE organizations SET test_clock_status = 'advancing', test_clock_target = ? WHERE id = ?")
    .bind(target, org.organizationId)
    .run();
}

/** The organization's clock row once it is ready again, read from D1 (no GET, which would resume it). */
async function rowWhenReady(org: TestOrg, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await (await d1Of(org.organizationId))
      .prepare("SELECT test_clock_now, test_clock_status, test_clock_target FROM organizations WHERE id = ?")
      .bind(org.organizationId)
      .first();
    if (row?.test_clock_status === "ready") return row;
    expect(Date.now(), `still ${JSON.stringify(row)}`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("test clock advance", () => {
  it("13 months of a monthly template: the sweeps run only on days with work, with the day-by-day outcome", async () => {
    const org = await testOrgAt("2027-01-01T10:00:00.000Z");
    const api = client(org.owner.key);
    expectStatus(
      await api.PATCH("/v1/organization", {
        body: { reminder_schedule: [{ offset_days: -3 }, { offset_days: 7 }] },
      }),
      200,
    );
    const recurring = await monthlyTemplate(org, "2027-01-15");
    const customer = await createCustomer(org);
    const quote = expectStatus(
      await api.POST("/v1/quotes", {
        body: {
          customer_id: customer.id,
          items: [{ description: "Offer", quantity: 1, unit_price: 10 }],
          expires_at: "2027-03-10",
        },
      }),
      201,
    );
    expectStatus(await api.POST("/v1/quotes/{id}/send", { params: { path: { id: quote.id } } }), 200);

    const advanced = await advanceClock(api, "2028-02-01");
    expect(advanced.now).toBe("2028-02-01T00:00:00.000Z");

    // What the walk day by day did: bill on the 15th, due 14 days later, overdue the day after,
    // reminders 3 days before and 7 days after the due date, the quote expired the day after
    // its last day.
    const billing = fifteenths(13);
    const due = billing.map((day) => addDays(day, 14));
    const overdueOn = due.map((day) => addDays(day, 1));
    const remindedOn = due
      .flatMap((day) => [addDays(day, -3), addDays(day, 7)])
      .filter((d) => d <= "2028-02-01");
    const busyDays = new Set([...billing, ...overdueOn, ...remindedOn, "2027-03-11", "2028-02-01"]);
    const ranDays = [...new Set(advanced.ran.map((r) => r.date))];
    expect(ranDays).toEqual([...busyDays].sort());
    // Every sweep at each of those days, and each found work exactly where the walk did.
    expect(advanced.ran).toHaveLength(ranDays.length * SWEEPS.length);
    const worked = (sweep: string) =>
      advanced.ran.filter((r) => r.sweep === sweep && r.count > 0).map((r) => [r.date, r.count]);
    expect(worked("recurring-invoices")).toEqual(billing.map((day) => [day, 1]));
    expect(worked("overdue-invoices")).toEqual(overdueOn.map((day) => [day, 1]));
    expect(worked("payment-reminders")).toEqual([...remindedOn].sort().map((day) => [day, 1]));
    expect(worked("quote-expiry")).toEqual([["2027-03-11", 1]]);

    const invoices = await invoicesOf(org, recurring.id);
    expect(invoices.map((i) => [i.issue_date, i.service_period?.start, i.due_date, i.status])).toEqual(
      billing.map((day, n) => [day, day, due[n], "overdue"]),
    );
    const overdueEvents = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT created_at FROM webhook_events WHERE organization_id = ? AND type = 'invoice.overdue' ORDER BY created_at",
      )
      .bind(org.organizationId)
      .all<{ created_at: string }>();
    expect(overdueEvents.results.map((e) => e.created_at)).toEqual(
      overdueOn.map((day) => `${day}T00:00:00.000Z`),
    );
    const reminders = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT reminder_step, created_at FROM invoice_emails WHERE organization_id = ? AND kind = 'reminder' ORDER BY created_at",
      )
      .bind(org.organizationId)
      .all<{ reminder_step: number; created_at: string }>();
    expect(reminders.results).toEqual(
      due
        .flatMap((day) => [
          { reminder_step: -3, created_at: `${addDays(day, -3)}T00:00:00.000Z` },
          { reminder_step: 7, created_at: `${addDays(day, 7)}T00:00:00.000Z` },
        ])
        .filter((r) => r.created_at <= "2028-02-01"),
    );
    const storedQuote = await (await d1Of(org.organizationId))
      .prepare("SELECT status, expired_at FROM quotes WHERE id = ?")
      .bind(quote.id)
      .first();
    expect(storedQuote).toEqual({ status: "expired", expired_at: "2027-03-11T00:00:00.000Z" });
    const template = expectStatus(
      await api.GET("/v1/recurring-invoices/{id}", { params: { path: { id: recurring.id } } }),
      200,
    );
    expect(template).toMatchObject({ invoices_created: 13, next_run_date: "2028-02-15" });
  });

  it("sends a reminder due on the day its recurring invoice is created that same day, as the walk did", async () => {
    const org = await testOrgAt("2027-01-01T10:00:00.000Z");
    const api = client(org.owner.key);
    // Due 14 days after billing, reminded 20 days before the due date: already due when billed.
    expectStatus(
      await api.PATCH("/v1/organization", { body: { reminder_schedule: [{ offset_days: -20 }] } }),
      200,
    );
    await monthlyTemplate(org, "2027-01-15");
    const advanced = await advanceClock(api, "2027-02-20");
    expect(advanced.ran.filter((r) => r.count > 0).map((r) => [r.date, r.sweep])).toEqual([
      ["2027-01-15", "recurring-invoices"],
      ["2027-01-15", "payment-reminders"],
      ["2027-01-30", "overdue-invoices"],
      ["2027-02-15", "recurring-invoices"],
      ["2027-02-15", "payment-reminders"],
    ]);
    const reminders = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT created_at FROM invoice_emails WHERE organization_id = ? AND kind = 'reminder' ORDER BY created_at",
      )
      .bind(org.organizationId)
      .all<{ created_at: string }>();
    expect(reminders.results.map((r) => r.created_at)).toEqual([
      "2027-01-15T00:00:00.000Z",
      "2027-02-15T00:00:00.000Z",
    ]);
  });

  it("past the work cap answers 202, finishes in the background, and refuses a second advance meanwhile", async () => {
    setAdvanceWorkCapForTests(4);
    const org = await testOrgAt("2027-01-01T10:00:00.000Z");
    const api = client(org.owner.key);
    const recurring = await monthlyTemplate(org, "2027-01-15");

    const res = await api.POST("/v1/test-clock/advance", { body: { to: "2027-07-01" } });
    const accepted = expectStatus(res, 202);
    expect(accepted).toEqual({
      now: expect.any(String),
      status: "advancing",
      target: "2027-07-01T00:00:00.000Z",
    });
    expect(accepted.now < "2027-07-01T00:00:00.000Z").toBe(true);
    const during = expectStatus(await api.GET("/v1/test-clock"), 200);
    expect(during).toMatchObject({ status: "advancing", target: "2027-07-01T00:00:00.000Z" });

    const second = expectApiError(
      await api.POST("/v1/test-clock/advance", { body: { to: "2027-12-01" } }),
      409,
      "conflict",
    );
    expect(second.details).toEqual({ reason: "concurrent_update" });

    const ready = await waitUntilReady(api);
    // The first advance's target, not the refused one's.
    expect(ready).toEqual({ now: "2027-07-01T00:00:00.000Z", status: "ready", target: null });
    const billing = fifteenths(6);
    const invoices = await invoicesOf(org, recurring.id);
    expect(invoices.map((i) => [i.issue_date, i.due_date, i.status])).toEqual(
      billing.map((day) => [day, addDays(day, 14), "overdue"]),
    );
    const template = expectStatus(
      await api.GET("/v1/recurring-invoices/{id}", { params: { path: { id: recurring.id } } }),
      200,
    );
    expect(template).toMatchObject({ invoices_created: 6, next_run_date: "2027-07-15" });
    // The clock is ready for the next advance.
    expect((await advanceClock(api, "2027-07-02")).now).toBe("2027-07-02T00:00:00.000Z");
  });

  it("answers 409 to an advance while one runs, before any sweep (nothing billed, the clock unmoved)", async () => {
    const org = await testOrgAt("2027-01-01T10:00:00.000Z");
    const api = client(org.owner.key);
    const recurring = await monthlyTemplate(org, "2027-01-02", false);
    await markAdvancing(org, "2027-01-01T10:00:00.000Z");

    const refused = expectApiError(
      await api.POST("/v1/test-clock/advance", { body: { to: "2027-01-05" } }),
      409,
      "conflict",
    );
    expect(refused.details).toEqual({ reason: "concurrent_update" });
    expect(await invoicesOf(org, recurring.id)).toEqual([]);
    const row = await (await d1Of(org.organizationId))
      .prepare("SELECT test_clock_now, test_clock_status, test_clock_target FROM organizations WHERE id = ?")
      .bind(org.organizationId)
      .first();
    // The clock unmoved (the refusal resumed the stuck advance, whose target is where it is).
    expect(row).toMatchObject({ test_clock_now: "2027-01-01T10:00:00.000Z" });
    const template = expectStatus(
      await api.GET("/v1/recurring-invoices/{id}", { params: { path: { id: recurring.id } } }),
      200,
    );
    expect(template).toMatchObject({ invoices_created: 0, next_run_date: "2027-01-02" });
  });

  it("an advance whose background died is resumed by GET /v1/test-clock and completes", async () => {
    const org = await testOrgAt("2027-01-01T10:00:00.000Z");
    const api = client(org.owner.key);
    const recurring = await monthlyTemplate(org, "2027-01-02", false);
    // Claimed, then nothing ran and nothing was scheduled (the request died before the object).
    await markAdvancing(org, "2027-03-01T00:00:00.000Z");

    expect(expectStatus(await api.GET("/v1/test-clock"), 200)).toEqual({
      now: "2027-01-01T10:00:00.000Z",
      status: "advancing",
      target: "2027-03-01T00:00:00.000Z",
    });
    expect(await waitUntilReady(api)).toEqual({
      now: "2027-03-01T00:00:00.000Z",
      status: "ready",
      target: null,
    });
    const invoices = await invoicesOf(org, recurring.id);
    expect(invoices.map((i) => [i.service_period?.start, i.status])).toEqual([
      ["2027-01-02", "draft"],
      ["2027-02-02", "draft"],
    ]);
  });

  it("two advances at once: one runs, the other answers 409, and the work is done once", async () => {
    const org = await testOrgAt("2027-01-01T10:00:00.000Z");
    const api = client(org.owner.key);
    const recurring = await monthlyTemplate(org, "2027-01-02", false);
    const answers = await Promise.all(
      [0, 1].map(() => api.POST("/v1/test-clock/advance", { body: { to: "2027-04-01" } })),
    );
    expect(answers.map((a) => a.response.status).sort()).toEqual([200, 409]);
    const invoices = await invoicesOf(org, recurring.id);
    expect(invoices.map((i) => i.service_period?.start)).toEqual(["2027-01-02", "2027-02-02", "2027-03-02"]);
    expect(expectStatus(await api.GET("/v1/test-clock"), 200)).toEqual({
      now: "2027-04-01T00:00:00.000Z",
      status: "ready",
      target: null,
    });
  });

  it("an advance whose call to the advancer fails answers 500, and the claimed advance still completes", async () => {
    const org = await testOrgAt("2027-01-01T10:00:00.000Z");
    const api = client(org.owner.key);
    const recurring = await monthlyTemplate(org, "2027-01-02", false);
    failTestClockAdvanceCallsForTests(1);
    expectApiError(
      await api.POST("/v1/test-clock/advance", { body: { to: "2027-03-01" } }),
      500,
      "internal_error",
    );
    // Not stuck in `advancing` with nobody on it: the background takes the claimed advance on.
    expect(await rowWhenReady(org)).toEqual({
      test_clock_now: "2027-03-01T00:00:00.000Z",
      test_clock_status: "ready",
      test_clock_target: null,
    });
    const invoices = await invoicesOf(org, recurring.id);
    expect(invoices.map((i) => i.service_period?.start)).toEqual(["2027-01-02", "2027-02-02"]);
    expect((await advanceClock(api, "2027-03-05")).now).toBe("2027-03-05T00:00:00.000Z");
  });

  it("a clock stuck in advancing (nobody on it) is resumed by the next POST, which answers 409", async () => {
    const org = await testOrgAt("2027-01-01T10:00:00.000Z");
    const api = client(org.owner.key);
    const recurring = await monthlyTemplate(org, "2027-01-02", false);
    await markAdvancing(org, "2027-03-01T00:00:00.000Z");
    const refused = expectApiError(
      await api.POST("/v1/test-clock/advance", { body: { to: "2027-04-01" } }),
      409,
      "conflict",
    );
    expect(refused.details).toEqual({ reason: "concurrent_update" });
    expect(await rowWhenReady(org)).toEqual({
      test_clock_now: "2027-03-01T00:00:00.000Z",
      test_clock_status: "ready",
      test_clock_target: null,
    });
    const invoices = await invoicesOf(org, recurring.id);
    expect(invoices.map((i) => i.service_period?.start)).toEqual(["2027-01-02", "2027-02-02"]);
    expect((await advanceClock(api, "2027-04-01")).now).toBe("2027-04-01T00:00:00.000Z");
  });
});

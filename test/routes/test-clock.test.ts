import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { masterKeySet } from "../../src/crypto/document-keys";
import { setClockForTests } from "../../src/lib/clock";
import { HttpEmailSender } from "../../src/services/email";
import { sendInvoice } from "../../src/services/invoices";
import { getOrganization } from "../../src/services/organization";
import { deliverEvents } from "../../src/services/webhooks/delivery";
import { addMember, createOrg, type TestOrg } from "../helpers/api";
import { client, expectApiError, expectStatus, invalid } from "../helpers/client";
import { d1Of, dbOf } from "../helpers/db";
import { createCustomer } from "../helpers/factories";
import { advanceClock } from "../helpers/test-clock";
import { createWebhook, emitCustomerEvent, mockReceiver } from "../webhooks/helpers";

/** A test organization whose clock starts at `start`. */
async function testOrgAt(start: string): Promise<TestOrg> {
  setClockForTests(() => new Date(start));
  const org = await createOrg({ testMode: true });
  setClockForTests();
  return org;
}

describe("test clock", () => {
  it("lets only owners and admins advance it (members read it)", async () => {
    const org = await testOrgAt("2026-01-01T00:00:00Z");
    const member = await addMember(org, "member");
    const api = client(member.key);
    expectStatus(await api.GET("/v1/test-clock"), 200);
    expectApiError(
      await api.POST("/v1/test-clock/advance", { body: { to: "2099-01-01" } }),
      403,
      "access_denied",
    );
  });

  it("answers 403 test_mode_required on a live organization, and live profiles say test_mode false", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    const read = expectApiError(await api.GET("/v1/test-clock"), 403, "access_denied");
    expect(read.details).toEqual({ reason: "test_mode_required" });
    const advance = expectApiError(
      await api.POST("/v1/test-clock/advance", { body: { to: "2099-01-01" } }),
      403,
      "access_denied",
    );
    expect(advance.details).toEqual({ reason: "test_mode_required" });
    expect(expectStatus(await api.GET("/v1/organization"), 200).test_mode).toBe(false);
  });

  it("starts at the organization's creation, is shown in the profile and never goes back (422)", async () => {
    const org = await testOrgAt("2027-03-10T09:30:00.000Z");
    const api = client(org.owner.key);
    expect(expectStatus(await api.GET("/v1/organization"), 200).test_mode).toBe(true);
    expect(expectStatus(await api.GET("/v1/test-clock"), 200)).toEqual({
      now: "2027-03-10T09:30:00.000Z",
      status: "ready",
      target: null,
    });
    const back = expectApiError(
      await api.POST("/v1/test-clock/advance", { body: { to: "2027-03-10T09:00:00Z" } }),
      422,
      "validation_error",
    );
    expect(back.details).toHaveProperty("to");
    expectApiError(
      await api.POST("/v1/test-clock/advance", { body: { to: "not a date" } }),
      422,
      "validation_error",
    );
    expectApiError(
      await api.POST("/v1/test-clock/advance", { body: invalid({ to: "2027-04-01", extra: 1 }) }),
      422,
      "validation_error",
    );
    const moved = await advanceClock(api, "2027-03-12T08:00:00Z");
    expect(moved.now).toBe("2027-03-12T08:00:00.000Z");
    // No sweep has work on the 11th or at midnight of the 12th: they run once, at the target.
    expect(moved.ran).toEqual(
      ["overdue-invoices", "recurring-invoices", "quote-expiry", "payment-reminders"].map((sweep) => ({
        date: "2027-03-12",
        sweep,
        count: 0,
      })),
    );
    // Invoices of the organization are dated by its clock.
    const customer = await createCustomer(org);
    const invoice = expectStatus(
      await api.POST("/v1/invoices", {
        body: { customer_id: customer.id, items: [{ description: "Work", quantity: 1, unit_price: 10 }] },
      }),
      201,
    );
    expect(invoice.created_at).toBe("2027-03-12T08:00:00.000Z");
  });

  it("answers 422 naming `to` for a date that does not exist or a timestamp Date.parse would guess at; the clock stays", async () => {
    const org = await testOrgAt("2026-02-01T00:00:00.000Z");
    const api = client(org.owner.key);
    const refused = [
      "2026-02-30",
      "2026-02-29",
      "2026-02-30T10:00:00Z",
      "2026-03-01T24:00:00Z",
      "2026-03-01T10:00:00",
      "2026-03-01 10:00:00Z",
      "March 1, 2026",
      "Sun, 01 Mar 2026 00:00:00 GMT",
      "10000-01-01",
      "+010000-01-01T00:00:00Z",
    ];
    for (const to of refused) {
      const error = expectApiError(
        await api.POST("/v1/test-clock/advance", { body: { to } }),
        422,
        "validation_error",
      );
      expect(Object.keys(error.details ?? {}), to).toEqual(["to"]);
    }
    expect(expectStatus(await api.GET("/v1/test-clock"), 200)).toEqual({
      now: "2026-02-01T00:00:00.000Z",
      status: "ready",
      target: null,
    });
    // A real date, and a timestamp with its offset, move it.
    expect((await advanceClock(api, "2026-02-28")).now).toBe("2026-02-28T00:00:00.000Z");
    expect((await advanceClock(api, "2026-03-01T10:00:00+01:00")).now).toBe("2026-03-01T09:00:00.000Z");
  });

  it("marks an invoice overdue on the simulated day after its due date", async () => {
    const org = await testOrgAt("2027-05-01T10:00:00.000Z");
    const api = client(org.owner.key);
    const customer = await createCustomer(org);
    const invoice = expectStatus(
      await api.POST("/v1/invoices", {
        body: {
          customer_id: customer.id,
          items: [{ description: "Work", quantity: 1, unit_price: 10 }],
          due_date: "2027-05-04",
        },
      }),
      201,
    );
    const sent = expectStatus(
      await api.POST("/v1/invoices/{id}/send", { params: { path: { id: invoice.id } } }),
      200,
    );
    expect(sent.issue_date).toBe("2027-05-01");
    const onDueDay = await advanceClock(api, "2027-05-04T12:00:00Z");
    expect(onDueDay.ran.filter((r) => r.sweep === "overdue-invoices").every((r) => r.count === 0)).toBe(true);
    const get = () => api.GET("/v1/invoices/{id}", { params: { path: { id: invoice.id } } });
    expect(expectStatus(await get(), 200).status).toBe("sent");

    const next = await advanceClock(api, "2027-05-06");
    expect(next.ran.filter((r) => r.sweep === "overdue-invoices")).toEqual([
      { date: "2027-05-05", sweep: "overdue-invoices", count: 1 },
      { date: "2027-05-06", sweep: "overdue-invoices", count: 0 },
    ]);
    expect(expectStatus(await get(), 200).status).toBe("overdue");
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT status FROM invoices WHERE id = ?")
      .bind(invoice.id)
      .first();
    expect(stored).toEqual({ status: "overdue" });
  });

  it("a year of a monthly invoice anchored on 31 January: 12 invoices, month ends, contiguous periods", async () => {
    const org = await testOrgAt("2027-01-30T10:00:00.000Z");
    const api = client(org.owner.key);
    const customer = await createCustomer(org);
    const recurring = expectStatus(
      await api.POST("/v1/recurring-invoices", {
        body: {
          customer_id: customer.id,
          items: [{ description: "Retainer", quantity: 1, unit_price: 500 }],
          interval: "month",
          interval_count: 1,
          start_date: "2027-01-31",
          auto_send: true,
        },
      }),
      201,
    );
    expect(recurring).toMatchObject({ status: "active", next_run_date: "2027-01-31", invoices_created: 0 });

    const advanced = await advanceClock(api, "2027-12-31");
    expect(advanced.now).toBe("2027-12-31T00:00:00.000Z");
    expect(
      advanced.ran
        .filter((r) => r.sweep === "recurring-invoices" && r.count > 0)
        .map((r) => [r.date, r.count]),
    ).toEqual(
      [
        "2027-01-31",
        "2027-02-28",
        "2027-03-31",
        "2027-04-30",
        "2027-05-31",
        "2027-06-30",
        "2027-07-31",
        "2027-08-31",
        "2027-09-30",
        "2027-10-31",
        "2027-11-30",
        "2027-12-31",
      ].map((date) => [date, 1]),
    );

    const list = expectStatus(
      await api.GET("/v1/invoices", {
        params: { query: { recurring_invoice_id: recurring.id, limit: 100 } },
      }),
      200,
    );
    expect(list.meta.total).toBe(12);
    const invoices = [...list.data].sort((a, b) => (a.number ?? "").localeCompare(b.number ?? ""));
    expect(invoices.map((i) => i.number)).toEqual(
      Array.from({ length: 12 }, (_, n) => `INV-${String(n + 1).padStart(6, "0")}`),
    );
    expect(invoices.map((i) => i.service_period?.start)).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
      "2027-06-30",
      "2027-07-31",
      "2027-08-31",
      "2027-09-30",
      "2027-10-31",
      "2027-11-30",
      "2027-12-31",
    ]);
    invoices.slice(1).forEach((invoice, n) => {
      const previousEnd = new Date(`${invoices[n]!.service_period!.end}T00:00:00Z`);
      expect(new Date(previousEnd.getTime() + 86_400_000).toISOString().slice(0, 10)).toBe(
        invoice.service_period!.start,
      );
    });
    expect(invoices.at(-1)!.service_period).toEqual({ start: "2027-12-31", end: "2028-01-30" });
    for (const invoice of invoices) {
      expect(invoice).toMatchObject({ recurring_invoice_id: recurring.id, total: 500 });
      expect(invoice.issue_date).toBe(invoice.service_period!.start);
      expect(["sent", "overdue"]).toContain(invoice.status);
    }
    const after = expectStatus(
      await api.GET("/v1/recurring-invoices/{id}", { params: { path: { id: recurring.id } } }),
      200,
    );
    expect(after).toMatchObject({ status: "active", invoices_created: 12, next_run_date: "2028-01-31" });

    const counts = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT type, COUNT(*) AS n FROM webhook_events WHERE organization_id = ? AND type IN ('invoice.created', 'invoice.sent') GROUP BY type ORDER BY type",
      )
      .bind(org.organizationId)
      .all();
    expect(counts.results).toEqual([
      { type: "invoice.created", n: 12 },
      { type: "invoice.sent", n: 12 },
    ]);
    // E-mails of a test organization stay in the outbox.
    const emails = await (await d1Of(org.organizationId))
      .prepare("SELECT DISTINCT transport FROM invoice_emails WHERE organization_id = ?")
      .bind(org.organizationId)
      .all();
    expect(emails.results).toEqual([{ transport: "outbox" }]);
  });

  it("never hands a test organization's e-mail to the provider, nor its webhooks to a non-loopback host", async () => {
    const org = await testOrgAt("2027-06-01T10:00:00.000Z");
    const api = client(org.owner.key);
    const customer = await createCustomer(org);
    const invoice = expectStatus(
      await api.POST("/v1/invoices", {
        body: { customer_id: customer.id, items: [{ description: "Work", quantity: 1, unit_price: 10 }] },
      }),
      201,
    );
    await createWebhook(org);
    const received = mockReceiver();
    const db = await dbOf(org.organizationId);
    const organization = await getOrganization(db, org.organizationId);
    const http = new HttpEmailSender({
      baseUrl: "https://mail.example.com",
      apiKey: "key",
      from: "a@example.com",
    });
    const sent = await sendInvoice(
      db,
      http,
      organization,
      invoice.id,
      { keys: masterKeySet(env), baseUrl: "https://api.test" },
      { db, bucket: env.DOCUMENTS, keys: masterKeySet(env), organization },
      { env },
    );
    expect(sent.failure).toBeUndefined();
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(env, [eventId]);

    expect(received).toEqual([]);
    const email = await (await d1Of(org.organizationId))
      .prepare("SELECT transport, status FROM invoice_emails WHERE invoice_id = ?")
      .bind(invoice.id)
      .first();
    expect(email).toEqual({ transport: "outbox", status: "queued" });
    const delivery = await (await d1Of(org.organizationId))
      .prepare("SELECT last_error FROM webhook_deliveries WHERE event_id = ?")
      .bind(eventId)
      .first<{ last_error: string }>();
    expect(delivery?.last_error).toMatch(/loopback hosts only/);
    vi.restoreAllMocks();
  });
});

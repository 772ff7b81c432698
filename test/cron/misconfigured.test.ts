// The scheduled handler checks the configuration as requests do: without PUBLIC_BASE_URL or
// EMAIL_FROM a deployment e-mails nobody (no reminder, no recurring invoice with a placeholder
// link) and says why in the log; the sweeps that e-mail no one still run.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOURLY, runScheduled } from "../../src/cron";
import { setClockForTests } from "../../src/lib/clock";
import { createOrg } from "../helpers/api";
import { client, expectStatus } from "../helpers/client";
import { createCustomer } from "../helpers/factories";

afterEach(() => {
  vi.restoreAllMocks();
  setClockForTests();
});

describe("scheduled sweeps of a misconfigured deployment", () => {
  it("skip the e-mailing sweeps (logged with the variables' names) and run the others", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    expectStatus(
      await api.PATCH("/v1/organization", { body: { reminder_schedule: [{ offset_days: 1 }] } }),
      200,
    );
    const customer = await createCustomer(org);
    setClockForTests(() => new Date("2033-03-01T10:00:00Z"));
    const invoice = expectStatus(
      await api.POST("/v1/invoices", {
        body: {
          customer_id: customer.id,
          items: [{ description: "Work", quantity: 1, unit_price: 100 }],
          due_date: "2033-03-05",
        },
      }),
      201,
    );
    expectStatus(await api.POST("/v1/invoices/{id}/send", { params: { path: { id: invoice.id } } }), 200);
    const reminders = async () =>
      expectStatus(
        await api.GET("/v1/invoices/{id}/emails", { params: { path: { id: invoice.id } } }),
        200,
      ).data.filter((email) => email.kind === "reminder");

    setClockForTests(() => new Date("2033-03-07T10:00:00Z"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const production = {
      ...env,
      ENVIRONMENT: "production",
      PUBLIC_BASE_URL: undefined,
      EMAIL_FROM: undefined,
      // The provider's default origin, as deployed (the tests' loopback one is not https).
      RECOMMAND_API_BASE: undefined,
    };
    await runScheduled({ cron: HOURLY }, production);
    const skipped = errors.mock.calls
      .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
      .filter((line) => line.msg === "sweep skipped: configuration invalid");
    expect(skipped.map((line) => line.sweep)).toEqual([
      "recurring-invoices",
      "payment-reminders",
      "abandoned-emails",
    ]);
    expect(skipped[0]?.variables).toEqual(["PUBLIC_BASE_URL", "EMAIL_FROM"]);
    expect(await reminders()).toEqual([]);
    // The overdue sweep e-mails nobody: it ran.
    const read = expectStatus(
      await api.GET("/v1/invoices/{id}", { params: { path: { id: invoice.id } } }),
      200,
    );
    expect(read.status).toBe("overdue");

    // Configured (here: the tests' local environment), the same hour's run sends the reminder.
    errors.mockRestore();
    await runScheduled({ cron: HOURLY }, env);
    expect((await reminders()).map((email) => email.reminder_step)).toEqual([1]);
  });
});

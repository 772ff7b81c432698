// The TestClockAdvancer's alarms: the watchdog continues an advance whose chunk died, and a chunk
// that keeps failing is retried, then given up.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testClockAdvancerOf } from "../../src/durable-objects/test-clock-advancer";
import type { Bindings } from "../../src/env";
import { setClockForTests } from "../../src/lib/clock";
import { createOrg } from "../helpers/api";
import { client, expectStatus } from "../helpers/client";
import { d1Of } from "../helpers/db";
import { createCustomer } from "../helpers/factories";

const bindings = env as unknown as Bindings;

describe("TestClockAdvancer", () => {
  it("its watchdog alarm continues an advance whose chunk died, to the target", async () => {
    setClockForTests(() => new Date("2027-01-01T10:00:00.000Z"));
    const org = await createOrg({ testMode: true });
    setClockForTests();
    const customer = await createCustomer(org);
    expectStatus(
      await client(org.owner.key).POST("/v1/recurring-invoices", {
        body: {
          customer_id: customer.id,
          items: [{ description: "Retainer", quantity: 1, unit_price: 500 }],
          interval: "month",
          interval_count: 1,
          start_date: "2027-01-02",
          auto_send: false,
        },
      }),
      201,
    );
    await (await d1Of(org.organizationId))
      .prepare(
        "UPDATE organizations SET test_clock_status = 'advancing', test_clock_target = '2027-03-01T00:00:00.000Z' WHERE id = ?",
      )
      .bind(org.organizationId)
      .run();
    // What a chunk leaves behind when it dies: its assignment and the watchdog, nothing else.
    const stub = testClockAdvancerOf(bindings, org.organizationId);
    await runInDurableObject(stub, async (_, state) => {
      await state.storage.put("assignment", {
        organizationId: org.organizationId,
        baseUrl: "http://api.test",
      });
      await state.storage.setAlarm(Date.now() + 60_000);
    });

    expect(await runDurableObjectAlarm(stub)).toBe(true);

    const row = await (await d1Of(org.organizationId))
      .prepare("SELECT test_clock_now, test_clock_status, test_clock_target FROM organizations WHERE id = ?")
      .bind(org.organizationId)
      .first();
    expect(row).toEqual({
      test_clock_now: "2027-03-01T00:00:00.000Z",
      test_clock_status: "ready",
      test_clock_target: null,
    });
    const invoices = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT count(*) AS n FROM invoices WHERE organization_id = ? AND recurring_invoice_id IS NOT NULL",
      )
      .bind(org.organizationId)
      .first();
    expect(invoices).toEqual({ n: 2 });
    // Done: no alarm left.
    expect(await runInDurableObject(stub, (_, state) => state.storage.getAlarm())).toBeNull();
  });

  it("retries a failing background chunk, and gives up after three failures in a row", async () => {
    const stub = testClockAdvancerOf(bindings, "org-that-does-not-exist");
    await runInDurableObject(stub, async (_, state) => {
      await state.storage.put("assignment", {
        organizationId: "org-that-does-not-exist",
        baseUrl: "http://api.test",
      });
      await state.storage.setAlarm(Date.now());
    });
    const alarm = () => runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await alarm()).toBeGreaterThan(Date.now()); // retried later
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await alarm()).toBeGreaterThan(Date.now());
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await alarm()).toBeNull(); // given up
  });
});

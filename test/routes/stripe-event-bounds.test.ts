// A correctly signed Stripe event is still read as API input is: its amounts are whole numbers of
// Stripe's minor units within the API's own limit (MAX_AMOUNT_MINOR), its currency one the API
// knows, its `created` a moment a payment can have been received at. An event outside them is
// answered 200 `ignored` / `malformed_event` (Stripe stops retrying), logged, and posts nothing.
import { describe, expect, it, vi } from "vitest";
import { MAX_AMOUNT_MINOR } from "../../src/lib/money";
import { createOrg, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import {
  connect,
  euroOrg,
  eventsOf,
  fakeStripe,
  getInvoice,
  listPayments,
  sendSignedBody,
  sendWebhook,
  sentInvoice,
  sessionCompleted,
  stripeEvent,
  useFakeStripe,
} from "../helpers/stripe";

useFakeStripe();

const MALFORMED = { received: true, outcome: "ignored", reason: "malformed_event" };
const DAY_SECONDS = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

let intentCounter = 0;
/** A paid Checkout Session of the whole 119.00 EUR, with `fields` of its object and `envelope` overriding. */
function paidSession(
  org: TestOrg,
  invoice: { id: string },
  fields: Record<string, unknown> = {},
  envelope: Record<string, unknown> = {},
) {
  const event = sessionCompleted(org, invoice, `pi_bounds_${++intentCounter}`, 11900);
  Object.assign(event.data.object, fields);
  return { ...event, ...envelope };
}

/** An organization with Stripe connected and a sent, unpaid invoice of 119.00 EUR. */
async function unpaidInvoice() {
  const org = await euroOrg();
  await connect(org);
  const { invoice } = await sentInvoice(org);
  fakeStripe();
  return { org, invoice };
}

/** The invoice as it was sent: nothing paid, no payment listed or stored, no payment event. */
async function expectNothingPosted(org: TestOrg, invoice: { id: string }) {
  expect(await getInvoice(org, invoice.id)).toMatchObject({
    status: "sent",
    amount_paid: 0,
    amount_due: 119,
  });
  expect(await listPayments(org, invoice.id)).toEqual([]);
  const rows = await (await d1Of(org.organizationId))
    .prepare("SELECT count(*) AS n FROM payments WHERE invoice_id = ?")
    .bind(invoice.id)
    .first<{ n: number }>();
  expect(rows?.n).toBe(0);
  expect(await eventsOf(org, "invoice.paid")).toEqual([]);
}

/** The structured `malformed_event` warnings written while the spy was on. */
const malformedLogs = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls
    .map((call) => String(call[0]))
    .filter((line) => line.includes('"malformed_event"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("Stripe's webhook reads a signed event's fields within the API's bounds", () => {
  it('answers 200 malformed_event, logged, and posts nothing for amount_total "abc"', async () => {
    const { org, invoice } = await unpaidInvoice();
    const warn = vi.spyOn(console, "warn");
    const res = await sendWebhook(org, paidSession(org, invoice, { amount_total: "abc" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(MALFORMED);
    await expectNothingPosted(org, invoice);
    expect(malformedLogs(warn)).toEqual([
      expect.objectContaining({
        level: "warn",
        organization_id: org.organizationId,
        provider: "stripe",
        type: "checkout.session.completed",
        field: "data.object.amount_total",
      }),
    ]);
  });

  it("answers 200 malformed_event and posts nothing for an amount past the API's 15 digits (1e20, 10^15)", async () => {
    const { org, invoice } = await unpaidInvoice();
    for (const amount of [1e20, Number(MAX_AMOUNT_MINOR) + 1]) {
      const res = await sendWebhook(org, paidSession(org, invoice, { amount_total: amount }));
      expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body, String(amount)).toEqual(MALFORMED);
    }
    const intent = stripeEvent("payment_intent.succeeded", {
      id: "pi_bounds_huge_intent",
      amount_received: 1e20,
      currency: "eur",
      metadata: { invoice_id: invoice.id, organization_id: org.organizationId },
    });
    expect((await sendWebhook(org, intent)).body).toEqual(MALFORMED);
    await expectNothingPosted(org, invoice);
  });

  it("answers 200 malformed_event and posts nothing for created in the year 10000", async () => {
    const { org, invoice } = await unpaidInvoice();
    const res = await sendWebhook(org, paidSession(org, invoice, {}, { created: 253402300800 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(MALFORMED);
    await expectNothingPosted(org, invoice);
  });

  it("answers 200 malformed_event and posts nothing for a fractional amount (12.5 cents)", async () => {
    const { org, invoice } = await unpaidInvoice();
    const res = await sendWebhook(org, paidSession(org, invoice, { amount_total: 12.5 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(MALFORMED);
    await expectNothingPosted(org, invoice);
  });

  it("refuses created before 2000, more than a day ahead, or not whole seconds; a zero, negative or string amount; an unknown or missing currency", async () => {
    const { org, invoice } = await unpaidInvoice();
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ["created 1999-12-31", {}, { created: Date.UTC(1999, 11, 31) / 1000 }],
      ["created two days ahead", {}, { created: nowSeconds() + 2 * DAY_SECONDS }],
      ["created in milliseconds", {}, { created: Date.now() }],
      ["created not whole seconds", {}, { created: nowSeconds() - 0.5 }],
      ["created as text", {}, { created: String(nowSeconds()) }],
      ["amount 0", { amount_total: 0 }, {}],
      ["amount -11900", { amount_total: -11900 }, {}],
      ["amount as text", { amount_total: "11900" }, {}],
      ["amount missing", { amount_total: undefined }, {}],
      ["currency xyz", { currency: "xyz" }, {}],
      ["currency missing", { currency: undefined }, {}],
    ];
    for (const [what, fields, envelope] of cases) {
      const res = await sendWebhook(org, paidSession(org, invoice, fields, envelope));
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body, what).toEqual(MALFORMED);
    }
    await expectNothingPosted(org, invoice);
  });

  it("answers a signed body that is not a JSON object 200 malformed_event", async () => {
    const { org, invoice } = await unpaidInvoice();
    for (const body of ["not json", "null", "[]", '"checkout.session.completed"']) {
      const res = await sendSignedBody(org, body);
      expect(res.status, `${body}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body, body).toEqual(MALFORMED);
    }
    await expectNothingPosted(org, invoice);
  });

  it("leaves a posted payment as it was when a refund's amount_refunded is not a whole non-negative amount", async () => {
    const { org, invoice } = await unpaidInvoice();
    const posted = await sendWebhook(org, sessionCompleted(org, invoice, "pi_bounds_refund", 11900));
    expect(posted.body).toEqual({ received: true, outcome: "posted" });
    for (const amountRefunded of [-100, 12.5, "5000", 1e20]) {
      const refund = stripeEvent("charge.refunded", {
        id: "ch_bounds_refund",
        object: "charge",
        payment_intent: "pi_bounds_refund",
        amount: 11900,
        amount_refunded: amountRefunded,
        refunded: true,
        currency: "eur",
      });
      const res = await sendWebhook(org, refund);
      expect(res.status, `${amountRefunded}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body, String(amountRefunded)).toEqual(MALFORMED);
    }
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "paid",
      amount_paid: 119,
      amount_due: 0,
    });
    const [payment, ...rest] = await listPayments(org, invoice.id);
    expect(rest).toEqual([]);
    expect(payment).toMatchObject({ amount: 119, amount_refunded: 0, reversed_at: null });
  });

  it("refuses an ISK amount that is not whole krónur in Stripe's two-decimal form", async () => {
    const org = await createOrg({ currency: "ISK", name: "Acme ehf" });
    await connect(org);
    const { invoice } = await sentInvoice(org, {
      currency: "ISK",
      items: [{ description: "Work", quantity: 1, unit_price: 5000 }],
    });
    fakeStripe();
    const odd = sessionCompleted(org, invoice, "pi_bounds_isk_odd", 500_050, "isk");
    expect((await sendWebhook(org, odd)).body).toEqual(MALFORMED);
    expect(await listPayments(org, invoice.id)).toEqual([]);
    const whole = sessionCompleted(org, invoice, "pi_bounds_isk", 500_000, "isk");
    expect((await sendWebhook(org, whole)).body).toEqual({ received: true, outcome: "posted" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "paid", amount_paid: 5000 });
  });
});

describe("events of other sales on the same Stripe account", () => {
  it("ignores an unpaid session (setup mode, a free session) without calling it malformed", async () => {
    const { org, invoice } = await unpaidInvoice();
    const warn = vi.spyOn(console, "warn");
    for (const fields of [
      { payment_status: "unpaid", amount_total: null, currency: null, payment_intent: null },
      { payment_status: "no_payment_required", amount_total: 0 },
    ]) {
      const res = await sendWebhook(org, paidSession(org, invoice, fields));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ received: true, outcome: "ignored" });
      expect(res.body).not.toEqual(MALFORMED);
    }
    expect(malformedLogs(warn)).toEqual([]);
    await expectNothingPosted(org, invoice);
  });
});

describe("a well-formed event still posts", () => {
  it("posts the amount on the day Stripe's created states, within a day ahead of now", async () => {
    const { org, invoice } = await unpaidInvoice();
    const created = nowSeconds() - 3 * DAY_SECONDS;
    const res = await sendWebhook(org, paidSession(org, invoice, { amount_total: 5000 }, { created }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "posted" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 50,
      amount_due: 69,
    });
    const [payment] = await listPayments(org, invoice.id);
    expect(payment).toMatchObject({ amount: 50, currency: "EUR", provider: "stripe" });
    expect(payment?.received_at).toBe(new Date(created * 1000).toISOString());

    // Clocks differ: an hour ahead of now is still a moment a payment can have been received at.
    const ahead = await sendWebhook(
      org,
      paidSession(org, invoice, { amount_total: 6900 }, { created: nowSeconds() + 3600 }),
    );
    expect(ahead.body).toEqual({ received: true, outcome: "posted" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "paid", amount_paid: 119 });
  });

  it("posts an amount of exactly MAX_AMOUNT_MINOR minor units", async () => {
    const { org, invoice } = await unpaidInvoice();
    const res = await sendWebhook(org, paidSession(org, invoice, { amount_total: Number(MAX_AMOUNT_MINOR) }));
    expect(res.body).toEqual({ received: true, outcome: "posted" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "paid",
      amount_paid: Number(MAX_AMOUNT_MINOR) / 100,
    });
  });

  it("dates a payment whose event states no created at the moment it arrives", async () => {
    const { org, invoice } = await unpaidInvoice();
    const before = Date.now();
    const res = await sendWebhook(org, paidSession(org, invoice, {}, { created: undefined }));
    expect(res.body).toEqual({ received: true, outcome: "posted" });
    const [payment] = await listPayments(org, invoice.id);
    const receivedAt = Date.parse(String(payment?.received_at));
    expect(receivedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(receivedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

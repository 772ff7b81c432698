// Pay online with Stripe, against a fake Stripe
// (test/helpers/stripe.ts): the Worker's outbound fetch to STRIPE_API_BASE is intercepted and
// answered there, and every request it makes is checked here (form encoding, Bearer key,
// Idempotency-Key, amount, currency, metadata). Webhooks are signed with the organization's
// secret, as Stripe signs them. No test reaches Stripe.
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyProviderRefund, reinstateDisputedPayment } from "../../src/services/invoices/payment-refunds";
import { reversePayment } from "../../src/services/invoices/payments";
import { rewrapProviderSecrets } from "../../src/services/payment-providers";
import { addMember, api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { client, expectApiError, expectStatus, invalid } from "../helpers/client";
import { d1Of, dbOf } from "../helpers/db";
import { SELLER } from "../helpers/factories";
import { INVOICE_WRITE, raceBefore } from "../helpers/race";
import {
  CHECKOUT_URL,
  connect,
  euroOrg,
  eventsOf,
  fakeStripe,
  getInvoice,
  hexHmac,
  listPayments,
  SECRET_KEY,
  type SeenRequest,
  sendWebhook,
  sentInvoice,
  sessionCompleted,
  stripeEvent,
  useFakeStripe,
  WEBHOOK_SECRET,
} from "../helpers/stripe";

useFakeStripe();

/** The Pay now form's POST, as a browser sends it; the 303 is not followed. */
async function pay(token: string) {
  const res = await exports.default.fetch(
    new Request(`http://api.test/i/${token}/pay`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "192.0.2.10" },
    }),
  );
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text.startsWith("{") ? JSON.parse(text) : text,
    raw: res,
  };
}

describe("connecting Stripe: PUT|GET|DELETE /v1/payment-providers/stripe", () => {
  it("stores both secrets sealed, answers mode and last four, never a secret", async () => {
    const org = await euroOrg();
    const before = expectStatus(await client(org.owner.key).GET("/v1/payment-providers/stripe"), 200);
    expect(before).toMatchObject({
      provider: "stripe",
      connected: false,
      mode: null,
      secret_key_last4: null,
    });

    const put = await connect(org);
    expect(put).toMatchObject({
      provider: "stripe",
      connected: true,
      mode: "test",
      secret_key_last4: "abcd",
      webhook_url: `http://api.test/hooks/stripe/${org.organizationId}`,
    });
    const got = expectStatus(await client(org.owner.key).GET("/v1/payment-providers/stripe"), 200);
    expect(got).toEqual(put);
    for (const answer of [put, got]) {
      expect(JSON.stringify(answer)).not.toContain(SECRET_KEY);
      expect(JSON.stringify(answer)).not.toContain(WEBHOOK_SECRET);
    }
    const row = await (await d1Of(org.organizationId))
      .prepare("SELECT * FROM payment_provider_accounts WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<Record<string, string>>();
    expect(JSON.stringify(row)).not.toContain("sk_test_");
    expect(JSON.stringify(row)).not.toContain("whsec_");

    const live = expectStatus(
      await client(org.owner.key).PUT("/v1/payment-providers/stripe", {
        body: { secret_key: "sk_live_51Live000000000000000wxyz", webhook_secret: WEBHOOK_SECRET },
      }),
      200,
    );
    expect(live).toMatchObject({ mode: "live", secret_key_last4: "wxyz", created_at: put.created_at });

    expect((await client(org.owner.key).DELETE("/v1/payment-providers/stripe")).response.status).toBe(204);
    expect(expectStatus(await client(org.owner.key).GET("/v1/payment-providers/stripe"), 200).connected).toBe(
      false,
    );
    expectApiError(await client(org.owner.key).DELETE("/v1/payment-providers/stripe"), 404, "not_found");
  });

  it("refuses keys that are not Stripe's (422) and members who are not owners or admins (403)", async () => {
    const org = await euroOrg();
    const bad = expectApiError(
      await client(org.owner.key).PUT("/v1/payment-providers/stripe", {
        body: { secret_key: "pk_test_publishable0000", webhook_secret: "secret" },
      }),
      422,
      "validation_error",
    );
    expect(Object.keys(bad.details ?? {}).sort()).toEqual(["secret_key", "webhook_secret"]);
    expectApiError(
      await client(org.owner.key).PUT("/v1/payment-providers/stripe", {
        body: invalid({ secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET, extra: 1 }),
      }),
      422,
      "validation_error",
    );
    const member = await addMember(org, "member");
    expectApiError(await client(member.key).GET("/v1/payment-providers/stripe"), 403, "access_denied");
    expectApiError(
      await client(member.key).PUT("/v1/payment-providers/stripe", {
        body: { secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
      }),
      403,
      "access_denied",
    );
    const admin = await addMember(org, "admin");
    expectStatus(
      await client(admin.key).PUT("/v1/payment-providers/stripe", {
        body: { secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
      }),
      200,
    );
  });
});

describe("the hosted page's Pay now", () => {
  it("is offered only with a provider connected and a balance due; the policy lets the form reach the checkout", async () => {
    const org = await euroOrg();
    const { token } = await sentInvoice(org);
    const without = await api("GET", `/i/${token}`);
    expect(without.body).not.toContain("<form");

    await connect(org);
    const page = await api("GET", `/i/${token}`);
    expect(page.body).toContain(`<form class="pay-online" method="post" action="/i/${token}/pay">`);
    expect(page.body).toContain("Pay now: €119.00");
    const policy = page.headers.get("Content-Security-Policy") ?? "";
    expect(policy).toContain("form-action 'self' https://checkout.stripe.com");
    expect(policy).not.toContain("script-src");
  });

  it("speaks the invoice's language: Jetzt bezahlen, then Bezahlt am", async () => {
    const org = await euroOrg();
    expect(
      (await api("PATCH", "/v1/organization", { token: org.owner.key, body: { locale: "de" } })).status,
    ).toBe(200);
    await connect(org);
    const { invoice, token } = await sentInvoice(org);
    expect((await api("GET", `/i/${token}`)).body).toContain("Jetzt bezahlen: 119,00\u00a0€");
    fakeStripe();
    await sendWebhook(org, sessionCompleted(org, invoice, "pi_de", 11900));
    const today = new Date().toLocaleDateString("de-DE", { dateStyle: "long", timeZone: "UTC" });
    expect((await api("GET", `/i/${token}`)).body).toContain(`<p class="paid-on">Bezahlt am ${today}</p>`);
  });

  it("offers Pay now without bank details, and no payment section with neither bank details nor a provider", async () => {
    const org = await createOrg({ currency: "EUR", name: "Acme GmbH" });
    const { iban: _iban, ...noBank } = SELLER;
    expect((await api("PATCH", "/v1/organization", { token: org.owner.key, body: noBank })).status).toBe(200);
    const { token } = await sentInvoice(org);
    const bare = (await api("GET", `/i/${token}`)).body as string;
    expect(bare).not.toContain('id="payment"');
    await connect(org);
    const page = (await api("GET", `/i/${token}`)).body as string;
    expect(page).toContain('<h2 id="payment">Payment</h2>');
    expect(page).toContain(`action="/i/${token}/pay"`);
    expect(page).not.toContain("IBAN");
    expect(page).not.toContain("data-epc-qr");
  });

  it("answers 303 to a Checkout Session for the live balance; the fake Stripe sees a form-encoded, keyed, authenticated request", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice, token } = await sentInvoice(org);
    // A partial payment first: the checkout charges what is left.
    const partial = await api("POST", `/v1/invoices/${invoice.id}/payments`, {
      token: org.owner.key,
      body: { amount: 19, method: "bank_transfer" },
    });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ provider: null, provider_payment_id: null, fee: null });
    const stripe = fakeStripe();

    const res = await pay(token);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${CHECKOUT_URL}1`);
    expect(res.headers.get("Content-Security-Policy")).toContain(
      "form-action 'self' https://checkout.stripe.com",
    );

    const [sent] = stripe.checkouts();
    expect(sent?.method).toBe("POST");
    expect(sent?.contentType).toBe("application/x-www-form-urlencoded");
    expect(sent?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.idempotencyKey).toMatch(new RegExp(`^checkout:${invoice.id}:v\\d+:10000:[0-9a-f]{16}$`));
    const form = Object.fromEntries(sent?.form ?? []);
    expect(form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "10000",
      success_url: `http://api.test/i/${token}`,
      cancel_url: `http://api.test/i/${token}`,
      client_reference_id: invoice.id,
      "metadata[invoice_id]": invoice.id,
      "metadata[organization_id]": org.organizationId,
      "payment_intent_data[metadata][invoice_id]": invoice.id,
      "payment_intent_data[metadata][organization_id]": org.organizationId,
    });
    expect(form["line_items[0][price_data][product_data][name]"]).toContain(invoice.number);

    // A double click: the same key, so Stripe answers the same session.
    const again = await pay(token);
    expect(again.headers.get("Location")).toBe(`${CHECKOUT_URL}1`);
    expect(stripe.checkouts()[1]?.idempotencyKey).toBe(sent?.idempotencyKey);
  });

  it("charges zero-decimal currencies in whole units (JPY)", async () => {
    const org = await createOrg({ currency: "JPY", name: "Acme KK" });
    expect((await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER })).status).toBe(200);
    await connect(org);
    const { token } = await sentInvoice(org, {
      currency: "JPY",
      items: [{ description: "Work", quantity: 1, unit_price: 5000 }],
    });
    const stripe = fakeStripe();
    expect((await pay(token)).status).toBe(303);
    const form = stripe.checkouts()[0]?.form;
    expect(form?.get("line_items[0][price_data][currency]")).toBe("jpy");
    expect(form?.get("line_items[0][price_data][unit_amount]")).toBe("5000");
  });

  it("answers 303 back to the page, asking Stripe nothing, without a provider or with nothing due", async () => {
    const org = await euroOrg();
    const { invoice, token } = await sentInvoice(org);
    const stripe = fakeStripe();
    const noProvider = await pay(token);
    expect(noProvider.status).toBe(303);
    expect(noProvider.headers.get("Location")).toBe(`http://api.test/i/${token}`);

    await connect(org);
    await api("POST", `/v1/invoices/${invoice.id}/payments`, { token: org.owner.key, body: { amount: 119 } });
    const paid = await pay(token);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`http://api.test/i/${token}`);
    expect(stripe.seen).toEqual([]);
    expect((await pay("x".repeat(43))).status).toBe(404);
  });

  it("offers no Pay now on what the organization owes its customer (381, 389), and its checkout asks Stripe nothing", async () => {
    const org = await euroOrg();
    await connect(org);
    const stripe = fakeStripe();
    for (const kind of [{ type_code: "381", preceding_invoice: { number: "EXT-1" } }, { type_code: "389" }]) {
      const { token } = await sentInvoice(org, kind);
      expect((await api("GET", `/i/${token}`)).body).not.toContain("<form");
      const res = await pay(token);
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe(`http://api.test/i/${token}`);
    }
    expect(stripe.seen).toEqual([]);
  });

  it("answers 502 payment_provider_error when Stripe fails, with nothing of Stripe's message", async () => {
    const org = await euroOrg();
    await connect(org);
    const { token } = await sentInvoice(org);
    fakeStripe({ fail: true });
    const res = await pay(token);
    const error = expectError(res, 502, "payment_provider_error");
    expect(error.message).not.toContain("Something went wrong");
  });
});

describe("Stripe's webhook POST /hooks/stripe/{organization_id}", () => {
  it("pay now, checkout, signed checkout.session.completed: the invoice is paid once, with the provider's fields", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice, token } = await sentInvoice(org);
    const stripe = fakeStripe();
    expect((await pay(token)).status).toBe(303);

    const event = sessionCompleted(org, invoice, "pi_test_paid", 11900);
    const res = await sendWebhook(org, event);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "posted" });
    // Stripe's addresses serve every organization: the hook is counted per organization.
    expect(res.headers.get("X-RateLimit-Limit")).toBe("1000");

    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "paid",
      amount_due: 0,
      amount_paid: 119,
    });
    const [payment, ...rest] = await listPayments(org, invoice.id);
    expect(rest).toEqual([]);
    expect(payment).toMatchObject({
      amount: 119,
      currency: "EUR",
      method: "card",
      provider: "stripe",
      provider_payment_id: "pi_test_paid",
      fee: 1.75,
      reversed_at: null,
    });
    // The fee came from the payment intent's balance transaction.
    expect(stripe.seen.map((r) => r.path)).toContain(
      "/v1/payment_intents/pi_test_paid?expand[]=latest_charge.balance_transaction",
    );

    // The same webhook again, and Stripe's other event for the same payment: nothing more.
    expect((await sendWebhook(org, event)).body).toEqual({ received: true, outcome: "duplicate" });
    const intent = stripeEvent("payment_intent.succeeded", {
      id: "pi_test_paid",
      object: "payment_intent",
      amount_received: 11900,
      currency: "eur",
      metadata: { invoice_id: invoice.id, organization_id: org.organizationId },
    });
    expect((await sendWebhook(org, intent)).body).toEqual({ received: true, outcome: "duplicate" });
    expect(await listPayments(org, invoice.id)).toHaveLength(1);
    expect(await eventsOf(org, "invoice.paid")).toHaveLength(1);

    // The page tells the truth: paid, on the day, and no button.
    const page = await api("GET", `/i/${token}`);
    const today = new Date().toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
    expect(page.body.includes(`<p class="paid-on">Paid on ${today}</p>`)).toBe(true);
    expect(page.body).not.toContain("<form");
  });

  it("posts once when Stripe's two events for one payment arrive at the same time", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    const intent = stripeEvent("payment_intent.succeeded", {
      id: "pi_race",
      amount_received: 11900,
      currency: "eur",
      metadata: { invoice_id: invoice.id, organization_id: org.organizationId },
    });
    const answers = await Promise.all([
      sendWebhook(org, sessionCompleted(org, invoice, "pi_race", 11900)),
      sendWebhook(org, intent),
      sendWebhook(org, intent),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(answers.map((res) => res.body.outcome).sort()).toEqual(["duplicate", "duplicate", "posted"]);
    expect(await listPayments(org, invoice.id)).toHaveLength(1);
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "paid", amount_paid: 119 });
  });

  it("posts payment_intent.succeeded alone (no checkout event), fee null when Stripe has none yet", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe({ fee: null });
    const res = await sendWebhook(
      org,
      stripeEvent("payment_intent.succeeded", {
        id: "pi_only_intent",
        amount_received: 5000,
        currency: "eur",
        metadata: { invoice_id: invoice.id, organization_id: org.organizationId },
      }),
    );
    expect(res.body).toEqual({ received: true, outcome: "posted" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 50,
      amount_due: 69,
    });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({
      provider_payment_id: "pi_only_intent",
      fee: null,
    });
    // A partly paid invoice's page shows its balance.
    const page = await api("GET", `/i/${(await getInvoice(org, invoice.id)).hosted_url.split("/").pop()}`);
    expect(page.body.includes("Amount due: €69.00")).toBe(true);
  });

  it("posts what Stripe says was paid, even beyond the amount due", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    expect((await sendWebhook(org, sessionCompleted(org, invoice, "pi_over", 12000))).status).toBe(200);
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "paid", amount_paid: 120 });
  });

  it("answers 400 and posts nothing on a bad signature, another secret, a stale or missing timestamp", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    const event = sessionCompleted(org, invoice, "pi_forged", 11900);
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      [
        "another secret",
        await sendWebhook(org, event, { secret: "whsec_somebodyElse000000" }),
        "bad_signature",
      ],
      [
        "garbage",
        await sendWebhook(org, event, { signature: `t=${now},v1=${"0".repeat(64)}` }),
        "bad_signature",
      ],
      ["no v1", await sendWebhook(org, event, { signature: `t=${now}` }), "bad_signature"],
      ["6 minutes old", await sendWebhook(org, event, { at: now - 360 }), "stale_timestamp"],
      ["6 minutes ahead", await sendWebhook(org, event, { at: now + 360 }), "stale_timestamp"],
      [
        "no header",
        await api("POST", `/hooks/stripe/${org.organizationId}`, { rawBody: JSON.stringify(event) }),
        "missing_signature",
      ],
    ] as const;
    for (const [what, res, reason] of cases) {
      expect(res.status, what).toBe(400);
      expect(res.body.error, what).toMatchObject({ code: "invalid_request", details: { reason } });
    }
    // A body changed after signing.
    const t = now;
    const signed = JSON.stringify(event);
    const v1 = await hexHmac(WEBHOOK_SECRET, `${t}.${signed}`);
    const tampered = await api("POST", `/hooks/stripe/${org.organizationId}`, {
      rawBody: signed.replace("11900", "99900"),
      headers: { "Stripe-Signature": `t=${t},v1=${v1}` },
    });
    expect(tampered.status).toBe(400);
    // Four minutes old is within the tolerance; a second, valid v1 among wrong ones is accepted.
    expect(await listPayments(org, invoice.id)).toEqual([]);
    const late = await sendWebhook(org, event, { at: now - 240 });
    expect(late.status).toBe(200);
    expect(await listPayments(org, invoice.id)).toHaveLength(1);
  });

  it("accepts any of several v1 signatures (a secret being rolled)", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    const event = sessionCompleted(org, invoice, "pi_rolled", 11900);
    const t = Math.floor(Date.now() / 1000);
    const body = JSON.stringify(event);
    const good = await hexHmac(WEBHOOK_SECRET, `${t}.${body}`);
    const old = await hexHmac("whsec_oldSecret00000000", `${t}.${body}`);
    const res = await api("POST", `/hooks/stripe/${org.organizationId}`, {
      rawBody: body,
      headers: { "Stripe-Signature": `t=${t},v1=${old},v1=${good}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("posted");
  });

  it("answers 404 for an organization without Stripe, and ignores events for another organization's invoice", async () => {
    const org = await euroOrg();
    const other = await euroOrg();
    await connect(org);
    const { invoice: theirs } = await sentInvoice(other);
    fakeStripe();
    expect((await sendWebhook(other, sessionCompleted(other, theirs, "pi_x", 11900))).status).toBe(404);
    // Signed with org's secret, naming other's invoice: nothing is posted to either.
    const res = await sendWebhook(org, sessionCompleted(other, theirs, "pi_cross", 11900));
    expect(res.body).toMatchObject({ received: true, outcome: "ignored", reason: "another_organization" });
    const noMeta = stripeEvent("payment_intent.succeeded", {
      id: "pi_nometa",
      amount_received: 11900,
      currency: "eur",
      metadata: { invoice_id: theirs.id },
    });
    expect((await sendWebhook(org, noMeta)).body).toMatchObject({
      outcome: "ignored",
      reason: "unknown_invoice",
    });
    expect(await listPayments(other, theirs.id)).toEqual([]);
  });

  it("a full refund reverses the payment, reopens the invoice and emits invoice.payment_refunded", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice, token } = await sentInvoice(org);
    fakeStripe();
    await sendWebhook(org, sessionCompleted(org, invoice, "pi_refund", 11900));
    expect((await getInvoice(org, invoice.id)).status).toBe("paid");

    const refund = stripeEvent("charge.refunded", {
      id: "ch_1",
      object: "charge",
      payment_intent: "pi_refund",
      refunded: true,
      amount_refunded: 11900,
    });
    expect((await sendWebhook(org, refund)).body).toEqual({ received: true, outcome: "reversed" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 0,
      amount_due: 119,
    });
    const [payment] = await listPayments(org, invoice.id);
    expect(payment?.reversed_at).toEqual(expect.any(String));
    const refunded = await eventsOf(org, "invoice.payment_refunded");
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ provider: "stripe", provider_payment_id: "pi_refund" });
    expect(await eventsOf(org, "invoice.payment_reversed")).toHaveLength(1);
    // Replayed: nothing more; the page offers Pay now again.
    expect((await sendWebhook(org, refund)).body).toEqual({ received: true, outcome: "duplicate" });
    expect(await eventsOf(org, "invoice.payment_refunded")).toHaveLength(1);
    expect((await api("GET", `/i/${token}`)).body).toContain("<form");
  });

  it("a dispute reverses the payment and emits invoice.payment_disputed", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    await sendWebhook(org, sessionCompleted(org, invoice, "pi_dispute", 11900));
    const dispute = stripeEvent("charge.dispute.funds_withdrawn", {
      id: "dp_1",
      object: "dispute",
      charge: "ch_1",
      payment_intent: "pi_dispute",
      amount: 11900,
    });
    expect((await sendWebhook(org, dispute)).body).toEqual({ received: true, outcome: "reversed" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "sent", amount_due: 119 });
    const disputed = await eventsOf(org, "invoice.payment_disputed");
    expect(disputed).toHaveLength(1);
    expect(disputed[0]).toMatchObject({ provider_payment_id: "pi_dispute" });
  });

  it("an inquiry (a dispute opened, nothing withdrawn) leaves the payment standing", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    await sendWebhook(org, sessionCompleted(org, invoice, "pi_inquiry", 11900));
    const opened = stripeEvent("charge.dispute.created", {
      id: "dp_2",
      object: "dispute",
      payment_intent: "pi_inquiry",
      status: "warning_needs_response",
    });
    expect((await sendWebhook(org, opened)).body).toMatchObject({ received: true, outcome: "ignored" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "paid", amount_due: 0 });
  });

  it("a refund that arrives before its payment is not acknowledged, so Stripe sends it again", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    // A charge carries its payment intent's metadata, which names the invoice.
    const refund = stripeEvent("charge.refunded", {
      id: "ch_9",
      object: "charge",
      payment_intent: "pi_late",
      refunded: true,
      amount_refunded: 11900,
      metadata: { invoice_id: invoice.id, organization_id: org.organizationId },
    });
    const early = await sendWebhook(org, refund);
    expect(early.status).toBe(409);
    expect(early.body.error.details.reason).toBe("payment_not_posted");
    // The payment's own event, then Stripe's retry of the refund: posted, then reversed.
    await sendWebhook(org, sessionCompleted(org, invoice, "pi_late", 11900));
    expect((await sendWebhook(org, refund)).body).toEqual({ received: true, outcome: "reversed" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "sent", amount_due: 119 });
  });

  it("answers other event types 200 and ignores them; an unpaid (delayed) session posts nothing", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    const other = await sendWebhook(org, stripeEvent("customer.created", { id: "cus_1" }));
    expect(other.body).toMatchObject({ received: true, outcome: "ignored" });
    const unpaid = sessionCompleted(org, invoice, "pi_sepa", 11900);
    (unpaid.data.object as Record<string, unknown>).payment_status = "unpaid";
    expect((await sendWebhook(org, unpaid)).body).toMatchObject({ outcome: "ignored" });
    expect(await listPayments(org, invoice.id)).toEqual([]);
  });
});

describe("Stripe's refunds and disputes after the payment", () => {
  /** `charge.refunded`: the charge with Stripe's running total refunded over all its refunds. */
  const chargeRefunded = (paymentIntent: string, amountRefunded: number, amount = 11900) =>
    stripeEvent("charge.refunded", {
      id: `ch_${paymentIntent}`,
      object: "charge",
      payment_intent: paymentIntent,
      amount,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= amount,
      currency: "eur",
    });
  const disputeEvent = (type: string, paymentIntent: string, status: string) =>
    stripeEvent(type, {
      id: `dp_${paymentIntent}`,
      object: "dispute",
      charge: `ch_${paymentIntent}`,
      payment_intent: paymentIntent,
      amount: 11900,
      currency: "eur",
      status,
    });

  /** A sent invoice of 119.00 EUR paid in full through Stripe's checkout. */
  async function paidByStripe(
    org: TestOrg,
    paymentIntent: string,
    stripe: Parameters<typeof fakeStripe>[0] = {},
  ) {
    await connect(org);
    const sent = await sentInvoice(org);
    fakeStripe(stripe);
    const posted = await sendWebhook(org, sessionCompleted(org, sent.invoice, paymentIntent, 11900));
    expect(posted.body).toEqual({ received: true, outcome: "posted" });
    return sent;
  }

  /** A row of the hosted page's balance panel: its figure, or null when the page has no such row. */
  async function pageRows(token: string) {
    const html = (await api("GET", `/i/${token}`)).body as string;
    const row = (label: string) =>
      html.match(new RegExp(`<th scope="row">${label}</th><td class="num">([^<]*)</td>`))?.[1] ?? null;
    return {
      paid: row("Paid"),
      credited: row("Credited"),
      refunded: row("Refunded"),
      due: row("Amount due"),
      /** Before anything happened since issue the header states what is due; no balance panel. */
      header: html.match(/<p class="due">([^<]*)<\/p>/)?.[1] ?? null,
      payNow: html.includes(`action="/i/${token}/pay"`),
    };
  }

  const updatesOf = async (org: TestOrg, id: string) =>
    (await eventsOf(org, "invoice.updated")).filter((object) => object.id === id);

  it("a partial refund takes what was paid back off the invoice: partly paid again, invoice.payment_refunded once", async () => {
    const org = await euroOrg();
    const { invoice, token } = await paidByStripe(org, "pi_part");

    const refund = chargeRefunded("pi_part", 5000);
    const res = await sendWebhook(org, refund);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "refunded" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 69,
      amount_due: 50,
      paid_at: null,
    });
    const [payment] = await listPayments(org, invoice.id);
    expect(payment).toMatchObject({
      amount: 119,
      amount_refunded: 50,
      reversed_at: null,
      dispute_status: null,
    });
    const refunded = await eventsOf(org, "invoice.payment_refunded");
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({
      id: payment?.id,
      provider_payment_id: "pi_part",
      amount: 119,
      amount_refunded: 50,
      refund_amount: 50,
      reversed_at: null,
    });
    expect(await eventsOf(org, "invoice.payment_reversed")).toEqual([]);
    const updates = await updatesOf(org, invoice.id);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ status: "sent", amount_paid: 69, amount_due: 50 });

    // The same event again: nothing more.
    const again = await sendWebhook(org, refund);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, outcome: "duplicate" });
    expect(await eventsOf(org, "invoice.payment_refunded")).toHaveLength(1);
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 69, amount_due: 50 });

    // The page: paid 119, refunded 50, 50 due, and Pay now for it.
    expect(await pageRows(token)).toMatchObject({
      paid: "−€119.00",
      credited: null,
      refunded: "+€50.00",
      due: "€50.00",
      payNow: true,
    });
  });

  it("two partial refunds add up, each emitted with its amount; the older event replayed changes nothing", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_two");
    const first = chargeRefunded("pi_two", 2000);
    expect((await sendWebhook(org, first)).body).toEqual({ received: true, outcome: "refunded" });
    expect((await sendWebhook(org, chargeRefunded("pi_two", 5000))).body).toEqual({
      received: true,
      outcome: "refunded",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 69,
      amount_due: 50,
    });
    const refunded = await eventsOf(org, "invoice.payment_refunded");
    expect(refunded.map((e) => [e.refund_amount, e.amount_refunded])).toEqual([
      [20, 20],
      [30, 50],
    ]);

    expect((await sendWebhook(org, first)).body).toEqual({ received: true, outcome: "duplicate" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 69, amount_due: 50 });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({ amount_refunded: 50 });
    expect(await eventsOf(org, "invoice.payment_refunded")).toHaveLength(2);
  });

  it("the later of two refunds arriving first posts both at once; the earlier one is then a duplicate", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_order");
    expect((await sendWebhook(org, chargeRefunded("pi_order", 5000))).body).toMatchObject({
      outcome: "refunded",
    });
    expect((await sendWebhook(org, chargeRefunded("pi_order", 2000))).body).toEqual({
      received: true,
      outcome: "duplicate",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 69, amount_due: 50 });
    const refunded = await eventsOf(org, "invoice.payment_refunded");
    expect(refunded.map((e) => e.refund_amount)).toEqual([50]);
  });

  it("a full refund after a partial one reverses the payment and pays back only what was left", async () => {
    const org = await euroOrg();
    const { invoice, token } = await paidByStripe(org, "pi_then_full");
    const partial = chargeRefunded("pi_then_full", 5000);
    const full = chargeRefunded("pi_then_full", 11900);
    expect((await sendWebhook(org, partial)).body).toMatchObject({ outcome: "refunded" });
    const res = await sendWebhook(org, full);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "reversed" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 0,
      amount_due: 119,
    });
    const [payment] = await listPayments(org, invoice.id);
    expect(payment).toMatchObject({ amount_refunded: 119, reversed_at: expect.any(String) });
    expect((await eventsOf(org, "invoice.payment_refunded")).map((e) => e.refund_amount)).toEqual([50, 69]);
    expect(await eventsOf(org, "invoice.payment_reversed")).toHaveLength(1);

    for (const replay of [full, partial]) {
      expect((await sendWebhook(org, replay)).body).toEqual({ received: true, outcome: "duplicate" });
    }
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 0, amount_due: 119 });
    expect(await eventsOf(org, "invoice.payment_refunded")).toHaveLength(2);
    // Nothing listed as paid any more: the page asks for the whole total again.
    expect(await pageRows(token)).toMatchObject({
      paid: null,
      refunded: null,
      header: "Amount due: €119.00",
      payNow: true,
    });
  });

  it("concurrent deliveries of one refund post it once; concurrent refunds end at Stripe's total", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_race");
    const refund = chargeRefunded("pi_race", 5000);
    const answers = await Promise.all([1, 2, 3, 4].map(() => sendWebhook(org, refund)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((res) => res.body.outcome).sort()).toEqual([
      "duplicate",
      "duplicate",
      "duplicate",
      "refunded",
    ]);
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 69, amount_due: 50 });
    expect(await eventsOf(org, "invoice.payment_refunded")).toHaveLength(1);

    // Two more refunds whose events race: whichever lands first, the invoice ends at Stripe's 90.
    const more = await Promise.all([
      sendWebhook(org, chargeRefunded("pi_race", 7000)),
      sendWebhook(org, chargeRefunded("pi_race", 9000)),
    ]);
    expect(more.map((res) => res.status)).toEqual([200, 200]);
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 29, amount_due: 90 });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({ amount_refunded: 90 });
    const refunded = await eventsOf(org, "invoice.payment_refunded");
    expect(refunded.reduce((sum, e) => sum + e.refund_amount, 0)).toBe(90);
  });

  it("a credit note that paid back already is the same money as Stripe's refund: taken off once", async () => {
    const org = await euroOrg();
    const { invoice, token } = await paidByStripe(org, "pi_noted");
    const note = await api("POST", "/v1/credit-notes", {
      token: org.owner.key,
      body: { invoice_id: invoice.id, reason: "Agreed discount", amount: 19 },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.refund_amount).toBe(19);
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "paid",
      amount_paid: 100,
      amount_credited: 19,
      amount_due: 0,
    });

    // The seller then refunds those 19 at Stripe: the note recorded them, the invoice stays paid.
    expect((await sendWebhook(org, chargeRefunded("pi_noted", 1900))).body).toEqual({
      received: true,
      outcome: "refunded",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "paid",
      amount_paid: 100,
      amount_due: 0,
    });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({ amount_refunded: 19 });
    const covered = (await eventsOf(org, "invoice.payment_refunded")).map((e) => [
      e.refund_amount,
      e.covered_by_credit_note,
    ]);
    expect(covered).toEqual([[19, true]]);
    expect(await pageRows(token)).toMatchObject({
      paid: "−€119.00",
      credited: "−€19.00",
      refunded: "+€19.00",
      due: "€0.00",
      payNow: false,
    });

    // 30 more refunded, which no note covers: the invoice has 30 due again.
    expect((await sendWebhook(org, chargeRefunded("pi_noted", 4900))).body).toMatchObject({
      outcome: "refunded",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 70,
      amount_due: 30,
    });
    expect(await pageRows(token)).toMatchObject({ refunded: "+€49.00", due: "€30.00", payNow: true });
    expect((await eventsOf(org, "invoice.payment_refunded")).map((e) => e.covered_by_credit_note)).toEqual([
      true,
      false,
    ]);
  });

  it("a credit note refunded by bank transfer does not cover a card refund: both are paid back", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_bank_note");
    const note = await api("POST", "/v1/credit-notes", {
      token: org.owner.key,
      body: { invoice_id: invoice.id, reason: "Agreed discount", amount: 19, refund_method: "bank_transfer" },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect((await sendWebhook(org, chargeRefunded("pi_bank_note", 1900))).body).toMatchObject({
      outcome: "refunded",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 81,
      amount_due: 19,
    });
  });

  it("a won dispute posts the payment again once; funds_reinstated, closed as won and a late withdrawal change nothing more", async () => {
    const org = await euroOrg();
    const { invoice, token } = await paidByStripe(org, "pi_won");
    const paidAt = (await getInvoice(org, invoice.id)).paid_at;
    const withdrawn = disputeEvent("charge.dispute.funds_withdrawn", "pi_won", "needs_response");
    expect((await sendWebhook(org, withdrawn)).body).toEqual({ received: true, outcome: "reversed" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 0,
      amount_due: 119,
    });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({
      reversed_at: expect.any(String),
      dispute_status: "withdrawn",
    });

    const reinstated = disputeEvent("charge.dispute.funds_reinstated", "pi_won", "won");
    const res = await sendWebhook(org, reinstated);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "reinstated" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "paid",
      amount_paid: 119,
      amount_due: 0,
      paid_at: paidAt,
    });
    const [payment] = await listPayments(org, invoice.id);
    expect(payment).toMatchObject({ amount: 119, reversed_at: null, dispute_status: "reinstated" });
    const events = await eventsOf(org, "invoice.payment_reinstated");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: payment?.id,
      provider_payment_id: "pi_won",
      reversed_at: null,
      dispute_status: "reinstated",
    });
    const paidEvents = (await eventsOf(org, "invoice.paid")).filter((object) => object.id === invoice.id);
    expect(paidEvents).toHaveLength(2);

    for (const replay of [reinstated, disputeEvent("charge.dispute.closed", "pi_won", "won"), withdrawn]) {
      const answer = await sendWebhook(org, replay);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ received: true, outcome: "duplicate" });
    }
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "paid",
      amount_paid: 119,
      amount_due: 0,
    });
    expect(await eventsOf(org, "invoice.payment_reinstated")).toHaveLength(1);
    expect(await eventsOf(org, "invoice.payment_disputed")).toHaveLength(1);
    expect(await pageRows(token)).toMatchObject({ paid: "−€119.00", due: "€0.00", payNow: false });
  });

  it("a dispute closed as won posts the payment again as funds_reinstated would; a lost one changes nothing", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_closed");
    await sendWebhook(org, disputeEvent("charge.dispute.funds_withdrawn", "pi_closed", "needs_response"));
    expect(
      (await sendWebhook(org, disputeEvent("charge.dispute.closed", "pi_closed", "lost"))).body,
    ).toMatchObject({ received: true, outcome: "ignored" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "sent", amount_due: 119 });
    expect((await sendWebhook(org, disputeEvent("charge.dispute.closed", "pi_closed", "won"))).body).toEqual({
      received: true,
      outcome: "reinstated",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "paid", amount_due: 0 });
    expect(
      (await sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_closed", "won"))).body,
    ).toEqual({ received: true, outcome: "duplicate" });
    expect(await eventsOf(org, "invoice.payment_reinstated")).toHaveLength(1);
  });

  it("a won dispute before its withdrawal was applied leaves the payment standing; one about a payment not posted yet is 409", async () => {
    const org = await euroOrg();
    const intents: Record<string, Record<string, string>> = {};
    const { invoice } = await paidByStripe(org, "pi_early_win", { intents });
    // Stripe's withdrawal failed here and waits for a retry while the dispute is won.
    expect(
      (await sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_early_win", "won"))).body,
    ).toEqual({ received: true, outcome: "duplicate" });
    const late = await sendWebhook(
      org,
      disputeEvent("charge.dispute.funds_withdrawn", "pi_early_win", "won"),
    );
    expect(late.body).toEqual({ received: true, outcome: "duplicate" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "paid",
      amount_paid: 119,
      amount_due: 0,
    });
    expect(await eventsOf(org, "invoice.payment_disputed")).toEqual([]);

    // A payment Stripe took for another open invoice of this organization, whose own event has
    // not arrived yet: its dispute (no metadata: Stripe is asked) and refund (the charge's
    // metadata names the invoice) wait for it.
    const { invoice: waiting } = await sentInvoice(org);
    const ours = { invoice_id: waiting.id, organization_id: org.organizationId };
    intents.pi_nowhere = ours;
    const unknown = await sendWebhook(
      org,
      disputeEvent("charge.dispute.funds_reinstated", "pi_nowhere", "won"),
    );
    expect(unknown.status).toBe(409);
    expect(unknown.body.error).toMatchObject({ code: "conflict", details: { reason: "payment_not_posted" } });
    const refund = chargeRefunded("pi_nowhere", 5000);
    const early = await sendWebhook(org, {
      ...refund,
      data: { object: { ...refund.data.object, metadata: ours } },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.details.reason).toBe("payment_not_posted");
  });

  it("concurrent deliveries of a won dispute post the payment again once; a win racing its withdrawal ends paid", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_won_race");
    const withdrawn = disputeEvent("charge.dispute.funds_withdrawn", "pi_won_race", "needs_response");
    expect((await sendWebhook(org, withdrawn)).body).toMatchObject({ outcome: "reversed" });
    const answers = await Promise.all([
      sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_won_race", "won")),
      sendWebhook(org, disputeEvent("charge.dispute.closed", "pi_won_race", "won")),
      sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_won_race", "won")),
      sendWebhook(org, withdrawn),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((res) => res.body.outcome).sort()).toEqual([
      "duplicate",
      "duplicate",
      "duplicate",
      "reinstated",
    ]);
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "paid",
      amount_paid: 119,
      amount_due: 0,
    });
    expect(await eventsOf(org, "invoice.payment_reinstated")).toHaveLength(1);

    // Another payment whose withdrawal and win arrive together: whichever lands first, it ends paid.
    const other = await euroOrg();
    const { invoice: second } = await paidByStripe(other, "pi_both_at_once");
    const both = await Promise.all([
      sendWebhook(other, disputeEvent("charge.dispute.funds_withdrawn", "pi_both_at_once", "needs_response")),
      sendWebhook(other, disputeEvent("charge.dispute.funds_reinstated", "pi_both_at_once", "won")),
    ]);
    expect(both.map((res) => res.status)).toEqual([200, 200]);
    expect(await getInvoice(other, second.id)).toMatchObject({
      status: "paid",
      amount_paid: 119,
      amount_due: 0,
    });
  });

  it("a payment partly refunded, then disputed and won, counts what was left of it", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_mixed");
    await sendWebhook(org, chargeRefunded("pi_mixed", 1900));
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 100,
      amount_due: 19,
    });
    await sendWebhook(org, disputeEvent("charge.dispute.funds_withdrawn", "pi_mixed", "needs_response"));
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 0,
      amount_due: 119,
    });
    expect(
      (await sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_mixed", "won"))).body,
    ).toEqual({ received: true, outcome: "reinstated" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 100,
      amount_due: 19,
    });
  });
  it("a refund delivery whose reads a concurrent refund made stale reads again and applies Stripe's total once", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_stale");
    await sendWebhook(org, chargeRefunded("pi_stale", 5000));
    const [payment] = await listPayments(org, invoice.id);
    const paymentId = String(payment?.id);
    // Delivery B (Stripe's total 90) commits after delivery A (total 70) read, before A writes.
    const race = raceBefore(await d1Of(org.organizationId), INVOICE_WRITE, async () => {
      const b = await applyProviderRefund(
        await dbOf(org.organizationId),
        org.organizationId,
        invoice.id,
        paymentId,
        {
          refundedMinor: 9000,
          full: false,
        },
      );
      expect(b.change).toBe("refunded");
    });
    const a = await applyProviderRefund(race.db, org.organizationId, invoice.id, paymentId, {
      refundedMinor: 7000,
      full: false,
    });
    expect(race.raced()).toBe(true);
    // A read 50 refunded, so only a second read (90) finds its total applied.
    expect(a).toEqual({ change: "unchanged", reason: "already_applied" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 29, amount_due: 90 });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({ amount_refunded: 90 });
    expect((await eventsOf(org, "invoice.payment_refunded")).map((e) => e.refund_amount)).toEqual([50, 40]);
  });

  it("a refund delivery racing a payment posted by hand writes again from what it then reads: both count", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_stale_manual");
    await sendWebhook(org, chargeRefunded("pi_stale_manual", 5000));
    const [payment] = await listPayments(org, invoice.id);
    const race = raceBefore(await d1Of(org.organizationId), INVOICE_WRITE, async () => {
      const manual = await api("POST", `/v1/invoices/${invoice.id}/payments`, {
        token: org.owner.key,
        body: { amount: 10, method: "bank_transfer" },
      });
      expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    });
    const refund = await applyProviderRefund(race.db, org.organizationId, invoice.id, String(payment?.id), {
      refundedMinor: 7000,
      full: false,
    });
    expect(refund.change).toBe("refunded");
    // The first write was refused (the invoice changed after it was read); the second landed.
    expect(race.matching()).toBe(2);
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 59, amount_due: 60 });
    expect((await eventsOf(org, "invoice.payment_refunded")).map((e) => e.refund_amount)).toEqual([50, 20]);
  });

  it("a dispute withdrawal whose reads a concurrent refund made stale reverses what the invoice still counts", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_stale_dispute");
    await sendWebhook(org, chargeRefunded("pi_stale_dispute", 5000));
    const [payment] = await listPayments(org, invoice.id);
    const paymentId = String(payment?.id);
    const race = raceBefore(await d1Of(org.organizationId), INVOICE_WRITE, async () => {
      await applyProviderRefund(await dbOf(org.organizationId), org.organizationId, invoice.id, paymentId, {
        refundedMinor: 9000,
        full: false,
      });
    });
    await reversePayment(race.db, org.organizationId, invoice.id, paymentId, "invoice.payment_disputed");
    expect(race.matching()).toBe(2);
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 0,
      amount_due: 119,
    });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({
      amount_refunded: 90,
      dispute_status: "withdrawn",
    });
    expect(await eventsOf(org, "invoice.payment_disputed")).toHaveLength(1);
    // Won: what Stripe had not refunded comes back.
    expect(
      (await sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_stale_dispute", "won")))
        .body,
    ).toEqual({ received: true, outcome: "reinstated" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 29, amount_due: 90 });
  });

  it("a dispute withdrawal racing a payment posted by hand writes again from what it then reads: both count", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_dispute_manual");
    await sendWebhook(org, chargeRefunded("pi_dispute_manual", 5000));
    const [payment] = await listPayments(org, invoice.id);
    const race = raceBefore(await d1Of(org.organizationId), INVOICE_WRITE, async () => {
      const manual = await api("POST", `/v1/invoices/${invoice.id}/payments`, {
        token: org.owner.key,
        body: { amount: 10, method: "bank_transfer" },
      });
      expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    });
    await reversePayment(
      race.db,
      org.organizationId,
      invoice.id,
      String(payment?.id),
      "invoice.payment_disputed",
    );
    expect(race.matching()).toBe(2);
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 10, amount_due: 109 });
  });

  it("a refund or withdrawal fails its batch when the payment changed since it was read, even with the invoice's version unchanged", async () => {
    // Every write path today changes a payment together with its invoice's version, which the
    // version guard catches; the payment guard holds for one that would not (a backfill).
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_payment_guard");
    await sendWebhook(org, chargeRefunded("pi_payment_guard", 5000));
    const [payment] = await listPayments(org, invoice.id);
    const paymentId = String(payment?.id);
    const refundTo = (minor: number) => async () => {
      await (await d1Of(org.organizationId))
        .prepare("UPDATE payments SET refunded_minor = ? WHERE id = ?")
        .bind(minor, paymentId)
        .run();
    };
    const refundRace = raceBefore(await d1Of(org.organizationId), INVOICE_WRITE, refundTo(9000));
    expect(
      await applyProviderRefund(refundRace.db, org.organizationId, invoice.id, paymentId, {
        refundedMinor: 7000,
        full: false,
      }),
    ).toEqual({ change: "unchanged", reason: "already_applied" });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({ amount_refunded: 90 });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 69 });

    await refundTo(5000)();
    const withdrawalRace = raceBefore(await d1Of(org.organizationId), INVOICE_WRITE, refundTo(9000));
    await reversePayment(
      withdrawalRace.db,
      org.organizationId,
      invoice.id,
      paymentId,
      "invoice.payment_disputed",
    );
    expect(withdrawalRace.matching()).toBe(2);
    // What the invoice counted of it as read again (119 - 90) comes off, not the 69 read first.
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 40 });
  });

  it("a won dispute's reinstatement writes again from what it then reads: a payment by hand, a payment changed without the invoice's version", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_won_race");
    await sendWebhook(org, chargeRefunded("pi_won_race", 5000));
    await sendWebhook(org, disputeEvent("charge.dispute.funds_withdrawn", "pi_won_race", "needs_response"));
    const [payment] = await listPayments(org, invoice.id);
    const paymentId = String(payment?.id);
    // A payment by hand commits after the reinstatement read (the invoice's version guard).
    const manualRace = raceBefore(await d1Of(org.organizationId), INVOICE_WRITE, async () => {
      const manual = await api("POST", `/v1/invoices/${invoice.id}/payments`, {
        token: org.owner.key,
        body: { amount: 10, method: "bank_transfer" },
      });
      expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    });
    expect(
      (await reinstateDisputedPayment(manualRace.db, org.organizationId, invoice.id, paymentId)).change,
    ).toBe("reinstated");
    expect(manualRace.matching()).toBe(2);
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 79, amount_due: 40 });

    // Another disputed payment whose refunded total changes after the reinstatement read, without
    // its invoice's version (the payment guard): what is posted back is read again.
    const { invoice: second } = await paidByStripe(org, "pi_won_race_2");
    await sendWebhook(org, chargeRefunded("pi_won_race_2", 5000));
    await sendWebhook(org, disputeEvent("charge.dispute.funds_withdrawn", "pi_won_race_2", "needs_response"));
    const [withdrawn] = await listPayments(org, second.id);
    const guardRace = raceBefore(await d1Of(org.organizationId), INVOICE_WRITE, async () => {
      await (await d1Of(org.organizationId))
        .prepare("UPDATE payments SET refunded_minor = 9000 WHERE id = ?")
        .bind(String(withdrawn?.id))
        .run();
    });
    await reinstateDisputedPayment(guardRace.db, org.organizationId, second.id, String(withdrawn?.id));
    expect(guardRace.matching()).toBe(2);
    expect(await getInvoice(org, second.id)).toMatchObject({ amount_paid: 29, amount_due: 90 });
  });

  it("a refund while a dispute holds the money is recorded; the won dispute posts back only what was not refunded", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_held");
    await sendWebhook(org, disputeEvent("charge.dispute.funds_withdrawn", "pi_held", "needs_response"));
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 0, amount_due: 119 });

    const refund = await sendWebhook(org, chargeRefunded("pi_held", 5000));
    expect(refund.status).toBe(200);
    expect(refund.body).toEqual({ received: true, outcome: "refunded" });
    // The invoice counts none of the withdrawn payment: nothing more comes off.
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 0,
      amount_due: 119,
    });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({
      amount_refunded: 50,
      reversed_at: expect.any(String),
      dispute_status: "withdrawn",
    });
    expect((await eventsOf(org, "invoice.payment_refunded")).map((e) => e.refund_amount)).toEqual([50]);
    expect(await eventsOf(org, "invoice.payment_reversed")).toHaveLength(1);
    expect((await sendWebhook(org, chargeRefunded("pi_held", 5000))).body).toEqual({
      received: true,
      outcome: "duplicate",
    });

    expect(
      (await sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_held", "won"))).body,
    ).toEqual({ received: true, outcome: "reinstated" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 69,
      amount_due: 50,
    });
  });

  it("a won dispute settling an invoice is paid as of the latest payment it counts", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    // Stripe took the payment three days ago.
    const taken = sessionCompleted(org, invoice, "pi_later", 11900);
    taken.created -= 3 * 24 * 60 * 60;
    expect((await sendWebhook(org, taken)).body).toMatchObject({ outcome: "posted" });
    await sendWebhook(org, disputeEvent("charge.dispute.funds_withdrawn", "pi_later", "needs_response"));
    // Meanwhile the customer paid part again by bank transfer, yesterday.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const manual = await api("POST", `/v1/invoices/${invoice.id}/payments`, {
      token: org.owner.key,
      body: { amount: 50, received_at: yesterday, method: "bank_transfer" },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);

    expect(
      (await sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_later", "won"))).body,
    ).toEqual({ received: true, outcome: "reinstated" });
    const paid = await getInvoice(org, invoice.id);
    expect(paid).toMatchObject({ status: "paid", amount_paid: 169 });
    expect(paid.paid_at).toBe(manual.body.received_at);
  });

  it("a full refund in another currency than the payment's reverses it as before; a partial one is ignored", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_fx");
    const foreign = (amountRefunded: number, refunded: boolean) =>
      stripeEvent("charge.refunded", {
        id: "ch_fx",
        object: "charge",
        payment_intent: "pi_fx",
        amount: 13000,
        amount_refunded: amountRefunded,
        refunded,
        currency: "usd",
      });
    expect((await sendWebhook(org, foreign(5000, false))).body).toEqual({
      received: true,
      outcome: "ignored",
      reason: "currency_mismatch",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "paid", amount_paid: 119 });
    expect((await sendWebhook(org, foreign(13000, true))).body).toEqual({
      received: true,
      outcome: "reversed",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 0,
      amount_due: 119,
    });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({
      amount_refunded: 119,
      reversed_at: expect.any(String),
    });
  });

  it("a credit note issued before the Stripe payment paid back other money: it does not cover the payment's refund", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe();
    const bank = await api("POST", `/v1/invoices/${invoice.id}/payments`, {
      token: org.owner.key,
      body: { amount: 119, method: "bank_transfer" },
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(201);
    // The note pays 19 of the bank transfer back; it states no method.
    const note = await api("POST", "/v1/credit-notes", {
      token: org.owner.key,
      body: { invoice_id: invoice.id, reason: "Agreed discount", amount: 19 },
    });
    expect(note.body.refund_amount).toBe(19);
    // Then the customer pays again through a stale page, and Stripe refunds 19 of that.
    expect(
      (await sendWebhook(org, sessionCompleted(org, invoice, "pi_after_note", 11900))).body,
    ).toMatchObject({
      outcome: "posted",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 219 });
    expect((await sendWebhook(org, chargeRefunded("pi_after_note", 1900))).body).toMatchObject({
      outcome: "refunded",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 200 });
    const [event] = await eventsOf(org, "invoice.payment_refunded");
    expect(event).toMatchObject({ refund_amount: 19, covered_by_credit_note: false });
  });

  it("acknowledges refunds and disputes of payments this ledger never posts (another sale, a void invoice) as ignored", async () => {
    const org = await euroOrg();
    const intents: Record<string, Record<string, string>> = {};
    await paidByStripe(org, "pi_ours", { intents, missing: ["pi_gone"] });
    const other = await euroOrg();
    const { invoice: voided } = await sentInvoice(org);
    expect((await api("POST", `/v1/invoices/${voided.id}/void`, { token: org.owner.key })).status).toBe(200);
    intents.pi_shop = { order: "4711" };
    intents.pi_void = { invoice_id: voided.id, organization_id: org.organizationId };
    const unapplied = vi.spyOn(console, "warn");

    const answers = [
      // Another sale on the same Stripe account: the charge's metadata names no invoice.
      [chargeRefunded("pi_shop", 5000), "unknown_payment"],
      // Another organization's invoice, named in the charge's metadata.
      [
        {
          ...chargeRefunded("pi_theirs", 5000),
          data: {
            object: {
              ...chargeRefunded("pi_theirs", 5000).data.object,
              metadata: { invoice_id: "inv_x", organization_id: other.organizationId },
            },
          },
        },
        "unknown_payment",
      ],
      // A payment intent Stripe does not know on this account.
      [disputeEvent("charge.dispute.funds_reinstated", "pi_gone", "won"), "unknown_payment"],
      // Stripe took it for an invoice that was void: its payment was never posted.
      [disputeEvent("charge.dispute.funds_reinstated", "pi_void", "won"), "payment_not_applied"],
    ] as const;
    for (const [event, reason] of answers) {
      const res = await sendWebhook(org, event);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ received: true, outcome: "ignored", reason });
    }
    const logged = unapplied.mock.calls
      .map((call) => String(call[0]))
      .filter((line) => line.includes("provider_event_unapplied"));
    expect(logged).toHaveLength(4);
  });

  it("answers 409 when Stripe cannot say whose the payment is now, so it sends the event again", async () => {
    const org = await euroOrg();
    await connect(org);
    fakeStripe({ fail: true });
    const res = await sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_unsure", "won"));
    expect(res.status).toBe(409);
    expect(res.body.error.details.reason).toBe("payment_not_posted");
  });

  it("migration backfill: a payment a dispute reversed before dispute_status existed is posted again when the dispute is won", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_legacy");
    await sendWebhook(org, disputeEvent("charge.dispute.funds_withdrawn", "pi_legacy", "needs_response"));
    const second = await euroOrg();
    const { invoice: refunded } = await paidByStripe(second, "pi_legacy_refund");
    await sendWebhook(second, chargeRefunded("pi_legacy_refund", 11900));
    const third = await euroOrg();
    const { invoice: byHand } = await paidByStripe(third, "pi_legacy_hand");
    const [handPayment] = await listPayments(third, byHand.id);
    expect(
      (
        await api("DELETE", `/v1/invoices/${byHand.id}/payments/${handPayment?.id}`, {
          token: third.owner.key,
        })
      ).status,
    ).toBe(200);
    // What the code before migration 0025 stored: no dispute_status, nothing refunded.
    for (const id of ["pi_legacy", "pi_legacy_refund", "pi_legacy_hand"]) {
      await (await d1Of(org.organizationId))
        .prepare(
          "UPDATE payments SET dispute_status = NULL, refunded_minor = 0 WHERE provider_payment_id = ?",
        )
        .bind(id)
        .run();
    }
    const backfill = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_backfill_provider_reversals.sql"));
    expect(backfill).toBeDefined();
    for (const query of backfill?.queries ?? []) await (await d1Of(org.organizationId)).prepare(query).run();

    expect((await listPayments(org, invoice.id))[0]).toMatchObject({ dispute_status: "withdrawn" });
    expect((await listPayments(second, refunded.id))[0]).toMatchObject({
      amount_refunded: 119,
      dispute_status: null,
    });
    expect((await listPayments(third, byHand.id))[0]).toMatchObject({
      amount_refunded: 0,
      dispute_status: null,
    });
    expect(
      (await sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_legacy", "won"))).body,
    ).toEqual({ received: true, outcome: "reinstated" });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ status: "paid", amount_paid: 119 });
    expect(
      (await sendWebhook(third, disputeEvent("charge.dispute.funds_reinstated", "pi_legacy_hand", "won")))
        .body,
    ).toEqual({ received: true, outcome: "ignored", reason: "not_withdrawn" });
  });

  const intentLookups = (seen: SeenRequest[]) =>
    seen.filter((r) => r.path.startsWith("/v1/payment_intents/"));
  const loggedErrors = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("origin lookup failed"));

  it("ignores a refund of a charge naming no invoice (another sale) without asking Stripe, even when Stripe is down", async () => {
    const org = await euroOrg();
    await connect(org);
    const stripe = fakeStripe({ fail: true });
    const res = await sendWebhook(org, chargeRefunded("pi_shop_sale", 2500, 2500));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "ignored", reason: "unknown_payment" });
    expect(intentLookups(stripe.seen)).toEqual([]);
  });

  it("answers 409 and logs an error when the connected key cannot ask Stripe about a dispute (401)", async () => {
    const org = await euroOrg();
    const put = await client(org.owner.key).PUT("/v1/payment-providers/stripe", {
      body: { secret_key: "sk_test_51Revoked000000000000000wxyz", webhook_secret: WEBHOOK_SECRET },
    });
    expectStatus(put, 200);
    const stripe = fakeStripe();
    const errors = vi.spyOn(console, "error");
    const res = await sendWebhook(org, disputeEvent("charge.dispute.funds_withdrawn", "pi_revoked", "lost"));
    expect(res.status).toBe(409);
    expect(res.body.error.details.reason).toBe("payment_not_posted");
    expect(intentLookups(stripe.seen)).toHaveLength(1);
    expect(loggedErrors(errors)).toHaveLength(1);
    expect(JSON.parse(loggedErrors(errors)[0] ?? "{}")).toMatchObject({
      level: "error",
      organization_id: org.organizationId,
      provider_payment_id: "pi_revoked",
    });
  });

  it("takes only Stripe's resource_missing as an unknown payment: another 404 answers 409", async () => {
    const org = await euroOrg();
    await connect(org);
    fakeStripe({ unrouted: ["pi_proxy"], missing: ["pi_unknown"] });
    const proxied = await sendWebhook(
      org,
      disputeEvent("charge.dispute.funds_withdrawn", "pi_proxy", "lost"),
    );
    expect(proxied.status).toBe(409);
    expect(proxied.body.error.details.reason).toBe("payment_not_posted");
    const unknown = await sendWebhook(
      org,
      disputeEvent("charge.dispute.funds_withdrawn", "pi_unknown", "lost"),
    );
    expect(unknown.body).toEqual({ received: true, outcome: "ignored", reason: "unknown_payment" });
  });

  it("answers 409 without asking Stripe for a live-mode dispute while a test key is connected, logged as an error", async () => {
    const org = await euroOrg();
    await connect(org);
    // A test key does not see live payment intents: Stripe would answer resource_missing.
    const stripe = fakeStripe({ missing: ["pi_live"] });
    const errors = vi.spyOn(console, "error");
    const live = { ...disputeEvent("charge.dispute.funds_withdrawn", "pi_live", "lost"), livemode: true };
    const res = await sendWebhook(org, live);
    expect(res.status).toBe(409);
    expect(res.body.error.details.reason).toBe("payment_not_posted");
    expect(intentLookups(stripe.seen)).toEqual([]);
    expect(loggedErrors(errors)).toHaveLength(1);
    // The same dispute in test mode is asked about, and is unknown.
    const test = { ...disputeEvent("charge.dispute.funds_withdrawn", "pi_live", "lost"), livemode: false };
    expect((await sendWebhook(org, test)).body).toEqual({
      received: true,
      outcome: "ignored",
      reason: "unknown_payment",
    });
  });

  it("acknowledges a dispute of a payment in another currency than its invoice (never posted) as payment_not_applied", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    fakeStripe({ intents: { pi_usd: { invoice_id: invoice.id, organization_id: org.organizationId } } });
    expect((await sendWebhook(org, sessionCompleted(org, invoice, "pi_usd", 13000, "usd"))).body).toEqual({
      received: true,
      outcome: "ignored",
      reason: "currency_mismatch",
    });
    const dispute = stripeEvent("charge.dispute.funds_withdrawn", {
      id: "dp_usd",
      object: "dispute",
      payment_intent: "pi_usd",
      amount: 13000,
      currency: "usd",
      status: "needs_response",
    });
    const res = await sendWebhook(org, dispute);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "ignored", reason: "payment_not_applied" });
  });

  it("a credit note matches a refund of the later payment, whichever payment's refund Stripe reports first", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_first");
    const credit = async () => {
      const note = await api("POST", "/v1/credit-notes", {
        token: org.owner.key,
        body: { invoice_id: invoice.id, reason: "Agreed discount", amount: 19 },
      });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      return note.body.refund_amount;
    };
    // Note 1 pays back 19 of the first payment; a second payment arrives through a stale page;
    // note 2 pays back 38 (its 19 and the 19 paid beyond the total).
    expect(await credit()).toBe(19);
    expect((await sendWebhook(org, sessionCompleted(org, invoice, "pi_second", 1900))).body).toMatchObject({
      outcome: "posted",
    });
    expect(await credit()).toBe(38);
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 81, amount_due: 0 });

    // The seller refunds all 57 at Stripe: 38 of the first payment, 19 of the second. Note 1 can
    // only be the first payment's money, note 2 either's: both refunds are the notes' money.
    expect((await sendWebhook(org, chargeRefunded("pi_first", 3800))).body).toMatchObject({
      outcome: "refunded",
    });
    expect((await sendWebhook(org, chargeRefunded("pi_second", 1900, 1900))).body).toMatchObject({
      outcome: "reversed",
    });
    expect(await getInvoice(org, invoice.id)).toMatchObject({ amount_paid: 81, amount_due: 0 });
    expect(
      (await eventsOf(org, "invoice.payment_refunded")).map((e) => [
        e.refund_amount,
        e.covered_by_credit_note,
      ]),
    ).toEqual([
      [38, true],
      [19, true],
    ]);
  });

  it("a payment refunded in full while its dispute held the money stays reversed when the dispute is won", async () => {
    const org = await euroOrg();
    const { invoice } = await paidByStripe(org, "pi_gone_back");
    await sendWebhook(org, disputeEvent("charge.dispute.funds_withdrawn", "pi_gone_back", "needs_response"));
    expect((await sendWebhook(org, chargeRefunded("pi_gone_back", 11900))).body).toEqual({
      received: true,
      outcome: "refunded",
    });
    // Won: nothing of it is left to post again.
    expect(
      (await sendWebhook(org, disputeEvent("charge.dispute.funds_reinstated", "pi_gone_back", "won"))).body,
    ).toEqual({ received: true, outcome: "duplicate" });
    expect((await listPayments(org, invoice.id))[0]).toMatchObject({
      amount_refunded: 119,
      reversed_at: expect.any(String),
      dispute_status: "reinstated",
    });
    // Stripe's redelivery of the full refund, the dispute's close and a late withdrawal change nothing.
    for (const again of [
      chargeRefunded("pi_gone_back", 11900),
      disputeEvent("charge.dispute.closed", "pi_gone_back", "won"),
      disputeEvent("charge.dispute.funds_withdrawn", "pi_gone_back", "needs_response"),
    ]) {
      expect((await sendWebhook(org, again)).body).toEqual({ received: true, outcome: "duplicate" });
    }
    expect(await getInvoice(org, invoice.id)).toMatchObject({
      status: "sent",
      amount_paid: 0,
      amount_due: 119,
    });
    expect(await eventsOf(org, "invoice.payment_reinstated")).toEqual([]);
    expect(await eventsOf(org, "invoice.payment_reversed")).toHaveLength(1);
    expect((await eventsOf(org, "invoice.payment_refunded")).map((e) => e.refund_amount)).toEqual([119]);
  });
});

describe("master key rotation", () => {
  const V1 = env.MASTER_KEY as string;
  const V2 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
  const keyring = JSON.stringify({ v1: V1, v2: V2 });

  afterEach(() => {
    Object.assign(env, { MASTER_KEYS: undefined, MASTER_KEY_VERSION: undefined });
  });

  it("reseals the connection's secrets under the new version; the webhook still verifies", async () => {
    const org = await euroOrg();
    await connect(org);
    const { invoice } = await sentInvoice(org);
    const versionOf = async () =>
      (
        await (
          await d1Of(org.organizationId)
        )
          .prepare("SELECT secret_key_version AS v FROM payment_provider_accounts WHERE organization_id = ?")
          .bind(org.organizationId)
          .first<{ v: string }>()
      )?.v;
    expect(await versionOf()).toBe("v1");

    Object.assign(env, { MASTER_KEYS: keyring, MASTER_KEY_VERSION: "v2" });
    const result = await rewrapProviderSecrets(await dbOf(org.organizationId), env);
    expect(result).toMatchObject({ version: "v2", failed: 0, remaining: 0 });
    expect(result.rewrapped).toBeGreaterThan(0);
    expect(await versionOf()).toBe("v2");
    fakeStripe();
    expect((await sendWebhook(org, sessionCompleted(org, invoice, "pi_rotated", 11900))).body).toEqual({
      received: true,
      outcome: "posted",
    });

    // Back to v1 (the file's other connections too), so the suite's fixed key opens them all.
    Object.assign(env, { MASTER_KEYS: keyring, MASTER_KEY_VERSION: "v1" });
    expect(await rewrapProviderSecrets(await dbOf(org.organizationId), env)).toMatchObject({
      failed: 0,
      remaining: 0,
    });
    expect(await versionOf()).toBe("v1");
  });
});

import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { createOrg, type TestOrg } from "../helpers/api";
import { client, expectApiError, expectStatus, invalid } from "../helpers/client";
import { d1Of } from "../helpers/db";
import { createCustomer } from "../helpers/factories";
import { advanceClock } from "../helpers/test-clock";

async function taxRate(org: TestOrg) {
  return expectStatus(
    await client(org.owner.key).POST("/v1/tax-rates", {
      body: { display_name: "VAT", percentage: 19, inclusive: false, category: "S" },
    }),
    201,
  );
}

async function quoteFor(org: TestOrg, extra: Record<string, unknown> = {}) {
  const customer = await createCustomer(org);
  const rate = await taxRate(org);
  return expectStatus(
    await client(org.owner.key).POST("/v1/quotes", {
      body: {
        customer_id: customer.id,
        items: [
          { description: "Design", quantity: 3, unit_price: 120.5, tax_rate_id: rate.id },
          { description: "Hosting", quantity: 1, unit_price: 40, discount: { percentage: 10 } },
        ],
        discounts: [{ description: "Loyalty", amount: 5 }],
        default_tax_rate_id: rate.id,
        notes: "Valid for the scope agreed",
        ...extra,
      },
    }),
    201,
  );
}

describe("quotes", () => {
  it("quote -> send -> accept -> convert: an invoice with the same lines and totals; numbered QT-", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    const quote = await quoteFor(org);
    expect(quote.number).toBe("QT-000001");
    expect(quote.status).toBe("draft");
    const second = await quoteFor(org);
    expect(second.number).toBe("QT-000002");

    const sent = expectStatus(
      await api.POST("/v1/quotes/{id}/send", { params: { path: { id: quote.id } } }),
      200,
    );
    expect(sent.status).toBe("sent");
    const emails = expectStatus(
      await api.GET("/v1/quotes/{id}/emails", { params: { path: { id: quote.id } } }),
      200,
    );
    expect(emails.data).toHaveLength(1);
    expect(emails.data[0]?.subject).toContain("QT-000001");

    const accepted = expectStatus(
      await api.POST("/v1/quotes/{id}/accept", { params: { path: { id: quote.id } } }),
      200,
    );
    expect(accepted.status).toBe("accepted");

    const converted = expectStatus(
      await api.POST("/v1/quotes/{id}/convert", { params: { path: { id: quote.id } } }),
      201,
    );
    const invoice = converted.invoice;
    expect(converted.invoice_id).toBe(invoice.id);
    expect(invoice.status).toBe("draft");
    expect(invoice.customer_id).toBe(quote.customer_id);
    const strip = <T extends { id: string }>(items: T[]) => items.map(({ id: _id, ...rest }) => rest);
    expect(strip(invoice.items)).toEqual(strip(quote.items));
    for (const field of [
      "subtotal",
      "discount_total",
      "tax_exclusive_total",
      "tax_total",
      "rounding_amount",
      "total",
      "tax_breakdown",
      "discounts",
      "currency",
      "notes",
    ] as const) {
      expect(invoice[field], field).toEqual(quote[field]);
    }

    const read = expectStatus(await api.GET("/v1/quotes/{id}", { params: { path: { id: quote.id } } }), 200);
    expect(read.status).toBe("converted");
    expect(read.invoice_id).toBe(invoice.id);

    const again = expectApiError(
      await api.POST("/v1/quotes/{id}/convert", { params: { path: { id: quote.id } } }),
      409,
      "conflict",
    );
    expect(again.details).toMatchObject({ reason: "quote_converted", invoice_id: invoice.id });
  });

  it("carries line unit codes into the quote, its e-mail and the invoice it converts into", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    const quote = await quoteFor(org, {
      items: [
        { description: "Design", quantity: 3, unit_price: 120.5, unit_code: "HUR" },
        { description: "Hosting", quantity: 1, unit_price: 40 },
      ],
    });
    expect(quote.items.map((item) => item.unit_code)).toEqual(["HUR", "C62"]);
    const path = { params: { path: { id: quote.id } } };
    expectStatus(await api.POST("/v1/quotes/{id}/send", path), 200);
    const emails = expectStatus(await api.GET("/v1/quotes/{id}/emails", path), 200);
    expect(emails.data[0]?.text).toContain("- Design: 3 h x ");
    expect(emails.data[0]?.text).toContain("- Hosting: 1 x ");
    expectStatus(await api.POST("/v1/quotes/{id}/accept", path), 200);
    const converted = expectStatus(await api.POST("/v1/quotes/{id}/convert", path), 201);
    expect(converted.invoice.items.map((item) => item.unit_code)).toEqual(["HUR", "C62"]);
  });

  it("reads a quote line stored before units as C62, and converts it so", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    const quote = await quoteFor(org);
    // As a quote stored before unit codes existed: its lines' JSON has no unitCode.
    await (await d1Of(org.organizationId))
      .prepare(
        "UPDATE quotes SET lines = (SELECT json_group_array(json_remove(value, '$.unitCode')) FROM json_each(quotes.lines)) WHERE id = ?",
      )
      .bind(quote.id)
      .run();
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT lines FROM quotes WHERE id = ?")
      .bind(quote.id)
      .first<{ lines: string }>();
    expect(stored?.lines).toContain("unitPriceMinor");
    expect(stored?.lines).not.toContain("unitCode");
    const path = { params: { path: { id: quote.id } } };
    const read = expectStatus(await api.GET("/v1/quotes/{id}", path), 200);
    expect(read.items.map((item) => item.unit_code)).toEqual(["C62", "C62"]);
    expectStatus(await api.POST("/v1/quotes/{id}/send", path), 200);
    expectStatus(await api.POST("/v1/quotes/{id}/accept", path), 200);
    const converted = expectStatus(await api.POST("/v1/quotes/{id}/convert", path), 201);
    expect(converted.invoice.items.map((item) => item.unit_code)).toEqual(["C62", "C62"]);
  });

  it("concurrent converts make one invoice; the losers answer 409 with its id", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    const quote = await quoteFor(org);
    expectStatus(await api.POST("/v1/quotes/{id}/send", { params: { path: { id: quote.id } } }), 200);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.POST("/v1/quotes/{id}/convert", { params: { path: { id: quote.id } } }),
      ),
    );
    const won = results.filter((r) => r.response.status === 201);
    expect(won).toHaveLength(1);
    const invoiceId = won[0]?.data?.invoice_id;
    for (const lost of results.filter((r) => r.response.status !== 201)) {
      // Lost the race on the guard: 409, naming the invoice when it was committed first.
      expect(lost.response.status).toBe(409);
      const details = (lost.error as { error: { details?: Record<string, unknown> } }).error.details;
      if (details?.reason === "quote_converted") expect(details.invoice_id).toBe(invoiceId);
    }
    const count = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM invoices WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("expires after expires_at on every read, and refuses accept and convert then", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    const quote = await quoteFor(org, { expires_at: "2030-01-10" });
    expect(quote.expires_at).toBe("2030-01-10");
    setClockForTests(() => new Date("2030-01-05T12:00:00Z"));
    expectStatus(await api.POST("/v1/quotes/{id}/send", { params: { path: { id: quote.id } } }), 200);
    setClockForTests(() => new Date("2030-01-10T23:00:00Z"));
    expect(
      expectStatus(await api.GET("/v1/quotes/{id}", { params: { path: { id: quote.id } } }), 200).status,
    ).toBe("sent");
    setClockForTests(() => new Date("2030-01-11T00:00:00Z"));
    expect(
      expectStatus(await api.GET("/v1/quotes/{id}", { params: { path: { id: quote.id } } }), 200).status,
    ).toBe("expired");
    const list = expectStatus(await api.GET("/v1/quotes", { params: { query: { status: "expired" } } }), 200);
    expect(list.data.map((q) => q.id)).toEqual([quote.id]);
    const accept = expectApiError(
      await api.POST("/v1/quotes/{id}/accept", { params: { path: { id: quote.id } } }),
      409,
      "conflict",
    );
    expect(accept.details).toMatchObject({ reason: "quote_expired" });
    expectApiError(
      await api.POST("/v1/quotes/{id}/convert", { params: { path: { id: quote.id } } }),
      409,
      "conflict",
    );
  });

  it("expires on the test clock's day, stored by the sweep with quote.expired", async () => {
    setClockForTests(() => new Date("2031-03-01T09:00:00Z"));
    const org = await createOrg({ testMode: true });
    setClockForTests();
    const api = client(org.owner.key);
    const quote = await quoteFor(org, { expires_at: "2031-03-03" });
    expectStatus(await api.POST("/v1/quotes/{id}/send", { params: { path: { id: quote.id } } }), 200);
    const moved = await advanceClock(api, "2031-03-05");
    // The sweeps run on the day after the expiry (the first day a sweep has work) and at `to`.
    expect(moved.ran.filter((r) => r.sweep === "quote-expiry")).toEqual([
      { date: "2031-03-04", sweep: "quote-expiry", count: 1 },
      { date: "2031-03-05", sweep: "quote-expiry", count: 0 },
    ]);
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT status, expired_at FROM quotes WHERE id = ?")
      .bind(quote.id)
      .first();
    expect(stored).toEqual({ status: "expired", expired_at: "2031-03-04T00:00:00.000Z" });
    const events = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT count(*) AS n FROM webhook_events WHERE organization_id = ? AND type = 'quote.expired'",
      )
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(events?.n).toBe(1);
  });

  it("validates like an invoice; edits and deletes drafts only; accept and decline only from sent", async () => {
    const org = await createOrg();
    const api = client(org.owner.key);
    const customer = await createCustomer(org);
    const bad = expectApiError(
      await api.POST("/v1/quotes", {
        body: {
          customer_id: customer.id,
          items: [{ description: "X", quantity: 1, unit_price: 1, tax_rate_id: "txr_missing" }],
        },
      }),
      422,
      "validation_error",
    );
    expect(bad.details).toHaveProperty(["items.0.tax_rate_id"]);
    const past = expectApiError(
      await api.POST("/v1/quotes", {
        body: {
          customer_id: customer.id,
          items: [{ description: "X", quantity: 1, unit_price: 1 }],
          expires_at: "2000-01-01",
        },
      }),
      422,
      "validation_error",
    );
    expect(past.details).toHaveProperty("expires_at");
    expectApiError(
      await api.POST("/v1/quotes", {
        body: invalid({
          customer_id: customer.id,
          items: [{ description: "X", quantity: 1, unit_price: 1 }],
          status: "sent",
        }),
      }),
      422,
      "validation_error",
    );

    const quote = await quoteFor(org);
    expectApiError(
      await api.POST("/v1/quotes/{id}/accept", { params: { path: { id: quote.id } } }),
      409,
      "conflict",
    );
    const patched = expectStatus(
      await api.PATCH("/v1/quotes/{id}", {
        params: { path: { id: quote.id } },
        body: { items: [{ description: "Only this", quantity: 2, unit_price: 10 }], discounts: [] },
      }),
      200,
    );
    // The default tax rate (19 %) still applies to the new line.
    expect(patched.total).toBe(23.8);
    expectStatus(await api.POST("/v1/quotes/{id}/send", { params: { path: { id: quote.id } } }), 200);
    expectApiError(
      await api.PATCH("/v1/quotes/{id}", { params: { path: { id: quote.id } }, body: { notes: "x" } }),
      409,
      "conflict",
    );
    expectApiError(
      await api.DELETE("/v1/quotes/{id}", { params: { path: { id: quote.id } } }),
      409,
      "conflict",
    );
    const declined = expectStatus(
      await api.POST("/v1/quotes/{id}/decline", { params: { path: { id: quote.id } } }),
      200,
    );
    expect(declined.status).toBe("declined");
    expectApiError(
      await api.POST("/v1/quotes/{id}/convert", { params: { path: { id: quote.id } } }),
      409,
      "conflict",
    );

    const draft = await quoteFor(org);
    const del = await api.DELETE("/v1/quotes/{id}", { params: { path: { id: draft.id } } });
    expect(del.response.status).toBe(204);
    expectApiError(
      await api.GET("/v1/quotes/{id}", { params: { path: { id: draft.id } } }),
      404,
      "not_found",
    );
    // Another organization's quote is not found.
    const other = await createOrg();
    expectApiError(
      await client(other.owner.key).GET("/v1/quotes/{id}", { params: { path: { id: quote.id } } }),
      404,
      "not_found",
    );
  });
});

// The lifecycle table (src/services/lifecycle.ts) through the API: who may void, void refused
// while payments stand, and invoice and quote transitions answered from every state as the table says.
import { describe, expect, it } from "vitest";
import { INVOICE_STATUSES, type InvoiceStatus } from "../../../src/db/schema/invoices";
import { QUOTE_STATUSES, type QuoteStatus } from "../../../src/db/schema/quotes";
import { setClockForTests } from "../../../src/lib/clock";
import { INVOICE_TRANSITIONS, QUOTE_TRANSITIONS } from "../../../src/services/lifecycle";
import { addMember, api, createOrg, expectError, type TestOrg } from "../../helpers/api";
import { createCustomer } from "../../helpers/factories";
import { draft, get, post, sentInvoice } from "./helpers";

const items = [{ description: "Work", quantity: 1, unit_price: 100 }];

describe("voiding an invoice", () => {
  it("answers 403 access_denied to a member and leaves the invoice as it was", async () => {
    const org = await createOrg();
    const member = await addMember(org, "member");
    const invoice = await sentInvoice(org, { items });
    const res = await api("POST", `/v1/invoices/${invoice.id}/void`, { token: member.key });
    expect(expectError(res, 403, "access_denied").message).toBe(
      "This operation needs the role owner or admin",
    );
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ status: "sent", amount_credited: 0, voided_at: null });
    expect((await get(org, `/v1/invoices/${invoice.id}/credit-notes`)).body.data).toEqual([]);
  });

  it("voids for an admin and for the owner, with the full credit note as before", async () => {
    const org = await createOrg();
    const admin = await addMember(org, "admin");
    for (const token of [admin.key, org.owner.key]) {
      const invoice = await sentInvoice(org, { items });
      const res = await api("POST", `/v1/invoices/${invoice.id}/void`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: "void", amount_credited: 100, amount_due: 0 });
      const notes = (await get(org, `/v1/invoices/${invoice.id}/credit-notes`)).body.data;
      expect(notes).toEqual([expect.objectContaining({ total: 100, voids_invoice: true })]);
    }
  });

  it("refuses 409 invoice_has_payments while a payment stands, pointing to a credit note", async () => {
    const org = await createOrg({ currency: "EUR" });
    const invoice = await sentInvoice(org, { items });
    const payment = await post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 40 });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);

    const refused = expectError(await post(org, `/v1/invoices/${invoice.id}/void`), 409, "conflict");
    expect(refused.message).toBe(
      "The invoice has payments (EUR 40.00 paid) and cannot be voided: issue a credit note instead " +
        "(POST /v1/credit-notes), or reverse the payments first",
    );
    expect(refused.details).toEqual({
      reason: "invoice_has_payments",
      amount_paid: 40,
      currency: "EUR",
      payments: 1,
      hint: "POST /v1/credit-notes",
    });
    const read = await get(org, `/v1/invoices/${invoice.id}`);
    expect(read.body).toMatchObject({ status: "sent", amount_paid: 40, amount_credited: 0, voided_at: null });
    expect((await get(org, `/v1/invoices/${invoice.id}/credit-notes`)).body.data).toEqual([]);

    // Reversed, the payment no longer stands: the void goes through.
    const reversed = await api("DELETE", `/v1/invoices/${invoice.id}/payments/${payment.body.id}`, {
      token: org.owner.key,
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    const voided = await post(org, `/v1/invoices/${invoice.id}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: "void", amount_paid: 0, amount_credited: 100 });
  });

  it("refuses a member before it looks at payments (403, not 409)", async () => {
    const org = await createOrg();
    const member = await addMember(org, "member");
    const invoice = await sentInvoice(org, { items });
    await post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 10 });
    const res = await api("POST", `/v1/invoices/${invoice.id}/void`, { token: member.key });
    expectError(res, 403, "access_denied");
  });
});

/** An invoice of `org` in `status`, made through the API (overdue: sent, then the clock moves on). */
async function invoiceIn(org: TestOrg, status: InvoiceStatus): Promise<string> {
  if (status === "draft") return (await draft(org, { items })).id;
  if (status === "overdue") {
    const invoice = await sentInvoice(org, { items, due_date: "2030-01-10" });
    return invoice.id;
  }
  const invoice = await sentInvoice(org, { items });
  if (status === "paid")
    expect((await post(org, `/v1/invoices/${invoice.id}/payments`, { amount: 100 })).status).toBe(201);
  if (status === "void") expect((await post(org, `/v1/invoices/${invoice.id}/void`)).status).toBe(200);
  return invoice.id;
}

/** Each transition the API makes directly, its request, and the status of a success. */
const TRANSITIONS = {
  void: { request: (org: TestOrg, id: string) => post(org, `/v1/invoices/${id}/void`), ok: 200 },
  record_payment: {
    request: (org: TestOrg, id: string) => post(org, `/v1/invoices/${id}/payments`, { amount: 1 }),
    ok: 201,
  },
  delete: {
    request: (org: TestOrg, id: string) => api("DELETE", `/v1/invoices/${id}`, { token: org.owner.key }),
    ok: 204,
  },
  credit: {
    request: (org: TestOrg, id: string) =>
      post(org, "/v1/credit-notes", { invoice_id: id, reason: "Goodwill", amount: 1 }),
    ok: 201,
  },
} as const;

describe("the invoice lifecycle table, through the API", () => {
  const cases = Object.entries(TRANSITIONS).flatMap(([name, transition]) =>
    INVOICE_STATUSES.map((status) => {
      const allowed = (
        INVOICE_TRANSITIONS[name as keyof typeof TRANSITIONS].from as readonly string[]
      ).includes(status);
      return { name, status, allowed, transition };
    }),
  );

  it.each(cases)("$name from $status: allowed = $allowed", async ({ status, allowed, transition }) => {
    const org = await createOrg();
    const id = await invoiceIn(org, status);
    // Overdue is read from the clock: the invoice fell due on 2030-01-10.
    if (status === "overdue") setClockForTests(() => new Date("2030-01-11T12:00:00Z"));
    expect((await get(org, `/v1/invoices/${id}`)).body.status).toBe(status);
    const res = await transition.request(org, id);
    if (allowed) expect(res.status, JSON.stringify(res.body)).toBe(transition.ok);
    else expectError(res, 409, "conflict");
  });
});

/** A quote of `org` in `status`, made through the API (expired: sent, then the clock moves on). */
async function quoteIn(org: TestOrg, status: QuoteStatus): Promise<string> {
  const customer = await createCustomer(org);
  const created = await post(org, "/v1/quotes", {
    customer_id: customer.id,
    items,
    expires_at: "2030-01-10",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const steps: Record<QuoteStatus, string[]> = {
    draft: [],
    sent: ["send"],
    expired: ["send"],
    accepted: ["send", "accept"],
    declined: ["send", "decline"],
    converted: ["send", "convert"],
  };
  for (const step of steps[status]) {
    const res = await post(org, `/v1/quotes/${id}/${step}`);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  }
  return id;
}

const QUOTE_REQUESTS = {
  accept: { request: (org: TestOrg, id: string) => post(org, `/v1/quotes/${id}/accept`), ok: 200 },
  decline: { request: (org: TestOrg, id: string) => post(org, `/v1/quotes/${id}/decline`), ok: 200 },
  convert: { request: (org: TestOrg, id: string) => post(org, `/v1/quotes/${id}/convert`), ok: 201 },
  delete: {
    request: (org: TestOrg, id: string) => api("DELETE", `/v1/quotes/${id}`, { token: org.owner.key }),
    ok: 204,
  },
} as const;

describe("the quote lifecycle table, through the API", () => {
  const cases = Object.entries(QUOTE_REQUESTS).flatMap(([name, transition]) =>
    QUOTE_STATUSES.map((status) => {
      const from = QUOTE_TRANSITIONS[name as keyof typeof QUOTE_REQUESTS].from as readonly string[];
      return { name, status, allowed: from.includes(status), transition };
    }),
  );

  it.each(cases)("$name from $status: allowed = $allowed", async ({ status, allowed, transition }) => {
    const org = await createOrg();
    const id = await quoteIn(org, status);
    // Expired is read from the clock: the quote's expiry day was 2030-01-10.
    if (status === "expired") setClockForTests(() => new Date("2030-01-11T12:00:00Z"));
    expect((await get(org, `/v1/quotes/${id}`)).body.status).toBe(status);
    const res = await transition.request(org, id);
    if (allowed) expect(res.status, JSON.stringify(res.body)).toBe(transition.ok);
    else expectError(res, 409, "conflict");
  });
});

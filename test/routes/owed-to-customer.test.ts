// Invoices whose amount the organization owes its customer (type codes 381 and 389,
// `owedToCustomer` in src/lib/type-codes.ts) are not asked to be paid anywhere: the
// hosted page shows no balance due, a bank transfer is never matched to them, sending one again
// is no reminder, the test clock plans no reminder for them, they take no payment, and they never
// fall due (no overdue status in reads, lists or the overdue sweep).

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices } from "../../src/db/schema/invoices";
import { setClockForTests } from "../../src/lib/clock";
import { markOverdueInvoices } from "../../src/services/invoices/overdue";
import { nextEvents } from "../../src/services/test-clock";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { camt053 } from "../helpers/bank-statements";
import { dbOf } from "../helpers/db";
import { createCustomer, SELLER } from "../helpers/factories";
import { draft, get, post, send, standardRate } from "./billing/helpers";

async function sellerOrg(profile: Record<string, unknown> = {}) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: { ...SELLER, ...profile },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, { name: "Kunde AG" });
  return { org, rate, customer };
}

type Setup = Awaited<ReturnType<typeof sellerOrg>>;

async function sentOf(setup: Setup, extra: Record<string, unknown>) {
  const created = await draft(setup.org, {
    customer_id: setup.customer.id,
    items: [{ description: "Work", quantity: 1, unit_price: 100, tax_rate_id: setup.rate.id }],
    ...extra,
  });
  return send(setup.org, created.id);
}

const KINDS = [{ type_code: "381", preceding_invoice: { number: "EXT-1" } }, { type_code: "389" }] as const;

async function hostedPage(sent: Record<string, any>) {
  const url = sent.hosted_url as string;
  const res = await api("GET", `/i/${url.slice(url.lastIndexOf("/") + 1)}`);
  expect(res.status).toBe(200);
  return (res.body as string).replace(/[\u00a0\u202f]/g, " ");
}

const emailsOf = async (org: TestOrg, id: string) =>
  (await get(org, `/v1/invoices/${id}/emails`)).body.data as { kind: string }[];

describe("what the organization owes its customer", () => {
  for (const kind of KINDS) {
    it(`${kind.type_code}: the hosted page asks for no payment`, async () => {
      const setup = await sellerOrg();
      const owed = await sentOf(setup, kind);
      const page = await hostedPage(owed);
      expect(page).not.toContain('class="due"');
      expect(page).not.toContain("Scan to pay");
      expect(page).toContain("Nothing is due on this invoice.");
      // An ordinary invoice of the same amount does ask for it.
      const ordinary = await hostedPage(await sentOf(setup, {}));
      expect(ordinary).toContain('class="due"');
      expect(ordinary).toContain("Scan to pay");
    });

    it(`${kind.type_code}: takes no payment from the customer, nor a move to paid`, async () => {
      const setup = await sellerOrg();
      const owed = await sentOf(setup, kind);
      const message = `A ${kind.type_code} invoice is money the organization owes its customer: it takes no payment from them`;
      for (const [path, body] of [
        [`/v1/invoices/${owed.id}/payments`, { amount: 10, method: "bank_transfer" }],
        [`/v1/invoices/${owed.id}/pay`, undefined],
      ] as const) {
        const res = await api("POST", path, { token: setup.org.owner.key, body });
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body.error).toMatchObject({
          code: "conflict",
          message,
          details: { reason: "invoice_owed_to_customer" },
        });
      }
      const moved = await api("PATCH", `/v1/invoices/${owed.id}`, {
        token: setup.org.owner.key,
        body: { status: "paid" },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(409);
      expect(moved.body.error.details).toMatchObject({ reason: "invoice_owed_to_customer" });
      expect((await get(setup.org, `/v1/invoices/${owed.id}`)).body).toMatchObject({
        amount_paid: 0,
        status: "sent",
      });
    });

    it(`${kind.type_code}: an incoming transfer naming it is not matched to it`, async () => {
      const setup = await sellerOrg();
      const owed = await sentOf(setup, kind);
      const upload = await api("POST", "/v1/bank-statements", {
        token: setup.org.owner.key,
        rawBody: camt053([{ amount: 119, name: "Kunde AG", text: `Payment ${owed.number}`, bankRef: "T-1" }]),
        headers: { "Content-Type": "application/xml" },
      });
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      const [entry] = (await get(setup.org, "/v1/bank-transactions?limit=10")).body.data;
      expect(entry.status).not.toBe("matched");
      expect(JSON.stringify(entry.suggestions ?? [])).not.toContain(owed.id);
      expect((await get(setup.org, `/v1/invoices/${owed.id}`)).body).toMatchObject({
        status: "sent",
        amount_paid: 0,
      });
    });

    it(`${kind.type_code}: sending it again e-mails the invoice again, never a reminder`, async () => {
      const setup = await sellerOrg();
      const owed = await sentOf(setup, kind);
      const again = await post(setup.org, `/v1/invoices/${owed.id}/send`);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const kinds = (await emailsOf(setup.org, owed.id)).map((e) => e.kind);
      expect(kinds).toEqual(["invoice", "invoice"]);
    });

    it(`${kind.type_code}: never falls due: stays sent past its due date, in reads, lists and the overdue sweep`, async () => {
      const setup = await sellerOrg();
      const owed = await sentOf(setup, { ...kind, due_date: "2030-01-31" });
      const ordinary = await sentOf(setup, { due_date: "2030-01-31" });
      setClockForTests(() => new Date("2030-03-01T09:00:00Z"));
      try {
        expect((await get(setup.org, `/v1/invoices/${owed.id}`)).body.status).toBe("sent");
        expect((await get(setup.org, `/v1/invoices/${ordinary.id}`)).body.status).toBe("overdue");
        const ids = async (status: string) =>
          ((await get(setup.org, `/v1/invoices?status=${status}`)).body.data as { id: string }[]).map(
            (i) => i.id,
          );
        expect(await ids("overdue")).toEqual([ordinary.id]);
        expect(await ids("sent")).toEqual([owed.id]);
        const db = await dbOf(setup.org.organizationId);
        await markOverdueInvoices(db, new Date("2030-03-01T09:00:00Z"), setup.org.organizationId);
        const stored = await db.select().from(invoices).where(eq(invoices.id, owed.id));
        expect(stored[0]?.status).toBe("sent");
      } finally {
        setClockForTests();
      }
    });

    it(`${kind.type_code}: the test clock plans no reminder for it`, async () => {
      const setup = await sellerOrg({ reminder_schedule: [{ offset_days: 3 }] });
      const owed = await sentOf(setup, kind);
      expect(owed.due_date).toBeTruthy();
      const events = await nextEvents(await dbOf(setup.org.organizationId), setup.org.organizationId);
      expect(events["payment-reminders"]).toBeNull();
    });
  }

  it("the test clock still plans the reminder of an ordinary invoice", async () => {
    const setup = await sellerOrg({ reminder_schedule: [{ offset_days: 3 }] });
    await sentOf(setup, KINDS[0]);
    const ordinary = await sentOf(setup, {});
    const day = new Date(Date.parse(`${ordinary.due_date}T00:00:00Z`) + 3 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const events = await nextEvents(await dbOf(setup.org.organizationId), setup.org.organizationId);
    expect(events["payment-reminders"]).toBe(day);
  });
});

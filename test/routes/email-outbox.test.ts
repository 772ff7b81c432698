// Every kind of e-mail (invoice, credit note, quote, receipt, scheduled reminder) goes through
// the same outbox: a `queued` row first, then the transport with the row id as idempotency key,
// then the row marked `sent` (with the provider's id) or `failed`. A test organization's e-mails
// stay in the outbox. The outcome is what the provider said, never what recording it did.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { utcDate } from "../../src/lib/clock";
import { sweepReminders } from "../../src/services/invoices/reminders";
import { createOrg, type TestOrg } from "../helpers/api";
import { client, expectStatus } from "../helpers/client";
import { d1Of, tenantD1s } from "../helpers/db";
import { mockEmailProvider, restoreEmailTransport } from "../helpers/email-provider";
import { createCustomer, createInvoice, dueIn } from "../helpers/factories";

interface ProviderCall {
  idempotencyKey: string | null;
  subject: string;
}

/** The http transport, its provider answering `answer()` (switchable mid-test). */
function httpProvider() {
  const provider = {
    calls: [] as ProviderCall[],
    answer: (): Response => Response.json({ id: `msg_${crypto.randomUUID()}` }),
  };
  mockEmailProvider(async (request) => {
    const body = (await request.json()) as { subject: string };
    provider.calls.push({ idempotencyKey: request.headers.get("Idempotency-Key"), subject: body.subject });
    return provider.answer();
  });
  return provider;
}

afterEach(restoreEmailTransport);

type Table = "invoice_emails" | "credit_note_emails" | "quote_emails";

/** What sending answered: the HTTP status and body, or for the sweep 200 and its counts. */
interface Answer {
  status: number;
  body: unknown;
}

interface Kind {
  name: string;
  table: Table;
  /** Arranges what is to be e-mailed and answers how to send it. */
  prepare(org: TestOrg): Promise<() => Promise<Answer>>;
}

const answerOf = async (res: { response: Response; data?: unknown; error?: unknown }): Promise<Answer> => ({
  status: res.response.status,
  body: res.data ?? res.error,
});

async function sentInvoice(org: TestOrg, body: Record<string, unknown> = {}) {
  const invoice = await createInvoice(org, body);
  const path = { params: { path: { id: invoice.id } } };
  expectStatus(await client(org.owner.key).POST("/v1/invoices/{id}/send", path), 200);
  return invoice;
}

const KINDS: Kind[] = [
  {
    name: "invoice",
    table: "invoice_emails",
    async prepare(org) {
      const invoice = await createInvoice(org);
      return async () =>
        answerOf(
          await client(org.owner.key).POST("/v1/invoices/{id}/send", {
            params: { path: { id: invoice.id } },
          }),
        );
    },
  },
  {
    name: "credit note",
    table: "credit_note_emails",
    async prepare(org) {
      const invoice = await sentInvoice(org);
      const note = expectStatus(
        await client(org.owner.key).POST("/v1/credit-notes", {
          body: { invoice_id: invoice.id, reason: "Goodwill", amount: 5 },
        }),
        201,
      );
      return async () =>
        answerOf(
          await client(org.owner.key).POST("/v1/credit-notes/{id}/send", {
            params: { path: { id: note.id } },
          }),
        );
    },
  },
  {
    name: "quote",
    table: "quote_emails",
    async prepare(org) {
      const customer = await createCustomer(org);
      const quote = expectStatus(
        await client(org.owner.key).POST("/v1/quotes", {
          body: { customer_id: customer.id, items: [{ description: "Audit", quantity: 1, unit_price: 300 }] },
        }),
        201,
      );
      return async () =>
        answerOf(
          await client(org.owner.key).POST("/v1/quotes/{id}/send", { params: { path: { id: quote.id } } }),
        );
    },
  },
  {
    name: "receipt",
    table: "invoice_emails",
    async prepare(org) {
      const invoice = await sentInvoice(org);
      const payment = expectStatus(
        await client(org.owner.key).POST("/v1/invoices/{id}/payments", {
          params: { path: { id: invoice.id } },
          body: { amount: 4, received_at: utcDate(), method: "bank_transfer" },
        }),
        201,
      );
      return async () =>
        answerOf(
          await client(org.owner.key).POST("/v1/invoices/{id}/payments/{paymentId}/receipt", {
            params: { path: { id: invoice.id, paymentId: payment.id } },
          }),
        );
    },
  },
  {
    name: "scheduled reminder",
    table: "invoice_emails",
    async prepare(org) {
      expectStatus(
        await client(org.owner.key).PATCH("/v1/organization", {
          body: { reminder_schedule: [{ offset_days: 1 }] },
        }),
        200,
      );
      await sentInvoice(org, { due_date: dueIn(3) });
      const at = new Date(Date.now() + 5 * 86_400_000);
      return async () => ({
        status: 200,
        body: await sweepReminders(env, at, { organizationId: org.organizationId }),
      });
    },
  },
];

interface EmailRow {
  id: string;
  transport: string;
  status: string;
  provider_message_id: string | null;
  subject: string;
}

/** The organization's latest e-mail row of `table`. */
async function latestRow(org: TestOrg, table: Table): Promise<EmailRow> {
  const row = await (await d1Of(org.organizationId))
    .prepare(
      `SELECT id, transport, status, provider_message_id, subject FROM ${table}
      WHERE organization_id = ? ORDER BY rowid DESC LIMIT 1`,
    )
    .bind(org.organizationId)
    .first<EmailRow>();
  expect(row).not.toBeNull();
  return row!;
}

/** D1 refuses to record `sent` on `table` while `run` runs (a write failing after the provider took the message). */
async function withSentOutcomeRefused<T>(table: Table, run: () => Promise<T>): Promise<T> {
  const trigger = `refuse_sent_${table}`;
  // On every database: the trigger is schema, whichever database holds the organization.
  for (const d1 of tenantD1s())
    await d1
      .prepare(
        `CREATE TRIGGER ${trigger} BEFORE UPDATE OF status ON ${table} WHEN NEW.status = 'sent'
          BEGIN SELECT RAISE(ABORT, 'outcome write refused'); END`,
      )
      .run();
  try {
    return await run();
  } finally {
    for (const d1 of tenantD1s()) await d1.prepare(`DROP TRIGGER ${trigger}`).run();
  }
}

describe.each(KINDS)("the $name e-mail through the outbox", (kind) => {
  it("is stored queued, handed to the provider under its row id, and marked sent with the provider's id", async () => {
    const provider = httpProvider();
    const org = await createOrg();
    const send = await kind.prepare(org);
    provider.answer = () => Response.json({ id: "msg_accepted" });
    const answer = await send();
    expect(answer.status, JSON.stringify(answer.body)).toBe(kind.name === "receipt" ? 201 : 200);
    const row = await latestRow(org, kind.table);
    expect(row).toMatchObject({ transport: "http", status: "sent", provider_message_id: "msg_accepted" });
    expect(provider.calls.at(-1)).toEqual({ idempotencyKey: row.id, subject: row.subject });
    if (kind.name === "scheduled reminder") expect(answer.body).toEqual({ sent: 1, skipped: 0 });
  });

  it("is marked failed when the provider refuses; the answer says so with the row's id", async () => {
    const provider = httpProvider();
    const org = await createOrg();
    const send = await kind.prepare(org);
    provider.answer = () => new Response("nope", { status: 503 });
    const answer = await send();
    const row = await latestRow(org, kind.table);
    expect(row).toMatchObject({ transport: "http", status: "failed", provider_message_id: null });
    expect(provider.calls.at(-1)?.idempotencyKey).toBe(row.id);
    if (kind.name === "scheduled reminder") {
      // The step is done (the sweep does not retry it) and counted as sent.
      expect(answer.body).toEqual({ sent: 1, skipped: 0 });
    } else {
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({
        error: { code: "internal_error", details: { reason: "email_delivery_failed", email_id: row.id } },
      });
    }
  });

  it("answers as delivered when the provider took the message but recording it failed; the row stays queued", async () => {
    const provider = httpProvider();
    const org = await createOrg();
    const send = await kind.prepare(org);
    provider.answer = () => Response.json({ id: "msg_taken" });
    const answer = await withSentOutcomeRefused(kind.table, send);
    expect(answer.status, JSON.stringify(answer.body)).toBe(kind.name === "receipt" ? 201 : 200);
    const row = await latestRow(org, kind.table);
    // Not `failed`: a retry would e-mail the customer again under a new row and key.
    expect(row).toMatchObject({ transport: "http", status: "queued", provider_message_id: null });
    expect(provider.calls.at(-1)?.idempotencyKey).toBe(row.id);
  });

  it("stays in the outbox for a test organization: stored, never handed to the provider", async () => {
    const provider = httpProvider();
    const org = await createOrg({ testMode: true });
    const send = await kind.prepare(org);
    const before = provider.calls.length;
    const answer = await send();
    expect(answer.status, JSON.stringify(answer.body)).toBe(kind.name === "receipt" ? 201 : 200);
    expect(await latestRow(org, kind.table)).toMatchObject({ transport: "outbox", status: "queued" });
    expect(provider.calls.length).toBe(before);
  });
});

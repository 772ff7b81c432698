// A write whose Worker dies after its batch commits, before the key is completed: a retry with
// the same Idempotency-Key, even once the 15-minute claim has lapsed, replays the write's answer
// and never runs it again.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOURLY, runScheduled } from "../../src/cron";
import { bindingOf } from "../../src/db/route";
import { setClockForTests } from "../../src/lib/clock";
import { failNextAfterHandlerForTests } from "../../src/middleware/idempotency";
import { isClaimLost, keepAnswerStatements } from "../../src/services/idempotency";
import { recordPayment } from "../../src/services/invoices";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { d1Of, databaseOf, dbOf, selectOnEveryTenant } from "../helpers/db";
import { mockEmailProvider, restoreEmailTransport } from "../helpers/email-provider";
import { createCustomer, createInvoice } from "../helpers/factories";

const PAST_CLAIM_EXPIRY_MS = 16 * 60_000;

/**
 * Sends `path` with key `key`, the Worker failing after the handler; then retries it right
 * away and again once the claim would have been abandoned. Returns both retries.
 */
async function crashAndRetry(org: TestOrg, path: string, key: string, body?: unknown) {
  const send = () => api("POST", path, { token: org.owner.key, body, headers: { "Idempotency-Key": key } });
  failNextAfterHandlerForTests();
  const crashed = await send();
  expect(crashed.status).toBe(500);
  const soon = await send();
  setClockForTests(() => new Date(Date.now() + PAST_CLAIM_EXPIRY_MS));
  const late = await send();
  return { soon, late };
}

/** A count(*) by a unique id or an organization: summed over the databases (one holds the rows). */
async function count(sql: string, ...binds: unknown[]): Promise<number> {
  const rows = await selectOnEveryTenant<{ n: number }>(sql, ...binds);
  return rows.reduce((sum, row) => sum + row.n, 0);
}

async function creditNoteSequence(org: TestOrg): Promise<number | undefined> {
  const row = await (await d1Of(org.organizationId))
    .prepare("SELECT credit_note_sequence AS n FROM organizations WHERE id = ?")
    .bind(org.organizationId)
    .first<{ n: number }>();
  return row?.n;
}

async function sentInvoice(org: TestOrg, overrides: Record<string, unknown> = {}) {
  const invoice = await createInvoice(org, overrides);
  const sent = await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return invoice;
}

describe("an idempotent write retried after the Worker died before completing its key", () => {
  it("records a payment once and replays its 201, even after the claim expired", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org);
    const path = `/v1/invoices/${invoice.id}/payments`;
    const { soon, late } = await crashAndRetry(org, path, "pay-once", { amount: 4 });

    const listed = await api("GET", path, { token: org.owner.key });
    expect(listed.body.data).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM payments WHERE invoice_id = ?", invoice.id)).toBe(1);
    for (const retry of [soon, late]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.body).toEqual(listed.body.data[0]);
    }
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: org.owner.key });
    expect(read.body.amount_paid).toBe(4);
  });

  it("marks an invoice paid once (POST /pay) and replays its answer", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org);
    const { soon, late } = await crashAndRetry(org, `/v1/invoices/${invoice.id}/pay`, "mark-paid");
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: org.owner.key });
    expect(read.body.status).toBe("paid");
    for (const retry of [soon, late]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      // The hosted link is a secret: kept and replayed as null.
      expect(retry.body).toEqual({ ...read.body, hosted_url: null });
    }
    expect(await count("SELECT count(*) AS n FROM payments WHERE invoice_id = ?", invoice.id)).toBe(1);
  });

  it("issues a credit note once, with one number, and replays it", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org);
    const { soon, late } = await crashAndRetry(org, "/v1/credit-notes", "credit-once", {
      invoice_id: invoice.id,
      amount: 3,
      reason: "Discount",
    });
    const notes = await api("GET", `/v1/credit-notes?invoice_id=${invoice.id}`, { token: org.owner.key });
    expect(notes.body.data).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM credit_notes WHERE invoice_id = ?", invoice.id)).toBe(1);
    const note = await api("GET", `/v1/credit-notes/${notes.body.data[0].id}`, { token: org.owner.key });
    expect(note.body.number).toBe("CN-000001");
    for (const retry of [soon, late]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.body).toEqual(note.body);
    }
    expect(await creditNoteSequence(org)).toBe(1);
  });

  it("sends an invoice once: one number, one e-mail, the numbered invoice replayed", async () => {
    const org = await createOrg();
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: { invoice_numbering: "on_send" } });
    const invoice = await createInvoice(org);
    expect(invoice.number).toBeNull();
    const { soon, late } = await crashAndRetry(org, `/v1/invoices/${invoice.id}/send`, "send-once");
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: org.owner.key });
    expect(read.body).toMatchObject({ status: "sent", number: expect.stringMatching(/\d$/) });
    for (const retry of [soon, late]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.body).toMatchObject({
        id: invoice.id,
        status: "sent",
        number: read.body.number,
        hosted_url: null,
      });
    }
    const emails = await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key });
    expect(emails.body.data.map((e: { kind: string }) => e.kind)).toEqual(["invoice"]);
    expect(
      await count(
        "SELECT count(*) AS n FROM invoices WHERE organization_id = ? AND number != ''",
        org.organizationId,
      ),
    ).toBe(1);
  });

  it("creates an invoice numbered on create once, and replays it with its number", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const { soon, late } = await crashAndRetry(org, "/v1/invoices", "create-once", {
      customer_id: customer.id,
      items: [{ description: "Work", quantity: 1, unit_price: 10 }],
    });
    const list = await api("GET", "/v1/invoices", { token: org.owner.key });
    expect(list.body.data).toHaveLength(1);
    const read = await api("GET", `/v1/invoices/${list.body.data[0].id}`, { token: org.owner.key });
    expect(read.body.number).toMatch(/1$/);
    for (const retry of [soon, late]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.body).toEqual(read.body);
    }
  });

  it("creates an invoice numbered on send once, and replays it with its number null", async () => {
    const org = await createOrg();
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: { invoice_numbering: "on_send" } });
    const customer = await createCustomer(org);
    const { soon, late } = await crashAndRetry(org, "/v1/invoices", "create-unnumbered", {
      customer_id: customer.id,
      items: [{ description: "Work", quantity: 1, unit_price: 10 }],
    });
    const list = await api("GET", "/v1/invoices", { token: org.owner.key });
    expect(list.body.data).toHaveLength(1);
    const read = await api("GET", `/v1/invoices/${list.body.data[0].id}`, { token: org.owner.key });
    expect(read.body.number).toBeNull();
    for (const retry of [soon, late]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.body).toEqual(read.body);
    }
    const sequence = await (await d1Of(org.organizationId))
      .prepare("SELECT invoice_sequence AS n FROM organizations WHERE id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(sequence?.n).toBe(0);
  });

  it("creates a quote once, with one number, and replays it", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const { soon, late } = await crashAndRetry(org, "/v1/quotes", "quote-once", {
      customer_id: customer.id,
      items: [{ description: "Build", quantity: 1, unit_price: 100 }],
    });
    const list = await api("GET", "/v1/quotes", { token: org.owner.key });
    expect(list.body.data).toHaveLength(1);
    const read = await api("GET", `/v1/quotes/${list.body.data[0].id}`, { token: org.owner.key });
    expect(read.body.number).toBe("QT-000001");
    for (const retry of [soon, late]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.body).toEqual(read.body);
    }
  });

  it("converts a quote once and replays the 201 with the invoice", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const quote = await api("POST", "/v1/quotes", {
      token: org.owner.key,
      body: { customer_id: customer.id, items: [{ description: "Build", quantity: 1, unit_price: 100 }] },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    expect((await api("POST", `/v1/quotes/${quote.body.id}/send`, { token: org.owner.key })).status).toBe(
      200,
    );
    const { soon, late } = await crashAndRetry(org, `/v1/quotes/${quote.body.id}/convert`, "convert-once");
    const converted = await api("GET", `/v1/quotes/${quote.body.id}`, { token: org.owner.key });
    expect(converted.body.status).toBe("converted");
    const invoice = await api("GET", `/v1/invoices/${converted.body.invoice_id}`, { token: org.owner.key });
    for (const retry of [soon, late]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.body.invoice_id).toBe(converted.body.invoice_id);
      expect(retry.body.invoice).toEqual(invoice.body);
    }
    expect(
      await count("SELECT count(*) AS n FROM invoices WHERE organization_id = ?", org.organizationId),
    ).toBe(1);
  });

  it("voids an invoice once, with one credit note number, and replays the void", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org);
    const { soon, late } = await crashAndRetry(org, `/v1/invoices/${invoice.id}/void`, "void-once", {
      reason: "Issued in error",
    });
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: org.owner.key });
    expect(read.body.status).toBe("void");
    for (const retry of [soon, late]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.body).toEqual({ ...read.body, hosted_url: null });
    }
    expect(await count("SELECT count(*) AS n FROM credit_notes WHERE invoice_id = ?", invoice.id)).toBe(1);
    const notes = await api("GET", `/v1/credit-notes?invoice_id=${invoice.id}`, { token: org.owner.key });
    expect(notes.body.data.map((note: { number: string }) => note.number)).toEqual(["CN-000001"]);
    expect(await creditNoteSequence(org)).toBe(1);
  });
});

describe("what an idempotent write keeps, and what may run again", () => {
  afterEach(() => {
    restoreEmailTransport();
    Object.assign(env, { MASTER_KEYS: undefined });
  });

  it("keeps the answer of a credit note whose request failed after its write committed", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org);
    const body = { invoice_id: invoice.id, amount: 3, reason: "Discount" };
    const headers = { "Idempotency-Key": "credit-archive-fails" };
    // The note commits, then its archive cannot even start (the key configuration is broken):
    // the request answers 500 after the write.
    Object.assign(env, { MASTER_KEYS: "not json" });
    const failed = await api("POST", "/v1/credit-notes", { token: org.owner.key, body, headers });
    expect(failed.status, JSON.stringify(failed.body)).toBe(500);
    Object.assign(env, { MASTER_KEYS: undefined });
    expect(await count("SELECT count(*) AS n FROM credit_notes WHERE invoice_id = ?", invoice.id)).toBe(1);
    const retry = await api("POST", "/v1/credit-notes", { token: org.owner.key, body, headers });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    const note = await api("GET", `/v1/credit-notes/${retry.body.id}`, { token: org.owner.key });
    expect(retry.body).toEqual(note.body);
    expect(await count("SELECT count(*) AS n FROM credit_notes WHERE invoice_id = ?", invoice.id)).toBe(1);
    expect(await creditNoteSequence(org)).toBe(1);
  });

  it("runs a payment whose claim was abandoned before its write committed", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org);
    const me = await api("GET", "/v1/me", { token: org.owner.key });
    // A request that claimed the key and died before its batch: a pending claim, 16 minutes old.
    await (await d1Of(org.organizationId))
      .prepare(
        "INSERT INTO idempotency_keys (scope, key, fingerprint, status, created_at, expires_at) VALUES (?, 'pay-died', 'x', NULL, ?, ?)",
      )
      .bind(
        `user:${me.body.user.id}`,
        new Date(Date.now() - 16 * 60_000).toISOString(),
        new Date(Date.now() + 3600_000).toISOString(),
      )
      .run();
    const path = `/v1/invoices/${invoice.id}/payments`;
    const headers = { "Idempotency-Key": "pay-died" };
    const first = await api("POST", path, { token: org.owner.key, body: { amount: 2 }, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const again = await api("POST", path, { token: org.owner.key, body: { amount: 2 }, headers });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await count("SELECT count(*) AS n FROM payments WHERE invoice_id = ?", invoice.id)).toBe(1);
  });

  it("keeps nothing when the write is refused, so the corrected payment runs under the same key", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org);
    const path = `/v1/invoices/${invoice.id}/payments`;
    const headers = { "Idempotency-Key": "pay-fix" };
    const tooMuch = await api("POST", path, { token: org.owner.key, body: { amount: 500 }, headers });
    expect(tooMuch.status).toBe(422);
    const fixed = await api("POST", path, { token: org.owner.key, body: { amount: 5 }, headers });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(fixed.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("writes no payment when the request's claim is no longer its own (taken over after 15 minutes)", async () => {
    const org = await createOrg();
    const invoice = await sentInvoice(org);
    const db = await dbOf(org.organizationId);
    // The claim this request took is gone (another request holds the key now): the payment's
    // batch refuses to commit under it.
    const claim = { scope: "user:someone", key: "taken-over", claimedAt: new Date().toISOString() };
    const keep = (d: typeof db, result: unknown) =>
      keepAnswerStatements(d, claim, { status: 201, body: result, secretFields: undefined });
    const attempt = recordPayment(db, org.organizationId, invoice.id, { amount: 1 }, keep);
    await expect(attempt).rejects.toSatisfy(isClaimLost);
    expect(await count("SELECT count(*) AS n FROM payments WHERE invoice_id = ?", invoice.id)).toBe(0);
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: org.owner.key });
    expect(read.body.amount_paid).toBe(0);
  });

  it("runs a send again under the same key after its e-mail failed (the answer asks for that)", async () => {
    let providerAnswer = () => new Response("down", { status: 503 });
    mockEmailProvider(() => providerAnswer());
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const send = () =>
      api("POST", `/v1/invoices/${invoice.id}/send`, {
        token: org.owner.key,
        headers: { "Idempotency-Key": "send-mail-down" },
      });
    const failed = await send();
    expect(failed.status).toBe(500);
    expect(failed.body.error.details.reason).toBe("email_delivery_failed");
    providerAnswer = () => Response.json({ id: "msg_2" });
    const retried = await send();
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    const emails = await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key });
    expect(emails.body.data.map((e: { kind: string; status: string }) => [e.kind, e.status])).toEqual([
      ["invoice", "failed"],
      ["invoice", "sent"],
    ]);
    const replay = await send();
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toEqual({ ...retried.body, hosted_url: null });
  });

  it("releases the key of a send whose e-mail failed even when the first release fails", async () => {
    let providerAnswer = () => new Response("down", { status: 503 });
    mockEmailProvider(() => providerAnswer());
    // D1 refuses the first statement that drops a key whatever its state (the release a failed
    // e-mail asks for); everything else goes through.
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const database = await databaseOf(org.organizationId);
    const binding = bindingOf(env, database);
    let refuseRelease = true;
    const refusing = (session: D1DatabaseSession) =>
      new Proxy(session, {
        get(target, name) {
          if (name !== "prepare") return Reflect.get(target, name, target);
          return (query: string) => {
            if (refuseRelease && /^delete from "idempotency_keys"/.test(query) && !/is null/.test(query)) {
              refuseRelease = false;
              throw new Error("D1_ERROR: network connection lost");
            }
            return target.prepare(query);
          };
        },
      });
    const flaky = new Proxy(binding, {
      get(target, name) {
        if (name === "withSession") return (constraint: string) => refusing(target.withSession(constraint));
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const send = () =>
      api("POST", `/v1/invoices/${invoice.id}/send`, {
        token: org.owner.key,
        headers: { "Idempotency-Key": "send-release-fails" },
      });
    Object.assign(env, { [database]: flaky });
    let failed: Awaited<ReturnType<typeof send>>;
    try {
      failed = await send();
    } finally {
      Object.assign(env, { [database]: binding });
    }
    expect(failed.status).toBe(500);
    expect(failed.body.error.details.reason).toBe("email_delivery_failed");
    expect(refuseRelease).toBe(false);
    providerAnswer = () => Response.json({ id: "msg_2" });
    const retried = await send();
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    const emails = await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key });
    expect(emails.body.data.map((e: { status: string }) => e.status)).toEqual(["failed", "sent"]);
  });

  it("delivers, from the cron, the e-mail of a send whose Worker died before delivering it", async () => {
    // The send's own call to the provider stalls until the end of the test: its Worker is gone
    // from here on. (It waits on timers of its own: a promise of the test cannot wake it.)
    let stalled = false;
    let released = false;
    const delivered: Array<{ idempotencyKey: string | null; body: string }> = [];
    mockEmailProvider(async (request) => {
      const body = await request.clone().text();
      if (!stalled) {
        stalled = true;
        while (!released) await new Promise((wake) => setTimeout(wake, 20));
      } else {
        delivered.push({ idempotencyKey: request.headers.get("Idempotency-Key"), body });
      }
      return Response.json({ id: "msg_swept" });
    });
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const send = () =>
      api("POST", `/v1/invoices/${invoice.id}/send`, {
        token: org.owner.key,
        headers: { "Idempotency-Key": "send-dies" },
      });
    const dying = send();
    await vi.waitFor(() => expect(stalled).toBe(true), { timeout: 10_000 });
    // It died before archiving, too: the archive is made by whoever delivers.
    await (await d1Of(org.organizationId))
      .prepare("DELETE FROM invoice_archives WHERE document_id = ?")
      .bind(invoice.id)
      .run();
    const [queued] = (await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key })).body
      .data;
    expect(queued).toMatchObject({ kind: "invoice", status: "queued", transport: "http" });
    // Its key kept "sent": a retry only replays it.
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(delivered).toHaveLength(0);

    setClockForTests(() => new Date(Date.now() + 2 * 60_000));
    await runScheduled({ cron: HOURLY }, env as never);
    // The sweep covers every organization of the (shared) test database: count this e-mail's.
    const mine = () => delivered.filter((d) => d.idempotencyKey === queued.id);
    expect(mine()).toHaveLength(1);
    const message = JSON.parse(mine()[0]!.body);
    expect(message).toMatchObject({ to: queued.to, subject: queued.subject, text: queued.text });
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({
      filename: `${invoice.number}.pdf`,
      content_type: "application/pdf",
    });
    const pdf = await api("GET", `/v1/invoices/${invoice.id}/pdf`, { token: org.owner.key });
    const served = new Uint8Array(await pdf.raw.arrayBuffer());
    const attached = Uint8Array.from(atob(message.attachments[0].content), (ch) => ch.charCodeAt(0));
    expect(attached).toEqual(served);
    const emails = await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key });
    expect(emails.body.data).toHaveLength(1);
    expect(emails.body.data[0]).toMatchObject({
      id: queued.id,
      status: "sent",
      provider_message_id: "msg_swept",
    });

    // Delivered once: the next run finds nothing to deliver.
    await runScheduled({ cron: HOURLY }, env as never);
    expect(mine()).toHaveLength(1);
    // (Let the stalled request end, as the provider would answer it: the same message.)
    released = true;
    expect((await dying).status).toBe(200);
  });

  it("creates a recurring run once when an advance of the test clock is retried after a crash", async () => {
    // Runs need nothing from the key: (recurring_invoice_id, recurring_run_index) is unique in
    // invoices and the template's compare-and-set commits with the invoice.
    const org = await createOrg({ testMode: true });
    const customer = await createCustomer(org);
    const clock = await api("GET", "/v1/test-clock", { token: org.owner.key });
    const today = clock.body.now.slice(0, 10);
    const template = await api("POST", "/v1/recurring-invoices", {
      token: org.owner.key,
      body: {
        customer_id: customer.id,
        items: [{ description: "Retainer", quantity: 1, unit_price: 50 }],
        interval: "month",
        interval_count: 1,
        start_date: today,
        auto_send: false,
      },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const to = new Date(Date.parse(clock.body.now) + 2 * 86_400_000).toISOString();
    const { late } = await crashAndRetry(org, "/v1/test-clock/advance", "advance-once", { to });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(
      await count(
        "SELECT count(*) AS n FROM invoices WHERE recurring_invoice_id = ? AND recurring_run_index = 0",
        template.body.id,
      ),
    ).toBe(1);
    expect(
      await count("SELECT count(*) AS n FROM invoices WHERE organization_id = ?", org.organizationId),
    ).toBe(1);
    const read = await api("GET", `/v1/recurring-invoices/${template.body.id}`, { token: org.owner.key });
    expect(read.body.invoices_created).toBe(1);
  });
});

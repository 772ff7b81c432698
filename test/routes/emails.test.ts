// The e-mails of every moment (invoice, reminder steps, credit note, quote, receipt, recurring
// notice), their previews, the credit note's send and the public logo they load.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { abandonedEmailSweep } from "../../src/cron/abandoned-emails";
import { masterKeySet } from "../../src/crypto/document-keys";
import { setClockForTests } from "../../src/lib/clock";
import { sweepRecurringInvoices } from "../../src/services/recurring/sweep";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { client, expectApiError, expectStatus, type Schemas } from "../helpers/client";
import { d1Of } from "../helpers/db";
import { mockEmailProvider, restoreEmailTransport } from "../helpers/email-provider";
import { createCustomer, SELLER } from "../helpers/factories";
import { encodeTestPng } from "../helpers/png";
import { createTaxRate } from "./billing/helpers";

type Preview = Schemas["EmailPreview"];
afterEach(restoreEmailTransport);

/** A seller with bank details in `locale`, a customer, and an invoice with a discount and two VAT rates. */
async function setup(locale: "en" | "de", customer: Record<string, unknown> = {}) {
  const org = await createOrg({ currency: "EUR" });
  const http = client(org.owner.key);
  expectStatus(
    await http.PATCH("/v1/organization", {
      body: {
        ...SELLER,
        locale,
        bic: "COBADEFFXXX",
        account_holder: "Acme GmbH",
        brand_color: "#7A1F5C",
        reminder_schedule: [{ offset_days: -3 }, { offset_days: 1 }, { offset_days: 14 }],
      },
    }),
    200,
  );
  const vat19 = await createTaxRate(org, { display_name: "VAT", percentage: 19 });
  const vat7 = await createTaxRate(org, { display_name: "VAT reduced", percentage: 7 });
  const buyer = await createCustomer(org, customer);
  const created = expectStatus(
    await http.POST("/v1/invoices", {
      body: {
        customer_id: buyer.id,
        currency: "EUR",
        due_date: "2031-03-05",
        items: [
          {
            description: "Design",
            quantity: 3,
            unit_price: 120,
            unit_code: "HUR",
            discount: { percentage: 10 },
            tax_rate_id: vat19.id,
          },
          { description: "Handbook", quantity: 4, unit_price: 24.99, tax_rate_id: vat7.id },
        ],
        discounts: [{ description: "Loyalty", percentage: 5 }],
        notes: "Thank you",
      },
    }),
    201,
  );
  return { org, http, buyer, invoice: created };
}

const previewInvoice = (org: TestOrg, id: string, query: Record<string, string | number> = {}) =>
  client(org.owner.key).GET("/v1/invoices/{id}/email-preview", {
    params: { path: { id }, query: query as never },
  });

const sendInvoice = (org: TestOrg, id: string) =>
  client(org.owner.key).POST("/v1/invoices/{id}/send", { params: { path: { id } } });

/** Cents of "1.234,56 €" or "€1,234.56". */
const cents = (text: string) => Number(text.replace(/[^\d−-]/g, "").replace("−", "-"));

/** The lines and figures of the plain-text part: "- desc: detail = amount" and "Label: value". */
function partsOf(text: string) {
  const lines = text
    .split("\n")
    .filter((l) => l.startsWith("- "))
    .map((l) => {
      const [head, amount] = [l.slice(2, l.lastIndexOf(" = ")), l.slice(l.lastIndexOf(" = ") + 3)];
      const colon = head.indexOf(": ");
      return { description: head.slice(0, colon), detail: head.slice(colon + 2), amount };
    });
  const figure = (label: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${label}: `));
    expect(line, label).toBeDefined();
    return line!.slice(label.length + 2);
  };
  return { lines, figure };
}

/** What every e-mail has: subject, preheader (hidden at the top of the HTML), both parts, the language. */
function expectWellFormed(preview: Preview, locale: string) {
  expect(preview.subject.length).toBeGreaterThan(5);
  expect(preview.preheader.length).toBeGreaterThan(5);
  expect(preview.html).toMatch(/^<!doctype html><html lang="(\w+)"/);
  expect(preview.html).toContain(`<html lang="${locale}"`);
  expect(preview.html).toContain('<meta name="color-scheme" content="light dark"/>');
  expect(preview.html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
  expect(preview.html).toContain(`<title>${preview.subject.replace(/&/g, "&amp;")}</title>`);
  expect(preview.html).toMatch(/<div style="display:none[^"]*">[^<]*/);
  expect(preview.html).toContain(preview.preheader);
  expect(preview.html).toContain("max-width:600px");
  // The brand colour: the card's top rule and the headings.
  expect(preview.html).toContain("#7A1F5C");
  expect(preview.text.length).toBeGreaterThan(50);
  expect(preview.text).not.toMatch(/<(table|td|p|div|html)\b/);
}

describe("the e-mail of each moment, in English and German", () => {
  for (const locale of ["en", "de"] as const) {
    const words =
      locale === "en"
        ? {
            invoice: /^Invoice INV-\d+ from Acme$/,
            greeting: "Hello Globex,",
            transfer: "Pay by bank transfer",
            reminders: [/^Friendly reminder: /, /^Reminder: .* is overdue$/, /^Final notice: /],
            creditNote: /^Credit note CN-\d+ from Acme$/,
            quote: /^Quote QT-\d+ from Acme$/,
            receipt: /^Payment received for invoice INV-\d+ from Acme$/,
            total: "Total",
          }
        : {
            invoice: /^Rechnung INV-\d+ von Acme$/,
            greeting: "Guten Tag Globex,",
            transfer: "Zahlung per Überweisung",
            reminders: [/^Zahlungserinnerung: /, /^Mahnung: .* überfällig$/, /^Letzte Mahnung: /],
            creditNote: /^Rechnungskorrektur CN-\d+ von Acme$/,
            quote: /^Angebot QT-\d+ von Acme$/,
            receipt: /^Zahlungseingang zu Rechnung INV-\d+ von Acme$/,
            total: "Gesamtbetrag",
          };

    it(`${locale}: invoice, three reminder steps, credit note, quote and receipt each have their own subject, preheader, HTML and text`, async () => {
      setClockForTests(() => new Date("2031-02-01T10:00:00Z"));
      const { org, http, buyer, invoice } = await setup(locale);
      const draftPreview = expectStatus(await previewInvoice(org, invoice.id), 200);
      expectWellFormed(draftPreview, locale);
      expect(draftPreview.subject).toMatch(words.invoice);
      expect(draftPreview.text.startsWith(`${words.greeting}\n`)).toBe(true);
      // The seller gave an account: how to pay by transfer, with the IBAN in groups of four.
      expect(draftPreview.text).toContain(words.transfer);
      expect(draftPreview.text).toContain("DE89 3704 0044 0532 0130 00");
      expect(draftPreview.html).toContain("DE89 3704 0044 0532 0130 00");
      expect(draftPreview.to).toBe(buyer.email);
      expect(draftPreview.attachments).toEqual([`${invoice.number}.pdf`]);

      expectStatus(await sendInvoice(org, invoice.id), 200);
      const subjects = new Set<string>();
      const intros = new Set<string>();
      for (const [i, step] of [-3, 1, 14].entries()) {
        const reminder = expectStatus(await previewInvoice(org, invoice.id, { kind: "reminder", step }), 200);
        expectWellFormed(reminder, locale);
        expect(reminder.subject).toMatch(words.reminders[i]!);
        // A scheduled reminder goes without attachments (as the sweep sends it).
        expect(reminder.attachments).toEqual([]);
        subjects.add(reminder.subject);
        intros.add(reminder.text.split("\n")[2]!);
      }
      expect(subjects.size).toBe(3);
      expect(intros.size).toBe(3);

      const note = expectStatus(
        await http.POST("/v1/credit-notes", {
          body: { invoice_id: invoice.id, reason: "Goodwill <discount>", amount: 50 },
        }),
        201,
      );
      const notePreview = expectStatus(
        await http.GET("/v1/credit-notes/{id}/email-preview", { params: { path: { id: note.id } } }),
        200,
      );
      expectWellFormed(notePreview, locale);
      expect(notePreview.subject).toMatch(words.creditNote);
      expect(notePreview.text).toContain(invoice.number!);
      expect(notePreview.text).toContain("Goodwill <discount>");
      expect(notePreview.html).toContain("Goodwill &lt;discount&gt;");
      expect(notePreview.attachments).toEqual([`${note.number}.pdf`]);

      const quote = expectStatus(
        await http.POST("/v1/quotes", {
          body: {
            customer_id: buyer.id,
            currency: "EUR",
            expires_at: "2031-03-01",
            items: [{ description: "Workshop", quantity: 1, unit_price: 800 }],
          },
        }),
        201,
      );
      const quotePreview = expectStatus(
        await http.GET("/v1/quotes/{id}/email-preview", { params: { path: { id: quote.id } } }),
        200,
      );
      expectWellFormed(quotePreview, locale);
      expect(quotePreview.subject).toMatch(words.quote);
      expect(quotePreview.attachments).toEqual([]);

      expectStatus(
        await http.POST("/v1/invoices/{id}/payments", {
          params: { path: { id: invoice.id } },
          body: { amount: 100, received_at: "2031-02-01", method: "bank_transfer" },
        }),
        201,
      );
      const receipt = expectStatus(await previewInvoice(org, invoice.id, { kind: "receipt" }), 200);
      expectWellFormed(receipt, locale);
      expect(receipt.subject).toMatch(words.receipt);
      expect(receipt.text.replace(/\u00a0/g, " ")).toContain(locale === "en" ? "€100.00" : "100,00 €");
    });
  }

  it("the HTML and the text carry the same lines and totals, which add up to the invoice's total", async () => {
    setClockForTests(() => new Date("2031-02-01T10:00:00Z"));
    const { org, invoice } = await setup("de");
    const sent = expectStatus(await sendInvoice(org, invoice.id), 200);
    for (const query of [{}, { kind: "reminder", step: 1 }] as Record<string, string | number>[]) {
      const preview = expectStatus(await previewInvoice(org, invoice.id, query), 200);
      const { lines, figure } = partsOf(preview.text);
      expect(lines.map((line) => line.description)).toEqual(["Design", "Handbook"]);
      for (const line of lines) {
        // Each line in the HTML: its description, quantity x price (- discount) and amount.
        for (const part of [`>${line.description}</div>`, `>${line.detail}</div>`, `>${line.amount}</td>`]) {
          expect(preview.html, part).toContain(part);
        }
      }
      const lineSum = lines.reduce((sum, line) => sum + cents(line.amount), 0);
      expect(lineSum).toBe(cents(figure("Zwischensumme")));
      expect(lineSum + cents(figure("Nachlässe"))).toBe(cents(figure("Summe netto")));
      expect(cents(figure("Summe netto")) + cents(figure("Umsatzsteuer gesamt"))).toBe(
        cents(figure("Gesamtbetrag")),
      );
      expect(cents(figure("Gesamtbetrag"))).toBe(Math.round(sent.total! * 100));
      for (const label of [
        "Zwischensumme",
        "Nachlässe",
        "Summe netto",
        "Umsatzsteuer gesamt",
        "Gesamtbetrag",
      ]) {
        expect(preview.html, label).toContain(`>${label}</td>`);
        expect(preview.html, label).toContain(`>${figure(label)}</td>`);
      }
    }
  });
});

describe("the customer's language", () => {
  it("a German seller's French customer gets the invoice e-mail in French", async () => {
    setClockForTests(() => new Date("2031-02-01T10:00:00Z"));
    const { org, invoice } = await setup("de", { locale: "fr" });
    expectStatus(await sendInvoice(org, invoice.id), 200);
    const [stored] = (await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key })).body
      .data;
    expect(stored.subject).toMatch(/^Facture INV-\d+ de Acme$/);
    expect(stored.html).toContain('<html lang="fr"');
    const text = stored.text.replace(/\u00a0/g, " ");
    for (const part of [
      "Bonjour Globex,",
      "à régler au plus tard le 5 mars 2031",
      "Paiement par virement",
      "Cordialement,",
    ]) {
      expect(text, part).toContain(part);
    }
  });
});

describe("GET /v1/invoices/{id}/email-preview", () => {
  it("answers exactly what the send stores: the draft's preview names its number, the sent one's is the stored e-mail", async () => {
    setClockForTests(() => new Date("2031-02-01T10:00:00Z"));
    const { org, invoice } = await setup("en");
    const before = expectStatus(await previewInvoice(org, invoice.id), 200);
    expect(before.html).toContain("/i/{token}");
    expectStatus(await sendInvoice(org, invoice.id), 200);
    const stored = (await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key })).body
      .data[0];
    const after = expectStatus(await previewInvoice(org, invoice.id), 200);
    expect(after).toMatchObject({
      subject: stored.subject,
      text: stored.text,
      html: stored.html,
      to: stored.to,
    });
    // Before the send only the link's token was unknown.
    const token = stored.text.match(/\/i\/([\w-]{43})/)![1];
    expect(before.text.replace("{token}", token)).toBe(stored.text);
    expect(before.subject).toBe(stored.subject);
  });

  it("words a reminder by its step: friendly before the due date, firm after, final for the last; a step's template replaces the intro", async () => {
    setClockForTests(() => new Date("2031-02-01T10:00:00Z"));
    const { org, http, buyer, invoice } = await setup("en");
    expectStatus(await sendInvoice(org, invoice.id), 200);
    const intro = async (query: Record<string, string | number>) =>
      expectStatus(await previewInvoice(org, invoice.id, query), 200).text.split("\n")[2];
    expect(await intro({ kind: "reminder", step: -3 })).toMatch(/^Just a friendly note that invoice /);
    expect(await intro({ kind: "reminder", step: 1 })).toMatch(
      /was due on March 5, 2031 and has not been paid/,
    );
    expect(await intro({ kind: "reminder", step: 14 })).toMatch(/^This is our final notice: /);
    // By hand, before the due date: friendly.
    expect(await intro({ kind: "reminder" })).toMatch(/^Just a friendly note/);
    expectStatus(
      await http.PATCH("/v1/customers/{id}", {
        params: { path: { id: buyer.id } },
        body: { reminder_schedule: [{ offset_days: 2, template: "Our books close <Friday>." }] },
      }),
      200,
    );
    const custom = expectStatus(await previewInvoice(org, invoice.id, { kind: "reminder", step: 2 }), 200);
    expect(custom.text.split("\n")[2]).toBe("Our books close <Friday>.");
    expect(custom.html).toContain("Our books close &lt;Friday&gt;.");
    // The only step after the due date of a one-step schedule is firm, not final.
    expect(custom.subject).toMatch(/^Reminder: /);
    const unknown = expectApiError(
      await previewInvoice(org, invoice.id, { kind: "reminder", step: 1 }),
      422,
      "validation_error",
    );
    expect(unknown.details).toHaveProperty("step");
    // By hand, once the due date has passed: firm.
    setClockForTests(() => new Date("2031-03-10T10:00:00Z"));
    expect(await intro({ kind: "reminder" })).toMatch(/^Invoice INV-\d+ was due on March 5, 2031/);
  });

  it("answers 409 for a draft's reminder, 422 for a step on the invoice e-mail, 404 for another organization's invoice", async () => {
    const { org, invoice } = await setup("en");
    const draftReminder = expectApiError(
      await previewInvoice(org, invoice.id, { kind: "reminder" }),
      409,
      "conflict",
    );
    expect(draftReminder.details).toMatchObject({ reason: "invoice_not_issued" });
    expectApiError(await previewInvoice(org, invoice.id, { step: 1 }), 422, "validation_error");
    expectApiError(await previewInvoice(org, invoice.id, { kind: "receipt" }), 409, "conflict");
    const other = await createOrg();
    expectApiError(await previewInvoice(other, invoice.id), 404, "not_found");
  });

  it("names the period in the notice of an invoice a recurring template generated", async () => {
    setClockForTests(() => new Date("2031-01-05T00:30:00Z"));
    const org = await createOrg();
    const http = client(org.owner.key);
    const customer = await createCustomer(org);
    const template = expectStatus(
      await http.POST("/v1/recurring-invoices", {
        body: {
          customer_id: customer.id,
          items: [{ description: "Licence", quantity: 1, unit_price: 25 }],
          interval: "month",
          interval_count: 1,
          start_date: "2031-01-05",
          auto_send: false,
        },
      }),
      201,
    );
    const links = { keys: masterKeySet(env), baseUrl: "https://api.test" };
    await sweepRecurringInvoices(env, new Date("2031-01-05T00:30:00Z"), {
      links,
      organizationId: org.organizationId,
    });
    const [generated] = expectStatus(
      await http.GET("/v1/invoices", { params: { query: { recurring_invoice_id: template.id } } }),
      200,
    ).data;
    const preview = expectStatus(await previewInvoice(org, generated!.id), 200);
    expect(preview.text).toMatch(
      /Here is your invoice INV-\d+ for the period January 5, 2031 – February 4, 2031, due on /,
    );
  });
});

describe("escaping of user text", () => {
  it("escapes the customer's name, the lines and the notes in the HTML and keeps them as written in the text", async () => {
    const org = await createOrg({ name: 'Acme "<b>" & Co' });
    const customer = await createCustomer(org, { name: "<script>alert(1)</script>" });
    const http = client(org.owner.key);
    const invoice = expectStatus(
      await http.POST("/v1/invoices", {
        body: {
          customer_id: customer.id,
          due_date: "2031-03-05",
          notes: "<img src=x onerror=alert(2)>",
          items: [{ description: "<a href='javascript:alert(3)'>x</a>", quantity: 1, unit_price: 5 }],
        },
      }),
      201,
    );
    const preview = expectStatus(await previewInvoice(org, invoice.id), 200);
    expect(preview.html).not.toMatch(/<script|<img|<b>|<a href='javascript/i);
    expect(preview.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(preview.html).toContain("&lt;img src=x onerror=alert(2)&gt;");
    expect(preview.html).toContain("Acme &quot;&lt;b&gt;&quot; &amp; Co");
    expect(preview.text).toContain("Hello <script>alert(1)</script>,");
    expect(preview.text).toContain("- <a href='javascript:alert(3)'>x</a>: 1 x $5.00 = $5.00");
  });
});

describe("POST /v1/credit-notes/{id}/send", () => {
  async function creditNote(customer: Record<string, unknown> = {}) {
    setClockForTests(() => new Date("2031-02-01T10:00:00Z"));
    const { org, http, invoice } = await setup("en", customer);
    expectStatus(await sendInvoice(org, invoice.id), 200);
    const note = expectStatus(
      await http.POST("/v1/credit-notes", {
        body: { invoice_id: invoice.id, reason: "Goodwill", amount: 50 },
      }),
      201,
    );
    return { org, http, invoice, note };
  }
  const sendNote = (org: TestOrg, id: string, headers: Record<string, string> = {}) =>
    client(org.owner.key, headers).POST("/v1/credit-notes/{id}/send", { params: { path: { id } } });
  const emailsOf = async (org: TestOrg, id: string) =>
    expectStatus(
      await client(org.owner.key).GET("/v1/credit-notes/{id}/emails", { params: { path: { id } } }),
      200,
    ).data;

  it("stores the e-mail in the outbox as previewed, with the archived PDF's kind; an Idempotency-Key sends once", async () => {
    const { org, note } = await creditNote();
    const preview = expectStatus(
      await client(org.owner.key).GET("/v1/credit-notes/{id}/email-preview", {
        params: { path: { id: note.id } },
      }),
      200,
    );
    const sent = expectStatus(await sendNote(org, note.id, { "Idempotency-Key": "cn-send-1" }), 200);
    expect(sent).toMatchObject({ id: note.id, number: note.number });
    expectStatus(await sendNote(org, note.id, { "Idempotency-Key": "cn-send-1" }), 200);
    const rows = await emailsOf(org, note.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      credit_note_id: note.id,
      to: "billing@globex.example",
      subject: preview.subject,
      text: preview.text,
      html: preview.html,
      transport: "outbox",
      status: "queued",
      attachment: "pdf",
      einvoice_attachment: null,
    });
    // Sending again without a key sends again.
    expectStatus(await sendNote(org, note.id), 200);
    expect(await emailsOf(org, note.id)).toHaveLength(2);
  });

  it("hands the provider the archived PDF and the customer's e-invoice XML, and records the provider's id", async () => {
    const bodies: string[] = [];
    mockEmailProvider(async (request) => {
      bodies.push(await request.text());
      return Response.json({ id: "msg_cn" });
    });
    const { org, note } = await creditNote({
      einvoice_attachment: "xml",
      buyer_reference: "PO-1",
      electronic_address: { scheme: "9930", id: "DE987654321" },
      vat_id: "DE987654321",
    });
    const einvoice = await api("GET", `/v1/credit-notes/${note.id}/einvoice`, { token: org.owner.key });
    expect(einvoice.status, JSON.stringify(einvoice.body)).toBe(200);
    expectStatus(await sendNote(org, note.id), 200);
    const mine = bodies.map((b) => JSON.parse(b)).filter((b) => String(b.subject).startsWith("Credit note"));
    expect(mine).toHaveLength(1);
    const files = mine[0].attachments as { filename: string; content_type: string; content: string }[];
    expect(files.map((f) => f.filename)).toEqual([`${note.number}.pdf`, `${note.number}.xml`]);
    const pdf = Uint8Array.from(atob(files[0]!.content), (c) => c.charCodeAt(0));
    const archived = await api("GET", `/v1/credit-notes/${note.id}/pdf`, { token: org.owner.key });
    expect(pdf).toEqual(new Uint8Array(await archived.raw.arrayBuffer()));
    expect(atob(files[1]!.content)).toContain("<CreditNote");
    expect((await emailsOf(org, note.id))[0]).toMatchObject({
      status: "sent",
      provider_message_id: "msg_cn",
      attachment: "pdf",
      einvoice_attachment: "ubl",
    });
  });

  it("the hourly sweep delivers a credit note e-mail a stopped Worker left queued, with its archived PDF", async () => {
    const { org, note } = await creditNote();
    await (await d1Of(org.organizationId))
      .prepare(
        `INSERT INTO credit_note_emails (id, organization_id, credit_note_id, from_address, to_address, subject,
        text, html, transport, status, attachment_kind, created_at)
        VALUES (?, ?, ?, 'billing@acme.example', 'billing@globex.example', 'Credit note', 't', 'h', 'http', 'queued', 'pdf', ?)`,
      )
      .bind("eml_abandoned_cn", org.organizationId, note.id, "2031-02-01T09:00:00.000Z")
      .run();
    const sent: { key: string | null; body: { attachments?: { filename: string }[] } }[] = [];
    mockEmailProvider(async (request) => {
      sent.push({ key: request.headers.get("Idempotency-Key"), body: await request.json() });
      return Response.json({ id: "msg_swept" });
    });
    await abandonedEmailSweep(env, new Date("2031-02-01T10:00:00Z"));
    const mine = sent.filter((s) => s.key === "eml_abandoned_cn");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body.attachments?.map((a) => a.filename)).toEqual([`${note.number}.pdf`]);
    const [row] = (await emailsOf(org, note.id)).filter((e) => e.id === "eml_abandoned_cn");
    expect(row).toMatchObject({ status: "sent", provider_message_id: "msg_swept" });
  });

  it("answers 409 email_in_progress while an e-mail of the note is being delivered, 404 for another organization's note", async () => {
    const { org, note } = await creditNote();
    await (await d1Of(org.organizationId))
      .prepare(
        `INSERT INTO credit_note_emails (id, organization_id, credit_note_id, from_address, to_address, subject,
        text, html, transport, status, created_at) VALUES (?, ?, ?, 'a@x', 'b@x', 's', 't', 'h', 'http', 'queued', ?)`,
      )
      .bind("eml_inflight", org.organizationId, note.id, "2031-02-01T09:59:30.000Z")
      .run();
    const busy = expectApiError(await sendNote(org, note.id), 409, "conflict");
    expect(busy.details).toMatchObject({ reason: "email_in_progress" });
    const other = await createOrg();
    expectApiError(await sendNote(other, note.id), 404, "not_found");
    expectApiError(
      await client(other.owner.key).GET("/v1/credit-notes/{id}/email-preview", {
        params: { path: { id: note.id } },
      }),
      404,
      "not_found",
    );
  });
});

describe("GET /v1/quotes/{id}/email-preview", () => {
  it("is the e-mail the send stores, and 404 for another organization's quote", async () => {
    const org = await createOrg();
    const http = client(org.owner.key);
    const customer = await createCustomer(org, { name: "Initech & Sons" });
    const quote = expectStatus(
      await http.POST("/v1/quotes", {
        body: { customer_id: customer.id, items: [{ description: "Audit", quantity: 2, unit_price: 300 }] },
      }),
      201,
    );
    const preview = expectStatus(
      await http.GET("/v1/quotes/{id}/email-preview", { params: { path: { id: quote.id } } }),
      200,
    );
    expect(preview.html).toContain("Hello Initech &amp; Sons,");
    expectStatus(await http.POST("/v1/quotes/{id}/send", { params: { path: { id: quote.id } } }), 200);
    const [stored] = expectStatus(
      await http.GET("/v1/quotes/{id}/emails", { params: { path: { id: quote.id } } }),
      200,
    ).data;
    expect(stored).toMatchObject({ subject: preview.subject, text: preview.text });
    expectApiError(
      await client((await createOrg()).owner.key).GET("/v1/quotes/{id}/email-preview", {
        params: { path: { id: quote.id } },
      }),
      404,
      "not_found",
    );
  });
});

describe("payment receipts", () => {
  it("sends a receipt only when asked, recorded with kind receipt; a reversed payment gets none", async () => {
    setClockForTests(() => new Date("2031-02-01T10:00:00Z"));
    const { org, http, invoice } = await setup("en");
    expectStatus(await sendInvoice(org, invoice.id), 200);
    const payment = expectStatus(
      await http.POST("/v1/invoices/{id}/payments", {
        params: { path: { id: invoice.id } },
        body: { amount: 100, received_at: "2031-02-01", method: "bank_transfer" },
      }),
      201,
    );
    const kinds = async () =>
      (await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key })).body.data.map(
        (e: { kind: string }) => e.kind,
      );
    expect(await kinds()).toEqual(["invoice"]);
    const preview = expectStatus(
      await previewInvoice(org, invoice.id, { kind: "receipt", payment_id: payment.id }),
      200,
    );
    const receipt = expectStatus(
      await http.POST("/v1/invoices/{id}/payments/{paymentId}/receipt", {
        params: { path: { id: invoice.id, paymentId: payment.id } },
      }),
      201,
    );
    expect(receipt).toMatchObject({ kind: "receipt", subject: preview.subject, text: preview.text });
    expect(receipt.text).toContain("Thank you: we received your payment of €100.00 on February 1, 2031");
    expect((await kinds()).sort()).toEqual(["invoice", "receipt"]);
    expectStatus(
      await http.DELETE("/v1/invoices/{id}/payments/{paymentId}", {
        params: { path: { id: invoice.id, paymentId: payment.id } },
      }),
      200,
    );
    const reversed = expectApiError(
      await http.POST("/v1/invoices/{id}/payments/{paymentId}/receipt", {
        params: { path: { id: invoice.id, paymentId: payment.id } },
      }),
      409,
      "conflict",
    );
    expect(reversed.details).toMatchObject({ reason: "payment_reversed" });
  });
});

describe("the logo in the e-mails", () => {
  it("links the organization's logo at a public URL that serves the stored image without credentials", async () => {
    const { org, invoice } = await setup("en");
    const png = encodeTestPng({ width: 4, height: 2, colorType: 2, bitDepth: 8, pixel: () => [90, 30, 120] });
    const put = await api("PUT", "/v1/organization/logo", {
      token: org.owner.key,
      rawBody: png,
      headers: { "Content-Type": "image/png" },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const preview = expectStatus(await previewInvoice(org, invoice.id), 200);
    const src = preview.html.match(/<img src="([^"]+)" alt="Acme"/)?.[1];
    expect(src).toMatch(new RegExp(`/v1/public/logo/${org.organizationId}\\?v=\\w+$`));
    const path = new URL(src!.replace(/&amp;/g, "&")).pathname + new URL(src!).search;
    const served = await api("GET", path);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const own = await api("GET", "/v1/organization/logo", { token: org.owner.key });
    expect(new Uint8Array(await served.raw.arrayBuffer())).toEqual(
      new Uint8Array(await own.raw.arrayBuffer()),
    );
    // Without a logo: the seller's name in its place, and the public URL answers 404.
    const bare = await createOrg();
    expect((await api("GET", `/v1/public/logo/${bare.organizationId}`)).status).toBe(404);
    expect((await api("GET", "/v1/public/logo/not-a-uuid")).status).toBe(400);
  });

  it("keeps the brand colour and logo the invoice was sent with in its later e-mails", async () => {
    const { org, http, invoice } = await setup("en");
    const putLogo = async (pixel: [number, number, number]) => {
      const png = encodeTestPng({ width: 4, height: 2, colorType: 2, bitDepth: 8, pixel: () => pixel });
      const put = await api("PUT", "/v1/organization/logo", {
        token: org.owner.key,
        rawBody: png,
        headers: { "Content-Type": "image/png" },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    };
    const logoSrc = (html: string) => html.match(/<img src="([^"]+)" alt="Acme"/)?.[1];
    await putLogo([90, 30, 120]);
    expectStatus(await sendInvoice(org, invoice.id), 200);
    // After the send, a new colour and a new logo: the invoice's e-mails stay as it was issued.
    expectStatus(await http.PATCH("/v1/organization", { body: { brand_color: "#1B5E20" } }), 200);
    await putLogo([20, 140, 60]);
    expectStatus(await sendInvoice(org, invoice.id), 200);
    const emails = expectStatus(
      await http.GET("/v1/invoices/{id}/emails", { params: { path: { id: invoice.id } } }),
      200,
    ).data;
    expect(emails.map((email) => email.kind)).toEqual(["invoice", "reminder"]);
    const [sent, reminder] = emails.map((email) => email.html);
    expect(sent).toContain("#7A1F5C");
    expect(reminder).toContain("#7A1F5C");
    expect(reminder).not.toContain("#1B5E20");
    expect(logoSrc(sent!)).toMatch(new RegExp(`/v1/public/logo/${org.organizationId}\\?v=\\w+$`));
    expect(logoSrc(reminder!)).toBe(logoSrc(sent!));
    // The preview of the next reminder looks the same.
    const next = expectStatus(await previewInvoice(org, invoice.id, { kind: "reminder" }), 200);
    expect(logoSrc(next.html)).toBe(logoSrc(sent!));
    expect(next.html).toContain("#7A1F5C");
  });
});

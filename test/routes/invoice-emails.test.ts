import { afterEach, describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { mockEmailProvider, PROVIDER, restoreEmailTransport } from "../helpers/email-provider";
import { createCustomer, createInvoice, SELLER } from "../helpers/factories";
import { createTaxRate, standardRate } from "./billing/helpers";

const send = (org: TestOrg, id: string) => api("POST", `/v1/invoices/${id}/send`, { token: org.owner.key });
const emails = (org: TestOrg, id: string) =>
  api("GET", `/v1/invoices/${id}/emails`, { token: org.owner.key });

/** The http transport, its provider answering `answer`; what the worker sent is in `seen`. */
function mockProvider(answer: (request: Request) => Response | Promise<Response>) {
  const seen: Array<{
    url: string;
    method: string;
    authorization: string | null;
    idempotencyKey: string | null;
    body: string;
  }> = [];
  const spy = mockEmailProvider(async (request) => {
    seen.push({
      url: request.url,
      method: request.method,
      authorization: request.headers.get("Authorization"),
      idempotencyKey: request.headers.get("Idempotency-Key"),
      body: await request.clone().text(),
    });
    return answer(request);
  });
  return { seen, spy };
}

afterEach(restoreEmailTransport);

describe("sending invoices through the outbox (default)", () => {
  it("stores the rendered message: to, subject, text and HTML with number, lines, total and due date", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org, { name: "Globex <Billing>", email: "ap@globex.example" });
    const invoice = await createInvoice(org, {
      customer_id: customer.id,
      due_date: "2031-01-31",
      items: [
        { description: "Design <b>bold</b> & more", quantity: 3, unit_price: 19.99 },
        { description: "Hosting", quantity: 1.5, unit_price: 33.33 },
      ],
    });
    expect((await send(org, invoice.id)).status).toBe(200);
    const res = await emails(org, invoice.id);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 1, limit: 20, offset: 0 });
    const [message] = res.body.data;
    expect(message).toMatchObject({
      invoice_id: invoice.id,
      kind: "invoice",
      to: "ap@globex.example",
      transport: "outbox",
      status: "queued",
      provider_message_id: null,
    });
    expect(message.subject).toContain(invoice.number);
    // Amounts and dates as the invoice's locale writes them (en: Intl, the one formatter of every output).
    for (const part of [invoice.number, "$59.97", "$50.00", "$109.97", "January 31, 2031", "Hosting"]) {
      expect(message.text).toContain(part);
      expect(message.html).toContain(part);
    }
    expect(message.text).toContain("Design <b>bold</b> & more");
    expect(message.html).toContain("Design &lt;b&gt;bold&lt;/b&gt; &amp; more");
    expect(message.html).toContain("Globex &lt;Billing&gt;");
    expect(message.html).not.toContain("<b>bold");
  });

  it("carries the reverse-charge statement in the invoice's language", async () => {
    const org = await createOrg({ currency: "EUR" });
    const patched = await api("PATCH", "/v1/organization", { token: org.owner.key, body: { locale: "de" } });
    expect(patched.status).toBe(200);
    const rate = await createTaxRate(org, {
      percentage: 0,
      category: "AE",
      exemption_reason_code: "VATEX-EU-AE",
    });
    const invoice = await createInvoice(org, {
      currency: "EUR",
      items: [{ description: "Licence", quantity: 1, unit_price: 1200, tax_rate_id: rate.id }],
    });
    expect((await send(org, invoice.id)).status).toBe(200);
    const [message] = (await emails(org, invoice.id)).body.data;
    const statement = "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) (VATEX-EU-AE)";
    expect(message.text).toContain(statement);
    expect(message.html).toMatch(new RegExp(`<p [^>]*>${statement.replace(/[()]/g, "\\$&")}</p>`));
  });

  it("writes a German organization's invoice e-mail in German, its lines after discounts adding up to its total", async () => {
    const org = await createOrg({ currency: "EUR" });
    const patched = await api("PATCH", "/v1/organization", { token: org.owner.key, body: { locale: "de" } });
    expect(patched.status).toBe(200);
    const [vat19, vat7] = [await standardRate(org, 19), await standardRate(org, 7)];
    const invoice = await createInvoice(org, {
      currency: "EUR",
      due_date: "2031-03-05",
      items: [
        {
          description: "Beratung",
          quantity: 3,
          unit_price: 120,
          unit_code: "HUR",
          tax_rate_id: vat19.id,
          discount: { percentage: 10 },
        },
        {
          description: "Handbuch",
          quantity: 4,
          unit_price: 24.99,
          tax_rate_id: vat7.id,
          discount: { amount: 5 },
        },
        { description: "Support", quantity: 1, unit_price: 250, tax_rate_id: vat19.id },
      ],
      discounts: [{ description: "Treue", percentage: 5 }],
    });
    const sent = await send(org, invoice.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [message] = (await emails(org, invoice.id)).body.data;

    expect(message.subject).toMatch(new RegExp(`^Rechnung ${sent.body.number} von `));
    for (const text of [
      "Guten Tag Globex,",
      `anbei erhalten Sie die Rechnung ${sent.body.number}, fällig am 5. März 2031.`,
      "Fällig am: 5. März 2031",
      "Rechnung online ansehen",
      "3 Std. x 120,00 € −36,00 € = 324,00 €",
    ]) {
      expect(message.text.replace(/\u00a0/g, " "), text).toContain(text);
    }
    expect(message.html).toContain('<html lang="de"');
    expect(message.text).not.toMatch(/Hello|Total|Due date|View and pay/);

    // Cents from "1.234,56 €".
    const cents = (text: string) =>
      Number(
        text
          .replace(/[^\d,−]/g, "")
          .replace("−", "-")
          .replace(",", ""),
      );
    const figure = (label: string) => {
      const line = message.text.split("\n").find((l: string) => l.startsWith(`${label}: `));
      expect(line, label).toBeDefined();
      return cents(line.slice(label.length + 2));
    };
    const lines = message.text.split("\n").filter((l: string) => l.startsWith("- "));
    expect(lines).toHaveLength(3);
    const lineSum = lines.reduce(
      (sum: number, l: string) => sum + cents(l.slice(l.lastIndexOf(" = ") + 3)),
      0,
    );
    expect(lineSum).toBe(figure("Zwischensumme"));
    expect(figure("Zwischensumme") + figure("Nachlässe")).toBe(figure("Summe netto"));
    expect(figure("Summe netto") + figure("Umsatzsteuer gesamt")).toBe(figure("Gesamtbetrag"));
    expect(figure("Gesamtbetrag")).toBe(Math.round(sent.body.total * 100));
    expect(figure("Umsatzsteuer gesamt")).toBe(Math.round(sent.body.tax_total * 100));
  });

  it("lists each line's quantity with its unit label (none for C62), in the invoice e-mail and reminders", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org, {
      items: [
        { description: "Consulting", quantity: 2.5, unit_price: 100, unit_code: "HUR" },
        { description: "Workshop", quantity: 3, unit_price: 800, unit_code: "DAY" },
        { description: "Handout", quantity: 10, unit_price: 5 },
      ],
    });
    expect((await send(org, invoice.id)).status).toBe(200);
    expect((await send(org, invoice.id)).status).toBe(200);
    const res = await emails(org, invoice.id);
    expect(res.body.data.map((e: { kind: string }) => e.kind)).toEqual(["invoice", "reminder"]);
    for (const message of res.body.data) {
      expect(message.text).toContain("- Consulting: 2.5 h x $100.00 = $250.00");
      expect(message.text).toContain("- Workshop: 3 day(s) x $800.00 = $2,400.00");
      expect(message.text).toContain("- Handout: 10 x $5.00 = $50.00");
      expect(message.html).toContain(">Consulting</div>");
      expect(message.html).toContain("2.5 h x $100.00");
      expect(message.html).toContain("10 x $5.00");
    }
  });

  it("sends a reminder when sent again: another e-mail, status and sent_at unchanged", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const first = await send(org, invoice.id);
    const again = await send(org, invoice.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "sent", sent_at: first.body.sent_at });
    const list = (await emails(org, invoice.id)).body.data;
    expect(list.map((m: { kind: string }) => m.kind)).toEqual(["invoice", "reminder"]);
    // Sent by hand before the due date: the friendly wording.
    expect(list[1].subject).toMatch(/^Friendly reminder: invoice /);
  });

  it("answers 409 when sending a paid invoice, storing no e-mail", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    await send(org, invoice.id);
    await api("POST", `/v1/invoices/${invoice.id}/pay`, { token: org.owner.key });
    expect(expectError(await send(org, invoice.id), 409, "conflict").details?.reason).toBe("invoice_paid");
    expect((await emails(org, invoice.id)).body.meta.total).toBe(1);
  });
});

describe("sending invoices through the http provider", () => {
  it("POSTs the message as JSON with the bearer key and records the provider's id", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_123" }));
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const res = await send(org, invoice.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe("sent");
    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${PROVIDER}/emails`);
    expect(request.authorization).toBe("Bearer re_test_key");
    const body = JSON.parse(request.body) as Record<string, string>;
    expect(body).toMatchObject({ from: "billing@acme.example", to: "billing@globex.example" });
    expect(body.subject).toContain(invoice.number);
    expect(body.text).toContain("$10.00");
    expect(body.html).toContain("$10.00");
    const [stored] = (await emails(org, invoice.id)).body.data;
    expect(stored).toMatchObject({ transport: "http", status: "sent", provider_message_id: "msg_123" });
    // The stored row's id is the provider's idempotency key.
    expect(request.idempotencyKey).toBe(stored.id);
  });

  it("answers 500 when the provider refuses: the invoice stays sent, the attempt is failed, send retries", async () => {
    let answer = () => new Response("nope", { status: 503 });
    const { seen } = mockProvider(() => answer());
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const error = expectError(await send(org, invoice.id), 500, "internal_error");
    expect(error.message).not.toContain("503");
    expect(error.details).toMatchObject({ reason: "email_delivery_failed", invoice_status: "sent" });
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: org.owner.key });
    expect(read.body).toMatchObject({ status: "sent", sent_at: expect.any(String) });
    const [attempt] = (await emails(org, invoice.id)).body.data;
    expect(attempt).toMatchObject({
      id: error.details?.email_id,
      kind: "invoice",
      transport: "http",
      status: "failed",
    });
    const orgD1 = await d1Of(org.organizationId);
    const sentEvents = () =>
      orgD1
        .prepare(
          "SELECT count(*) AS n FROM webhook_events WHERE organization_id = ? AND type = 'invoice.sent'",
        )
        .bind(org.organizationId)
        .first();
    expect(await sentEvents()).toEqual({ n: 1 });

    // Sending again retries the invoice e-mail (not a reminder), under a new row and key.
    answer = () => Response.json({ id: "msg_retry" });
    const retry = await send(org, invoice.id);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ status: "sent", sent_at: read.body.sent_at });
    const list = (await emails(org, invoice.id)).body.data;
    expect(list).toMatchObject([
      { kind: "invoice", status: "failed", provider_message_id: null },
      { kind: "invoice", status: "sent", provider_message_id: "msg_retry" },
    ]);
    expect(seen.map((request) => request.idempotencyKey)).toEqual([list[0].id, list[1].id]);
    expect(await sentEvents()).toEqual({ n: 1 });

    // Once the invoice e-mail went out, sending again is a reminder.
    expect((await send(org, invoice.id)).status).toBe(200);
    expect((await emails(org, invoice.id)).body.data[2]).toMatchObject({ kind: "reminder", status: "sent" });
  });

  it("e-mails once when a draft is sent concurrently: one 200, the rest 409, one provider call", async () => {
    const { seen } = mockProvider(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return Response.json({ id: "msg_once" });
    });
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const results = await Promise.all(Array.from({ length: 5 }, () => send(org, invoice.id)));
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.status === 409)) {
      // Read the draft with the winner: the claim's version guard. Came while it was e-mailing:
      // the in-flight check (no reminder on top of the invoice e-mail).
      expect(["concurrent_update", "email_in_progress"]).toContain(res.body.error.details.reason);
    }
    expect(seen).toHaveLength(1);
    const list = (await emails(org, invoice.id)).body.data;
    expect(list).toMatchObject([{ kind: "invoice", status: "sent", provider_message_id: "msg_once" }]);
    const sentEvents = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM webhook_events WHERE organization_id = ? AND type = 'invoice.sent'")
      .bind(org.organizationId)
      .first();
    expect(sentEvents).toEqual({ n: 1 });
  });

  it("answers 409 email_in_progress while an e-mail is being delivered; an abandoned one stops blocking", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_1" }));
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const start = Date.now();
    setClockForTests(() => new Date(start));
    expect((await send(org, invoice.id)).status).toBe(200);
    // As if the Worker had stopped between the claim and the provider's answer.
    await (await d1Of(org.organizationId))
      .prepare("UPDATE invoice_emails SET status = 'queued' WHERE invoice_id = ?")
      .bind(invoice.id)
      .run();
    setClockForTests(() => new Date(start + 30_000));
    const busy = expectError(await send(org, invoice.id), 409, "conflict");
    expect(busy.details?.reason).toBe("email_in_progress");
    setClockForTests(() => new Date(start + 61_000));
    // Delivery unknown: it counts as the invoice e-mail, so the next send is a reminder.
    expect((await send(org, invoice.id)).status).toBe(200);
    const list = (await emails(org, invoice.id)).body.data;
    expect(list.map((m: { kind: string; status: string }) => [m.kind, m.status])).toEqual([
      ["invoice", "queued"],
      ["reminder", "sent"],
    ]);
    expect(seen).toHaveLength(2);
  });
});

describe("escaping in the invoice e-mail", () => {
  it("escapes a customer name and notes holding markup in the HTML, and links the hosted page", async () => {
    const org = await createOrg({ name: "Acme <b>Corp</b>" });
    const customer = await createCustomer(org, { name: "<script>alert(1)</script>" });
    const draft = await createInvoice(org, {
      customer_id: customer.id,
      notes: '<script>alert("notes")</script>',
      items: [{ description: "<img src=x onerror=alert(3)>", quantity: 1, unit_price: 5 }],
    });
    const sent = await send(org, draft.id);
    expect(sent.status).toBe(200);
    const [email] = (await emails(org, draft.id)).body.data;
    expect(email.html).not.toMatch(/<script|<img|<b>/i);
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).toContain(`<a href="${sent.body.hosted_url}"`);
    expect(email.text).toContain(sent.body.hosted_url);
  });
});

describe("attachments", () => {
  const ENDPOINT = { electronic_address: { scheme: "0060", id: "123456789" } };
  /** A buyer known by e-mail alone: no Peppol endpoint, so no UBL; the EN 16931 CII needs none. */
  const MAIL_ONLY = { email: "ap@globex.example" };

  /** A draft whose e-invoice will be ready once sent (by default), of an organization with this attachment setting. */
  async function readyDraft(emailAttachment: string, customerFields: Record<string, unknown> = ENDPOINT) {
    const org = await createOrg({ currency: "EUR" });
    const patched = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { ...SELLER, email_attachment: emailAttachment },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const rate = await standardRate(org, 19);
    const customer = await createCustomer(org, { buyer_reference: "REF-1", ...customerFields });
    const invoice = await createInvoice(org, {
      currency: "EUR",
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
    });
    return { org, invoice };
  }

  const download = async (org: TestOrg, path: string) => {
    const res = await api("GET", path, { token: org.owner.key });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.raw.arrayBuffer());
  };

  type Attachment = { filename: string; content_type: string; content: string };
  const attachmentsOf = (body: string) => (JSON.parse(body) as { attachments?: Attachment[] }).attachments;
  const decode = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

  it("attaches the archived PDF by default: name, type and the bytes GET /pdf serves", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_pdf" }));
    const org = await createOrg();
    const invoice = await createInvoice(org);
    expect((await send(org, invoice.id)).status).toBe(200);
    const [attachment, ...more] = attachmentsOf(seen[0]!.body) ?? [];
    expect(more).toEqual([]);
    expect(attachment).toMatchObject({ filename: `${invoice.number}.pdf`, content_type: "application/pdf" });
    const bytes = decode(attachment!.content);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(bytes).toEqual(await download(org, `/v1/invoices/${invoice.id}/pdf`));
    const [stored] = (await emails(org, invoice.id)).body.data;
    expect(stored).toMatchObject({ status: "sent", attachment: "pdf" });
  });

  it("attaches the UBL XML when the organization asks for it and the e-invoice is ready", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_ubl" }));
    const { org, invoice } = await readyDraft("ubl");
    const sent = await send(org, invoice.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.einvoice.ready).toBe(true);
    const [attachment] = attachmentsOf(seen[0]!.body) ?? [];
    expect(attachment).toMatchObject({
      filename: `${invoice.number}.xml`,
      content_type: "application/xml; charset=utf-8",
    });
    const xml = new TextDecoder().decode(decode(attachment!.content));
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(decode(attachment!.content)).toEqual(
      await download(org, `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`),
    );
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({ attachment: "ubl" });
  });

  it("attaches the PDF instead of UBL when the e-invoice is not ready", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_fallback" }));
    const org = await createOrg();
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: { email_attachment: "ubl" } });
    const invoice = await createInvoice(org);
    const sent = await send(org, invoice.id);
    expect(sent.body.einvoice.ready).toBe(false);
    const [attachment] = attachmentsOf(seen[0]!.body) ?? [];
    expect(attachment).toMatchObject({ filename: `${invoice.number}.pdf`, content_type: "application/pdf" });
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({ attachment: "pdf" });
  });

  it("attaches the Factur-X PDF for a buyer known by e-mail alone: its CII is ready though its UBL is not", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_facturx" }));
    const { org, invoice } = await readyDraft("facturx", MAIL_ONLY);
    const sent = await send(org, invoice.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.einvoice.syntaxes).toEqual({
      ubl: { ready: false, missing: ["customer.electronic_address"] },
      cii: { ready: true, missing: [] },
    });
    const [attachment, ...more] = attachmentsOf(seen[0]!.body) ?? [];
    expect(more).toEqual([]);
    expect(attachment).toMatchObject({ filename: `${invoice.number}.pdf`, content_type: "application/pdf" });
    const bytes = decode(attachment!.content);
    expect(new TextDecoder("latin1").decode(bytes)).toContain("factur-x.xml");
    expect(bytes).toEqual(await download(org, `/v1/invoices/${invoice.id}/pdf?format=facturx`));
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({ attachment: "facturx" });
  });

  it("attaches the PDF instead of UBL for a buyer known by e-mail alone (no Peppol endpoint)", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_mail_only" }));
    const { org, invoice } = await readyDraft("ubl", MAIL_ONLY);
    const sent = await send(org, invoice.id);
    expect(sent.body.einvoice.syntaxes.ubl.ready).toBe(false);
    const [attachment] = attachmentsOf(seen[0]!.body) ?? [];
    expect(attachment).toMatchObject({ filename: `${invoice.number}.pdf`, content_type: "application/pdf" });
    expect(new TextDecoder("latin1").decode(decode(attachment!.content))).not.toContain("factur-x.xml");
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({ attachment: "pdf" });
  });

  it("attaches nothing when the setting is none", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_none" }));
    const org = await createOrg();
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: { email_attachment: "none" } });
    const invoice = await createInvoice(org);
    expect((await send(org, invoice.id)).status).toBe(200);
    expect(attachmentsOf(seen[0]!.body)).toBeUndefined();
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({ attachment: null });
  });

  it("attaches the UBL besides the PDF for a customer who wants the e-invoice XML", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_xml" }));
    const { org, invoice } = await readyDraft("pdf", { ...ENDPOINT, einvoice_attachment: "xml" });
    const sent = await send(org, invoice.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const attachments = attachmentsOf(seen[0]!.body) ?? [];
    expect(attachments.map((a) => [a.filename, a.content_type])).toEqual([
      [`${invoice.number}.pdf`, "application/pdf"],
      [`${invoice.number}.xml`, "application/xml; charset=utf-8"],
    ]);
    expect(decode(attachments[0]!.content)).toEqual(await download(org, `/v1/invoices/${invoice.id}/pdf`));
    expect(decode(attachments[1]!.content)).toEqual(
      await download(org, `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`),
    );
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({
      attachment: "pdf",
      einvoice_attachment: "ubl",
    });
  });

  it("attaches the XRechnung UBL, as archived, for a customer who takes XRechnung and wants the XML", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_xrechnung" }));
    const { org, invoice } = await readyDraft("pdf", {
      electronic_address: { scheme: "0204", id: "04011000-12345-34" },
      buyer_reference: "04011000-12345-34",
      einvoice_profile: "xrechnung",
      einvoice_attachment: "xml",
    });
    const sent = await send(org, invoice.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [, xml, ...more] = attachmentsOf(seen[0]!.body) ?? [];
    expect(more).toEqual([]);
    const text = new TextDecoder().decode(decode(xml!.content));
    expect(text).toContain(
      "<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>",
    );
    expect(decode(xml!.content)).toEqual(
      await download(org, `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`),
    );
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({ einvoice_attachment: "ubl" });
  });

  it("attaches the CII as the XML when the UBL is not ready (a buyer known by e-mail alone)", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_cii" }));
    const { org, invoice } = await readyDraft("pdf", { ...MAIL_ONLY, einvoice_attachment: "xml" });
    expect((await send(org, invoice.id)).status).toBe(200);
    const [pdf, xml, ...more] = attachmentsOf(seen[0]!.body) ?? [];
    expect(more).toEqual([]);
    expect(pdf).toMatchObject({ filename: `${invoice.number}.pdf` });
    const text = new TextDecoder().decode(decode(xml!.content));
    expect(text).toContain("CrossIndustryInvoice");
    expect(decode(xml!.content)).toEqual(
      await download(org, `/v1/invoices/${invoice.id}/einvoice?syntax=cii`),
    );
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({
      attachment: "pdf",
      einvoice_attachment: "cii",
    });
  });

  it("sends the Factur-X in the plain PDF's place for a customer who wants Factur-X", async () => {
    const { seen } = mockProvider(() => Response.json({ id: "msg_customer_facturx" }));
    const { org, invoice } = await readyDraft("pdf", { ...MAIL_ONLY, einvoice_attachment: "facturx" });
    expect((await send(org, invoice.id)).status).toBe(200);
    const [attachment, ...more] = attachmentsOf(seen[0]!.body) ?? [];
    expect(more).toEqual([]);
    expect(attachment).toMatchObject({ filename: `${invoice.number}.pdf`, content_type: "application/pdf" });
    expect(decode(attachment!.content)).toEqual(
      await download(org, `/v1/invoices/${invoice.id}/pdf?format=facturx`),
    );
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({
      attachment: "facturx",
      einvoice_attachment: null,
    });
  });

  it("adds the customer's Factur-X beside the organization's UBL, and attaches nothing twice", async () => {
    const { seen } = mockProvider(() => Response.json({ id: `msg_${Math.random()}` }));
    const { org, invoice } = await readyDraft("ubl", { ...ENDPOINT, einvoice_attachment: "facturx" });
    expect((await send(org, invoice.id)).status).toBe(200);
    expect((attachmentsOf(seen[0]!.body) ?? []).map((a) => a.filename)).toEqual([
      `${invoice.number}.xml`,
      `${invoice.number}.pdf`,
    ]);
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({
      attachment: "ubl",
      einvoice_attachment: "facturx",
    });

    const same = await readyDraft("ubl", { ...ENDPOINT, einvoice_attachment: "xml" });
    expect((await send(same.org, same.invoice.id)).status).toBe(200);
    expect((attachmentsOf(seen[1]!.body) ?? []).map((a) => a.filename)).toEqual([
      `${same.invoice.number}.xml`,
    ]);
    expect((await emails(same.org, same.invoice.id)).body.data[0]).toMatchObject({
      attachment: "ubl",
      einvoice_attachment: null,
    });
  });

  it("leaves the customer's e-invoice out when it is not ready, and the organization's none still means no PDF", async () => {
    const { seen } = mockProvider(() => Response.json({ id: `msg_${Math.random()}` }));
    const org = await createOrg();
    const customer = await createCustomer(org, { einvoice_attachment: "xml" });
    const invoice = await createInvoice(org, { customer_id: customer.id });
    const sent = await send(org, invoice.id);
    expect(sent.body.einvoice.ready).toBe(false);
    expect((attachmentsOf(seen[0]!.body) ?? []).map((a) => a.filename)).toEqual([`${invoice.number}.pdf`]);
    expect((await emails(org, invoice.id)).body.data[0]).toMatchObject({
      attachment: "pdf",
      einvoice_attachment: null,
    });

    const { org: quiet, invoice: ready } = await readyDraft("none", {
      ...ENDPOINT,
      einvoice_attachment: "xml",
    });
    expect((await send(quiet, ready.id)).status).toBe(200);
    expect((attachmentsOf(seen[1]!.body) ?? []).map((a) => a.filename)).toEqual([`${ready.number}.xml`]);
  });

  it("keeps only the attachment's kind in the outbox row, never its bytes", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    expect((await send(org, invoice.id)).status).toBe(200);
    const row = await (await d1Of(org.organizationId))
      .prepare("SELECT * FROM invoice_emails WHERE invoice_id = ?")
      .bind(invoice.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ status: "queued", transport: "outbox", attachment_kind: "pdf" });
    // No base64 PDF ("%PDF" is "JVBER") in any column.
    expect(JSON.stringify(row)).not.toContain("JVBER");
  });

  it("a reminder of an overdue invoice links the hosted page and attaches the PDF as sent", async () => {
    const { seen } = mockProvider(() => Response.json({ id: `msg_${Math.random()}` }));
    const org = await createOrg();
    const invoice = await createInvoice(org, { due_date: "2030-01-31" });
    const sent = await send(org, invoice.id);
    expect(sent.status).toBe(200);
    // The organization changes its profile after the send; the reminder still attaches the PDF as sent.
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: { legal_name: "Renamed Ltd" } });
    setClockForTests(() => new Date("2030-02-15T09:00:00Z"));
    const reminder = await send(org, invoice.id);
    expect(reminder.status).toBe(200);
    expect(reminder.body.status).toBe("overdue");
    const list = (await emails(org, invoice.id)).body.data;
    expect(list.map((m: { kind: string }) => m.kind)).toEqual(["invoice", "reminder"]);
    expect(list[1].text).toContain(sent.body.hosted_url);
    expect(list[1].html).toContain(`<a href="${sent.body.hosted_url}"`);
    const [first, second] = seen.map((request) => attachmentsOf(request.body)?.[0]?.content);
    expect(second).toBeDefined();
    expect(second).toBe(first);
  });
});

// The hosted invoice page GET /i/{token}: token isolation, content, headers, the first view,
// hosted_url on the invoice, and link rotation.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { epcPayload } from "../../src/lib/epc-qr";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of, selectOnEveryTenant } from "../helpers/db";
import { address, createCustomer, createInvoice, dueIn } from "../helpers/factories";
import { createTaxRate, standardRate } from "./billing/helpers";

const IBAN = "DE89370400440532013000";

async function euroOrg(profile: Record<string, unknown> = {}) {
  const org = await createOrg({ currency: "EUR", name: "Acme GmbH" });
  const res = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: {
      legal_name: "Acme Software GmbH",
      address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
      vat_id: "DE123456789",
      iban: IBAN,
      bic: "COBADEFFXXX",
      account_holder: "Acme Software GmbH",
      ...profile,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return org;
}

async function sentInvoice(org: TestOrg, body: Record<string, unknown> = {}) {
  const customer = await createCustomer(org, { name: "Globex Corp", vat_id: "FR12345678901", address });
  const draft = await createInvoice(org, {
    customer_id: customer.id,
    items: [
      { description: "Design work", quantity: 3, unit_price: 19.99 },
      { description: "Hosting", quantity: 1, unit_price: 40 },
    ],
    notes: "Thank you",
    ...body,
  });
  const sent = await api("POST", `/v1/invoices/${draft.id}/send`, { token: org.owner.key });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body as Record<string, any> & { id: string; hosted_url: string };
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);
const page = (token: string) => api("GET", `/i/${token}`);

async function viewedEvents(invoiceId: string) {
  const results = await selectOnEveryTenant<{ payload: string }>(
    "SELECT payload FROM webhook_events WHERE type = 'invoice.viewed' AND json_extract(payload, '$.data.object.id') = ?",
    invoiceId,
  );
  return results.map((row) => JSON.parse(row.payload));
}

describe("hosted_url on the invoice", () => {
  it("is null on drafts and a /i/ link after send, readable again by GET and list", async () => {
    const org = await euroOrg();
    const draft = await createInvoice(org);
    expect(draft.hosted_url).toBeNull();
    expect(draft.viewed_at).toBeNull();
    expect(
      (await api("GET", `/v1/invoices/${draft.id}`, { token: org.owner.key })).body.hosted_url,
    ).toBeNull();

    const sent = await sentInvoice(org);
    expect(sent.hosted_url).toMatch(/^http:\/\/api\.test\/i\/[A-Za-z0-9_-]{43}$/);
    const read = await api("GET", `/v1/invoices/${sent.id}`, { token: org.owner.key });
    expect(read.body.hosted_url).toBe(sent.hosted_url);
    const list = await api("GET", "/v1/invoices", { token: org.owner.key });
    const listed = list.body.data.find((row: { id: string }) => row.id === sent.id);
    expect(listed.hosted_url).toBe(sent.hosted_url);
    expect(list.body.data.find((row: { id: string }) => row.id === draft.id).hosted_url).toBeNull();
  });

  it("stores only the token's hash and a sealed copy, never the token", async () => {
    const org = await euroOrg();
    const sent = await sentInvoice(org);
    const token = tokenOf(sent.hosted_url);
    const row = await (await d1Of(org.organizationId))
      .prepare("SELECT * FROM invoices WHERE id = ?")
      .bind(sent.id)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.hosted_token_hash).toMatch(/^[0-9a-f]{64}$/);
    // Event payloads (stored, delivered to webhooks) never carry the link either.
    const { results } = await (await d1Of(org.organizationId))
      .prepare("SELECT payload FROM webhook_events WHERE organization_id = ?")
      .bind(org.organizationId)
      .all<{ payload: string }>();
    expect(results.map((r) => r.payload).join("\n")).not.toContain(token);
  });

  it("uses PUBLIC_BASE_URL when set", async () => {
    const org = await euroOrg();
    Object.assign(env, { PUBLIC_BASE_URL: "https://billing.example.com/" });
    try {
      const sent = await sentInvoice(org);
      expect(sent.hosted_url).toMatch(/^https:\/\/billing\.example\.com\/i\/[A-Za-z0-9_-]{43}$/);
    } finally {
      Object.assign(env, { PUBLIC_BASE_URL: undefined });
    }
  });

  it("is linked from the invoice e-mail and from reminders", async () => {
    const org = await euroOrg();
    const sent = await sentInvoice(org);
    await api("POST", `/v1/invoices/${sent.id}/send`, { token: org.owner.key });
    const emails = await api("GET", `/v1/invoices/${sent.id}/emails`, { token: org.owner.key });
    expect(emails.body.data.map((e: { kind: string }) => e.kind)).toEqual(["invoice", "reminder"]);
    for (const email of emails.body.data) {
      expect(email.text).toContain(sent.hosted_url);
      expect(email.html).toContain(`<a href="${sent.hosted_url}"`);
    }
  });
});

describe("GET /i/{token}", () => {
  it("answers the same 404 for a random, malformed or rotated token (drafts have none)", async () => {
    const org = await euroOrg();
    const sent = await sentInvoice(org);
    const oldToken = tokenOf(sent.hosted_url);
    const rotated = await api("POST", `/v1/invoices/${sent.id}/hosted-link`, { token: org.owner.key });
    expect(rotated.status).toBe(200);

    const random = await page("A".repeat(43));
    expectError(random, 404, "not_found");
    for (const token of [oldToken, "short", "x".repeat(500), `${"A".repeat(42)}!`, "a%20b"]) {
      const res = await page(token);
      expect(res.status, token).toBe(404);
      expect(res.body).toEqual(random.body);
    }
    expect((await page(rotated.body.token)).status).toBe(200);
  });

  it("shows each invoice only through its own token", async () => {
    const org = await euroOrg();
    const first = await sentInvoice(org);
    const other = await sentInvoice(await euroOrg());
    const res = await page(tokenOf(first.hosted_url));
    expect(res.body).toContain(first.number);
    const otherPage = await page(tokenOf(other.hosted_url));
    expect(otherPage.status).toBe(200);
    expect(otherPage.body).not.toContain(first.id);
  });

  it("shows the number, parties, lines, totals, VAT, status and how to pay, with an EPC QR code", async () => {
    const org = await euroOrg();
    const sent = await sentInvoice(org, { due_date: dueIn(14) });
    const res = await page(tokenOf(sent.hosted_url));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = res.body as string;
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    for (const text of [
      sent.number,
      "Acme GmbH",
      "Acme Software GmbH",
      "Hauptstraße 5",
      "DE123456789",
      "Globex Corp",
      "FR12345678901",
      "Design work",
      "Hosting",
      "€19.99",
      "€59.97",
      "€99.97",
      "Status: Due",
      "Amount due: €99.97",
      "DE89 3704 0044 0532 0130 00",
      "COBADEFFXXX",
      "VAT breakdown",
      "Thank you",
      '<meta name="robots" content="noindex, nofollow"/>',
      '<meta name="viewport"',
      '<th scope="col">Description</th>',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain("data-epc-qr");
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="EPC QR code/);
    expect((html.match(/<rect /g) ?? []).length).toBeGreaterThan(50);
  });

  it("shows each line's unit after its quantity in the seller's locale, none for C62", async () => {
    const org = await euroOrg({ locale: "de" });
    const sent = await sentInvoice(org, {
      items: [
        { description: "Beratung", quantity: 2.5, unit_price: 100, unit_code: "HUR" },
        { description: "Workshop", quantity: 3, unit_price: 800, unit_code: "DAY" },
        { description: "Handbuch", quantity: 10, unit_price: 5 },
      ],
    });
    const html = (await page(tokenOf(sent.hosted_url))).body as string;
    // Each cell carries its column's name for the stacked layout on phones.
    expect(html).toContain('<td class="num" data-label="Menge">2,5 Std.</td>');
    expect(html).toContain('<td class="num" data-label="Menge">3 Tag(e)</td>');
    expect(html).toContain('<td class="num" data-label="Menge">10</td>');
  });

  it("sets a strict policy, noindex, no referrer, no caching and carries no script", async () => {
    const org = await euroOrg();
    const sent = await sentInvoice(org);
    const res = await page(tokenOf(sent.hosted_url));
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src 'self' data:; base-uri 'none'; form-action 'self' https:\/\/checkout\.stripe\.com; frame-ancestors 'none'$/,
    );
    // The hash in the policy is the hash of the page's one inline <style>.
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? "";
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style)));
    expect(csp).toContain(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-RateLimit-Limit")).toBe("60");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toMatch(/ on[a-z]+=/i);
    expect(res.body).not.toMatch(/style="/);
  });

  it("escapes what the organization and the customer typed", async () => {
    const org = await euroOrg({ legal_name: "<script>alert(1)</script> GmbH" });
    const customer = await createCustomer(org, { name: "<img src=x onerror=alert(1)>" });
    const draft = await createInvoice(org, {
      customer_id: customer.id,
      notes: "</style><script>alert(2)</script>",
    });
    const sent = await api("POST", `/v1/invoices/${draft.id}/send`, { token: org.owner.key });
    const res = await page(tokenOf(sent.body.hosted_url));
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toContain("<img");
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt; GmbH");
  });

  it("shows no QR code without an IBAN, for another currency, or when nothing is due", async () => {
    const noIban = await euroOrg({ iban: null, bic: null });
    const a = await page(tokenOf((await sentInvoice(noIban)).hosted_url));
    expect(a.status).toBe(200);
    expect(a.body).not.toContain("data-epc-qr");
    expect(a.body).not.toContain("IBAN");

    const usd = await euroOrg();
    const b = await page(tokenOf((await sentInvoice(usd, { currency: "USD" })).hosted_url));
    expect(b.body).toContain("$99.97");
    expect(b.body).toContain("DE89 3704");
    expect(b.body).not.toContain("data-epc-qr");

    const paidOrg = await euroOrg();
    const paid = await sentInvoice(paidOrg);
    expect((await api("POST", `/v1/invoices/${paid.id}/pay`, { token: paidOrg.owner.key })).status).toBe(200);
    const c = await page(tokenOf(paid.hosted_url));
    expect(c.body).toContain("Status: Paid");
    // A paid invoice says when: the day of the payment that settled it.
    const today = new Date().toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
    expect(c.body).toContain(`<p class="paid-on">Paid on ${today}</p>`);
    expect(c.body).not.toContain("data-epc-qr");
  });

  it("says overdue and void in words", async () => {
    const org = await euroOrg();
    const overdue = await sentInvoice(org, { due_date: "2020-01-01" });
    expect((await page(tokenOf(overdue.hosted_url))).body).toContain("Status: Overdue");
    const voided = await sentInvoice(org);
    expect((await api("POST", `/v1/invoices/${voided.id}/void`, { token: org.owner.key })).status).toBe(200);
    expect((await page(tokenOf(voided.hosted_url))).body).toContain("Status: Void (cancelled)");
  });

  it("speaks the organization's locale: lang, words, amounts and dates", async () => {
    const org = await euroOrg({ locale: "de" });
    const sent = await sentInvoice(org, { due_date: "2031-03-05" });
    const html = (await page(tokenOf(sent.hosted_url))).body as string;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("Rechnung");
    expect(html).toContain("Status: Offen");
    expect(html).toMatch(/99,97\s€/);
    expect(html).toContain("5. März 2031");
  });

  it("states reverse charge in the page's language, and says Sales tax for a US seller", async () => {
    const org = await euroOrg({ locale: "de" });
    const rate = await createTaxRate(org, {
      percentage: 0,
      category: "AE",
      exemption_reason_code: "VATEX-EU-AE",
    });
    const sent = await sentInvoice(org, {
      items: [{ description: "Licence", quantity: 1, unit_price: 1200, tax_rate_id: rate.id }],
    });
    const html = (await page(tokenOf(sent.hosted_url))).body as string;
    expect(html).toContain(
      '<p class="statement">Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) (VATEX-EU-AE)</p>',
    );

    const us = await euroOrg({
      address: { line1: "1 Market St", city: "San Francisco", postal_code: "94105", country: "US" },
      vat_id: null,
      locale: "en",
    });
    const usInvoice = await sentInvoice(us, {
      items: [
        { description: "Seats", quantity: 1, unit_price: 10, tax_rate_id: (await standardRate(us, 8.5)).id },
      ],
    });
    const usHtml = (await page(tokenOf(usInvoice.hosted_url))).body as string;
    expect(usHtml).toContain("Sales tax breakdown");
    expect(usHtml).not.toContain(">VAT<");
    expect(usHtml).not.toContain('<p class="statement">');
  });

  it("formats a currency by its exact ISO decimals", async () => {
    const org = await euroOrg();
    const kwd = await sentInvoice(org, {
      currency: "KWD",
      items: [{ description: "Oil", quantity: 1, unit_price: 1.235 }],
    });
    expect((await page(tokenOf(kwd.hosted_url))).body).toMatch(/KWD\s1\.235/);
  });
});

describe("the page as issued, and the balance beside it", () => {
  it("shows the references the PDF shows: purchase order, buyer reference, service period, delivery date", async () => {
    const org = await euroOrg();
    const customer = await createCustomer(org, { name: "Globex Corp", address, buyer_reference: "REF-42" });
    const sent = await sentInvoice(org, {
      customer_id: customer.id,
      purchase_order: "PO-7781",
      service_period: { start: "2026-10-01", end: "2026-10-31" },
      delivery_date: "2026-10-15",
    });
    const html = (await page(tokenOf(sent.hosted_url))).body as string;
    for (const text of [
      "<dt>Purchase order</dt><dd>PO-7781</dd>",
      "<dt>Your reference</dt><dd>REF-42</dd>",
      '<dt>Service period</dt><dd><time datetime="2026-10-01">October 1, 2026</time> – <time datetime="2026-10-31">October 31, 2026</time></dd>',
      '<dt>Delivery date</dt><dd><time datetime="2026-10-15">October 15, 2026</time></dd>',
    ]) {
      expect(html, text).toContain(text);
    }
  });

  it("keeps the totals as issued and lists payments and credit notes with the balance due in a panel of their own", async () => {
    const org = await euroOrg();
    const rate = await standardRate(org, 19);
    const sent = await sentInvoice(org, {
      items: [
        {
          description: "Design work",
          quantity: 3,
          unit_price: 100,
          tax_rate_id: rate.id,
          discount: { amount: 20 },
        },
        { description: "Hosting", quantity: 1, unit_price: 40, tax_rate_id: rate.id },
      ],
      discounts: [{ description: "Loyalty", percentage: 10 }],
    });
    const token = tokenOf(sent.hosted_url);
    const before = (await page(token)).body as string;
    expect(before).not.toContain('class="balance"');

    const paid = await api("POST", `/v1/invoices/${sent.id}/payments`, {
      token: org.owner.key,
      body: { amount: 100, method: "bank_transfer", received_at: "2026-11-02T10:00:00Z" },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const note = await api("POST", "/v1/credit-notes", {
      token: org.owner.key,
      body: {
        invoice_id: sent.id,
        reason: "Hosting not used",
        lines: [{ invoice_item_id: sent.items[1].id, quantity: 1 }],
      },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const invoice = (await api("GET", `/v1/invoices/${sent.id}`, { token: org.owner.key })).body;
    const euro = (amount: number) => `€${amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

    const html = (await page(token)).body as string;
    const [document, panel = ""] = html.split('<section class="balance"');
    // As issued: the grand total is the invoice's total; no payment or credit is written into it.
    expect(document).toContain(
      `<tr class="grand"><th scope="row">Total</th><td class="num">${euro(sent.total)}</td></tr>`,
    );
    expect(document).not.toContain("Paid");
    expect(document).not.toContain(note.body.number);
    // Beside it: the payment, the credit note and what is left, which the header states too.
    for (const text of [
      "Payments and credits",
      "Bank transfer",
      '<time datetime="2026-11-02">November 2, 2026</time>',
      euro(100),
      note.body.number,
      euro(note.body.total),
      `<tr class="grand"><th scope="row">Amount due</th><td class="num">${euro(invoice.amount_due)}</td></tr>`,
    ]) {
      expect(panel, text).toContain(text);
    }
    expect(invoice.amount_due).toBeCloseTo(sent.total - 100 - note.body.total, 2);
    expect(html).toContain(`<p class="due">Amount due: ${euro(invoice.amount_due)}</p>`);
  });

  it("speaks Polish for a Polish organization", async () => {
    const org = await euroOrg({ locale: "pl" });
    const sent = await sentInvoice(org, { due_date: "2031-03-05" });
    const html = (await page(tokenOf(sent.hosted_url))).body as string;
    expect(html.startsWith('<!doctype html><html lang="pl">')).toBe(true);
    for (const text of [
      `Faktura ${sent.number}`,
      "Status: Do zapłaty",
      "Sprzedawca",
      "Nabywca",
      "Termin płatności",
      "5 marca 2031",
      "Pozostało do zapłaty: 99,97",
      "Tytuł przelewu",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).not.toMatch(/Invoice|Due date|Amount due/);
  });
});

describe("viewed_at and invoice.viewed", () => {
  it("the first view sets viewed_at and records invoice.viewed once", async () => {
    const org = await euroOrg();
    const sent = await sentInvoice(org);
    expect(sent.viewed_at).toBeNull();
    await page(tokenOf(sent.hosted_url));
    const read = await api("GET", `/v1/invoices/${sent.id}`, { token: org.owner.key });
    expect(read.body.viewed_at).toEqual(expect.any(String));
    await page(tokenOf(sent.hosted_url));
    const again = await api("GET", `/v1/invoices/${sent.id}`, { token: org.owner.key });
    expect(again.body.viewed_at).toBe(read.body.viewed_at);
    const events = await viewedEvents(sent.id);
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toMatchObject({
      id: sent.id,
      viewed_at: read.body.viewed_at,
      hosted_url: null,
    });
  });

  it("concurrent first views record one event", async () => {
    const org = await euroOrg();
    const sent = await sentInvoice(org);
    const results = await Promise.all(Array.from({ length: 8 }, () => page(tokenOf(sent.hosted_url))));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await viewedEvents(sent.id)).toHaveLength(1);
  });
});

describe("POST /v1/invoices/{id}/hosted-link", () => {
  it("rotates the token: the new URL works, the old one is 404, hosted_url follows", async () => {
    const org = await euroOrg();
    const sent = await sentInvoice(org);
    const res = await api("POST", `/v1/invoices/${sent.id}/hosted-link`, { token: org.owner.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: `http://api.test/i/${res.body.token}`,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      created_at: expect.any(String),
    });
    expect(res.body.url).not.toBe(sent.hosted_url);
    expect((await page(tokenOf(sent.hosted_url))).status).toBe(404);
    expect((await page(res.body.token)).status).toBe(200);
    const read = await api("GET", `/v1/invoices/${sent.id}`, { token: org.owner.key });
    expect(read.body.hosted_url).toBe(res.body.url);
  });

  it("answers 409 on a draft and 404 for another organization's invoice", async () => {
    const org = await euroOrg();
    const draft = await createInvoice(org);
    const conflict = expectError(
      await api("POST", `/v1/invoices/${draft.id}/hosted-link`, { token: org.owner.key }),
      409,
      "conflict",
    );
    expect(conflict.details?.reason).toBe("invoice_not_sent");
    const sent = await sentInvoice(org);
    const stranger = await createOrg();
    expectError(
      await api("POST", `/v1/invoices/${sent.id}/hosted-link`, { token: stranger.owner.key }),
      404,
      "not_found",
    );
  });
});

describe("the EPC QR payload", () => {
  it("follows EPC069-12 version 002", () => {
    expect(
      epcPayload({
        name: "Acme Software GmbH",
        iban: "DE89 3704 0044 0532 0130 00",
        bic: "COBADEFFXXX",
        amountMinor: 9997,
        reference: "INV-000001",
      }),
    ).toBe(
      "BCD\n002\n1\nSCT\nCOBADEFFXXX\nAcme Software GmbH\nDE89370400440532013000\nEUR99.97\n\n\nINV-000001",
    );
  });
});

describe("documents behind the hosted page", () => {
  it("links the PDF always, and the XML only when the e-invoice can be produced; both download with the token alone", async () => {
    const org = await euroOrg();
    const invoice = await sentInvoice(org);
    const token = tokenOf(invoice.hosted_url);
    const html = (await page(token)).body as string;
    expect(html).toContain(`href="/i/${token}/pdf"`);
    // Lines without a VAT category: neither syntax can be produced, so no XML link.
    expect(invoice.einvoice.ready).toBe(false);
    expect(invoice.einvoice.syntaxes.cii.ready).toBe(false);
    expect(html).not.toContain(`/i/${token}/xml`);

    const pdf = await api("GET", `/i/${token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(
      `inline; filename="${invoice.number}.pdf"; filename*=UTF-8''${invoice.number}.pdf`,
    );
    expect(new TextDecoder().decode(new Uint8Array(await pdf.raw.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expectError(await api("GET", `/i/${token}/xml`), 422, "validation_error");
    // Downloads are not views.
    expect(await viewedEvents(invoice.id)).toHaveLength(1);
  });

  it("links the CII when only it is ready (a buyer known by e-mail alone), the UBL when both are", async () => {
    const org = await euroOrg({
      email: "billing@acme.example",
      phone: "+49 30 1234567",
      electronic_address: { scheme: "9930", id: "DE123456789" },
    });
    const rate = await standardRate(org, 19);
    const item = { description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id };
    const sentTo = async (customer: Record<string, unknown>) => {
      const { id } = await createCustomer(org, { buyer_reference: "REF-1", ...customer });
      const sent = await api(
        "POST",
        `/v1/invoices/${(await createInvoice(org, { customer_id: id, items: [item] })).id}/send`,
        {
          token: org.owner.key,
        },
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      return sent.body as Record<string, any> & { hosted_url: string };
    };

    const mailOnly = await sentTo({ email: "ap@globex.example" });
    expect(mailOnly.einvoice.syntaxes).toMatchObject({ ubl: { ready: false }, cii: { ready: true } });
    const token = tokenOf(mailOnly.hosted_url);
    const html = (await page(token)).body as string;
    expect(html).toContain(`href="/i/${token}/xml?syntax=cii"`);
    expect(html).not.toContain(`href="/i/${token}/xml"`);
    const cii = await api("GET", `/i/${token}/xml?syntax=cii`);
    expect(cii.status).toBe(200);
    expect(cii.body).toContain("<rsm:CrossIndustryInvoice");
    expectError(await api("GET", `/i/${token}/xml`), 422, "validation_error");

    const both = await sentTo({ electronic_address: { scheme: "0060", id: "123456789" } });
    expect(both.einvoice.ready).toBe(true);
    const bothToken = tokenOf(both.hosted_url);
    expect((await page(bothToken)).body).toContain(`href="/i/${bothToken}/xml"`);
  });

  it("answers 404 to a random or rotated token, as the page does", async () => {
    const org = await euroOrg();
    const invoice = await sentInvoice(org);
    const token = tokenOf(invoice.hosted_url);
    const rotated = await api("POST", `/v1/invoices/${invoice.id}/hosted-link`, { token: org.owner.key });
    expect(rotated.status).toBe(200);
    for (const stale of [token, "A".repeat(43)]) {
      expectError(await api("GET", `/i/${stale}/pdf`), 404, "not_found");
      expectError(await api("GET", `/i/${stale}/xml`), 404, "not_found");
    }
    expect((await api("GET", `/i/${tokenOf(rotated.body.url)}/pdf`)).status).toBe(200);
  });

  it("does not count a HEAD as a view, and keeps the token out of the request log", async () => {
    const org = await euroOrg();
    const invoice = await sentInvoice(org);
    const token = tokenOf(invoice.hosted_url);
    const logged: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    };
    try {
      expect((await api("HEAD", `/i/${token}`)).status).toBe(200);
      expect((await api("HEAD", `/i/${token}/pdf`)).status).toBe(200);
      expect(await viewedEvents(invoice.id)).toHaveLength(0);
      expect((await page(token)).status).toBe(200);
    } finally {
      console.log = original;
    }
    expect(await viewedEvents(invoice.id)).toHaveLength(1);
    expect(logged.some((line) => line.includes('"/i/***"'))).toBe(true);
    expect(logged.join("\n")).not.toContain(token);
  });

  it("never keeps the link for an idempotent replay", async () => {
    const org = await euroOrg();
    const invoice = await sentInvoice(org);
    const headers = { "Idempotency-Key": `rotate-${invoice.id}` };
    const first = await api("POST", `/v1/invoices/${invoice.id}/hosted-link`, {
      token: org.owner.key,
      headers,
    });
    expect(first.body.token).toEqual(expect.any(String));
    const replay = await api("POST", `/v1/invoices/${invoice.id}/hosted-link`, {
      token: org.owner.key,
      headers,
    });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toMatchObject({ token: null, url: null });
    const kept = await (await d1Of(org.organizationId))
      .prepare("SELECT body FROM idempotency_keys WHERE body LIKE ?")
      .bind(`%${first.body.token}%`)
      .all();
    expect(kept.results).toEqual([]);
  });
});

describe("country conventions and branding on the hosted page", () => {
  it("says USt. for a German seller in German, lays out addresses by country and names countries in German", async () => {
    const org = await euroOrg({ locale: "de" });
    const customer = await createCustomer(org, {
      name: "Initech Ltd",
      address: { line1: "10 Downing Street", city: "London", postal_code: "SW1A 2AA", country: "GB" },
    });
    const draft = await createInvoice(org, {
      customer_id: customer.id,
      items: [
        {
          description: "Beratung",
          quantity: 1,
          unit_price: 100,
          tax_rate_id: (await standardRate(org, 19)).id,
        },
      ],
    });
    const sent = await api("POST", `/v1/invoices/${draft.id}/send`, { token: org.owner.key });
    const html = (await page(tokenOf((sent.body as { hosted_url: string }).hosted_url))).body as string;
    // The short word heads the lines' tax column; the totals name the tax total, as the PDF does.
    expect(html).toContain('<th scope="col" class="num">USt.</th>');
    expect(html).toMatch(/<td class="num" data-label="USt\.">19\s%<\/td>/);
    expect(html).toMatch(/<th scope="row">Umsatzsteuer gesamt<\/th><td class="num">19,00\s€<\/td>/);
    expect(html).toContain('<h2 id="vat">Umsatzsteuer</h2>');
    expect(html).toContain("Hauptstraße 5<br/>80331 München<br/>Deutschland<br/>");
    expect(html).toContain("10 Downing Street<br/>London<br/>SW1A 2AA<br/>Vereinigtes Königreich<br/>");
  });

  it("lays out a US address as City, ST ZIP and says Sales tax in the lines' column", async () => {
    const us = await euroOrg({
      address: {
        line1: "1 Market St",
        city: "San Francisco",
        region: "CA",
        postal_code: "94105",
        country: "US",
      },
      vat_id: null,
      locale: "en",
    });
    const sent = await sentInvoice(us, {
      items: [
        { description: "Seats", quantity: 1, unit_price: 10, tax_rate_id: (await standardRate(us, 8.5)).id },
      ],
    });
    const html = (await page(tokenOf(sent.hosted_url))).body as string;
    expect(html).toContain("1 Market St<br/>San Francisco, CA 94105<br/>United States<br/>");
    expect(html).toContain('<th scope="col" class="num">Sales tax</th>');
  });

  it("sets its accent in the seller's brand color, as issued, with the policy allowing that style", async () => {
    const org = await euroOrg({ brand_color: "#7A2E8E" });
    const sent = await sentInvoice(org);
    // A later change of color does not change the issued invoice's page.
    const patched = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { brand_color: "#1B5E20" },
    });
    expect(patched.status).toBe(200);
    const res = await page(tokenOf(sent.hosted_url));
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? "";
    expect(style).toContain("--accent:#7A2E8E");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style)));
    expect(res.headers.get("Content-Security-Policy")).toContain(
      `'sha256-${btoa(String.fromCharCode(...digest))}'`,
    );
  });
});

describe("the seller's logo on the hosted page", () => {
  const PNG = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );

  it("shows the logo from a route under the page's token, served as the organization's logo", async () => {
    const org = await euroOrg();
    const put = await api("PUT", "/v1/organization/logo", {
      token: org.owner.key,
      rawBody: PNG,
      headers: { "Content-Type": "image/png" },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const token = tokenOf((await sentInvoice(org)).hosted_url);
    const html = (await page(token)).body as string;
    expect(html).toContain(`<img class="logo" src="/i/${token}/logo" alt="Acme GmbH" width="1" height="1"/>`);

    const logo = await api("GET", `/i/${token}/logo`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("Content-Type")).toBe("image/png");
    expect(logo.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const own = await api("GET", "/v1/organization/logo", { token: org.owner.key });
    expect(new Uint8Array(await logo.raw.arrayBuffer())).toEqual(new Uint8Array(await own.raw.arrayBuffer()));
  });

  it("shows no image without a logo, and its route answers 404 (as for an unknown token)", async () => {
    const org = await euroOrg();
    const token = tokenOf((await sentInvoice(org)).hosted_url);
    expect((await page(token)).body).not.toContain("<img");
    expectError(await api("GET", `/i/${token}/logo`), 404, "not_found");
    expectError(await api("GET", `/i/${"x".repeat(43)}/logo`), 404, "not_found");
  });
});

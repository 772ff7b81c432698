// The language of a document: its own `locale`, else its customer's, else its organization's,
// fixed when it is issued. A German organization's French customer gets French documents.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
import { createTaxRate, draft, get, post, send, standardRate } from "./billing/helpers";

async function pdfText(org: TestOrg, path: string) {
  const res = await get(org, path);
  expect(res.status, String(res.body).slice(0, 300)).toBe(200);
  const proxy = await getDocumentProxy(new Uint8Array(await res.raw.arrayBuffer()));
  const { text } = await extractText(proxy, { mergePages: true });
  return (text as string).replace(/[\u00a0\u202f]/g, " ");
}

/** A German organization (locale de) selling in euros. */
async function germanOrg() {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: { ...SELLER, locale: "de" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return org;
}

const frenchCustomer = (org: TestOrg, overrides: Record<string, unknown> = {}) =>
  createCustomer(org, {
    name: "Boulangerie Dupont SARL",
    address: { line1: "1 rue de Rivoli", city: "Paris", postal_code: "75001", country: "FR" },
    locale: "fr",
    ...overrides,
  });

describe("a document's language", () => {
  it("a German organization's French customer gets a French invoice, which stays French when the customer changes language", async () => {
    const org = await germanOrg();
    const customer = await frenchCustomer(org, { tax_exempt: "reverse" });
    const reverse = await createTaxRate(org, {
      percentage: 0,
      category: "AE",
      exemption_reason_code: "VATEX-EU-AE",
    });
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Croissants", quantity: 100, unit_price: 1.2, tax_rate_id: reverse.id }],
    });
    // A draft follows its customer as it is now; nothing is fixed yet.
    expect(invoice.locale).toBeNull();
    const draftPdf = await pdfText(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(draftPdf).toContain("Facture");
    expect(draftPdf).not.toContain("Rechnung");

    const sent = await send(org, invoice.id);
    expect(sent.locale).toBe("fr");
    const pdf = await pdfText(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(pdf).toContain("Facture");
    expect(pdf).toContain("Date d'échéance");
    expect(pdf).toContain("Autoliquidation : TVA due par le preneur");
    expect(pdf).not.toMatch(/Rechnung|Fällig am|Steuerschuldnerschaft/);

    // The customer now reads German: the issued invoice does not change, a new one is German.
    const patched = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { locale: "de" },
    });
    expect(patched.status).toBe(200);
    expect((await get(org, `/v1/invoices/${invoice.id}`)).body.locale).toBe("fr");
    expect(await pdfText(org, `/v1/invoices/${invoice.id}/pdf`)).toContain("Autoliquidation");
    const next = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Brot", quantity: 1, unit_price: 3, tax_rate_id: reverse.id }],
    });
    expect(await pdfText(org, `/v1/invoices/${next.id}/pdf`)).toContain("Rechnung");

    // A credit note of the French invoice is French too, whatever the customer reads now.
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Retour",
      amount: 12,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.locale).toBe("fr");
    const notePdf = await pdfText(org, `/v1/credit-notes/${note.body.id}/pdf`);
    expect(notePdf).toContain("Avoir");
    expect(notePdf).not.toContain("Rechnungskorrektur");
  });

  it("the invoice's own locale wins over the customer's; null gives the choice back", async () => {
    const org = await germanOrg();
    const customer = await frenchCustomer(org);
    const rate = await standardRate(org, 19);
    const items = [{ description: "Werk", quantity: 1, unit_price: 100, tax_rate_id: rate.id }];
    const dutch = await draft(org, { customer_id: customer.id, items, locale: "nl" });
    expect(dutch.locale).toBe("nl");
    expect(await pdfText(org, `/v1/invoices/${dutch.id}/pdf`)).toContain("Factuur");

    const cleared = await api("PATCH", `/v1/invoices/${dutch.id}`, {
      token: org.owner.key,
      body: { locale: null },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.locale).toBeNull();
    const english = await api("PATCH", `/v1/invoices/${dutch.id}`, {
      token: org.owner.key,
      body: { locale: "en" },
    });
    expect(english.body.locale).toBe("en");
    const sent = await send(org, dutch.id);
    expect(sent.locale).toBe("en");
    const pdf = await pdfText(org, `/v1/invoices/${dutch.id}/pdf`);
    expect(pdf).toContain("Invoice");
    expect(pdf).not.toMatch(/Facture|Rechnung/);

    // Issued: the language is fixed with the rest of the document.
    const late = await api("PATCH", `/v1/invoices/${dutch.id}`, {
      token: org.owner.key,
      body: { locale: "de" },
    });
    expect(late.status).toBe(409);
    expect((await get(org, `/v1/invoices/${dutch.id}`)).body.locale).toBe("en");

    // A credit note may choose its own.
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: dutch.id,
      reason: "Korrektur",
      amount: 10,
      locale: "de",
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.locale).toBe("de");
    expect(await pdfText(org, `/v1/credit-notes/${note.body.id}/pdf`)).toContain("Rechnungskorrektur");
  });

  it("without a language of the invoice or the customer, the organization's", async () => {
    const org = await germanOrg();
    const customer = await createCustomer(org);
    const rate = await standardRate(org, 19);
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Werk", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    });
    expect((await send(org, invoice.id)).locale).toBe("de");
    expect(await pdfText(org, `/v1/invoices/${invoice.id}/pdf`)).toContain("Rechnung");
  });

  it("answers 422 to a locale it does not support, on invoices, credit notes and quotes", async () => {
    const org = await germanOrg();
    const customer = await frenchCustomer(org);
    const items = [{ description: "Work", quantity: 1, unit_price: 100 }];
    for (const locale of ["pt", "fr-FR", "FR", ""]) {
      const created = await post(org, "/v1/invoices", { customer_id: customer.id, items, locale });
      expect(expectError(created, 422, "validation_error").details).toHaveProperty("locale");
      const quote = await post(org, "/v1/quotes", { customer_id: customer.id, items, locale });
      expect(expectError(quote, 422, "validation_error").details).toHaveProperty("locale");
    }
    const invoice = await draft(org, { customer_id: customer.id, items });
    const patched = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { locale: "xx" },
    });
    expect(expectError(patched, 422, "validation_error").details).toHaveProperty("locale");
    await send(org, invoice.id);
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "x",
      amount: 1,
      locale: "x",
    });
    expect(expectError(note, 422, "validation_error").details).toHaveProperty("locale");
  });

  it("a quote follows its customer until it is sent, then keeps the language it was sent in", async () => {
    const org = await germanOrg();
    const customer = await frenchCustomer(org);
    const items = [{ description: "Devis", quantity: 1, unit_price: 100 }];
    const quote = await post(org, "/v1/quotes", { customer_id: customer.id, items });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    expect(quote.body.locale).toBeNull();
    const sent = await post(org, `/v1/quotes/${quote.body.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.locale).toBe("fr");
    await api("PATCH", `/v1/customers/${customer.id}`, { token: org.owner.key, body: { locale: "de" } });
    expect((await get(org, `/v1/quotes/${quote.body.id}`)).body.locale).toBe("fr");

    const own = await post(org, "/v1/quotes", { customer_id: customer.id, items, locale: "it" });
    expect(own.body.locale).toBe("it");
    const changed = await api("PATCH", `/v1/quotes/${own.body.id}`, {
      token: org.owner.key,
      body: { locale: "es" },
    });
    expect(changed.body.locale).toBe("es");
    expect((await post(org, `/v1/quotes/${own.body.id}/send`)).body.locale).toBe("es");
  });
});

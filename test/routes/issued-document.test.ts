// The issued-document model as frozen at issue: notes edited after send never reach the issued
// documents (also for an invoice sent before models were frozen), a model frozen by an older
// version is rebuilt from the rows, a document is never served under the other type's routes,
// inclusive prices are labelled as such, and the hosted page's balance adds up after a refund.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { createCustomer } from "../helpers/factories";
import { draft, post, send, standardRate } from "./billing/helpers";

const SELLER = {
  legal_name: "Beispiel GmbH",
  address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
  vat_id: "DE123456789",
  email: "rechnung@beispiel.example",
  phone: "+49 89 123456",
  iban: "DE89370400440532013000",
  locale: "en",
};

async function sentInvoice(org: TestOrg, body: Record<string, unknown> = {}) {
  const patched = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, { name: "Globex AG" });
  const created = await draft(org, {
    customer_id: customer.id,
    currency: "EUR",
    items: [{ description: "Consulting", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    ...body,
  });
  return send(org, created.id);
}

async function pdfText(org: TestOrg, path: string) {
  const res = await api("GET", path, { token: org.owner.key });
  expect(res.status, String(res.body).slice(0, 200)).toBe(200);
  const proxy = await getDocumentProxy(new Uint8Array(await res.raw.arrayBuffer()));
  const { text } = await extractText(proxy, { mergePages: true });
  return (text as string).replace(/[\u00a0\u202f]/g, " ");
}

async function text(org: TestOrg, path: string) {
  const res = await api("GET", path, { token: org.owner.key });
  expect(res.status).toBe(200);
  return new TextDecoder().decode(await res.raw.arrayBuffer());
}

const tokenOf = (invoice: Record<string, any>) => new URL(invoice.hosted_url).pathname.split("/").at(-1)!;

async function page(invoice: Record<string, any>) {
  const res = await api("GET", `/i/${tokenOf(invoice)}`);
  expect(res.status).toBe(200);
  return String(res.body).replace(/[\u00a0\u202f]/g, " ");
}

describe("notes edited after send", () => {
  it("stay out of the issued documents: PDF, Factur-X page and XML, e-invoices and page keep the notes as sent", async () => {
    const org = await createOrg({ currency: "EUR" });
    const invoice = await sentInvoice(org, { notes: "NOTE-AS-SENT" });
    const patched = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { notes: "NOTE-EDITED" },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.notes).toBe("NOTE-EDITED");
    for (const output of [
      await pdfText(org, `/v1/invoices/${invoice.id}/pdf`),
      await pdfText(org, `/v1/invoices/${invoice.id}/pdf?format=facturx`),
      await text(org, `/v1/invoices/${invoice.id}/einvoice?syntax=cii`),
      await page(invoice),
    ]) {
      expect(output).toContain("NOTE-AS-SENT");
      expect(output).not.toContain("NOTE-EDITED");
    }
  });

  it("also for an invoice sent before models were frozen: the edit freezes it first", async () => {
    const org = await createOrg({ currency: "EUR" });
    const invoice = await sentInvoice(org, { notes: "NOTE-AS-SENT" });
    // As sent before models and archives existed: nothing frozen, nothing archived.
    await (await d1Of(org.organizationId))
      .prepare("DELETE FROM issued_documents WHERE document_id = ?")
      .bind(invoice.id)
      .run();
    await (await d1Of(org.organizationId))
      .prepare("DELETE FROM invoice_archives WHERE document_id = ?")
      .bind(invoice.id)
      .run();
    const patched = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { notes: "NOTE-EDITED" },
    });
    expect(patched.status).toBe(200);
    const pdf = await pdfText(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(pdf).toContain("NOTE-AS-SENT");
    expect(pdf).not.toContain("NOTE-EDITED");
    expect(await page(invoice)).toContain("NOTE-AS-SENT");
  });
});

describe("a model frozen by an older version", () => {
  it("is rebuilt from the rows (keeping its notes as issued) and stored in this version", async () => {
    const org = await createOrg({ currency: "EUR" });
    const invoice = await sentInvoice(org, { notes: "NOTE-AS-SENT" });
    await (await d1Of(org.organizationId))
      .prepare("UPDATE issued_documents SET version = 1, model = ? WHERE document_id = ?")
      .bind(JSON.stringify({ version: 1, notes: "NOTE-AS-SENT", lines: "an old shape" }), invoice.id)
      .run();
    const html = await page(invoice);
    expect(html).toContain("NOTE-AS-SENT");
    expect(html).toContain("Consulting");
    const row = await (await d1Of(org.organizationId))
      .prepare("SELECT version, model FROM issued_documents WHERE document_id = ?")
      .bind(invoice.id)
      .first<{ version: number; model: string }>();
    expect(row?.version).toBe(2);
    expect(JSON.parse(row?.model ?? "{}").lines[0].description).toBe("Consulting");
  });
});

describe("document types", () => {
  it("serves an invoice only under /v1/invoices and a credit note only under /v1/credit-notes", async () => {
    const org = await createOrg({ currency: "EUR" });
    const invoice = await sentInvoice(org);
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Goodwill",
      amount: 10,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    for (const path of [
      `/v1/invoices/${note.body.id}/pdf`,
      `/v1/invoices/${note.body.id}/einvoice?syntax=cii`,
      `/v1/credit-notes/${invoice.id}/pdf`,
      `/v1/credit-notes/${invoice.id}/einvoice?syntax=cii`,
    ]) {
      const res = await api("GET", path, { token: org.owner.key });
      expect(res.status, path).toBe(404);
    }
  });
});

describe("prices that include VAT", () => {
  it("are printed under a gross heading, not as net amounts", async () => {
    const org = await createOrg({ currency: "EUR" });
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
    const inclusive = await standardRate(org, 19, true);
    const customer = await createCustomer(org);
    const created = await draft(org, {
      customer_id: customer.id,
      currency: "EUR",
      items: [{ description: "Ticket", quantity: 1, unit_price: 119, tax_rate_id: inclusive.id }],
    });
    const invoice = await send(org, created.id);
    const pdf = await pdfText(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(pdf).toContain("Gross amount");
    expect(pdf).not.toContain("Net amount");
    expect(pdf).toMatch(/Subtotal\s*€100\.00/);
  });
});

describe("the hosted page's balance", () => {
  it("adds up after a credit note refunds part of a full payment", async () => {
    const org = await createOrg({ currency: "EUR" });
    const invoice = await sentInvoice(org);
    expect(invoice.total).toBe(119);
    const paid = await post(org, `/v1/invoices/${invoice.id}/payments`, {
      amount: 119,
      received_at: invoice.issue_date,
      method: "bank_transfer",
    });
    expect(paid.status).toBe(201);
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Goodwill",
      amount: 19,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.refund_amount).toBe(19);
    const html = await page(invoice);
    const balance = html.slice(html.indexOf('id="balance"'));
    // Total 119.00 - paid 119.00 - credited 19.00 + refunded 19.00 = 0.00 due.
    expect(balance).toMatch(/Paid<\/th><td class="num">−€119\.00/);
    expect(balance).toMatch(/Credited<\/th><td class="num">−€19\.00/);
    expect(balance).toMatch(/Refunded<\/th><td class="num">\+€19\.00/);
    expect(balance).toMatch(/€0\.00/);
  });
});

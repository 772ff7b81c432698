// An invoice of 1,000 lines (the most one takes) through every route: created, its lines replaced,
// sent (PDF, Factur-X, UBL, CII, hosted page, e-mail), credited line by line. One invoice serves
// the whole file; 1,001 lines are refused.
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_ITEMS } from "../../src/lib/document-input";
import { api, expectError, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { dueIn } from "../helpers/factories";
import { facturxXml } from "../helpers/facturx";
import { hostedPageOf, readyOrg } from "./billing/helpers";

const LINES = 1000;

/** Line i (1-based) of the invoice as sent: every tenth one long enough to wrap in the PDF. */
const line = (i: number, rate: string, label = "Line") => ({
  description:
    i % 10 === 0
      ? `${label} ${i}: metered usage of the connection, peak and off-peak hours together`
      : `${label} ${i}`,
  quantity: 1 + (i % 3),
  unit_price: 0.5 + (i % 7),
  tax_rate_id: rate,
});

let org: TestOrg;
let rate: string;
let customer: string;
let invoice: Record<string, any>;
let draftBodyBytes: number;
let draftAnswerBytes: number;
let draftId: string;
const IDEMPOTENCY_KEY = `large-${Date.now()}`;

const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

async function pdfPages(path: string) {
  const res = await api("GET", path, { token: org.owner.key });
  expect(res.status, String(res.body).slice(0, 300)).toBe(200);
  const proxy = await getDocumentProxy(new Uint8Array(await res.raw.arrayBuffer()));
  const { text } = await extractText(proxy, { mergePages: false });
  return (text as string[]).map(plainSpaces);
}

beforeAll(async () => {
  ({ org, rate, customer } = await readyOrg());
  // The draft's lines have the longest descriptions there are, in Cyrillic: a body over 1 MiB.
  const items = Array.from({ length: LINES }, (_, i) => ({
    ...line(i + 1, rate),
    description: `Черновик ${i + 1} ${"Ж".repeat(480)}`,
  }));
  const body = { customer_id: customer, items, due_date: dueIn(30) };
  draftBodyBytes = new TextEncoder().encode(JSON.stringify(body)).length;
  const created = await api("POST", "/v1/invoices", {
    token: org.owner.key,
    body,
    headers: { "Idempotency-Key": IDEMPOTENCY_KEY },
  });
  draftAnswerBytes = new TextEncoder().encode(JSON.stringify(created.body)).length;
  draftId = created.body.id;
  expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(201);
  expect(created.body.items).toHaveLength(LINES);
  // PATCH replaces all the lines at once.
  const patched = await api("PATCH", `/v1/invoices/${created.body.id}`, {
    token: org.owner.key,
    body: { items: Array.from({ length: LINES }, (_, i) => line(i + 1, rate)) },
  });
  expect(patched.status, JSON.stringify(patched.body).slice(0, 500)).toBe(200);
  const sent = await api("POST", `/v1/invoices/${created.body.id}/send`, { token: org.owner.key });
  expect(sent.status, JSON.stringify(sent.body).slice(0, 500)).toBe(200);
  invoice = sent.body;
}, 60_000);

describe("an invoice of 1,000 lines", () => {
  it("is the most an invoice takes: 1,001 lines are 422 validation_error naming items, nothing stored", async () => {
    expect(MAX_ITEMS).toBe(LINES);
    const before = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM invoices WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    const res = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: { customer_id: customer, items: Array.from({ length: LINES + 1 }, (_, i) => line(i + 1, rate)) },
    });
    const error = expectError(res, 422, "validation_error");
    expect(error.details).toHaveProperty(["items"]);
    const after = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM invoices WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    const patch = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { items: Array.from({ length: LINES + 1 }, (_, i) => line(i + 1, rate)) },
    });
    expect(expectError(patch, 422, "validation_error").details).toHaveProperty(["items"]);
  });

  it("takes a body of 1,000 lines up to 2 MiB (other bodies 1 MiB): 413 payload_too_large past it", async () => {
    expect(draftBodyBytes).toBeGreaterThan(1024 * 1024);
    const big = JSON.stringify({
      customer_id: customer,
      items: Array.from({ length: LINES }, (_, i) => ({
        ...line(i + 1, rate),
        description: "Ж".repeat(1100),
      })),
    });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      rawBody: big,
      headers: { "Content-Type": "application/json" },
    });
    expectError(res, 413, "payload_too_large");
  });

  it("keeps a 1,000-line create's answer for its Idempotency-Key: a retry answers it again, nothing created", async () => {
    // The kept answer is written with the invoice; D1 holds at most 2 MB in one value.
    expect(draftAnswerBytes).toBeGreaterThan(1024 * 1024);
    expect(draftAnswerBytes).toBeLessThan(2_000_000);
    const count = async () =>
      (await d1Of(org.organizationId))
        .prepare("SELECT count(*) AS n FROM invoices WHERE organization_id = ?")
        .bind(org.organizationId)
        .first<{ n: number }>();
    const before = await count();
    const body = {
      customer_id: customer,
      items: Array.from({ length: LINES }, (_, i) => ({
        ...line(i + 1, rate),
        description: `Черновик ${i + 1} ${"Ж".repeat(480)}`,
      })),
      due_date: dueIn(30),
    };
    const again = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body,
      headers: { "Idempotency-Key": IDEMPOTENCY_KEY },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(draftId);
    expect((await count())!.n).toBe(before!.n);
  });

  it("keeps every line the PATCH gave, in order, with totals over all of them", async () => {
    expect(invoice.status).toBe("sent");
    expect(invoice.items).toHaveLength(LINES);
    expect(invoice.items.map((item: { description: string }) => item.description)).toEqual(
      Array.from({ length: LINES }, (_, i) => line(i + 1, rate).description),
    );
    const rows = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM invoice_items WHERE invoice_id = ?")
      .bind(invoice.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(LINES);
    // Net: sum of quantity x price; VAT 19 % on it.
    let net = 0;
    for (let i = 1; i <= LINES; i++) net += (1 + (i % 3)) * (0.5 + (i % 7)) * 100;
    expect(Math.round(invoice.subtotal * 100)).toBe(Math.round(net));
    expect(invoice.total).toBeCloseTo(Math.round(net * 1.19) / 100, 2);
  });

  it("prints the table header on every page, Page n of m, every line once and the totals on the last page", async () => {
    const pages = await pdfPages(`/v1/invoices/${invoice.id}/pdf`);
    expect(pages.length).toBeGreaterThan(20);
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
      // Every page that holds lines opens with the table's header row.
      if (!/Line \d+/.test(page)) return;
      expect(page, `page ${i + 1}`).toContain("Description");
      expect(page, `page ${i + 1}`).toContain("Net amount");
    });
    expect(pages.filter((page) => /Line \d+/.test(page)).length).toBeGreaterThanOrEqual(pages.length - 1);
    const all = pages.join("\n");
    for (let i = 1; i <= LINES; i++) expect(all).toMatch(new RegExp(`Line ${i}\\b`));
    // The totals follow the last line: nowhere before the last two pages.
    expect(pages.at(-1)).toContain("VAT total");
    for (const page of pages.slice(0, -2)) expect(page).not.toContain("VAT total");
  });

  it("writes all 1,000 lines into the UBL, the CII and the Factur-X XML", async () => {
    for (const syntax of ["ubl", "cii"] as const) {
      const res = await api("GET", `/v1/invoices/${invoice.id}/einvoice?syntax=${syntax}`, {
        token: org.owner.key,
      });
      expect(res.status).toBe(200);
      const xml = res.body as string;
      const tag = syntax === "ubl" ? "<cac:InvoiceLine>" : "<ram:IncludedSupplyChainTradeLineItem>";
      expect(xml.split(tag).length - 1, syntax).toBe(LINES);
      expect(xml).toContain("Line 1000: metered usage");
    }
    const facturx = await api("GET", `/v1/invoices/${invoice.id}/pdf?format=facturx`, {
      token: org.owner.key,
    });
    expect(facturx.status).toBe(200);
    const embedded = facturxXml(await PDFDocument.load(await facturx.raw.arrayBuffer()));
    expect(embedded.split("<ram:IncludedSupplyChainTradeLineItem>").length - 1).toBe(LINES);
  });

  it("e-mails the first 20 lines, then 'and 980 more lines', with the totals intact", async () => {
    const res = await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key });
    const [email] = res.body.data as { text: string; html: string }[];
    const text = plainSpaces(email!.text);
    expect(text).toContain("- Line 20: ");
    expect(text).not.toContain("- Line 21: ");
    expect(text).toContain("and 980 more lines");
    expect(plainSpaces(email!.html)).toContain("and 980 more lines");
    expect(email!.html).not.toContain("Line 21<");
    const money = (amount: number) => `€${amount.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(text).toContain(`Total: ${money(invoice.total)}`);
    expect(text).toContain(`Subtotal: ${money(invoice.subtotal)}`);
    expect(text).toContain(`VAT total: ${money(invoice.tax_total)}`);
  });

  it("keeps the hosted page short on a phone: 10 lines, the rest behind 'Show all 1,000 lines', totals and payment after", async () => {
    const page = await hostedPageOf(invoice);
    const summary = page.indexOf("Show all 1,000 lines");
    expect(summary).toBeGreaterThan(0);
    expect(page.indexOf(">Line 9<")).toBeLessThan(summary);
    expect(page.indexOf(">Line 11<")).toBeGreaterThan(summary);
    expect(page.indexOf(">Line 1000: metered")).toBeGreaterThan(summary);
    // Collapsed with no script: a <details> element, closed.
    expect(page).toMatch(/<details[^>]*>\s*<summary[^>]*>Show all 1,000 lines<\/summary>/);
    expect(page).not.toContain("<script");
    // The totals and the payment follow the fold, never a thousand rows.
    const fold = page.indexOf("</details>");
    expect(page.indexOf("VAT total")).toBeGreaterThan(fold);
    expect(page.indexOf('id="payment"')).toBeGreaterThan(fold);
  });

  it("credits all 1,000 lines in one credit note, with its PDF and e-mail", async () => {
    const res = await api("POST", "/v1/credit-notes", {
      token: org.owner.key,
      body: {
        invoice_id: invoice.id,
        reason: "Billed twice",
        lines: invoice.items.map((item: { id: string; quantity: number }) => ({
          invoice_item_id: item.id,
          quantity: item.quantity,
        })),
      },
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
    const note = res.body;
    expect(note.items).toHaveLength(LINES);
    expect(note.total).toBe(invoice.total);
    const pages = await pdfPages(`/v1/credit-notes/${note.id}/pdf`);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (/Line \d+/.test(page)) expect(page, `page ${i + 1}`).toContain("Description");
    });
    expect(pages.filter((page) => /Line \d+/.test(page)).length).toBeGreaterThanOrEqual(pages.length - 1);
    const ubl = await api("GET", `/v1/credit-notes/${note.id}/einvoice?syntax=ubl`, { token: org.owner.key });
    expect(ubl.status).toBe(200);
    expect((ubl.body as string).split("<cac:CreditNoteLine>").length - 1).toBe(LINES);
    const sent = await api("POST", `/v1/credit-notes/${note.id}/send`, { token: org.owner.key, body: {} });
    expect(sent.status, JSON.stringify(sent.body).slice(0, 300)).toBe(200);
    const emails = await api("GET", `/v1/credit-notes/${note.id}/emails`, { token: org.owner.key });
    const [email] = emails.body.data as { text: string }[];
    expect(email!.text).toContain("- Line 20: ");
    expect(email!.text).not.toContain("- Line 21: ");
    expect(email!.text).toContain("… and 980 more lines");
  });
});

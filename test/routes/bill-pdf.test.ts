// GET /v1/bills/{id}/pdf: an XML bill drawn by the service's own renderer in the organization's
// language, from the stored document only, with how it was received and the rules' verdict; a
// Factur-X answered as received.
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { receivedFormatName } from "../../src/document/bill";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { importBill, type SupplierInvoice, supplier } from "../helpers/supplier-invoices";

let invoice: SupplierInvoice;

beforeAll(async () => {
  invoice = await (await supplier()).issue([
    { description: "Beratung", quantity: 2, unit_price: 100 },
    { description: "Reisekosten", quantity: 1, unit_price: 42.5 },
  ]);
}, 60_000);

async function buyer(locale: string) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: { locale } });
  expect(res.status).toBe(200);
  return org;
}

async function pdfText(org: TestOrg, id: string) {
  const res = await api("GET", `/v1/bills/${id}/pdf`, { token: org.owner.key });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  const bytes = new Uint8Array(await res.raw.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return (text as string).replace(/[\u00a0\u202f]/g, " ");
}

const today = () => new Date().toISOString().slice(0, 10);

describe("GET /v1/bills/{id}/pdf", () => {
  it("draws a UBL bill in the organization's language with its stated figures and the receipt", async () => {
    const org = await buyer("de");
    const bill = await importBill(org, invoice.ubl);
    const text = await pdfText(org, bill.id);
    const day = new Intl.DateTimeFormat("de", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${today()}T00:00:00Z`),
    );
    const format = receivedFormatName({
      syntax: "ubl",
      container: "xml",
      customizationId: bill.original.customization_id,
    });
    expect(text).toContain(`Empfangen als ${format} am ${day}`);
    expect(text).toContain("Prüfung: Erfüllt die Regeln von");
    expect(text).toContain(invoice.number);
    expect(text).toContain("Acme GmbH");
    expect(text).toContain("Käufer AG");
    expect(text).toContain("Beratung");
    // BT-106, BT-110, BT-112 as stated: 242,50 + 46,08 = 288,58.
    expect(text).toContain("242,50 €");
    expect(text).toContain("46,08 €");
    expect(text).toContain("288,58 €");
  });

  it("lists the rules a bill breaks by their ids", async () => {
    const org = await buyer("en");
    // The supplier's VAT total stated one cent off: the amounts stay as stated, the rules object.
    const xml = new TextDecoder().decode(invoice.ubl).replace(/>46\.08</g, ">46.09<");
    const bill = await importBill(org, new TextEncoder().encode(xml));
    expect(bill.validation.valid).toBe(false);
    const rules = (bill.validation.errors as { rule: string }[]).map((e) => e.rule);
    expect(rules.length).toBeGreaterThan(0);
    const text = await pdfText(org, bill.id);
    expect(text).toMatch(/Validation: Breaks \d+ rules? of /);
    for (const rule of rules.slice(0, 10)) expect(text).toContain(`${rule}:`);
    expect(text).toContain("€46.09");
  });

  it("answers a Factur-X bill with its original bytes", async () => {
    const org = await buyer("fr");
    const bill = await importBill(org, invoice.facturx, "application/pdf");
    const res = await api("GET", `/v1/bills/${bill.id}/pdf`, { token: org.owner.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(new Uint8Array(await res.raw.arrayBuffer())).toEqual(invoice.facturx);
  });

  it("is 404 for another organization's bill", async () => {
    const org = await buyer("en");
    const bill = await importBill(org, invoice.cii);
    const other = await createOrg();
    expectError(await api("GET", `/v1/bills/${bill.id}/pdf`, { token: other.owner.key }), 404, "not_found");
  });
});

describe("a bill stating a currency ISO 4217 does not list", () => {
  it("is kept as stated (valid: false, BR-CL-04), drawn, and counted in the tax report once approved", async () => {
    const org = await buyer("en");
    const xml = new TextDecoder()
      .decode(invoice.ubl)
      .replaceAll(">EUR<", ">EURO<")
      .replaceAll('currencyID="EUR"', 'currencyID="EURO"');
    const bill = await importBill(org, new TextEncoder().encode(xml));
    expect(bill.currency).toBe("EURO");
    expect(bill.validation.valid).toBe(false);
    expect(bill.validation.errors.map((e: { rule: string }) => e.rule)).toContain("BR-CL-04");
    expect(bill.total).toBe(288.58);
    const text = await pdfText(org, bill.id);
    expect(text).toContain("288.58");
    const approved = await api("POST", `/v1/bills/${bill.id}/approve`, { token: org.owner.key });
    expect(approved.status).toBe(200);
    const report = await api("GET", `/v1/reports/tax?from=${today()}&to=${today()}`, {
      token: org.owner.key,
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data).toEqual([
      expect.objectContaining({ currency: "EURO", received: { taxable_amount: 242.5, tax_amount: 46.08 } }),
    ]);
  });
});

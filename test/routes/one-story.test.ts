// One invoice, one story: an invoice with line and document discounts at two VAT rates is sent,
// then paid in part and credited in part. Every output of it (the PDF, the Factur-X page and its
// embedded XML, UBL, CII, the hosted page and the e-mail) states the same total, VAT and payable
// amount as issued, the same bytes before and after the payment, and the page shows the live
// balance beside the document, not in it. Every figure is pinned to an amount computed by hand,
// so a totals bug every output shares fails too.
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { createCustomer } from "../helpers/factories";
import { facturxXml } from "../helpers/facturx";
import { draft, post, send, standardRate } from "./billing/helpers";

const SELLER = {
  legal_name: "Müller Werkzeuge GmbH",
  address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
  vat_id: "DE123456789",
  email: "rechnung@mueller.example",
  phone: "+49 89 123456",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  locale: "de",
  electronic_address: { scheme: "9930", id: "DE123456789" },
};

async function bytesOf(org: TestOrg, path: string): Promise<Uint8Array> {
  const res = await api("GET", path, { token: org.owner.key });
  expect(res.status, `${path}: ${String(res.body).slice(0, 300)}`).toBe(200);
  return new Uint8Array(await res.raw.arrayBuffer());
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  // Intl puts no-break spaces inside amounts; compare with plain spaces.
  return (text as string).replace(/[\u00a0\u202f]/g, " ");
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The amount as the documents print it in German: 7.233,72 €. */
const euro = (amount: number) =>
  plain(new Intl.NumberFormat("de", { style: "currency", currency: "EUR" }).format(amount));

/** The text of each element named `name` (any namespace prefix) in an XML document. */
function xmlValues(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>([^<]*)<`, "g"))].map((m) => m[1]!);
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("one invoice, one story", () => {
  it("states the same as-issued total, VAT and payable amount in every output, and the live balance beside it", async () => {
    const org = await createOrg({ currency: "EUR" });
    const patched = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const [standard, reduced] = [await standardRate(org, 19), await standardRate(org, 7)];
    const customer = await createCustomer(org, {
      name: "Globex AG",
      email: "ap@globex.example",
      vat_id: "DE987654321",
      buyer_reference: "PO-4711",
      electronic_address: { scheme: "9930", id: "DE987654321" },
    });
    const created = await draft(org, {
      customer_id: customer.id,
      currency: "EUR",
      purchase_order: "PO-4711",
      discounts: [{ description: "Treuerabatt", percentage: 2 }],
      items: [
        {
          description: "Beratung",
          quantity: 12,
          unit_price: 450,
          tax_rate_id: standard.id,
          discount: { percentage: 10 },
        },
        { description: "Workshop", quantity: 2, unit_price: 1250, tax_rate_id: standard.id },
        {
          description: "Fachbücher",
          quantity: 3,
          unit_price: 39.9,
          tax_rate_id: reduced.id,
          discount: { amount: 5 },
        },
      ],
    });
    const sent = await send(org, created.id);
    const id = sent.id as string;
    // Every figure, computed by hand:
    // Beratung 12 x 450.00 = 5,400.00 less 10 % (540.00) = 4,860.00 at 19 %;
    // Workshop 2 x 1,250.00 = 2,500.00 at 19 %;
    // Fachbücher 3 x 39.90 = 119.70 less 5.00 = 114.70 at 7 %.
    // Lines 7,474.70. Treuerabatt 2 % on each rate's lines: 147.20 (of 7,360.00) + 2.29 (of 114.70).
    // Taxable 7,212.80 at 19 % = 1,370.43 VAT; 112.41 at 7 % = 7.87 VAT (7.8687).
    // Net 7,325.21 + VAT 1,378.30 = total 8,703.51.
    expect(sent).toMatchObject({
      subtotal: 7474.7,
      discount_total: 149.49,
      tax_total: 1378.3,
      total: 8703.51,
      amount_due: 8703.51,
    });
    expect(sent.tax_breakdown).toEqual([
      expect.objectContaining({ percentage: 19, taxable_amount: 7212.8, tax_amount: 1370.43 }),
      expect.objectContaining({ percentage: 7, taxable_amount: 112.41, tax_amount: 7.87 }),
    ]);
    const total = 8703.51;
    const tax = 1378.3;

    // Every legal output was archived at send, the Factur-X too (before anyone downloaded it).
    const archived = await (await d1Of(org.organizationId))
      .prepare("SELECT kind FROM invoice_archives WHERE document_id = ? ORDER BY kind")
      .bind(id)
      .all<{ kind: string }>();
    expect(archived.results.map((row) => row.kind)).toEqual(["cii", "facturx", "pdf", "ubl"]);

    // The documents as sent.
    const asSent = {
      pdf: await bytesOf(org, `/v1/invoices/${id}/pdf`),
      facturx: await bytesOf(org, `/v1/invoices/${id}/pdf?format=facturx`),
      ubl: await bytesOf(org, `/v1/invoices/${id}/einvoice?syntax=ubl`),
      cii: await bytesOf(org, `/v1/invoices/${id}/einvoice?syntax=cii`),
    };

    // Afterwards: a payment of 3,000.00 and a credit note of 285.60.
    const paid = await post(org, `/v1/invoices/${id}/payments`, {
      amount: 3000,
      received_at: sent.issue_date,
      method: "bank_transfer",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const credit = await post(org, "/v1/credit-notes", { invoice_id: id, reason: "Kulanz", amount: 285.6 });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const live = (await api("GET", `/v1/invoices/${id}`, { token: org.owner.key })).body;
    // 8,703.51 - 3,000.00 paid - 285.60 credited = 5,417.91 still due.
    const due = 5417.91;
    expect(live).toMatchObject({ amount_paid: 3000, amount_credited: 285.6, amount_due: due, total });

    // The same downloads give the same bytes as before the payment and the credit.
    const now = {
      pdf: await bytesOf(org, `/v1/invoices/${id}/pdf`),
      facturx: await bytesOf(org, `/v1/invoices/${id}/pdf?format=facturx`),
      ubl: await bytesOf(org, `/v1/invoices/${id}/einvoice?syntax=ubl`),
      cii: await bytesOf(org, `/v1/invoices/${id}/einvoice?syntax=cii`),
    };
    for (const kind of ["pdf", "facturx", "ubl", "cii"] as const) {
      expect(now[kind], kind).toEqual(asSent[kind]);
    }

    // PDF: the total and the VAT as issued (the total is what it asks: no "Zahlbetrag" row
    // repeats it); never the live balance.
    const pdf = await pdfText(now.pdf);
    for (const amount of [total, tax]) expect(pdf).toContain(euro(amount));
    // Each line's amount, the lines' sum, the discount (with U+2212), the net and each VAT amount.
    for (const amount of [4860, 2500, 114.7, 7474.7, 7325.21, 1370.43, 7.87])
      expect(pdf).toContain(euro(amount));
    expect(pdf).toContain(`\u2212${euro(149.49)}`);
    expect(pdf).toMatch(new RegExp(`Gesamtbetrag\\s*${euro(total).replace(/[.$]/g, "\\$&")}`));
    expect(pdf).not.toContain("Zahlbetrag");
    expect(pdf).not.toContain(euro(due));

    // Factur-X: its page says the same, and its XML is the CII download, byte for byte.
    const facturx = await pdfText(now.facturx);
    for (const amount of [total, tax]) expect(facturx).toContain(euro(amount));
    expect(facturx).not.toContain(euro(due));
    const embedded = facturxXml(await PDFDocument.load(now.facturx));
    expect(embedded).toBe(decode(now.cii));

    // UBL and CII: tax-inclusive total, VAT and payable amount as issued.
    const money = (amount: number) => amount.toFixed(2);
    const ubl = decode(now.ubl);
    expect(xmlValues(ubl, "TaxInclusiveAmount")).toEqual([money(total)]);
    expect(xmlValues(ubl, "PayableAmount")).toEqual([money(total)]);
    expect(xmlValues(ubl, "PrepaidAmount")).not.toContain("3000.00");
    expect(xmlValues(ubl, "TaxAmount")[0]).toBe(money(tax));
    const cii = decode(now.cii);
    expect(xmlValues(cii, "GrandTotalAmount")).toEqual([money(total)]);
    expect(xmlValues(cii, "DuePayableAmount")).toEqual([money(total)]);
    expect(xmlValues(cii, "TaxTotalAmount")).toEqual([money(tax)]);

    // The e-mail sent with the invoice: the same total and VAT.
    const [message] = (await api("GET", `/v1/invoices/${id}/emails`, { token: org.owner.key })).body.data;
    for (const part of [plain(message.text), plain(message.html)]) {
      expect(part).toContain(euro(total));
      expect(part).toContain(euro(tax));
    }

    // The hosted page: the total as issued, and the live balance in a panel of its own.
    const token = new URL(sent.hosted_url as string).pathname.split("/").at(-1)!;
    const page = await api("GET", `/i/${token}`);
    expect(page.status).toBe(200);
    const html = plain(String(page.body));
    const at = html.indexOf('<section class="balance"');
    expect(at).toBeGreaterThan(0);
    // The document as issued, before the panel: its total and VAT, no payment and no credit note.
    const issued = html.slice(0, at);
    expect(issued).toContain(euro(total));
    expect(issued).toContain(euro(tax));
    expect(issued).not.toContain(euro(3000));
    expect(issued).not.toContain(credit.body.number);
    // The panel: the payment, the credit note and what is left to pay.
    const balance = html.slice(at);
    for (const amount of [3000, 285.6, due]) expect(balance).toContain(euro(amount));
    expect(balance).toContain(credit.body.number);
  });
});

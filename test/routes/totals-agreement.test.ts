// One totals block: the PDF, the hosted page and the e-mail of a German invoice with a document
// discount, a prepaid amount, a payment and a credit note show the same totals rows (label, amount,
// minus sign U+2212, bold rows), the rows `totalsRows` gives (src/document/totals.ts), pinned here
// to a hand computation. The e-mail that states the live balance (a receipt) ends with the same
// rows as the page's balance panel.
import { getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
import { draft, get, hostedPageOf, post, send, standardRate } from "./billing/helpers";

/** A totals row as an output shows it: its label, its amount as written, and whether it is bold. */
interface ShownRow {
  label: string;
  amount: string;
  bold: boolean;
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The PDF's totals: the rows right of the VAT breakdown, from "Zwischensumme" down to the block's end. */
async function pdfTotals(bytes: Uint8Array): Promise<ShownRow[]> {
  const pdf = await getDocumentProxy(bytes.slice());
  const page = await pdf.getPage(1);
  const { items } = await page.getTextContent();
  const runs = (items as { str: string; transform: number[]; fontName: string }[])
    .filter((item) => item.str.trim() !== "")
    .map((item) => ({ x: item.transform[4]!, y: item.transform[5]!, font: item.fontName, str: item.str }));
  await pdf.destroy();
  const start = runs.find((run) => run.str === "Zwischensumme");
  expect(start, "the PDF's totals").toBeDefined();
  const column = runs.filter((run) => run.x >= start!.x - 1 && run.y <= start!.y);
  const ys = [...new Set(column.map((run) => Math.round(run.y * 100) / 100))].sort((a, b) => b - a);
  // The block's rows are 15 pt apart; what is further below belongs to the next block.
  const gap = ys.findIndex((y, i) => i > 0 && ys[i - 1]! - y >= 20);
  const rowYs = gap < 0 ? ys : ys.slice(0, gap);
  // The bold font is the title's ("Rechnung").
  const boldFont = runs.find((run) => run.str === "Rechnung")!.font;
  return rowYs.map((y) => {
    const row = column.filter((run) => Math.abs(run.y - y) < 0.01).sort((a, b) => a.x - b.x);
    return {
      label: row[0]!.str,
      amount: plain(row.at(-1)!.str),
      bold: row[0]!.font === boldFont,
    };
  });
}

/** The rows of each `<table class="totals">` of the hosted page: as issued, then the balance panel. */
function pageTotals(html: string): ShownRow[][] {
  return [...html.matchAll(/<table class="totals">([\s\S]*?)<\/table>/g)].map(([, table]) =>
    [
      ...table!.matchAll(
        /<tr( class="grand")?><th scope="row">([^<]*)<\/th><td class="num">([^<]*)<\/td><\/tr>/g,
      ),
    ].map(([, grand, label, amount]) => ({ label: label!, amount: amount!, bold: grand !== undefined })),
  );
}

/** The e-mail's figures: the rows of label and amount of the HTML part's table that starts with "Zwischensumme". */
function emailTotals(html: string): ShownRow[] {
  const text = plain(html);
  const from = text.indexOf(">Zwischensumme</td>");
  expect(from, "the e-mail's figures").toBeGreaterThan(0);
  const table = text.slice(text.lastIndexOf("<tr>", from), text.indexOf("</table>", from));
  return [
    ...table.matchAll(
      /<td class="e-muted e-rule" style="[^"]*font:(\d+) [^"]*">([^<]*)<\/td><td class="e-ink e-rule"[^>]*>([^<]*)<\/td>/g,
    ),
  ].map(([, weight, label, amount]) => ({ label: label!, amount: amount!, bold: weight === "700" }));
}

/** The e-mail's plain-text part from its first figure on: the figures as "label: amount" lines, then the rest. */
function emailTextFrom(text: string): string[] {
  const lines = plain(text).split("\n");
  return lines.slice(lines.findIndex((line) => line.startsWith("Zwischensumme: ")));
}

describe("the totals block", () => {
  it("is the same rows, labels and minus signs on the PDF, the hosted page and the e-mail (German)", async () => {
    const org = await createOrg({ currency: "EUR" });
    const patched = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { ...SELLER, locale: "de" },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const [standard, reduced] = [await standardRate(org, 19), await standardRate(org, 7)];
    const customer = await createCustomer(org, { name: "Globex AG" });
    const created = await draft(org, {
      customer_id: customer.id,
      currency: "EUR",
      discounts: [{ description: "Treuerabatt", percentage: 5 }],
      prepaid_amount: 200,
      items: [
        {
          description: "Beratung",
          quantity: 10,
          unit_price: 100,
          tax_rate_id: standard.id,
          discount: { percentage: 10 },
        },
        {
          description: "Fachbücher",
          quantity: 2,
          unit_price: 50,
          tax_rate_id: reduced.id,
          discount: { amount: 5 },
        },
      ],
    });
    const sent = await send(org, created.id);
    const paid = await post(org, `/v1/invoices/${sent.id}/payments`, {
      amount: 300,
      received_at: sent.issue_date,
      method: "bank_transfer",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const credit = await post(org, "/v1/credit-notes", {
      invoice_id: sent.id,
      reason: "Kulanz",
      amount: 100,
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);

    // By hand: lines 900,00 (10 x 100,00 less 10 %) at 19 % and 95,00 (2 x 50,00 less 5,00) at 7 %;
    // 5 % off the document: 45,00 and 4,75; VAT 19 % of 855,00 = 162,45 and 7 % of 90,25 = 6,32.
    const asIssued: ShownRow[] = [
      { label: "Zwischensumme", amount: "995,00 €", bold: false },
      { label: "Nachlässe", amount: "−49,75 €", bold: false },
      { label: "Summe netto", amount: "945,25 €", bold: false },
      { label: "Umsatzsteuer gesamt", amount: "168,77 €", bold: false },
      { label: "Gesamtbetrag", amount: "1.114,02 €", bold: true },
      { label: "Vorausbezahlt", amount: "−200,00 €", bold: false },
      { label: "Zahlbetrag", amount: "914,02 €", bold: true },
    ];
    // Since: 300,00 paid and 100,00 credited, of the 914,02 asked.
    const since: ShownRow[] = [
      { label: "Bezahlt", amount: "−300,00 €", bold: false },
      { label: "Gutgeschrieben", amount: "−100,00 €", bold: false },
      { label: "Offener Betrag", amount: "514,02 €", bold: true },
    ];

    const pdf = await get(org, `/v1/invoices/${sent.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(await pdfTotals(new Uint8Array(await pdf.raw.arrayBuffer()))).toEqual(asIssued);

    const [pageIssued, panel] = pageTotals(await hostedPageOf(sent));
    expect(pageIssued).toEqual(asIssued);
    // The panel starts from what the invoice asks, as issued, then what happened since.
    expect(panel).toEqual([{ ...asIssued.at(-1)!, bold: false }, ...since]);

    // The invoice's e-mail, as sent: the rows as issued; the receipt adds the balance since.
    const [message] = (await get(org, `/v1/invoices/${sent.id}/emails`)).body.data;
    expect(emailTotals(message.html)).toEqual(asIssued);
    const receipt = await get(org, `/v1/invoices/${sent.id}/email-preview?kind=receipt`);
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(emailTotals(receipt.body.html)).toEqual([...asIssued, ...since]);
    const figures = [...asIssued, ...since].map((row) => `${row.label}: ${row.amount}`);
    expect(emailTextFrom(receipt.body.text).slice(0, figures.length)).toEqual(figures);
  });

  it("leaves out the amount due when it is the total, on every output", async () => {
    const org = await createOrg({ currency: "EUR" });
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: { ...SELLER, locale: "de" } });
    const standard = await standardRate(org, 19);
    const created = await draft(org, {
      currency: "EUR",
      items: [{ description: "Beratung", quantity: 3, unit_price: 100, tax_rate_id: standard.id }],
    });
    const sent = await send(org, created.id);
    const asIssued: ShownRow[] = [
      { label: "Zwischensumme", amount: "300,00 €", bold: false },
      { label: "Summe netto", amount: "300,00 €", bold: false },
      { label: "Umsatzsteuer gesamt", amount: "57,00 €", bold: false },
      { label: "Gesamtbetrag", amount: "357,00 €", bold: true },
    ];
    const pdf = await get(org, `/v1/invoices/${sent.id}/pdf`);
    expect(await pdfTotals(new Uint8Array(await pdf.raw.arrayBuffer()))).toEqual(asIssued);
    expect(pageTotals(await hostedPageOf(sent))[0]).toEqual(asIssued);
    const [message] = (await get(org, `/v1/invoices/${sent.id}/emails`)).body.data;
    expect(emailTotals(message.html)).toEqual(asIssued);
  });
});

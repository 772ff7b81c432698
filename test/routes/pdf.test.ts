// Invoice and credit-note PDFs rendered in the Worker, read back as text with unpdf; the
// organization logo routes.
import { env } from "cloudflare:workers";
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream, type PDFRef } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { createCustomer } from "../helpers/factories";
import { readTestPng } from "../helpers/png";
import { createTaxRate, draft, post, sentInvoice, standardRate } from "./billing/helpers";

async function pdfOf(org: TestOrg, path: string) {
  const res = await api("GET", path, { token: org.owner.key });
  expect(res.status, String(res.body).slice(0, 300)).toBe(200);
  const bytes = new Uint8Array(await res.raw.arrayBuffer());
  const proxy = await getDocumentProxy(bytes.slice());
  const { totalPages, text } = await extractText(proxy, { mergePages: false });
  // Intl puts no-break spaces inside amounts; compare with plain spaces.
  const pages = (text as string[]).map((page) => page.replace(/[\u00a0\u202f]/g, " "));
  return { res, bytes, totalPages, pages, all: pages.join("\n") };
}

async function patchOrganization(org: TestOrg, body: Record<string, unknown>) {
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const sellerProfile = {
  legal_name: "Łódź Škoda Sp. z o.o.",
  trading_name: "Škoda Łódź",
  address: { line1: "ul. Piotrkowska 1", city: "Łódź", postal_code: "90-001", country: "PL" },
  vat_id: "PL5260250995",
  company_id: "KRS 0000123456",
  email: "faktury@skoda.example",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  account_holder: "Łódź Škoda Sp. z o.o.",
  invoice_footer: "Zarząd: Ørsted Müller",
  locale: "en",
};

// A 1x1 PNG and the start of a JPEG and a GIF.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");

describe("invoice PDF", () => {
  it("renders ten PDFs at once in one isolate (font subsets never share a queue between requests)", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, sellerProfile);
    const rate = await standardRate(org, 19);
    const customer = await createCustomer(org, { name: "Ørsted Łódź" });
    const drafts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        draft(org, {
          customer_id: customer.id,
          items: [{ description: `Parallel ${i}`, quantity: 1, unit_price: 10 + i, tax_rate_id: rate.id }],
        }),
      ),
    );
    const answers = await Promise.all(
      drafts.map((d) => api("GET", `/v1/invoices/${d.id}/pdf`, { token: org.owner.key })),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      const { text } = await extractText(
        await getDocumentProxy(new Uint8Array(await res.raw.arrayBuffer())),
        {
          mergePages: true,
        },
      );
      expect(text).toContain(`Parallel ${i}`);
    }
  });

  it("renders a sent invoice with both parties, every line, the totals and the VAT breakdown", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, sellerProfile);
    const [vat19, vat7] = [await standardRate(org, 19), await standardRate(org, 7)];
    const customer = await createCustomer(org, {
      name: "Müller Ørsted ΑΕ",
      address: { line1: "Οδός Ερμού 5", city: "Αθήνα", postal_code: "10563", country: "GR" },
      vat_id: "EL094019245",
      buyer_reference: "Москва-42",
    });
    const invoice = await sentInvoice(org, {
      customer_id: customer.id,
      currency: "EUR",
      purchase_order: "PO-7781",
      service_period: { start: "2026-10-01", end: "2026-10-31" },
      payment_terms: "14 days net",
      notes: "Thank you for your business",
      items: [
        { description: "Seats", quantity: 10, unit_price: 10, tax_rate_id: vat19.id },
        { description: "Books", quantity: 2, unit_price: 25, tax_rate_id: vat7.id },
      ],
    });
    const { res, all, totalPages } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(
      `inline; filename="${invoice.number}.pdf"; filename*=UTF-8''${invoice.number}.pdf`,
    );
    expect(totalPages).toBe(1);
    for (const text of [
      "Invoice",
      invoice.number,
      "Łódź Škoda Sp. z o.o.",
      "Łódź",
      "PL5260250995",
      "KRS 0000123456",
      "Müller Ørsted ΑΕ",
      "Αθήνα",
      "EL094019245",
      "Москва-42",
      "PO-7781",
      "Oct 1, 2026 – Oct 31, 2026",
      "Seats",
      "Books",
      "€100.00",
      "€150.00",
      "€19.00",
      "€3.50",
      "€172.50",
      "19%",
      "7%",
      "VAT breakdown",
      "VAT total",
      "DE89 3704 0044 0532 0130 00",
      "COBADEFFXXX",
      "14 days net",
      "Thank you for your business",
      "Zarząd: Ørsted Müller",
      "Scan to pay",
      "Page 1 of 1",
    ]) {
      expect(all).toContain(text);
    }
    expect(all).not.toContain("DRAFT");
    // Nothing was prepaid: the total is what is asked, with no "Amount due" row repeating it.
    expect(all).not.toContain("Amount due");
  });

  it("marks a draft DRAFT, without an issue date", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, sellerProfile);
    const created = await draft(org, {
      currency: "EUR",
      items: [{ description: "Work", quantity: 1, unit_price: 10 }],
    });
    const { all } = await pdfOf(org, `/v1/invoices/${created.id}/pdf`);
    expect(all).toContain("DRAFT");
    expect(all).toMatch(/Issue date\s*Draft/);
    // A draft prints the organization and customer as they are now.
    expect(all).toContain("Łódź Škoda Sp. z o.o.");
    expect(all).toContain("Globex");
  });

  it("paginates 200 lines with the table header on every page, a running header after the first, and Page N of M", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, sellerProfile);
    const items = Array.from({ length: 100 }, (_, i) => ({
      description:
        i % 10 === 0
          ? `Line ${i + 1}: a long description that has to wrap over several lines of the table because it goes on and on`
          : `Line ${i + 1}`,
      quantity: 1,
      unit_price: 1,
    }));
    const invoice = await sentInvoice(org, { currency: "EUR", items });
    // The second hundred goes in directly, as short copies of the first: Line 101..200 (so the
    // last page still holds lines; test/routes/large-invoices.test.ts prints 1,000 through the API).
    await (await d1Of(org.organizationId))
      .prepare(
        `INSERT INTO invoice_items (id, invoice_id, organization_id, position, description, quantity,
         unit_price_minor, amount_minor, discount_minor, net_minor)
       SELECT id || '_b', invoice_id, organization_id, position + 100,
         'Line ' || (CAST(substr(description, 6) AS INTEGER) + 100), quantity, unit_price_minor,
         amount_minor, discount_minor, net_minor
       FROM invoice_items WHERE invoice_id = ?`,
      )
      .bind(invoice.id)
      .run();
    // As an invoice sent before archiving existed (and before models were frozen at send): its
    // model is frozen and its PDF rendered (and archived) on first read.
    await (await d1Of(org.organizationId))
      .prepare("DELETE FROM invoice_archives WHERE document_id = ?")
      .bind(invoice.id)
      .run();
    await (await d1Of(org.organizationId))
      .prepare("DELETE FROM issued_documents WHERE document_id = ?")
      .bind(invoice.id)
      .run();
    const { pages, all, totalPages } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(totalPages).toBeGreaterThan(3);
    pages.forEach((page, i) => {
      expect(page).toContain("Description");
      expect(page).toContain("Net amount");
      expect(page).toContain(`Page ${i + 1} of ${totalPages}`);
    });
    for (let i = 1; i <= 200; i++) expect(all).toMatch(new RegExp(`Line ${i}\\b`));
    expect(pages.at(-1)).toContain("VAT total");
    // Every page after the first names the seller and the document above the table.
    expect(pages[0]).not.toContain("(continued)");
    for (const page of pages.slice(1)) {
      expect(page).toContain(`Łódź Škoda Sp. z o.o. · Invoice ${invoice.number} (continued)`);
    }
  });

  it("prints on US Letter for a US seller, without an EPC QR code (not EUR)", async () => {
    const org = await createOrg({ currency: "USD" });
    await patchOrganization(org, {
      legal_name: "Acme Inc.",
      address: {
        line1: "1 Market St",
        city: "San Francisco",
        postal_code: "94105",
        region: "CA",
        country: "US",
      },
      iban: "DE89370400440532013000",
    });
    const invoice = await sentInvoice(org, { items: [{ description: "Work", quantity: 1, unit_price: 10 }] });
    const { bytes, all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(all).toContain("$10.00");
    expect(all).not.toContain("Scan to pay");
  });

  it("prints on A4 elsewhere, and no EPC QR code without an IBAN", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, { legal_name: "Acme GmbH", address: { city: "Berlin", country: "DE" } });
    const invoice = await sentInvoice(org, {
      currency: "EUR",
      items: [{ description: "Work", quantity: 1, unit_price: 10 }],
    });
    const { bytes, all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    const size = (await PDFDocument.load(bytes)).getPage(0).getSize();
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([595, 842]);
    expect(all).not.toContain("Scan to pay");
  });

  it("formats numbers, dates and labels in the organization's locale", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, { ...sellerProfile, locale: "de" });
    const invoice = await sentInvoice(org, {
      currency: "EUR",
      service_period: { start: "2026-10-01", end: "2026-10-31" },
      items: [{ description: "Beratung", quantity: 1.5, unit_price: 1234.5 }],
    });
    const { all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    for (const text of [
      "Rechnung",
      "Umsatzsteuer gesamt",
      "1.851,75 €",
      "1,5",
      "01.10.2026",
      "Seite 1 von 1",
      "Zum Bezahlen scannen",
    ]) {
      expect(all).toContain(text);
    }
  });

  it("prints each line's unit after its quantity in the locale's words, none for C62", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, { ...sellerProfile, locale: "de" });
    const invoice = await sentInvoice(org, {
      currency: "EUR",
      items: [
        { description: "Beratung", quantity: 2.5, unit_price: 100, unit_code: "HUR" },
        { description: "Workshop", quantity: 3, unit_price: 800, unit_code: "DAY" },
        { description: "Kaffee", quantity: 12.5, unit_price: 20, unit_code: "KGM" },
        { description: "Anfahrt", quantity: 1, unit_price: 50, unit_code: "LS" },
        { description: "Messgerät", quantity: 1, unit_price: 5, unit_code: "XYZ" },
        { description: "Handbuch", quantity: 10, unit_price: 5 },
      ],
    });
    const { all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    for (const text of ["2,5 Std.", "3 Tag(e)", "12,5 kg", "1 pauschal", "1 XYZ", "250,00 €", "2.400,00 €"]) {
      expect(all).toContain(text);
    }
    // C62 (the default) prints the bare quantity, as before units existed.
    expect(all).toMatch(/Handbuch\s+10\s+5,00 €/);

    await patchOrganization(org, { locale: "en" });
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "One hour less",
      lines: [{ invoice_item_id: invoice.items[0].id, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    // The credit note prints in its frozen seller's locale (de) and the credited line's unit.
    expect((await pdfOf(org, `/v1/credit-notes/${note.body.id}/pdf`)).all).toContain("1 Std.");
    const english = await sentInvoice(org, {
      currency: "EUR",
      items: [{ description: "Consulting", quantity: 2.5, unit_price: 100, unit_code: "HUR" }],
    });
    expect((await pdfOf(org, `/v1/invoices/${english.id}/pdf`)).all).toContain("2.5 h");
  });

  it("speaks Polish for a Polish organization: title, parties, dates, amounts, units and statements", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, { ...sellerProfile, locale: "pl" });
    const vat23 = await standardRate(org, 23);
    const exempt = await createTaxRate(org, {
      percentage: 0,
      category: "E",
      exemption_reason_code: "VATEX-EU-132",
    });
    const invoice = await sentInvoice(org, {
      currency: "EUR",
      due_date: "2031-03-05",
      purchase_order: "ZAM-7",
      items: [
        { description: "Doradztwo", quantity: 2.5, unit_price: 100, unit_code: "HUR", tax_rate_id: vat23.id },
        { description: "Szkolenie", quantity: 1, unit_price: 50, tax_rate_id: exempt.id },
      ],
    });
    const { all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    for (const text of [
      `Faktura\n`,
      "NIP: PL5260250995",
      "Termin płatności",
      "Nr zamówienia",
      "ZAM-7",
      "2,5 godz.",
      "Razem netto",
      "Razem brutto",
      "Razem VAT",
      "Zestawienie VAT",
      "Stawka Podstawa Kwota VAT",
      "Zwolnione z VAT (VATEX-EU-132)",
      "5 mar 2031",
      "Strona 1 z 1",
    ]) {
      expect(all, text).toContain(text);
    }
    // The capital E of the heading after an earlier document used Greek capital Epsilon (a
    // composite built on it) in the same isolate: still in the text.
    expect(all).toContain("SPRZEDAWCA");
    expect(all).toContain("NABYWCA");
    expect(all).not.toMatch(/Invoice|Due date|Amount due/);
  });

  it("shows the exemption reason of a reverse-charge line", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, sellerProfile);
    const rate = await createTaxRate(org, {
      percentage: 0,
      category: "AE",
      exemption_reason: "Reverse charge",
      exemption_reason_code: "VATEX-EU-AE",
    });
    const customer = await createCustomer(org, { tax_exempt: "reverse", vat_id: "FR40303265045" });
    const invoice = await sentInvoice(org, {
      customer_id: customer.id,
      currency: "EUR",
      items: [{ description: "Licence", quantity: 1, unit_price: 1200, tax_rate_id: rate.id }],
    });
    const { all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(all).toContain("Reverse charge (VATEX-EU-AE)");
    expect(all).toContain("AE");
    expect(all).toContain("FR40303265045");
  });

  it("answers 404 for another organization's invoice", async () => {
    const [org, other] = [await createOrg(), await createOrg()];
    const invoice = await sentInvoice(org, { items: [{ description: "Work", quantity: 1, unit_price: 10 }] });
    expectError(
      await api("GET", `/v1/invoices/${invoice.id}/pdf`, { token: other.owner.key }),
      404,
      "not_found",
    );
    expectError(await api("GET", "/v1/invoices/inv_missing/pdf", { token: org.owner.key }), 404, "not_found");
  });
});

describe("credit note PDF", () => {
  it("names the invoice it corrects and the reason", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, sellerProfile);
    const vat19 = await standardRate(org, 19);
    const invoice = await sentInvoice(org, {
      currency: "EUR",
      items: [{ description: "Seats", quantity: 10, unit_price: 10, tax_rate_id: vat19.id }],
    });
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Two seats returned",
      lines: [{ invoice_item_id: invoice.items[0].id, quantity: 2 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const { res, all } = await pdfOf(org, `/v1/credit-notes/${note.body.id}/pdf`);
    expect(res.headers.get("Content-Disposition")).toBe(
      `inline; filename="${note.body.number}.pdf"; filename*=UTF-8''${note.body.number}.pdf`,
    );
    for (const text of [
      "Credit note",
      note.body.number,
      invoice.number,
      "Two seats returned",
      "€23.80",
      "€3.80",
    ]) {
      expect(all).toContain(text);
    }
    expect(all).not.toContain("Scan to pay");
    const other = await createOrg();
    expectError(
      await api("GET", `/v1/credit-notes/${note.body.id}/pdf`, { token: other.owner.key }),
      404,
      "not_found",
    );
  });
});

describe("credit note PDF looks like a credit note", () => {
  // A sent invoice of 10 seats at 10.00 less 10% at 19% VAT, in the given locale; a note credits
  // two of them: net 18.00, VAT 3.42, gross 21.42.
  async function creditedSeats(locale: "de" | "en") {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, { ...sellerProfile, locale });
    const vat19 = await standardRate(org, 19);
    const invoice = await sentInvoice(org, {
      currency: "EUR",
      items: [
        {
          description: "Seats",
          quantity: 10,
          unit_price: 10,
          discount: { percentage: 10 },
          tax_rate_id: vat19.id,
        },
      ],
    });
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Two seats returned",
      lines: [{ invoice_item_id: invoice.items[0].id, quantity: 2 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const pdf = await pdfOf(org, `/v1/credit-notes/${note.body.id}/pdf`);
    return { org, invoice, note: note.body, ...pdf };
  }

  it("de: titled Rechnungskorrektur, names the invoice and its date, net and gross in their columns", async () => {
    const { invoice, note, all } = await creditedSeats("de");
    const [y, m, d] = String(invoice.issue_date).split("-");
    expect(all).toContain(`Rechnungskorrektur\n`);
    expect(all).toContain(note.number);
    expect(all).not.toContain("Gutschrift");
    expect(all).toContain(`Korrektur zu Rechnung ${invoice.number} (${d}.${m}.${y})`);
    // Quantity, net unit price, VAT rate, net amount, gross amount: in this order on the row.
    expect(all).toMatch(/Seats\s+2\s+9,00 €\s+19 %\s+18,00 €\s+21,42 €/);
    expect(all).toMatch(/Nettobetrag\s+Bruttobetrag/);
    expect(all).toMatch(/Summe netto\s+18,00 €\s+Umsatzsteuer gesamt\s+3,42 €\s+Gesamtbetrag\s+21,42 €/);
  });

  it("en: titled Credit note; a credit of an amount shows its net, not its gross, as the net amount", async () => {
    const { org, invoice, all } = await creditedSeats("en");
    expect(all).toContain("Credit note");
    expect(all).toContain(`Corrects invoice ${invoice.number}`);
    expect(all).toMatch(/Seats\s+2\s+€9\.00\s+19%\s+€18\.00\s+€21\.42/);
    expect(all).toMatch(/Total excl\. VAT\s+€18\.00\s+VAT total\s+€3\.42\s+Total\s+€21\.42/);

    // 11.90 back, VAT included: net 10.00, VAT 1.90.
    const amount = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Goodwill",
      amount: 11.9,
    });
    expect(amount.status, JSON.stringify(amount.body)).toBe(201);
    const { all: text } = await pdfOf(org, `/v1/credit-notes/${amount.body.id}/pdf`);
    expect(text).toContain("Credit note");
    expect(text).toMatch(/Goodwill\s+1\s+€10\.00\s+19%\s+€10\.00\s+€11\.90/);
    expect(text).toMatch(/Total excl\. VAT\s+€10\.00\s+VAT total\s+€1\.90\s+Total\s+€11\.90/);
  });
});

describe("organization logo", () => {
  const putLogo = (org: TestOrg, body: Uint8Array, type: string, token = org.owner.key) =>
    api("PUT", "/v1/organization/logo", { token, rawBody: body, headers: { "Content-Type": type } });

  it("stores a PNG, serves it back, prints it and deletes it", async () => {
    const org = await createOrg();
    const res = await putLogo(org, PNG, "image/png");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ content_type: "image/png", width: 1, height: 1 });
    const object = await env.DOCUMENTS.get(`logos/${org.organizationId}`);
    expect(object?.httpMetadata?.contentType).toBe("image/png");

    const got = await api("GET", "/v1/organization/logo", { token: org.owner.key });
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("image/png");
    // The same image, its data compressed again (never passed through as uploaded).
    const served = new Uint8Array(await got.raw.arrayBuffer());
    expect(served.byteLength).toBe((res.body as { size: number }).size);
    expect(readTestPng(served)).toMatchObject({
      width: 1,
      height: 1,
      bitDepth: 8,
      chunkTypes: ["IHDR", "IDAT", "IEND"],
    });

    const invoice = await sentInvoice(org, { items: [{ description: "Work", quantity: 1, unit_price: 10 }] });
    const { bytes } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    // The image is embedded as an XObject.
    expect(new TextDecoder("latin1").decode(bytes)).toContain("/Subtype /Image");

    // Another organization has no logo of its own and cannot reach this one.
    const other = await createOrg();
    expectError(await api("GET", "/v1/organization/logo", { token: other.owner.key }), 404, "not_found");

    expect((await api("DELETE", "/v1/organization/logo", { token: org.owner.key })).status).toBe(204);
    expectError(await api("GET", "/v1/organization/logo", { token: org.owner.key }), 404, "not_found");
  });

  it("refuses a GIF, bytes that are not what the header says, and more than 512 KB", async () => {
    const org = await createOrg();
    expectError(await putLogo(org, GIF, "image/gif"), 422, "validation_error");
    expectError(await putLogo(org, GIF, "image/png"), 422, "validation_error");
    const big = new Uint8Array(600 * 1024);
    big.set(PNG.subarray(0, 8));
    expectError(await putLogo(org, big, "image/png"), 413, "payload_too_large");
    expect(await env.DOCUMENTS.head(`logos/${org.organizationId}`)).toBeNull();
  });

  it("refuses an image too large to decode in a Worker (from its header: 6000x6000 PNG, 5000x5000 JPEG)", async () => {
    const org = await createOrg();
    // A PNG whose IHDR says 6000x6000: small on the wire, ~576 MB to decode.
    const hugePng = PNG.slice();
    new DataView(hugePng.buffer).setUint32(16, 6000);
    new DataView(hugePng.buffer).setUint32(20, 6000);
    const png = expectError(await putLogo(org, hugePng, "image/png"), 422, "validation_error");
    expect(png.details?.body).toContain("6000x6000");
    // SOI, then an SOF0 segment: length 17, precision 8, height 5000, width 5000.
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x13, 0x88, 0x13, 0x88, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expectError(await putLogo(org, jpeg, "image/jpeg"), 422, "validation_error");
    expect(await env.DOCUMENTS.head(`logos/${org.organizationId}`)).toBeNull();
  });

  it("is for owners and admins only", async () => {
    const org = await createOrg();
    const member = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: `m-${Date.now()}@example.com`, role: "member", name: "m" },
    });
    expectError(await putLogo(org, PNG, "image/png", member.body.api_key), 403, "access_denied");
  });
});

describe("VAT statements on the PDF", () => {
  const flat = (text: string) => text.replace(/\s+/g, " ");
  const REVERSE_CHARGE_EN = "Reverse charge: VAT to be accounted for by the recipient";
  const REVERSE_CHARGE_DE = "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)";

  async function invoiceWith(org: TestOrg, rate: Record<string, unknown>) {
    const taxRate = await createTaxRate(org, { percentage: 0, ...rate });
    const customer = await createCustomer(org, { name: "Acme SARL" });
    return sentInvoice(org, {
      customer_id: customer.id,
      currency: "EUR",
      items: [{ description: "Licence", quantity: 1, unit_price: 1200, tax_rate_id: taxRate.id }],
    });
  }

  it("prints the reverse-charge statement in the document's language, once", async () => {
    const cases: [string, string][] = [
      ["en", REVERSE_CHARGE_EN],
      ["de", REVERSE_CHARGE_DE],
    ];
    for (const [locale, statement] of cases) {
      const org = await createOrg({ currency: "EUR" });
      await patchOrganization(org, { ...sellerProfile, locale });
      const invoice = await invoiceWith(org, { category: "AE", exemption_reason_code: "VATEX-EU-AE" });
      const { all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
      expect(flat(all)).toContain(`${statement} (VATEX-EU-AE)`);
      expect(flat(all).split(statement)).toHaveLength(2);
    }
  });

  it("prints the intra-community, export, exempt and not-subject statements", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, sellerProfile);
    const cases: [Record<string, unknown>, string][] = [
      [{ category: "K", exemption_reason_code: "VATEX-EU-IC" }, "Intra-Community supply exempt from VAT"],
      [{ category: "G", exemption_reason_code: "VATEX-EU-G" }, "Export outside the EU, exempt from VAT"],
      [{ category: "E", exemption_reason_code: "VATEX-EU-132-1I" }, "Exempt from VAT (VATEX-EU-132-1I)"],
      [{ category: "E", exemption_reason: "Medical care, § 4 Nr. 14 UStG" }, "Medical care, § 4 Nr. 14 UStG"],
      [{ category: "O", exemption_reason_code: "VATEX-EU-O" }, "Not subject to VAT (VATEX-EU-O)"],
    ];
    for (const [rate, statement] of cases) {
      const invoice = await invoiceWith(org, rate);
      expect(flat((await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`)).all)).toContain(statement);
    }
  });

  it("says Sales tax, not VAT, for a seller in the United States", async () => {
    const org = await createOrg({ currency: "USD" });
    await patchOrganization(org, {
      legal_name: "Globex Inc.",
      address: { line1: "1 Market St", city: "San Francisco", postal_code: "94105", country: "US" },
      locale: "en",
    });
    const rate = await standardRate(org, 8.5);
    const customer = await createCustomer(org, { name: "Initech LLC" });
    const invoice = await sentInvoice(org, {
      customer_id: customer.id,
      currency: "USD",
      items: [{ description: "Seats", quantity: 10, unit_price: 10, tax_rate_id: rate.id }],
    });
    const { all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(all).toContain("Sales tax breakdown");
    expect(all).toContain("Sales tax total");
    expect(all).not.toContain("VAT");
  });

  it("prints a standard-rated invoice exactly as before (no statement)", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, sellerProfile);
    const rate = await standardRate(org, 19);
    const customer = await createCustomer(org, { name: "Plain Buyer GmbH" });
    const invoice = await sentInvoice(org, {
      customer_id: customer.id,
      currency: "EUR",
      items: [{ description: "Seats", quantity: 10, unit_price: 10, tax_rate_id: rate.id }],
    });
    const { pages } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    const date = (iso: string) =>
      new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
    // The text this invoice printed before the statements existed (the IBAN now in groups of four,
    // the countries named in the document's language).
    expect(pages).toEqual([
      [
        "Invoice",
        `Number ${invoice.number}`,
        `Issue date ${date(invoice.issue_date)}`,
        `Due date ${date(invoice.due_date)}`,
        "FROM",
        "Łódź Škoda Sp. z o.o.",
        "Škoda Łódź",
        "ul. Piotrkowska 1",
        "90-001 Łódź",
        "Poland",
        "VAT ID: PL5260250995",
        "Company ID: KRS 0000123456",
        "faktury@skoda.example",
        "BILL TO",
        "Plain Buyer GmbH",
        "1 Main Street",
        "10115 Berlin",
        "Germany",
        "billing@globex.example",
        "Description Qty Unit price Discount VAT Net amount",
        "Seats 10 €10.00 19% €100.00",
        "VAT breakdown",
        "Category Rate Taxable amount VAT amount",
        "S 19% €100.00 €19.00",
        "Subtotal €100.00",
        "Total excl. VAT €100.00",
        "VAT total €19.00",
        "Total €119.00",
        "Payment",
        "IBAN DE89 3704 0044 0532 0130 00",
        "BIC COBADEFFXXX",
        "Account holder Łódź Škoda Sp. z o.o.",
        `Reference ${invoice.payment_reference}`,
        `Due date ${date(invoice.due_date)}`,
        "Scan to pay",
        "Zarząd: Ørsted Müller",
        "Page 1 of 1",
      ].join("\n"),
    ]);
  });
});

describe("country conventions on the PDF", () => {
  it("says USt. in the lines' tax column for a German seller writing German, with the long words in the totals", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, {
      legal_name: "Müller GmbH",
      address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
      locale: "de",
    });
    const rate = await standardRate(org, 19);
    const customer = await createCustomer(org, {
      name: "Globex France SARL",
      address: { line1: "12 Rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
    });
    const invoice = await sentInvoice(org, {
      customer_id: customer.id,
      currency: "EUR",
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    });
    const { all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(all).toContain("Beschreibung Menge Einzelpreis Rabatt USt. Nettobetrag");
    expect(all).toContain("Umsatzsteuer gesamt 19,00 €");
    // The addresses as the post writes them, the countries named in German.
    expect(all).toContain("Hauptstraße 5\n80331 München\nDeutschland");
    expect(all).toContain("12 Rue de la Paix\n75002 Paris\nFrankreich");
    expect(all).not.toMatch(/\n(DE|FR)\n/);
  });

  it("lays out a US address as City, ST ZIP and a UK postcode on its own line, the country in English", async () => {
    const org = await createOrg({ currency: "USD" });
    await patchOrganization(org, {
      legal_name: "Globex Inc.",
      address: {
        line1: "1 Market St",
        city: "San Francisco",
        region: "CA",
        postal_code: "94105",
        country: "US",
      },
      locale: "en",
    });
    const rate = await standardRate(org, 8.5);
    const customer = await createCustomer(org, {
      name: "Initech Ltd",
      address: { line1: "10 Downing Street", city: "London", postal_code: "SW1A 2AA", country: "GB" },
    });
    const invoice = await sentInvoice(org, {
      customer_id: customer.id,
      currency: "USD",
      items: [{ description: "Seats", quantity: 1, unit_price: 10, tax_rate_id: rate.id }],
    });
    const { all } = await pdfOf(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(all).toContain("1 Market St\nSan Francisco, CA 94105\nUnited States");
    expect(all).toContain("10 Downing Street\nLondon\nSW1A 2AA\nUnited Kingdom");
    expect(all).toContain("Description Qty Unit price Discount Sales tax Net amount");
  });
});

describe("branding on the PDF", () => {
  /** The operators of the first page's content stream. */
  async function firstPageOperators(bytes: Uint8Array): Promise<string> {
    const pdf = await PDFDocument.load(bytes);
    const contents = pdf.getPage(0).node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    return streams
      .map((ref) => pdf.context.lookup(ref as PDFRef) as PDFRawStream)
      .map((stream) => new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode()))
      .join("\n");
  }

  it("sets the title and headings in the organization's brand color, else the default accent", async () => {
    const org = await createOrg({ currency: "EUR" });
    await patchOrganization(org, { ...sellerProfile, brand_color: "#7A2E8E" });
    const rate = await standardRate(org, 19);
    const customer = await createCustomer(org, { name: "Globex" });
    const items = [{ description: "Seats", quantity: 1, unit_price: 10, tax_rate_id: rate.id }];
    const branded = await sentInvoice(org, { customer_id: customer.id, currency: "EUR", items });
    const operators = await firstPageOperators((await pdfOf(org, `/v1/invoices/${branded.id}/pdf`)).bytes);
    // #7A2E8E as DeviceRGB fractions, to a thousandth.
    expect(operators).toContain("0.478 0.18 0.557 rg");

    await patchOrganization(org, { brand_color: null });
    const plain = await sentInvoice(org, { customer_id: customer.id, currency: "EUR", items });
    const plainOperators = await firstPageOperators((await pdfOf(org, `/v1/invoices/${plain.id}/pdf`)).bytes);
    expect(plainOperators).not.toContain("0.478 0.18 0.557 rg");
    // The default accent, #0B4F8A.
    expect(plainOperators).toContain("0.043 0.31 0.541 rg");
  });
});

// Sub-invoice lines (XRechnung extension BG-DEX-01): an invoice line may group positions
// (`items.N.sub_items`, nested up to 3 levels): what the API accepts and refuses (each refusal
// naming its path), the arithmetic (a grouped line amounts to the sum of its sub-lines, BR-DEX-02;
// only the lines count in the totals), what it stores and answers, and what each output states:
// the XRechnung UBL writes cac:SubInvoiceLine and declares the extension, the other e-invoices
// write the line alone. The XML is held to the official rules in test/node/invoice-kind-rules.test.ts.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
import { draft, get, send, standardRate, einvoiceAt as xml } from "./billing/helpers";

async function sellerOrg() {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, {
    buyer_reference: "04011000-12345-34",
    vat_id: "DE987654321",
    electronic_address: { scheme: "0204", id: "04011000-12345-34" },
  });
  return { org, rate, customer };
}
type Setup = Awaited<ReturnType<typeof sellerOrg>>;

/** A grouped line as a construction invoice has it: two groups, the first of three positions. */
const sanitary = (rate: string) => ({
  description: "Sanitär und Zubehör",
  quantity: 1,
  unit_code: "XPP",
  tax_rate_id: rate,
  sub_items: [
    {
      description: "Demontage Sanitär",
      quantity: 1,
      unit_code: "XPP",
      sub_items: [
        {
          description: "Demontage TW-Rohrleitung DN 12-25",
          quantity: 149,
          unit_code: "MTR",
          unit_price: 1.3,
        },
        { description: "Demontage SML DN 100", quantity: 32.5, unit_code: "MTR", unit_price: 1.5 },
        { description: "Demontage AW-Rohrleitungen", quantity: 71.8, unit_code: "MTR", unit_price: 1.3 },
      ],
    },
    {
      description: "Abwasserleitungen und Zubehör",
      quantity: 1,
      unit_code: "XPP",
      unit_price: 482.25,
      sub_items: [
        { description: "Abwasserleitung HT-PP DN 100", quantity: 9.5, unit_code: "MTR", unit_price: 10.5 },
        { description: "Abwasserleitung HT-PP DN 50", quantity: 45, unit_code: "MTR", unit_price: 8.5 },
      ],
    },
  ],
});

const body = (setup: Setup, items: unknown[]) => ({ customer_id: setup.customer.id, items });

const create = (org: TestOrg, payload: Record<string, unknown>) =>
  api("POST", "/v1/invoices", { token: org.owner.key, body: payload });

async function pdfLines(org: TestOrg, id: string) {
  const res = await api("GET", `/v1/invoices/${id}/pdf`, { token: org.owner.key });
  expect(res.status).toBe(200);
  const proxy = await getDocumentProxy(new Uint8Array(await res.raw.arrayBuffer()));
  const { text } = await extractText(proxy, { mergePages: true });
  return (text as string).replace(/[\u00a0\u202f]/g, " ");
}

const EXTENSION =
  "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0";

describe("sub-invoice lines (sub_items)", () => {
  it("prices a grouped line as the sum of its sub-lines, counts only the lines, and stores and answers them", async () => {
    const setup = await sellerOrg();
    const created = await draft(
      setup.org,
      body(setup, [
        sanitary(setup.rate.id),
        { description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: setup.rate.id },
      ]),
    );
    // 149 x 1.30 + 32.5 x 1.50 + 71.8 x 1.30 = 193.70 + 48.75 + 93.34 = 335.79; 9.5 x 10.50 + 45 x 8.50 = 482.25.
    expect(created.items[0]).toMatchObject({
      quantity: 1,
      unit_code: "XPP",
      unit_price: 818.04,
      amount: 818.04,
      net_amount: 818.04,
      sub_items: [
        {
          description: "Demontage Sanitär",
          quantity: 1,
          unit_code: "XPP",
          unit_price: 335.79,
          base_quantity: 1,
          amount: 335.79,
          sub_items: [
            { quantity: 149, unit_code: "MTR", unit_price: 1.3, amount: 193.7 },
            { quantity: 32.5, unit_price: 1.5, amount: 48.75 },
            { quantity: 71.8, unit_price: 1.3, amount: 93.34 },
          ],
        },
        {
          unit_price: 482.25,
          amount: 482.25,
          sub_items: [{ amount: 99.75 }, { amount: 382.5 }],
        },
      ],
    });
    expect(created.items[1]).not.toHaveProperty("sub_items");
    expect(created).toMatchObject({ subtotal: 1018.04, tax_total: 193.43, total: 1211.47 });
    const stored = await get(setup.org, `/v1/invoices/${created.id}`);
    expect((stored.body as Record<string, any>).items).toEqual(created.items);

    const sent = await send(setup.org, created.id);
    expect(sent).toMatchObject({ total: 1211.47, amount_due: 1211.47 });
    expect(sent.items[0].sub_items).toEqual(created.items[0].sub_items);

    // A credit note credits the grouped line as the line it is; its documents carry no sub-lines.
    const note = await api("POST", "/v1/credit-notes", {
      token: setup.org.owner.key,
      body: {
        invoice_id: sent.id,
        reason: "Storno",
        lines: [{ invoice_item_id: sent.items[0].id, quantity: 1 }],
      },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ total: 973.47 });
    const noteXml = await api(
      "GET",
      `/v1/credit-notes/${note.body.id}/einvoice?syntax=ubl&profile=xrechnung`,
      {
        token: setup.org.owner.key,
      },
    );
    expect(noteXml.status, JSON.stringify(noteXml.body)).toBe(200);
    expect(noteXml.body as string).not.toContain("SubInvoiceLine");
    expect(noteXml.body as string).not.toContain("extension");
    const after = await get(setup.org, `/v1/invoices/${sent.id}`);
    expect(after.body).toMatchObject({ amount_credited: 973.47, amount_due: 238 });
  });

  it("writes cac:SubInvoiceLine in the XRechnung UBL, declaring the extension; the other e-invoices write the line alone", async () => {
    const setup = await sellerOrg();
    const sent = await send(setup.org, (await draft(setup.org, body(setup, [sanitary(setup.rate.id)]))).id);
    const xrechnung = await xml(setup.org, sent.id, "syntax=ubl&profile=xrechnung");
    expect(xrechnung).toContain(`<cbc:CustomizationID>${EXTENSION}</cbc:CustomizationID>`);
    const tax =
      "<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>";
    expect(xrechnung).toContain(
      '<cac:Price><cbc:PriceAmount currencyID="EUR">818.04</cbc:PriceAmount></cac:Price>' +
        '<cac:SubInvoiceLine><cbc:ID>1.1</cbc:ID><cbc:InvoicedQuantity unitCode="XPP">1</cbc:InvoicedQuantity>' +
        '<cbc:LineExtensionAmount currencyID="EUR">335.79</cbc:LineExtensionAmount>' +
        `<cac:Item><cbc:Name>Demontage Sanitär</cbc:Name>${tax}</cac:Item>` +
        '<cac:Price><cbc:PriceAmount currencyID="EUR">335.79</cbc:PriceAmount></cac:Price>' +
        '<cac:SubInvoiceLine><cbc:ID>1.1.1</cbc:ID><cbc:InvoicedQuantity unitCode="MTR">149</cbc:InvoicedQuantity>' +
        '<cbc:LineExtensionAmount currencyID="EUR">193.70</cbc:LineExtensionAmount>',
    );
    expect(xrechnung.match(/<cac:SubInvoiceLine>/g)).toHaveLength(7);
    expect(xrechnung).toContain('<cbc:LineExtensionAmount currencyID="EUR">818.04</cbc:LineExtensionAmount>');

    for (const query of ["syntax=ubl", "syntax=ubl&profile=en16931"]) {
      const flat = await xml(setup.org, sent.id, query);
      expect(flat).not.toContain("SubInvoiceLine");
      expect(flat).not.toContain("extension");
      expect(flat).toContain('<cbc:LineExtensionAmount currencyID="EUR">818.04</cbc:LineExtensionAmount>');
    }
    for (const query of ["syntax=cii", "syntax=cii&profile=xrechnung"]) {
      const cii = await xml(setup.org, sent.id, query);
      expect(cii).not.toContain("ParentLineID");
      expect(cii).not.toContain("Demontage");
      expect(cii).not.toContain("extension");
      expect(cii).toContain("<ram:LineTotalAmount>818.04</ram:LineTotalAmount>");
    }
  });

  it("shows the sub-lines under their line on the PDF, the hosted page and the e-mail preview", async () => {
    const setup = await sellerOrg();
    const sent = await send(setup.org, (await draft(setup.org, body(setup, [sanitary(setup.rate.id)]))).id);
    const pdf = await pdfLines(setup.org, sent.id);
    for (const text of [
      "Demontage Sanitär",
      "Demontage TW-Rohrleitung DN 12-25",
      "Abwasserleitung HT-PP DN 50",
      "193.70",
      "382.50",
    ])
      expect(pdf).toContain(text);
    const url = sent.hosted_url as string;
    const page = await api("GET", `/i/${url.slice(url.lastIndexOf("/") + 1)}`);
    expect(page.status).toBe(200);
    for (const text of ["Demontage TW-Rohrleitung DN 12-25", "Abwasserleitungen und Zubehör", "€382.50"])
      expect(page.body as string).toContain(text);
    expect(page.body as string).toContain("\u2003– Demontage SML DN 100");
    const preview = await get(setup.org, `/v1/invoices/${sent.id}/email-preview`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const text = (preview.body as { text: string }).text;
    expect(text).toContain("- – Demontage Sanitär: 1 XPP x €335.79 = (€335.79)");
    expect(text).toContain("- \u2003– Demontage SML DN 100: 32.5 m x €1.50 = (€48.75)");
  });

  it("refuses inconsistent sub-items with 422 naming the path, and stores nothing", async () => {
    const setup = await sellerOrg();
    const rate = setup.rate.id;
    const refused = async (items: unknown[]) =>
      expectError(await create(setup.org, body(setup, items)), 422, "validation_error").details ?? {};

    const line = sanitary(rate);
    expect(await refused([{ ...line, unit_price: 800 }])).toEqual({
      "items.0.unit_price":
        "quantity x unit_price gives EUR 800.00, the sub_items add up to EUR 818.04 (BR-DEX-02)",
    });
    const nested = structuredClone(line);
    nested.sub_items[1]!.unit_price = 480;
    expect(await refused([nested])).toEqual({
      "items.0.sub_items.1.unit_price":
        "quantity x unit_price gives EUR 480.00, the sub_items add up to EUR 482.25 (BR-DEX-02)",
    });
    const priceless = structuredClone(line);
    delete (priceless.sub_items[0]!.sub_items![2] as { unit_price?: number }).unit_price;
    expect(await refused([priceless])).toEqual({
      "items.0.sub_items.0.sub_items.2.unit_price": "Required unless the sub-item has sub_items",
    });
    const zero = structuredClone(line);
    zero.sub_items[0]!.sub_items![2]!.quantity = 0;
    expect(Object.keys(await refused([zero]))).toEqual(["items.0.sub_items.0.sub_items.2.quantity"]);
    expect(await refused([{ ...line, discount: { percentage: 5 } }])).toEqual({
      "items.0.discount":
        "Not on a line with sub_items: a line with sub_items amounts to their sum (BR-DEX-02)",
    });
    // Several discounts or a stated amount would move the sum as a discount would.
    expect(
      Object.keys(
        await refused([{ ...line, discounts: [{ percentage: 5 }], amount: line.sub_items.length }]),
      ),
    ).toEqual(expect.arrayContaining(["items.0.discounts", "items.0.amount"]));
    expect(Object.keys(await refused([{ ...line, sub_items: [] }]))).toEqual(["items.0.sub_items"]);
    // 1.00 over 3 units has no price of at most 6 decimals.
    expect(
      await refused([
        {
          description: "Drei Teile",
          quantity: 3,
          tax_rate_id: rate,
          sub_items: [{ description: "Teil", quantity: 1, unit_price: 1 }],
        },
      ]),
    ).toEqual({
      "items.0.unit_price":
        "Give unit_price: the sub_items add up to EUR 1.00, which quantity x a price of at most 6 decimals does not give",
    });
    const leaf = { description: "Leaf", quantity: 1, unit_price: 1 };
    const fourDeep = {
      description: "Tief",
      quantity: 1,
      tax_rate_id: rate,
      sub_items: [{ ...leaf, sub_items: [{ ...leaf, sub_items: [{ ...leaf, sub_items: [leaf] }] }] }],
    };
    expect(Object.keys(await refused([fourDeep]))).toEqual([
      "items.0.sub_items.0.sub_items.0.sub_items.0.sub_items",
    ]);
    const many = Array.from({ length: 101 }, () => ({ ...leaf }));
    expect(
      await refused([
        { description: "A", quantity: 1, tax_rate_id: rate, sub_items: many },
        { description: "B", quantity: 1, tax_rate_id: rate, sub_items: many },
      ]),
    ).toEqual({ "items.1.sub_items": "At most 200 sub-items in one invoice" });
    const inclusive = await api("POST", "/v1/tax-rates", {
      token: setup.org.owner.key,
      body: { display_name: "19% incl.", percentage: 19, category: "S", inclusive: true },
    });
    expect(inclusive.status).toBe(201);
    expect(await refused([{ ...line, tax_rate_id: inclusive.body.id }])).toEqual({
      "items.0.tax_rate_id": "A line with sub_items needs a tax-exclusive rate",
    });
    const quoteRefused = expectError(
      await api("POST", "/v1/quotes", {
        token: setup.org.owner.key,
        body: { customer_id: setup.customer.id, items: [line] },
      }),
      422,
      "validation_error",
    );
    expect(Object.keys(quoteRefused.details ?? {})).toEqual(["items.0.sub_items"]);

    const list = await get(setup.org, "/v1/invoices");
    expect((list.body as { data: unknown[] }).data).toEqual([]);
  });

  it("replaces or drops the sub-items with the items of a draft, and keeps them on other changes", async () => {
    const setup = await sellerOrg();
    const created = await draft(setup.org, body(setup, [sanitary(setup.rate.id)]));
    const patch = (payload: Record<string, unknown>) =>
      api("PATCH", `/v1/invoices/${created.id}`, { token: setup.org.owner.key, body: payload });
    const noted = await patch({ notes: "Bauvorhaben Musterstraße" });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.items[0].sub_items).toEqual(created.items[0].sub_items);
    expect(noted.body.total).toBe(created.total);
    const currency = expectError(await patch({ currency: "USD" }), 422, "validation_error");
    expect(Object.keys(currency.details ?? {})).toEqual(["currency"]);
    const flat = await patch({
      items: [{ description: "Pauschale", quantity: 1, unit_price: 818.04, tax_rate_id: setup.rate.id }],
    });
    expect(flat.status).toBe(200);
    expect(flat.body.items[0]).not.toHaveProperty("sub_items");
    expect(flat.body.total).toBe(created.total);
  });
});

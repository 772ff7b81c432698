// Invoice discounts on a correction (FeRD's EN16931_Rechnungskorrektur): a discount bound to a VAT
// rate whose lines sum below zero reverses the original invoice's discount at that rate, so it takes
// the lines' sign, as a correction line's own discount does: given as a positive amount (or a
// percentage of the lines at the rate, or of a base_amount), it is stated negative in the totals,
// the breakdown and the e-invoices, and shown as what it adds back. Spread discounts beside
// correction lines, and discounts at a rate whose lines are mixed and sum to 0 or more, stay refused.
import { describe, expect, it } from "vitest";
import { api, expectError } from "../helpers/api";
import {
  createRaw,
  draft,
  get,
  invoicePdfText as pdfText,
  readyOrg,
  send,
  standardRate,
  einvoiceXml as xml,
} from "./billing/helpers";

function refusal(res: Awaited<ReturnType<typeof api>>) {
  return expectError(res, 422, "validation_error").details ?? {};
}

/** A correction at 19 % and 7 % (FeRD's EN16931_Rechnungskorrektur): -5.00 and -2 x 1.45. */
async function correction() {
  const { org, rate, customer } = await readyOrg();
  const reduced = (await standardRate(org, 7)).id;
  const items = [
    { description: "Zitronensäure 100ml", quantity: -5, unit_price: 1, tax_rate_id: rate },
    { description: "Gelierzucker Extra 250g", quantity: -2, unit_price: 1.45, tax_rate_id: reduced },
  ];
  return { org, rate, reduced, customer, items };
}

describe("invoice discounts on a correction", () => {
  it("states a discount bound to a rate whose lines sum below zero in their sign, in every output", async () => {
    const { org, rate, reduced, customer, items } = await correction();
    const created = await draft(org, {
      customer_id: customer,
      type_code: "384",
      preceding_invoice: { number: "R87654321012345", issue_date: "2024-11-01" },
      items,
      discounts: [
        { description: "Rechnungsrabatt 1", amount: 0.1, tax_rate_id: rate },
        { description: "Rechnungsrabatt 1", amount: 0.06, tax_rate_id: reduced },
        { description: "Rechnungsrabatt 2", amount: 0.05, tax_rate_id: rate },
        { description: "Rechnungsrabatt 2", amount: 0.02, tax_rate_id: reduced },
      ],
    });
    // The discounts are answered as given; their sum (BT-107) is -0.23: it adds back.
    expect(created.discounts[0]).toMatchObject({ amount: 0.1, tax_rate_id: rate });
    expect(created).toMatchObject({
      subtotal: -7.9,
      discount_total: -0.23,
      tax_exclusive_total: -7.67,
      tax_total: -1.12,
      total: -8.79,
      amount_due: -8.79,
    });
    expect(created.tax_breakdown).toMatchObject([
      { percentage: 19, taxable_amount: -4.85, tax_amount: -0.92 },
      { percentage: 7, taxable_amount: -2.82, tax_amount: -0.2 },
    ]);
    await send(org, created.id);

    const ubl = await xml(org, created.id, "ubl");
    expect(ubl).toContain(
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Rechnungsrabatt 1</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">-0.10</cbc:Amount>',
    );
    expect(ubl).toContain('<cbc:Amount currencyID="EUR">-0.06</cbc:Amount>');
    expect(ubl).toContain('<cbc:AllowanceTotalAmount currencyID="EUR">-0.23</cbc:AllowanceTotalAmount>');
    expect(ubl).toContain(
      '<cbc:TaxableAmount currencyID="EUR">-4.85</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">-0.92</cbc:TaxAmount>',
    );
    const cii = await xml(org, created.id, "cii");
    expect(cii).toContain(
      "<ram:ActualAmount>-0.10</ram:ActualAmount><ram:Reason>Rechnungsrabatt 1</ram:Reason>",
    );
    expect(cii).toContain("<ram:ActualAmount>-0.02</ram:ActualAmount>");
    expect(cii).toContain("<ram:AllowanceTotalAmount>-0.23</ram:AllowanceTotalAmount>");
    expect(cii).toContain("<ram:BasisAmount>-2.82</ram:BasisAmount>");

    // The page, the e-mail and the PDF show the discounts as the 0.23 they add back, never as a
    // deduction of a negative amount ("−-€0.23").
    const sent = await get(org, `/v1/invoices/${created.id}`);
    const token = new URL((sent.body as { hosted_url: string }).hosted_url).pathname.split("/").pop();
    const page = await api("GET", `/i/${token}`);
    expect(page.status).toBe(200);
    // Settled at send (it owes back): the e-mail sent with it.
    const [email] = (await get(org, `/v1/invoices/${created.id}/emails`)).body.data;
    const { text, html } = email as { text: string; html: string };
    for (const output of [page.body as string, text, html]) {
      expect(output).not.toMatch(/−\s?-/);
      expect(output).toMatch(/Discounts(<[^>]*>|\s|:)*€0\.23/);
    }
    expect(await pdfText(org, created.id)).toMatch(/Discounts\s+€0\.23/);
  });

  it("takes a percentage of the lines at the rate, or of a base_amount given positive, in the lines' sign", async () => {
    const { org, rate, customer } = await readyOrg();
    const reduced = (await standardRate(org, 7)).id;
    const created = await draft(org, {
      customer_id: customer,
      items: [
        { description: "Lieferung", quantity: 3, unit_price: 100, tax_rate_id: rate },
        { description: "Rücknahme", quantity: -1, unit_price: 50, tax_rate_id: reduced },
      ],
      discounts: [
        // 10 % of the lines at 7 % (-50.00): -5.00, base -50.00.
        { description: "Rabatt", percentage: 10, tax_rate_id: reduced },
        // 10 % of a base given as 30.00: the base is -30.00, the amount -3.00.
        { description: "Bonus", percentage: 10, base_amount: 30, tax_rate_id: reduced },
        // At a rate whose lines are all positive a bound discount is an ordinary one.
        { description: "Treue", amount: 10, tax_rate_id: rate },
      ],
    });
    expect(created.discounts).toMatchObject([
      { percentage: 10, tax_rate_id: reduced },
      { percentage: 10, base_amount: 30, tax_rate_id: reduced },
      { amount: 10, tax_rate_id: rate },
    ]);
    // 19 %: 300 - 10 = 290, VAT 55.10; 7 %: -50 + 5 + 3 = -42, VAT -2.94.
    expect(created.tax_breakdown).toMatchObject([
      { percentage: 19, taxable_amount: 290, tax_amount: 55.1 },
      { percentage: 7, taxable_amount: -42, tax_amount: -2.94 },
    ]);
    expect(created).toMatchObject({ subtotal: 250, discount_total: 2, total: 300.16 });
    await send(org, created.id);
    const ubl = await xml(org, created.id, "ubl");
    expect(ubl).toContain(
      '<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">-5.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">-50.00</cbc:BaseAmount>',
    );
    expect(ubl).toContain(
      '<cbc:Amount currencyID="EUR">-3.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">-30.00</cbc:BaseAmount>',
    );
    expect(ubl).toContain('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>');
    const cii = await xml(org, created.id, "cii");
    expect(cii).toContain(
      "<ram:CalculationPercent>10</ram:CalculationPercent><ram:BasisAmount>-30.00</ram:BasisAmount><ram:ActualAmount>-3.00</ram:ActualAmount>",
    );
  });

  it("refuses spread discounts beside correction lines, discounts at a mixed rate, and a reversal above its lines", async () => {
    const { org, rate, reduced, customer, items } = await correction();
    const spread = await createRaw(org, customer, items, { discounts: [{ amount: 0.1 }] });
    expect(refusal(spread)).toEqual({
      discounts: "Invoice discounts cannot be combined with correction lines (negative amounts)",
    });
    // 100.00 billed and 40.00 taken back at 19 %: the rate's lines sum above zero, some negative.
    const mixed = await createRaw(
      org,
      customer,
      [{ description: "Lieferung", quantity: 1, unit_price: 100, tax_rate_id: rate }, ...items],
      { discounts: [{ amount: 1, tax_rate_id: rate }] },
    );
    expect(refusal(mixed)).toEqual({
      discounts: "Invoice discounts cannot be combined with correction lines (negative amounts)",
    });
    // 7.00 reversed where the lines at 7 % take back 2.90.
    const above = await createRaw(org, customer, items, {
      discounts: [{ amount: 7, tax_rate_id: reduced }],
    });
    expect(refusal(above)).toEqual({
      discounts: "The discounts at the rate S 7% are larger than its lines",
    });
    const list = await get(org, "/v1/invoices");
    expect(list.body.data).toEqual([]);
  });
});

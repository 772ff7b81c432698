// Invoices with tax rates and discounts through the API, each with its figures written out,
// and the seller/buyer snapshot taken at send.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../../helpers/api";
import { createCustomer } from "../../helpers/factories";
import { createTaxRate, draft, get, send, standardRate } from "./helpers";

describe("invoices with tax", () => {
  it("two rates (19% and 7%): breakdown per rate and a total with tax", async () => {
    const org = await createOrg({ currency: "EUR" });
    const [vat19, vat7] = [await standardRate(org, 19), await standardRate(org, 7)];
    const invoice = await draft(org, {
      items: [
        { description: "Consulting", quantity: 2, unit_price: 50, tax_rate_id: vat19.id },
        { description: "Book", quantity: 1, unit_price: 50, tax_rate_id: vat7.id },
      ],
    });
    expect(invoice).toMatchObject({
      subtotal: 150,
      discount_total: 0,
      tax_exclusive_total: 150,
      tax_total: 22.5,
      rounding_amount: 0,
      total: 172.5,
      amount_due: 172.5,
      tax_breakdown: [
        { tax_rate_id: vat19.id, category: "S", percentage: 19, taxable_amount: 100, tax_amount: 19 },
        { tax_rate_id: vat7.id, category: "S", percentage: 7, taxable_amount: 50, tax_amount: 3.5 },
      ],
    });
  });

  it("inclusive 19%: three lines of 9.99 total 29.97 exactly, with 0.01 of rounding", async () => {
    const org = await createOrg({ currency: "EUR" });
    const gross = await standardRate(org, 19, true);
    const line = { description: "Ticket", quantity: 1, unit_price: 9.99 };
    const invoice = await draft(org, { default_tax_rate_id: gross.id, items: [line, line, line] });
    // Net 29.97 / 1.19 = 25.18 (8.40 + 8.39 + 8.39); tax 4.78; 25.18 + 4.78 = 29.96; rounding 0.01.
    expect(invoice).toMatchObject({
      subtotal: 25.18,
      tax_exclusive_total: 25.18,
      tax_total: 4.78,
      rounding_amount: 0.01,
      total: 29.97,
      tax_breakdown: [{ category: "S", percentage: 19, taxable_amount: 25.18, tax_amount: 4.78 }],
    });
  });

  it("reverse charge: category AE, no tax, the reason on the breakdown; a standard rate is refused for such a customer", async () => {
    const org = await createOrg({ currency: "EUR" });
    const reverse = await createTaxRate(org, {
      percentage: 0,
      category: "AE",
      exemption_reason: "Reverse charge",
      exemption_reason_code: "VATEX-EU-AE",
    });
    const customer = await createCustomer(org, { tax_exempt: "reverse", vat_id: "FR40303265045" });
    const invoice = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Licence", quantity: 1, unit_price: 1200, tax_rate_id: reverse.id }],
    });
    expect(invoice).toMatchObject({
      tax_total: 0,
      total: 1200,
      tax_breakdown: [
        {
          category: "AE",
          percentage: 0,
          taxable_amount: 1200,
          tax_amount: 0,
          exemption_reason: "Reverse charge",
          exemption_reason_code: "VATEX-EU-AE",
        },
      ],
    });

    const vat19 = await standardRate(org, 19);
    const body = {
      customer_id: customer.id,
      due_date: "2030-01-01",
      items: [{ description: "Licence", quantity: 1, unit_price: 100, tax_rate_id: vat19.id }],
    };
    const refused = await api("POST", "/v1/invoices", { token: org.owner.key, body });
    expect(expectError(refused, 422, "validation_error").details).toHaveProperty(["items.0.tax_rate_id"]);
    const overridden = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: { ...body, ignore_tax_exempt: true },
    });
    expect(overridden.status).toBe(201);
    expect(overridden.body.tax_total).toBe(19);
  });

  it("exempt with a VATEX code", async () => {
    const org = await createOrg({ currency: "EUR" });
    const exempt = await createTaxRate(org, {
      percentage: 0,
      category: "E",
      exemption_reason_code: "VATEX-EU-132-1I",
    });
    const invoice = await draft(org, {
      items: [{ description: "Course", quantity: 1, unit_price: 300, tax_rate_id: exempt.id }],
    });
    expect(invoice.tax_breakdown).toEqual([
      expect.objectContaining({ category: "E", tax_amount: 0, exemption_reason_code: "VATEX-EU-132-1I" }),
    ]);
    expect(invoice.total).toBe(300);
  });

  it("a 10% invoice discount splits pro rata over 19% and 7%: 10.00 and 5.00", async () => {
    const org = await createOrg({ currency: "EUR" });
    const [vat19, vat7] = [await standardRate(org, 19), await standardRate(org, 7)];
    const invoice = await draft(org, {
      discounts: [{ description: "Loyalty", percentage: 10 }],
      items: [
        { description: "A", quantity: 1, unit_price: 100, tax_rate_id: vat19.id },
        { description: "B", quantity: 1, unit_price: 50, tax_rate_id: vat7.id },
      ],
    });
    expect(invoice).toMatchObject({
      subtotal: 150,
      discount_total: 15,
      tax_exclusive_total: 135,
      tax_total: 20.25,
      total: 155.25,
      discounts: [{ description: "Loyalty", percentage: 10 }],
      tax_breakdown: [
        { percentage: 19, taxable_amount: 90, tax_amount: 17.1 },
        { percentage: 7, taxable_amount: 45, tax_amount: 3.15 },
      ],
    });
  });

  it("a line discount by amount and one by percentage", async () => {
    const org = await createOrg();
    const vat = await standardRate(org, 10);
    const invoice = await draft(org, {
      default_tax_rate_id: vat.id,
      items: [
        { description: "A", quantity: 2, unit_price: 100, discount: { percentage: 10 } },
        { description: "B", quantity: 1, unit_price: 50, discount: { amount: 5 } },
      ],
    });
    expect(invoice.items).toMatchObject([
      { amount: 200, discount: { percentage: 10 }, discount_amount: 20, net_amount: 180 },
      { amount: 50, discount: { amount: 5 }, discount_amount: 5, net_amount: 45 },
    ]);
    expect(invoice).toMatchObject({ subtotal: 225, tax_total: 22.5, total: 247.5 });
  });

  it("JPY (0 decimals) and KWD (3 decimals) round tax half-up at their minor unit", async () => {
    const org = await createOrg({ currency: "JPY" });
    const vat10 = await standardRate(org, 10);
    const yen = await draft(org, {
      items: [{ description: "Tea", quantity: 3, unit_price: 111, tax_rate_id: vat10.id }],
    });
    expect(yen).toMatchObject({ currency: "JPY", subtotal: 333, tax_total: 33, total: 366 });

    const vat5 = await standardRate(org, 5);
    const dinar = await draft(org, {
      currency: "KWD",
      items: [{ description: "Parts", quantity: 1, unit_price: 1.235, tax_rate_id: vat5.id }],
    });
    // 1.235 x 5% = 0.06175 -> 0.062.
    expect(dinar).toMatchObject({ currency: "KWD", tax_total: 0.062, total: 1.297 });
  });

  it("refuses another organization's rate, an archived rate, mixed inclusive and exclusive rates, and a discount above the line", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const foreign = await standardRate(other, 19);
    const gross = await standardRate(org, 19, true);
    const net = await standardRate(org, 7);
    const archived = await standardRate(org, 5);
    await api("PATCH", `/v1/tax-rates/${archived.id}`, { token: org.owner.key, body: { archived: true } });
    const customer = await createCustomer(org);
    const res = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: {
        customer_id: customer.id,
        due_date: "2030-01-01",
        items: [
          { description: "A", quantity: 1, unit_price: 1, tax_rate_id: foreign.id },
          { description: "B", quantity: 1, unit_price: 1, tax_rate_id: archived.id },
        ],
      },
    });
    const details = expectError(res, 422, "validation_error").details;
    expect(details).toHaveProperty(["items.0.tax_rate_id"]);
    expect(details).toHaveProperty(["items.1.tax_rate_id"]);
    const tooMuch = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: {
        customer_id: customer.id,
        due_date: "2030-01-01",
        items: [{ description: "C", quantity: 1, unit_price: 1, discount: { amount: 2 } }],
        discounts: [{ amount: 0.5 }],
      },
    });
    expect(expectError(tooMuch, 422, "validation_error").details).toHaveProperty(["items.0.discount"]);
    const mixed = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: {
        customer_id: customer.id,
        due_date: "2030-01-01",
        items: [
          { description: "A", quantity: 1, unit_price: 1, tax_rate_id: gross.id },
          { description: "B", quantity: 1, unit_price: 1, tax_rate_id: net.id },
        ],
      },
    });
    expect(expectError(mixed, 422, "validation_error").details).toHaveProperty(["items.1.tax_rate_id"]);
  });
});

describe("issuing", () => {
  it("fixes the issue date and a defaulted due date at send, and freezes seller and buyer", async () => {
    const org = await createOrg({ currency: "EUR" });
    const patch = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: {
        legal_name: "Acme GmbH",
        vat_id: "DE123456788",
        payment_terms_days: 14,
        address: { line1: "Hauptstr. 1", city: "Berlin", postal_code: "10115", country: "DE" },
      },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const customer = await createCustomer(org, { name: "Łódź Sp. z o.o." });
    const { due_date: _due, ...withoutDue } = { due_date: undefined };
    const created = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: {
        customer_id: customer.id,
        items: [{ description: "Work", quantity: 1, unit_price: 10 }],
        ...withoutDue,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ issue_date: null, seller: null, buyer: null });

    const sent = await send(org, created.body.id);
    const today = new Date().toISOString().slice(0, 10);
    const in14 = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    expect(sent).toMatchObject({
      issue_date: today,
      due_date: in14,
      seller: { name: "Acme", legal_name: "Acme GmbH", vat_id: "DE123456788", address: { city: "Berlin" } },
      buyer: { name: "Łódź Sp. z o.o.", address: { country: "DE" } },
    });

    // Later edits of the organization and the customer leave the sent invoice as it was issued.
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: { legal_name: "Acme AG" } });
    await api("PATCH", `/v1/customers/${customer.id}`, { token: org.owner.key, body: { name: "Renamed" } });
    const read = await get(org, `/v1/invoices/${created.body.id}`);
    expect(read.body.seller.legal_name).toBe("Acme GmbH");
    expect(read.body.buyer.name).toBe("Łódź Sp. z o.o.");
    expect(read.body.issue_date).toBe(today);
  });

  it("keeps the customer's buyer reference on the invoice, and settles an invoice of nothing as it is issued", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org, { buyer_reference: "04011000-12345-67" });
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Free", quantity: 1, unit_price: 0 }],
    });
    const sent = await send(org, created.id);
    expect(sent).toMatchObject({
      buyer_reference: "04011000-12345-67",
      status: "paid",
      total: 0,
      amount_due: 0,
    });
    expect(sent.buyer.buyer_reference).toBe("04011000-12345-67");
  });

  it("refuses to send standard-rated lines to a customer who became reverse charge", async () => {
    const org = await createOrg({ currency: "EUR" });
    const vat = await standardRate(org, 19);
    const customer = await createCustomer(org);
    const created = await draft(org, {
      customer_id: customer.id,
      default_tax_rate_id: vat.id,
      items: [{ description: "A", quantity: 1, unit_price: 10 }],
    });
    await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { tax_exempt: "reverse" },
    });
    const res = await api("POST", `/v1/invoices/${created.id}/send`, { token: org.owner.key });
    expect(expectError(res, 422, "validation_error").details).toHaveProperty(["items.0.tax_rate_id"]);
    expect((await get(org, `/v1/invoices/${created.id}`)).body.status).toBe("draft");
  });

  it("a new default rate moves only the lines that followed the default", async () => {
    const org = await createOrg();
    const [vat19, vat7] = [await standardRate(org, 19), await standardRate(org, 7)];
    const created = await draft(org, {
      items: [
        { description: "follows", quantity: 1, unit_price: 100 },
        { description: "untaxed", quantity: 1, unit_price: 100, tax_rate_id: null },
        { description: "own", quantity: 1, unit_price: 100, tax_rate_id: vat7.id },
      ],
    });
    const res = await api("PATCH", `/v1/invoices/${created.id}`, {
      token: org.owner.key,
      body: { default_tax_rate_id: vat19.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.map((i: { tax_rate_id: string | null }) => i.tax_rate_id)).toEqual([
      vat19.id,
      null,
      vat7.id,
    ]);
    expect(res.body.tax_total).toBe(26);
  });
});

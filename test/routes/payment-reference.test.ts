// An invoice's payment_reference: the organization's format (rf by default, number, be_ogm) of
// its number, fixed when it is issued; in the EPC QR code's structured field and as BT-83 in
// UBL and CII; a typed reference that claims to be RF or OGM must carry valid check digits.
import { describe, expect, it } from "vitest";
import { isValidRf } from "../../src/lib/payment-reference";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, createInvoice, SELLER } from "../helpers/factories";
import { standardRate } from "./billing/helpers";

async function org(profile: Record<string, unknown> = {}) {
  const created = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", {
    token: created.owner.key,
    body: { ...SELLER, ...profile },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return created;
}

async function issue(o: TestOrg) {
  const rate = await standardRate(o, 19);
  const customer = await createCustomer(o, {
    buyer_reference: "REF-1",
    electronic_address: { scheme: "0060", id: "123456789" },
  });
  const draft = await createInvoice(o, {
    customer_id: customer.id,
    currency: "EUR",
    items: [{ description: "Work", quantity: 1, unit_price: 10, tax_rate_id: rate.id }],
  });
  expect(draft.payment_reference).toBeNull();
  const sent = await api("POST", `/v1/invoices/${draft.id}/send`, { token: o.owner.key });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body as { id: string; number: string; payment_reference: string };
}

describe("payment_reference", () => {
  it("is an RF creditor reference of the number by default, written as BT-83 in UBL and CII", async () => {
    const o = await org();
    expect((await api("GET", "/v1/organization", { token: o.owner.key })).body.payment_reference_format).toBe(
      "rf",
    );
    const invoice = await issue(o);
    expect(invoice.payment_reference).toBe(
      `RF${invoice.payment_reference.slice(2, 4)}${invoice.number.replace("-", "")}`,
    );
    expect(isValidRf(invoice.payment_reference)).toBe(true);
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: o.owner.key });
    expect(read.body.payment_reference).toBe(invoice.payment_reference);

    const ubl = await api("GET", `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`, { token: o.owner.key });
    expect(ubl.status, JSON.stringify(ubl.body)).toBe(200);
    expect(ubl.body).toContain(`<cbc:PaymentID>${invoice.payment_reference}</cbc:PaymentID>`);
    const cii = await api("GET", `/v1/invoices/${invoice.id}/einvoice?syntax=cii`, { token: o.owner.key });
    expect(cii.body).toContain(`<ram:PaymentReference>${invoice.payment_reference}</ram:PaymentReference>`);
  });

  it("follows the organization's format, and an issued invoice keeps its reference when the format changes", async () => {
    const o = await org({ payment_reference_format: "be_ogm" });
    const ogm = await issue(o);
    expect(ogm.payment_reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    const digits = ogm.payment_reference.replace(/\D/g, "");
    expect(Number(BigInt(digits.slice(0, 10)) % 97n) || 97).toBe(Number(digits.slice(10)));

    expect(
      (
        await api("PATCH", "/v1/organization", {
          token: o.owner.key,
          body: { payment_reference_format: "number" },
        })
      ).status,
    ).toBe(200);
    const still = await api("GET", `/v1/invoices/${ogm.id}`, { token: o.owner.key });
    expect(still.body.payment_reference).toBe(ogm.payment_reference);
    const plain = await issue(o);
    expect(plain.payment_reference).toBe(plain.number);
  });

  it("is taken with the number of an invoice numbered at send", async () => {
    const o = await org({ invoice_numbering: "on_send" });
    const invoice = await issue(o);
    expect(invoice.number).toMatch(/^INV-/);
    expect(invoice.payment_reference).toBe(
      `RF${invoice.payment_reference.slice(2, 4)}${invoice.number.replace("-", "")}`,
    );
    const events = await api("GET", "/v1/events?type=invoice.sent", { token: o.owner.key });
    const sent = (events.body.data as { data: { object: { payment_reference: string } } }[])[0];
    expect(sent?.data.object.payment_reference).toBe(invoice.payment_reference);
  });

  it.each(["rf", "be_ogm"])(
    "is the one the first e-mail of an invoice numbered at send states (%s)",
    async (format) => {
      const o = await org({ invoice_numbering: "on_send", payment_reference_format: format });
      const invoice = await issue(o);
      const emails = await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: o.owner.key });
      expect(emails.status).toBe(200);
      const [email] = emails.body.data as { text: string; html: string }[];
      expect(email?.text).toContain(invoice.number);
      expect(email?.text).toContain(invoice.payment_reference);
      expect(email?.html).toContain(invoice.payment_reference);
      expect(email?.text).not.toContain("[reference-");
    },
  );

  it("refuses a payment reference that claims to be RF or OGM with wrong check digits", async () => {
    const o = await org();
    const invoice = await issue(o);
    const pay = (reference: string) =>
      api("POST", `/v1/invoices/${invoice.id}/payments`, {
        token: o.owner.key,
        body: { amount: 1, reference },
      });
    const bad = expectError(await pay("RF19539007547034"), 422, "validation_error");
    expect(bad.details).toHaveProperty("reference");
    expectError(await pay("+++010/8068/17184+++"), 422, "validation_error");
    expect((await pay("RF18 5390 0754 7034")).status).toBe(201);
    expect((await pay("Wire from Globex")).status).toBe(201);
  });

  it("refuses an unknown format", async () => {
    const o = await org();
    const res = await api("PATCH", "/v1/organization", {
      token: o.owner.key,
      body: { payment_reference_format: "iban" },
    });
    expectError(res, 422, "validation_error");
  });
});

// Bills in the books: the payables report (open bills by age, per supplier), the input VAT of the
// tax report (`received`: approved and paid bills by issue date), and bank statement debits that
// settle open bills by reference or number with the amount or the supplier's IBAN. Figures are
// the supplier's: 3 x 80.00 + 19 % = 285.60, 100.00 + 19 % = 119.00, 2 x 50.00 + 19 % = 119.00.
import { beforeAll, describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { camt053 } from "../helpers/bank-statements";
import { SELLER } from "../helpers/factories";
import { importBill, type SupplierInvoice, supplier } from "../helpers/supplier-invoices";

let invoices: { a: SupplierInvoice; b: SupplierInvoice; c: SupplierInvoice };
/** The supplier's credit note (381) of 50.00 on invoice a, as its UBL CreditNote. */
let creditNote: Uint8Array;

beforeAll(async () => {
  const acme = await supplier();
  invoices = {
    a: await acme.issue([{ description: "Wartung", quantity: 3, unit_price: 80 }]),
    b: await acme.issue([{ description: "Lizenz", quantity: 1, unit_price: 100 }]),
    c: await acme.issue([{ description: "Schulung", quantity: 2, unit_price: 50 }]),
  };
  creditNote = await acme.creditNote(invoices.a.id, 50);
}, 90_000);

const call = async (org: TestOrg, method: string, path: string, body?: unknown) => {
  const res = await api(method, path, { token: org.owner.key, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(300);
  return res.body;
};

async function buyerWithBills() {
  const org = await createOrg({ currency: "EUR" });
  const a = await importBill(org, invoices.a.ubl);
  const b = await importBill(org, invoices.b.cii);
  const c = await importBill(org, invoices.c.ubl);
  return { org, a, b, c };
}

const today = () => new Date().toISOString().slice(0, 10);

const importStatement = (org: TestOrg, xml: string) =>
  api("POST", "/v1/bank-statements", {
    token: org.owner.key,
    rawBody: xml,
    headers: { "Content-Type": "application/xml" },
  });

describe("GET /v1/reports/payables", () => {
  it("sums what is due on open bills per currency and per supplier, less what was paid", async () => {
    const { org, b, c } = await buyerWithBills();
    await call(org, "POST", `/v1/bills/${b.id}/payments`, { amount: 19, method: "bank_transfer" });
    await call(org, "POST", `/v1/bills/${c.id}/payments`, { amount: 119, method: "bank_transfer" });
    const report = await call(org, "GET", "/v1/reports/payables");
    const figures = { days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0 };
    // Not yet due (the supplier's terms): 285.60 + (119.00 - 19.00); c is paid.
    expect(report).toEqual({
      as_of: today(),
      data: [{ currency: "EUR", current: 385.6, ...figures, total: 385.6, bills: 2 }],
      suppliers: [
        {
          supplier_id: b.supplier_id,
          name: "Acme GmbH",
          currency: "EUR",
          current: 385.6,
          ...figures,
          total: 385.6,
          bills: 2,
        },
      ],
    });
    // Receivables are untouched by bills.
    expect((await call(org, "GET", "/v1/reports/receivables")).data).toEqual([]);
  });
});

describe("GET /v1/reports/tax", () => {
  it("adds the VAT of approved and paid bills as `received`, beside invoiced and credited", async () => {
    const { org, a, c } = await buyerWithBills();
    const period = `from=${today()}&to=${today()}`;
    // Received only: not yet accepted, so not counted.
    expect((await call(org, "GET", `/v1/reports/tax?${period}`)).data).toEqual([]);
    await call(org, "POST", `/v1/bills/${a.id}/approve`);
    await call(org, "POST", `/v1/bills/${c.id}/payments`, { amount: 119, method: "bank_transfer" });
    const report = await call(org, "GET", `/v1/reports/tax?${period}`);
    const none = { taxable_amount: 0, tax_amount: 0 };
    expect(report.data).toEqual([
      {
        currency: "EUR",
        category: "S",
        percentage: 19,
        taxable_amount: 0,
        tax_amount: 0,
        invoiced: none,
        credited: none,
        // a (approved): 240.00 and 45.60; c (paid): 100.00 and 19.00; b (received) left out.
        received: { taxable_amount: 340, tax_amount: 64.6 },
      },
    ]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await call(org, "GET", `/v1/reports/tax?from=${yesterday}&to=${yesterday}`)).data).toEqual([]);
  });

  it("takes a rejected bill's VAT back out of `received`", async () => {
    const { org, a } = await buyerWithBills();
    const period = `from=${today()}&to=${today()}`;
    await call(org, "POST", `/v1/bills/${a.id}/approve`);
    const approved = await call(org, "GET", `/v1/reports/tax?${period}`);
    expect(approved.data.map((row: { received: unknown }) => row.received)).toEqual([
      { taxable_amount: 240, tax_amount: 45.6 },
    ]);
    await call(org, "POST", `/v1/bills/${a.id}/reject`, { reason: "Not ours" });
    expect((await call(org, "GET", `/v1/reports/tax?${period}`)).data).toEqual([]);
  });
});

describe("amounts stated in another xs:decimal form", () => {
  it('count at their value in the received VAT ("+45.60", "240.")', async () => {
    const org = await createOrg({ currency: "EUR" });
    const xml = new TextDecoder()
      .decode(invoices.a.ubl)
      .replace(/(<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="EUR">)240\.00</, "$1240.<")
      .replace(
        /(<cbc:TaxAmount currencyID="EUR">)45\.60(<\/cbc:TaxAmount>\s*<cac:TaxCategory>)/,
        "$1+45.60$2",
      );
    expect(xml).toContain(">240.<");
    expect(xml).toContain(">+45.60<");
    const bill = await importBill(org, new TextEncoder().encode(xml));
    await call(org, "POST", `/v1/bills/${bill.id}/approve`);
    const report = await call(org, "GET", `/v1/reports/tax?from=${today()}&to=${today()}`);
    expect(report.data).toEqual([
      expect.objectContaining({ received: { taxable_amount: 240, tax_amount: 45.6 } }),
    ]);
  });
});

describe("a supplier's credit note (381, or another type EN 16931 lists for one: 396)", () => {
  it.each(["381", "396"])(
    "is owed to the organization: left out of payables, and taken off the received VAT once approved (%s)",
    async (code) => {
      const { org, a } = await buyerWithBills();
      const typed = new TextDecoder()
        .decode(creditNote)
        .replace("<cbc:CreditNoteTypeCode>381<", `<cbc:CreditNoteTypeCode>${code}<`);
      const credit = await importBill(org, new TextEncoder().encode(typed));
      expect(credit).toMatchObject({ type_code: code, total: 50, status: "received" });
      const [stated] = credit.tax_breakdown as { taxable_amount: number; tax_amount: number }[];
      // 50.00 with 19 % VAT in it: 42.02 and 7.98, as the supplier states them.
      expect(stated).toMatchObject({ taxable_amount: 42.02, tax_amount: 7.98 });

      const payables = await call(org, "GET", "/v1/reports/payables");
      expect(payables.data).toEqual([expect.objectContaining({ total: 523.6, bills: 3 })]);

      await call(org, "POST", `/v1/bills/${a.id}/approve`);
      await call(org, "POST", `/v1/bills/${credit.id}/approve`);
      const report = await call(org, "GET", `/v1/reports/tax?from=${today()}&to=${today()}`);
      // a's 240.00 and 45.60 less the credit note's 42.02 and 7.98.
      expect(report.data).toEqual([
        expect.objectContaining({
          category: "S",
          percentage: 19,
          received: { taxable_amount: 197.98, tax_amount: 37.62 },
        }),
      ]);
    },
  );
});

describe("bank statement debits", () => {
  it("settle an open bill named by its number with its amount due, and a part of one paid to the supplier's IBAN", async () => {
    const { org, a, b } = await buyerWithBills();
    const xml = camt053(
      [
        // b's whole amount due, naming its number: paid.
        {
          amount: 119,
          debit: true,
          name: "Acme GmbH",
          text: `Rechnung ${invoices.b.number}`,
          bankRef: "D-1",
        },
        // 100.00 towards a, to the supplier's account: a partial payment.
        {
          amount: 100,
          debit: true,
          name: "Acme GmbH",
          iban: SELLER.iban,
          text: `Abschlag ${invoices.a.number}`,
          bankRef: "D-2",
        },
        // a named, but neither its amount nor the supplier's account: left as an ignored debit.
        {
          amount: 50,
          debit: true,
          name: "Someone",
          iban: "FR7630006000011234567890189",
          text: invoices.a.number,
          bankRef: "D-3",
        },
        // No bill named: an ignored debit, as before.
        { amount: 12.5, debit: true, name: "Bäckerei", text: "Brötchen", bankRef: "D-4" },
      ],
      { iban: "DE02120300000000202051" },
    );
    const imported = await importStatement(org, xml);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ entries: 4, matched: 2, ignored: 2 });

    const listed = (await call(org, "GET", "/v1/bank-transactions?limit=10")).data as Record<string, any>[];
    const byRef = Object.fromEntries(listed.map((t) => [t.bank_reference, t]));
    expect(byRef["D-1"]).toMatchObject({
      status: "matched",
      matched_by: "rule:bill_number",
      allocations: [{ invoice_id: null, bill_id: b.id, amount: 119, payment_id: expect.any(String) }],
    });
    expect(byRef["D-2"]).toMatchObject({
      status: "matched",
      allocations: [{ invoice_id: null, bill_id: a.id, amount: 100 }],
    });
    expect(byRef["D-3"]).toMatchObject({ status: "ignored", matched_by: "rule:debit", allocations: [] });
    expect(byRef["D-4"]).toMatchObject({ status: "ignored", matched_by: "rule:debit" });

    const paid = await call(org, "GET", `/v1/bills/${b.id}`);
    expect(paid).toMatchObject({ status: "paid", amount_paid: 119, amount_due: 0 });
    const partly = await call(org, "GET", `/v1/bills/${a.id}`);
    expect(partly).toMatchObject({ status: "received", amount_paid: 100, amount_due: 185.6 });
    const payments = await call(org, "GET", `/v1/bills/${a.id}/payments`);
    expect(payments.data ?? payments).toEqual([
      expect.objectContaining({ amount: 100, method: "bank_transfer", reference: "D-2" }),
    ]);

    // Importing the same statement again pays nothing twice.
    const again = await importStatement(org, xml);
    expect(again.body).toMatchObject({ imported: 0, duplicates: 4 });
    expect((await call(org, "GET", `/v1/bills/${a.id}`)).amount_paid).toBe(100);

    // A bill's payment is not reversed: its transaction stays matched.
    const unmatch = await api("POST", `/v1/bank-transactions/${byRef["D-1"].id}/unmatch`, {
      token: org.owner.key,
    });
    expectError(unmatch, 409, "conflict");
    expect((await call(org, "GET", `/v1/bills/${b.id}`)).status).toBe("paid");
  });

  it("settles a bill named by the payment reference it states", async () => {
    const { org, c } = await buyerWithBills();
    const reference = invoices.c.paymentReference;
    expect(reference).toBeTruthy();
    const xml = camt053(
      [{ amount: 119, debit: true, name: "Acme GmbH", structured: reference, bankRef: "R-1" }],
      {
        iban: "DE02120300000000202051",
      },
    );
    expect((await importStatement(org, xml)).body).toMatchObject({ matched: 1 });
    const [transaction] = (await call(org, "GET", "/v1/bank-transactions")).data;
    expect(transaction).toMatchObject({
      matched_by: "rule:bill_reference",
      allocations: [{ bill_id: c.id }],
    });
    expect(await call(org, "GET", `/v1/bills/${c.id}`)).toMatchObject({ status: "paid", amount_due: 0 });
  });
});

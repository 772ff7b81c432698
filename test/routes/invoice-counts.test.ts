// The invoice list's meta.total over a whole status comes from the per-status counts triggers keep
// (invoice_counts): it must agree with the rows the list itself returns after every kind of write
// (create, send, payment, void, delete of a draft), and the tax report's lines follow the same
// documents (issued invoices and their credit notes; drafts and deleted drafts never).
import { describe, expect, it } from "vitest";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { createCustomer, createInvoice } from "../helpers/factories";

const list = async (org: TestOrg, query: string) => {
  const res = await api("GET", `/v1/invoices?limit=100&${query}`, { token: org.owner.key });
  expect(res.status).toBe(200);
  return res.body as { data: { id: string; status: string }[]; meta: { total: number } };
};

describe("invoice totals per status", () => {
  it("agree with the listed rows after create, send, pay, void and delete", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const created = [];
    for (let i = 0; i < 6; i++) created.push(await createInvoice(org, { customer_id: customer.id }));
    const call = (method: "POST" | "DELETE", path: string, body?: unknown) =>
      api(method, path, { token: org.owner.key, ...(body === undefined ? {} : { body }) });
    for (const invoice of created.slice(0, 4)) {
      expect((await call("POST", `/v1/invoices/${invoice.id}/send`)).status).toBe(200);
    }
    const [paid, voided, , , kept, deleted] = created as [(typeof created)[number], ...typeof created];
    const payment = await call("POST", `/v1/invoices/${paid.id}/payments`, { amount: paid.total });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect((await call("POST", `/v1/invoices/${voided!.id}/void`, {})).status).toBe(200);
    expect((await call("DELETE", `/v1/invoices/${deleted!.id}`)).status).toBe(204);

    const all = await list(org, "");
    expect(all.meta.total).toBe(5);
    expect(all.data).toHaveLength(5);
    const expected = { draft: 1, sent: 2, paid: 1, void: 1 };
    for (const [status, n] of Object.entries(expected)) {
      const page = await list(org, `status=${status}`);
      expect({ status, total: page.meta.total, rows: page.data.length }).toEqual({
        status,
        total: n,
        rows: n,
      });
    }
    // With a cursor too (keyset pages answer the same total).
    const first = await list(org, "status=draft&sort=-created_at");
    expect(first.data.map((row) => row.id)).toEqual([kept!.id]);
    expect(first.meta.total).toBe(1);

    // The tax report: the four issued invoices, less the void one's credit note.
    const year = new Date().toISOString().slice(0, 4);
    const report = await api("GET", `/v1/reports/tax?from=${year}-01-01&to=${year}-12-31`, {
      token: org.owner.key,
    });
    expect(report.status).toBe(200);
    const taxable = report.body.data.reduce(
      (sum: number, row: { taxable_amount: number }) => sum + row.taxable_amount,
      0,
    );
    const invoiced = report.body.data.reduce(
      (sum: number, row: { invoiced: { taxable_amount: number } }) => sum + row.invoiced.taxable_amount,
      0,
    );
    expect(invoiced).toBe(40);
    expect(taxable).toBe(30);
  });
});

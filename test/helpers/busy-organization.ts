// An organization with a little of everything a move must carry: sent invoices (their PDFs
// archived), a payment, a credit note, a quote, documents, a webhook endpoint with its events and
// deliveries, a bill with a payment, metadata. `answers()` reads a set of its GET routes as
// bytes, to compare before and after a move.
import { expect } from "vitest";
import { mockReceiver } from "../webhooks/helpers";
import { api, createOrg, type TestOrg } from "./api";
import { uploaded } from "./documents";
import { createCustomer, SELLER } from "./factories";
import { importBill, supplier } from "./supplier-invoices";

export interface BusyOrganization {
  org: TestOrg;
  invoiceIds: string[];
  customerId: string;
  documentId: string;
  billId: string;
  /** GET paths whose answers a move must not change. */
  paths: string[];
}

export async function busyOrganization(): Promise<BusyOrganization> {
  const seller = await supplier();
  const sold = await seller.issue([{ description: "Schrauben", quantity: 3, unit_price: 12.5 }]);

  const org = await createOrg({ currency: "EUR" });
  // The endpoint's deliveries succeed (test/setup.ts restores fetch at the end of the file).
  mockReceiver();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api(method, path, { token: org.owner.key, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(300);
    return res.body;
  };
  await call("PATCH", "/v1/organization", SELLER);
  await call("POST", "/v1/webhooks", { url: "https://hooks.example.com/receive", events: ["*"] });
  const rate = await call("POST", "/v1/tax-rates", { display_name: "USt", percentage: 19, category: "S" });
  const customer = await createCustomer(org, { name: "Globex AG", metadata: { crm: "42" } });
  const invoiceIds: string[] = [];
  for (let n = 0; n < 3; n++) {
    const created = await call("POST", "/v1/invoices", {
      customer_id: customer.id,
      items: Array.from({ length: 4 }, (_, line) => ({
        description: `Beratung ${n}.${line}`,
        quantity: line + 1,
        unit_price: 80 + n,
        tax_rate_id: rate.id,
      })),
      metadata: { order: `A-${n}` },
    });
    invoiceIds.push(created.id);
    if (n < 2) await call("POST", `/v1/invoices/${created.id}/send`);
  }
  await call("POST", `/v1/invoices/${invoiceIds[0]}/payments`, {
    amount: 100,
    received_at: "2026-11-02",
    method: "bank_transfer",
  });
  await call("POST", "/v1/credit-notes", { invoice_id: invoiceIds[1], reason: "Rabatt", amount: 50 });
  await call("POST", "/v1/quotes", {
    customer_id: customer.id,
    items: [{ description: "Angebot", quantity: 1, unit_price: 500, tax_rate_id: rate.id }],
  });
  const document = await uploaded(org.owner.key, "%PDF-1.4 a contract", { filename: "contract.pdf" });
  const bill = await importBill(org, sold.ubl);
  await call("POST", `/v1/bills/${bill.id}/approve`);
  await call("POST", `/v1/bills/${bill.id}/payments`, { amount: 10, method: "bank_transfer" });

  const paths = [
    "/v1/organization",
    "/v1/customers",
    `/v1/customers/${customer.id}`,
    "/v1/invoices",
    ...invoiceIds.map((id) => `/v1/invoices/${id}`),
    `/v1/invoices/${invoiceIds[0]}/payments`,
    `/v1/invoices/${invoiceIds[0]}/pdf`,
    "/v1/credit-notes",
    "/v1/quotes",
    "/v1/documents",
    // Not its download: a download writes an audit entry, so the next read of the log differs.
    `/v1/documents/${document.id}/audit-log`,
    "/v1/events",
    "/v1/webhooks",
    "/v1/bills",
    `/v1/bills/${bill.id}`,
    "/v1/suppliers",
    "/v1/tax-rates",
    "/v1/reports/receivables",
    "/v1/reports/payables",
    "/v1/reports/tax?from=2020-01-01&to=2030-12-31",
    "/v1/members",
  ];
  return { org, invoiceIds, customerId: customer.id, documentId: document.id, billId: bill.id, paths };
}

/** Each path's status and body, as bytes (hex of a binary answer). */
export async function answers(organization: BusyOrganization): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const path of organization.paths) {
    const res = await api("GET", path, { token: organization.org.owner.key });
    const bytes = new Uint8Array(await res.raw.arrayBuffer());
    out[path] =
      `${res.status} ${res.headers.get("Content-Type")} ${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  }
  return out;
}

// Invoices a supplier sends: another organization (the SELLER profile) issues them to the buyer
// "Käufer AG" and they are read back as the e-invoices a buyer receives (UBL, CII, Factur-X), for
// the tests of what is done with bills (e-mail, PDF, reports, bank matching).
import { expect } from "vitest";
import { standardRate } from "../routes/billing/helpers";
import { api, createOrg, type TestOrg } from "./api";
import { createCustomer, SELLER } from "./factories";

export interface SupplierInvoice {
  id: string;
  number: string;
  paymentReference: string;
  ubl: Uint8Array;
  cii: Uint8Array;
  facturx: Uint8Array;
}

export interface Supplier {
  org: TestOrg;
  issue(items: { description: string; quantity: number; unit_price: number }[]): Promise<SupplierInvoice>;
  /** A credit note (381) of `amount` (VAT included) on an issued invoice, as its UBL CreditNote. */
  creditNote(invoiceId: string, amount: number): Promise<Uint8Array>;
}

/** A supplier (SELLER, 19 % VAT) whose invoices go to Käufer AG (with a VAT id and endpoint). */
export async function supplier(): Promise<Supplier> {
  const org = await createOrg({ currency: "EUR" });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api(method, path, { token: org.owner.key, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(300);
    return res;
  };
  await call("PATCH", "/v1/organization", SELLER);
  const rate = (await standardRate(org, 19)).id;
  const customer = await createCustomer(org, {
    name: "Käufer AG",
    email: "ap@kaeufer.example",
    address: { line1: "Marktplatz 1", city: "Köln", postal_code: "50667", country: "DE" },
    vat_id: "DE987654321",
    electronic_address: { scheme: "9930", id: "DE987654321" },
    buyer_reference: "PO-4711",
  });
  const bytes = async (path: string) => new Uint8Array(await (await call("GET", path)).raw.arrayBuffer());
  return {
    org,
    async issue(items) {
      const created = await call("POST", "/v1/invoices", {
        customer_id: customer.id,
        items: items.map((item) => ({ ...item, tax_rate_id: rate })),
      });
      const sent = (await call("POST", `/v1/invoices/${created.body.id}/send`)).body;
      const path = `/v1/invoices/${created.body.id}`;
      return {
        id: sent.id,
        number: sent.number,
        paymentReference: sent.payment_reference,
        ubl: await bytes(`${path}/einvoice?syntax=ubl`),
        cii: await bytes(`${path}/einvoice?syntax=cii`),
        facturx: await bytes(`${path}/pdf?format=facturx`),
      };
    },
    async creditNote(invoiceId, amount) {
      const created = await call("POST", "/v1/credit-notes", {
        invoice_id: invoiceId,
        reason: "Rabatt",
        amount,
      });
      const id = (created.body.credit_note ?? created.body).id as string;
      return bytes(`/v1/credit-notes/${id}/einvoice?syntax=ubl`);
    },
  };
}

/** POST /v1/bills with the raw document: the bill. */
export async function importBill(org: TestOrg, bytes: Uint8Array, contentType = "application/xml") {
  const res = await api("POST", "/v1/bills", {
    token: org.owner.key,
    rawBody: bytes,
    headers: { "Content-Type": contentType },
  });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
  return res.body as Record<string, any>;
}

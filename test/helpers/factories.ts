// Factories for customers, products and invoices, through the API like a client would.
import { expect } from "vitest";
import { api, type TestOrg } from "./api";

export const address = { line1: "1 Main Street", city: "Berlin", postal_code: "10115", country: "DE" };

export async function createCustomer(org: TestOrg, overrides: Record<string, unknown> = {}) {
  const res = await api("POST", "/v1/customers", {
    token: org.owner.key,
    body: { name: "Globex", email: "billing@globex.example", address, ...overrides },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; email: string };
}

export async function createProduct(org: TestOrg, overrides: Record<string, unknown> = {}) {
  const res = await api("POST", "/v1/products", {
    token: org.owner.key,
    body: { name: "Consulting", price: 100, currency: "USD", unit: "hour", ...overrides },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; price: number; currency: string };
}

export const dueIn = (days: number, from = new Date()) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export async function createInvoice(org: TestOrg, body: Record<string, unknown> = {}) {
  const customerId = (body.customer_id as string | undefined) ?? (await createCustomer(org)).id;
  const res = await api("POST", "/v1/invoices", {
    token: org.owner.key,
    body: {
      customer_id: customerId,
      items: [{ description: "Work", quantity: 1, unit_price: 10 }],
      due_date: dueIn(30),
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any> & { id: string; number: string; status: string; total: number };
}

/** A German seller whose invoices can be e-invoices (UBL with Peppol endpoints, CII). */
export const SELLER = {
  legal_name: "Acme GmbH",
  address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
  vat_id: "DE123456789",
  email: "billing@acme.example",
  phone: "+49 30 1234567",
  iban: "DE89370400440532013000",
  electronic_address: { scheme: "9930", id: "DE123456789" },
};

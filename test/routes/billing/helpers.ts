// Factories for the billing tests: tax rates and sent invoices through the API.
import { expect } from "vitest";
import { api, type TestOrg } from "../../helpers/api";
import { createCustomer, dueIn } from "../../helpers/factories";

export async function createTaxRate(org: TestOrg, body: Record<string, unknown>) {
  const res = await api("POST", "/v1/tax-rates", {
    token: org.owner.key,
    body: { display_name: `Rate ${body.percentage}`, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

/** A standard rate of `percentage` (exclusive unless said). */
export const standardRate = (org: TestOrg, percentage: number, inclusive = false) =>
  createTaxRate(org, { percentage, category: "S", inclusive });

export async function draft(org: TestOrg, body: Record<string, unknown>) {
  const customerId = (body.customer_id as string | undefined) ?? (await createCustomer(org)).id;
  const res = await api("POST", "/v1/invoices", {
    token: org.owner.key,
    body: { customer_id: customerId, due_date: dueIn(30), ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any> & { id: string };
}

export async function send(org: TestOrg, id: string) {
  const res = await api("POST", `/v1/invoices/${id}/send`, { token: org.owner.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>;
}

export async function sentInvoice(org: TestOrg, body: Record<string, unknown>) {
  const created = await draft(org, body);
  return send(org, created.id);
}

export const post = (org: TestOrg, path: string, body?: unknown) =>
  api("POST", path, { token: org.owner.key, body });
export const get = (org: TestOrg, path: string) => api("GET", path, { token: org.owner.key });

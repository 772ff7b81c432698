// Factories for the billing tests: tax rates and sent invoices through the API.
import { extractText, getDocumentProxy } from "unpdf";
import { expect } from "vitest";
import { api, createOrg, type TestOrg } from "../../helpers/api";
import { createCustomer, dueIn, SELLER } from "../../helpers/factories";

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

/**
 * An organization whose profile an e-invoice needs (SELLER), a 19 % standard rate and a customer
 * with a buyer reference and an electronic address: what the line-term tests start from.
 */
export async function readyOrg() {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, {
    buyer_reference: "REF-1",
    electronic_address: { scheme: "0060", id: "123456789" },
  });
  return { org, rate: rate.id, customer: customer.id };
}

/** POST /v1/invoices as given, whatever it answers. */
export const createRaw = (
  org: TestOrg,
  customer: string,
  items: unknown[],
  extra: Record<string, unknown> = {},
) => api("POST", "/v1/invoices", { token: org.owner.key, body: { customer_id: customer, items, ...extra } });

/** An invoice's e-invoice in `syntax`, without the indentation between elements. */
export const einvoiceXml = (org: TestOrg, id: string, syntax: "ubl" | "cii") =>
  einvoiceAt(org, id, `syntax=${syntax}`);

/** An invoice's e-invoice as `query` asks it ("syntax=ubl&profile=en16931"), without indentation. */
export async function einvoiceAt(org: TestOrg, id: string, query: string) {
  const res = await get(org, `/v1/invoices/${id}/einvoice?${query}`);
  expect(res.status, String(res.body)).toBe(200);
  return (res.body as string).replace(/>\s+</g, "><");
}

/** Spaces where the documents write no-break ones (amounts, dates), so text compares plainly. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The text of an invoice's PDF, its pages merged. */
export async function invoicePdfText(org: TestOrg, id: string) {
  const res = await api("GET", `/v1/invoices/${id}/pdf`, { token: org.owner.key });
  expect(res.status).toBe(200);
  const proxy = await getDocumentProxy(new Uint8Array(await res.raw.arrayBuffer()));
  const { text } = await extractText(proxy, { mergePages: true });
  return plainSpaces(text as string);
}

/** The hosted page of a sent invoice (its `hosted_url`). */
export async function hostedPageOf(sent: { hosted_url?: unknown }) {
  const url = sent.hosted_url as string;
  const res = await api("GET", `/i/${url.slice(url.lastIndexOf("/") + 1)}`);
  expect(res.status).toBe(200);
  return plainSpaces(res.body as string);
}

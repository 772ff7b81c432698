// POST /v1/bills and the bill's life: e-invoices the service itself issues (UBL, CII, Factur-X)
// received by another organization, kept as received; duplicates, hostile input with nothing
// stored, the size limit, the original's bytes, approve / reject / partial payments, suppliers,
// the addressee warning and the events.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { masterKeySet } from "../../src/crypto/document-keys";
import { anyOrganization } from "../../src/db/route";
import { bills } from "../../src/db/schema/bills";
import { openArchiveBlob, purgeExpiredArchives, rewrapArchiveKeys } from "../../src/services/archive/store";
import { expireDueDocuments, purgeLeftoverBlobs } from "../../src/services/documents/lifecycle";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { dbOf } from "../helpers/db";
import { createCustomer, SELLER } from "../helpers/factories";
import { draft, send, standardRate } from "./billing/helpers";

/** The organization that receives the bills: its VAT id and electronic address are the buyer's. */
const BUYER_PROFILE = {
  legal_name: "Käufer AG",
  address: { line1: "Marktplatz 1", city: "Köln", postal_code: "50667", country: "DE" },
  vat_id: "DE987654321",
  electronic_address: { scheme: "9930", id: "DE987654321" },
};

const BUYER_AS_CUSTOMER = {
  name: "Käufer AG",
  email: "ap@kaeufer.example",
  address: BUYER_PROFILE.address,
  vat_id: BUYER_PROFILE.vat_id,
  buyer_reference: "PO-4711",
  electronic_address: BUYER_PROFILE.electronic_address,
};

interface Issued {
  id: string;
  number: string;
  ubl: Uint8Array;
  cii: Uint8Array;
  facturx: Uint8Array;
}

async function bytesOf(org: TestOrg, path: string): Promise<Uint8Array> {
  const res = await api("GET", path, { token: org.owner.key });
  expect(res.status, path).toBe(200);
  return new Uint8Array(await res.raw.arrayBuffer());
}

/** An invoice the seller sends, as its UBL, CII and Factur-X. */
async function issue(seller: TestOrg, customerId: string, rate: string, items: Record<string, unknown>[]) {
  const created = await draft(seller, {
    customer_id: customerId,
    items: items.map((i) => ({ tax_rate_id: rate, ...i })),
  });
  const sent = await send(seller, created.id);
  const path = `/v1/invoices/${created.id}`;
  return {
    id: created.id,
    number: sent.number as string,
    ubl: await bytesOf(seller, `${path}/einvoice?syntax=ubl`),
    cii: await bytesOf(seller, `${path}/einvoice?syntax=cii`),
    facturx: await bytesOf(seller, `${path}/pdf?format=facturx`),
  } satisfies Issued;
}

const importRaw = (org: TestOrg, bytes: BodyInit, contentType: string) =>
  api("POST", "/v1/bills", {
    token: org.owner.key,
    rawBody: bytes,
    headers: { "Content-Type": contentType },
  });

function importForm(org: TestOrg, bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append("file", new File([bytes], filename, { type }));
  return api("POST", "/v1/bills", { token: org.owner.key, rawBody: form });
}

async function buyerOrg(profile: Record<string, unknown> = BUYER_PROFILE) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: profile });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return org;
}

async function storedOriginals(org: TestOrg) {
  const listed = await env.DOCUMENTS.list({ prefix: `bills/${org.organizationId}/` });
  return listed.objects.length;
}

/** The organization's bill events, newest first. */
async function eventTypes(org: TestOrg) {
  const res = await api("GET", "/v1/events?limit=100", { token: org.owner.key });
  expect(res.status).toBe(200);
  return (res.body.data as { type: string }[]).map((e) => e.type).filter((type) => type.startsWith("bill."));
}

let seller: TestOrg;
let first: Issued;
let second: Issued;

beforeAll(async () => {
  seller = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: seller.owner.key, body: SELLER });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = (await standardRate(seller, 19)).id;
  const customer = await createCustomer(seller, BUYER_AS_CUSTOMER);
  first = await issue(seller, customer.id, rate, [
    { description: "Beratung", quantity: 2, unit_price: 100 },
    { description: "Reisekosten", quantity: 1, unit_price: 42.5 },
  ]);
  second = await issue(seller, customer.id, rate, [{ description: "Wartung", quantity: 3, unit_price: 80 }]);
}, 60_000);

describe("POST /v1/bills", () => {
  it("imports a UBL invoice with the amounts, lines and parties it states, and finds its supplier again", async () => {
    const org = await buyerOrg();
    const res = await importRaw(org, first.ubl, "application/xml");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const bill = res.body;
    expect(bill).toMatchObject({
      id: expect.stringMatching(/^bill_[0-9a-z]{24}$/),
      number: first.number,
      type_code: "380",
      status: "received",
      source: "api",
      currency: "EUR",
      subtotal: 242.5,
      discount_total: 0,
      tax_exclusive_total: 242.5,
      tax_total: 46.08,
      total: 288.58,
      prepaid_amount: 0,
      rounding_amount: 0,
      amount_paid: 0,
      amount_due: 288.58,
      buyer_reference: "PO-4711",
      seller: {
        name: "Acme GmbH",
        vat_id: "DE123456789",
        electronic_address: { scheme: "9930", id: "DE123456789" },
      },
      buyer: { name: "Käufer AG", vat_id: "DE987654321" },
      original: { syntax: "ubl", container: "xml", size: first.ubl.byteLength, filename: null },
      validation: { valid: true, errors: [], warnings: [] },
    });
    expect(bill.items).toEqual([
      expect.objectContaining({
        description: "Beratung",
        quantity: 2,
        unit_price: 100,
        amount: 200,
        tax_category: "S",
        tax_percentage: 19,
      }),
      expect.objectContaining({ description: "Reisekosten", quantity: 1, unit_price: 42.5, amount: 42.5 }),
    ]);
    expect(bill.tax_breakdown).toEqual([
      expect.objectContaining({ category: "S", percentage: 19, taxable_amount: 242.5, tax_amount: 46.08 }),
    ]);

    const supplier = await api("GET", `/v1/suppliers/${bill.supplier_id}`, { token: org.owner.key });
    expect(supplier.body).toMatchObject({
      name: "Acme GmbH",
      vat_id: "DE123456789",
      electronic_address: { scheme: "9930", id: "DE123456789" },
      iban: "DE89370400440532013000",
    });
    // The same supplier's next bill links to it.
    const next = await importRaw(org, second.cii, "application/xml");
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.supplier_id).toBe(bill.supplier_id);
    expect(next.body.original).toMatchObject({ syntax: "cii", container: "xml" });
    const suppliers = await api("GET", "/v1/suppliers", { token: org.owner.key });
    expect(suppliers.body.meta.total).toBe(1);
    expect(await eventTypes(org)).toEqual(["bill.received", "bill.received"]);
  });

  it("answers the same bill (200) for the same bytes, and 409 duplicate_bill for the same number in another syntax", async () => {
    const org = await buyerOrg();
    const created = await importRaw(org, first.ubl, "application/xml");
    expect(created.status).toBe(201);
    const again = await importRaw(org, first.ubl, "text/xml");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    const duplicate = await importRaw(org, first.cii, "application/xml");
    const error = expectError(duplicate, 409, "duplicate_bill");
    expect(error.details).toEqual({ bill_id: created.body.id });
    expect((await api("GET", "/v1/bills", { token: org.owner.key })).body.meta.total).toBe(1);
    expect(await storedOriginals(org)).toBe(1);
  });

  it("imports a Factur-X PDF sent as multipart, and answers its original bytes with their type and ETag", async () => {
    const org = await buyerOrg();
    const res = await importForm(org, first.facturx, "rechnung.pdf", "application/pdf");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      number: first.number,
      total: 288.58,
      original: { syntax: "cii", container: "pdf", filename: "rechnung.pdf", size: first.facturx.byteLength },
    });
    const original = await api("GET", `/v1/bills/${res.body.id}/original`, { token: org.owner.key });
    expect(original.status).toBe(200);
    expect(original.headers.get("Content-Type")).toBe("application/pdf");
    expect(original.headers.get("ETag")).toBe(`"${res.body.original.sha256}"`);
    expect(new Uint8Array(await original.raw.arrayBuffer())).toEqual(first.facturx);
    const cached = await api("GET", `/v1/bills/${res.body.id}/original`, {
      token: org.owner.key,
      headers: { "If-None-Match": `"${res.body.original.sha256}"` },
    });
    expect(cached.status).toBe(304);
  });

  it("keeps an original readable across a master key rotation (its data key rewrapped, its blob untouched)", async () => {
    const org = await buyerOrg();
    const { body: bill } = await importRaw(org, first.cii, "application/xml");
    const db = await dbOf(org.organizationId);
    const before = await env.DOCUMENTS.get(`bills/${org.organizationId}/${bill.id}`);
    const blob = new Uint8Array(await before!.arrayBuffer());
    const keys = { v1: env.MASTER_KEY, v2: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=" };
    const rotated = masterKeySet({ MASTER_KEYS: JSON.stringify(keys), MASTER_KEY_VERSION: "v2" });
    try {
      await rewrapArchiveKeys(db, rotated, undefined, anyOrganization);
      const [row] = await db.select().from(bills).where(eq(bills.id, bill.id));
      expect(row!.keyVersion).toBe("v2");
      expect(await openArchiveBlob(env.DOCUMENTS, rotated, row!)).toEqual(first.cii);
      const after = await env.DOCUMENTS.get(`bills/${org.organizationId}/${bill.id}`);
      expect(new Uint8Array(await after!.arrayBuffer())).toEqual(blob);
    } finally {
      // Back to v1, the key the Worker under test knows, for the other tests' archives and bills.
      await rewrapArchiveKeys(
        db,
        masterKeySet({ MASTER_KEYS: JSON.stringify(keys), MASTER_KEY_VERSION: "v1" }),
        undefined,
        anyOrganization,
      );
    }
  });

  it("answers an XML original byte for byte", async () => {
    const org = await buyerOrg();
    const res = await importRaw(org, first.cii, "application/xml");
    expect(res.status).toBe(201);
    const original = await api("GET", `/v1/bills/${res.body.id}/original`, { token: org.owner.key });
    expect(original.headers.get("Content-Type")).toBe("application/xml");
    expect(new Uint8Array(await original.raw.arrayBuffer())).toEqual(first.cii);
  });

  it.each([
    [
      "an entity declaration (XXE)",
      `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&xxe;</ID></Invoice>`,
    ],
    [
      "a billion laughs",
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&lol2;</Invoice>`,
    ],
    [
      "another root",
      `<?xml version="1.0"?><Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>`,
    ],
    [
      "not well-formed XML",
      `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</Invoice>`,
    ],
    [
      "deep nesting",
      `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${"<a>".repeat(200)}${"</a>".repeat(200)}</Invoice>`,
    ],
  ])("refuses %s with 422 invalid_einvoice, storing nothing", async (_what, xml) => {
    const org = await buyerOrg();
    const error = expectError(await importRaw(org, xml, "application/xml"), 422, "invalid_einvoice");
    expect(error.details?.reason).toEqual(expect.any(String));
    expect((await api("GET", "/v1/bills", { token: org.owner.key })).body.meta.total).toBe(0);
    expect((await api("GET", "/v1/suppliers", { token: org.owner.key })).body.meta.total).toBe(0);
    expect(await storedOriginals(org)).toBe(0);
    expect(await eventTypes(org)).toEqual([]);
  });

  it("refuses a PDF without an invoice XML with 422, storing nothing", async () => {
    const org = await buyerOrg();
    const pdf = await bytesOf(seller, `/v1/invoices/${first.id}/pdf`);
    expectError(await importRaw(org, pdf, "application/pdf"), 422, "invalid_einvoice");
    expect(await storedOriginals(org)).toBe(0);
  });

  it("answers 413 over 20 MiB, 415 for another media type, 400 for a form without file", async () => {
    const org = await buyerOrg();
    const big = new Uint8Array(20 * 2 ** 20 + 1).fill(0x20);
    expectError(await importRaw(org, big, "application/xml"), 413, "payload_too_large");
    expectError(await importRaw(org, "<x/>", "text/plain"), 415, "unsupported_media_type");
    const form = new FormData();
    form.append("other", "x");
    expectError(await api("POST", "/v1/bills", { token: org.owner.key, rawBody: form }), 400, "missing_file");
    expect(await storedOriginals(org)).toBe(0);
  });

  it("stores a document that breaks a rule with valid: false, the rule's id, and its amounts as stated", async () => {
    const org = await buyerOrg();
    const ubl = new TextDecoder().decode(first.ubl);
    const wrong = ubl.replace(/(<cbc:PayableAmount currencyID="EUR">)288\.58</, "$1300.00<");
    expect(wrong).not.toBe(ubl);
    const res = await importRaw(org, wrong, "application/xml");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.validation.valid).toBe(false);
    expect(res.body.validation.errors.map((e: { rule: string }) => e.rule)).toContain("BR-CO-16");
    expect(res.body).toMatchObject({ total: 288.58, amount_due: 300 });
  });

  it("warns (ADDRESSEE) when the buyer's VAT id is not the organization's, and stores the bill", async () => {
    const org = await buyerOrg({ ...BUYER_PROFILE, vat_id: "DE111111111", electronic_address: null });
    const res = await importRaw(org, first.ubl, "application/xml");
    expect(res.status).toBe(201);
    expect(res.body.validation.warnings).toEqual([
      { rule: "ADDRESSEE", message: expect.stringContaining("DE987654321") },
    ]);
  });

  it("imports a supplier's credit note (381) citing the invoice it corrects", async () => {
    const org = await buyerOrg();
    const credit = await api("POST", "/v1/credit-notes", {
      token: seller.owner.key,
      body: { invoice_id: first.id, reason: "Rabatt", amount: 50 },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const creditId = (credit.body.credit_note ?? credit.body).id as string;
    const ubl = await bytesOf(seller, `/v1/credit-notes/${creditId}/einvoice?syntax=ubl`);
    const res = await importRaw(org, ubl, "application/xml");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      type_code: "381",
      total: 50,
      preceding_invoice: { number: first.number },
    });
  });
});

describe("a bill's lifecycle", () => {
  it("approves, takes partial payments, refuses overpaying, and is paid when nothing is due", async () => {
    const org = await buyerOrg();
    const { body: bill } = await importRaw(org, first.ubl, "application/xml");
    const approved = await api("POST", `/v1/bills/${bill.id}/approve`, { token: org.owner.key });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", approved_at: expect.any(String) });
    expectError(await api("POST", `/v1/bills/${bill.id}/approve`, { token: org.owner.key }), 409, "conflict");

    const pay = (body: Record<string, unknown>) =>
      api("POST", `/v1/bills/${bill.id}/payments`, { token: org.owner.key, body });
    const part = await pay({ amount: 100, method: "bank_transfer", reference: "T-1", paid_at: "2026-01-05" });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.payment).toMatchObject({ amount: 100, method: "bank_transfer", reference: "T-1" });
    expect(part.body.bill).toMatchObject({ status: "approved", amount_paid: 100, amount_due: 188.58 });

    const over = expectError(await pay({ amount: 188.59, method: "bank_transfer" }), 422, "validation_error");
    expect(over.details?.amount).toMatch(/More than the amount due \(EUR 188\.58\)/);
    expectError(await pay({ amount: 1.001, method: "bank_transfer" }), 422, "validation_error");
    expectError(
      await api("POST", `/v1/bills/${bill.id}/reject`, { token: org.owner.key, body: { reason: "x" } }),
      409,
      "conflict",
    );

    const rest = await pay({ amount: 188.58, method: "bank_transfer" });
    expect(rest.body.bill).toMatchObject({
      status: "paid",
      amount_paid: 288.58,
      amount_due: 0,
      paid_at: expect.any(String),
    });
    expectError(await pay({ amount: 1, method: "cash" }), 409, "conflict");
    const payments = await api("GET", `/v1/bills/${bill.id}/payments`, { token: org.owner.key });
    expect(payments.body.data.map((p: { amount: number }) => p.amount)).toEqual([100, 188.58]);
    expect(await eventTypes(org)).toEqual(["bill.paid", "bill.approved", "bill.received"]);
  });

  it("rejects a received bill with its reason", async () => {
    const org = await buyerOrg();
    const { body: bill } = await importRaw(org, first.ubl, "application/xml");
    expectError(
      await api("POST", `/v1/bills/${bill.id}/reject`, { token: org.owner.key, body: {} }),
      422,
      "validation_error",
    );
    const rejected = await api("POST", `/v1/bills/${bill.id}/reject`, {
      token: org.owner.key,
      body: { reason: "Nicht bestellt" },
    });
    expect(rejected.body).toMatchObject({ status: "rejected", rejection_reason: "Nicht bestellt" });
    expectError(
      await api("POST", `/v1/bills/${bill.id}/payments`, {
        token: org.owner.key,
        body: { amount: 1, method: "cash" },
      }),
      409,
      "conflict",
    );
    expect(await eventTypes(org)).toEqual(["bill.rejected", "bill.received"]);
  });

  it("lists bills by status, supplier, due date and text", async () => {
    const org = await buyerOrg();
    const a = (await importRaw(org, first.ubl, "application/xml")).body;
    const b = (await importRaw(org, second.ubl, "application/xml")).body;
    await api("POST", `/v1/bills/${b.id}/approve`, { token: org.owner.key });
    const list = async (query: string) =>
      ((await api("GET", `/v1/bills?${query}`, { token: org.owner.key })).body.data as { id: string }[]).map(
        (x) => x.id,
      );
    expect(await list("")).toEqual([b.id, a.id]);
    expect(await list("status=approved")).toEqual([b.id]);
    expect(await list(`supplier_id=${a.supplier_id}`)).toEqual([b.id, a.id]);
    expect(await list("supplier_id=sup_none")).toEqual([]);
    expect(await list(`q=${encodeURIComponent(first.number)}`)).toEqual([a.id]);
    expect(await list("q=acme")).toEqual([b.id, a.id]);
    expect(await list("due_before=2000-01-01")).toEqual([]);
    expect(await list(`due_before=${a.due_date}`)).toEqual([]);
    expect(await list("limit=1&offset=1")).toEqual([a.id]);
  });
});

describe("suppliers", () => {
  it("are created, read, changed and deleted; one with bills is not deleted (409)", async () => {
    const org = await buyerOrg();
    const created = await api("POST", "/v1/suppliers", {
      token: org.owner.key,
      body: { name: "Papier & Co", vat_id: "de 111 222 333", email: "rechnung@papier.example" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: "Papier & Co", vat_id: "DE111222333", identifier: null });
    const patched = await api("PATCH", `/v1/suppliers/${created.body.id}`, {
      token: org.owner.key,
      body: { phone: "+49 1", email: null },
    });
    expect(patched.body).toMatchObject({ phone: "+49 1", email: null, vat_id: "DE111222333" });
    expect((await api("DELETE", `/v1/suppliers/${created.body.id}`, { token: org.owner.key })).status).toBe(
      204,
    );
    expect((await api("GET", `/v1/suppliers/${created.body.id}`, { token: org.owner.key })).status).toBe(404);

    const { body: bill } = await importRaw(org, first.ubl, "application/xml");
    const refused = await api("DELETE", `/v1/suppliers/${bill.supplier_id}`, { token: org.owner.key });
    expect(expectError(refused, 409, "conflict").details).toEqual({ reason: "supplier_has_bills" });
  });

  it("match a document by VAT id when the supplier was created by hand", async () => {
    const org = await buyerOrg();
    const created = await api("POST", "/v1/suppliers", {
      token: org.owner.key,
      body: { name: "Acme (manuell)", vat_id: "DE123456789" },
    });
    const { body: bill } = await importRaw(org, first.ubl, "application/xml");
    expect(bill.supplier_id).toBe(created.body.id);
  });

  it("are another organization's to no one", async () => {
    const org = await buyerOrg();
    const other = await buyerOrg();
    const { body: bill } = await importRaw(org, first.ubl, "application/xml");
    expect((await api("GET", `/v1/bills/${bill.id}`, { token: other.owner.key })).status).toBe(404);
    expect((await api("GET", `/v1/bills/${bill.id}/original`, { token: other.owner.key })).status).toBe(404);
    expect((await api("GET", `/v1/suppliers/${bill.supplier_id}`, { token: other.owner.key })).status).toBe(
      404,
    );
    // The same bytes make the other organization's own bill.
    expect((await importRaw(other, first.ubl, "application/xml")).status).toBe(201);
  });
});

// Last in the file: the sweeps run 20 years ahead purge the seller's archives too.
describe("retention", () => {
  it("leaves a bill's original alone in every retention sweep, 20 years on", async () => {
    const org = await buyerOrg();
    const { body: bill } = await importRaw(org, first.ubl, "application/xml");
    const db = await dbOf(org.organizationId);
    const later = new Date(Date.now() + 20 * 366 * 86_400_000);
    await expireDueDocuments(db, env.DOCUMENTS, later, anyOrganization);
    await purgeLeftoverBlobs(db, env.DOCUMENTS, anyOrganization);
    await purgeExpiredArchives(db, env.DOCUMENTS, later, anyOrganization);
    expect(await storedOriginals(org)).toBe(1);
    const original = await api("GET", `/v1/bills/${bill.id}/original`, { token: org.owner.key });
    expect(new Uint8Array(await original.raw.arrayBuffer())).toEqual(first.ubl);
  });
});

// Importing bills at the edges: totals in every xs:decimal form, amounts no bill can hold, a
// document without BT-115, sellers known only by a legal or tax registration, concurrent imports
// of one invoice from a new seller, a document too large for one row, and the original's key
// rotated while a payment is written. Figures: 3 x 80.00 + 19 % = 285.60.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { masterKeySet } from "../../src/crypto/document-keys";
import { anyOrganization } from "../../src/db/route";
import { bills } from "../../src/db/schema/bills";
import { rewrapArchiveKeys } from "../../src/services/archive/store";
import { billPaymentStatements } from "../../src/services/bills/workflow";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { dbOf } from "../helpers/db";
import { importBill, type SupplierInvoice, supplier } from "../helpers/supplier-invoices";

let invoice: SupplierInvoice;
let ubl: string;

beforeAll(async () => {
  invoice = await (await supplier()).issue([{ description: "Wartung", quantity: 3, unit_price: 80 }]);
  ubl = new TextDecoder().decode(invoice.ubl);
}, 60_000);

const importRaw = (org: TestOrg, body: string | Uint8Array) =>
  api("POST", "/v1/bills", {
    token: org.owner.key,
    rawBody: body,
    headers: { "Content-Type": "application/xml" },
  });

/** The UBL with one element's text replaced; the element must be there. */
function withText(element: string, text: string, xml = ubl) {
  const pattern = new RegExp(`(<cbc:${element}[^>]*>)[^<]*(</cbc:${element}>)`);
  expect(xml).toMatch(pattern);
  return xml.replace(pattern, `$1${text}$2`);
}

/** What an organization holds of bills: bills, suppliers, originals in R2, bill events. */
async function stored(org: TestOrg) {
  const count = async (path: string) =>
    (await api("GET", path, { token: org.owner.key })).body.meta.total as number;
  const events = await api("GET", "/v1/events?limit=100", { token: org.owner.key });
  return {
    bills: await count("/v1/bills"),
    suppliers: await count("/v1/suppliers"),
    originals: (await env.DOCUMENTS.list({ prefix: `bills/${org.organizationId}/` })).objects.length,
    events: (events.body.data as { type: string }[]).filter((e) => e.type.startsWith("bill.")).length,
  };
}

const NOTHING = { bills: 0, suppliers: 0, originals: 0, events: 0 };

describe("a bill's totals", () => {
  it.each([
    ["+285.60", 285.6],
    ["285.", 285],
    ["285.600", 285.6],
    [".5", 0.5],
  ])("reads a PayableAmount of %s (xs:decimal) as %s due", async (text, due) => {
    const org = await createOrg({ currency: "EUR" });
    const res = await importRaw(org, withText("PayableAmount", text));
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body).toMatchObject({ total: 285.6, amount_due: due });
  });

  it.each([
    ["PayableAmount", "1234567890123456789012345.00"],
    ["TaxInclusiveAmount", "12,50"],
    ["LineExtensionAmount", "1.2.3"],
  ])("refuses a %s of %s with 422 invalid_einvoice, storing nothing", async (element, text) => {
    const org = await createOrg({ currency: "EUR" });
    const error = expectError(await importRaw(org, withText(element, text)), 422, "invalid_einvoice");
    expect(error.details?.reason).toMatch(/not a decimal amount|too large/);
    expect(await stored(org)).toEqual(NOTHING);
  });

  it("makes a document without PayableAmount (BT-115) payable as its total less prepaid", async () => {
    const org = await createOrg({ currency: "EUR" });
    const without = ubl.replace(/<cbc:PayableAmount[^>]*>[^<]*<\/cbc:PayableAmount>/, "");
    expect(without).not.toBe(ubl);
    const bill = await importBill(org, new TextEncoder().encode(without));
    expect(bill).toMatchObject({ status: "received", total: 285.6, amount_due: 285.6 });
    expect(bill.validation.valid).toBe(false);
    expect(bill.validation.errors.map((e: { rule: string }) => e.rule)).toContain("BR-15");
    const paid = await api("POST", `/v1/bills/${bill.id}/payments`, {
      token: org.owner.key,
      body: { amount: 285.6, method: "bank_transfer" },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.bill).toMatchObject({ status: "paid", amount_due: 0 });
  });
});

/** The UBL with a seller that states only `ids` (UBL elements of cac:Party, in schema order). */
function sellerStating(ids: { companyId?: string; taxRegistration?: string }, number: string) {
  const party = `<cac:AccountingSupplierParty><cac:Party>
    <cac:PostalAddress><cbc:CityName>München</cbc:CityName><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    ${ids.taxRegistration ? `<cac:PartyTaxScheme><cbc:CompanyID>${ids.taxRegistration}</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : ""}
    <cac:PartyLegalEntity><cbc:RegistrationName>Registriert GmbH</cbc:RegistrationName>${ids.companyId ? `<cbc:CompanyID schemeID="0204">${ids.companyId}</cbc:CompanyID>` : ""}</cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>`;
  const replaced = ubl.replace(/<cac:AccountingSupplierParty>[\s\S]*<\/cac:AccountingSupplierParty>/, party);
  expect(replaced).not.toBe(ubl);
  return withText("ID", number, replaced);
}

describe("a bill's supplier", () => {
  it.each([
    ["a legal registration (BT-30)", { companyId: "HRB 12345" }],
    ["a tax registration (BT-32)", { taxRegistration: "143/123/45678" }],
  ])("is found again by %s when the seller states nothing else", async (_what, ids) => {
    const org = await createOrg({ currency: "EUR" });
    const one = await importBill(org, new TextEncoder().encode(sellerStating(ids, "R-1")));
    const two = await importBill(org, new TextEncoder().encode(sellerStating(ids, "R-2")));
    expect(two.supplier_id).toBe(one.supplier_id);
    const again = await importRaw(
      org,
      sellerStating(ids, "R-1").replace("<cac:PostalAddress>", " <cac:PostalAddress>"),
    );
    expect(expectError(again, 409, "duplicate_bill").details).toEqual({ bill_id: one.id });
    expect((await stored(org)).suppliers).toBe(1);
  });

  it("is one, with one bill, when a new seller's UBL and CII of one invoice arrive at once", async () => {
    const org = await createOrg({ currency: "EUR" });
    const answers = await Promise.all([importRaw(org, invoice.ubl), importRaw(org, invoice.cii)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const created = answers.find((a) => a.status === 201)!;
    const refused = answers.find((a) => a.status === 409)!;
    expect(expectError(refused, 409, "duplicate_bill").details).toEqual({ bill_id: created.body.id });
    expect(await stored(org)).toEqual({ bills: 1, suppliers: 1, originals: 1, events: 1 });
  });

  it("is refused (409 supplier_exists) a second time with the same VAT id", async () => {
    const org = await createOrg({ currency: "EUR" });
    const create = (name: string) =>
      api("POST", "/v1/suppliers", { token: org.owner.key, body: { name, vat_id: "DE 123 456 789" } });
    expect((await create("Acme")).status).toBe(201);
    const error = expectError(await create("Acme again"), 409, "conflict");
    expect(error.details).toEqual({ reason: "supplier_exists" });
  });
});

describe("a document too large to keep", () => {
  it("is refused with 413 payload_too_large, storing nothing", async () => {
    const org = await createOrg({ currency: "EUR" });
    const line = /<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/.exec(ubl)![0];
    const lines = (n: number) => ubl.replace(line, line.repeat(n));
    // The stored JSON per 1,000 of these lines, as docs/bills.md states it (about 0.25 MB).
    const perThousand = await importRaw(org, lines(1000));
    expect(perThousand.status).toBe(201);
    const [row] = await (await dbOf(org.organizationId))
      .select({ document: bills.document, validation: bills.validation })
      .from(bills)
      .where(eq(bills.id, perThousand.body.id));
    const size = JSON.stringify(row).length;
    console.info("stored JSON per 1,000 lines", size);
    expect(size).toBeLessThan(400_000);

    const other = await createOrg({ currency: "EUR" });
    const refused = await importRaw(other, lines(8000));
    expect(refused.status, JSON.stringify(refused.body).slice(0, 300)).toBe(413);
    const error = expectError(refused, 413, "payload_too_large");
    expect(error.message).toMatch(/too large to keep as a bill/);
    expect(error.details).toEqual({ bytes: expect.any(Number), max_bytes: 1_500_000 });
    expect(await stored(other)).toEqual(NOTHING);
  }, 60_000);
});

describe("a payment written while the original's key is rotated", () => {
  it("keeps the rotated key", async () => {
    const org = await createOrg({ currency: "EUR" });
    const bill = await importBill(org, invoice.cii);
    const db = await dbOf(org.organizationId);
    const [read] = await db.select().from(bills).where(eq(bills.id, bill.id));
    const keys = { v1: env.MASTER_KEY, v2: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=" };
    const at = (version: string) =>
      masterKeySet({ MASTER_KEYS: JSON.stringify(keys), MASTER_KEY_VERSION: version });
    try {
      await rewrapArchiveKeys(db, at("v2"), undefined, anyOrganization);
      const plan = billPaymentStatements(
        db,
        read!,
        { amountMinor: 1000, paidAt: new Date().toISOString(), method: "bank_transfer", reference: null },
        new Date().toISOString(),
      );
      await db.batch(plan.statements as [(typeof plan.statements)[0], ...typeof plan.statements]);
      const [after] = await db.select().from(bills).where(eq(bills.id, bill.id));
      expect(after).toMatchObject({ keyVersion: "v2", amountPaidMinor: 1000 });
      expect(after!.wrappedKey).not.toBe(read!.wrappedKey);
    } finally {
      await rewrapArchiveKeys(db, at("v1"), undefined, anyOrganization);
    }
  });
});

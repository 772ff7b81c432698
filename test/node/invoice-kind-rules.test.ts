// The document kinds (type_code 384, 326, 381, 389, 875..877), several cited invoices, sub-invoice lines, the cited invoice (BT-25/26) and the VAT
// accounting currency (BT-6, BT-111) held to the official rules: each made through the HTTP API of
// the shared Worker, sent, and its UBL and CII validated with zero fatal rules (SaxonJS, in Node).
// The organizations are test organizations whose clock stands on one day (`documentDay`) and the
// inputs are fixed, so each document is the same XML in every run: its verdict is read from the
// recorded ones (validate.mjs, `recorded`; `npm run einvoice:verdicts -- <this file>`).
import { beforeAll, describe, expect, it } from "vitest";
import { missingRuleSets, validateEInvoice } from "../einvoice-rules/validate.mjs";
import { daysAfter, documentDay } from "./document-day";
import { ADMIN_TOKEN, sharedWorker, toDocumentDay } from "./shared-worker";

/** Every document of this file is dated this day (a test clock), the same XML in every run. */
const DAY = documentDay();

let base: string;

beforeAll(async () => {
  const missing = missingRuleSets();
  if (missing.length > 0) throw new Error(`The EN 16931 validation rules are missing: ${missing.join(", ")}`);
  base = await sharedWorker();
}, 180_000);

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return text;
}

const SELLER = {
  legal_name: "Müller Handels GmbH",
  address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
  vat_id: "DE123456789",
  email: "billing@mueller.example",
  phone: "+49 89 123456",
  iban: "DE89370400440532013000",
  electronic_address: { scheme: "9930", id: "DE123456789" },
};

let organizations = 0;
async function germanSeller() {
  const created = JSON.parse(
    await call("POST", "/v1/admin/organizations", ADMIN_TOKEN, {
      name: `Kind seller ${++organizations}`,
      tier: "business",
      default_currency: "EUR",
      test_mode: true,
      owner: { email: `kind-${Date.now()}-${organizations}@example.com`, name: "Owner" },
    }),
  );
  const key = created.api_key as string;
  await call("PATCH", "/v1/organization", key, SELLER);
  await toDocumentDay(key, DAY);
  const rate = JSON.parse(
    await call("POST", "/v1/tax-rates", key, { display_name: "19%", percentage: 19, category: "S" }),
  ).id as string;
  const customer = JSON.parse(
    await call("POST", "/v1/customers", key, {
      name: "Globex GmbH",
      email: "billing@globex.example",
      address: { line1: "1 Main Street", city: "Berlin", postal_code: "10115", country: "DE" },
      vat_id: "DE987654321",
      buyer_reference: "04011000-12345-34",
      electronic_address: { scheme: "0204", id: "04011000-12345-34" },
    }),
  ).id as string;
  // The seller of a self-billed invoice (389): a German supplier with its tax number (BT-32) and
  // several identifiers (BT-29), the buyer's supplier number and a GLN.
  const supplier = JSON.parse(
    await call("POST", "/v1/customers", key, {
      name: "Lieferant GmbH",
      email: "billing@lieferant.example",
      address: { line1: "Lieferantenstraße 20", city: "München", postal_code: "80333", country: "DE" },
      vat_id: "DE123456780",
      tax_registration_id: "201/113/40209",
      identifier: { id: "549910" },
      additional_identifiers: [{ scheme: "0088", id: "4000001123452" }],
      electronic_address: { scheme: "EM", id: "billing@lieferant.example" },
    }),
  ).id as string;
  const invoice = async (extra: Record<string, unknown>) => {
    const draft = JSON.parse(
      await call("POST", "/v1/invoices", key, {
        customer_id: customer,
        due_date: daysAfter(DAY, 365),
        items: [{ description: "Beratung", quantity: 3, unit_price: 123.45, tax_rate_id: rate }],
        ...extra,
      }),
    );
    return JSON.parse(await call("POST", `/v1/invoices/${draft.id}/send`, key)) as {
      id: string;
      number: string;
    };
  };
  return { key, invoice, rate, supplier };
}

async function expectValid(key: string, id: string, query: string) {
  const xml = await call("GET", `/v1/invoices/${id}/einvoice?${query}`, key);
  const result = await validateEInvoice(xml, { profile: "auto", recorded: true });
  expect(
    result.fatal.map((f) => `${f.id}: ${f.text}`),
    `${query}\n${xml}`,
  ).toEqual([]);
  expect(result.firedRules).toBeGreaterThan(0);
  return xml;
}

describe("document kinds and the VAT accounting currency pass the rules they declare", () => {
  it("corrected, partial, credited, self-billed and converted invoices", async () => {
    const seller = await germanSeller();
    const original = await seller.invoice({});
    const cases: [string, Record<string, unknown>, string[]][] = [
      ["384", { type_code: "384", preceding_invoice_id: original.id }, ["syntax=ubl", "syntax=cii"]],
      [
        "326",
        { type_code: "326", preceding_invoice: { number: "A-1", issue_date: "2025-12-01" } },
        ["syntax=ubl", "syntax=cii"],
      ],
      ["381", { type_code: "381", preceding_invoice: { number: "EXT-9" } }, ["syntax=ubl", "syntax=cii"]],
      ["381 citing nothing", { type_code: "381" }, ["syntax=ubl", "syntax=cii"]],
      ["389", { type_code: "389" }, ["syntax=ubl&profile=en16931", "syntax=cii"]],
      [
        "389 of a supplier with its tax number and several identifiers",
        { type_code: "389", customer_id: seller.supplier },
        ["syntax=ubl&profile=en16931", "syntax=cii"],
      ],
      ...(["875", "876", "877"] as const).map((code): [string, Record<string, unknown>, string[]] => [
        code,
        { type_code: code, preceding_invoice_id: original.id },
        ["syntax=ubl", "syntax=cii", "syntax=ubl&profile=xrechnung", "syntax=cii&profile=xrechnung"],
      ]),
      ["380 citing", { preceding_invoice: { number: "A-2" } }, ["syntax=ubl", "syntax=cii"]],
      [
        "877 citing several",
        {
          type_code: "877",
          preceding_invoices: [
            { number: "AR-1", issue_date: "2025-03-31" },
            { number: "AR-2" },
            { number: "AR-3", issue_date: "2025-09-30" },
          ],
        },
        ["syntax=ubl", "syntax=cii", "syntax=ubl&profile=xrechnung", "syntax=cii&profile=xrechnung"],
      ],
      [
        "SubInvoiceLine",
        {
          type_code: "875",
          items: [
            {
              description: "Rohbau",
              quantity: 1,
              unit_code: "XPP",
              tax_rate_id: seller.rate,
              sub_items: [
                {
                  description: "Erdarbeiten",
                  quantity: 1,
                  unit_code: "XPP",
                  sub_items: [
                    { description: "Aushub", quantity: 120.5, unit_code: "MTQ", unit_price: 18.4 },
                    { description: "Verfüllen", quantity: 60, unit_code: "MTQ", unit_price: 9.75 },
                  ],
                },
                {
                  description: "Bewehrung",
                  quantity: 2350,
                  unit_code: "KGM",
                  unit_price: 1450,
                  base_quantity: 1000,
                },
              ],
            },
            { description: "Baustelleneinrichtung", quantity: 1, unit_price: 800, tax_rate_id: seller.rate },
          ],
        },
        ["syntax=ubl&profile=xrechnung", "syntax=ubl", "syntax=cii", "syntax=cii&profile=xrechnung"],
      ],
      [
        "tax currency",
        { tax_currency: "SEK", exchange_rate: { rate: 11.4567, date: "2026-01-15", source: "ECB" } },
        ["syntax=ubl", "syntax=cii"],
      ],
    ];
    for (const [label, body, queries] of cases) {
      const sent = await seller.invoice(body);
      for (const query of queries) {
        const xml = await expectValid(seller.key, sent.id, query);
        expect(xml, label).toContain(label.startsWith("tax") ? "SEK" : ((body.type_code as string) ?? "380"));
        if (label.startsWith("389 of")) {
          expect(xml, query).toContain("201/113/40209");
          expect(xml, query).toContain("4000001123452");
        }
        if (label === "SubInvoiceLine")
          expect(xml.includes("<cac:SubInvoiceLine>"), query).toBe(query === "syntax=ubl&profile=xrechnung");
      }
    }
  }, 180_000);
});

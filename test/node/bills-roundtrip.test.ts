// Round trip as the proof of receiving: every official example kept in test/einvoice-examples/
// (CEN/TC 434, the KoSIT XRechnung test suite, FeRD's ZUGFeRD examples) and the service's own
// outputs (the golden invoices and credit notes in test/fixtures/golden/, and a 384, an XRechnung
// and a Factur-X issued on the shared Worker) are posted to POST /v1/bills, each by an
// organization of its own, and the bill must state what the document states: totals BT-106 to
// BT-115, the VAT breakdown, the lines (count, BT-131, quantity, unit) and the parties'
// identifiers, compared with an independent reading of the same XML (fast-xml-parser:
// test/node/examples/semantic.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES_DIR, examplePaths } from "./examples/catalog";
import { decimal, type Party, readDocument, type SemanticDocument } from "./examples/semantic";
import { createOrganization, sharedWorker } from "./shared-worker";

const GOLDEN = resolve(import.meta.dirname, "../fixtures/golden");
const CONCURRENCY = 6;

let base: string;

beforeAll(async () => {
  base = await sharedWorker();
}, 180_000);

interface BillParty {
  vat_id: string | null;
  company_id: string | null;
  identifiers: { scheme: string | null; id: string }[];
  electronic_address: { scheme: string; id: string } | null;
}

interface Bill {
  id: string;
  number: string;
  type_code: string;
  issue_date: string;
  currency: string;
  seller: BillParty;
  buyer: BillParty;
  items: { id: string; quantity: number; unit_code: string; amount: number }[];
  subtotal: number | null;
  discount_total: number | null;
  charge_total: number | null;
  tax_exclusive_total: number | null;
  tax_total: number | null;
  total: number | null;
  prepaid_amount: number | null;
  rounding_amount: number | null;
  amount_due: number;
  tax_breakdown: {
    category: string | null;
    percentage: number | null;
    taxable_amount: number | null;
    tax_amount: number | null;
  }[];
  preceding_invoice: { number: string; issue_date: string | null } | null;
  original: { syntax: string; container: string };
}

/** A JSON number as the decimal the semantic reader writes ("100" for 100.00). */
const dec = (value: number | null | undefined) =>
  value === null || value === undefined ? null : decimal(String(value));

async function importAs(key: string, bytes: Uint8Array | string, contentType: string) {
  const res = await fetch(`${base}/v1/bills`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": contentType },
    body: bytes,
  });
  const body = (await res.json()) as Bill & { error?: unknown };
  return { status: res.status, body };
}

/** An empty element (`<ram:ID />`) states nothing: the bill answers null where the reader says "". */
const stated = (text: string | null | undefined) => (text ? text : null);

function partyDifferences(role: string, bill: BillParty, doc: Party): string[] {
  const out: string[] = [];
  const same = (field: string, got: unknown, expected: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(expected))
      out.push(`${role}.${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
  };
  same("vat_id", bill.vat_id, stated(doc.vatId));
  same("company_id", bill.company_id, stated(doc.legalId?.id));
  same(
    "identifiers",
    bill.identifiers,
    doc.identifiers.filter((i) => i.id).map((i) => ({ scheme: i.scheme, id: i.id })),
  );
  same(
    "electronic_address",
    bill.electronic_address,
    doc.endpoint?.id ? { scheme: doc.endpoint.scheme, id: doc.endpoint.id } : null,
  );
  return out;
}

/** Every difference between the bill and the document, "field: expected ..., got ...". */
function differences(bill: Bill, doc: SemanticDocument): string[] {
  const out: string[] = [];
  const same = (field: string, got: unknown, expected: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(expected))
      out.push(`${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
  };
  same("number", bill.number, doc.number);
  same("type_code", bill.type_code, doc.typeCode);
  same("issue_date", bill.issue_date, doc.issueDate);
  same("currency", bill.currency, doc.currency);
  const t = doc.totals;
  same("subtotal (BT-106)", dec(bill.subtotal), t.lineTotal);
  same("discount_total (BT-107)", dec(bill.discount_total) ?? "0", t.allowanceTotal);
  same("charge_total (BT-108)", dec(bill.charge_total) ?? "0", t.chargeTotal);
  same("tax_exclusive_total (BT-109)", dec(bill.tax_exclusive_total), t.taxExclusive);
  same("tax_total (BT-110)", dec(bill.tax_total), t.taxTotal);
  same("total (BT-112)", dec(bill.total), t.taxInclusive);
  same("prepaid_amount (BT-113)", dec(bill.prepaid_amount) ?? "0", t.prepaid);
  same("rounding_amount (BT-114)", dec(bill.rounding_amount) ?? "0", t.rounding);
  same("amount_due (BT-115)", dec(bill.amount_due), t.payable ?? "0");
  same(
    "tax_breakdown",
    bill.tax_breakdown.map((b) => [b.category, dec(b.percentage), dec(b.taxable_amount), dec(b.tax_amount)]),
    doc.breakdown.map((b) => [b.category, decimal(b.rate), b.taxable, b.tax]),
  );
  same("items.length", bill.items.length, doc.lines.length);
  same(
    "items (id, BT-131, quantity, unit)",
    bill.items.map((i) => [i.id, dec(i.amount), dec(i.quantity), i.unit_code]),
    doc.lines.map((l) => [l.id, l.net, decimal(l.quantity), l.unitCode]),
  );
  same("preceding_invoice", bill.preceding_invoice?.number ?? null, doc.preceding[0]?.number ?? null);
  out.push(
    ...partyDifferences("seller", bill.seller, doc.seller),
    ...partyDifferences("buyer", bill.buyer, doc.buyer),
  );
  return out;
}

/** Runs `work` over `items`, at most CONCURRENCY at once, in order of the results. */
async function pooled<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

/** Imports one XML into a fresh organization: "" when the bill states what the document does. */
async function roundTrip(xml: string): Promise<string> {
  const { key } = await createOrganization({ default_currency: "EUR" });
  const { status, body } = await importAs(key, xml, "application/xml");
  if (status !== 201) return `POST /v1/bills answered ${status}: ${JSON.stringify(body).slice(0, 300)}`;
  return differences(body, readDocument(xml)).join("; ");
}

describe("every official example, received as a bill", () => {
  const paths = examplePaths();

  it("holds at least the 138 examples the repository keeps", () => {
    expect(paths.length).toBeGreaterThanOrEqual(138);
  });

  it("states the amounts, breakdown, lines and identifiers of each document", async () => {
    const outcomes = await pooled(paths, (path) => roundTrip(readFileSync(join(EXAMPLES_DIR, path), "utf8")));
    const failing = Object.fromEntries(
      paths.map((path, i) => [path, outcomes[i]]).filter(([, o]) => o !== ""),
    );
    expect(failing).toEqual({});
  }, 600_000);
});

describe("the service's own documents, received as bills", () => {
  // The XML outputs (a golden file of a document EN 16931 cannot express records the 422 instead).
  const golden = readdirSync(GOLDEN).filter(
    (name) => /\.(ubl|cii)\.xml$/.test(name) && readFileSync(join(GOLDEN, name), "utf8").startsWith("<"),
  );

  it.each(golden)("%s", async (name) => {
    expect(await roundTrip(readFileSync(join(GOLDEN, name), "utf8"))).toBe("");
  });

  it("a 384, an XRechnung (UBL and CII) and a Factur-X issued on the Worker", async () => {
    const { key } = await createOrganization({ default_currency: "EUR" });
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return res;
    };
    const json = async (method: string, path: string, body?: unknown) =>
      (await (await call(method, path, body)).json()) as Record<string, any>;
    await json("PATCH", "/v1/organization", {
      legal_name: "Acme GmbH",
      address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
      vat_id: "DE123456789",
      email: "billing@acme.example",
      phone: "+49 30 1234567",
      iban: "DE89370400440532013000",
      electronic_address: { scheme: "9930", id: "DE123456789" },
    });
    const rate = await json("POST", "/v1/tax-rates", { display_name: "USt 19", percentage: 19 });
    const customer = await json("POST", "/v1/customers", {
      name: "Stadt Köln",
      email: "rechnung@koeln.example",
      address: { line1: "Rathausplatz 1", city: "Köln", postal_code: "50667", country: "DE" },
      vat_id: "DE987654321",
      buyer_reference: "05315000-12345-67",
      electronic_address: { scheme: "0204", id: "05315000-12345-67" },
      einvoice_profile: "xrechnung",
    });
    const issue = async (body: Record<string, unknown>) => {
      const created = await json("POST", "/v1/invoices", {
        customer_id: customer.id,
        due_date: "2030-01-31",
        items: [
          { description: "Beratung", quantity: 3, unit_price: 120, tax_rate_id: rate.id },
          { description: "Material", quantity: 1.5, unit_price: 33.33, tax_rate_id: rate.id },
        ],
        ...body,
      });
      return json("POST", `/v1/invoices/${created.id}/send`);
    };
    const original = await issue({});
    const corrected = await issue({
      type_code: "384",
      preceding_invoice_id: original.id,
    });
    const bytes = async (path: string) => new Uint8Array(await (await call("GET", path)).arrayBuffer());
    const documents: [string, Uint8Array, string, string][] = [];
    for (const invoice of [original, corrected]) {
      const path = `/v1/invoices/${invoice.id}`;
      const cii = new TextDecoder().decode(await bytes(`${path}/einvoice?syntax=cii`));
      documents.push([
        `${invoice.number} XRechnung UBL`,
        await bytes(`${path}/einvoice?syntax=ubl`),
        "application/xml",
        "",
      ]);
      documents.push([
        `${invoice.number} XRechnung CII`,
        new TextEncoder().encode(cii),
        "application/xml",
        cii,
      ]);
      // The Factur-X carries the EN 16931 CII: its bill states what that CII states.
      const en16931 = new TextDecoder().decode(await bytes(`${path}/einvoice?syntax=cii&profile=en16931`));
      documents.push([
        `${invoice.number} Factur-X`,
        await bytes(`${path}/pdf?format=facturx`),
        "application/pdf",
        en16931,
      ]);
    }
    const outcomes: Record<string, string> = {};
    for (const [label, data, type, xml] of documents) {
      const receiver = await createOrganization({ default_currency: "EUR" });
      const { status, body } = await importAs(receiver.key, data, type);
      const stated = xml || new TextDecoder().decode(data);
      outcomes[label] =
        status === 201
          ? differences(body, readDocument(stated)).join("; ")
          : `${status} ${JSON.stringify(body)}`;
      if (label.startsWith(corrected.number) && status === 201) {
        expect(body.type_code).toBe("384");
        expect(body.preceding_invoice?.number).toBe(original.number);
      }
      if (label.endsWith("Factur-X") && status === 201) expect(body.original.container).toBe("pdf");
    }
    expect(outcomes).toEqual(Object.fromEntries(Object.keys(outcomes).map((label) => [label, ""])));
  }, 120_000);
});

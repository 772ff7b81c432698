// The e-invoices of the running Worker, checked against the official EN 16931 business rules
// (and Peppol BIS 3.0 for UBL, which declares it): the node tests' shared Worker under wrangler
// (test/node/shared-worker.ts), invoices and credit notes made through the HTTP API in
// organizations of this file's own, and every UBL and CII document must validate with zero
// fatal rules. Runs in Node (SaxonJS does not run in workerd). The rules are the repository's
// own, test/einvoice-rules/ (SOURCE.md says where they come from). The organizations are test
// organizations whose clock stands on one day (`documentDay`, test/node/shared-worker.ts) and the
// inputs are fixed, so each document is the same XML in every run: its verdict is read from the
// recorded ones (validate.mjs, `recorded`; `npm run einvoice:verdicts -- <this file>`).
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { missingRuleSets, validateEInvoice } from "../einvoice-rules/validate.mjs";
import { facturxXml } from "../helpers/facturx";
import { daysAfter, documentDay } from "./document-day";
import { ADMIN_TOKEN, sharedWorker, toDocumentDay } from "./shared-worker";

let base: string;
/** Every document of this file is dated this day (a test clock), the same XML in every run. */
const DAY = documentDay();

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function ok(method: string, path: string, token: string, body?: unknown) {
  const res = await call(method, path, token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.json();
}

interface Org {
  key: string;
  rate: (body: Record<string, unknown>) => Promise<string>;
  customer: (body: Record<string, unknown>) => Promise<string>;
  invoice: (body: Record<string, unknown>) => Promise<any>;
}

let orgCounter = 0;
async function createOrg(currency: string, profile: Record<string, unknown>): Promise<Org> {
  const created = await ok("POST", "/v1/admin/organizations", ADMIN_TOKEN, {
    name: `Seller ${++orgCounter}`,
    tier: "business",
    test_mode: true,
    default_currency: currency,
    owner: { email: `owner-${Date.now()}-${orgCounter}@example.com`, name: "Owner" },
  });
  const key = created.api_key as string;
  await ok("PATCH", "/v1/organization", key, profile);
  await toDocumentDay(key, DAY);
  return {
    key,
    rate: async (body) =>
      (
        await ok("POST", "/v1/tax-rates", key, {
          display_name: `Rate ${body.category}`,
          inclusive: false,
          ...body,
        })
      ).id,
    customer: async (body) =>
      (
        await ok("POST", "/v1/customers", key, {
          name: "Globex GmbH",
          email: "billing@globex.example",
          address: { line1: "1 Main Street", city: "Berlin", postal_code: "10115", country: "DE" },
          buyer_reference: "PO-REF-1",
          electronic_address: { scheme: "0060", id: String(100000000 + ++orgCounter) },
          ...body,
        })
      ).id,
    invoice: async (body) => {
      const draft = await ok("POST", "/v1/invoices", key, {
        due_date: daysAfter(DAY, 365),
        ...body,
      });
      return ok("POST", `/v1/invoices/${draft.id}/send`, key);
    },
  };
}

const SELLER = {
  legal_name: "Müller & Søn Handels GmbH",
  trading_name: "Müller Shop",
  address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
  vat_id: "DE123456789",
  company_id: "HRB 12345",
  email: "billing@mueller.example",
  phone: "+49 89 123456",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  account_holder: "Müller & Søn Handels GmbH",
  electronic_address: { scheme: "9930", id: "DE123456789" },
};

beforeAll(async () => {
  const missing = missingRuleSets();
  if (missing.length > 0) throw new Error(`The EN 16931 validation rules are missing: ${missing.join(", ")}`);
  base = await sharedWorker();
}, 180_000);

async function expectNoFatalRules(xml: string, label: string) {
  const result = await validateEInvoice(xml, { recorded: true });
  expect(
    result.fatal.map((f) => `${f.id}: ${f.text}`),
    `${label}\n${xml}`,
  ).toEqual([]);
  expect(result.firedRules).toBeGreaterThan(0);
}

/** The XML embedded in the Factur-X PDF, read back out of the file. */
async function facturxOf(path: string, key: string): Promise<string> {
  const res = await fetch(`${base}${path}/pdf?format=facturx`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(res.status, `${path} facturx: ${new TextDecoder().decode(bytes.subarray(0, 300))}`).toBe(200);
  return facturxXml(await PDFDocument.load(bytes, { updateMetadata: false }));
}

/** Validates the UBL, the CII and the XML inside the Factur-X PDF of a document. The PDF embeds
 * the CII: a copy identical byte for byte to the CII just validated is not validated twice. */
async function expectValid(path: string, key: string) {
  const xml: Record<string, string> = {};
  for (const syntax of ["ubl", "cii"] as const) {
    const res = await call("GET", `${path}/einvoice?syntax=${syntax}`, key);
    expect(res.status, `${path} ${syntax}: ${res.text}`).toBe(200);
    await expectNoFatalRules(res.text, `${path} ${syntax}`);
    xml[syntax] = res.text;
  }
  const embedded = await facturxOf(path, key);
  expect(embedded).toContain("<rsm:CrossIndustryInvoice");
  if (embedded !== xml.cii) await expectNoFatalRules(embedded, `${path} factur-x.xml`);
}

describe("e-invoices validate against EN 16931 (UBL: + Peppol BIS 3.0; CII and the XML inside Factur-X)", () => {
  it("covers rates, exemptions, discounts, payments, credit notes, JPY, 100 lines and Unicode", async () => {
    const eur = await createOrg("EUR", SELLER);
    const standard = await eur.rate({ percentage: 19, category: "S" });
    const reduced = await eur.rate({ percentage: 7, category: "S" });
    const zero = await eur.rate({ percentage: 0, category: "Z" });
    const reverse = await eur.rate({
      percentage: 0,
      category: "AE",
      exemption_reason: "Reverse charge",
      exemption_reason_code: "VATEX-EU-AE",
    });
    const exempt = await eur.rate({
      percentage: 0,
      category: "E",
      exemption_reason: "Exempt under Article 132 of Directive 2006/112/EC",
      exemption_reason_code: "VATEX-EU-132",
    });
    const intra = await eur.rate({
      percentage: 0,
      category: "K",
      exemption_reason: "Intra-community supply",
      exemption_reason_code: "VATEX-EU-IC",
    });
    const exportRate = await eur.rate({
      percentage: 0,
      category: "G",
      exemption_reason: "Export outside the EU",
      exemption_reason_code: "VATEX-EU-G",
    });
    // A rate stating only a VATEX code: the XML carries the PDF's statement as the reason (BT-120).
    const reverseByCode = await eur.rate({
      percentage: 0,
      category: "AE",
      exemption_reason_code: "VATEX-EU-AE",
    });
    const domestic = await eur.customer({});
    const french = await eur.customer({
      name: "Ørsted Énergie SARL",
      address: { line1: "12 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
      vat_id: "FR12345678901",
      tax_exempt: "reverse",
    });
    const american = await eur.customer({
      name: "Škoda Trading Inc.",
      address: { line1: "350 Fifth Avenue", city: "New York", postal_code: "10118", country: "US" },
    });
    const withEndpoint = await eur.customer({
      name: "Łódź Logistyka Sp. z o.o.",
      address: { line1: "ul. Piotrkowska 1", city: "Łódź", postal_code: "90-001", country: "PL" },
      vat_id: "PL1234567890",
      electronic_address: { scheme: "9945", id: "PL1234567890" },
    });
    const greek = await eur.customer({
      name: "Ελληνική Εταιρεία Α.Ε.",
      address: { line1: "Οδός Ερμού 10", city: "Αθήνα", postal_code: "10563", country: "GR" },
    });
    const cyrillic = await eur.customer({
      name: "ООО «Ромашка»",
      address: { line1: "ул. Ленина 1", city: "София", postal_code: "1000", country: "BG" },
    });

    const line = (
      description: string,
      quantity: number,
      unit_price: number,
      tax_rate_id: string,
      extra = {},
    ) => ({
      description,
      quantity,
      unit_price,
      tax_rate_id,
      ...extra,
    });
    const paths: string[] = [];
    const inv = async (body: Record<string, unknown>) => {
      const invoice = await eur.invoice(body);
      paths.push(`/v1/invoices/${invoice.id}`);
      return invoice;
    };

    await inv({ customer_id: domestic, items: [line("Consulting", 10, 120, standard)], notes: "Thank you" });
    const twoRates = await inv({
      customer_id: domestic,
      items: [line("Software", 1, 100, standard), line("Book", 2, 25, reduced)],
      service_period: { start: "2026-10-01", end: "2026-10-31" },
      purchase_order: "PO-4711",
      payment_terms: "30 days net",
    });
    await inv({ customer_id: french, items: [line("Installation", 1, 1200, reverse)] });
    await inv({ customer_id: french, items: [line("Licence", 1, 900, reverseByCode)] });
    await inv({ customer_id: domestic, items: [line("Medical service", 1, 80, exempt)] });
    await inv({
      customer_id: french,
      items: [line("Machine parts", 3, 333.33, intra)],
      delivery_date: "2026-11-02",
    });
    await inv({ customer_id: american, items: [line("Export goods", 5, 19.99, exportRate)] });
    await inv({ customer_id: domestic, items: [line("Newspaper", 1, 2.5, zero)] });
    await inv({
      customer_id: domestic,
      items: [
        line("Design", 3, 19.99, standard, { discount: { percentage: 10 } }),
        line("Print", 7, 3.33, reduced, { discount: { amount: 1.5 } }),
      ],
      discounts: [{ description: "Loyalty", percentage: 5 }, { amount: 2.01 }],
    });
    const partial = await inv({ customer_id: domestic, items: [line("Hosting", 12, 9.99, standard)] });
    await ok("POST", `/v1/invoices/${partial.id}/payments`, eur.key, { amount: 50, method: "bank_transfer" });
    await inv({ customer_id: withEndpoint, items: [line("Freight", 1, 410, standard)] });
    await inv({
      customer_id: greek,
      items: [line("Υπηρεσίες", 1.5, 33.33, standard), line("Книги", 3, 7.77, reduced)],
    });
    await inv({ customer_id: cyrillic, items: [line("Консультация", 2, 45, standard)] });
    await inv({
      customer_id: domestic,
      items: Array.from({ length: 100 }, (_, i) =>
        line(`Item ${i + 1}`, (i % 7) + 0.25, 1.01 + i, i % 3 === 0 ? reduced : standard),
      ),
    });

    // Credit notes: by lines, by amount, and the one a void issues.
    const byLines = await ok("POST", "/v1/credit-notes", eur.key, {
      invoice_id: twoRates.id,
      reason: "Returned book",
      lines: [{ invoice_item_id: twoRates.items[1].id, quantity: 1 }],
    });
    const byAmount = await ok("POST", "/v1/credit-notes", eur.key, {
      invoice_id: twoRates.id,
      reason: "Goodwill",
      amount: 10,
    });
    const toVoid = await eur.invoice({ customer_id: domestic, items: [line("Cancelled", 1, 99, standard)] });
    paths.push(`/v1/invoices/${toVoid.id}`);
    await ok("POST", `/v1/invoices/${toVoid.id}/void`, eur.key);
    const voidNotes = await ok("GET", `/v1/invoices/${toVoid.id}/credit-notes`, eur.key);
    // Unit codes (BT-130, BR-CL-23): hours and days, and a credit note of part of the hours.
    const units = await inv({
      customer_id: domestic,
      items: [
        line("Consulting", 7.5, 120, standard, { unit_code: "HUR" }),
        line("Workshop", 2, 900, standard, { unit_code: "DAY" }),
      ],
    });
    const unitsNote = await ok("POST", "/v1/credit-notes", eur.key, {
      invoice_id: units.id,
      reason: "Two hours less",
      lines: [{ invoice_item_id: units.items[0].id, quantity: 2 }],
    });
    const creditPaths = [byLines.id, byAmount.id, voidNotes.data[0].id, unitsNote.id].map(
      (id) => `/v1/credit-notes/${id}`,
    );

    // Inclusive prices with rounding (3 x 9.99 gross at 19%), with discounts.
    const gross = await createOrg("EUR", SELLER);
    const inclusive = await gross.rate({ percentage: 19, category: "S", inclusive: true });
    const grossCustomer = await gross.customer({});
    const inc1 = await gross.invoice({
      customer_id: grossCustomer,
      items: [line("Ticket", 3, 9.99, inclusive)],
    });
    const inc2 = await gross.invoice({
      customer_id: grossCustomer,
      items: [
        line("Meal", 3, 9.99, inclusive, { discount: { amount: 0.99 } }),
        line("Drink", 7, 2.49, inclusive),
      ],
      discounts: [{ description: "Voucher", amount: 5 }],
    });
    expect(inc1.rounding_amount).not.toBe(0);
    const incNote = await ok("POST", "/v1/credit-notes", gross.key, {
      invoice_id: inc2.id,
      reason: "Drink not served",
      lines: [{ invoice_item_id: inc2.items[1].id, quantity: 2 }],
    });

    // JPY: no minor unit.
    const yen = await createOrg("JPY", SELLER);
    const yenRate = await yen.rate({ percentage: 10, category: "S" });
    const yenCustomer = await yen.customer({});
    const jpy = await yen.invoice({ customer_id: yenCustomer, items: [line("Tea", 3, 111, yenRate)] });

    for (const path of paths) await expectValid(path, eur.key);
    for (const path of creditPaths) await expectValid(path, eur.key);
    for (const path of [
      `/v1/invoices/${inc1.id}`,
      `/v1/invoices/${inc2.id}`,
      `/v1/credit-notes/${incNote.id}`,
    ]) {
      await expectValid(path, gross.key);
    }
    await expectValid(`/v1/invoices/${jpy.id}`, yen.key);
    expect(paths.length + creditPaths.length + 4).toBeGreaterThanOrEqual(16);
  }, 180_000);
  it("keeps line terms valid: 6-decimal prices per base quantity, gross prices, line charges with codes, reasons, correction lines, line periods", async () => {
    const eur = await createOrg("EUR", SELLER);
    const standard = await eur.rate({ percentage: 19, category: "S" });
    const reduced = await eur.rate({ percentage: 7, category: "S" });
    const customer = await eur.customer({});
    const invoice = await eur.invoice({
      customer_id: customer,
      items: [
        {
          description: "Energy",
          quantity: 1234,
          unit_code: "KWH",
          unit_price: 0.123456,
          tax_rate_id: standard,
        },
        { description: "Paper", quantity: 250, unit_price: 12.5, base_quantity: 100, tax_rate_id: standard },
        {
          description: "Chair",
          quantity: 3,
          gross_price: 120,
          price_discount: 20.5,
          tax_rate_id: reduced,
          service_period: { start: "2026-10-01", end: "2026-10-31" },
        },
        {
          description: "Crate",
          quantity: 2,
          unit_price: 50,
          tax_rate_id: standard,
          discount: { percentage: 10, description: "Volume", reason_code: "95" },
          charges: [
            { description: "Packing", amount: 4, reason_code: "ABL" },
            { reason_code: "FC", percentage: 5 },
          ],
        },
        { description: "Returned crate", quantity: -1, unit_price: 50, tax_rate_id: standard },
        {
          description: "Returned paper",
          quantity: -50,
          unit_price: 12.5,
          base_quantity: 100,
          tax_rate_id: standard,
          discount: { amount: 1, reason_code: "95" },
        },
      ],
    });
    await expectValid(`/v1/invoices/${invoice.id}`, eur.key);
  });

  it("keeps several discounts on a line, stated bases of line discounts and charges, and several seller identifiers valid, in Peppol, EN 16931 and XRechnung", async () => {
    const org = await createOrg("EUR", {
      ...SELLER,
      seller_identifier: { scheme: "0088", id: "4000001123452" },
      additional_seller_identifiers: [{ id: "9876543217894897438" }, { scheme: "0060", id: "123456789" }],
    });
    const standard = await org.rate({ percentage: 19, category: "S" });
    const customer = await org.customer({});
    const invoice = await org.invoice({
      customer_id: customer,
      items: [
        {
          description: "Vehicle lease",
          quantity: 30,
          unit_price: 1581.25,
          tax_rate_id: standard,
          discounts: [
            { description: "Fixed long term", reason_code: "102", percentage: 10, base_amount: 2000 },
            { description: "Loyalty", amount: 50 },
            { reason_code: "95", percentage: 2.5 },
          ],
          charges: [{ description: "Testing", reason_code: "TAC", percentage: 10, base_amount: 2000 }],
        },
        {
          description: "Parts",
          quantity: 3,
          unit_price: 19.99,
          tax_rate_id: standard,
          discount: { percentage: 12.5, base_amount: 40 },
        },
      ],
    });
    expect(invoice.einvoice.ready).toBe(true);
    const path = `/v1/invoices/${invoice.id}`;
    await expectValid(path, org.key);
    for (const syntax of ["ubl", "cii"] as const) {
      const xrechnung = await call("GET", `${path}/einvoice?syntax=${syntax}&profile=xrechnung`, org.key);
      expect(xrechnung.status, xrechnung.text).toBe(200);
      expect((await validateEInvoice(xrechnung.text, { profile: "auto", recorded: true })).profile).toBe(
        "xrechnung",
      );
      await expectNoFatalRules(xrechnung.text, `${path} ${syntax} xrechnung`);
    }
  }, 180_000);

  it("keeps document discounts reversing a correction's (negative BT-92, with a negative base BT-93) valid, in Peppol, EN 16931 and XRechnung", async () => {
    const org = await createOrg("EUR", SELLER);
    const standard = await org.rate({ percentage: 19, category: "S" });
    const reduced = await org.rate({ percentage: 7, category: "S" });
    const customer = await org.customer({});
    const invoice = await org.invoice({
      customer_id: customer,
      type_code: "384",
      preceding_invoice: { number: "R-2026-17", issue_date: "2026-01-05" },
      items: [
        { description: "Delivered", quantity: 3, unit_price: 100, tax_rate_id: standard },
        { description: "Returned", quantity: -5, unit_price: 1, tax_rate_id: reduced },
        {
          description: "Returned sugar",
          quantity: -2,
          gross_price: 1.5,
          price_discount: 0.05,
          tax_rate_id: reduced,
        },
      ],
      discounts: [
        { description: "Rechnungsrabatt 1", amount: 0.1, tax_rate_id: reduced },
        { description: "Rechnungsrabatt 2", reason_code: "95", percentage: 2, tax_rate_id: reduced },
        { description: "Bonus", percentage: 10, base_amount: 3, tax_rate_id: reduced },
        { description: "Treue", amount: 10, tax_rate_id: standard },
      ],
    });
    // 7 %: -7.90 + 0.10 + 0.16 (2 % of -7.90) + 0.30 (10 % of -3.00) = -7.34.
    expect(invoice).toMatchObject({ discount_total: 9.44, tax_exclusive_total: 282.66 });
    expect(invoice.einvoice.ready).toBe(true);
    const path = `/v1/invoices/${invoice.id}`;
    await expectValid(path, org.key);
    for (const syntax of ["ubl", "cii"] as const) {
      const xrechnung = await call("GET", `${path}/einvoice?syntax=${syntax}&profile=xrechnung`, org.key);
      expect(xrechnung.status, xrechnung.text).toBe(200);
      await expectNoFatalRules(xrechnung.text, `${path} ${syntax} xrechnung`);
    }
  }, 180_000);

  it("makes a valid CII, Factur-X and EN 16931 UBL for a buyer without a Peppol endpoint (e-mail alone, scheme EM); no Peppol UBL", async () => {
    const org = await createOrg("EUR", SELLER);
    const standard = await org.rate({ percentage: 19, category: "S" });
    const mailOnly = await org.customer({ electronic_address: null, email: "ap@globex.example" });
    const em = await org.customer({ electronic_address: { scheme: "EM", id: "ap@globex.example" } });
    for (const customer of [mailOnly, em]) {
      const invoice = await org.invoice({
        customer_id: customer,
        items: [{ description: "Work", quantity: 2, unit_price: 49.99, tax_rate_id: standard }],
      });
      expect(invoice.einvoice.syntaxes.cii).toEqual({ ready: true, missing: [] });
      expect(invoice.einvoice.syntaxes.ubl.ready).toBe(false);
      const path = `/v1/invoices/${invoice.id}`;
      const cii = await call("GET", `${path}/einvoice?syntax=cii`, org.key);
      expect(cii.status, cii.text).toBe(200);
      expect((await validateEInvoice(cii.text, { recorded: true })).profile).toBe("en16931");
      await expectNoFatalRules(cii.text, `${path} cii`);
      await expectNoFatalRules(await facturxOf(path, org.key), `${path} factur-x.xml`);
      expect((await call("GET", `${path}/einvoice?syntax=ubl`, org.key)).status).toBe(422);
      // The UBL in profile en16931 declares EN 16931 alone and passes its rules.
      const ubl = await call("GET", `${path}/einvoice?syntax=ubl&profile=en16931`, org.key);
      expect(ubl.status, ubl.text).toBe(200);
      expect((await validateEInvoice(ubl.text, { profile: "auto", recorded: true })).profile).toBe("en16931");
      await expectNoFatalRules(ubl.text, `${path} ubl en16931`);
    }
  }, 180_000);

  it("keeps every document valid with the parties' identifiers, a payee and a tax representative (BT-29, BT-30-1, BT-46, BT-47, BG-10, BG-11)", async () => {
    const org = await createOrg("EUR", {
      ...SELLER,
      company_id_scheme: "0204",
      seller_identifier: { scheme: "0088", id: "4000001123452" },
      tax_representative: {
        name: "Fiscal Rep B.V.",
        vat_id: "NL123456789B01",
        address: { line1: "Damrak 1", city: "Amsterdam", postal_code: "1012 JS", country: "NL" },
      },
    });
    const standard = await org.rate({ percentage: 19, category: "S" });
    const reverse = await org.rate({ percentage: 0, category: "AE", exemption_reason: "Reverse charge" });
    const customer = await org.customer({
      address: { line1: "1 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
      identifier: { id: "BUYER-42" },
      company_id: "552100554",
      company_id_scheme: "0002",
    });
    const payee = { name: "Factoring Bank AG", identifier: { id: "F-7" }, company_id: "HRB 99999" };
    const invoice = await org.invoice({
      customer_id: customer,
      payee,
      items: [{ description: "Work", quantity: 2, unit_price: 49.99, tax_rate_id: standard }],
    });
    expect(invoice.einvoice.ready).toBe(true);
    await expectValid(`/v1/invoices/${invoice.id}`, org.key);
    // Reverse charge with the buyer's legal registration instead of its VAT id (BR-AE-02).
    const charged = await org.invoice({
      customer_id: customer,
      items: [{ description: "Work", quantity: 1, unit_price: 10, tax_rate_id: reverse }],
    });
    expect(charged.einvoice.ready).toBe(true);
    await expectValid(`/v1/invoices/${charged.id}`, org.key);
  }, 180_000);

  it("keeps notes holding #...# valid, and says not ready where a rate below 0.5% cannot pass BR-CO-17", async () => {
    const org = await createOrg("EUR", SELLER);
    const customer = await org.customer({});
    const ready: string[] = [];
    const refused: string[] = [];
    const standard = await org.rate({ percentage: 19, category: "S" });
    for (const note of ["#XYZ# not a subject code", "Order #123# shipped #x#", "#AAI#", "a # b", "##", "#"]) {
      const invoice = await org.invoice({
        customer_id: customer,
        items: [{ description: "Work", quantity: 1, unit_price: 10, tax_rate_id: standard }],
        notes: note,
      });
      expect(invoice.einvoice.ready).toBe(true);
      ready.push(`/v1/invoices/${invoice.id}`);
    }
    for (const percentage of [0.49, 0.25, 0.1, 0.0001]) {
      const rate = await org.rate({ percentage, category: "S" });
      for (const [quantity, unit_price] of [
        [1, 1000],
        [3, 33.33],
        [1, 0.01],
        [7, 123456.78],
      ]) {
        const invoice = await org.invoice({
          customer_id: customer,
          items: [{ description: "Work", quantity, unit_price, tax_rate_id: rate }],
        });
        (invoice.einvoice.ready ? ready : refused).push(`/v1/invoices/${invoice.id}`);
      }
    }
    // Whatever readiness promises validates; whatever it refuses answers 422, not a broken document.
    for (const path of ready) await expectValid(path, org.key);
    for (const path of refused) {
      expect((await call("GET", `${path}/einvoice`, org.key)).status).toBe(422);
    }
    expect(refused.length).toBeGreaterThan(0);
  }, 180_000);

  it("makes XRechnung 3.0 UBL and CII that pass EN 16931 + XRechnung for a customer who takes it (rates, exemption, outside the scope, credit note)", async () => {
    const org = await createOrg("EUR", SELLER);
    const standard = await org.rate({ percentage: 19, category: "S" });
    const reduced = await org.rate({ percentage: 7, category: "S" });
    const exempt = await org.rate({
      percentage: 0,
      category: "E",
      exemption_reason: "Steuerfrei nach § 4 Nr. 21 UStG",
      exemption_reason_code: "VATEX-EU-132",
    });
    const outside = await org.rate({ percentage: 0, category: "O", exemption_reason_code: "VATEX-EU-O" });
    const publicBuyer = await org.customer({
      name: "Stadt Musterhausen",
      buyer_reference: "04011000-12345-34",
      electronic_address: { scheme: "0204", id: "04011000-12345-34" },
      einvoice_profile: "xrechnung",
    });
    const invoices = [
      await org.invoice({
        customer_id: publicBuyer,
        notes: "Auftrag #4711# vom 1. Oktober",
        payment_terms: "Zahlbar innerhalb von 30 Tagen",
        discounts: [{ description: "Rahmenvertrag", percentage: 5 }],
        items: [
          { description: "Beratung", quantity: 3, unit_price: 120, tax_rate_id: standard },
          { description: "Fachbuch", quantity: 1, unit_price: 39.9, tax_rate_id: reduced },
        ],
      }),
      await org.invoice({
        customer_id: publicBuyer,
        items: [{ description: "Schulung", quantity: 1, unit_price: 800, tax_rate_id: exempt }],
      }),
      await org.invoice({
        customer_id: publicBuyer,
        items: [{ description: "Zuschuss", quantity: 1, unit_price: 250, tax_rate_id: outside }],
      }),
    ];
    const note = await ok("POST", "/v1/credit-notes", org.key, {
      invoice_id: invoices[0].id,
      reason: "Gutschrift",
      amount: 50,
    });
    const paths = [...invoices.map((i) => `/v1/invoices/${i.id}`), `/v1/credit-notes/${note.id}`];
    for (const path of paths) {
      // The archived default downloads are XRechnung; the Factur-X embeds the EN 16931 CII.
      for (const syntax of ["ubl", "cii"] as const) {
        const res = await call("GET", `${path}/einvoice?syntax=${syntax}`, org.key);
        expect(res.status, `${path} ${syntax}: ${res.text}`).toBe(200);
        expect((await validateEInvoice(res.text, { recorded: true })).profile, `${path} ${syntax}`).toBe(
          "xrechnung",
        );
        await expectNoFatalRules(res.text, `${path} ${syntax} xrechnung`);
      }
      const embedded = await facturxOf(path, org.key);
      expect((await validateEInvoice(embedded, { recorded: true })).profile).toBe("en16931");
      await expectNoFatalRules(embedded, `${path} factur-x.xml`);
    }
    // Another customer's invoice in profile xrechnung on request: the same rules.
    const other = await org.customer({ buyer_reference: "04011000-99999-12" });
    const sent = await org.invoice({
      customer_id: other,
      items: [{ description: "Work", quantity: 1, unit_price: 10, tax_rate_id: standard }],
    });
    const ubl = await call("GET", `/v1/invoices/${sent.id}/einvoice?profile=xrechnung`, org.key);
    expect(ubl.status, ubl.text).toBe(200);
    await expectNoFatalRules(ubl.text, "ubl in profile xrechnung");
  }, 180_000);

  it("validates document-level charges, bound and spread allowances with reason codes and bases, a prepaid amount and cash rounding", async () => {
    const org = await createOrg("EUR", { ...SELLER, cash_rounding: 0.05 });
    const standard = await org.rate({ percentage: 19, category: "S" });
    const reduced = await org.rate({ percentage: 7, category: "S" });
    const customer = await org.customer({});
    const invoice = await org.invoice({
      customer_id: customer,
      items: [
        { description: "Beratung", quantity: 3, unit_price: 99.99, tax_rate_id: standard },
        { description: "Buch", quantity: 2, unit_price: 24.95, tax_rate_id: reduced },
      ],
      discounts: [
        { description: "Treue", percentage: 10, reason_code: "95", tax_rate_id: reduced },
        { description: "Aktion", amount: 5 },
        { percentage: 3, reason_code: "100", tax_rate_id: standard, base_amount: 150 },
      ],
      charges: [
        { description: "Fracht", amount: 12.5, reason_code: "FC", tax_rate_id: standard },
        { description: "Verpackung", percentage: 2, reason_code: "ABL" },
      ],
      prepaid_amount: 50,
    });
    expect(invoice.charge_total).toBeGreaterThan(12.5);
    expect(invoice.prepaid_amount).toBe(50);
    // The amount due is a multiple of 0.05.
    expect(Math.round(invoice.amount_due * 100) % 5).toBe(0);
    await expectValid(`/v1/invoices/${invoice.id}`, org.key);

    // A charge at a rate no line has: its own breakdown entry.
    const freightOnly = await org.invoice({
      customer_id: customer,
      items: [{ description: "Buch", quantity: 1, unit_price: 24.95, tax_rate_id: reduced }],
      charges: [{ amount: 4.9, reason_code: "FC", tax_rate_id: standard }],
    });
    expect(freightOnly.tax_breakdown).toHaveLength(2);
    await expectValid(`/v1/invoices/${freightOnly.id}`, org.key);
  }, 180_000);

  it("validates an invoice whose prepaid amount is above its total (amount due below 0), in Peppol, EN 16931 and XRechnung, and a credit note of it", async () => {
    // Without the seller's account: nothing is paid into it, the payment means are "not defined".
    const org = await createOrg("EUR", { ...SELLER, iban: null, bic: null, account_holder: null });
    const standard = await org.rate({ percentage: 19, category: "S" });
    const reduced = await org.rate({ percentage: 7, category: "S" });
    const body = (customer: string) => ({
      customer_id: customer,
      items: [
        {
          description: "Arbeitspreis Strom",
          quantity: 935,
          unit_code: "KWH",
          unit_price: 0.2185,
          tax_rate_id: standard,
        },
        {
          description: "Arbeitspreis Wasser",
          quantity: 25,
          unit_code: "MTQ",
          unit_price: 1.86,
          tax_rate_id: reduced,
        },
      ],
      prepaid_amount: 1030,
      payment_terms: "Dieses Guthaben werden wir auf Ihr Konto erstatten.",
    });
    const invoice = await org.invoice(body(await org.customer({})));
    expect(invoice).toMatchObject({ status: "paid", prepaid_amount: 1030 });
    expect(invoice.amount_due).toBeLessThan(0);
    const note = await ok("POST", "/v1/credit-notes", org.key, {
      invoice_id: invoice.id,
      reason: "Zählerstand korrigiert",
      amount: 20,
    });
    for (const path of [`/v1/invoices/${invoice.id}`, `/v1/credit-notes/${note.id}`])
      await expectValid(path, org.key);
    const xrechnung = await org.invoice(
      body(await org.customer({ buyer_reference: "04011000-12345-67", einvoice_profile: "xrechnung" })),
    );
    for (const syntax of ["ubl", "cii"] as const) {
      const res = await call("GET", `/v1/invoices/${xrechnung.id}/einvoice?syntax=${syntax}`, org.key);
      expect(res.status, res.text).toBe(200);
      expect((await validateEInvoice(res.text, { recorded: true })).profile).toBe("xrechnung");
      await expectNoFatalRules(res.text, `${syntax} xrechnung owing back`);
    }
  }, 180_000);

  it("validates an invoice that owes back between two Dutch parties: its refund terms, no payment means (NL-R-008)", async () => {
    const dutch = { line1: "Damrak 1", city: "Amsterdam", postal_code: "1012 JS", country: "NL" };
    const org = await createOrg("EUR", {
      ...SELLER,
      address: dutch,
      vat_id: "NL123456789B01",
      company_id: null,
      iban: "NL91ABNA0417164300",
      bic: null,
    });
    const standard = await org.rate({ percentage: 21, category: "S" });
    const customer = await org.customer({ address: { ...dutch, line1: "Kalverstraat 2" } });
    const invoice = await org.invoice({
      customer_id: customer,
      items: [{ description: "Stroom", quantity: 1, unit_price: 100, tax_rate_id: standard }],
      prepaid_amount: 150,
      payment_terms: "Wij betalen het tegoed terug op uw rekening.",
    });
    expect(invoice).toMatchObject({ status: "paid", amount_due: -29, einvoice: { ready: true } });
    await expectValid(`/v1/invoices/${invoice.id}`, org.key);
  }, 180_000);
});

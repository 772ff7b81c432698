// A bill's readable copy (src/document/bill.ts drawn by src/render/pdf/document.ts), read back as
// text: every figure is the one the received document states, in the organization's language,
// with the line saying how it was received and the verdict of the rules.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { type BillReceiptFacts, billDocument, receivedFormatName } from "../../src/document/bill";
import type { ReceivedDocument } from "../../src/document/received/types";
import { renderDocumentPdf } from "../../src/render/pdf/document";

const party = (name: string, vatId: string, city: string) => ({
  name,
  tradingName: null,
  address: { line1: "Hauptstraße 1", line2: null, city, postalCode: "10115", region: null, country: "DE" },
  vatId,
  taxRegistrationId: null,
  companyId: null,
  companyIdScheme: null,
  identifiers: [],
  endpoint: { scheme: "9930", id: vatId },
  contact: null,
});

const tax = (percent: string) => ({ category: "S", percent });

/**
 * An XRechnung as a supplier states it: two lines at 19 % and 7 %, a line discount, amounts with
 * figures no arithmetic of ours would give (the supplier's own rounding: 0.01 off per rate).
 */
function receivedInvoice(overrides: Partial<ReceivedDocument> = {}): ReceivedDocument {
  const line = (id: string, name: string, quantity: string, price: string, net: string, percent: string) => ({
    id,
    name,
    quantity,
    unitCode: "C62",
    price,
    net,
    allowances: [],
    charges: [],
    period: null,
    baseQuantity: null,
    grossPrice: null,
    priceDiscount: null,
    tax: tax(percent),
    subLines: [],
  });
  return {
    kind: "invoice",
    typeCode: "380",
    number: "LIEF-2026-0815",
    issueDate: "2026-11-20",
    dueDate: "2026-12-20",
    currency: "EUR",
    taxCurrency: null,
    buyerReference: "04011000-12345-03",
    purchaseOrder: "PO-77",
    period: null,
    deliveryDate: null,
    deliverToCountry: null,
    preceding: [],
    seller: party("Lieferant GmbH", "DE123456789", "Berlin"),
    buyer: party("Acme AG", "DE987654321", "München"),
    payee: null,
    taxRepresentative: null,
    lines: [
      {
        ...line("1", "Beratung", "3", "1234.567", "3703.70", "19"),
        allowances: [{ reason: "Treuerabatt", reasonCode: "95", amount: "10.00", percent: null, base: null }],
      },
      line("2", "Fachbuch", "2", "49.90", "99.80", "7"),
    ],
    allowances: [],
    charges: [],
    subtotals: [
      { tax: tax("19"), taxable: "3703.70", amount: "703.71", exemptionReason: null, exemptionCode: null },
      { tax: tax("7"), taxable: "99.80", amount: "6.99", exemptionReason: null, exemptionCode: null },
    ],
    totals: {
      lineExtension: "3803.50",
      allowanceTotal: "0.00",
      chargeTotal: null,
      taxExclusive: "3803.50",
      taxTotal: "710.70",
      taxInclusive: "4514.20",
      prepaid: "100.00",
      rounding: null,
      payable: "4414.20",
    },
    paymentTerms: "Zahlbar binnen 30 Tagen",
    paymentMeans: {
      code: "58",
      iban: "DE02120300000000202051",
      accountName: "Lieferant GmbH",
      bic: "BYLADEM1001",
      reference: "LIEF-2026-0815",
    },
    notes: [{ subjectCode: null, text: "Vielen Dank für Ihren Auftrag." }],
    customizationId: "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
    profileId: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0",
    ...overrides,
  } as ReceivedDocument;
}

const validReceipt: BillReceiptFacts = {
  syntax: "ubl",
  container: "xml",
  customizationId: "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
  receivedAt: "2026-12-03T09:15:00.000Z",
  validation: { valid: true, profile: "xrechnung", errors: [], warnings: [] },
};

async function textOf(bytes: Uint8Array) {
  const proxy = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(proxy, { mergePages: true });
  return (text as string).replace(/[\u00a0\u202f]/g, " ");
}

describe("a bill's readable copy", () => {
  it("prints the stated figures, the receipt line and the verdict in the organization's language", async () => {
    const text = await textOf(
      await renderDocumentPdf(billDocument(receivedInvoice(), validReceipt, "en"), null),
    );
    expect(text).toContain("Received as XRechnung (UBL) on December 3, 2026");
    expect(text).toContain("Validation: Meets the rules of XRechnung 3.0");
    expect(text).toContain("LIEF-2026-0815");
    expect(text).toContain("Lieferant GmbH");
    expect(text).toContain("Acme AG");
    // The supplier's VAT per rate as stated (19 % of 3,703.70 is 703.70: the bill says 703.71).
    expect(text).toContain("€703.71");
    expect(text).toContain("€6.99");
    expect(text).toContain("€710.70");
    expect(text).toContain("€4,514.20");
    // Prepaid 100.00: the amount due is BT-115 as stated.
    expect(text).toContain("€4,414.20");
    // A unit price finer than the cent is shown as stated; the line amount is BT-131.
    expect(text).toContain("€1,234.567");
    expect(text).toContain("€3,703.70");
    expect(text).toContain("Treuerabatt");
    expect(text).toContain("DE02 1203 0000 0000 2020 51");
    expect(text).toContain("04011000-12345-03");
  });

  it("lists each broken rule by its id, in German for a German organization", async () => {
    const receipt: BillReceiptFacts = {
      ...validReceipt,
      syntax: "cii",
      container: "pdf",
      customizationId: "urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended",
      validation: {
        valid: false,
        profile: "en16931",
        errors: [
          { rule: "BR-CO-15", message: "Invoice total amount with VAT = total without VAT + VAT total" },
          { rule: "BR-S-08", message: "VAT category taxable amount per rate" },
        ],
        warnings: [{ rule: "ADDRESSEE", message: "The buyer's VAT id is not the organization's" }],
      },
    };
    const text = await textOf(await renderDocumentPdf(billDocument(receivedInvoice(), receipt, "de"), null));
    expect(text).toContain("Empfangen als Factur-X EXTENDED (CII in PDF) am 3. Dezember 2026");
    expect(text).toContain("Prüfung: Verstößt gegen 2 Regeln von EN 16931");
    expect(text).toContain("BR-CO-15: Invoice total amount with VAT");
    expect(text).toContain("BR-S-08: VAT category taxable amount per rate");
    expect(text).toContain("Hinweise:");
    expect(text).toContain("ADDRESSEE:");
    expect(text).toContain("4.514,20 €");
  });

  it.each(["381", "396"])(
    "titles a supplier's credit note (%s) as one and cites the invoice it corrects",
    async (typeCode) => {
      const doc = receivedInvoice({
        typeCode,
        kind: "credit_note",
        preceding: [{ number: "LIEF-2026-0700", issueDate: "2026-10-01" }],
      });
      const text = await textOf(await renderDocumentPdf(billDocument(doc, validReceipt, "fr"), null));
      expect(text).toContain("Avoir");
      expect(text).toContain("LIEF-2026-0700");
      expect(text).toContain("Reçue au format XRechnung (UBL) le 3 décembre 2026");
    },
  );
});

describe("receivedFormatName", () => {
  it.each([
    [
      "ubl",
      "xml",
      "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
      "XRechnung (UBL)",
    ],
    [
      "cii",
      "xml",
      "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
      "XRechnung (CII)",
    ],
    [
      "ubl",
      "xml",
      "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
      "Peppol BIS Billing 3.0 (UBL)",
    ],
    ["cii", "pdf", "urn:cen.eu:en16931:2017", "Factur-X EN 16931 (CII in PDF)"],
    ["cii", "pdf", "urn:factur-x.eu:1p0:basic", "Factur-X BASIC (CII in PDF)"],
    ["cii", "xml", "urn:cen.eu:en16931:2017", "EN 16931 (CII)"],
    ["ubl", "xml", null, "EN 16931 (UBL)"],
  ] as const)("%s in %s declaring %s is %s", (syntax, container, customizationId, name) => {
    expect(receivedFormatName({ syntax, container, customizationId })).toBe(name);
  });
});

// An invoice's `einvoice` is read from one issued-document model per invoice: the list answers
// each row with `serializeInvoice` (and, for a draft, its `draftIssues` entry, the DraftIssue
// below), so each row costs one model: an issued row the model of its snapshots, a draft the
// model its send would issue, shared by what send refuses and by every syntax. Counted at the one
// place a model of an invoice is made (`issuedInvoice`). Node only: the Workers pool cannot mock
// modules.
import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import type { Customer } from "../../src/db/schema/customers";
import type { Organization } from "../../src/db/schema/identity";
import type { Invoice } from "../../src/db/schema/invoices";
import { PLAIN_KIND } from "../../src/services/invoices/kind";
import { itemRows, type PricedLine, totalsColumns, totalsOf } from "../../src/services/invoices/pricing";
import { sellerSnapshot } from "../../src/services/invoices/snapshots";

vi.mock("../../src/services/issued-document/build", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/services/issued-document/build")>();
  return { ...original, issuedInvoice: vi.fn(original.issuedInvoice) };
});

// The node project shares module state between files (isolate: false): a module another file
// loaded first would not see the mock. Loaded anew here, they read the mocked builder.
let draftIssue: typeof import("../../src/services/invoices/issue").draftIssue;
let serializeInvoice: typeof import("../../src/services/invoices/read").serializeInvoice;
let builds: Mock;
beforeAll(async () => {
  vi.resetModules();
  ({ draftIssue } = await import("../../src/services/invoices/issue"));
  ({ serializeInvoice } = await import("../../src/services/invoices/read"));
  builds = vi.mocked((await import("../../src/services/issued-document/build")).issuedInvoice);
});

const AT = "2026-11-25T09:00:00.000Z";

/** A German seller whose invoices can be e-invoices (test/helpers/factories.ts SELLER). */
const organization: Organization = {
  id: "org_models",
  name: "Acme",
  tier: "starter",
  defaultCurrency: "EUR",
  invoiceSequence: 0,
  quoteSequence: 0,
  invoiceNumbering: "on_send",
  invoiceNumberPrefix: "INV-",
  invoiceNumberPadding: 6,
  creditNoteSequence: 0,
  billingProfile: {
    legal_name: "Acme GmbH",
    address: { line1: "Hauptstraße 5", city: "München", postal_code: "80331", country: "DE" },
    vat_id: "DE123456789",
    email: "billing@acme.example",
    phone: "+49 30 1234567",
    iban: "DE89370400440532013000",
    electronic_address: { scheme: "9930", id: "DE123456789" },
  },
  testMode: false,
  inboundEmailToken: null,
  testClockNow: null,
  testClockStatus: "ready",
  testClockTarget: null,
  createdAt: AT,
  updatedAt: AT,
};

/** A French buyer reached by its SIRET, with a buyer reference. */
const customer: Customer = {
  id: "cus_models",
  organizationId: organization.id,
  name: "Société Générale d'Outillage SARL",
  email: "compta@sgo.example",
  addressLine1: "1 rue de la Paix",
  addressLine2: null,
  addressCity: "Paris",
  addressPostalCode: "75002",
  addressRegion: null,
  addressCountry: "FR",
  vatId: "FR40303265045",
  buyerReference: "SGO-2026",
  electronicAddressScheme: "0009",
  electronicAddressId: "30326504500017",
  identifierScheme: null,
  identifierId: null,
  companyId: null,
  companyIdScheme: null,
  phone: null,
  iban: null,
  taxRegistrationId: null,
  additionalIdentifiers: null,
  taxExempt: "none",
  locale: null,
  einvoiceAttachment: "none",
  einvoiceProfile: null,
  metadata: null,
  reminderSchedule: null,
  archived: false,
  createdAt: AT,
  updatedAt: AT,
};

/** One line of 2 x 100.00 at 19 %, as its stored rows: a draft, or (`issued`) as sent. */
function invoiceRows(issued: boolean) {
  const id = issued ? "inv_models_sent" : "inv_models_draft";
  const line: PricedLine = {
    productId: null,
    description: "Beratung",
    quantity: 20_000n,
    unitCode: "C62",
    unitPriceMinor: 10_000n,
    discount: null,
    tax: {
      rateId: "txr_19",
      category: "S",
      percentScaled: 190_000,
      inclusive: false,
      exemptionReason: null,
      exemptionReasonCode: null,
    },
    taxFromDefault: false,
  };
  const totals = totalsOf([line], []);
  const draft: Invoice = {
    id,
    organizationId: organization.id,
    customerId: customer.id,
    number: "",
    status: "draft",
    currency: "EUR",
    dueDate: "2026-12-25",
    dueDateDefaulted: false,
    notes: null,
    sentAt: null,
    paidAt: null,
    voidedAt: null,
    paymentReferenceFormat: null,
    issueDate: null,
    defaultTaxRateId: null,
    ignoreTaxExempt: false,
    discounts: [],
    charges: [],
    servicePeriodStart: null,
    servicePeriodEnd: null,
    deliveryDate: null,
    purchaseOrder: null,
    buyerReference: null,
    paymentTerms: null,
    locale: null,
    payee: null,
    ...PLAIN_KIND,
    metadata: null,
    ...totalsColumns(totals),
    statedRoundingMinor: null,
    amountPaidMinor: 0,
    amountCreditedMinor: 0,
    splitPaymentCreditedMinor: 0,
    seller: null,
    buyer: null,
    hostedTokenHash: null,
    hostedTokenSealed: null,
    hostedLinkCreatedAt: null,
    viewedAt: null,
    recurringInvoiceId: null,
    recurringRunIndex: null,
    version: 0,
    createdAt: AT,
    updatedAt: AT,
  };
  const invoice: Invoice = issued
    ? {
        ...draft,
        number: "INV-000001",
        status: "sent",
        sentAt: AT,
        issueDate: "2026-11-25",
        buyerReference: "SGO-2026",
        paymentReferenceFormat: "number",
        seller: sellerSnapshot(organization),
        buyer: draftIssue(organization, customer, draft, []).doc.buyer,
      }
    : draft;
  return { invoice, items: itemRows(organization.id, id, [line], totals) };
}

const READY = {
  ready: true,
  missing: [],
  syntaxes: { ubl: { ready: true, missing: [] }, cii: { ready: true, missing: [] } },
};

describe("the models a row of the invoice list is read from", () => {
  beforeEach(() => {
    builds.mockClear();
  });

  it("builds one model for a draft: the one its send would issue, ready when nothing is missing", () => {
    const { invoice, items } = invoiceRows(false);
    const issue = draftIssue(organization, customer, invoice, items, "2026-11-25");
    const view = serializeInvoice(invoice, items, "2026-11-25", issue);
    expect(view.einvoice).toEqual(READY);
    expect(builds).toHaveBeenCalledTimes(1);
    // The model as send issues it: dated today, numbered with the number send will assign.
    expect(issue.doc).toMatchObject({ draft: false, number: "INV-000001", issueDate: "2026-11-25" });
  });

  it("builds one model for an issued invoice: the one its snapshots make", () => {
    const { invoice, items } = invoiceRows(true);
    builds.mockClear();
    const view = serializeInvoice(invoice, items, "2026-11-25");
    expect(view.einvoice).toEqual(READY);
    expect(builds).toHaveBeenCalledTimes(1);
  });
});

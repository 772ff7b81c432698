// Readiness of the payment means between two Danish parties (Peppol DK-R-005, DK-R-006), on the
// pure check: a document states 42 with the account's BIC for a transfer outside EUR; one issued
// before that states 30, as frozen, and is still named; a self-billed one pays into the
// customer's account, which has no BIC to ask for.
import { describe, expect, it } from "vitest";
import type { PartySnapshot, SellerSnapshot } from "../../src/db/schema/invoices";
import { einvoiceMissing, type ReadinessInput } from "../../src/services/einvoice/readiness";

const DANISH = { line1: "Vesterbrogade 1", city: "København", postal_code: "1620", country: "DK" };

const input = (extra: Partial<ReadinessInput>): ReadinessInput => ({
  currency: "DKK",
  seller: {
    legal_name: "Dansk ApS",
    address: DANISH,
    vat_id: "DK12345678",
    company_id: "DK12345678",
    company_id_scheme: "0184",
    iban: "DK5000400440116243",
    electronic_address: { scheme: "0184", id: "DK12345678" },
  } as unknown as SellerSnapshot,
  buyer: {
    name: "Køber A/S",
    address: DANISH,
    electronic_address: { scheme: "0184", id: "DK87654321" },
  } as unknown as PartySnapshot,
  lines: [{ category: "S", percentScaled: 250_000 }],
  buyerReference: "REF-1",
  purchaseOrder: null,
  deliveryDate: null,
  servicePeriod: false,
  payableMinor: 100_000,
  statesPaymentMeans: true,
  ...extra,
});

const ubl = (extra: Partial<ReadinessInput>) => Object.keys(einvoiceMissing(input(extra), "ubl"));

describe("payment means between Danish parties", () => {
  it("asks a transfer stated as 42 for the account's BIC, and is ready with it", () => {
    expect(ubl({ paymentMeansCode: "42", paymentBic: null })).toEqual(["organization.bic"]);
    expect(ubl({ paymentMeansCode: "42", paymentBic: "DABADKKK" })).toEqual([]);
  });

  it("still names a document issued with code 30 (DK-R-005)", () => {
    expect(ubl({ paymentMeansCode: "30", paymentBic: "DABADKKK" })).toEqual(["currency"]);
  });

  it("asks no BIC of a self-billed invoice, paid into the customer's account", () => {
    expect(ubl({ paymentMeansCode: "42", paymentBic: null, typeCode: "389" })).not.toContain(
      "organization.bic",
    );
  });
});

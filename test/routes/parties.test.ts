// Parties and identifiers: the seller identifier (BT-29), legal
// registration schemes (BT-30-1, BT-47-1), the buyer's identifier and legal registration (BT-46,
// BT-47), the payee (BG-10) and the seller's tax representative (BG-11): what the API stores and
// refuses, where the UBL and the CII state them, what the PDF and the hosted page show, and what
// readiness asks of them (BR-CO-26, BR-17, BR-O-02, Peppol's NL-R-003/005, DK-R-002/013/014 and
// identifier formats). The documents are validated in test/node/einvoice-validation.test.ts.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
import { createTaxRate, draft, send, standardRate } from "./billing/helpers";

const ENDPOINT = { scheme: "0060", id: "123456789" };
const DUTCH = { line1: "Keizersgracht 1", city: "Amsterdam", postal_code: "1015 CJ", country: "NL" };
const DANISH = { line1: "Vesterbrogade 1", city: "København", postal_code: "1620", country: "DK" };
const FRENCH = { line1: "1 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" };
const TAX_REPRESENTATIVE = {
  name: "Fiscal Rep B.V.",
  vat_id: "NL123456789B01",
  address: { line1: "Damrak 1", city: "Amsterdam", postal_code: "1012 JS", country: "nl" },
};
const PAYEE = {
  name: "Factoring Bank AG",
  identifier: { scheme: "0088", id: "4000001123469" },
  company_id: "HRB 99999",
  company_id_scheme: "0204",
};

async function sellerOrg(profile: Record<string, unknown>) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: profile });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return org;
}

async function sentTo(
  org: TestOrg,
  customer: Record<string, unknown>,
  invoice: Record<string, unknown> = {},
  rate?: { id: string },
) {
  const taxRate = rate ?? (await standardRate(org, 19));
  const { id } = await createCustomer(org, {
    buyer_reference: "REF-1",
    electronic_address: ENDPOINT,
    ...customer,
  });
  const created = await draft(org, {
    customer_id: id,
    items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: taxRate.id }],
    ...invoice,
  });
  return send(org, created.id);
}

const download = async (org: TestOrg, id: string, query: string) => {
  const res = await api("GET", `/v1/invoices/${id}/einvoice?${query}`, { token: org.owner.key });
  expect(res.status, String(res.body).slice(0, 400)).toBe(200);
  return String(res.body).replace(/>\s+</g, "><");
};

describe("the seller's identifiers and tax representative (PATCH /v1/organization)", () => {
  it("stores the seller identifier, the company id's scheme and the tax representative and answers them", async () => {
    const org = await sellerOrg({
      ...SELLER,
      company_id: "HRB 12345",
      company_id_scheme: "0204",
      seller_identifier: { scheme: "0088", id: "4000001123452" },
      tax_representative: TAX_REPRESENTATIVE,
    });
    const res = await api("GET", "/v1/organization", { token: org.owner.key });
    expect(res.body).toMatchObject({
      company_id: "HRB 12345",
      company_id_scheme: "0204",
      seller_identifier: { scheme: "0088", id: "4000001123452" },
      tax_representative: {
        name: "Fiscal Rep B.V.",
        vat_id: "NL123456789B01",
        address: {
          line1: "Damrak 1",
          line2: null,
          city: "Amsterdam",
          postal_code: "1012 JS",
          region: null,
          country: "NL",
        },
      },
    });
    // An identifier without a scheme is stated alone; clearing the company id clears its scheme.
    const cleared = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { company_id: null, seller_identifier: { id: "SELLER-7" }, tax_representative: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      company_id: null,
      company_id_scheme: null,
      seller_identifier: { scheme: null, id: "SELLER-7" },
      tax_representative: null,
    });
  });

  it("answers 422 naming each field: a scheme outside ISO 6523, a scheme without a company id, a tax representative without VAT id or country", async () => {
    const org = await createOrg({ currency: "EUR" });
    const patch = (body: unknown) => api("PATCH", "/v1/organization", { token: org.owner.key, body });
    const unknown = expectError(
      await patch({
        seller_identifier: { scheme: "9999", id: "X" },
        company_id: "1",
        company_id_scheme: "EM",
      }),
      422,
      "validation_error",
    );
    expect(Object.keys(unknown.details ?? {}).sort()).toEqual([
      "company_id_scheme",
      "seller_identifier.scheme",
    ]);
    const alone = expectError(await patch({ company_id_scheme: "0106" }), 422, "validation_error");
    expect(Object.keys(alone.details ?? {})).toEqual(["company_id_scheme"]);
    const representative = expectError(
      await patch({ tax_representative: { name: "Rep", address: { city: "Paris" } } }),
      422,
      "validation_error",
    );
    expect(Object.keys(representative.details ?? {}).sort()).toEqual([
      "tax_representative.address.country",
      "tax_representative.vat_id",
    ]);
    const profile = await api("GET", "/v1/organization", { token: org.owner.key });
    expect(profile.body).toMatchObject({
      company_id: null,
      company_id_scheme: null,
      seller_identifier: null,
    });
  });
});

describe("several seller identifiers (additional_seller_identifiers, BT-29 0..n)", () => {
  const FURTHER = [{ id: "9876543217894897438" }, { scheme: "0060", id: "123456789" }];

  it("stores them after seller_identifier, answers them, and writes each where UBL and CII put BT-29", async () => {
    const org = await sellerOrg({
      ...SELLER,
      seller_identifier: { scheme: "0088", id: "4000001123452" },
      additional_seller_identifiers: FURTHER,
    });
    const profile = await api("GET", "/v1/organization", { token: org.owner.key });
    expect(profile.body.additional_seller_identifiers).toEqual([
      { scheme: null, id: "9876543217894897438" },
      { scheme: "0060", id: "123456789" },
    ]);
    const sent = await sentTo(org, {});
    expect(sent.einvoice).toMatchObject({ ready: true, missing: [] });
    expect(sent.seller.additional_seller_identifiers).toEqual(profile.body.additional_seller_identifiers);
    const ubl = await download(org, sent.id, "syntax=ubl");
    expect(ubl).toContain(
      '<cbc:EndpointID schemeID="9930">DE123456789</cbc:EndpointID>' +
        '<cac:PartyIdentification><cbc:ID schemeID="0088">4000001123452</cbc:ID></cac:PartyIdentification>' +
        "<cac:PartyIdentification><cbc:ID>9876543217894897438</cbc:ID></cac:PartyIdentification>" +
        '<cac:PartyIdentification><cbc:ID schemeID="0060">123456789</cbc:ID></cac:PartyIdentification>' +
        "<cac:PostalAddress>",
    );
    // D16B lists every ram:ID (no scheme) before the ram:GlobalIDs.
    const cii = await download(org, sent.id, "syntax=cii");
    expect(cii).toContain(
      "<ram:SellerTradeParty><ram:ID>9876543217894897438</ram:ID>" +
        '<ram:GlobalID schemeID="0088">4000001123452</ram:GlobalID>' +
        '<ram:GlobalID schemeID="0060">123456789</ram:GlobalID><ram:Name>Acme GmbH</ram:Name>',
    );
    // The invoice keeps the identifiers it was sent with; [] clears the organization's.
    const cleared = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { additional_seller_identifiers: [] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.additional_seller_identifiers).toEqual([]);
    const again = await download(org, sent.id, "syntax=ubl");
    expect(again).toContain("<cbc:ID>9876543217894897438</cbc:ID>");
    const pdf = await api("GET", `/v1/invoices/${sent.id}/pdf`, { token: org.owner.key });
    const proxy = await getDocumentProxy(new Uint8Array(await pdf.raw.arrayBuffer()));
    const pdfText = String((await extractText(proxy, { mergePages: true })).text).replace(/\s+/g, " ");
    for (const shown of [
      "ID: 4000001123452 (ICD 0088)",
      "ID: 9876543217894897438",
      "ID: 123456789 (ICD 0060)",
    ])
      expect(pdfText).toContain(shown);
  });

  it("answers 422 naming the field: a scheme outside ISO 6523, more than 5, none without seller_identifier", async () => {
    const org = await sellerOrg({ ...SELLER });
    const patch = (body: unknown) => api("PATCH", "/v1/organization", { token: org.owner.key, body });
    const scheme = expectError(
      await patch({
        seller_identifier: { scheme: "0088", id: "4000001123452" },
        additional_seller_identifiers: [{ id: "A" }, { scheme: "9999", id: "B" }],
      }),
      422,
      "validation_error",
    );
    expect(Object.keys(scheme.details ?? {})).toEqual(["additional_seller_identifiers.1.scheme"]);
    const many = expectError(
      await patch({
        seller_identifier: { id: "S" },
        additional_seller_identifiers: Array.from({ length: 6 }, (_, k) => ({ id: `X${k}` })),
      }),
      422,
      "validation_error",
    );
    expect(Object.keys(many.details ?? {})).toEqual(["additional_seller_identifiers"]);
    const alone = expectError(
      await patch({ additional_seller_identifiers: FURTHER }),
      422,
      "validation_error",
    );
    expect(alone.details).toEqual({
      additional_seller_identifiers:
        "additional_seller_identifiers need a seller_identifier (BT-29): give it first, or clear them",
    });
    expect(
      (await patch({ seller_identifier: { id: "S" }, additional_seller_identifiers: FURTHER })).status,
    ).toBe(200);
    const clearing = expectError(await patch({ seller_identifier: null }), 422, "validation_error");
    expect(Object.keys(clearing.details ?? {})).toEqual(["seller_identifier"]);
    const profile = await api("GET", "/v1/organization", { token: org.owner.key });
    expect(profile.body).toMatchObject({
      seller_identifier: { scheme: null, id: "S" },
      additional_seller_identifiers: [
        { scheme: null, id: "9876543217894897438" },
        { scheme: "0060", id: "123456789" },
      ],
    });
  });

  it("holds every identifier to the rules on BT-29: Peppol's formats, DK-R-013, BR-17", async () => {
    const org = await sellerOrg({
      ...SELLER,
      seller_identifier: { scheme: "0088", id: "4000001123452" },
      additional_seller_identifiers: [{ scheme: "0088", id: "4000001123453" }, { id: "PAYEE-1" }],
    });
    // A GLN with a wrong check digit (PEPPOL-COMMON-R041); a payee whose identifier is one of the
    // seller's (BR-17: UBL compares every identifier, CII those without a scheme).
    const sent = await sentTo(org, {}, { payee: { name: "Factor", identifier: { id: "PAYEE-1" } } });
    expect(sent.einvoice.syntaxes).toEqual({
      ubl: { ready: false, missing: ["organization.additional_seller_identifiers.0.id", "payee"] },
      cii: { ready: false, missing: ["payee"] },
    });
    const danish = await sellerOrg({
      ...SELLER,
      address: DANISH,
      vat_id: "DK12345678",
      company_id: "DK12345678",
      company_id_scheme: "0184",
      seller_identifier: { scheme: "0088", id: "4000001123452" },
      additional_seller_identifiers: [{ id: "NO-SCHEME" }],
    });
    const toDane = await sentTo(danish, {
      address: DANISH,
      identifier: { scheme: "0088", id: "4000001123452" },
    });
    expect(toDane.einvoice.syntaxes.ubl.missing).toEqual([
      "organization.additional_seller_identifiers.0.scheme",
    ]);
  });
});

describe("the buyer's identifier and legal registration (customers)", () => {
  it("stores identifier, company_id and company_id_scheme, refuses a scheme outside ISO 6523 or alone, and clears the scheme with the id", async () => {
    const org = await createOrg({ currency: "EUR" });
    const created = await createCustomer(org, {
      identifier: { scheme: "0088", id: "4000001123452" },
      company_id: "32081330",
      company_id_scheme: "0106",
    });
    expect(created).toMatchObject({
      identifier: { scheme: "0088", id: "4000001123452" },
      company_id: "32081330",
      company_id_scheme: "0106",
    });
    const bad = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: {
        name: "X",
        email: "x@example.com",
        address: FRENCH,
        identifier: { scheme: "0092", id: "1" },
        company_id_scheme: "0106",
      },
    });
    const details = expectError(bad, 422, "validation_error").details ?? {};
    expect(Object.keys(details)).toEqual(["identifier.scheme"]);
    const alone = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: { name: "X", email: "x@example.com", address: FRENCH, company_id_scheme: "0106" },
    });
    expect(Object.keys(expectError(alone, 422, "validation_error").details ?? {})).toEqual([
      "company_id_scheme",
    ]);
    const cleared = await api("PATCH", `/v1/customers/${created.id}`, {
      token: org.owner.key,
      body: { company_id: null, identifier: null },
    });
    expect(cleared.body).toMatchObject({ identifier: null, company_id: null, company_id_scheme: null });
  });
});

describe("the payee (invoices)", () => {
  it("answers 422 naming payee.name and payee.identifier.scheme, and states none by default", async () => {
    const org = await sellerOrg(SELLER);
    const { id } = await createCustomer(org);
    const bad = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: {
        customer_id: id,
        items: [{ description: "A", quantity: 1, unit_price: 1 }],
        payee: { identifier: { scheme: "ABC", id: "1" } },
      },
    });
    expect(Object.keys(expectError(bad, 422, "validation_error").details ?? {}).sort()).toEqual([
      "payee.identifier.scheme",
      "payee.name",
    ]);
    const plain = await draft(org, {
      customer_id: id,
      items: [{ description: "A", quantity: 1, unit_price: 1 }],
    });
    expect(plain.payee).toBeNull();
    // A draft takes one by PATCH and gives it up with null; a sent invoice keeps the one it was issued with.
    const patch = (body: unknown) => api("PATCH", `/v1/invoices/${plain.id}`, { token: org.owner.key, body });
    expect((await patch({ payee: { name: "Factor" } })).body.payee).toEqual({
      name: "Factor",
      identifier: null,
      company_id: null,
      company_id_scheme: null,
    });
    expect((await patch({ payee: null })).body.payee).toBeNull();
    await patch({ payee: { name: "Factor" } });
    await send(org, plain.id);
    expectError(await patch({ payee: null }), 409, "conflict");
    const read = await api("GET", `/v1/invoices/${plain.id}`, { token: org.owner.key });
    expect(read.body.payee).toMatchObject({ name: "Factor" });
  });

  it("refuses an e-invoice whose payee is the seller itself, as each syntax binds BR-17", async () => {
    const org = await sellerOrg({ ...SELLER, seller_identifier: { scheme: "0088", id: "4000001123452" } });
    // UBL compares the payee's identifiers with the seller's; CII only those stated without a scheme.
    const sameId = await sentTo(
      org,
      {},
      { payee: { name: "Someone", identifier: { scheme: "0088", id: "4000001123452" } } },
    );
    expect(sameId.einvoice.syntaxes).toEqual({
      ubl: { ready: false, missing: ["payee"] },
      cii: { ready: true, missing: [] },
    });
    // Both compare the payee's name with the seller's registration name (BR-17, UBL-SR-19).
    const sameName = await sentTo(org, {}, { payee: { name: "Acme GmbH" } });
    expect(sameName.einvoice.missing).toEqual(["payee"]);
    expect(sameName.einvoice.syntaxes.ubl.ready || sameName.einvoice.syntaxes.cii.ready).toBe(false);
  });
});

describe("the e-invoices, the PDF and the page state them", () => {
  it("writes BT-29, BT-30-1, BT-46, BT-47, BG-10 and BG-11 where UBL and CII put them", async () => {
    const org = await sellerOrg({
      ...SELLER,
      company_id: "HRB 12345",
      company_id_scheme: "0204",
      seller_identifier: { scheme: "0088", id: "4000001123452" },
      tax_representative: TAX_REPRESENTATIVE,
    });
    const sent = await sentTo(
      org,
      { identifier: { id: "BUYER-42" }, company_id: "552100554", company_id_scheme: "0002", address: FRENCH },
      { payee: PAYEE },
    );
    expect(sent.payee).toEqual(PAYEE);
    expect(sent.einvoice.ready).toBe(true);
    const ubl = await download(org, sent.id, "syntax=ubl");
    expect(ubl).toContain(
      '<cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID="9930">DE123456789</cbc:EndpointID>' +
        '<cac:PartyIdentification><cbc:ID schemeID="0088">4000001123452</cbc:ID></cac:PartyIdentification>',
    );
    expect(ubl).toContain(
      '<cac:PartyLegalEntity><cbc:RegistrationName>Acme GmbH</cbc:RegistrationName><cbc:CompanyID schemeID="0204">HRB 12345</cbc:CompanyID></cac:PartyLegalEntity>',
    );
    expect(ubl).toContain(
      "<cac:PartyIdentification><cbc:ID>BUYER-42</cbc:ID></cac:PartyIdentification><cac:PostalAddress>",
    );
    expect(ubl).toContain(
      '<cac:PartyLegalEntity><cbc:RegistrationName>Globex</cbc:RegistrationName><cbc:CompanyID schemeID="0002">552100554</cbc:CompanyID></cac:PartyLegalEntity>',
    );
    expect(ubl).toContain(
      "</cac:AccountingCustomerParty><cac:PayeeParty>" +
        '<cac:PartyIdentification><cbc:ID schemeID="0088">4000001123469</cbc:ID></cac:PartyIdentification>' +
        "<cac:PartyName><cbc:Name>Factoring Bank AG</cbc:Name></cac:PartyName>" +
        '<cac:PartyLegalEntity><cbc:CompanyID schemeID="0204">HRB 99999</cbc:CompanyID></cac:PartyLegalEntity>' +
        "</cac:PayeeParty><cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Fiscal Rep B.V.</cbc:Name></cac:PartyName>" +
        "<cac:PostalAddress><cbc:StreetName>Damrak 1</cbc:StreetName><cbc:CityName>Amsterdam</cbc:CityName>" +
        "<cbc:PostalZone>1012 JS</cbc:PostalZone><cac:Country><cbc:IdentificationCode>NL</cbc:IdentificationCode></cac:Country></cac:PostalAddress>" +
        "<cac:PartyTaxScheme><cbc:CompanyID>NL123456789B01</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>" +
        "</cac:TaxRepresentativeParty>",
    );
    const cii = await download(org, sent.id, "syntax=cii");
    expect(cii).toContain(
      '<ram:SellerTradeParty><ram:GlobalID schemeID="0088">4000001123452</ram:GlobalID><ram:Name>Acme GmbH</ram:Name>' +
        '<ram:SpecifiedLegalOrganization><ram:ID schemeID="0204">HRB 12345</ram:ID></ram:SpecifiedLegalOrganization>',
    );
    expect(cii).toContain(
      "<ram:BuyerTradeParty><ram:ID>BUYER-42</ram:ID><ram:Name>Globex</ram:Name>" +
        '<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">552100554</ram:ID></ram:SpecifiedLegalOrganization>',
    );
    expect(cii).toContain(
      "</ram:BuyerTradeParty><ram:SellerTaxRepresentativeTradeParty><ram:Name>Fiscal Rep B.V.</ram:Name>",
    );
    expect(cii).toContain(
      '<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">NL123456789B01</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTaxRepresentativeTradeParty>',
    );
    expect(cii).toContain(
      "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode><ram:PayeeTradeParty>" +
        '<ram:GlobalID schemeID="0088">4000001123469</ram:GlobalID><ram:Name>Factoring Bank AG</ram:Name>' +
        '<ram:SpecifiedLegalOrganization><ram:ID schemeID="0204">HRB 99999</ram:ID></ram:SpecifiedLegalOrganization></ram:PayeeTradeParty>',
    );

    const pdf = await api("GET", `/v1/invoices/${sent.id}/pdf`, { token: org.owner.key });
    const proxy = await getDocumentProxy(new Uint8Array(await pdf.raw.arrayBuffer()));
    const { text } = await extractText(proxy, { mergePages: true });
    const pdfText = String(text).replace(/\s+/g, " ");
    for (const shown of [
      "Company ID: HRB 12345 (ICD 0204)",
      "ID: 4000001123452 (ICD 0088)",
      "Tax representative: Fiscal Rep B.V.",
      "VAT ID: NL123456789B01",
      "ID: BUYER-42",
      "Company ID: 552100554 (ICD 0002)",
      "Payee Factoring Bank AG",
      "4000001123469 (ICD 0088)",
    ]) {
      expect(pdfText).toContain(shown);
    }

    const token = String(sent.hosted_url).slice(String(sent.hosted_url).lastIndexOf("/") + 1);
    const page = String((await api("GET", `/i/${token}`)).body);
    for (const shown of [
      "ID: 4000001123452 (ICD 0088)",
      "Company ID: HRB 12345 (ICD 0204)",
      "Tax representative: Fiscal Rep B.V.",
      "Company ID: 552100554 (ICD 0002)",
      "Factoring Bank AG",
    ]) {
      expect(page).toContain(shown);
    }

    // The e-mail's bank details name the payee too, as the PDF and the page do.
    const preview = await api("GET", `/v1/invoices/${sent.id}/email-preview`, { token: org.owner.key });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.text).toMatch(/Payee:?\s+Factoring Bank AG/);
  });
});

describe("readiness of the new identifiers", () => {
  const outsideScope = (org: TestOrg) =>
    createTaxRate(org, { percentage: 0, category: "O", exemption_reason: "Outside the scope of VAT" });

  it("takes a seller identifier instead of a company id for a category O document (BR-CO-26)", async () => {
    const org = await sellerOrg({ ...SELLER, seller_identifier: { scheme: "0088", id: "4000001123452" } });
    const sent = await sentTo(org, { address: FRENCH }, {}, await outsideScope(org));
    expect(sent.einvoice).toMatchObject({ ready: true, missing: [] });
  });

  it("refuses a tax representative on a category O document, which states no VAT ids (BR-O-02, BR-56)", async () => {
    const org = await sellerOrg({ ...SELLER, company_id: "HRB 1", tax_representative: TAX_REPRESENTATIVE });
    const sent = await sentTo(org, { address: FRENCH }, {}, await outsideScope(org));
    expect(sent.einvoice.missing).toEqual(["organization.tax_representative"]);
  });

  it("takes a tax representative for the seller's VAT id in XRechnung, as BR-DE-16 does, and asks for one of the three without it", async () => {
    const customer = { address: FRENCH, einvoice_profile: "xrechnung" };
    const represented = await sellerOrg({
      ...SELLER,
      vat_id: null,
      company_id: "HRB 12345",
      tax_representative: TAX_REPRESENTATIVE,
    });
    const sent = await sentTo(represented, customer);
    expect(sent.einvoice).toMatchObject({ ready: true, missing: [] });

    const unidentified = await sellerOrg({ ...SELLER, vat_id: null, company_id: "HRB 12345" });
    const refused = await draft(unidentified, {
      customer_id: (
        await createCustomer(unidentified, {
          buyer_reference: "REF-1",
          electronic_address: ENDPOINT,
          ...customer,
        })
      ).id,
      items: [
        {
          description: "Beratung",
          quantity: 1,
          unit_price: 100,
          tax_rate_id: (await standardRate(unidentified, 19)).id,
        },
      ],
    });
    expect(refused.einvoice.missing).toEqual(["organization.vat_id"]);
  });

  it("holds a Dutch seller's company id to scheme 0106 or 0190 (NL-R-003) and a Dutch buyer's too (NL-R-005), in the Peppol UBL only", async () => {
    const dutch = { ...SELLER, address: DUTCH, vat_id: "NL123456789B01", company_id: "32081330" };
    const org = await sellerOrg(dutch);
    const without = await sentTo(org, { address: DUTCH, company_id: "12345678" });
    expect(without.einvoice.syntaxes).toEqual({
      ubl: { ready: false, missing: ["organization.company_id_scheme", "customer.company_id_scheme"] },
      cii: { ready: true, missing: [] },
    });
    const kvk = await sellerOrg({ ...dutch, company_id_scheme: "0106" });
    const sent = await sentTo(kvk, { address: DUTCH, company_id: "12345678", company_id_scheme: "0190" });
    expect(sent.einvoice).toMatchObject({ ready: true, missing: [] });
  });

  it("gives a Danish seller with its CVR number in scheme 0184 a Peppol UBL (DK-R-002, DK-R-014, DK-R-013, PEPPOL-COMMON-R042)", async () => {
    const danish = { ...SELLER, address: DANISH, vat_id: "DK12345678" };
    const none = await sentTo(await sellerOrg(danish), { address: DANISH });
    expect(none.einvoice.syntaxes.ubl.missing).toEqual(["organization.company_id"]);
    const unscheme = await sentTo(await sellerOrg({ ...danish, company_id: "12345678" }), {
      address: DANISH,
    });
    expect(unscheme.einvoice.syntaxes.ubl.missing).toEqual(["organization.company_id_scheme"]);
    const malformed = await sentTo(
      await sellerOrg({ ...danish, company_id: "1234", company_id_scheme: "0184" }),
      { address: DANISH },
    );
    expect(malformed.einvoice.syntaxes.ubl.missing).toEqual(["organization.company_id"]);
    const cvr = await sellerOrg({ ...danish, company_id: "DK12345678", company_id_scheme: "0184" });
    const sent = await sentTo(cvr, { address: DANISH, identifier: { id: "NO-SCHEME" } });
    expect(sent.einvoice.syntaxes.ubl.missing).toEqual(["customer.identifier.scheme"]);
    const ready = await sentTo(cvr, { address: DANISH, identifier: { scheme: "0088", id: "4000001123452" } });
    expect(ready.einvoice).toMatchObject({ ready: true, missing: [] });
  });

  it("states a transfer in DKK between Danish parties as payment means 42 with the account's bank (DK-R-005, DK-R-006), and 30 to a German buyer", async () => {
    const danish = {
      ...SELLER,
      address: DANISH,
      vat_id: "DK12345678",
      company_id: "DK12345678",
      company_id_scheme: "0184",
      iban: "DK50 0040 0440 1162 43",
    };
    const noBic = await sentTo(await sellerOrg(danish), { address: DANISH }, { currency: "DKK" });
    expect(noBic.einvoice.syntaxes.ubl.missing).toEqual(["organization.bic"]);
    expect(noBic.einvoice.syntaxes.cii).toEqual({ ready: true, missing: [] });

    const org = await sellerOrg({ ...danish, bic: "DABADKKK" });
    const sent = await sentTo(org, { address: DANISH }, { currency: "DKK" });
    expect(sent.einvoice).toMatchObject({ ready: true, missing: [] });
    const ubl = await download(org, sent.id, "syntax=ubl");
    expect(ubl).toContain("<cac:PaymentMeans><cbc:PaymentMeansCode>42</cbc:PaymentMeansCode><cbc:PaymentID>");
    expect(ubl).toContain(
      "<cac:PayeeFinancialAccount><cbc:ID>DK5000400440116243</cbc:ID><cbc:Name>Acme GmbH</cbc:Name><cac:FinancialInstitutionBranch><cbc:ID>DABADKKK</cbc:ID></cac:FinancialInstitutionBranch>",
    );
    expect(await download(org, sent.id, "syntax=cii")).toContain("<ram:TypeCode>42</ram:TypeCode>");

    const toGermany = await sentTo(org, { address: SELLER.address }, { currency: "DKK" });
    expect(await download(org, toGermany.id, "syntax=ubl")).toContain(
      "<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>",
    );
  });

  it("names a party identifier Peppol's format rules refuse (a GLN with a wrong check digit), on the UBL only", async () => {
    const org = await sellerOrg({ ...SELLER, seller_identifier: { scheme: "0088", id: "4000001123453" } });
    const sent = await sentTo(
      org,
      { identifier: { scheme: "0088", id: "4000001123453" } },
      { payee: { name: "Factor", identifier: { scheme: "0192", id: "123456789" } } },
    );
    expect(sent.einvoice.syntaxes).toEqual({
      ubl: {
        ready: false,
        missing: ["organization.seller_identifier.id", "customer.identifier.id", "payee.identifier.id"],
      },
      cii: { ready: true, missing: [] },
    });
  });
});

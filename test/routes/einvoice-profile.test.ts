// GET /einvoice?profile=peppol|xrechnung|en16931 and the customer's `einvoice_profile`: which rule
// set the UBL and CII declare and are held to; an XRechnung customer's drafts, sends and archived
// documents. (test/node/einvoice-validation.test.ts runs the official rules on the same documents.)

import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
import { facturxXml } from "../helpers/facturx";
import { draft, post, send, standardRate } from "./billing/helpers";

const PEPPOL_CUSTOMIZATION =
  "<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>";
const EN16931_CUSTOMIZATION = "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>";

async function issuedInvoice(customerFields: Record<string, unknown>) {
  const org = await createOrg({ currency: "EUR" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, customerFields);
  const created = await draft(org, {
    customer_id: customer.id,
    items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
  });
  await send(org, created.id);
  return { org, customer, id: created.id };
}

const download = (org: TestOrg, path: string, query = "") =>
  api("GET", `${path}/einvoice${query}`, { token: org.owner.key });

/** A buyer reached by e-mail only (EAS `EM`), with no buyer reference: EN 16931 yes, Peppol no. */
const EMAIL_ONLY_BUYER = { electronic_address: { scheme: "EM", id: "billing@globex.example" } };

describe("GET /v1/invoices/{id}/einvoice?profile=", () => {
  it("refuses an e-mail-only buyer in the default (Peppol) UBL but writes it in profile en16931", async () => {
    const { org, id } = await issuedInvoice(EMAIL_ONLY_BUYER);
    const peppol = expectError(await download(org, `/v1/invoices/${id}`), 422, "validation_error");
    expect(peppol.details).toHaveProperty("customer.electronic_address.scheme");
    expect(peppol.details).toHaveProperty("buyer_reference");
    expectError(await download(org, `/v1/invoices/${id}`, "?profile=peppol"), 422, "validation_error");

    const en = await download(org, `/v1/invoices/${id}`, "?profile=en16931");
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    expect(en.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(en.body).toContain(EN16931_CUSTOMIZATION);
    expect(en.body).not.toContain("<cbc:ProfileID>");
    expect(en.body).toContain('<cbc:EndpointID schemeID="EM">billing@globex.example</cbc:EndpointID>');
    expect((await download(org, `/v1/invoices/${id}`, "?profile=en16931")).body).toBe(en.body);
    // The CII was already EN 16931: profile=en16931 is its default, the same bytes.
    const cii = await download(org, `/v1/invoices/${id}`, "?syntax=cii");
    expect(cii.status).toBe(200);
    expect((await download(org, `/v1/invoices/${id}`, "?syntax=cii&profile=en16931")).body).toBe(cii.body);
  });

  it("answers old requests as before: the default is the archived Peppol UBL, en16931 differs only in its header", async () => {
    const { org, id } = await issuedInvoice({
      buyer_reference: "REF-1",
      electronic_address: { scheme: "0060", id: "123456789" },
    });
    const ubl = await download(org, `/v1/invoices/${id}`);
    expect(ubl.status).toBe(200);
    expect(ubl.body).toContain(PEPPOL_CUSTOMIZATION);
    expect(ubl.body).toContain("<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>");
    expect((await download(org, `/v1/invoices/${id}`, "?profile=peppol")).body).toBe(ubl.body);

    const en = await download(org, `/v1/invoices/${id}`, "?profile=en16931");
    expect(en.status).toBe(200);
    expect(en.body).toContain(EN16931_CUSTOMIZATION);
    const header = /<cbc:CustomizationID>.*?<\/cbc:CustomizationID>(\s*<cbc:ProfileID>.*?<\/cbc:ProfileID>)?/;
    expect(String(en.body).replace(header, "")).toBe(String(ubl.body).replace(header, ""));
  });

  it("answers 400 for an unknown profile (as for an unknown syntax), 422 for a Peppol CII and an XRechnung the document cannot be", async () => {
    const { org, id } = await issuedInvoice(EMAIL_ONLY_BUYER);
    const bad = expectError(
      await download(org, `/v1/invoices/${id}`, "?profile=zugferd"),
      400,
      "invalid_request",
    );
    expect(bad.details).toHaveProperty("profile");
    const xr = expectError(
      await download(org, `/v1/invoices/${id}`, "?profile=xrechnung"),
      422,
      "validation_error",
    );
    // No buyer reference (the Leitweg-ID), an e-mail-only buyer: XRechnung names what it lacks.
    expect(xr.details?.buyer_reference).toMatch(/BR-DE-15/);
    expect(xr.message).toMatch(/XRechnung/);
    const cii = expectError(
      await download(org, `/v1/invoices/${id}`, "?syntax=cii&profile=peppol"),
      422,
      "validation_error",
    );
    expect(cii.details?.profile).toMatch(/UBL profile/);
  });

  it("writes a credit note's UBL in profile en16931 for an e-mail-only buyer", async () => {
    const { org, id } = await issuedInvoice(EMAIL_ONLY_BUYER);
    const note = await post(org, "/v1/credit-notes", { invoice_id: id, reason: "Refund", amount: 11.9 });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const path = `/v1/credit-notes/${note.body.id}`;
    expectError(await download(org, path), 422, "validation_error");
    const en = await download(org, path, "?profile=en16931");
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    expect(en.body).toContain("<CreditNote xmlns=");
    expect(en.body).toContain(EN16931_CUSTOMIZATION);
    expect(en.body).not.toContain("<cbc:ProfileID>");
  });
});

describe("customer einvoice_profile", () => {
  it("is stored, read back, validated, and is the download's profile when the request names none", async () => {
    const { org, customer, id } = await issuedInvoice(EMAIL_ONLY_BUYER);
    const read = await api("GET", `/v1/customers/${customer.id}`, { token: org.owner.key });
    expect(read.body.einvoice_profile).toBeNull();
    expectError(
      await api("PATCH", `/v1/customers/${customer.id}`, {
        token: org.owner.key,
        body: { einvoice_profile: "zugferd" },
      }),
      422,
      "validation_error",
    );

    const patched = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { einvoice_profile: "en16931" },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.einvoice_profile).toBe("en16931");
    const en = await download(org, `/v1/invoices/${id}`);
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    expect(en.body).toContain(EN16931_CUSTOMIZATION);
    // The request's own profile wins.
    expectError(await download(org, `/v1/invoices/${id}`, "?profile=peppol"), 422, "validation_error");

    // Peppol is UBL only: a customer on Peppol still gets the CII (EN 16931).
    await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { einvoice_profile: "peppol" },
    });
    expect((await download(org, `/v1/invoices/${id}`, "?syntax=cii")).status).toBe(200);
    await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { einvoice_profile: "xrechnung" },
    });
    // The document was sent before the customer took XRechnung: it is rendered in it on request.
    const xr = expectError(await download(org, `/v1/invoices/${id}`), 422, "validation_error");
    expect(xr.details?.buyer_reference).toMatch(/BR-DE-15/);

    const reset = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { einvoice_profile: null },
    });
    expect(reset.body.einvoice_profile).toBeNull();
    expectError(await download(org, `/v1/invoices/${id}`), 422, "validation_error");
  });
});

const XRECHNUNG_ID = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0";
const BUSINESS_PROCESS = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
/** A German public buyer: its Leitweg-ID as buyer reference and as electronic address (0204). */
const PUBLIC_BUYER = {
  name: "Stadt Musterhausen",
  address: { line1: "Rathausplatz 1", city: "Musterhausen", postal_code: "12345", country: "DE" },
  buyer_reference: "04011000-12345-34",
  electronic_address: { scheme: "0204", id: "04011000-12345-34" },
};

describe("XRechnung 3.0", () => {
  it("writes the UBL and the CII in profile xrechnung: its identifier, the business process, the Leitweg-ID, the seller contact", async () => {
    const { org, id } = await issuedInvoice(PUBLIC_BUYER);
    const ubl = await download(org, `/v1/invoices/${id}`, "?profile=xrechnung");
    expect(ubl.status, JSON.stringify(ubl.body)).toBe(200);
    expect(ubl.body).toContain(`<cbc:CustomizationID>${XRECHNUNG_ID}</cbc:CustomizationID>`);
    expect(ubl.body).toContain(`<cbc:ProfileID>${BUSINESS_PROCESS}</cbc:ProfileID>`);
    expect(ubl.body).toContain("<cbc:BuyerReference>04011000-12345-34</cbc:BuyerReference>");
    expect(ubl.body).toContain('<cbc:EndpointID schemeID="0204">04011000-12345-34</cbc:EndpointID>');
    // BG-6: the contact point (BT-41, the seller's name), phone (BT-42), e-mail (BT-43).
    const contact = String(ubl.body).match(/<cac:Contact>([\s\S]*?)<\/cac:Contact>/)?.[1] ?? "";
    expect(contact.replace(/\s+/g, "")).toBe(
      "<cbc:Name>AcmeGmbH</cbc:Name><cbc:Telephone>+49301234567</cbc:Telephone><cbc:ElectronicMail>billing@acme.example</cbc:ElectronicMail>",
    );
    // The same document as the Peppol UBL but for its header.
    const peppol = await download(org, `/v1/invoices/${id}`);
    const header = /<cbc:CustomizationID>.*?<\/cbc:CustomizationID>/;
    expect(String(ubl.body).replace(header, "")).toBe(String(peppol.body).replace(header, ""));

    const cii = await download(org, `/v1/invoices/${id}`, "?syntax=cii&profile=xrechnung");
    expect(cii.status, JSON.stringify(cii.body)).toBe(200);
    const compact = String(cii.body).replace(/>\s+</g, "><");
    expect(compact).toContain(
      `<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>${BUSINESS_PROCESS}</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>`,
    );
    expect(compact).toContain(
      `<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${XRECHNUNG_ID}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>`,
    );
  });

  it("refuses an XRechnung that lacks what the BR-DE rules ask, naming each field with its rule", async () => {
    const org = await createOrg({ currency: "EUR" });
    const { phone: _phone, ...sellerWithoutPhone } = SELLER;
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: sellerWithoutPhone });
    const rate = await standardRate(org, 19);
    const customer = await createCustomer(org, { name: "Stadt Musterhausen" });
    const created = await draft(org, {
      customer_id: customer.id,
      purchase_order: "PO-1",
      payment_terms: "#SKONTO#TAGE=14#PROZENT=2#",
      items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
    });
    await send(org, created.id);
    const refused = expectError(
      await download(org, `/v1/invoices/${created.id}`, "?profile=xrechnung"),
      422,
      "validation_error",
    );
    expect(refused.details).toEqual({
      "organization.phone": expect.stringMatching(/BR-DE-6/),
      "customer.electronic_address": expect.stringMatching(/BT-49/),
      // A purchase order is no buyer reference in XRechnung (it is in Peppol).
      buyer_reference: expect.stringMatching(/BR-DE-15/),
      // Two decimals in PROZENT, and a line break after the Skonto line.
      payment_terms: expect.stringMatching(/BR-DE-18/),
    });
    // The CII is held to the same rules.
    const cii = expectError(
      await download(org, `/v1/invoices/${created.id}`, "?syntax=cii&profile=xrechnung"),
      422,
      "validation_error",
    );
    expect(Object.keys(cii.details ?? {}).sort()).toEqual(Object.keys(refused.details ?? {}).sort());
  });

  it("holds a customer's drafts to XRechnung: the draft lists the BR-DE fields, send refuses them, then sends and archives XRechnung", async () => {
    const org = await createOrg({ currency: "EUR" });
    const { phone: _phone, ...sellerWithoutPhone } = SELLER;
    await api("PATCH", "/v1/organization", { token: org.owner.key, body: sellerWithoutPhone });
    const rate = await standardRate(org, 19);
    const { buyer_reference: _reference, ...buyerWithoutReference } = PUBLIC_BUYER;
    const customer = await createCustomer(org, { ...buyerWithoutReference, einvoice_profile: "xrechnung" });
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
    });
    const read = await api("GET", `/v1/invoices/${created.id}`, { token: org.owner.key });
    expect(read.body.einvoice.ready).toBe(false);
    expect(read.body.einvoice.missing).toEqual(["organization.phone", "buyer_reference"]);
    expect(read.body.einvoice.syntaxes.cii.missing).toEqual(["organization.phone", "buyer_reference"]);

    const refused = expectError(
      await api("POST", `/v1/invoices/${created.id}/send`, { token: org.owner.key }),
      422,
      "validation_error",
    );
    expect(refused.message).toMatch(/XRechnung/);
    expect(refused.details).toEqual({
      "organization.phone": expect.stringMatching(/BR-DE-6/),
      buyer_reference: expect.stringMatching(/BR-DE-15/),
    });
    const still = await api("GET", `/v1/invoices/${created.id}`, { token: org.owner.key });
    expect(still.body.status).toBe("draft");

    await api("PATCH", "/v1/organization", { token: org.owner.key, body: { phone: "+49 30 1234567" } });
    await api("PATCH", `/v1/invoices/${created.id}`, {
      token: org.owner.key,
      body: { buyer_reference: "04011000-12345-34" },
    });
    const sent = await send(org, created.id);
    expect(sent.einvoice).toMatchObject({ ready: true, missing: [] });
    expect(sent.buyer.einvoice_profile).toBe("xrechnung");

    // The archived UBL and CII (the default downloads) are XRechnung; Peppol is rendered on request.
    const ubl = await download(org, `/v1/invoices/${created.id}`);
    expect(ubl.status).toBe(200);
    expect(ubl.body).toContain(`<cbc:CustomizationID>${XRECHNUNG_ID}</cbc:CustomizationID>`);
    expect((await download(org, `/v1/invoices/${created.id}`, "?profile=xrechnung")).body).toBe(ubl.body);
    const cii = await download(org, `/v1/invoices/${created.id}`, "?syntax=cii");
    expect(cii.body).toContain(`<ram:ID>${XRECHNUNG_ID}</ram:ID>`);
    const peppol = await download(org, `/v1/invoices/${created.id}`, "?profile=peppol");
    expect(peppol.status).toBe(200);
    expect(peppol.body).toContain(PEPPOL_CUSTOMIZATION);

    // Factur-X has no XRechnung profile: its embedded CII is EN 16931, otherwise the same document.
    const pdf = await api("GET", `/v1/invoices/${created.id}/pdf?format=facturx`, { token: org.owner.key });
    expect(pdf.status).toBe(200);
    const embedded = facturxXml(await PDFDocument.load(new Uint8Array(await pdf.raw.arrayBuffer())));
    expect(embedded).toContain("<ram:ID>urn:cen.eu:en16931:2017</ram:ID>");
    expect(embedded).not.toContain("BusinessProcessSpecifiedDocumentContextParameter");
    const en16931 = await download(org, `/v1/invoices/${created.id}`, "?syntax=cii&profile=en16931");
    expect(embedded).toBe(en16931.body);

    // A credit note of it is XRechnung too: it states the same buyer.
    const note = await post(org, "/v1/credit-notes", {
      invoice_id: created.id,
      reason: "Refund",
      amount: 23.8,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const noteXml = await download(org, `/v1/credit-notes/${note.body.id}`);
    expect(noteXml.status, JSON.stringify(noteXml.body)).toBe(200);
    expect(noteXml.body).toContain("<CreditNote xmlns=");
    expect(noteXml.body).toContain(`<cbc:CustomizationID>${XRECHNUNG_ID}</cbc:CustomizationID>`);
  });

  it("leaves other customers' sends alone: a customer without XRechnung sends what XRechnung would refuse", async () => {
    const { org, id } = await issuedInvoice(EMAIL_ONLY_BUYER);
    const read = await api("GET", `/v1/invoices/${id}`, { token: org.owner.key });
    expect(read.body.status).toBe("sent");
    expect(read.body.buyer).not.toHaveProperty("einvoice_profile");
  });
});

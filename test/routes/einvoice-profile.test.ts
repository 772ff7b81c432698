// GET /einvoice?profile=peppol|en16931 and the customer's `einvoice_profile`: which rule set the
// UBL declares and is held to. (test/node/einvoice-validation.test.ts runs the official rules.)
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
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

  it("answers 400 for an unknown profile (as for an unknown syntax), 422 for xrechnung and a Peppol CII", async () => {
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
    expect(xr.details?.profile).toMatch(/XRechnung is not supported yet/);
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
    const xr = expectError(await download(org, `/v1/invoices/${id}`), 422, "validation_error");
    expect(xr.details?.profile).toMatch(/XRechnung/);

    const reset = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { einvoice_profile: null },
    });
    expect(reset.body.einvoice_profile).toBeNull();
    expectError(await download(org, `/v1/invoices/${id}`), 422, "validation_error");
  });
});
